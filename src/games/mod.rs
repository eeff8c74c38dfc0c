//! [`Kit`](crate::Kit) for each game of the workspace.
