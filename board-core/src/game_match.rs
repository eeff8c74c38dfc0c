//! A game as people play it: [`Match`], the one generic match of every game
//! crate, the [`MatchRules`] a position gives it, and the [`GameMatch`]
//! trait through which generic code drives it.

use core::fmt;
use core::str::FromStr;

use crate::agent::{Agent, Computer};
use crate::game::{Game, MoveList};
use crate::history::History;
use crate::player::Outcome;
use crate::rng::Rng;

/// What a game's position tells [`Match`] beyond [`Game`]: its rule options,
/// its record, the refusal once the match is over, and the rules that need
/// the positions before it (repetitions, draws that end a game automatically
/// or on a claim).
///
/// The rules that need the history take `positions`, the positions of a
/// match from its start, the current one last (never empty). Games without
/// such rules keep the defaults: every position counts once, nothing to
/// claim, no draw beyond the position's own [`outcome`](Game::outcome).
pub trait MatchRules: Game {
    /// The game's record: `Display` writes it, `FromStr` reads it back.
    type Record: Clone + fmt::Debug + fmt::Display + FromStr<Err = Self::RecordError>;
    /// Why a record could not be read or replayed.
    type RecordError: std::error::Error + Send + Sync + 'static;

    /// The rule options this position is played under.
    fn config(&self) -> Self::Config;

    /// The record of a match from `start` with `moves` played.
    fn record(start: &Self, moves: &[Self::Move]) -> Self::Record;

    /// The match a record describes, every move checked.
    ///
    /// # Errors
    /// The first move the rules refuse, with its number.
    fn replay(record: &Self::Record) -> Result<Match<Self>, Self::RecordError>;

    /// The error for any move tried once the match ended with `outcome` in
    /// this position (what [`check`](Game::check) says here when the
    /// position itself is over).
    fn game_over(&self, outcome: Outcome<Self::Player, Self::EndReason>) -> Self::Error;

    /// How many times the last of `positions` has occurred under the
    /// game's repetition rules, counting it now; 1 by default.
    fn repetitions(positions: &[Self]) -> usize {
        let _ = positions;
        1
    }

    /// The draw that ends the match at the last of `positions` by a rule
    /// that needs the positions before it (chess3d's fivefold repetition),
    /// asked only while the position itself goes on; `None` by default.
    fn automatic_draw(positions: &[Self]) -> Option<Self::EndReason> {
        let _ = positions;
        None
    }

    /// The draw the side to move may claim at the last of `positions`
    /// (chess3d's threefold repetition and 50-move rule); `None` by default.
    fn claimable_draw(positions: &[Self]) -> Option<Self::EndReason> {
        let _ = positions;
        None
    }
}

/// A game from its start, as people play it: every position reached and
/// every move played, undo and redo, the record, repetitions and draw
/// claims. Each game crate names it `pub type Match = board_core::Match<Position>`.
///
/// Undo takes the last move back and keeps it for redo; playing a new move
/// forgets what was undone. A claimed draw belongs to the position it was
/// claimed in: [`undo`](Match::undo) withdraws it (and takes back the last
/// move, if any), [`redo`](Match::redo) does not claim again. Repetitions
/// are counted over the positions of the history itself, so they stay exact
/// through undo and redo.
///
/// Two matches are equal when they have the same start, the same moves and
/// the same claim (moves kept for redo do not count), so a match equals the
/// replay of its record.
///
/// ```
/// # use board_core::{Game, Match, MatchRules};
/// # fn check<P: MatchRules + PartialEq>(start: P) {
/// let mut game = Match::new(start);
/// let first = game.legal_moves()[0];
/// game.play(first).unwrap();
/// assert_eq!(game.undo(), Some(first));
/// assert_eq!(game.position(), game.start());
/// assert_eq!(game.redo(), Some(first));
/// assert_eq!(game.moves(), [first]);
/// assert!(P::replay(&game.record()).unwrap() == game);
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Match<P: Game> {
    history: History<P>,
    claimed: Option<P::EndReason>,
}

impl<P: MatchRules> Match<P> {
    /// A game starting at `start`, no move played.
    pub fn new(start: P) -> Match<P> {
        Match {
            history: History::new(start),
            claimed: None,
        }
    }

