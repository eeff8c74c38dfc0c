//! `check` says why a move is illegal, with the rule (C3-n); it returns
//! exactly the error `play` returns; what a click-to-move UI asks; error
//! messages stay short whatever the input (issue #12).

mod common;
use common::fen;

use chess3d::{
    Cell, Color, Config, EndReason, Geometry, Match, Move, MoveKind, Outcome, Piece, PlayError,
    Position, Record, Role,
};

fn pos(pieces: &[(&str, char)], rest: &str) -> Position {
    let text = fen(3, pieces, rest);
    Position::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

/// The error of `text` here, after checking that `play` gives the same one
/// and changes nothing.
fn err(p: &Position, text: &str) -> PlayError {
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let e = p.check(mv).unwrap_err();
    let mut q = p.clone();
    assert_eq!(q.play(mv), Err(e.clone()));
    assert_eq!(&q, p);
    e
}

fn geometry(p: &Position, text: &str) -> Geometry {
    match err(p, text) {
        PlayError::Geometry { rule, .. } => rule,
        other => panic!("{text}: {other}"),
    }
}

/// White king N2/A1, Black king N2/H8, plus `more`; White to move.
fn with(more: &[(&str, char)]) -> Position {
    let mut pieces = vec![("N2/A1", 'K'), ("N2/H8", 'k')];
    pieces.extend_from_slice(more);
    pos(&pieces, "w - - 0 1")
}

// C3-4: a rook slides along the 6 orthogonal steps only.
#[test]
fn c3_4_rook_geometry_and_blocked_path() {
    let p = with(&[("N2/D4", 'R'), ("N2/D6", 'p')]);
    assert_eq!(geometry(&p, "N2/D4-N2/E5"), Geometry::Rook);
    assert_eq!(geometry(&p, "N2/D4-N3/E4"), Geometry::Rook);
    let e = err(&p, "N2/D4-N2/D7");
    assert!(
        matches!(e, PlayError::Blocked { cell, rule: "C3-4", .. } if cell == self::cell("N2/D6"))
    );
    assert_eq!(
        e.to_string(),
        "the White rook on N2/D4 cannot move to N2/D7: N2/D6 is in the way (C3-4)"
    );
    assert!(p.check(p.parse_move("N2/D4-N3/D4").unwrap()).is_ok());
    assert!(geometry(&p, "N2/D4-N2/E5").to_string().contains("(C3-4)"));
}

// C3-5: a bishop slides along the 12 planar diagonal steps only.
#[test]
fn c3_5_bishop_geometry() {
    let p = with(&[("N2/D5", 'B'), ("N3/E6", 'p')]);
    assert_eq!(geometry(&p, "N2/D5-N2/D6"), Geometry::Bishop);
    // Triagonal (all three coordinates) is the queen's, not the bishop's.
    assert_eq!(geometry(&p, "N2/D5-N3/E6"), Geometry::Bishop);
    assert!(p.check(p.parse_move("N2/D5-N3/E5").unwrap()).is_ok());
    assert_eq!(
        err(&p, "N2/D5-N2/D6").to_string(),
        "the White bishop on N2/D5 cannot move to N2/D6: a bishop slides along the 12 planar diagonal steps only (C3-5)"
    );
}

// C3-6: a queen slides in a straight line along one of the 26 steps.
#[test]
fn c3_6_queen_geometry_and_blocked_path() {
    let p = with(&[("N1/D4", 'Q'), ("N2/E5", 'P')]);
    assert_eq!(geometry(&p, "N1/D4-N1/E6"), Geometry::Queen);
    assert!(matches!(
        err(&p, "N1/D4-N3/F6"),
        PlayError::Blocked { rule: "C3-6", .. }
    ));
    assert!(matches!(err(&p, "N1/D4-N2/E5"), PlayError::OwnPiece { .. }));
}

// C3-7: a knight leaps (2, 1, 0).
#[test]
fn c3_7_knight_geometry() {
    let p = with(&[("N2/D4", 'N')]);
    assert_eq!(geometry(&p, "N2/D4-N3/E5"), Geometry::Knight);
    assert_eq!(geometry(&p, "N2/D4-N2/D6"), Geometry::Knight);
    assert!(p.is_legal(p.parse_move("N2/D4-N3/D6").unwrap()));
}

// C3-8: a king moves one step, and changes level only by capturing.
#[test]
fn c3_8_king_geometry() {
    let p = with(&[("N3/B2", 'n')]);
    assert_eq!(geometry(&p, "N2/A1-N2/A3"), Geometry::KingStep);
    assert_eq!(geometry(&p, "N2/A1-N1/A1"), Geometry::KingLevel);
    assert!(p.is_legal(p.parse_move("N2/A1xN3/B2").unwrap()));
    assert!(err(&p, "N2/A1-N1/A1")
        .to_string()
        .ends_with("a king changes level only by capturing (C3-8)"));
}

// C3-9: pawns move forward, change level only by capturing, advance two
// only from the starting rank, capture diagonally; C3-10 en passant.
#[test]
fn c3_9_c3_10_pawn_geometry() {
    let p = with(&[
        ("N2/D3", 'P'),
        ("N2/E2", 'P'),
        ("N2/E3", 'n'),
        ("N2/G2", 'P'),
        ("N2/G4", 'n'),
    ]);
    assert_eq!(geometry(&p, "N2/D3-N2/D2"), Geometry::PawnForward);
    assert_eq!(geometry(&p, "N2/D3-N2/E3"), Geometry::PawnForward);
    assert_eq!(geometry(&p, "N2/D3-N3/D4"), Geometry::PawnLevel);
    assert_eq!(geometry(&p, "N2/D3-N3/E4"), Geometry::PawnLevel);
    assert_eq!(geometry(&p, "N2/D3-N2/D5"), Geometry::PawnDouble);
    assert_eq!(geometry(&p, "N2/E2-N2/E3"), Geometry::PawnStraightCapture);
    assert_eq!(geometry(&p, "N2/D3-N2/C4"), Geometry::PawnDiagonal);
    assert_eq!(geometry(&p, "N2/D3-N2/F5"), Geometry::PawnReach);
    assert_eq!(geometry(&p, "N2/D3-N2/D6"), Geometry::PawnReach);
    assert!(matches!(
        err(&p, "N2/E2-N2/E4"),
        PlayError::Blocked { rule: "C3-9", .. }
    ));
    assert_eq!(geometry(&p, "N2/G2-N2/G4"), Geometry::PawnStraightCapture);
    assert_eq!(
        err(&p, "N2/D3-N3/D4").to_string(),
        "the White pawn on N2/D3 cannot move to N3/D4: a pawn changes level only by capturing (C3-9)"
    );
    assert!(!p.is_legal(p.parse_move("N2/D3xN2/E4").unwrap()));
    assert!(!p.is_legal(p.parse_move("N2/E2-N2/E3").unwrap()));
}

// C3-11: promotion missing, not allowed, or to a king.
#[test]
fn c3_11_promotion_reasons() {
    let p = with(&[("N2/D7", 'P'), ("N2/F5", 'P')]);
    assert!(matches!(
        err(&p, "N2/D7-N2/D8"),
        PlayError::PromotionMissing { .. }
    ));
    assert!(matches!(
        err(&p, "N2/F5-N2/F6=Q"),
        PlayError::PromotionNotAllowed { .. }
    ));
    let king = Move::new(
        cell("N2/D7"),
        cell("N2/D8"),
        MoveKind::Promotion(Role::King),
    );
    assert_eq!(
        p.check(king),
        Err(PlayError::PromotionPiece { role: Role::King })
    );
    assert!(p
        .check(king)
        .unwrap_err()
        .to_string()
        .contains("not a king (C3-11)"));
}

// C3-12, C3-13: no piece, not your piece, own piece on the target; C3-1 outside.
#[test]
fn c3_12_c3_13_cells_and_owners() {
    let p = with(&[("N2/D4", 'R'), ("N2/D5", 'P'), ("N2/E4", 'r')]);
    assert!(matches!(err(&p, "N2/B4-N2/B5"), PlayError::NoPiece { .. }));
    assert!(matches!(
        err(&p, "N2/E4-N2/E5"),
        PlayError::NotYourPiece {
            to_move: Color::White,
            ..
        }
    ));
    assert!(matches!(err(&p, "N2/D4-N2/D5"), PlayError::OwnPiece { .. }));
    let outside = Move::new(cell("N2/D4"), cell("N4/D4"), MoveKind::Normal);
    assert!(matches!(
        p.check(outside),
        Err(PlayError::OutsideSpace { levels: 3, .. })
    ));
}

// C3-14: a move may not leave the own king attacked.
#[test]
fn c3_14_king_left_in_check() {
    // The rook on N2/A2 is pinned by the rook on N2/A8 (across the file).
    let p = with(&[("N2/A2", 'R'), ("N2/A8", 'r')]);
    assert_eq!(
        err(&p, "N2/A2-N2/B2"),
        PlayError::KingInCheck {
            color: Color::White
        }
    );
    assert!(err(&p, "N2/A2-N2/B2").to_string().contains("(C3-14)"));
    // Nor step onto an attacked cell: the rook on N2/H2 holds rank 2.
    let p = with(&[("N2/H2", 'r')]);
    assert!(matches!(
        err(&p, "N2/A1-N2/B2"),
        PlayError::KingInCheck { .. }
    ));
}

// C3-15: every castling condition has its own reason.
#[test]
fn c3_15_castling_reasons() {
    let p = pos(
        &[
            ("N2/C1", 'K'),
            ("N2/B1", 'R'),
            ("N2/E1", 'R'),
            ("N2/D1", 'N'),
            ("N2/C8", 'k'),
        ],
        "w KQ - 0 1",
    );
    assert!(matches!(
        err(&p, "O-O-O"),
        PlayError::CastlingPathBlocked { .. }
    ));
    assert!(p.is_legal(p.parse_move("O-O").unwrap()));
    let wrong_king = "O-O@N2/C8".parse::<Move>().unwrap();
    assert!(matches!(
        p.check(wrong_king),
        Err(PlayError::CastlingCells { .. })
    ));
    let p = pos(
        &[("N2/C1", 'K'), ("N2/B1", 'R'), ("N2/C8", 'k')],
        "w - - 0 1",
    );
    assert!(matches!(
        err(&p, "O-O"),
        PlayError::CastlingRightLost { .. }
    ));
    let p = pos(
        &[
            ("N2/C1", 'K'),
            ("N2/B1", 'R'),
            ("N2/C8", 'k'),
            ("N3/C1", 'r'),
        ],
        "w K - 0 1",
    );
    assert_eq!(err(&p, "O-O"), PlayError::CastlingInCheck);
    let p = pos(
        &[
            ("N2/C1", 'K'),
            ("N2/B1", 'R'),
            ("N2/C8", 'k'),
            ("N3/B1", 'r'),
        ],
        "w K - 0 1",
    );
    assert!(matches!(
        err(&p, "O-O"),
        PlayError::CastlingPathAttacked { .. }
    ));
}

// C3-16: no move after the end.
#[test]
fn c3_16_game_over() {
    // Black mated on one level: queen G7 protected by the king F6.
    let p = Position::from_fen("7k/6Q1/5K2/8/8/8/8/8 b - - 0 1").unwrap();
    let mv = Move::new(cell("N1/H8"), cell("N1/G8"), MoveKind::Normal);
    assert!(matches!(
        p.check(mv),
        Err(PlayError::GameOver {
            outcome: Outcome::Win {
                winner: Color::White,
                reason: EndReason::Checkmate
            }
        })
    ));
}

// The move kind must be the listed one (C3-20); check and play agree on
// every pair of cells of random positions.
#[test]
fn check_is_play_on_every_pair_of_cells() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1";
    let pinned = "8/8/8/8/8/8/8/8|7k/8/2r5/8/8/8/2R5/2K5|8/8/8/8/8/8/8/8 w - - 0 1";
    let refusals: Vec<usize> = [
        Position::default(),
        Position::from_fen(kiwipete).unwrap(),
        Position::from_fen(pinned).unwrap(),
    ]
    .into_iter()
    .map(walk_checking_every_pair)
    .collect();
    assert!(refusals[1] > 0 && refusals[2] > 0, "{refusals:?}");
}

