//! [`AnyGame`]: one game in progress, whatever the game, driven by text;
//! implemented once, for every [`Playable`] game.

use std::fmt;

use board_core::SvgOptions;
use board_core::{Agent, Budget, Computer, Explain, Game, GameMatch, Message, Outcome, Words};

use crate::error::{bounded, Error, Input, Said};
use crate::picture::PictureOptions;
use crate::playable::{say, Playable};

/// A player by the order of play: the one who moves first, or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The player to move at the start.
    First,
    /// The other player.
    Second,
}

impl Seat {
    /// The other seat.
    #[must_use]
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// How the rules ended a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// The winner's seat, or `None` for a draw.
    pub winner: Option<Seat>,
    /// The outcome (`White wins (checkmate)`).
    pub said: Said,
}

/// One game in progress, whatever the game, driven by text: moves,
/// places, positions and records are the game's own notation (data, the
/// same in every language); what a person reads is a [`Message`] (or
/// [`Said`]) that a catalogue words, besides the rules crate's English.
/// Made by a [`Registry`](crate::Registry) (or [`start`](crate::start),
/// [`replay`](crate::replay)); no input makes it panic.
///
/// ```
/// let mut game = board_any::start("chess3d", r#"{"levels": 1}"#)?;
/// assert_eq!(game.turn(), "Black");
/// let err = game.play("N1/E2-N1/E4").unwrap_err();
/// assert!(err.to_string().contains("(C3-13)"), "{err}");
/// assert_eq!(game.moves_at("N1/E7"), ["N1/E7-N1/E6", "N1/E7-N1/E5"]);
/// let reply = game.computer_move(7, board_core::Budget::nodes(50)).expect("a move");
/// game.play(&reply)?;
/// assert_eq!(game.moves(), [reply]);
/// assert!(game.undo() && game.moves().is_empty() && game.redo());
/// # Ok::<(), board_any::Error>(())
/// ```
pub trait AnyGame: Send + fmt::Debug {
    /// The game's name (`echec-o-cube`, `kybo`, `chess3d`).
    fn name(&self) -> &'static str;
    /// The game's title (`ÉCHEC O CUBE`, `KYBO`, `Chess 3D`).
    fn title(&self) -> &'static str;
    /// The configuration as JSON (what [`Registry::start_value`](crate::Registry::start_value)
    /// takes back).
    fn config(&self) -> serde_json::Value;
    /// Whose turn it is, as the game writes its players (`White`, `One`):
    /// an identity, the same in every language.
    fn turn(&self) -> String;
    /// The seat whose turn it is.
    fn turn_seat(&self) -> Seat;
    /// Whose turn it is, as a catalogue keys it.
    fn turn_words(&self) -> Message;
    /// The player of `seat`, as the game writes it.
    fn player(&self, seat: Seat) -> String;
    /// The player of `seat`, as a catalogue keys it.
    fn player_words(&self, seat: Seat) -> Message;
    /// Every legal move, as move text.
    fn legal_moves(&self) -> Vec<String>;
    /// The canonical text of a move if it is legal here.
    ///
    /// # Errors
    /// [`Error::Move`]: the text is not a move or the move is illegal (the
    /// rule, with its ID); [`Error::TooLong`].
    fn check(&self, mv: &str) -> Result<String, Error>;
    /// Plays a move text if it is legal and returns its canonical text;
    /// otherwise nothing changes.
    ///
    /// # Errors
    /// As [`check`](AnyGame::check).
    fn play(&mut self, mv: &str) -> Result<String, Error>;
    /// The place a move starts from or is put on, as the pictures'
    /// `data-place` write it.
    ///
    /// # Errors
    /// [`Error::Move`]: the text is not a move of the game.
    fn place_of(&self, mv: &str) -> Result<String, Error>;
    /// The place a move ends on: its destination for chess3d, its place
    /// elsewhere.
    ///
    /// # Errors
    /// As [`place_of`](AnyGame::place_of).
    fn target_of(&self, mv: &str) -> Result<String, Error>;
    /// The legal moves whose place is `place`.
    fn moves_at(&self, place: &str) -> Vec<String>;
    /// Ends the game in a draw the side to move may claim (chess3d's
    /// threefold repetition and 50-move rule, C3-17), returning the rule;
    /// `None`, and no change, where there is none to claim.
    fn claim_draw(&mut self) -> Option<Said>;
    /// Takes back the last move (or a draw claim); `false` if none was played.
    fn undo(&mut self) -> bool;
    /// Plays the last undone move again; `false` if there is none.
    fn redo(&mut self) -> bool;
    /// The moves played, as text.
    fn moves(&self) -> Vec<String>;
    /// How the rules ended the game, or `None` while it goes on.
    fn outcome(&self) -> Option<End>;
    /// One line in the rules crate's English: whose turn, scores,
    /// supplies or material, and an end only the match sees.
    fn status(&self) -> String;
    /// The position's status, part by part, as a catalogue keys it.
    fn status_words(&self) -> Vec<Message>;
    /// The board as the terminal draws it (the match's `Display`).
    fn board(&self) -> String;
    /// The position text.
    fn position_text(&self) -> String;
    /// A new game of the same game and configuration, starting at the
    /// position `text` says.
    ///
    /// # Errors
    /// [`Error::Position`]: what in `text` is not a position of the game;
    /// [`Error::TooLong`].
    fn start_at(&self, text: &str) -> Result<Box<dyn AnyGame>, Error>;
    /// The record text of the game so far (what [`replay`](crate::replay) reads).
    fn record_text(&self) -> String;
    /// The position as a standalone SVG picture, drawn as `options` say,
    /// its words in the language of `words` if given (a `board-l10n`
    /// catalogue), else in the rules crate's English.
    ///
    /// # Errors
    /// [`Error::Place`] or [`Error::View`]: the options name a place or a
    /// view that is not one of the game.
    fn svg(&self, options: &PictureOptions, words: Option<&dyn Words>) -> Result<String, Error>;
    /// The computer's move (the game's agent seeded with `seed`) within
    /// `budget`, not played; `None` if the game is over. A budget of nodes
    /// alone gives the same move for the same seed and position.
    fn computer_move(&self, seed: u64, budget: Budget) -> Option<String>;
    /// What a person reads beside the board, as a JSON object: `game`,
    /// `turn`, `over`, `winner` (or null), `players` (in the order they
    /// play, each with its `name`) and the game's own facts (see each
    /// game's [`Playable::details`]); names in the language of `words`, if
    /// given.
    fn details(&self, words: Option<&dyn Words>) -> serde_json::Value;
}