    /// The start position.
    pub fn start(&self) -> &P {
        self.history.start()
    }

    /// The current position.
    pub fn position(&self) -> &P {
        self.history.position()
    }

    /// Every position reached, the start first and the current one last.
    pub fn positions(&self) -> &[P] {
        self.history.positions()
    }

    /// The history: every position reached, the moves, the undone moves.
    pub fn history(&self) -> &History<P> {
        &self.history
    }

    /// The rule options the match is played under.
    pub fn config(&self) -> P::Config {
        self.start().config()
    }

    /// The player whose turn it is.
    pub fn turn(&self) -> P::Player {
        self.position().turn()
    }

    /// The moves played, in order (undone moves not included).
    pub fn moves(&self) -> &[P::Move] {
        self.history.moves()
    }

    /// The moves that [`redo`](Match::redo) would play again, next first.
    pub fn undone(&self) -> impl ExactSizeIterator<Item = P::Move> + '_ {
        self.history.undone()
    }

    /// The record of the match: its start and the moves played, which
    /// replays to this match.
    pub fn record(&self) -> P::Record {
        P::record(self.start(), self.moves())
    }

    /// Every legal move; none once the match is over (draws that need the
    /// history included).
    pub fn legal_moves(&self) -> MoveList<P::Move> {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// Clears `moves` and fills it with every legal move (none once the
    /// match is over).
    pub fn generate_moves(&self, moves: &mut MoveList<P::Move>) {
        moves.clear();
        if self.outcome().is_none() {
            self.position().generate_moves(moves);
        }
    }

    /// The number of legal moves (0 once the match is over).
    pub fn count_legal_moves(&self) -> u64 {
        if self.outcome().is_some() {
            0
        } else {
            self.position().count_legal_moves()
        }
    }

    /// `Ok` if `mv` may be played now, otherwise why not.
    ///
    /// # Errors
    /// Once the match is over, the position's [`game_over`](MatchRules::game_over)
    /// error; otherwise the position's reason ([`Game::check`]).
    pub fn check(&self, mv: P::Move) -> Result<(), P::Error> {
        match self.outcome() {
            Some(outcome) => Err(self.position().game_over(outcome)),
            None => self.position().check(mv),
        }
    }

    /// Whether `mv` may be played now.
    pub fn is_legal(&self, mv: P::Move) -> bool {
        self.outcome().is_none() && self.position().is_legal(mv)
    }

    /// Reads a move text in the context of the current position (see
    /// [`Game::parse_move`]).
    ///
    /// # Errors
    /// What in `text` is not a move of the game.
    pub fn parse_move(&self, text: &str) -> Result<P::Move, P::Error> {
        self.position().parse_move(text)
    }

    /// Plays `mv` if it may be played, forgetting any undone moves.
    ///
    /// # Errors
    /// Why not, as [`check`](Match::check) says; nothing changes then.
    pub fn play(&mut self, mv: P::Move) -> Result<(), P::Error> {
        if let Some(outcome) = self.outcome() {
            return Err(self.position().game_over(outcome));
        }
        self.history.play(mv)
    }

    /// Plays a legal move without checking it (see [`Game::play_unchecked`]),
    /// forgetting any undone moves.
    pub fn play_unchecked(&mut self, mv: P::Move) {
        self.history.play_unchecked(mv);
    }

    /// Takes back the last move and returns it, or `None` at the start. A
    /// claimed draw is withdrawn too: it belonged to the position left.
    pub fn undo(&mut self) -> Option<P::Move> {
        self.claimed = None;
        self.history.undo()
    }

    /// Plays the last undone move again and returns it, or `None` if there
    /// is none (or the match is over). A draw claimed before an undo is not
    /// claimed again.
    pub fn redo(&mut self) -> Option<P::Move> {
        if self.outcome().is_some() {
            return None;
        }
        self.history.redo()
    }

    /// How many times the current position has occurred under the game's
    /// repetition rules ([`MatchRules::repetitions`]), counting it now.
    pub fn repetitions(&self) -> usize {
        P::repetitions(self.positions())
    }

    /// The draw the side to move may claim now, or `None` (none while the
    /// match is over).
    pub fn claimable_draw(&self) -> Option<P::EndReason> {
        if self.outcome().is_some() {
            return None;
        }
        P::claimable_draw(self.positions())
    }

    /// Claims the draw the rules allow now, if any, and returns the rule
    /// that ended the match; `None`, and no change, where there is none.
    /// [`undo`](Match::undo) withdraws the claim.
    pub fn claim_draw(&mut self) -> Option<P::EndReason> {
        let reason = self.claimable_draw()?;
        self.claimed = Some(reason);
        Some(reason)
    }

    /// How the match ended: the position's own outcome first, then a draw
    /// that needs the history ([`MatchRules::automatic_draw`]), then a
    /// claimed draw. `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome<P::Player, P::EndReason>> {
        if let Some(outcome) = self.position().outcome() {
            return Some(outcome);
        }
        let reason = P::automatic_draw(self.positions()).or(self.claimed)?;
        Some(Outcome::Draw { reason })
    }
}

