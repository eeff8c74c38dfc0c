//! Hand-computed checks of the reference implementation for the 3-D rules of
//! RULES section 3. Every expected count is worked out in the comment above
//! its test, without running any program.
#![cfg(feature = "reference")]

mod common;
use common::perft_data;

use board_core::{Cell, Color};
use chess3d::reference::{RefCastling, RefKind, RefPosition};

fn cell(text: &str) -> Cell {
    text.parse().unwrap()
}

fn pos(fen: &str) -> RefPosition {
    RefPosition::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal move texts of the piece on `from`, sorted.
fn moves_from(p: &RefPosition, from: &str) -> Vec<String> {
    let from = cell(from);
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.castling().is_none() && m.from() == from)
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

fn all_moves(p: &RefPosition) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// A 3-level space, empty but for `piece` (a FEN letter) on N2/D4, the White
/// king on N3/H1 and the Black king on N1/A8. Neither king lies on a line or
/// a leap from N2/D4 (N3/H1 is +4 files, −3 ranks, +1 level away; N1/A8 is −3
/// files, +4 ranks, −1 level away), so they block nothing.
fn lone_on_n2_d4(piece: char) -> RefPosition {
    pos(&format!(
        "k7/8/8/8/8/8/8/8|8/8/8/8/3{piece}4/8/8/8|8/8/8/8/8/8/8/7K w - - 0 1"
    ))
}

// C3-2, C3-4: rook on N2/D4 of 3 levels: file D has 3 cells below (D1-D3) and
// 4 above (D5-D8) = 7; rank 4 has 3 to the left (A-C) and 4 to the right
// (E-H) = 7; the orthogonal level steps reach N1/D4 and N3/D4 = 2. 16 in all.
#[test]
fn c3_4_rook_moves_from_the_middle_of_three_levels() {
    let p = lone_on_n2_d4('R');
    let m = moves_from(&p, "N2/D4");
    assert_eq!(m.len(), 16, "{m:?}");
    assert!(m.contains(&"N2/D4-N1/D4".to_string()));
    assert!(m.contains(&"N2/D4-N3/D4".to_string()));
    assert!(m.contains(&"N2/D4-N2/H4".to_string()));
    assert!(!m.contains(&"N2/D4-N3/E5".to_string()));
}

// C3-2, C3-5: bishop on N2/D4 of 3 levels.
// In the plane (file, rank): up-right E5-H8 = 4, down-left C3-A1 = 3,
// down-right E3-G1 = 3, up-left C5-A7 = 3: 13.
// (file, level) diagonals: each of the 4 reaches one cell (N1 or N3, file C
// or E) before leaving the 3 levels: 4. (rank, level) likewise: 4.
// Total 13 + 4 + 4 = 21. Triagonal steps are not the bishop's.
#[test]
fn c3_5_bishop_moves_from_the_middle_of_three_levels() {
    let p = lone_on_n2_d4('B');
    let m = moves_from(&p, "N2/D4");
    assert_eq!(m.len(), 21, "{m:?}");
    for t in ["N1/C4", "N3/E4", "N1/D5", "N3/D3", "N2/H8", "N2/A1"] {
        assert!(m.contains(&format!("N2/D4-{t}")), "{t}");
    }
    assert!(!m.contains(&"N2/D4-N3/E5".to_string()));
    assert!(!m.contains(&"N2/D4-N3/D4".to_string()));
}

// C3-2, C3-6: queen on N2/D4 of 3 levels: rook's 16 + bishop's 21 + the 8
// triagonal steps, each reaching one cell (N1 or N3) before leaving: 45.
#[test]
fn c3_6_queen_moves_from_the_middle_of_three_levels() {
    let p = lone_on_n2_d4('Q');
    let m = moves_from(&p, "N2/D4");
    assert_eq!(m.len(), 45, "{m:?}");
    for t in ["N3/E5", "N1/C3", "N3/C5", "N1/E3"] {
        assert!(m.contains(&format!("N2/D4-{t}")), "{t}");
    }
}

// C3-7: knight on N2/D4 of 3 levels. In the plane: the 8 FIDE leaps, all on
// the board from D4. 2 files and 1 level: B4/F4 on N1/N3 = 4. 2 ranks and 1
// level: D2/D6 on N1/N3 = 4. 1 file or rank and 2 levels: N0/N4 do not exist,
// 0. Total 16.
#[test]
fn c3_7_knight_moves_from_the_middle_of_three_levels() {
    let p = lone_on_n2_d4('N');
    let m = moves_from(&p, "N2/D4");
    assert_eq!(m.len(), 16, "{m:?}");
    for t in ["N1/B4", "N3/F4", "N1/D6", "N3/D2", "N2/C6", "N2/F3"] {
        assert!(m.contains(&format!("N2/D4-{t}")), "{t}");
    }
}

// C3-8: the king alone on N2/D4 moves (without capturing) only within its
// level: its 8 planar neighbours.
#[test]
fn c3_8_king_quiet_moves_stay_on_its_level() {
    let p = pos("8/8/8/8/8/8/8/8|8/8/8/8/3K4/8/8/8|k7/8/8/8/8/8/8/8 w - - 0 1");
    let m = moves_from(&p, "N2/D4");
    assert_eq!(m.len(), 8, "{m:?}");
    assert!(m.iter().all(|t| t.starts_with("N2/D4-N2/")), "{m:?}");
}

// C3-2, C3-4, C3-5, C3-6, C3-7: on N4/D4 of 8 levels (3 levels below, 4 above).
// Rook: 7 + 7 in the plane + 3 down + 4 up = 21.
// Bishop: 13 in the plane; (file, level): up-right min(4,4) = 4, others
// min(4,3), min(3,4), min(3,3) = 3 each: 13; (rank, level) the same 13: 39.
// Queen: 21 + 39 + triagonals: (+,+,+) reaches 4, the 7 others 3 each: 25;
// 85 in all. Knight: every one of the 24 leaps stays inside: 24.
// Kings on N1/A8 and N8/H1 are on no line or leap from N4/D4.
#[test]
fn c3_1_pieces_on_eight_levels() {
    let empty = "8/8/8/8/8/8/8/8";
    for (piece, count) in [('R', 21), ('B', 39), ('Q', 85), ('N', 24)] {
        let mut levels = vec![empty.to_string(); 8];
        levels[0] = "k7/8/8/8/8/8/8/8".to_string();
        levels[3] = format!("8/8/8/8/3{piece}4/8/8/8");
        levels[7] = "8/8/8/8/8/8/8/7K".to_string();
        let p = pos(&format!("{} w - - 0 1", levels.join("|")));
        assert_eq!(p.levels(), 8);
        assert_eq!(moves_from(&p, "N4/D4").len(), count, "{piece}");
    }
}

// C3-21 at the level of single pieces: on one level a piece on D4 moves as in
// FIDE chess: rook 14, bishop 13, queen 27, knight 8.
#[test]
fn c3_21_pieces_on_one_level() {
    for (piece, count) in [('R', 14), ('B', 13), ('Q', 27), ('N', 8)] {
        let p = pos(&format!("k7/8/8/8/3{piece}4/8/8/7K w - - 0 1"));
        let m = moves_from(&p, "N1/D4");
        assert_eq!(m.len(), count, "{piece} {m:?}");
    }
    let king = pos("k7/8/8/8/3K4/8/8/8 w - - 0 1");
    assert_eq!(moves_from(&king, "N1/D4").len(), 8);
}

// C3-8: the king captures on any of its 26 neighbours. White king N2/D4,
// Black knights on N1/D4 (straight below) and N3/E5 (triagonal): both
// captures are legal (nothing guards those cells). Of the 8 planar cells the
// knight on N3/E5 attacks N2/C5 (−2 files, −1 level) and N2/E3 (−2 ranks,
// −1 level); the knight on N1/D4 attacks only N2/B4, F4, D2, D6 on N2. So
// 6 quiet moves + 2 captures = 8.
#[test]
fn c3_8_king_captures_across_levels() {
    let p = pos("8/8/8/8/3n4/8/8/8|8/8/8/8/3K4/8/8/8|k7/8/8/4n3/8/8/8/8 w - - 0 1");
    let m = moves_from(&p, "N2/D4");
    assert_eq!(m.len(), 8, "{m:?}");
    assert!(m.contains(&"N2/D4xN1/D4".to_string()));
    assert!(m.contains(&"N2/D4xN3/E5".to_string()));
    assert!(!m.contains(&"N2/D4-N2/C5".to_string()));
    assert!(!m.contains(&"N2/D4-N2/E3".to_string()));
}

// C3-8: the king attacks all 26 neighbours, so two kings a triagonal step
// apart on different levels are both in check: no valid position has that.
#[test]
fn c3_8_kings_attack_across_levels() {
    let err =
        RefPosition::from_fen("8/8/8/8/3K4/8/8/8|8/8/8/4k3/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1")
            .unwrap_err();
    assert!(err.contains("check"), "{err}");
}

// C3-9: a White pawn on N2/D4 with Black knights on its 6 capture cells
// (C5 and E5 on N1, N2, N3) has 6 captures and the one-cell advance to
// N2/D5: 7. It never moves to N1/D5 or N3/D5 (empty), nor two cells from rank 4.
// (The White king on N3/H1 is on no knight leap from those cells.)
#[test]
fn c3_9_pawn_captures_on_six_cells() {
    let p = pos("k7/8/8/2n1n3/8/8/8/8|8/8/8/2n1n3/3P4/8/8/8|8/8/8/2n1n3/8/8/8/7K w - - 0 1");
    let m = moves_from(&p, "N2/D4");
    let expected = [
        "N2/D4-N2/D5",
        "N2/D4xN1/C5",
        "N2/D4xN1/E5",
        "N2/D4xN2/C5",
        "N2/D4xN2/E5",
        "N2/D4xN3/C5",
        "N2/D4xN3/E5",
    ];
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(m, expected);
}

// C3-9: Black pawns move towards rank 1; two cells from rank 7 on any level
// if both are empty; blocked by any piece straight ahead.
#[test]
fn c3_9_pawn_advances() {
    let p = pos("k7/3p4/8/8/8/8/8/8|8/3p4/3N4/8/8/8/8/8|8/3p4/8/3N4/8/8/8/7K b - - 0 1");
    assert_eq!(moves_from(&p, "N1/D7"), ["N1/D7-N1/D5", "N1/D7-N1/D6"]);
    assert_eq!(moves_from(&p, "N2/D7"), Vec::<String>::new());
    assert_eq!(moves_from(&p, "N3/D7"), ["N3/D7-N3/D6"]);
}

// C3-10: after Black's N2/E7-N2/E5, White pawns on N1/D5 and N3/F5 attack
// N2/E6 and may take en passant, removing the pawn on N2/E5; the target is
// written N2/E6; the right lasts one move only.
#[test]
fn c3_10_en_passant_across_levels() {
    let mut p = pos("8/8/8/3P4/8/8/8/7K|8/4p3/8/8/8/8/8/8|k7/8/8/5P2/8/8/8/8 b - - 0 1");
    p.play_text("N2/E7-N2/E5").unwrap();
    assert_eq!(
        p.fen(),
        "8/8/8/3P4/8/8/8/7K|8/8/8/4p3/8/8/8/8|k7/8/8/5P2/8/8/8/8 w - N2/E6 0 2"
    );
    assert_eq!(p.en_passant(), Some(cell("N2/E6")));
    assert_eq!(moves_from(&p, "N1/D5"), ["N1/D5-N1/D6", "N1/D5xN2/E6"]);
    assert_eq!(moves_from(&p, "N3/F5"), ["N3/F5-N3/F6", "N3/F5xN2/E6"]);
    let ep = p
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == "N1/D5xN2/E6")
        .unwrap();
    assert!(ep.is_en_passant() && ep.is_capture());
    let mut a = p.clone();
    a.play(&ep);
    assert_eq!(
        a.fen(),
        "8/8/8/8/8/8/8/7K|8/8/4P3/8/8/8/8/8|k7/8/8/5P2/8/8/8/8 b - - 0 2"
    );
    let mut b = p.clone();
    b.play_text("n3f5xn2e6").unwrap();
    assert_eq!(
        b.fen(),
        "8/8/8/3P4/8/8/8/7K|8/8/4P3/8/8/8/8/8|k7/8/8/8/8/8/8/8 b - - 0 2"
    );
    // Not taken at once: the right is gone.
    let mut c = p.clone();
    c.play_text("N1/H1-N1/H2").unwrap();
    c.play_text("N3/A8-N3/A7").unwrap();
    assert_eq!(c.en_passant(), None);
    assert_eq!(moves_from(&c, "N1/D5"), ["N1/D5-N1/D6"]);
}

