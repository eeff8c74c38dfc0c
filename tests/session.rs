//! The game loops of `board_games::session` driven directly, from positions
//! the examples cannot start from.

use board_games::games::Chess3d;
use board_games::session::{interactive, Opponent};
use board_games::Kit;

/// Runs a two-player session from `start` on `input`, returning the output.
fn session<K: Kit>(start: K, input: &str) -> String {
    let mut out = Vec::new();
    interactive(
        start,
        &mut input.as_bytes(),
        &mut out,
        Opponent::Person,
        true,
        1,
    )
    .expect("the session runs");
    String::from_utf8(out).expect("UTF-8 output")
}

// C3-21 (one level is FIDE chess), C3-17 (checkmate ends the game): the end
// of a game asks for undo, save or quit instead of leaving, and undo goes on.
#[test]
fn the_end_of_a_game_offers_undo_save_or_quit() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b - - 0 2";
    let start = Chess3d::start().read_text(fen).expect("a one-level FEN");
    let dir = std::env::temp_dir().join(format!("board-games-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mate.txt");
    let input = format!(
        "N1/D8-N1/H4\nN1/A2-N1/A3\nundo\nN1/A7-N1/A6\nundo\nN1/D8-N1/H4\nsave {}\nquit\n",
        file.display()
    );
    let out = session(start, &input);
    // Mate, a refused move, undo; mate again, save: four prompts, each with the result.
    assert_eq!(
        out.matches("Black wins (checkmate)\ngame over: undo, save FILE or quit?")
            .count(),
        4,
        "{out}"
    );
    // After the mate a move is refused; undo reopens the game.
    assert!(
        out.contains("the game is over: undo, save FILE or quit"),
        "{out}"
    );
    assert!(out.contains("taken back (1 moves)"), "{out}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.trim_end().ends_with("N1/D8-N1/H4"), "{record}");
    // Saved as it stands: leaving does not save it again.
    assert!(!out.contains("record of this game saved to "), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}