/// One game of `G`: its `Match` (position, history, undo and redo). The
/// match, not its position, says whose turn it is, which moves are legal
/// and whether the game is over: it also knows the ends that need the
/// history (chess3d's repetitions).
pub(crate) struct Erased<G: Playable> {
    pub(crate) game: G::Match,
}

impl<G: Playable> fmt::Debug for Erased<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyGame")
            .field("name", &G::NAME)
            .field("moves", &self.moves())
            .finish()
    }
}

impl<G: Playable> Erased<G> {
    /// A boxed game of `match`.
    pub(crate) fn boxed(game: G::Match) -> Box<dyn AnyGame> {
        Box::new(Erased::<G> { game })
    }

    fn parse(&self, mv: &str) -> Result<G::Move, Error> {
        self.game
            .parse_move(bounded(Input::Move, mv)?)
            .map_err(|e| Error::Move(Said::of(&e)))
    }

    fn first(&self) -> G::Player {
        self.game.start().turn()
    }

    fn seat_of(&self, player: G::Player) -> Seat {
        if player == self.first() {
            Seat::First
        } else {
            Seat::Second
        }
    }

    fn player_of(&self, seat: Seat) -> G::Player {
        match seat {
            Seat::First => self.first(),
            Seat::Second => !self.first(),
        }
    }
}