impl<P: MatchRules + Default> Default for Match<P> {
    /// A game from the default start.
    fn default() -> Match<P> {
        Match::new(P::default())
    }
}

impl<P: MatchRules> From<P> for Match<P> {
    fn from(start: P) -> Match<P> {
        Match::new(start)
    }
}

impl<P: MatchRules + PartialEq> PartialEq for Match<P> {
    /// The same start, the same moves and the same claim (the undone moves
    /// do not count).
    fn eq(&self, other: &Match<P>) -> bool {
        self.start() == other.start()
            && self.moves() == other.moves()
            && self.claimed == other.claimed
    }
}

impl<P: MatchRules + Eq> Eq for Match<P> {}

impl<P: MatchRules> fmt::Display for Match<P> {
    /// The current position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.position(), f)
    }
}

impl<P: MatchRules> Game for Match<P> {
    type Move = P::Move;
    type Player = P::Player;
    type EndReason = P::EndReason;
    type Error = P::Error;
    type Config = P::Config;

    fn from_config(config: P::Config) -> Match<P> {
        Match::new(P::from_config(config))
    }

    fn turn(&self) -> P::Player {
        Match::turn(self)
    }

    fn generate_moves(&self, moves: &mut MoveList<P::Move>) {
        Match::generate_moves(self, moves);
    }

    fn random_move(&self, rng: &mut Rng) -> Option<P::Move> {
        if self.outcome().is_some() {
            return None;
        }
        self.position().random_move(rng)
    }

    fn check(&self, mv: P::Move) -> Result<(), P::Error> {
        Match::check(self, mv)
    }

    fn is_legal(&self, mv: P::Move) -> bool {
        Match::is_legal(self, mv)
    }

    fn play(&mut self, mv: P::Move) -> Result<(), P::Error> {
        Match::play(self, mv)
    }

    fn play_unchecked(&mut self, mv: P::Move) {
        Match::play_unchecked(self, mv);
    }

    fn outcome(&self) -> Option<Outcome<P::Player, P::EndReason>> {
        Match::outcome(self)
    }

    fn parse_move(&self, text: &str) -> Result<P::Move, P::Error> {
        Match::parse_move(self, text)
    }

    fn count_legal_moves(&self) -> u64 {
        Match::count_legal_moves(self)
    }

    fn claim_draw(&mut self) -> Option<P::EndReason> {
        Match::claim_draw(self)
    }
}

impl<P> Computer for Match<P>
where
    P: MatchRules + Computer,
    P::Agent: Agent<Match<P>>,
{
    type Agent = P::Agent;

    fn computer(seed: u64) -> P::Agent {
        P::computer(seed)
    }
}