/// Walks a random game from `game`, checking `check` against `play` and the
/// move list on many cell pairs; returns how many refusals were C3-14.
fn walk_checking_every_pair(mut game: Position) -> usize {
    let mut seed = 7u64;
    let mut in_check = 0;
    for ply in 0..16 {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves();
        let own: Vec<usize> = (0..192)
            .filter(|&i| {
                let c = Cell::from_index(i).unwrap();
                game.piece_at(c).is_some_and(|p| p.color == game.turn())
            })
            .collect();
        for from in (0..192).step_by(7).chain(own) {
            for to in 0..192 {
                let (f, t) = (
                    Cell::from_index(from).unwrap(),
                    Cell::from_index(to).unwrap(),
                );
                for kind in [
                    MoveKind::Normal,
                    MoveKind::Capture,
                    MoveKind::Promotion(Role::Queen),
                ] {
                    let mv = Move::new(f, t, kind);
                    let checked = game.check(mv);
                    assert_eq!(checked.is_ok(), legal.contains(&mv), "{mv} at ply {ply}");
                    if checked.is_err() {
                        let mut copy = game.clone();
                        assert_eq!(copy.play(mv), checked);
                        assert_eq!(copy, game);
                    }
                    // C3-14 is the reason only when the move, made anyway,
                    // really leaves the mover's king attacked.
                    if let Err(PlayError::KingInCheck { color }) = checked {
                        in_check += 1;
                        let mut forced = game.clone();
                        forced.play_unchecked(mv);
                        assert_eq!(
                            Position::from_fen(&forced.fen()),
                            Err(chess3d::PositionError::OpponentInCheck { color }),
                            "{mv} at ply {ply}"
                        );
                    }
                }
            }
        }
        for &mv in &legal {
            assert_eq!(game.check(mv), Ok(()));
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = legal[(seed >> 33) as usize % legal.len()];
        game.play(mv).unwrap();
    }
    in_check
}

// A UI's clicks: moves from a cell, moves to a cell, what a move takes,
// whether it checks (C3-10 en passant across levels included).
#[test]
fn c3_10_what_a_click_to_move_ui_asks() {
    let p = Position::from_fen(
        "8/8/8/3P4/8/8/8/8|2k5/8/8/4p3/8/8/8/2K5|R7/8/8/8/8/8/8/8 w - N2/E6 0 1",
    )
    .unwrap();
    let pawn = cell("N1/D5");
    let from = p.moves_from(pawn);
    assert!(from.iter().all(|m| m.from() == pawn));
    assert_eq!(from.len(), 2); // N1/D6 and en passant onto N2/E6
    let ep = from
        .iter()
        .copied()
        .find(|m| m.kind() == MoveKind::EnPassant)
        .unwrap();
    assert_eq!(
        p.captured(ep),
        Some(Piece {
            color: Color::Black,
            role: Role::Pawn
        })
    );
    assert_eq!(p.moves_to(cell("N2/E6")).as_slice(), &[ep]);
    assert_eq!(
        p.captured(from.iter().copied().find(|m| m != &ep).unwrap()),
        None
    );
    assert!(p.gives_check(p.parse_move("N3/A8-N3/C8").unwrap()));
    assert!(!p.gives_check(ep));
    assert_eq!(p.moves_from(cell("N2/C8")).len(), 0, "not the side to move");
    let every: usize = (0..192)
        .map(|i| p.moves_from(Cell::from_index(i).unwrap()).len())
        .sum();
    assert_eq!(every, p.legal_moves().len());
    // Castling appears among the king's moves.
    let start = Position::default();
    let king = start.moves_from(cell("N2/C8"));
    assert!(king.iter().any(|m| m.kind() == MoveKind::ShortCastle));
}

// C3-17: repetitions stay exact through undo and redo; undo withdraws a claim.
#[test]
fn c3_17_repetitions_through_undo_and_redo() {
    let mut game = Match::default();
    let cycle = ["N2/A8-N2/B6", "N2/A1-N2/B3", "N2/B6-N2/A8", "N2/B3-N2/A1"];
    let mut counts = Vec::new();
    for _ in 0..4 {
        for text in cycle {
            let mv = game.parse_move(text).unwrap();
            game.play(mv).unwrap();
            counts.push(game.repetitions());
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FivefoldRepetition
        })
    );
    assert!(game.legal_moves().is_empty());
    // Undo move by move: the count is the one seen when it was played.
    for i in (0..counts.len()).rev() {
        assert_eq!(game.repetitions(), counts[i], "ply {}", i + 1);
        game.undo().unwrap();
    }
    assert_eq!(game.repetitions(), 1);
    for &count in &counts {
        game.redo().unwrap();
        assert_eq!(game.repetitions(), count);
    }
    assert_eq!(game.redo(), None);
    // Back to the third occurrence: claim, then undo withdraws it.
    for _ in 0..8 {
        game.undo();
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.claim_draw(), Some(EndReason::ThreefoldClaimed));
    assert!(matches!(
        game.check(game.position().legal_moves()[0]),
        Err(PlayError::GameOver { .. })
    ));
    assert_eq!(game.redo(), None, "no redo in a finished game");
    assert!(game.undo().is_some());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.repetitions(), 2);
    // Through the Game trait too.
    assert_eq!(chess3d::Game::claim_draw(&mut game), None);
}