// C3-10, C3-14: an en-passant capture that would uncover a check on the
// capturer's king through the removed pawn's cell is illegal: White king
// N2/A5, pawns N2/B5 (White) and N2/C5 (Black, just advanced), Black rook
// N2/H5: N2/B5xN2/C6 would empty rank 5 between rook and king, so it is
// illegal. The White pawn on N1/D5 takes the same pawn across levels
// (N1/D5xN2/C6) legally: N2/B5 stays and still shields the king.
#[test]
fn c3_10_en_passant_and_pins() {
    let p = pos("8/8/8/3P4/8/8/8/8|8/8/8/KPp4r/8/8/8/8|8/8/8/8/8/8/8/4k3 w - N2/C6 0 1");
    assert_eq!(moves_from(&p, "N2/B5"), ["N2/B5-N2/B6"]);
    assert_eq!(moves_from(&p, "N1/D5"), ["N1/D5-N1/D6", "N1/D5xN2/C6"]);
}

// C3-11: a pawn reaching its last rank on any level becomes Q, R, B or N, by
// advancing or by capturing across levels; each choice is a move of its own.
#[test]
fn c3_11_promotion_on_every_level() {
    let p = pos("7k/P7/8/8/8/8/8/8|1n6/8/8/8/8/8/8/8|8/6P1/8/8/8/8/8/7K w - - 0 1");
    let m = moves_from(&p, "N1/A7");
    assert_eq!(
        m,
        [
            "N1/A7-N1/A8=B",
            "N1/A7-N1/A8=N",
            "N1/A7-N1/A8=Q",
            "N1/A7-N1/A8=R",
            "N1/A7xN2/B8=B",
            "N1/A7xN2/B8=N",
            "N1/A7xN2/B8=Q",
            "N1/A7xN2/B8=R",
        ]
    );
    assert_eq!(moves_from(&p, "N3/G7").len(), 4);
    let mut q = p.clone();
    q.play_text("N1/A7xN2/B8=N").unwrap();
    assert_eq!(
        q.piece_at(cell("N2/B8")).map(|x| (x.color, x.kind)),
        Some((Color::White, RefKind::Knight))
    );
    assert_eq!(q.piece_at(cell("N1/A7")), None);
    // Black promotes on rank 1, on any level.
    let b = pos("7k/8/8/8/8/8/8/8|8/8/8/8/8/8/1p6/8|K7/8/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(moves_from(&b, "N2/B2").len(), 4);
    let mut b2 = b.clone();
    b2.play_text("N2/B2-N2/B1=R").unwrap();
    assert_eq!(
        b2.fen(),
        "7k/8/8/8/8/8/8/8|8/8/8/8/8/8/8/1r6|K7/8/8/8/8/8/8/8 w - - 0 2"
    );
    // A promotion needs its piece, and only Q R B N.
    assert!(b.clone().play_text("N2/B2-N2/B1").is_err());
    assert!(b.clone().play_text("N2/B2-N2/B1=K").is_err());
    assert!(b.clone().play_text("N2/B2-N2/B1=P").is_err());
}

// C3-12: a piece never captures its own side and cannot pass a piece. Rook on
// N2/D4 with its own pawn on N2/D6 and a Black pawn on N2/D2: up D5 only,
// down D3 and the capture on D2, left 3, right 4, N1/D4 and N3/D4:
// 1 + 2 + 3 + 4 + 2 = 12.
#[test]
fn c3_12_blocking_and_capturing() {
    let p = pos("k7/8/8/8/8/8/8/8|8/8/3P4/8/3R4/8/3p4/8|8/8/8/8/8/8/8/7K w - - 0 1");
    let m = moves_from(&p, "N2/D4");
    assert_eq!(m.len(), 12, "{m:?}");
    assert!(m.contains(&"N2/D4xN2/D2".to_string()));
    assert!(!m
        .iter()
        .any(|t| t.ends_with("N2/D6") || t.ends_with("N2/D1")));
}

// C3-13: Black moves first in the default start; White may not.
#[test]
fn c3_13_black_moves_first() {
    let mut p = RefPosition::start(3).unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
    assert!(p.play_text("N2/E2-N2/E4").is_err());
    p.play_text("N2/E7-N2/E5").unwrap();
    assert_eq!(p.side_to_move(), Color::White);
    p.play_text("N2/E2-N2/E4").unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
}

// C3-14: a check from another level (Black rook on N3/E1 above the White king
// on N1/E1); the rook on N2/A1 blocks on N2/E1 or the king steps aside. A
// piece pinned across levels (White rook on N2/D4 between its king on N1/D4
// and a Black rook on N3/D4) may only capture the pinner.
#[test]
fn c3_14_check_and_pins_across_levels() {
    let p = pos("k7/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/R7|8/8/8/8/8/8/8/4r3 w - - 0 1");
    assert!(p.in_check());
    let m = all_moves(&p);
    // The rook's only legal move blocks; the king's 5 planar cells are D1, F1,
    // D2, E2, F2 of N1, none attacked by the rook above (it attacks N1/E1 and
    // N2/E1 downwards, and its own level).
    assert_eq!(moves_from(&p, "N2/A1"), ["N2/A1-N2/E1"], "all moves {m:?}");
    assert_eq!(moves_from(&p, "N1/E1").len(), 5);
    let pinned = pos("k7/8/8/8/3K4/8/8/8|8/8/8/8/3R4/8/8/8|8/8/8/8/3r4/8/8/8 w - - 0 1");
    assert_eq!(moves_from(&pinned, "N2/D4"), ["N2/D4xN3/D4"]);
}

fn castling_moves(p: &RefPosition) -> Vec<RefCastling> {
    p.legal_moves()
        .iter()
        .filter_map(|m| m.castling())
        .collect()
}

/// Kings and rooks of both sides on their C3-15 cells of N2, and pawns
/// closing files B and E (without them each rook on B would attack the other
/// side's landing cell of the short castling).
const CASTLE: &str = "8/8/8/8/8/8/8/8|1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3|8/8/8/8/8/8/8/8";

// C3-15: both castlings, as C3-15 draws them: short swaps king and rook
// (N2/C1 ↔ N2/B1), long puts the king on N2/D1 and the rook from N2/E1 on N2/C1.
#[test]
fn c3_15_castling_moves() {
    let p = pos(&format!("{CASTLE} w KQkq - 0 1"));
    assert_eq!(castling_moves(&p), [RefCastling::Short, RefCastling::Long]);
    let mut short = p.clone();
    short.play_text("O-O").unwrap();
    assert_eq!(
        short.fen(),
        "8/8/8/8/8/8/8/8|1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1KR1R3|8/8/8/8/8/8/8/8 b kq - 1 1"
    );
    let mut long = p.clone();
    long.play_text("0-0-0").unwrap();
    assert_eq!(
        long.fen(),
        "8/8/8/8/8/8/8/8|1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RRK4|8/8/8/8/8/8/8/8 b kq - 1 1"
    );
    let mv = p.parse_move("O-O-O").unwrap();
    assert_eq!(mv.to_string(), "O-O-O");
    assert_eq!((mv.from(), mv.to()), (cell("N2/C1"), cell("N2/D1")));
    // The king's plain step to N2/D1 is another move, written with cells.
    let step = p.parse_move("N2/C1-N2/D1").unwrap();
    assert_eq!(step.castling(), None);
    // Black castles on N2 rank 8.
    let mut b = pos(&format!("{CASTLE} b KQkq - 0 1"));
    b.play_text("O-O").unwrap();
    assert_eq!(
        b.fen(),
        "8/8/8/8/8/8/8/8|1kr1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3|8/8/8/8/8/8/8/8 w KQ - 1 2"
    );
}

// C3-15: home level N1 for L = 1 and 2, N3 for L = 5.
#[test]
fn c3_15_home_level_depends_on_level_count() {
    let one = pos("1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w KQkq - 0 1");
    assert_eq!(castling_moves(&one).len(), 2);
    let two = pos("1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3|8/8/8/8/8/8/8/8 w KQkq - 0 1");
    assert_eq!(castling_moves(&two).len(), 2);
    // On N2 of 2 levels the cells are not the home cells: rights rejected.
    assert!(RefPosition::from_fen(
        "8/8/8/8/8/8/8/8|1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w KQkq - 0 1"
    )
    .is_err());
    let e = "8/8/8/8/8/8/8/8";
    let mut five = pos(&format!(
        "{e}|{e}|1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3|{e}|{e} w KQkq - 0 1"
    ));
    assert_eq!(castling_moves(&five).len(), 2);
    five.play_text("O-O").unwrap();
    assert!(five
        .fen()
        .starts_with(&format!("{e}|{e}|1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1KR1R3|")));
    // And with L = 3, a king and rooks on N1 have no castling.
    assert!(RefPosition::from_fen(&format!(
        "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3|{e}|{e} w KQkq - 0 1"
    ))
    .is_err());
}

// C3-15: each condition that forbids castling.
#[test]
fn c3_15_castling_forbidden() {
    let e = "8/8/8/8/8/8/8/8";
    let home = "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3";
    // In check: a Black rook on N3/C1 attacks N2/C1 from above.
    let check = pos(&format!("{e}|{home}|8/8/8/8/8/8/8/2r5 w KQkq - 0 1"));
    assert!(check.in_check());
    assert_eq!(castling_moves(&check), []);
    // No right.
    let no_rights = pos(&format!("{e}|{home}|{e} w kq - 0 1"));
    assert_eq!(castling_moves(&no_rights), []);
    // The king has moved (and come back): both rights are lost.
    let mut moved = pos(&format!("{e}|{home}|{e} w KQkq - 0 1"));
    for t in ["N2/C1-N2/D1", "N2/C8-N2/D8", "N2/D1-N2/C1", "N2/D8-N2/C8"] {
        moved.play_text(t).unwrap();
    }
    assert_eq!(castling_moves(&moved), []);
    assert!(moved.fen().contains(" - - "), "{}", moved.fen());
    // The short rook has moved: only the long castling is left.
    let mut rook = pos(&format!("{e}|{home}|{e} w KQkq - 0 1"));
    rook.play_text("N2/B1-N2/A1").unwrap();
    rook.play_text("N2/B8-N2/A8").unwrap();
    rook.play_text("N2/A1-N2/B1").unwrap();
    // Both short rooks have moved and come back: K and k are gone for good.
    assert!(rook.fen().contains(" Qq "), "{}", rook.fen());
    assert_eq!(castling_moves(&rook), [RefCastling::Long]); // Black's
    rook.play_text("N2/A8-N2/B8").unwrap();
    assert_eq!(castling_moves(&rook), [RefCastling::Long]); // White's
                                                            // A captured rook takes its right with it: the Black knight on N3/D1
                                                            // leaps (−2 files, −1 level) onto the rook on N2/B1.
    let mut taken = pos(&format!("{e}|{home}|8/8/8/8/8/8/8/3n4 b KQkq - 0 1"));
    taken.play_text("N3/D1xN2/B1").unwrap();
    assert!(taken.fen().contains(" Qkq "), "{}", taken.fen());
    // The cell between (long: D1) must be empty.
    let blocked = pos(&format!(
        "{e}|1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RKNR3|{e} w KQkq - 0 1"
    ));
    assert_eq!(castling_moves(&blocked), [RefCastling::Short]);
    // The landing cell attacked: Black rook on N3/B1 sees N2/B1 ...
    let b1 = pos(&format!("{e}|{home}|8/8/8/8/8/8/8/1r6 w KQkq - 0 1"));
    assert_eq!(castling_moves(&b1), [RefCastling::Long]);
    // ... or on N3/D1 sees N2/D1.
    let d1 = pos(&format!("{e}|{home}|8/8/8/8/8/8/8/3r4 w KQkq - 0 1"));
    assert_eq!(castling_moves(&d1), [RefCastling::Short]);
    // The king attacked after the move: the rook leaving N2/E1 opens rank 1
    // to a Black rook on N2/H1, which then sees the king on N2/D1.
    let opened = pos(&format!(
        "{e}|1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R2r|{e} w KQkq - 0 1"
    ));
    assert_eq!(castling_moves(&opened), [RefCastling::Short]);
    // Text for an unavailable castling is an error.
    assert!(opened.clone().play_text("O-O-O").is_err());
}

// C3-16: a checkmate in 3-D. White king N1/A1; Black queen N2/B2 gives check
// (triagonal neighbour) and attacks N1/A2 (−1, 0, −1), N1/B1 (0, −1, −1) and
// N1/B2 (straight below); the king cannot take it since the Black king on
// N3/C3 guards N2/B2. No White move: checkmate.
#[test]
fn c3_16_checkmate_in_3d() {
    let p = pos("8/8/8/8/8/8/8/K7|8/8/8/8/8/8/1q6/8|8/8/8/8/8/2k5/8/8 w - - 0 1");
    assert!(p.in_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.perft(3), 0);
}

// C3-16: a stalemate in 3-D. White king N1/A1, not in check; the Black queen
// on N2/B3 attacks N1/A2 and N1/B2, the Black rook on N1/B8 attacks N1/B2
// and N1/B1 down file B; no Black piece stands next to the king. No move.
#[test]
fn c3_16_stalemate_in_3d() {
    let p = pos("1r6/8/8/8/8/8/8/K7|8/8/8/8/8/1q6/8/8|7k/8/8/8/8/8/8/8 w - - 0 1");
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty());
}

