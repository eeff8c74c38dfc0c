//! The logic behind the JavaScript class `Game`, in plain Rust: a [`Board`]
//! holds one game of any of the three, driven by text, and answers with
//! strings and `Result<_, String>` so it runs and is tested natively.

use std::time::Duration;

use board_core::{Agent, Budget, Clock, Computer, Game, GameMatch, Message};
use board_games::games::{Chess3d, EchecOCube, Kybo};
use board_games::{replay_words, Kit, SvgView};
use board_l10n::{Catalogue, Lang};

use crate::details::Details;
use serde::Deserialize;

/// A game of the workspace as the page knows it: its `name` (what
/// [`Board::new`] takes) and its `title` (what a person reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The game's name: `echec-o-cube`, `kybo` or `chess3d`.
    pub name: &'static str,
    /// The game's title: `ÉCHEC O CUBE`, `KYBO`, `Chess 3D`.
    pub title: &'static str,
}

/// The games, in the order a page lists them.
///
/// ```
/// let names: Vec<_> = board_web::games().iter().map(|g| g.name).collect();
/// assert_eq!(names, ["echec-o-cube", "kybo", "chess3d"]);
/// ```
pub fn games() -> [GameInfo; 3] {
    fn info<K: Kit>() -> GameInfo {
        GameInfo {
            name: K::NAME,
            title: K::TITLE,
        }
    }
    [info::<EchecOCube>(), info::<Kybo>(), info::<Chess3d>()]
}

/// The `svg` options as the page writes them (JSON, every field optional):
/// `{"selected": PLACE, "targets": [PLACE...], "lastMove": bool,
/// "coordinates": bool, "status": bool, "view": VIEW}` (KYBO: `A1`, `H1`, `H8`,
/// `A8`, `top`). Unknown fields are ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct SvgOpts {
    selected: Option<String>,
    targets: Vec<String>,
    last_move: Option<bool>,
    coordinates: Option<bool>,
    status: Option<bool>,
    /// The game's view as text (KYBO: `A1`, `H1`, `H8`, `A8`, `top`).
    view: Option<String>,
}

/// The longest text the bindings read (a record, a configuration, a move,
/// the `svg` options): 1 MiB. Longer input is refused before it is parsed.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// Refuses a text longer than [`MAX_INPUT_BYTES`], in the language of
/// `words`; `what` is the catalogue key naming the text (`web-input-move`).
fn bounded<'a>(what: &'static str, text: &'a str, words: &Catalogue) -> Result<&'a str, String> {
    if text.len() > MAX_INPUT_BYTES {
        Err(words.render(
            &Message::new("web-too-long")
                .message("what", Message::new(what))
                .number("bytes", text.len())
                .number("max", MAX_INPUT_BYTES),
        ))
    } else {
        Ok(text)
    }
}

/// What [`Board`] asks of a game, object-safe: implemented once, for every
/// [`Kit`], by [`Table`].
trait Play {
    fn name(&self) -> &'static str;
    fn turn(&self) -> String;
    fn legal_moves(&self) -> Vec<String>;
    fn turn_name(&self, words: &Catalogue) -> String;
    fn place_of(&self, mv: &str, words: &Catalogue) -> Result<String, String>;
    fn target_of(&self, mv: &str, words: &Catalogue) -> Result<String, String>;
    fn moves_at(&self, place: &str) -> Vec<String>;
    fn play(&mut self, mv: &str, words: &Catalogue) -> Result<(), String>;
    fn claim_draw(&mut self, words: &Catalogue) -> Option<String>;
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    fn moves(&self) -> Vec<String>;
    fn outcome(&self, words: &Catalogue) -> Option<String>;
    fn winner(&self) -> Option<String>;
    fn status(&self) -> String;
    fn position_text(&self) -> String;
    fn record_text(&self) -> String;
    fn svg(&self, opts: SvgOpts, words: &Catalogue) -> Result<String, String>;
    fn computer_move(&self, seed: u64, budget: Budget) -> Option<String>;
    fn details(&self, words: &Catalogue) -> String;
}