/// 10 MB of input.
fn huge(fill: &str) -> String {
    fill.repeat(10_000_000 / fill.len())
}

// Issue #12: every parser quotes at most a short prefix of its input.
#[test]
fn ten_megabyte_inputs_give_short_messages() {
    let start = Position::default();
    let fen = start.fen();
    let long_halfmove = fen.replace(" 0 1", &format!(" {} 1", huge("7")));
    let long_turn = fen.replace(" b ", &format!(" {} ", huge("x")));
    let long_castling = fen.replace(" KQkq ", &format!(" {} ", huge("K")));
    let long_ep = fen.replace(" - 0", &format!(" {} 0", huge("N")));
    let long_board = format!("{} b - - 0 1", huge("p"));
    for text in [
        long_halfmove,
        long_turn,
        long_castling,
        long_ep,
        long_board,
        huge("x y "),
    ] {
        let message = Position::from_fen(&text).unwrap_err().to_string();
        assert!(message.len() <= 200, "{} bytes: {message}", message.len());
    }
    let moves = [
        huge("N"),
        format!("N2/E7-{}", huge("N2")),
        format!("N2/E7-N2/E5={}", huge("Q")),
        format!("O-O@{}", huge("N")),
        format!("{}e.p.", huge("x")),
    ];
    for text in &moves {
        let message = start.parse_move(text).unwrap_err().to_string();
        assert!(message.len() <= 200, "{} bytes: {message}", message.len());
        let message = text.parse::<Move>().unwrap_err().to_string();
        assert!(message.len() <= 200, "{} bytes: {message}", message.len());
    }
    for text in [
        format!("{fen}\n{}", huge("N2/E7-N2/E5")),
        format!("{fen}\nN2/E7-N2/E5 {}", huge("x")),
        huge("8/"),
    ] {
        let message = text.parse::<Record>().unwrap_err().to_string();
        assert!(message.len() <= 200, "{} bytes: {message}", message.len());
    }
    #[cfg(feature = "serde")]
    {
        let big = huge("x");
        for json in [
            format!("{{\"levels\":\"{big}\"}}"),
            format!("{{\"{big}\":3}}"),
        ] {
            let message = serde_json::from_str::<Config>(&json)
                .unwrap_err()
                .to_string();
            assert!(message.len() <= 200, "{} bytes: {message}", message.len());
        }
        for json in [
            format!("{{\"config\":{{}},\"text\":\"{big}\"}}"),
            format!("{{\"{big}\":1}}"),
        ] {
            let message = serde_json::from_str::<Position>(&json)
                .unwrap_err()
                .to_string();
            assert!(message.len() <= 200, "{} bytes: {message}", message.len());
        }
        let message = serde_json::from_str::<Move>(&format!("\"{big}\""))
            .unwrap_err()
            .to_string();
        assert!(message.len() <= 200, "{} bytes: {message}", message.len());
        let message = serde_json::from_str::<Match>(&format!("\"{fen}\\n{big}\""))
            .unwrap_err()
            .to_string();
        assert!(message.len() <= 200, "{} bytes: {message}", message.len());
    }
    let _ = Config::default();
}
