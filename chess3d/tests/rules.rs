//! Hand-built tests of the rules, each named after its rule ID (C3-n).

mod common;
use common::fen;

use std::collections::BTreeSet;

use board_core::{perft, Cell, Color, Outcome};
use chess3d::{
    DrawClaims, EndReason, FixedPosition, Match, MoveKind, Piece, PlayError, Position,
    PositionError, Record, Role,
};

fn pos(levels: usize, pieces: &[(&str, char)], rest: &str) -> Position {
    let text = fen(levels, pieces, rest);
    Position::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

/// The targets of the moves starting on `from`, as text.
fn targets(p: &Position, from: &str) -> BTreeSet<String> {
    p.legal_moves()
        .iter()
        .filter(|m| m.from() == cell(from))
        .map(|m| m.to().to_string())
        .collect()
}

fn play(p: &mut Position, text: &str) {
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn play_err(p: &Position, text: &str) -> PlayError {
    let mut q = p.clone();
    let mv = q.parse_move(text).unwrap();
    let err = q.play(mv).unwrap_err();
    assert_eq!(&q, p, "a refused move changes nothing");
    err
}

// Kings out of the way for the piece tests (not on any line of N3/D4 in 5 levels).
const KINGS5: [(&str, char); 2] = [("N1/A8", 'K'), ("N5/H5", 'k')];

// C3-1: a space of 1 to 8 levels; cells written N2/C1, read without slash.
#[test]
fn c3_1_levels_and_cell_text() {
    for n in 1..=8 {
        let p = Position::new(chess3d::Config::new(n).unwrap());
        assert_eq!(p.levels(), n);
        assert_eq!(Position::from_fen(&p.fen()).unwrap(), p);
    }
    let nine = fen(8, &[], "w - - 0 1").replacen(' ', "|8/8/8/8/8/8/8/8 ", 1);
    assert!(matches!(
        Position::from_fen(&nine),
        Err(PositionError::LevelCount { found: 9, .. })
    ));
    let p = Position::default();
    assert_eq!(
        p.parse_move("n2e7-n2e5").unwrap().to_string(),
        "N2/E7-N2/E5"
    );
    // A cell on a level the space does not have.
    assert!(matches!(
        p.parse_move("N4/E7-N4/E5"),
        Err(PlayError::OutsideSpace { levels: 3, .. })
    ));
}

// C3-2, C3-6: the queen slides along all 26 steps. From N3/D4 of an empty
// 5-level space (files A-C / E-H: 3 / 4 steps, ranks 1-3 / 5-8: 3 / 4, levels
// 2 below, 2 above): in-level 27 (as FIDE), straight up/down 2 + 2,
// (±1, 0, ±1) and (0, ±1, ±1) 8 directions × 2, triagonal 8 × 2: 27+4+16+16 = 63.
#[test]
fn c3_2_c3_6_queen_from_the_middle_of_an_empty_space() {
    let mut pieces = KINGS5.to_vec();
    pieces.push(("N3/D4", 'Q'));
    let p = pos(5, &pieces, "w - - 0 1");
    let t = targets(&p, "N3/D4");
    assert_eq!(t.len(), 63);
    assert!(t.contains("N5/F6") && t.contains("N1/B2") && t.contains("N5/D4"));
    assert!(t.contains("N4/E3") && t.contains("N1/D2") && t.contains("N3/H8"));
    assert!(!t.contains("N4/F5"), "(2, 1, 1) is not a step");
}

// C3-4: the rook slides along the 6 orthogonal steps: 14 in-level + 2 up + 2 down = 18.
#[test]
fn c3_4_rook_from_the_middle_of_an_empty_space() {
    let mut pieces = KINGS5.to_vec();
    pieces.push(("N3/D4", 'R'));
    let t = targets(&pos(5, &pieces, "w - - 0 1"), "N3/D4");
    assert_eq!(t.len(), 18);
    for c in ["N1/D4", "N2/D4", "N4/D4", "N5/D4", "N3/A4", "N3/D8"] {
        assert!(t.contains(c), "{c}");
    }
    assert!(!t.contains("N4/E4"));
}

// C3-5: the bishop slides along the 12 planar diagonal steps: 13 in-level,
// (±1, 0, ±1): 4 × 2, (0, ±1, ±1): 4 × 2 -> 13 + 16 = 29; parity kept.
#[test]
fn c3_5_bishop_from_the_middle_of_an_empty_space() {
    let mut pieces = KINGS5.to_vec();
    pieces.push(("N3/D4", 'B'));
    let t = targets(&pos(5, &pieces, "w - - 0 1"), "N3/D4");
    assert_eq!(t.len(), 29);
    assert!(t.contains("N5/F4") && t.contains("N1/D2") && t.contains("N4/D5"));
    assert!(!t.contains("N4/E5"), "triagonal: queen only");
    let parity = |c: &str| {
        let c = cell(c);
        (c.level().index() + c.square().file().index() + c.square().rank().index()) % 2
    };
    assert!(t.iter().all(|c| parity(c) == parity("N3/D4")));
}

// C3-7: the knight leaps (2, 1, 0) in any axis order: 8 in-level, 4 on each
// level one away (2 files or 2 ranks), 4 on each level two away (1 file or
// 1 rank): 8 + 8 + 8 = 24, jumping over anything.
#[test]
fn c3_7_knight_has_24_targets_and_jumps() {
    let mut pieces = KINGS5.to_vec();
    pieces.push(("N3/D4", 'N'));
    // Walls all around do not stop it.
    for c in [
        "N2/D4", "N4/D4", "N3/D5", "N3/D3", "N3/C4", "N3/E4", "N2/D5", "N4/D3",
    ] {
        pieces.push((c, 'P'));
    }
    let t = targets(&pos(5, &pieces, "w - - 0 1"), "N3/D4");
    assert_eq!(t.len(), 24);
    for c in ["N3/E6", "N2/F4", "N4/D2", "N1/C4", "N5/D5", "N1/D3"] {
        assert!(t.contains(c), "{c}");
    }
}

// C3-8: the king steps within its level (8 planar neighbours) and changes
// level only to capture, on any of its 26 neighbours.
#[test]
fn c3_8_king_steps_in_level_but_captures_across_levels() {
    // Empty space: 8 quiet moves, none to another level. (A Black pawn far
    // away keeps the position alive: bare kings are a dead position, C3-17.)
    let mut pieces = KINGS5.to_vec();
    pieces.push(("N3/D4", 'K'));
    pieces.push(("N1/A7", 'p'));
    pieces.remove(0);
    let p = pos(5, &pieces, "w - - 0 1");
    let t = targets(&p, "N3/D4");
    assert_eq!(t.len(), 8);
    assert!(t.iter().all(|c| c.starts_with("N3/")));
    // Black knights below and diagonally above: both captured; the knight on
    // N3/E5 covers N2/C5 and N2/E3 (its (2,0) / (0,2) cells one level down).
    let p = pos(
        3,
        &[
            ("N2/D4", 'K'),
            ("N1/D4", 'n'),
            ("N3/E5", 'n'),
            ("N1/A8", 'k'),
        ],
        "w - - 0 1",
    );
    let t = targets(&p, "N2/D4");
    let expect: BTreeSet<String> = [
        "N2/C3", "N2/D3", "N2/C4", "N2/E4", "N2/D5", "N2/E5", "N1/D4", "N3/E5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(t, expect);
    let mut q = p.clone();
    play(&mut q, "N2/D4xN3/E5");
    assert_eq!(q.king(Color::White), cell("N3/E5"));
    // Cannot step onto an empty cell of another level.
    assert!(matches!(
        play_err(&p, "N2/D4-N3/D4"),
        PlayError::Geometry {
            rule: chess3d::Geometry::KingLevel,
            ..
        }
    ));
    // The enemy king attacks its 26 neighbours: N2/E4 touches N3/F4. (The
    // far pawn keeps bare kings from being a dead position, C3-17.)
    let p = pos(
        3,
        &[("N2/D4", 'K'), ("N3/F4", 'k'), ("N1/A7", 'p')],
        "w - - 0 1",
    );
    let t = targets(&p, "N2/D4");
    assert!(!t.contains("N2/E4") && !t.contains("N2/E5") && !t.contains("N2/E3"));
    assert_eq!(t.len(), 5);
}

// C3-9: pawns move forward on their own level (two from rank 2 / 7 on any
// level) and capture on 6 cells: file ± 1, one rank forward, level 0 / ± 1.
#[test]
fn c3_9_pawn_moves_and_its_six_capture_cells() {
    let mut pieces = vec![("N3/D4", 'P'), ("N1/A8", 'K'), ("N5/H1", 'k')];
    for c in ["N2/C5", "N2/E5", "N3/C5", "N3/E5", "N4/C5", "N4/E5"] {
        pieces.push((c, 'n'));
    }
    let p = pos(5, &pieces, "w - - 0 1");
    let t = targets(&p, "N3/D4");
    let expect: BTreeSet<String> = [
        "N3/D5", "N2/C5", "N2/E5", "N3/C5", "N3/E5", "N4/C5", "N4/E5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(t, expect);
    // Nothing to capture: straight ahead only, never to another level.
    let p = pos(
        3,
        &[
            ("N3/D2", 'P'),
            ("N1/D2", 'P'),
            ("N1/A8", 'K'),
            ("N3/H8", 'k'),
        ],
        "w - - 0 1",
    );
    assert_eq!(
        targets(&p, "N3/D2").into_iter().collect::<Vec<_>>(),
        ["N3/D3", "N3/D4"]
    );
    assert_eq!(
        targets(&p, "N1/D2").into_iter().collect::<Vec<_>>(),
        ["N1/D3", "N1/D4"]
    );
    assert!(matches!(
        play_err(&p, "N3/D2-N2/D3"),
        PlayError::Geometry {
            rule: chess3d::Geometry::PawnLevel,
            ..
        }
    ));
    // Black pawns go down the ranks; a blocked pawn cannot push.
    let p = pos(
        3,
        &[
            ("N2/E7", 'p'),
            ("N2/E5", 'N'),
            ("N1/A8", 'K'),
            ("N3/H8", 'k'),
        ],
        "b - - 0 1",
    );
    assert_eq!(
        targets(&p, "N2/E7").into_iter().collect::<Vec<_>>(),
        ["N2/E6"]
    );
}

// C3-10: en passant, on the same level and across levels, only at once.
#[test]
fn c3_10_en_passant_across_levels() {
    let mut p = pos(
        3,
        &[
            ("N2/E7", 'p'),
            ("N1/D5", 'P'),
            ("N3/F5", 'P'),
            ("N2/D5", 'P'),
            ("N1/A1", 'K'),
            ("N3/H8", 'k'),
        ],
        "b - - 0 1",
    );
    play(&mut p, "N2/E7-N2/E5");
    assert_eq!(p.ep_target(), Some(cell("N2/E6")));
    assert!(p.fen().contains(" w - N2/E6 0 2"));
    let eps: BTreeSet<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind() == MoveKind::EnPassant)
        .map(|m| m.to_string())
        .collect();
    // C3-20: the exact text marks en passant; the plain text `{:#}` does not.
    let expect: BTreeSet<String> = ["N1/D5xN2/E6e.p.", "N2/D5xN2/E6e.p.", "N3/F5xN2/E6e.p."]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(eps, expect);
    let mut q = p.clone();
    play(&mut q, "N3/F5xN2/E6");
    assert_eq!(q.piece_at(cell("N2/E5")), None, "the passed pawn is taken");
    assert_eq!(
        q.piece_at(cell("N2/E6")),
        Some(Piece {
            color: Color::White,
            role: Role::Pawn
        })
    );
    assert_eq!(q.piece_at(cell("N3/F5")), None);
    // Not one move later.
    let mut q = p.clone();
    play(&mut q, "N1/A1-N1/B1");
    play(&mut q, "N3/H8-N3/G8");
    assert!(q
        .legal_moves()
        .iter()
        .all(|m| m.kind() != MoveKind::EnPassant));
    assert!(matches!(
        play_err(&q, "N1/D5xN2/E6"),
        PlayError::Geometry {
            rule: chess3d::Geometry::PawnLevel,
            ..
        }
    ));
}

// C3-11: promotion on every level to each of Q, R, B, N, also capturing across levels.
#[test]
fn c3_11_promotion_on_every_level_to_each_piece() {
    for level in 1..=3 {
        let from = format!("N{level}/A7");
        let p = pos(
            3,
            &[(&from, 'P'), ("N1/H1", 'K'), ("N3/H3", 'k')],
            "w - - 0 1",
        );
        let promos: Vec<_> = p
            .legal_moves()
            .iter()
            .filter(|m| m.from() == cell(&from))
            .map(|m| m.promotion())
            .collect();
        assert_eq!(promos.len(), 4, "{from}");
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            assert!(promos.contains(&Some(role)));
            let mut q = p.clone();
            play(&mut q, &format!("{from}-N{level}/A8={role}"));
            assert_eq!(
                q.piece_at(cell(&format!("N{level}/A8"))),
                Some(Piece {
                    color: Color::White,
                    role
                })
            );
        }
        assert!(matches!(
            play_err(&p, &format!("{from}-N{level}/A8")),
            PlayError::PromotionMissing { .. }
        ));
    }
    // Black promotes on rank 1, capturing onto another level.
    let mut p = pos(
        3,
        &[
            ("N2/B2", 'p'),
            ("N3/C1", 'R'),
            ("N1/H8", 'K'),
            ("N3/H5", 'k'),
        ],
        "b - - 0 1",
    );
    play(&mut p, "N2/B2xN3/C1=N");
    assert_eq!(
        p.piece_at(cell("N3/C1")),
        Some(Piece {
            color: Color::Black,
            role: Role::Knight
        })
    );
}

// C3-12: no capture of one's own pieces; moving onto an opposing piece captures it.
#[test]
fn c3_12_captures_only_opposing_pieces() {
    let p = pos(
        3,
        &[
            ("N2/A1", 'R'),
            ("N2/A5", 'P'),
            ("N2/H1", 'r'),
            ("N1/E4", 'K'),
            ("N3/E8", 'k'),
        ],
        "w - - 0 1",
    );
    assert!(matches!(
        play_err(&p, "N2/A1-N2/A5"),
        PlayError::OwnPiece { .. }
    ));
    let mut q = p.clone();
    play(&mut q, "N2/A1xN2/H1");
    assert_eq!(q.pieces().count(), 4);
}

// C3-13: Black moves first; players alternate; fullmove number after Black.
#[test]
fn c3_13_black_moves_first() {
    let mut p = Position::default();
    assert_eq!(p.turn(), Color::Black);
    assert!(matches!(
        play_err(&p, "N2/E2-N2/E4"),
        PlayError::NotYourPiece { .. }
    ));
    assert!(matches!(
        play_err(&p, "N2/E4-N2/E5"),
        PlayError::NoPiece { .. }
    ));
    play(&mut p, "N2/E7-N2/E5");
    assert_eq!((p.turn(), p.fullmove_number()), (Color::White, 2));
    play(&mut p, "N2/E2-N2/E4");
    assert_eq!((p.turn(), p.fullmove_number()), (Color::Black, 2));
}

// C3-14: no move may leave one's king attacked; a pin across levels.
#[test]
fn c3_14_pinned_across_levels_and_check_must_end() {
    // White king N1/C3, white knight N2/C3, black rook N3/C3: pinned vertically.
    let p = pos(
        3,
        &[
            ("N1/C3", 'K'),
            ("N2/C3", 'N'),
            ("N3/C3", 'r'),
            ("N3/H8", 'k'),
        ],
        "w - - 0 1",
    );
    assert!(targets(&p, "N2/C3").is_empty());
    assert!(matches!(
        play_err(&p, "N2/C3-N2/D5"),
        PlayError::KingInCheck {
            color: Color::White
        }
    ));
    // A pinned bishop may slide along the pin line (N1/A1 - N2/B2 - N3/C3 is not a
    // bishop line, but N1/A1, N2/A2, N3/A3 pinned by a rook is): rook pin on a rook.
    let p = pos(
        3,
        &[
            ("N1/A1", 'K'),
            ("N2/A1", 'R'),
            ("N3/A1", 'r'),
            ("N3/H8", 'k'),
        ],
        "w - - 0 1",
    );
    assert_eq!(
        targets(&p, "N2/A1").into_iter().collect::<Vec<_>>(),
        ["N3/A1"]
    );
    // In check from another level: only evasions.
    let p = pos(
        3,
        &[
            ("N1/A1", 'K'),
            ("N2/H7", 'R'),
            ("N3/A1", 'r'),
            ("N3/H8", 'k'),
        ],
        "w - - 0 1",
    );
    assert!(p.is_check());
    for mv in p.legal_moves() {
        let mut q = p.clone();
        q.play(mv).unwrap();
        assert!(!q.king_in_check_for(Color::White), "{mv}");
    }
}

trait KingCheck {
    fn king_in_check_for(&self, c: Color) -> bool;
}

impl KingCheck for Position {
    /// Whether `c`'s king is attacked, read off a position with `c` to move.
    fn king_in_check_for(&self, c: Color) -> bool {
        let fen = self.fen();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let letter = c.letter().to_string();
        fields[1] = &letter;
        fields[3] = "-";
        match Position::from_fen(&fields.join(" ")) {
            Ok(p) => p.is_check(),
            Err(PositionError::OpponentInCheck { .. }) => true,
            Err(e) => panic!("{e}"),
        }
    }
}

fn castling_position(extra: &[(&str, char)], rights: &str) -> Position {
    let mut pieces = vec![
        ("N2/C1", 'K'),
        ("N2/B1", 'R'),
        ("N2/E1", 'R'),
        ("N2/C8", 'k'),
        ("N2/B8", 'r'),
        ("N2/E8", 'r'),
    ];
    // Pawns close the files (and give nothing else).
    let files = ["A", "B", "C", "D", "E", "F", "G", "H"];
    let pawns: Vec<(String, char)> = files
        .iter()
        .flat_map(|f| [(format!("N2/{f}2"), 'P'), (format!("N2/{f}7"), 'p')])
        .collect();
    pieces.extend(pawns.iter().map(|(c, p)| (c.as_str(), *p)));
    pieces.extend_from_slice(extra);
    pos(3, &pieces, &format!("w {rights} - 0 1"))
}

// C3-15: short castling swaps king and rook B; long puts the king on D and rook E on C.
#[test]
fn c3_15_short_and_long_castling() {
    let p = castling_position(&[], "KQkq");
    let mut s = p.clone();
    play(&mut s, "O-O");
    assert_eq!(s.king(Color::White), cell("N2/B1"));
    assert_eq!(s.piece_at(cell("N2/C1")).map(|p| p.role), Some(Role::Rook));
    assert_eq!(s.castling().to_string(), "kq");
    let mut l = p.clone();
    play(&mut l, "0-0-0");
    assert_eq!(l.king(Color::White), cell("N2/D1"));
    assert_eq!(l.piece_at(cell("N2/C1")).map(|p| p.role), Some(Role::Rook));
    assert_eq!(l.piece_at(cell("N2/E1")), None);
    // Black castles on rank 8.
    play(&mut l, "O-O-O");
    assert_eq!(l.king(Color::Black), cell("N2/D8"));
    let mv = p.parse_move("O-O-O").unwrap();
    assert_eq!((mv.from(), mv.to()), (cell("N2/C1"), cell("N2/D1")));
    assert_eq!(mv.to_string(), "O-O-O@N2/C1");
    assert_eq!(format!("{mv:#}"), "O-O-O");
    assert_eq!("O-O-O@N2/C1".parse::<chess3d::Move>(), Ok(mv));
    // The plain king step C1-D1 is a different move.
    let step = p.parse_move("N2/C1-N2/D1").unwrap();
    assert_ne!(step, mv);
    let mut q = p.clone();
    q.play(step).unwrap();
    assert_eq!(q.piece_at(cell("N2/E1")).map(|p| p.role), Some(Role::Rook));
    // Home level of 5 levels is N3.
    let five = pos(
        5,
        &[("N3/C1", 'K'), ("N3/B1", 'R'), ("N3/C8", 'k')],
        "w K - 0 1",
    );
    assert!(five
        .legal_moves()
        .iter()
        .any(|m| m.kind() == MoveKind::ShortCastle));
}

// C3-15: each condition that forbids castling.
#[test]
fn c3_15_conditions_forbidding_castling() {
    // Right lost (and FEN refuses a right without its pieces).
    let p = castling_position(&[], "kq");
    assert!(matches!(
        play_err(&p, "O-O"),
        PlayError::CastlingRightLost {
            color: Color::White
        }
    ));
    let mut q = castling_position(&[], "KQkq");
    play(&mut q, "N2/B1-N2/A1");
    play(&mut q, "N2/C8-N2/D8");
    play(&mut q, "N2/A1-N2/B1");
    play(&mut q, "N2/D8-N2/C8");
    assert_eq!(q.castling().to_string(), "Q");
    assert!(q
        .legal_moves()
        .iter()
        .any(|m| m.kind() == MoveKind::LongCastle));
    assert!(matches!(
        play_err(&q, "O-O"),
        PlayError::CastlingRightLost { .. }
    ));
    // Path blocked: a piece on D1.
    let p = castling_position(&[("N2/D1", 'B')], "KQkq");
    assert!(matches!(
        play_err(&p, "O-O-O"),
        PlayError::CastlingPathBlocked { .. }
    ));
    // King in check (from another level: rook on N3/C2? no, N1/C1 straight below).
    let p = castling_position(&[("N1/C1", 'r')], "KQkq");
    assert!(p.is_check());
    assert!(matches!(play_err(&p, "O-O"), PlayError::CastlingInCheck));
    // Landing cell attacked: B1 from the rook on N3/B1 above; D1 from N1/D1 below.
    let p = castling_position(&[("N3/B1", 'r')], "KQkq");
    assert!(matches!(
        play_err(&p, "O-O"),
        PlayError::CastlingPathAttacked { cell } if cell.to_string() == "N2/B1"
    ));
    let mut q = p.clone();
    play(&mut q, "O-O-O");
    let p = castling_position(&[("N1/D1", 'r')], "KQkq");
    assert!(matches!(
        play_err(&p, "O-O-O"),
        PlayError::CastlingPathAttacked { .. }
    ));
    // The rook leaving E1 opens rank 1 onto D1: the king would be in check.
    let p = castling_position(&[("N2/H1", 'r')], "KQkq");
    assert!(!p.is_check());
    assert!(matches!(
        play_err(&p, "O-O-O"),
        PlayError::KingInCheck { .. }
    ));
    let mut q = p.clone();
    play(&mut q, "O-O");
}

// C3-16: a checkmate in 3-D (queen one level up, guarded) and a stalemate.
#[test]
fn c3_16_checkmate_and_stalemate_in_3d() {
    // C3-14 too: check given from another level (triagonal queen).
    let mate = pos(
        3,
        &[("N1/A1", 'k'), ("N2/B2", 'Q'), ("N2/C3", 'K')],
        "b - - 0 1",
    );
    assert!(
        mate.is_check()
            && mate
                .outcome()
                .is_some_and(|o| o.reason() == chess3d::EndReason::Checkmate)
    );
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(perft(&mate, 1), 0);
    // Unguarded, the king takes the queen one level up.
    let escape = pos(
        3,
        &[("N1/A1", 'k'), ("N2/B2", 'Q'), ("N3/H8", 'K')],
        "b - - 0 1",
    );
    assert_eq!(
        targets(&escape, "N1/A1").into_iter().collect::<Vec<_>>(),
        ["N2/B2"]
    );
    // Stalemate: queen N2/B3 covers N1/A2, N1/B2; rook N3/B1 covers N1/B1 through N2/B1.
    let stale = pos(
        3,
        &[
            ("N1/A1", 'k'),
            ("N2/B3", 'Q'),
            ("N3/B1", 'R'),
            ("N3/H8", 'K'),
        ],
        "b - - 0 1",
    );
    assert!(
        !stale.is_check()
            && stale
                .outcome()
                .is_some_and(|o| o.reason() == chess3d::EndReason::Stalemate)
    );
    assert_eq!(
        stale.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
}

// C3-17: the 50-move rule (claim) and the 75-move rule (automatic).
#[test]
fn c3_17_fifty_and_seventy_five_moves() {
    let start = |clock: u32| {
        Position::from_fen(&fen(
            3,
            &[("N2/A1", 'K'), ("N2/H8", 'k'), ("N1/D4", 'R')],
            &format!("w - - {clock} 80"),
        ))
        .unwrap()
    };
    let mut g = Match::new(start(99));
    assert!(!g.can_claim_fifty_moves());
    let mv = g.parse_move("N1/D4-N1/D5").unwrap();
    g.play(mv).unwrap();
    assert!(g.can_claim_fifty_moves());
    assert_eq!(g.outcome(), None);
    let mut h = g.clone();
    assert_eq!(h.claim_draw(), Some(EndReason::FiftyMovesClaimed));
    assert!(h.outcome().unwrap().is_draw());
    assert_eq!(h.count_legal_moves(), 0);
    let mut g = Match::new(start(149));
    let mv = g.parse_move("N1/D4-N1/D5").unwrap();
    g.play(mv).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::SeventyFiveMoves
        })
    );
    assert!(matches!(g.play(mv), Err(PlayError::GameOver { .. })));
}

