//! [`PictureOptions`]: how [`AnyGame::svg`](crate::AnyGame::svg) draws a
//! position, with places and views as text.

use serde::Deserialize;

use crate::error::{bounded, Error, Input};

/// What a picture shows besides the position, as a UI holds it: places as
/// the pictures' `data-place` attributes write them, the view as text. As
/// JSON (every field optional, unknown fields ignored): `{"selected":
/// PLACE, "targets": [PLACE...], "lastMove": bool, "coordinates": bool,
/// "status": bool, "view": VIEW}` (KYBO's views: `A1`, `H1`, `H8`, `A8`,
/// `top`). The last move, the coordinates and the status are drawn unless
/// set to `false`.
///
/// ```
/// use board_any::PictureOptions;
/// let options = PictureOptions::from_json(r#"{"selected": "D4", "view": "top"}"#)?;
/// assert_eq!(options.selected.as_deref(), Some("D4"));
/// assert!(PictureOptions::from_json("[1]").is_err());
/// # Ok::<(), board_any::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PictureOptions {
    /// The place to mark as selected.
    pub selected: Option<String>,
    /// The places to mark as targets.
    pub targets: Vec<String>,
    /// Whether to mark the last move played (default true).
    pub last_move: Option<bool>,
    /// Whether to write files and ranks on the rim (default true).
    pub coordinates: Option<bool>,
    /// Whether to write the status lines (default true).
    pub status: Option<bool>,
    /// The game's view as text; none or empty: its default view.
    pub view: Option<String>,
}

impl PictureOptions {
    /// Reads picture options from JSON text.
    ///
    /// # Errors
    /// [`Error::TooLong`] past [`MAX_INPUT_BYTES`](crate::MAX_INPUT_BYTES),
    /// [`Error::PictureOptions`] if the text is not such JSON.
    pub fn from_json(text: &str) -> Result<PictureOptions, Error> {
        serde_json::from_str(bounded(Input::PictureOptions, text)?).map_err(|e| {
            Error::PictureOptions {
                reason: e.to_string(),
            }
        })
    }
}
