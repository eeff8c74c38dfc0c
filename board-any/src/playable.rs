//! [`Playable`]: what this crate needs of a game to hold it behind
//! [`AnyGame`](crate::AnyGame), implemented once per game in `games/`.

use board_core::{Computer, Explain, GameMatch, Status, SvgOptions, Words};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A game this crate can register: its name and title, its `Match`, its
/// position text, what a player clicks, its pictures and the facts a page
/// shows beside the board. Its players, end reasons and errors can be told
/// in any language ([`Explain`]); its configuration travels as JSON (serde).
///
/// A fourth game implements it (a file in `games/`) and adds one line to
/// [`Registry::standard`](crate::Registry::standard).
///
/// ```
/// use board_any::Playable;
/// assert_eq!(<kybo::Position as Playable>::NAME, "kybo");
/// let start = kybo::Position::default();
/// let again = start.read_text(&Playable::to_text(&start))?;
/// assert_eq!(again, start);
/// # Ok::<(), kybo::PositionError>(())
/// ```
pub trait Playable:
    Computer<
        Config: Serialize + DeserializeOwned + Send,
        Player: Explain + Send,
        EndReason: Explain,
        Error: Explain,
    > + Status
    + PartialEq
    + Send
    + 'static
{
    /// The game's name, as a program asks for it (`echec-o-cube`, `kybo`, `chess3d`).
    const NAME: &'static str;
    /// The game's name as a player reads it (`ÉCHEC O CUBE`, `KYBO`, `Chess 3D`).
    const TITLE: &'static str;
    /// No game lasts more moves than this (claims and reds included), or
    /// `None` for a game with no such bound.
    const MAX_PLIES: Option<usize>;
    /// The game's `Match`: the position with its history, undo and redo.
    type Match: GameMatch<
            Position = Self,
            Move = Self::Move,
            Player = Self::Player,
            EndReason = Self::EndReason,
            Error = Self::Error,
            Config = Self::Config,
            RecordError: Explain,
        > + Send
        + 'static;
    /// Why a position text could not be read.
    type PositionError: std::error::Error + Explain;

    /// The default start position.
    #[must_use]
    fn start() -> Self {
        Self::from_config(Self::Config::default())
    }

    /// One line for a player in the rules crate's English: whose turn,
    /// scores, supplies or material.
    fn status(&self) -> String;
    /// The position text.
    fn to_text(&self) -> String;
    /// Reads a position text; `self` gives what the text does not say (the
    /// configuration).
    ///
    /// # Errors
    /// What in `text` is not a position of the game.
    fn read_text(&self, text: &str) -> Result<Self, Self::PositionError>;
    /// Where a move is played, as a player clicks it and the pictures'
    /// `data-place` write it (a segment, a square, a cell).
    fn place_of(&self, mv: Self::Move) -> String;
    /// Where a move ends, as a player clicks it: the destination cell of a
    /// chess move, the place itself where a move is put on one place.
    fn target_of(&self, mv: Self::Move) -> String {
        self.place_of(mv)
    }
    /// A place of the game's pictures, what a player clicks.
    type Place;
    /// Reads a place as the pictures' `data-place` attributes write it.
    fn read_place(text: &str) -> Option<Self::Place>;
    /// How the game's pictures can be seen (KYBO's corners and top view;
    /// `()` where a game is drawn one way).
    type View: Default + Clone;
    /// Reads a view as its text (`H8`, `top`).
    fn read_view(text: &str) -> Option<Self::View>;
    /// The position as a standalone SVG picture, drawn as `options` say,
    /// its words in the language of `words` if given, else in the crate's
    /// own English.
    fn draw(
        &self,
        options: &SvgOptions<Self::Move, Self::Place, Self::View>,
        words: Option<&dyn Words>,
    ) -> String;
    /// What a person reads beside the board, as a JSON object of the
    /// game's own facts (see [`AnyGame::details`](crate::AnyGame::details));
    /// names of players in the language of `words`, if given, else in the
    /// crate's English.
    fn details(game: &Self::Match, words: Option<&dyn Words>) -> serde_json::Value;
}

/// The name of `value` for a person: in the language of `words`, or the
/// rules crate's English (`Display`).
pub(crate) fn say(value: &(impl Explain + std::fmt::Display), words: Option<&dyn Words>) -> String {
    match words {
        Some(words) => words.say(&value.explain()),
        None => value.to_string(),
    }
}