// C3-18, C3-19: the default start on 3 levels, and the home level for others.
#[test]
fn c3_18_default_start() {
    let e = "8/8/8/8/8/8/8/8";
    let home = "nrkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN";
    assert_eq!(
        RefPosition::start(3).unwrap().fen(),
        format!("{e}|{home}|{e} b KQkq - 0 1")
    );
    assert_eq!(
        RefPosition::start(1).unwrap().fen(),
        format!("{home} b KQkq - 0 1")
    );
    assert_eq!(
        RefPosition::start(2).unwrap().fen(),
        format!("{home}|{e} b KQkq - 0 1")
    );
    assert_eq!(
        RefPosition::start(8).unwrap().fen(),
        format!("{e}|{e}|{e}|{home}|{e}|{e}|{e}|{e} b KQkq - 0 1")
    );
    assert!(RefPosition::start(0).is_err());
    assert!(RefPosition::start(9).is_err());
}

// C3-22: perft of the default 3-level start. Depth 1, by hand: 16 pawn moves
// (8 pawns, one or two cells); each knight 5 (A8: N2/B6, C8 on N1 and N3, A6
// on N1 and N3); each rook 2 (straight up and down a level, all else
// blocked); each bishop 6 (files ±1 on N1/N3: 4, rank 7 on N1/N3: 2); the
// queen 12 (up/down 2, (file, level) 4, (rank, level) 2, triagonal towards
// rank 7: 4); the king only O-O (D8 holds the queen, so no O-O-O; no
// planar cell free): 16 + 10 + 4 + 12 + 12 + 1 = 55. Depth 2: no Black first
// move reaches or attacks anything White's first moves depend on, so White
// has the mirror 55 after each: 3025. Depth 3 as stored in data/perft3d.txt.
#[test]
fn c3_22_start_perft() {
    let p = RefPosition::start(3).unwrap();
    assert_eq!(p.perft(1), 55);
    assert_eq!(p.perft(2), 3025);
    assert_eq!(p.perft(3), 187_862);
}