impl<G: Playable> AnyGame for Erased<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn config(&self) -> serde_json::Value {
        serde_json::to_value(self.game.config()).unwrap_or(serde_json::Value::Null)
    }

    fn turn(&self) -> String {
        self.game.turn().to_string()
    }

    fn turn_seat(&self) -> Seat {
        self.seat_of(self.game.turn())
    }

    fn turn_words(&self) -> Message {
        self.game.turn().explain()
    }

    fn player(&self, seat: Seat) -> String {
        self.player_of(seat).to_string()
    }

    fn player_words(&self, seat: Seat) -> Message {
        self.player_of(seat).explain()
    }

    fn legal_moves(&self) -> Vec<String> {
        let moves = self.game.legal_moves();
        moves.iter().map(ToString::to_string).collect()
    }

    fn check(&self, mv: &str) -> Result<String, Error> {
        let mv = self.parse(mv)?;
        self.game.check(mv).map_err(|e| Error::Move(Said::of(&e)))?;
        Ok(mv.to_string())
    }

    fn play(&mut self, mv: &str) -> Result<String, Error> {
        let mv = self.parse(mv)?;
        self.game.play(mv).map_err(|e| Error::Move(Said::of(&e)))?;
        Ok(mv.to_string())
    }

    fn place_of(&self, mv: &str) -> Result<String, Error> {
        Ok(self.game.position().place_of(self.parse(mv)?))
    }

    fn target_of(&self, mv: &str) -> Result<String, Error> {
        Ok(self.game.position().target_of(self.parse(mv)?))
    }

    fn moves_at(&self, place: &str) -> Vec<String> {
        let pos = self.game.position();
        let moves = self.game.legal_moves();
        moves
            .iter()
            .filter(|&&mv| pos.place_of(mv) == place)
            .map(ToString::to_string)
            .collect()
    }

    fn claim_draw(&mut self) -> Option<Said> {
        self.game.claim_draw().map(|reason| Said::of(&reason))
    }

    fn undo(&mut self) -> bool {
        self.game.undo().is_some()
    }

    fn redo(&mut self) -> bool {
        self.game.redo().is_some()
    }

    fn moves(&self) -> Vec<String> {
        self.game.moves().iter().map(ToString::to_string).collect()
    }

    fn outcome(&self) -> Option<End> {
        let outcome = self.game.outcome()?;
        let winner = match outcome {
            Outcome::Win { winner, .. } => Some(self.seat_of(winner)),
            Outcome::Draw { .. } => None,
        };
        Some(End {
            winner,
            said: Said::of(&outcome),
        })
    }

    fn status(&self) -> String {
        let pos = self.game.position();
        let line = pos.status();
        // An end only the match sees (chess3d's 75-move rule, repetitions).
        match self.game.outcome() {
            Some(end) if pos.outcome().is_none() => format!("{line} | {end}"),
            _ => line,
        }
    }

    fn status_words(&self) -> Vec<Message> {
        self.game.position().status_words()
    }

    fn board(&self) -> String {
        self.game.to_string()
    }

    fn position_text(&self) -> String {
        Playable::to_text(self.game.position())
    }

    fn start_at(&self, text: &str) -> Result<Box<dyn AnyGame>, Error> {
        let start = self
            .game
            .position()
            .read_text(bounded(Input::Position, text)?)
            .map_err(|e| Error::Position(Said::of(&e)))?;
        Ok(Erased::<G>::boxed(GameMatch::new(start)))
    }

    fn record_text(&self) -> String {
        self.game.record().to_string()
    }

    fn svg(&self, options: &PictureOptions, words: Option<&dyn Words>) -> Result<String, Error> {
        let place = |text: &String| {
            G::read_place(text).ok_or_else(|| Error::Place {
                place: board_core::excerpt(text),
            })
        };
        let view = match options.view.as_deref() {
            None | Some("") => G::View::default(),
            Some(text) => G::read_view(text).ok_or_else(|| Error::View {
                view: board_core::excerpt(text),
            })?,
        };
        let drawn = SvgOptions {
            coordinates: options.coordinates.unwrap_or(true),
            status: options.status.unwrap_or(true),
            last_move: match options.last_move {
                Some(false) => None,
                _ => self.game.moves().last().copied(),
            },
            selected: options
                .selected
                .iter()
                .map(place)
                .collect::<Result<_, _>>()?,
            targets: options
                .targets
                .iter()
                .map(place)
                .collect::<Result<_, _>>()?,
            view,
        };
        Ok(self.game.position().draw(&drawn, words))
    }

    fn computer_move(&self, seed: u64, budget: Budget) -> Option<String> {
        // The match knows more ends than its position (repetitions).
        if self.game.outcome().is_some() {
            return None;
        }
        let mut agent = <G as Computer>::computer(seed);
        agent
            .choose(self.game.position(), budget)
            .map(|mv| mv.to_string())
    }

    fn details(&self, words: Option<&dyn Words>) -> serde_json::Value {
        let mut facts = G::details(&self.game, words);
        let outcome = self.game.outcome();
        if let Some(object) = facts.as_object_mut() {
            object.insert("game".to_owned(), G::NAME.into());
            object.insert("turn".to_owned(), say(&self.game.turn(), words).into());
            object.insert("over".to_owned(), outcome.is_some().into());
            let winner = outcome.and_then(|o| o.winner()).map(|p| p.to_string());
            object.insert("winner".to_owned(), winner.into());
        }
        facts
    }
}
