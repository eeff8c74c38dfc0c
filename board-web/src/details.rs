//! Tests of [`Board::details`](crate::Board::details): what a person
//! reads beside the board (each game's facts are board-any's
//! `Playable::details`).

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