// C3-19: round trips of position text, at one and several levels.
#[test]
fn c3_19_round_trips() {
    for fen in [
        "8/8/8/8/8/8/8/8|nrkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN|8/8/8/8/8/8/8/8 b KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w - e6 0 2",
        "8/8/8/3P4/8/8/8/7K|8/8/8/4p3/8/8/8/8|k7/8/8/5P2/8/8/8/8 w - N2/E6 0 2",
        "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 b Kq - 17 40",
    ] {
        let p = pos(fen);
        assert_eq!(p.fen(), fen);
        assert_eq!(pos(&p.fen()), p);
    }
    // With one level the en-passant field is the FEN square, either form in.
    let one = "4k3/8/8/8/3pP3/8/8/4K3 b - N1/E3 0 1";
    assert_eq!(pos(one).fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    assert_eq!(pos("4k3/8/8/8/3pP3/8/8/4K3 b - E3 0 1"), pos(one));
    // A two-cell advance writes the target even if no pawn can take.
    let mut s = RefPosition::start(1).unwrap();
    s.play_text("N1/E7-N1/E5").unwrap();
    assert_eq!(
        s.fen(),
        "nrkqrbbn/pppp1ppp/8/4p3/8/8/PPPPPPPP/NRKQRBBN w KQkq e6 0 2"
    );
}

// C3-19: each reason a position text is rejected.
#[test]
fn c3_19_rejections() {
    let e = "8/8/8/8/8/8/8/8";
    let bad = [
        // shape
        ("", "fields"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0", "fields"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", "fields"),
        ("4k3/8/8/8/8/8/8 w - - 0 1", "ranks"),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", "longer"),
        ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", "cells"),
        ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", "piece"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side"),
        ("4k3/8/8/8/8/8/8/4K3 w A - 0 1", "castling"),
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove"),
        // nine levels
        (
            &*format!("4k3/8/8/8/8/8/8/4K3|{e}|{e}|{e}|{e}|{e}|{e}|{e}|{e} w - - 0 1"),
            "levels",
        ),
        // kings
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", "kings"),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "kings"),
        (
            &*format!("4k3/8/8/8/8/8/8/4K3|{e}|4k3/8/8/8/8/8/8/8 w - - 0 1"),
            "kings",
        ),
        // pawns on rank 1 or 8
        ("3Pk3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn"),
        ("4k3/8/8/8/8/8/8/3pK3 w - - 0 1", "pawn"),
        // side not to move in check
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "check"),
        (
            &*format!("4k3/8/8/8/8/8/8/8|{e}|4Q3/8/8/8/8/8/8/6K1 w - - 0 1"),
            "check",
        ),
        // castling rights without their king and rook on the C3-15 cells:
        // a standard-chess FEN with KQkq is not reinterpreted.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "castling right",
        ),
        ("1rk5/8/8/8/8/8/8/1RK5 w KQ - 0 1", "castling right"),
        (
            "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w KK - 0 1",
            "twice",
        ),
        (
            "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w kK - 0 1",
            "order",
        ),
        // en passant
        ("4k3/8/8/8/3pP3/8/8/4K3 b - e4 0 1", "rank 3"),
        ("4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 1", "rank 6"),
        ("4k3/8/8/8/3p4/8/8/4K3 b - e3 0 1", "pawn"),
        ("4k3/8/8/8/3pP3/4N3/8/4K3 b - e3 0 1", "not empty"),
        ("4k3/8/8/8/3pP3/8/4N3/4K3 b - e3 0 1", "not empty"),
        ("4k3/8/8/8/3pP3/8/8/4K3 b - e9 0 1", "en-passant"),
        (
            &*format!("4k3/8/8/8/3pP3/8/8/4K3|{e} b - e3 0 1"),
            "en-passant",
        ),
        (
            &*format!("4k3/8/8/8/3pP3/8/8/4K3|{e} b - N3/E3 0 1"),
            "outside",
        ),
    ];
    for (fen, why) in bad {
        match RefPosition::from_fen(fen) {
            Ok(p) => panic!("{fen:?} accepted as {}", p.fen()),
            Err(e) => assert!(e.contains(why), "{fen:?}: {e:?} does not say {why:?}"),
        }
    }
}

