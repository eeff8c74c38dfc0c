//! What a person reads beside the board, as data rather than a status line:
//! each player's score and pieces, what may be claimed, the landing level of
//! each legal KYBO square, chess3d's short move texts. The page words it
//! (its messages table), so the words can be translated.

use board_core::Color;
use board_l10n::Catalogue;
use chess3d::DrawClaims;
use serde_json::{json, Map, Value};

use board_games::Kit;

/// The game-specific facts of [`Board::details`](crate::Board::details),
/// written once per game.
pub(crate) trait Details: Kit {
    /// The facts of `game` now, as a JSON object.
    fn details(game: &Self::Match, words: &Catalogue) -> Value;
}

impl Details for echec_o_cube::Position {
    fn details(game: &echec_o_cube::Match, words: &Catalogue) -> Value {
        use echec_o_cube::{Kind, Player};
        let pos = game.position();
        let players: Vec<Value> = Player::ALL
            .into_iter()
            .map(|p| {
                let (pale, dark) = pos.supply(p);
                json!({
                    "name": words.explain(&p),
                    "points": pos.points(p),
                    "pale": pale,
                    "dark": dark,
                    "finalCount": pos.final_count(p),
                })
            })
            .collect();
        let (mut pale, mut dark) = (0u32, 0u32);
        for (_, kind) in pos.pieces() {
            match kind {
                Kind::Pale => pale += 1,
                Kind::Dark => dark += 1,
            }
        }
        json!({
            "players": players,
            "claimable": pos.claimable(),
            "redMode": pos.config().red_mode,
            "redsLeft": pos.reds_left(),
            "onBoard": { "pale": pale, "dark": dark },
        })
    }
}

impl Details for kybo::Position {
    fn details(game: &kybo::Match, words: &Catalogue) -> Value {
        let pos = game.position();
        let players: Vec<Value> = Color::ALL
            .into_iter()
            .map(|c| {
                json!({
                    "name": words.explain(&c),
                    "placed": pos.placed(c),
                    "left": pos.cubes_left(c),
                })
            })
            .collect();
        let mut landing = Map::new();
        if game.outcome().is_none() {
            for mv in game.legal_moves() {
                if let Some(level) = pos.landing_level(mv) {
                    landing.insert(mv.square().to_string(), json!(level.number()));
                }
            }
        }
        json!({
            "players": players,
            "landing": landing,
            "network": pos.winning_network().is_some(),
        })
    }
}

impl Details for chess3d::Position {
    fn details(game: &chess3d::Match, words: &Catalogue) -> Value {
        use chess3d::Role;
        let pos = game.position();
        let roles = [
            (Role::King, "king"),
            (Role::Queen, "queen"),
            (Role::Rook, "rook"),
            (Role::Bishop, "bishop"),
            (Role::Knight, "knight"),
            (Role::Pawn, "pawn"),
        ];
        // Black moves first (C3-13): the players in the order they play.
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
                json!({ "name": words.explain(&c), "pieces": pieces })
            })
            .collect();
        let positions = game.positions();
        let short: Vec<String> = game
            .moves()
            .iter()
            .zip(positions)
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

#[cfg(test)]
mod tests {
    use crate::Board;
    use serde_json::Value;

    fn details(board: &Board) -> Value {
        serde_json::from_str(&board.details()).expect("JSON")
    }

    #[test]
    fn kybo_start_lands_on_the_four_dungeon_squares_at_level_1() {
        let board = Board::new("kybo", None).unwrap();
        let d = details(&board);
        let landing = d["landing"].as_object().unwrap();
        let mut squares: Vec<_> = landing.keys().cloned().collect();
        squares.sort();
        assert_eq!(squares, ["D4", "D5", "E4", "E5"]);
        assert!(landing.values().all(|v| v == 1));
        assert_eq!(d["players"][0]["placed"], 0);
    }

    #[test]
    fn kybo_a_cube_on_a_cube_lands_on_level_2() {
        let mut board = Board::new("kybo", None).unwrap();
        board.play("D4").unwrap();
        assert_eq!(details(&board)["landing"]["D4"], 2);
    }

    #[test]
    fn echec_o_cube_supplies_and_final_count() {
        let mut board = Board::new("echec-o-cube", None).unwrap();
        board.play("P D5-E5").unwrap();
        let d = details(&board);
        assert_eq!(d["players"][0]["pale"], 49);
        assert_eq!(d["players"][0]["dark"], 20);
        assert_eq!(d["players"][0]["finalCount"], -89);
        assert_eq!(d["onBoard"]["pale"], 1);
        assert_eq!(d["claimable"], Value::Null);
        assert_eq!(d["redMode"], false);
    }

    #[test]
    fn chess3d_short_moves_and_no_draw_to_claim_at_the_start() {
        let mut board = Board::new("chess3d", None).unwrap();
        board.play("N2/E7-N2/E5").unwrap();
        board.play("N2/D2-N2/D4").unwrap();
        let d = details(&board);
        assert_eq!(d["short"], serde_json::json!(["E5", "D4"]));
        assert_eq!(d["canClaimDraw"], false);
        assert_eq!(d["check"], false);
        assert_eq!(d["players"][0]["name"], "Black");
        assert_eq!(d["players"][0]["pieces"]["pawn"], 8);
    }

    #[test]
    fn chess3d_a_repetition_can_be_claimed() {
        let mut board = Board::new("chess3d", None).unwrap();
        for _ in 0..2 {
            for mv in ["N2/A8-N2/B6", "N2/A1-N2/B3", "N2/B6-N2/A8", "N2/B3-N2/A1"] {
                board.play(mv).unwrap();
            }
        }
        assert_eq!(details(&board)["canClaimDraw"], true);
    }
}