// C3-17: threefold (claim) and fivefold (automatic) repetition.
#[test]
fn c3_17_threefold_and_fivefold_repetition() {
    let mut g = Match::new(Position::default());
    let shuffle = ["N2/A8-N2/B6", "N2/A1-N2/B3", "N2/B6-N2/A8", "N2/B3-N2/A1"];
    let mut seen = vec![];
    for round in 0..4 {
        for text in shuffle {
            let mv = g.parse_move(text).unwrap();
            g.play(mv).unwrap();
        }
        seen.push((round, g.repetitions(), g.can_claim_threefold(), g.outcome()));
    }
    assert_eq!(seen[0].1, 2);
    assert_eq!((seen[1].1, seen[1].2), (3, true));
    assert_eq!(seen[2].3, None, "fourth occurrence: still playing");
    assert_eq!(
        seen[3].3,
        Some(Outcome::Draw {
            reason: EndReason::FivefoldRepetition
        })
    );
    let mut h = Match::new(Position::default());
    for text in shuffle.iter().cycle().take(8) {
        let mv = h.parse_move(text).unwrap();
        h.play(mv).unwrap();
    }
    assert_eq!(
        h.count_legal_moves(),
        55,
        "before the claim: the start's 55 moves"
    );
    assert_eq!(h.claim_draw(), Some(EndReason::ThreefoldClaimed));
    // A finished match offers no move, though the position still has some.
    assert_eq!(h.count_legal_moves(), 0);
    assert_eq!(h.position().count_legal_moves(), 55);
    // The match shows its current position.
    assert_eq!(h.to_string(), h.position().to_string());
    assert!(!h.to_string().is_empty());
}