/// One game of `K`: its `Match` (position, history, undo and redo). The
/// match, not its position, says whose turn it is, which moves are legal and
/// whether the game is over: it also knows the ends that need the history
/// (chess3d's repetitions).
struct Table<K: Kit> {
    game: K::Match,
}

impl<K: Kit> Table<K> {
    fn position(&self) -> &K {
        self.game.position()
    }

    fn parse(&self, mv: &str, words: &Catalogue) -> Result<K::Move, String> {
        self.game
            .parse_move(bounded("web-input-move", mv, words)?)
            .map_err(|e| words.explain(&e))
    }
}

impl<K: Details> Play for Table<K> {
    fn name(&self) -> &'static str {
        K::NAME
    }

    fn turn(&self) -> String {
        self.game.turn().to_string()
    }

    fn legal_moves(&self) -> Vec<String> {
        let moves = self.game.legal_moves();
        moves.iter().map(ToString::to_string).collect()
    }

    fn turn_name(&self, words: &Catalogue) -> String {
        words.explain(&self.game.turn())
    }

    fn place_of(&self, mv: &str, words: &Catalogue) -> Result<String, String> {
        Ok(self.position().place_of(self.parse(mv, words)?))
    }

    fn target_of(&self, mv: &str, words: &Catalogue) -> Result<String, String> {
        Ok(self.position().target_of(self.parse(mv, words)?))
    }

    fn moves_at(&self, place: &str) -> Vec<String> {
        let pos = self.position();
        let moves = self.game.legal_moves();
        moves
            .iter()
            .filter(|&&mv| pos.place_of(mv) == place)
            .map(ToString::to_string)
            .collect()
    }

    fn play(&mut self, mv: &str, words: &Catalogue) -> Result<(), String> {
        let mv = self.parse(mv, words)?;
        self.game.play(mv).map_err(|e| words.explain(&e))
    }

    fn claim_draw(&mut self, words: &Catalogue) -> Option<String> {
        self.game.claim_draw().map(|reason| words.explain(&reason))
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

    fn outcome(&self, words: &Catalogue) -> Option<String> {
        self.game.outcome().map(|o| words.explain(&o))
    }

    fn winner(&self) -> Option<String> {
        let outcome = self.game.outcome()?;
        outcome.winner().map(|p| p.to_string())
    }

    fn status(&self) -> String {
        let line = self.position().status();
        // An end only the match sees (chess3d's 75-move rule, repetitions).
        match self.game.outcome() {
            Some(end) if self.position().outcome().is_none() => format!("{line} | {end}"),
            _ => line,
        }
    }

    fn position_text(&self) -> String {
        self.position().to_text()
    }

    fn record_text(&self) -> String {
        board_games::record_text(&self.game)
    }

    fn svg(&self, opts: SvgOpts, words: &Catalogue) -> Result<String, String> {
        let view = SvgView {
            coordinates: opts.coordinates.unwrap_or(true),
            status: opts.status.unwrap_or(true),
            last_move: match opts.last_move {
                Some(false) => None,
                _ => self.game.moves().last().copied(),
            },
            selected: opts.selected.into_iter().collect(),
            targets: opts.targets,
            view: opts.view.unwrap_or_default(),
        };
        // English pictures keep the game crates' own words, byte for byte.
        let words = (words.lang() != Lang::En).then_some(words as &dyn board_core::Words);
        self.position().svg_in(&view, words)
    }

    fn computer_move(&self, seed: u64, budget: Budget) -> Option<String> {
        // The match knows more ends than its position (repetitions).
        if self.game.outcome().is_some() {
            return None;
        }
        let mut agent = <K as Computer>::computer(seed);
        agent
            .choose(self.position(), budget)
            .map(|mv| mv.to_string())
    }

    fn details(&self, words: &Catalogue) -> String {
        let mut facts = K::details(&self.game, words);
        if let Some(object) = facts.as_object_mut() {
            object.insert("game".to_owned(), K::NAME.into());
            object.insert("turn".to_owned(), self.turn_name(words).into());
            object.insert("over".to_owned(), self.game.outcome().is_some().into());
            object.insert("winner".to_owned(), self.winner().into());
        }
        facts.to_string()
    }
}

