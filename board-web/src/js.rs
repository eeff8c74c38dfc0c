//! The JavaScript face of [`Board`]: the class `Game` and the function
//! `games`, thin wrappers that turn `Err(message)` into a thrown `Error`
//! and `None` into `null`.

use std::time::Duration;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use board_l10n::{Catalogue, Lang};

use crate::board::{self, Board};

/// A thrown `Error(message)`.
fn error(message: String) -> JsValue {
    js_sys::Error::new(&message).into()
}

/// The language a tag names (`None`: English); a thrown Error for another tag.
fn language(tag: Option<&str>) -> Result<Lang, JsValue> {
    tag.map_or(Ok(Lang::En), |tag| {
        tag.parse::<Lang>().map_err(|e| error(e.to_string()))
    })
}

/// `Some(text)` as a string, `None` as `null`.
fn string_or_null(text: Option<String>) -> JsValue {
    text.map_or(JsValue::NULL, JsValue::from)
}

/// A JavaScript number that counts something: a whole number from 0 up
/// (fractions are dropped; beyond 2^64 it saturates).
pub(crate) fn count(what: &str, value: f64) -> Result<u64, String> {
    if value.is_finite() && value >= 0.0 {
        // Saturating, truncating: `value` is finite and not negative.
        Ok(value as u64)
    } else {
        Err(format!("{what} must be a number from 0 up, not {value}"))
    }
}

/// The clock of the page: `Date.now()` in milliseconds, which exists in a
/// window and in a worker (`std::time::Instant` panics on wasm32).
fn js_clock() -> Duration {
    Duration::from_secs_f64(js_sys::Date::now() / 1000.0)
}

/// The games: `[{ name: "echec-o-cube", title: "ÉCHEC O CUBE" }, ...]`.
#[wasm_bindgen(unchecked_return_type = "{ name: string, title: string }[]")]
pub fn games() -> Array {
    board::games()
        .iter()
        .map(|info| {
            let entry = Object::new();
            // Setting a property on a fresh plain object cannot fail.
            let _ = Reflect::set(&entry, &"name".into(), &info.name.into());
            let _ = Reflect::set(&entry, &"title".into(), &info.title.into());
            JsValue::from(entry)
        })
        .collect()
}

/// A game of any of the three, with its history.
#[wasm_bindgen]
pub struct Game {
    board: Board,
}

