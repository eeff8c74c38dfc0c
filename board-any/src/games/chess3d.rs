//! chess3d as [`Playable`].

use board_core::{Color, Words};
use chess3d::svg::Place;
use chess3d::{DrawClaims, Match, Move, Piece, Position, PositionError, Role};
use serde_json::{json, Map, Value};

use crate::playable::{say, Playable};

impl Playable for Position {
    const NAME: &'static str = "chess3d";
    const TITLE: &'static str = "Chess 3D";
    // A bare position keeps no clocks that end the game (the Match does).
    const MAX_PLIES: Option<usize> = None;
    type Match = Match;
    type PositionError = PositionError;

    fn status(&self) -> String {
        let count = |color: Color| {
            self.pieces()
                .filter(|(_, p): &(_, Piece)| p.color == color)
                .count()
        };
        let mut line = format!(
            "pieces White {} Black {} | move {}",
            count(Color::White),
            count(Color::Black),
            self.full_move()
        );
        if self.is_check() {
            line += " | check";
        }
        line + &format!(" | {} to move", self.turn())
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn read_text(&self, text: &str) -> Result<Position, PositionError> {
        Position::from_fen(text)
    }

    fn place_of(&self, mv: Move) -> String {
        mv.from().to_string()
    }

    fn target_of(&self, mv: Move) -> String {
        mv.to().to_string()
    }

    type Place = Place;

    fn read_place(text: &str) -> Option<Place> {
        text.parse().ok()
    }

    type View = ();

    fn read_view(_: &str) -> Option<()> {
        None
    }

    draw_with_the_crate_svg!();

    /// Each player's `pieces` by role (Black first: it moves first,
    /// C3-13); `check`, `canClaimDraw` and `short` (the moves played in
    /// short text, `E5`, `NB6`, see `chess3d::Position::san`).
    fn details(game: &Match, words: Option<&dyn Words>) -> Value {
        let pos = game.position();
        let roles = [
            (Role::King, "king"),
            (Role::Queen, "queen"),
            (Role::Rook, "rook"),
            (Role::Bishop, "bishop"),
            (Role::Knight, "knight"),
            (Role::Pawn, "pawn"),
        ];
        let players: Vec<Value> = [Color::Black, Color::White]
            .into_iter()
            .map(|c| {
                let mut pieces = Map::new();
                for (role, name) in roles {
                    let n = pos
                        .pieces()
                        .filter(|(_, p)| p.color == c && p.role == role)
                        .count();
                    pieces.insert(name.to_owned(), json!(n));
                }
                json!({ "name": say(&c, words), "pieces": pieces })
            })
            .collect();
        let short: Vec<String> = game
            .moves()
            .iter()
            .zip(game.positions())
            .map(|(&mv, before)| before.san(mv))
            .collect();
        let over = game.outcome().is_some();
        json!({
            "players": players,
            "check": !over && pos.is_check(),
            "canClaimDraw": !over && (game.can_claim_threefold() || game.can_claim_fifty_moves()),
            "short": short,
        })
    }
}