// C3-17: an en-passant target counts only when the capture is legal.
#[test]
fn c3_17_en_passant_target_and_repetition_identity() {
    let with_ep = pos(
        3,
        &[("N2/E4", 'P'), ("N1/A1", 'K'), ("N3/H8", 'k')],
        "b - N2/E3 0 1",
    );
    let without = pos(
        3,
        &[("N2/E4", 'P'), ("N1/A1", 'K'), ("N3/H8", 'k')],
        "b - - 0 1",
    );
    assert_ne!(with_ep.zobrist(), without.zobrist());
    assert_eq!(with_ep.repetition_key(), without.repetition_key());
    let capturable = pos(
        3,
        &[
            ("N2/E4", 'P'),
            ("N1/D4", 'p'),
            ("N1/A1", 'K'),
            ("N3/H8", 'k'),
        ],
        "b - N2/E3 0 1",
    );
    let plain = pos(
        3,
        &[
            ("N2/E4", 'P'),
            ("N1/D4", 'p'),
            ("N1/A1", 'K'),
            ("N3/H8", 'k'),
        ],
        "b - - 0 1",
    );
    assert_ne!(capturable.repetition_key(), plain.repetition_key());
}

// C3-17: castling rights are part of a position's identity: the start with
// and without each right are different positions, for the hash too.
#[test]
fn c3_17_castling_rights_change_the_position() {
    let start = Position::default();
    let fen = start.fen();
    let mut keys = vec![start.repetition_key()];
    for rights in ["KQk", "KQ", "K", "-"] {
        let other = Position::from_fen(&fen.replace("KQkq", rights)).unwrap();
        assert_ne!(other, start);
        assert_eq!(other.zobrist(), other.compute_hash());
        keys.push(other.repetition_key());
    }
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), 5, "five rights sets, five keys");
}