/// A game from its start, as people play it: its positions and moves, undo
/// and redo, its record, and the outcome with the rules that need the
/// history (chess3d's repetitions and draw claims). [`Match`] implements it
/// for every game, so one function serves every game:
///
/// ```
/// use board_core::{Agent, Budget, Computer, Game, GameMatch};
///
/// /// Plays `plies` moves of the computer, takes one back, and returns the
/// /// record's text.
/// fn sample<M: GameMatch + Computer>(plies: usize) -> String {
///     let mut game = M::default();
///     let mut computer = M::computer(7);
///     for _ in 0..plies {
///         let Some(mv) = computer.choose(&game, Budget::nodes(50)) else { break };
///         game.play(mv).expect("the computer plays legal moves");
///     }
///     if let Some(&first) = game.position().legal_moves().first() {
///         game.play(first).expect("a listed move is legal"); // a move of the position is one of the match
///     }
///     let last = game.undo();
///     assert_eq!(last, game.undone().next());
///     game.record().to_string()
/// }
/// # // board-core's own tests have no game crate; the README runs this on all three.
/// ```
///
/// A match is itself a [`Game`] (its moves, `play`, `check` and `outcome`
/// are those of its current position, plus what the history decides, and
/// [`Game::claim_draw`] claims a draw), so searches and agents run on it and
/// see the repetitions it knows.
///
/// [`Match`] also offers every method here as an inherent method, so a user
/// calls them without importing this trait.
pub trait GameMatch: Game + Default {
    /// The position the match is played on.
    type Position: Game<
        Move = Self::Move,
        Player = Self::Player,
        EndReason = Self::EndReason,
        Error = Self::Error,
        Config = Self::Config,
    >;
    /// The game's record: `Display` writes it, `FromStr` reads it back.
    type Record: Clone + fmt::Debug + fmt::Display + FromStr<Err = Self::RecordError>;
    /// Why a record could not be read or replayed.
    type RecordError: std::error::Error + Send + Sync + 'static;

    /// A match starting at `start`, no move played.
    fn new(start: Self::Position) -> Self;

    /// Every position reached, the moves played and the moves undone.
    fn history(&self) -> &History<Self::Position>;

    /// The rule options the match is played under.
    fn config(&self) -> Self::Config;

    /// Takes back the last move (or withdraws a draw claim with it) and
    /// returns the move, or `None` at the start.
    fn undo(&mut self) -> Option<Self::Move>;

    /// Plays the last undone move again and returns it, or `None` if there is none.
    fn redo(&mut self) -> Option<Self::Move>;

    /// The record of the match: its start and the moves played.
    fn record(&self) -> Self::Record;

    /// The match a record describes, every move checked.
    ///
    /// # Errors
    /// The first move the rules refuse, with its number.
    fn replay(record: &Self::Record) -> Result<Self, Self::RecordError>;

    /// How many times the current position has occurred under the game's
    /// repetition rules, counting it now.
    fn repetitions(&self) -> usize;

    /// The draw the side to move may claim now (with
    /// [`Game::claim_draw`]), or `None`.
    fn claimable_draw(&self) -> Option<Self::EndReason>;

    /// The start position.
    fn start(&self) -> &Self::Position {
        self.history().start()
    }

    /// The current position.
    fn position(&self) -> &Self::Position {
        self.history().position()
    }

    /// Every position reached, the start first and the current one last.
    fn positions(&self) -> &[Self::Position] {
        self.history().positions()
    }

    /// The moves played, in order (undone moves not included).
    fn moves(&self) -> &[Self::Move] {
        self.history().moves()
    }

    /// The moves that [`redo`](GameMatch::redo) would play again, next first.
    fn undone(&self) -> impl ExactSizeIterator<Item = Self::Move> + '_ {
        self.history().undone()
    }
}

impl<P: MatchRules + Default> GameMatch for Match<P> {
    type Position = P;
    type Record = P::Record;
    type RecordError = P::RecordError;

    fn new(start: P) -> Match<P> {
        Match::new(start)
    }
    fn history(&self) -> &History<P> {
        Match::history(self)
    }
    fn config(&self) -> P::Config {
        Match::config(self)
    }
    fn undo(&mut self) -> Option<P::Move> {
        Match::undo(self)
    }
    fn redo(&mut self) -> Option<P::Move> {
        Match::redo(self)
    }
    fn record(&self) -> P::Record {
        Match::record(self)
    }
    fn replay(record: &P::Record) -> Result<Match<P>, P::RecordError> {
        P::replay(record)
    }
    fn repetitions(&self) -> usize {
        Match::repetitions(self)
    }
    fn claimable_draw(&self) -> Option<P::EndReason> {
        Match::claimable_draw(self)
    }
}