/// Calls the generic function `$f::<K>($args)` with `K` the [`Kit`] of the
/// game named `$name`, or returns the error of an unknown name: the one
/// place that turns a name into a game.
macro_rules! with_game {
    ($name:expr, $words:expr, $f:ident($($arg:expr),*)) => {
        match $name {
            n if n == EchecOCube::NAME => $f::<EchecOCube>($($arg),*),
            n if n == Kybo::NAME => $f::<Kybo>($($arg),*),
            n if n == Chess3d::NAME => $f::<Chess3d>($($arg),*),
            other => Err($words.render(
                &Message::new("web-no-game").text("name", board_core::excerpt(other)),
            )),
        }
    };
}

/// A new game of `K` under `config` (JSON), or the default; its words in
/// the language of `words`.
fn start<K: Details + 'static>(config: Option<&str>, words: Catalogue) -> Result<Board, String> {
    let config = match config {
        None => <K as Game>::Config::default(),
        Some(text) => serde_json::from_str(bounded("web-input-configuration", text, &words)?)
            .map_err(|e| {
                // serde's own words about the JSON are quoted as they are.
                words.render(
                    &Message::new("web-bad-config")
                        .text("game", K::TITLE)
                        .text("error", e),
                )
            })?,
    };
    Ok(Board::of::<K>(
        GameMatch::new(K::from_config(config)),
        words,
    ))
}

/// A game of `K` replayed from `record`; its words in the language of `words`.
fn replay<K: Details + 'static>(record: &str, words: Catalogue) -> Result<Board, String> {
    let game = replay_words::<K::Match>(record, &words)?;
    Ok(Board::of::<K>(game, words))
}

/// A game of any of the three, driven by text, with its history: what the
/// JavaScript class `Game` wraps. Every method of the contract is here as a
/// plain Rust method; failures are the rule's message.
///
/// ```
/// use board_web::Board;
///
/// let mut board = Board::new("kybo", None)?;
/// assert_eq!(board.turn(), "White");
/// let first = board.legal_moves()[0].clone();
/// board.play(&first)?;
/// assert_eq!(board.moves(), [first]);
/// assert!(board.undo() && board.moves().is_empty() && board.redo());
/// assert!(board.play("nonsense").is_err());
/// # Ok::<(), String>(())
/// ```
pub struct Board {
    table: Box<dyn Play>,
    /// The words of the board's language: refusals, players, outcomes.
    words: Catalogue,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("name", &self.table.name())
            .field("moves", &self.table.moves())
            .finish()
    }
}

impl Board {
    /// A new game of the game `name`, under `config` (the game's `Config`
    /// as JSON, such as `{"levels": 5}` for chess3d), or the default.
    ///
    /// # Errors
    /// No game has that name, or the configuration is not one of the game.
    pub fn new(name: &str, config: Option<&str>) -> Result<Board, String> {
        Board::new_in(name, config, Lang::En)
    }

    /// [`new`](Board::new) with its words (and its errors) in `lang`.
    ///
    /// # Errors
    /// As [`new`](Board::new), in `lang`.
    pub fn new_in(name: &str, config: Option<&str>, lang: Lang) -> Result<Board, String> {
        let words = Catalogue::new(lang);
        with_game!(name, words, start(config, words))
    }

    /// A game replayed from its record text.
    ///
    /// # Errors
    /// No game has that name, or the record cannot be read or replayed (the
    /// message says which move breaks which rule).
    pub fn from_record(name: &str, record: &str) -> Result<Board, String> {
        Board::from_record_in(name, record, Lang::En)
    }