// C3-17: dead positions: bare kings always; with one level also the FIDE cases.
#[test]
fn c3_17_dead_positions() {
    let bare = Match::new(pos(3, &[("N1/A1", 'K'), ("N3/H8", 'k')], "w - - 0 1"));
    assert_eq!(
        bare.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::DeadPosition
        })
    );
    // The position itself declares the draw (C3-17 in `Position::outcome`),
    // but perft counts through it (C3-22): the pieces still have their
    // moves; the match has none.
    assert_eq!(
        bare.position().outcome(),
        Some(Outcome::Draw {
            reason: EndReason::DeadPosition
        })
    );
    assert_eq!(perft(bare.position(), 1), 3);
    assert_eq!(perft(&bare, 1), 0);
    let step = bare.position().parse_move("N1/A1-N1/A2").unwrap();
    assert_eq!(bare.position().check(step), Ok(()));
    assert!(matches!(bare.check(step), Err(PlayError::GameOver { .. })));
    let dead = |f: &str| Position::from_fen(f).unwrap().is_dead();
    assert!(dead("8/8/8/4k3/8/8/8/4KN2 w - - 0 1"));
    assert!(dead("8/8/8/4k3/8/8/8/4KB2 w - - 0 1"));
    // F1 and G4 are light squares, G5 a dark one.
    assert!(
        dead("8/8/8/4k3/6b1/8/8/4KB2 w - - 0 1"),
        "bishops on one colour"
    );
    assert!(
        !dead("8/8/8/4k1b1/8/8/8/4KB2 w - - 0 1"),
        "bishops on both colours"
    );
    assert!(!dead("8/8/8/4k3/8/8/8/3NKN2 w - - 0 1"));
    assert!(!dead("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"));
    // Two levels or more: only bare kings are dead.
    assert!(!pos(
        3,
        &[("N1/A1", 'K'), ("N3/H8", 'k'), ("N2/D4", 'N')],
        "w - - 0 1"
    )
    .is_dead());
    // Captures to bare kings end the match at once.
    let mut g = Match::new(pos(
        3,
        &[("N1/A1", 'K'), ("N2/B2", 'q'), ("N3/H8", 'k')],
        "w - - 0 1",
    ));
    let mv = g.parse_move("N1/A1xN2/B2").unwrap();
    g.play(mv).unwrap();
    assert!(g.outcome().unwrap().is_draw());
}

