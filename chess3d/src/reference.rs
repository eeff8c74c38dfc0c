//! The slow, obviously-correct mailbox reference implementation (feature `reference`).