    /// [`from_record`](Board::from_record) with its words (and its errors)
    /// in `lang`.
    ///
    /// # Errors
    /// As [`from_record`](Board::from_record), in `lang`.
    pub fn from_record_in(name: &str, record: &str, lang: Lang) -> Result<Board, String> {
        let words = Catalogue::new(lang);
        let record = bounded("web-input-record", record, &words)?;
        with_game!(name, words, replay(record, words))
    }

    fn of<K: Details + 'static>(game: K::Match, words: Catalogue) -> Board {
        Board {
            table: Box::new(Table::<K> { game }),
            words,
        }
    }

    /// The language of the board's words (refusals, players' names,
    /// outcomes): `en` (the default) or `fr`. Notation is the same in both.
    ///
    /// ```
    /// let mut board = board_web::Board::new("chess3d", None)?;
    /// board.set_lang("fr")?;
    /// assert_eq!(board.turn_name(), "Noir");
    /// assert_eq!(board.turn(), "Black");
    /// let err = board.play("N2/E2-N2/E4").unwrap_err();
    /// assert!(err.starts_with("la pièce en N2/E2 n'est pas à Noir"), "{err}");
    /// # Ok::<(), String>(())
    /// ```
    ///
    /// # Errors
    /// `lang` is not `en` or `fr`.
    pub fn set_lang(&mut self, lang: &str) -> Result<(), String> {
        let lang: Lang = lang
            .parse()
            .map_err(|e: board_l10n::LangError| e.to_string())?;
        if lang != self.words.lang() {
            self.words = Catalogue::new(lang);
        }
        Ok(())
    }

    /// The language of the board's words.
    pub fn lang(&self) -> Lang {
        self.words.lang()
    }

    /// Whose turn it is, in the board's language (`Blanc`).
    pub fn turn_name(&self) -> String {
        self.table.turn_name(&self.words)
    }

    /// The game's name (`echec-o-cube`, `kybo`, `chess3d`).
    pub fn name(&self) -> &'static str {
        self.table.name()
    }

    /// Whose turn it is, as the game writes its players (its `Display`,
    /// the same in every language: an identity, not words).
    pub fn turn(&self) -> String {
        self.table.turn()
    }

    /// Every legal move, as move text.
    pub fn legal_moves(&self) -> Vec<String> {
        self.table.legal_moves()
    }

    /// The place a move starts from or is put on, as the SVG's `data-place`
    /// writes it.
    ///
    /// # Errors
    /// `mv` is not a move of the game.
    pub fn place_of(&self, mv: &str) -> Result<String, String> {
        self.table.place_of(mv, &self.words)
    }

    /// The place a move ends on: its destination for chess3d, its place
    /// elsewhere.
    ///
    /// # Errors
    /// `mv` is not a move of the game.
    pub fn target_of(&self, mv: &str) -> Result<String, String> {
        self.table.target_of(mv, &self.words)
    }

    /// The legal moves whose place is `place`.
    pub fn moves_at(&self, place: &str) -> Vec<String> {
        self.table.moves_at(place)
    }

    /// Plays a move given as text.
    ///
    /// # Errors
    /// The text is not a move, or the move is illegal (the rule's message,
    /// with its ID); nothing changes then.
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        self.table.play(mv, &self.words)
    }

    /// Ends the game in a draw the side to move may claim (chess3d's
    /// threefold repetition and 50-move rule, C3-17), returning the rule;
    /// `None`, and no change, where there is none to claim. [`undo`](Self::undo)
    /// withdraws a claim.
    pub fn claim_draw(&mut self) -> Option<String> {
        self.table.claim_draw(&self.words)
    }

    /// Takes back the last move; `false` if none was played.
    pub fn undo(&mut self) -> bool {
        self.table.undo()
    }

    /// Plays the last undone move again; `false` if there is none.
    pub fn redo(&mut self) -> bool {
        self.table.redo()
    }

    /// The moves played, as text.
    pub fn moves(&self) -> Vec<String> {
        self.table.moves()
    }

    /// How the game ended (`White wins (checkmate)`), in the board's
    /// language, or `None` while it goes on.
    pub fn outcome(&self) -> Option<String> {
        self.table.outcome(&self.words)
    }

    /// The winner, or `None` for a draw or a game not over.
    pub fn winner(&self) -> Option<String> {
        self.table.winner()
    }

    /// One line: whose turn, scores, supplies or material.
    pub fn status(&self) -> String {
        self.table.status()
    }

    /// The position text.
    pub fn position_text(&self) -> String {
        self.table.position_text()
    }

    /// The record text of the game so far.
    pub fn record_text(&self) -> String {
        self.table.record_text()
    }

    /// The SVG of the position; `opts` is JSON: `{"selected": PLACE,
    /// "targets": [PLACE...], "lastMove": bool, "coordinates": bool,
    /// "status": bool}`, every field optional (the last move, the
    /// coordinates and the status are drawn unless set to `false`).
    ///
    /// # Errors
    /// `opts` is not such JSON, or names a place that is not one of the game.
    pub fn svg(&self, opts: Option<&str>) -> Result<String, String> {
        let opts = match opts {
            None => SvgOpts::default(),
            Some(text) => {
                serde_json::from_str(bounded("web-input-svg-options", text, &self.words)?).map_err(
                    |e| {
                        self.words
                            .render(&Message::new("web-bad-svg-options").text("error", e))
                    },
                )?
            }
        };
        self.table.svg(opts, &self.words)
    }

    /// The computer's move (the game's [`Computer`] agent seeded with
    /// `seed`) within `nodes` units of work and/or `ms` milliseconds (0 is
    /// no limit), timed by `clock` (the default clock of [`Budget`] if
    /// `None`); `None` if the game is over. The move is not played. A
    /// budget of nodes alone never reads the clock, and gives the same move
    /// for the same seed and position.
    ///
    /// # Errors
    /// Both `nodes` and `ms` are 0.
    pub fn computer_move(
        &self,
        seed: u64,
        nodes: u64,
        ms: u64,
        clock: Option<Clock>,
    ) -> Result<Option<String>, String> {
        let time = Duration::from_millis(ms);
        let budget = match (nodes, ms) {
            (0, 0) => return Err("no budget: give nodes or ms (or both) above 0".to_owned()),
            (n, 0) => Budget::nodes(n),
            (0, _) => Budget::time(time),
            (n, _) => Budget::nodes(n).and_time(time),
        };
        let budget = match clock {
            Some(clock) => budget.with_clock(clock),
            None => budget,
        };
        Ok(self.table.computer_move(seed, budget))
    }

    /// What a person reads beside the board, as a JSON object: `game`,
    /// `turn`, `over`, `winner` (or null), `players` (in the order they
    /// play: each one's `name` and, by game, ÉCHEC O CUBE's `points`,
    /// `pale`, `dark` left and `finalCount`; KYBO's cubes `placed` and
    /// `left` (null: unlimited); chess3d's `pieces` by role), and by game:
    /// ÉCHEC O CUBE's `claimable` points (or null), `redMode`, `redsLeft`
    /// and the pieces `onBoard` (`pale`, `dark`); KYBO's `landing` (each
    /// legal square and the level its cube lands on) and `network` (a
    /// KYBO was made); chess3d's `check`, `canClaimDraw` and `short` (the
    /// moves played in short text, `E5`, `NB6`, see
    /// `chess3d::Position::san`).
    ///
    /// ```
    /// let board = board_web::Board::new("kybo", None)?;
    /// let facts: serde_json::Value = serde_json::from_str(&board.details()).unwrap();
    /// assert_eq!(facts["turn"], "White");
    /// assert_eq!(facts["landing"]["D4"], 1);
    /// # Ok::<(), String>(())
    /// ```
    pub fn details(&self) -> String {
        self.table.details(&self.words)
    }
}