// C3-18: the default start and its bishops of both parities.
#[test]
fn c3_18_default_start() {
    let start = Position::default();
    assert_eq!(
        start.fen(),
        "8/8/8/8/8/8/8/8|nrkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN|8/8/8/8/8/8/8/8 b KQkq - 0 1"
    );
    assert_eq!(start, Position::new(chess3d::Config::new(3).unwrap()));
    assert_eq!(start.king(Color::White), cell("N2/C1"));
    assert_eq!(start.king(Color::Black), cell("N2/C8"));
    let bishops: Vec<usize> = start
        .pieces()
        .filter(|(_, p)| p.role == Role::Bishop && p.color == Color::White)
        .map(|(c, _)| {
            (c.level().index() + c.square().file().index() + c.square().rank().index()) % 2
        })
        .collect();
    assert_eq!(bishops.len(), 2);
    assert_ne!(bishops[0], bishops[1]);
    assert_eq!(start.pieces().count(), 32);
    // Perft 1 by hand: 16 pawn moves on N2, knights A8 and H8 each B6 (in-level)
    // + cross-level leaps, ... counted instead against the sum of per-piece targets.
    let moves = start.legal_moves();
    let by_piece: usize = start
        .pieces()
        .filter(|(_, p)| p.color == Color::Black)
        .map(|(c, _)| targets(&start, &c.to_string()).len())
        .sum();
    assert_eq!(moves.len(), by_piece);
    // Pawns: 8 × 2 pushes, no capture. Black queen N2/D8: up and down one
    // level (N1/D8, N3/D8), and the 2 planar-diagonal + 2 triagonal ... to N1 and N3
    // on rank 7? Occupied only on N2: (0, -1, ±1) -> N1/D7, N3/D7 and on,
    // so its count is checked against the reference in the differential tests.
    assert_eq!(targets(&start, "N2/E7").len(), 2);
}

