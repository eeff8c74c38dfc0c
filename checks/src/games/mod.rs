//! [`Checked`](crate::Checked) for each game of the workspace.

mod chess3d;
mod echec_o_cube;
mod kybo;

pub use self::chess3d::Chess3d;
pub use self::echec_o_cube::EchecOCube;
pub use self::kybo::Kybo;

use std::str::FromStr;

/// Whatever `T` parses from `text` must write back to a text that parses to it.
pub(crate) fn round_trips<T>(text: &str)
where
    T: FromStr + ToString + PartialEq + std::fmt::Debug,
{
    if let Ok(value) = text.parse::<T>() {
        let again = value.to_string();
        match again.parse::<T>() {
            Ok(back) => assert_eq!(back, value, "{text:?} -> {again:?}"),
            Err(_) => panic!("{text:?} parses, but its text {again:?} does not"),
        }
    }
}
