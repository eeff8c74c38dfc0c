//! The logic behind the JavaScript class `Game`, in plain Rust: a [`Board`]
//! holds one game of any of the three (board-any's [`AnyGame`]), driven by
//! text, with its words in a language, and answers with strings and
//! `Result<_, String>` so it runs and is tested natively.

use std::time::Duration;

use board_any::{AnyGame, Error, Input, PictureOptions};
use board_core::{Budget, Clock};
use board_l10n::{Catalogue, Lang};

pub use board_any::{GameInfo, MAX_INPUT_BYTES};

/// The games, in the order a page lists them.
///
/// ```
/// let names: Vec<_> = board_web::games().iter().map(|g| g.name).collect();
/// assert_eq!(names, ["echec-o-cube", "kybo", "chess3d"]);
/// ```
pub fn games() -> Vec<GameInfo> {
    board_any::games()
}

/// What `error` says in the language of `words`. A place or a view the
/// game does not have keeps the English it always had.
fn say(error: &Error, words: &Catalogue) -> String {
    match error {
        Error::Place { .. } | Error::View { .. } => error.to_string(),
        _ => words.explain(error),
    }
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
    game: Box<dyn AnyGame>,
    /// The words of the board's language: refusals, players, outcomes.
    words: Catalogue,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("name", &self.game.name())
            .field("moves", &self.game.moves())
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
        let game = match config {
            None => board_any::Registry::standard().start_value(name, &serde_json::Value::Null),
            Some(text) => board_any::start(name, text),
        };
        Ok(Board {
            game: game.map_err(|e| say(&e, &words))?,
            words,
        })
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
        let game = board_any::bounded(Input::Record, record)
            .and_then(|record| board_any::replay(name, record));
        Ok(Board {
            game: game.map_err(|e| say(&e, &words))?,
            words,
        })
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
        self.words.render(&self.game.turn_words())
    }

    /// The game's name (`echec-o-cube`, `kybo`, `chess3d`).
    pub fn name(&self) -> &'static str {
        self.game.name()
    }

    /// Whose turn it is, as the game writes its players (its `Display`,
    /// the same in every language: an identity, not words).
    pub fn turn(&self) -> String {
        self.game.turn()
    }

    /// Every legal move, as move text.
    pub fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves()
    }

    /// The place a move starts from or is put on, as the SVG's `data-place`
    /// writes it.
    ///
    /// # Errors
    /// `mv` is not a move of the game.
    pub fn place_of(&self, mv: &str) -> Result<String, String> {
        self.game.place_of(mv).map_err(|e| say(&e, &self.words))
    }

    /// The place a move ends on: its destination for chess3d, its place
    /// elsewhere.
    ///
    /// # Errors
    /// `mv` is not a move of the game.
    pub fn target_of(&self, mv: &str) -> Result<String, String> {
        self.game.target_of(mv).map_err(|e| say(&e, &self.words))
    }

    /// The legal moves whose place is `place`.
    pub fn moves_at(&self, place: &str) -> Vec<String> {
        self.game.moves_at(place)
    }

    /// Plays a move given as text.
    ///
    /// # Errors
    /// The text is not a move, or the move is illegal (the rule's message,
    /// with its ID); nothing changes then.
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        match self.game.play(mv) {
            Ok(_) => Ok(()),
            Err(e) => Err(say(&e, &self.words)),
        }
    }

    /// Ends the game in a draw the side to move may claim (chess3d's
    /// threefold repetition and 50-move rule, C3-17), returning the rule;
    /// `None`, and no change, where there is none to claim. [`undo`](Self::undo)
    /// withdraws a claim.
    pub fn claim_draw(&mut self) -> Option<String> {
        let rule = self.game.claim_draw()?;
        Some(self.words.render(&rule.message))
    }

    /// Takes back the last move; `false` if none was played.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// Plays the last undone move again; `false` if there is none.
    pub fn redo(&mut self) -> bool {
        self.game.redo()
    }

    /// The moves played, as text.
    pub fn moves(&self) -> Vec<String> {
        self.game.moves()
    }

    /// How the game ended (`White wins (checkmate)`), in the board's
    /// language, or `None` while it goes on.
    pub fn outcome(&self) -> Option<String> {
        let end = self.game.outcome()?;
        Some(self.words.render(&end.said.message))
    }

    /// The winner, or `None` for a draw or a game not over.
    pub fn winner(&self) -> Option<String> {
        let winner = self.game.outcome()?.winner?;
        Some(self.game.player(winner))
    }

    /// One line: whose turn, scores, supplies or material.
    pub fn status(&self) -> String {
        self.game.status()
    }

    /// The position text.
    pub fn position_text(&self) -> String {
        self.game.position_text()
    }

    /// The record text of the game so far.
    pub fn record_text(&self) -> String {
        self.game.record_text()
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
            None => PictureOptions::default(),
            Some(text) => PictureOptions::from_json(text).map_err(|e| say(&e, &self.words))?,
        };
        // English pictures keep the game crates' own words, byte for byte.
        let words =
            (self.words.lang() != Lang::En).then_some(&self.words as &dyn board_core::Words);
        self.game
            .svg(&opts, words)
            .map_err(|e| say(&e, &self.words))
    }

    /// The computer's move (the game's [`Computer`](board_core::Computer) agent seeded with
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
        Ok(self.game.computer_move(seed, budget))
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
        self.game.details(Some(&self.words)).to_string()
    }
}