// C3-19: position text rules, each rejection typed.
#[test]
fn c3_19_fen3d_errors() {
    use PositionError as E;
    let ok =
        "8/8/8/8/8/8/8/8|nrkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN|8/8/8/8/8/8/8/8 b KQkq - 0 1";
    assert!(Position::from_fen(ok).is_ok());
    let err = |s: &str| Position::from_fen(s).unwrap_err();
    assert_eq!(err(""), E::Empty);
    assert!(matches!(
        err(&ok.replace(" 0 1", "")),
        E::FieldCount { found: 4 }
    ));
    assert!(matches!(
        err(&ok.replacen("8/8/8/8/8/8/8/8|", "8/8/8/8/8/8/8|", 1)),
        E::RankCount { level: 1, found: 7 }
    ));
    assert!(matches!(
        err(&ok.replacen("nrkqrbbn", "nrkqrbbnn", 1)),
        E::RankLength {
            level: 2,
            rank: 8,
            found: 9
        }
    ));
    assert!(matches!(
        err(&ok.replacen("nrkqrbbn", "nrkqrbb", 1)),
        E::RankLength { found: 7, .. }
    ));
    assert!(matches!(
        err(&ok.replacen("nrkqrbbn", "nrkqrbbx", 1)),
        E::BadChar { found: 'x', .. }
    ));
    assert!(matches!(err(&ok.replace(" b ", " x ")), E::Turn { .. }));
    assert!(matches!(
        err(&ok.replace("KQkq", "KQkx")),
        E::CastlingSyntax { .. }
    ));
    assert!(matches!(
        err(&ok.replace("|8/8/8/8/8/8/8/8 b", "|8/8/8/8/8/8/8/K7 b")),
        E::KingCount {
            color: Color::White,
            found: 2
        }
    ));
    assert!(matches!(
        err(&ok.replace("nrkqrbbn", "nrnqrbbn")),
        E::KingCount {
            color: Color::Black,
            found: 0
        }
    ));
    assert!(matches!(
        err(&ok.replacen("8/8/8/8/8/8/8/8|", "8/8/8/8/8/8/8/P7|", 1)),
        E::PawnOnBackRank { .. }
    ));
    assert!(matches!(
        err(&ok.replacen("8/8/8/8/8/8/8/8|", "p7/8/8/8/8/8/8/8|", 1)),
        E::PawnOnBackRank { .. }
    ));
    // A right whose rook is gone; a standard-chess FEN with KQkq.
    assert!(matches!(
        err(&ok.replace("NRKQRBBN", "N1KQRBBN")),
        E::CastlingPieces { right: 'K', .. }
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        E::CastlingPieces { .. }
    ));
    // En passant: syntax, level, rank, occupancy, missing pawn, start cell.
    assert!(matches!(
        err(&ok.replace(" - 0 1", " N2/Z3 0 1")),
        E::EnPassantSyntax { .. }
    ));
    assert!(
        matches!(
            err(&ok.replace(" - 0 1", " e3 0 1")),
            E::EnPassantSyntax { .. }
        ),
        "plain squares need one level"
    );
    assert!(matches!(
        err(&ok.replace(" - 0 1", " N4/E3 0 1")),
        E::EnPassantSyntax { .. } | E::EnPassantLevel { .. }
    ));
    let moved = "8/8/8/8/8/8/8/8|nrkqrbbn/pppppppp/8/8/4P3/8/PPPP1PPP/NRKQRBBN|8/8/8/8/8/8/8/8 b KQkq N2/E3 0 1";
    assert!(Position::from_fen(moved).is_ok());
    assert!(matches!(
        err(&moved.replace("N2/E3", "N2/E6")),
        E::EnPassantRank { expected: 3, .. }
    ));
    assert!(matches!(
        err(&moved.replace("N2/E3", "N2/D3")),
        E::EnPassantNoPawn { .. }
    ));
    assert!(matches!(
        err(&moved.replace("N2/E3", "N1/E3")),
        E::EnPassantNoPawn { .. }
    ));
    assert!(matches!(
        err(&moved.replace("4P3/8/PPPP1PPP", "4P3/4N3/PPPP1PPP")),
        E::EnPassantOccupied { .. }
    ));
    assert!(matches!(
        err(&moved.replace("PPPP1PPP", "PPPPNPPP")),
        E::EnPassantStartOccupied { .. }
    ));
    assert!(matches!(
        err(&ok.replace(" 0 1", " +0 1")),
        E::Halfmove { .. }
    ));
    assert!(matches!(
        err(&ok.replace(" 0 1", " 0 0")),
        E::Fullmove { .. }
    ));
    // The side not to move in check: White's king on N2/C1 attacked, Black to move.
    let check = fen(
        3,
        &[("N2/C1", 'K'), ("N3/C1", 'r'), ("N2/H8", 'k')],
        "b - - 0 1",
    );
    assert_eq!(
        err(&check),
        E::OpponentInCheck {
            color: Color::White
        }
    );
    // Messages name the reason.
    assert!(err(&ok.replace(" b ", " x "))
        .to_string()
        .contains("side to move"));
}

