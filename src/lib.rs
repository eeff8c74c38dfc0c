//! Helpers shared by the workspace's examples, invariant tests and fuzz
//! targets (this package is not published).
//!
//! Everything here is written once against [`board_core::Game`] plus the small
//! [`Kit`] trait, which each game implements in [`games`]: the examples
//! (`demo`, `play`, `replay`, `perft`), the invariant harness ([`invariants`])
//! and the fuzz target bodies ([`fuzzing`]) never name a game except to pick one.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use board_core::{Computer, GameMatch};
use serde::de::DeserializeOwned;
use serde::Serialize;

pub mod baseline;
pub mod cli;
pub mod cpu_time;
pub mod fuzzing;
pub mod games;
pub mod input;
pub mod invariants;
pub mod session;

/// What the examples and the harness need from a game beyond [`Game`](board_core::Game): its
/// name, its `Match`, position text, serde and its own bounds. Implemented
/// for each game's `Position` in [`games`].
///
/// Its players, end reasons and errors can be told to a person in any
/// language ([`Explain`](board_core::Explain), rendered by `board-l10n`).
pub trait Kit:
    Computer<
        Config: Serialize + DeserializeOwned,
        Player: board_core::Explain,
        EndReason: board_core::Explain,
        Error: board_core::Explain,
    > + board_core::Status
    + PartialEq
    + Serialize
    + DeserializeOwned
{
    /// The game's name on the command line (`echec-o-cube`, `kybo`, `chess3d`).
    const NAME: &'static str;
    /// The game's name as a player reads it (`ÉCHEC O CUBE`, `KYBO`, `Chess 3D`).
    const TITLE: &'static str;
    /// No game lasts more moves than this (claims and reds included), or
    /// `None` for a game with no such bound.
    const MAX_PLIES: Option<usize>;
    /// What the symbols of the game's terminal board mean and how a move is
    /// written, where the board does not say it, shown under every board of
    /// `play`, `demo --watch` and `replay`.
    const LEGEND: Option<&'static str>;
    /// The game's `Match`: the position with its history, undo and redo.
    type Match: GameMatch<
            Position = Self,
            Move = Self::Move,
            Player = Self::Player,
            EndReason = Self::EndReason,
            Error = Self::Error,
            Config = Self::Config,
            RecordError: board_core::Explain,
        > + PartialEq
        + Serialize
        + DeserializeOwned;

    /// The default start position.
    fn start() -> Self {
        Self::from_config(Self::Config::default())
    }
    /// The starts the invariant harness and the fuzzers cover: one per
    /// configuration worth covering (options on and off, level counts…).
    fn variants() -> Vec<Self>;
    /// One line for a player: whose turn, scores, supplies or material.
    fn status(&self) -> String;
    /// How the move about to be played from here is numbered: full moves for
    /// chess (`12.` for White, `12...` for Black), plies elsewhere, where
    /// `ply` moves came before it.
    fn move_number(&self, ply: usize) -> String {
        format!("{}.", ply + 1)
    }
    /// The position text.
    fn to_text(&self) -> String;
    /// Reads a position text; `self` gives what the text does not say (the
    /// configuration).
    fn read_text(&self, text: &str) -> Result<Self, String>;
    /// Every move that could be written in this position, legal or not (the
    /// move space the harness checks `play` against). May be a large sample.
    fn move_space(&self) -> Vec<Self::Move>;
    /// A move of the move space picked by two bytes, for the byte-driven
    /// fuzzer; games with a large move space build it directly, cheaply.
    fn move_from_bytes(&self, a: u8, b: u8) -> Option<Self::Move> {
        let space = self.move_space();
        (!space.is_empty()).then(|| space[(usize::from(a) * 256 + usize::from(b)) % space.len()])
    }
    /// Where a move is played, as a player clicks it (a cell, a square, a
    /// groove): the examples group the legal moves by it.
    fn place_of(&self, mv: Self::Move) -> String;
    /// Where a move ends, as a player clicks it: the destination cell of a
    /// chess move, the place itself where a move is put on one place.
    fn target_of(&self, mv: Self::Move) -> String {
        self.place_of(mv)
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
    /// A place of the game's pictures, what a player clicks: a segment, a
    /// square or a crossing; a square; a cell.
    type Place;
    /// Reads a place as the pictures' `data-place` attributes write it.
    fn read_place(text: &str) -> Option<Self::Place>;
    /// How the game's pictures can be seen (KYBO's corners and top view;
    /// `()` where a game is drawn one way).
    type View: Default + Clone;
    /// Reads a view as its text (`H8`, `top`); the empty text is the default.
    fn read_view(text: &str) -> Option<Self::View>;
    /// The position as a standalone SVG picture, drawn as `options` say,
    /// its words in the language of `words` if given (the game crate's
    /// `to_svg_in`), else in the crate's own English (`to_svg`).
    fn draw(
        &self,
        options: &board_core::SvgOptions<Self::Move, Self::Place, Self::View>,
        words: Option<&dyn board_core::Words>,
    ) -> String;
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
    /// The state as JSON (serde).
    fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a game state always serializes")
    }
    /// The state from JSON (serde), validated.
    fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
    /// The incrementally kept hash and the same hash recomputed from scratch,
    /// for games that keep one.
    fn hashes(&self) -> Option<(u64, u64)>;
    /// Game-specific invariants (score bounds…), as an error message.
    fn check_bounds(&self) -> Result<(), String>;
    /// Feeds `text` to every parser of the game; must never panic.
    fn parse_everything(&self, text: &str);
}

/// What [`Kit::svg_with`] draws besides the position: the options of every
/// game's pictures, with places as text, as `data-place` writes them, and
/// the view as text (empty: the game's default view).
pub type SvgView<M> = board_core::SvgOptions<M, String, String>;

/// A match's record as text (what `play` saves and `replay` reads).
pub fn record_text<M: GameMatch>(game: &M) -> String {
    game.record().to_string()
}

/// [`replay_text`] with the reason in the language of `words`.
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

/// Reads a record text and replays it, every move checked.
///
/// # Errors
/// What in the text is not a record of the game, or the first illegal move.
pub fn replay_text<M: GameMatch>(text: &str) -> Result<M, String> {
    let record: M::Record = text.parse().map_err(|e| format!("{e}"))?;
    M::replay(&record).map_err(|e| format!("{e}"))
}