// C3-20: move text. Formatters write upper case with `-` or `x`; parsers take
// either case, either separator, a missing slash, and 0-0 for O-O.
#[test]
fn c3_20_move_text() {
    let p = RefPosition::start(3).unwrap();
    let texts = all_moves(&p);
    assert!(texts.contains(&"N2/E7-N2/E5".to_string()));
    assert!(texts.contains(&"N2/A8-N3/C8".to_string()));
    assert!(texts.contains(&"O-O".to_string()));
    for text in ["n2/e7-n2/e5", "N2E7-N2E5", "N2/E7xN2/E5"] {
        assert_eq!(p.parse_move(text).unwrap().to_string(), "N2/E7-N2/E5");
    }
    assert_eq!(p.parse_move("0-0").unwrap().to_string(), "O-O");
    for bad in [
        "",
        "N2/E7",
        "N2/E7-N2/E3",
        "N9/E7-N2/E5",
        "O-O-O",
        "N2/E7-N2/E5=Q",
    ] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
        let mut q = p.clone();
        assert!(q.play_text(bad).is_err());
        assert_eq!(q, p, "a refused move changes nothing");
    }
}

// C3-22: the stored counts are the reference's (the shallow ones here; all of
// them were computed by it in release mode).
#[test]
fn c3_22_stored_perft_is_the_references() {
    let data = perft_data();
    assert_eq!(data.len(), 7);
    for (fen, counts) in data {
        let p = pos(&fen);
        assert_eq!(p.fen(), fen);
        assert!(counts.len() >= 3, "{fen}");
        for (depth, count) in counts {
            if depth <= 2 || count < 50_000 {
                assert_eq!(p.perft(depth), count, "{fen} depth {depth}");
            }
        }
    }
}