// C3-19: plain FEN for one level, en passant written the FEN way.
#[test]
fn c3_19_plain_fen_for_one_level() {
    let text = "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w - e6 0 2";
    // Rank 6 needs a black pawn on e5: this one is on e4.
    assert!(matches!(
        Position::from_fen(text),
        Err(PositionError::EnPassantNoPawn { .. })
    ));
    let text = "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w - e6 0 2";
    let p = Position::from_fen(text).unwrap();
    assert_eq!(p.fen(), text);
    let p2 = Position::from_fen(&text.replace("e6", "N1/E6")).unwrap();
    assert_eq!(p2, p);
    let one = FixedPosition::<1>::from_fen(text).unwrap();
    assert_eq!(one.ep_target(), Some(cell("N1/E6")));
    assert!(FixedPosition::<3>::from_fen(text).is_err());
}

// C3-20: move text round trip and parse variants.
#[test]
fn c3_20_move_text() {
    let mut p = Position::default();
    let moves = p.legal_moves();
    for mv in &moves {
        assert_eq!(p.parse_move(&mv.to_string()).unwrap(), *mv);
    }
    play(&mut p, "N2/E7-N2/E5");
    play(&mut p, "N2/D2-N2/D4");
    let cap = p.parse_move("N2/E5-N2/D4").unwrap();
    assert_eq!(cap.to_string(), "N2/E5xN2/D4");
    assert_eq!(p.parse_move("n2/e5xn2/d4").unwrap(), cap);
    assert!(matches!(p.parse_move("hello"), Err(PlayError::Notation(_))));
    let rec: Record = format!(
        "{}\nN2/E7-N2/E5 N2/D2-N2/D4 N2/E5xN2/D4",
        Position::default().fen()
    )
    .parse()
    .unwrap();
    assert_eq!(rec.replay().unwrap().position().fen(), {
        let mut q = p.clone();
        q.play(cap).unwrap();
        q.fen()
    });
    let err = format!("{}\nN2/E7-N2/E5 O-O-O", Position::default().fen())
        .parse::<Record>()
        .unwrap_err();
    assert!(err.to_string().starts_with("move 2 (\"O-O-O\")"), "{err}");
    assert!(err.to_string().contains("blocked at N2/D1"), "{err}");
}