#[wasm_bindgen]
impl Game {
    /// A new game; `config` is the game's Config as JSON text (or undefined
    /// for the default); `lang` the language of its words and errors ("en",
    /// the default, or "fr"). Throws Error(message), in that language.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, config: Option<String>, lang: Option<String>) -> Result<Game, JsValue> {
        let lang = language(lang.as_deref())?;
        let board = Board::new_in(name, config.as_deref(), lang).map_err(error)?;
        Ok(Game { board })
    }

    /// A game replayed from its record text; `lang` as for the constructor.
    /// Throws Error(reason) on a bad record, in that language.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(name: &str, record: &str, lang: Option<String>) -> Result<Game, JsValue> {
        let lang = language(lang.as_deref())?;
        let board = Board::from_record_in(name, record, lang).map_err(error)?;
        Ok(Game { board })
    }

    /// The game's name (`echec-o-cube`, `kybo`, `chess3d`).
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.board.name().to_owned()
    }

    /// Whose turn: the player's display text ("White", "Black", "One", ...), the same in every language (compare it, do not show it).
    pub fn turn(&self) -> String {
        self.board.turn()
    }

    /// Whose turn, in the game's language ("Blanc"): what a person reads.
    #[wasm_bindgen(js_name = turnName)]
    pub fn turn_name(&self) -> String {
        self.board.turn_name()
    }

    /// The language of the game's words ("en" or "fr"): refusals thrown by play(), outcome(), claimDraw(), the names in details(), the captions and legends of svg(). Throws Error on another tag.
    #[wasm_bindgen(js_name = setLang)]
    pub fn set_lang(&mut self, lang: &str) -> Result<(), JsValue> {
        self.board.set_lang(lang).map_err(error)
    }

    /// Every legal move, as move text.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.board.legal_moves()
    }

    /// The place (as in the SVG's data-place) a move starts from or is put on. Throws Error if `move` is not a move.
    #[wasm_bindgen(js_name = placeOf)]
    pub fn place_of(&self, r#move: &str) -> Result<String, JsValue> {
        self.board.place_of(r#move).map_err(error)
    }

    /// The place a move ends on: the destination cell of a chess3d move, the place itself elsewhere. Throws Error if `move` is not a move.
    #[wasm_bindgen(js_name = targetOf)]
    pub fn target_of(&self, r#move: &str) -> Result<String, JsValue> {
        self.board.target_of(r#move).map_err(error)
    }

    /// The legal moves whose place is `place` (what lights up when a place is clicked).
    #[wasm_bindgen(js_name = movesAt)]
    pub fn moves_at(&self, place: &str) -> Vec<String> {
        self.board.moves_at(place)
    }

    /// Plays a move given as text; throws Error(the typed reason) if it cannot be read or is illegal, and changes nothing.
    pub fn play(&mut self, r#move: &str) -> Result<(), JsValue> {
        self.board.play(r#move).map_err(error)
    }

    /// Claims a draw the side to move may claim (chess3d: threefold repetition, 50-move rule; C3-17): the rule's text, or null and no change when there is none. undo() withdraws it.
    #[wasm_bindgen(js_name = claimDraw, unchecked_return_type = "string | null")]
    pub fn claim_draw(&mut self) -> JsValue {
        string_or_null(self.board.claim_draw())
    }

    /// Takes back the last move; false if none was played.
    pub fn undo(&mut self) -> bool {
        self.board.undo()
    }

    /// Plays the last undone move again; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.board.redo()
    }

    /// The moves played, as text.
    pub fn moves(&self) -> Vec<String> {
        self.board.moves()
    }

    /// null while the game goes on, else e.g. "White wins (checkmate)", in the game's language (setLang).
    #[wasm_bindgen(unchecked_return_type = "string | null")]
    pub fn outcome(&self) -> JsValue {
        string_or_null(self.board.outcome())
    }

    /// The winner's display text, or null (draw or not over).
    #[wasm_bindgen(unchecked_return_type = "string | null")]
    pub fn winner(&self) -> JsValue {
        string_or_null(self.board.winner())
    }

    /// One line: whose turn, scores, supplies or material.
    pub fn status(&self) -> String {
        self.board.status()
    }

    /// The position text.
    #[wasm_bindgen(js_name = positionText)]
    pub fn position_text(&self) -> String {
        self.board.position_text()
    }

    /// The record text of the game so far.
    #[wasm_bindgen(js_name = recordText)]
    pub fn record_text(&self) -> String {
        self.board.record_text()
    }

    /// The SVG of the position: opts JSON {"selected": PLACE?, "targets": [PLACE...]?, "lastMove": bool?, "coordinates": bool?, "status": bool?} (lastMove, coordinates and status default to true). Throws Error on bad opts or an unknown place.
    pub fn svg(&self, opts: Option<String>) -> Result<String, JsValue> {
        self.board.svg(opts.as_deref()).map_err(error)
    }

    /// What a person reads beside the board, as JSON text: whose turn, each player's score and pieces, what may be claimed, KYBO's landing levels, chess3d's short move texts (see the crate's `Board::details`).
    pub fn details(&self) -> String {
        self.board.details()
    }

    /// The computer's move (the game's agent, seeded), within `nodes` and/or `ms` (0 = no limit; at least one must be > 0), timed by Date.now(). null if no legal move. Does not play it. Throws Error if both are 0 or one is negative.
    #[wasm_bindgen(js_name = computerMove, unchecked_return_type = "string | null")]
    pub fn computer_move(&self, seed: f64, nodes: f64, ms: f64) -> Result<JsValue, JsValue> {
        let seed = count("seed", seed).map_err(error)?;
        let nodes = count("nodes", nodes).map_err(error)?;
        let ms = count("ms", ms).map_err(error)?;
        let mv = self
            .board
            .computer_move(seed, nodes, ms, Some(js_clock))
            .map_err(error)?;
        Ok(string_or_null(mv))
    }
}

/// The catalogue of one language (`en` or `fr`): every word the page
/// shows, from board-l10n's Fluent files, the one source of the words.
#[wasm_bindgen]
pub struct Messages {
    words: Catalogue,
}

#[wasm_bindgen]
impl Messages {
    /// The catalogue of `lang` ("en" or "fr"). Throws Error on another tag.
    #[wasm_bindgen(constructor)]
    pub fn new(lang: &str) -> Result<Messages, JsValue> {
        let lang: Lang = lang
            .parse()
            .map_err(|e: board_l10n::LangError| error(e.to_string()))?;
        Ok(Messages {
            words: Catalogue::new(lang),
        })
    }

    /// The language's tag.
    #[wasm_bindgen(getter)]
    pub fn lang(&self) -> String {
        self.words.lang().to_string()
    }

    /// Whether the catalogue has message `id`.
    pub fn has(&self, id: &str) -> bool {
        self.words.has(id)
    }

    /// Message `id` with `args`, JSON text of an object whose values are
    /// strings, numbers or nested messages `{"id": ..., "args": {...}}`
    /// (rendered first). An unknown id gives the id itself.
    pub fn format(&self, id: &str, args: Option<String>) -> String {
        crate::words::format(&self.words, id, args.as_deref())
    }

    /// A message as the server sends it, JSON text `{"id": ..., "args": {...}}`;
    /// null if it is not such JSON.
    #[wasm_bindgen(unchecked_return_type = "string | null")]
    pub fn render(&self, message: &str) -> JsValue {
        string_or_null(crate::words::render(&self.words, message))
    }
}
