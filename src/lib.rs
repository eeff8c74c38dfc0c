//! Helpers shared by the workspace's examples (this package is not
//! published).
//!
//! Everything here is written once against [`board_core::Game`], board-any's
//! [`Playable`] and the small [`Kit`] trait, which each game implements in
//! [`games`]: the examples (`demo`, `play`, `replay`, `perft`) never name a
//! game except to pick one.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use board_core::GameMatch;

pub mod baseline;
pub mod cli;
pub mod commands;
pub mod cpu_time;
pub mod games;
pub mod input;
pub mod session;
pub mod typed;

pub use board_any::Playable;

/// What the examples show of a game beyond board-any's [`Playable`] (its
/// name, its `Match`, position text, places, pictures): the legend under
/// its terminal board, how its moves are numbered, and its pictures with
/// places as text. Implemented for each game's `Position` in [`games`].
pub trait Kit: Playable {
    /// What the symbols of the game's terminal board mean and how a move is
    /// written, where the board does not say it, shown under every board of
    /// `play`, `demo --watch` and `replay`.
    const LEGEND: Option<&'static str>;

    /// How the move about to be played from here is numbered: full moves for
    /// chess (`12.` for White, `12...` for Black), plies elsewhere, where
    /// `ply` moves came before it.
    fn move_number(&self, ply: usize) -> String {
        format!("{}.", ply + 1)
    }
    /// The position as a standalone SVG picture (the game crate's `svg`
    /// feature), the move that reached it highlighted.
    fn svg(&self, last_move: Option<Self::Move>) -> String {
        let view = SvgView {
            last_move,
            ..SvgView::default()
        };
        self.svg_with(&view)
            .expect("a view without places names no unknown place")
    }
    /// The position as a standalone SVG picture drawn as `view` says, its
    /// places given in the text of the SVG's `data-place` attributes.
    ///
    /// # Errors
    /// A selected or target place is not a place of the game, or the view
    /// not one of its views.
    fn svg_with(&self, view: &SvgView<Self::Move>) -> Result<String, String> {
        self.svg_in(view, None)
    }
    /// [`svg_with`](Kit::svg_with) with the picture's words in the language
    /// of `words` (a `board_l10n::Catalogue`), if given.
    ///
    /// # Errors
    /// As [`svg_with`](Kit::svg_with).
    fn svg_in(
        &self,
        view: &SvgView<Self::Move>,
        words: Option<&dyn board_core::Words>,
    ) -> Result<String, String> {
        let options = view.read_places(|text| {
            Self::read_place(text).ok_or_else(|| {
                format!("{:?} is not a place of the game", board_core::excerpt(text))
            })
        })?;
        let seen = if view.view.is_empty() {
            Self::View::default()
        } else {
            Self::read_view(&view.view).ok_or_else(|| {
                format!(
                    "{:?} is not a view of the game",
                    board_core::excerpt(&view.view)
                )
            })?
        };
        Ok(self.draw(&options.with_view(seen), words))
    }
}

/// What [`Kit::svg_with`] draws besides the position: the options of every
/// game's pictures, with places as text, as `data-place` writes them, and
/// the view as text (empty: the game's default view).
pub type SvgView<M> = board_core::SvgOptions<M, String, String>;

/// A match's record as text (what `play` saves and `replay` reads).
pub fn record_text<M: GameMatch>(game: &M) -> String {
    game.record().to_string()
}

/// Reads a record text and replays it, every move checked, the reason
/// in the language of `words`.
///
/// # Errors
/// What in the text is not a record of the game, or the first illegal move.
pub fn replay_words<M: GameMatch>(text: &str, words: &board_l10n::Catalogue) -> Result<M, String>
where
    M::RecordError: board_core::Explain,
{
    let record: M::Record = text.parse().map_err(|e| words.explain(&e))?;
    M::replay(&record).map_err(|e| words.explain(&e))
}