// C3-22: perft counts each promotion piece; a mate has no moves.
#[test]
fn c3_22_perft_counts_promotions_once_per_piece() {
    let p = pos(
        3,
        &[("N2/A7", 'P'), ("N1/H1", 'K'), ("N3/H3", 'k')],
        "w - - 0 1",
    );
    // King N1/H1: G1, G2, H2 (3, nothing to capture); pawn: 4 promotions.
    assert_eq!(perft(&p, 1), 7);
}

// C3-12, C3-20: a capture built by hand as a plain move is refused, and the
// error names the legal move; its text is read as the capture it is.
#[test]
fn c3_12_play_accepts_exactly_the_listed_kind() {
    use chess3d::{MoveKind, PlayError};
    let mut pos = Position::from_fen("4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1").unwrap();
    let from: board_core::Cell = "N1/E3".parse().unwrap();
    let to: board_core::Cell = "N1/D4".parse().unwrap();
    let plain = chess3d::Move::new(from, to, MoveKind::Normal);
    let capture = pos.parse_move("N1/E3-N1/D4").unwrap();
    assert_eq!(capture.kind(), MoveKind::Capture);
    assert_eq!(capture.to_string(), "N1/E3xN1/D4");
    assert!(!pos.is_legal(plain));
    let before = pos.clone();
    assert_eq!(
        pos.play(plain),
        Err(PlayError::WrongKind {
            given: plain,
            legal: capture
        })
    );
    assert_eq!(pos, before);
    pos.play(capture).unwrap();
    assert_eq!(pos.pieces().count(), 3);
}

// C3-1, C3-15: the configuration's level count and home level number
// ((L + 1) / 2 rounded down: N1 for 1 and 2 levels, N2 for 3 and 4, N4 for 8).
#[test]
fn c3_1_config_levels_and_home_level() {
    use chess3d::Config;
    let homes = [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (8, 4)];
    for (levels, home) in homes {
        let config = Config::new(levels).unwrap();
        assert_eq!(config.levels(), levels);
        assert_eq!(config.home_level(), home, "{levels} levels");
        assert_eq!(Position::new(config).levels(), levels);
    }
    assert!(Config::new(0).is_err());
    assert!(Config::new(9).is_err());
    assert_eq!(Config::default().levels(), 3);
}

// C3-1: a configuration read through serde is validated like Config::new.
#[cfg(feature = "serde")]
#[test]
fn c3_1_config_serde_is_validated() {
    use chess3d::Config;
    let two: Config = serde_json::from_str(r#"{"levels":2}"#).unwrap();
    assert_eq!(two.levels(), 2);
    assert!(serde_json::from_str::<Config>(r#"{"levels":9}"#).is_err());
    assert!(serde_json::from_str::<Config>(r#"{"levels":0}"#).is_err());
}