// C3-3, C3-18: each side has K, Q, 2 R, 2 B, 2 N and 8 P, upper case White and
// lower case Black in the text; the two bishops of a side stand on cells of
// different parity (file + rank + level).
#[test]
fn c3_3_armies_of_the_start() {
    for levels in 1..=8 {
        let p = RefPosition::start(levels).unwrap();
        for color in [Color::White, Color::Black] {
            let mut counts = std::collections::BTreeMap::new();
            let mut bishop_parities = Vec::new();
            for i in 0..levels * 64 {
                let c = Cell::from_index(i).unwrap();
                if let Some(piece) = p.piece_at(c).filter(|x| x.color == color) {
                    *counts.entry(piece.letter()).or_insert(0) += 1;
                    if piece.kind == RefKind::Bishop {
                        let sq = c.square();
                        bishop_parities
                            .push((sq.file().index() + sq.rank().index() + c.level().index()) % 2);
                    }
                }
            }
            let letters = if color == Color::White {
                "KQRRBBNNPPPPPPPP"
            } else {
                "kqrrbbnnpppppppp"
            };
            let mut expected = std::collections::BTreeMap::new();
            for l in letters.chars() {
                *expected.entry(l).or_insert(0) += 1;
            }
            assert_eq!(counts, expected, "{levels} levels, {color}");
            bishop_parities.sort();
            assert_eq!(bishop_parities, [0, 1]);
        }
    }
}
