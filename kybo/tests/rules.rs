//! Hand-built tests, one or more per rule KY-1 … KY-12 (KY-13 is in perft.rs).

mod common;

use common::{position, replay, replay_with, sq, text};
use kybo::{
    Color, Config, Cube, EndReason, LastCube, Move, MoveList, Outcome, PlayError, Position, Square,
    StackLevel, Zone,
};

fn mv(s: &str) -> Move {
    Move::new(sq(s))
}

fn cube(s: &str) -> Cube {
    s.parse().unwrap()
}

// KY-1: an 8×8 board, White and Black, White first.
#[test]
fn ky1_board_and_players() {
    let pos = Position::default();
    assert_eq!(pos.turn(), Color::White);
    assert_eq!(pos.to_text().matches('.').count(), 64);
    assert_eq!(Square::ALL.len(), 64);
    let mut pos = pos;
    pos.play(mv("D4")).unwrap();
    assert_eq!(pos.turn(), Color::Black);
    assert_eq!(pos.stack(sq("D4")).top(), Some(Color::White));
}

// KY-2: each zone's height limit, checked by placing one cube too many.
#[test]
fn ky2_each_zone_height_limit() {
    // W D4, B C4, W B4, B A4: a row from the Dungeon to the Gates.
    let mut pos = replay("D4 C4 B4 A4");
    assert_eq!(pos.zone(sq("A4")), Zone::Gates);
    assert_eq!(pos.zone(sq("B4")), Zone::Walls);
    assert_eq!(pos.zone(sq("C4")), Zone::Castle);
    assert_eq!(pos.zone(sq("D4")), Zone::Dungeon);
    // Gates: 1
    let full = |square: &str, zone| PlayError::StackFull {
        square: sq(square),
        zone,
    };
    assert_eq!(pos.play(mv("A4")), Err(full("A4", Zone::Gates)));
    assert_eq!(pos.landing_level(mv("A4")), None);
    // Walls: 2
    assert_eq!(pos.landing_level(mv("B4")), Some(StackLevel::Second));
    pos.play(mv("B4")).unwrap();
    assert_eq!(pos.height(sq("B4")), 2);
    assert_eq!(pos.play(mv("B4")), Err(full("B4", Zone::Walls)));
    assert_eq!(pos.landing_level(mv("B4")), None);
    // Castle: 3
    pos.play(mv("C4")).unwrap();
    pos.play(mv("C4")).unwrap();
    assert_eq!(pos.height(sq("C4")), 3);
    assert_eq!(pos.play(mv("C4")), Err(full("C4", Zone::Castle)));
    assert_eq!(pos.landing_level(mv("C4")), None);
    // Dungeon: 4
    for _ in 0..3 {
        pos.play(mv("D4")).unwrap();
    }
    assert_eq!(pos.height(sq("D4")), 4);
    let before = pos;
    assert_eq!(pos.play(mv("D4")), Err(full("D4", Zone::Dungeon)));
    assert_eq!(pos, before, "a refused move changes nothing");
    assert!(!pos.is_legal(mv("D4")));
    assert_eq!(
        pos.play(mv("D4")).unwrap_err().to_string(),
        "the stack on D4 is full: Zone 4 (Dungeon) allows 4 cube(s) (KY-2)"
    );
}

// KY-2: the whole board holds 120 cubes.
#[test]
fn ky2_board_capacity() {
    let capacity: u32 = Square::ALL
        .iter()
        .map(|&s| Zone::of(s).max_height() as u32)
        .sum();
    assert_eq!(capacity, 120);
}

// KY-3: the first cube goes on a Dungeon square.
#[test]
fn ky3_first_cube_outside_dungeon_rejected() {
    let pos = Position::default();
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    assert_eq!(
        moves.to_vec(),
        [mv("D4"), mv("E4"), mv("D5"), mv("E5")],
        "exactly the Dungeon"
    );
    for square in Square::ALL {
        let mut p = pos;
        let result = p.play(Move::new(square));
        if Zone::of(square) == Zone::Dungeon {
            assert_eq!(result, Ok(()));
            assert_eq!(
                p.cube(Cube::new(square, StackLevel::First)),
                Some(Color::White)
            );
        } else {
            assert_eq!(result, Err(PlayError::FirstCubeOutsideDungeon { square }));
            assert_eq!(p, pos);
        }
    }
}

// KY-3: Black's first cube may go next to White's or on top of it; turns alternate.
#[test]
fn ky3_black_next_to_or_on_top_then_alternate() {
    let on_top = replay("E5 E5");
    assert_eq!(
        on_top.stack(sq("E5")).iter().collect::<Vec<_>>(),
        [Color::White, Color::Black]
    );
    assert_eq!(on_top.turn(), Color::White);
    let beside = replay("E5 F5");
    assert_eq!(beside.cube(cube("F5^1")), Some(Color::Black));
    let pos = replay("E5 F5 E4 F4 E6");
    assert_eq!(pos.turn(), Color::Black);
    assert_eq!(pos.placed(Color::White), 3);
    assert_eq!(pos.placed(Color::Black), 2);
}

// KY-4: a level-1 cube with only a diagonal neighbour touches nothing.
#[test]
fn ky4_diagonal_neighbour_only_rejected() {
    let mut pos = replay("D4");
    for diagonal in ["C3", "E3", "C5", "E5"] {
        assert_eq!(
            pos.play(mv(diagonal)),
            Err(PlayError::NoContact {
                square: sq(diagonal)
            })
        );
    }
    // Far away: no contact either.
    assert_eq!(
        pos.play(mv("A1")),
        Err(PlayError::NoContact { square: sq("A1") })
    );
    // The four orthogonal neighbours and the stack itself are fine.
    let legal: Vec<Square> = pos.legal_squares().iter().collect();
    assert_eq!(legal, [sq("D3"), sq("C4"), sq("D4"), sq("E4"), sq("D5")]);
    pos.play(mv("E4")).unwrap();
}

// KY-4: a cube at level 2 or higher always touches the cube under it, even
// when no neighbouring square holds a stack.
#[test]
fn ky4_stacked_cube_always_touches() {
    // W D4, B D3, W D2, B D1: D1 and D2 are on the edge side; D1 (Gate) is full,
    // D2 (Walls) has room for one more although D2 itself has no new neighbour.
    let mut pos = replay("D4 D3 D2 D1");
    assert_eq!(pos.landing_level(mv("D2")), Some(StackLevel::Second));
    pos.play(mv("D2")).unwrap();
    assert_eq!(pos.cube(cube("D2^2")), Some(Color::White));
}

// KY-5: cubes are never moved or removed: every stack only grows, by one cube
// on one square per move.
#[test]
fn ky5_cubes_stay() {
    let mut rng = board_core::Rng::new(5);
    let mut pos = Position::default();
    let mut moves = MoveList::new();
    loop {
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let before = pos;
        let m = moves[rng.below(moves.len())];
        pos.play(m).unwrap();
        for s in Square::ALL {
            let (a, b) = (before.stack(s), pos.stack(s));
            let grown = if s == m.square() { 1 } else { 0 };
            assert_eq!(b.height(), a.height() + grown);
            assert!(a.iter().zip(b.iter()).all(|(x, y)| x == y));
        }
    }
    assert!(pos.is_over());
}

// KY-6: a limited supply; the player with no cube left cannot place: draw (KY-9).
#[test]
fn ky6_ky9_limited_supply_draw() {
    let config = Config::with_supply(2);
    let mut pos = replay_with("D4 D5 D4", config);
    assert_eq!(pos.cubes_left(Color::White), Some(0));
    assert_eq!(pos.cubes_left(Color::Black), Some(1));
    assert_eq!(pos.outcome(), None);
    assert!(!pos.is_over() && !pos.is_draw());
    pos.play(mv("D5")).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::NoCubeLeft
        })
    );
    assert!(pos.is_draw());
    assert_eq!(pos.legal_squares().count(), 0);
    assert_eq!(
        pos.play(mv("E4")),
        Err(PlayError::NoCubeLeft {
            player: Color::White
        })
    );
    assert_eq!(Position::default().cubes_left(Color::White), None);
    // With no cube at all the game is drawn before it starts.
    let zero = Position::new(Config::with_supply(0));
    assert!(zero.is_draw());
    // A KYBO with the last cube of the supply still wins.
    let won = replay_with(
        "D4 E4 D3 E5 D2 E4 D1 E5 D5 E4 D6 E5 D7 E4 D8",
        Config::with_supply(8),
    );
    assert_eq!(won.cubes_left(Color::White), Some(0));
    assert_eq!(won.winner(), Some(Color::White));
    assert!(won.is_over() && !won.is_draw());
}

// KY-7: a vertical link needs two cubes of one colour: in the stack w-b-w the
// White cubes at levels 1 and 3 are not connected.
#[test]
fn ky7_mixed_stack_only_same_colour_faces_connect() {
    // D4: w b w; D5: b; E4: w b
    let pos = replay("D4 D4 D4 D5 E4 E4");
    assert_eq!(
        pos.stack(sq("D4")).iter().collect::<Vec<_>>(),
        [Color::White, Color::Black, Color::White]
    );
    let low = pos.network_of(cube("D4^1")).unwrap();
    assert!(!low.contains(cube("D4^3")));
    assert!(
        low.contains(cube("E4^1")),
        "same level, orthogonal neighbours"
    );
    assert!(!low.contains(cube("E4^2")), "E4^2 is Black");
    let top = pos.network_of(cube("D4^3")).unwrap();
    assert_eq!(top.len(), 1);
    let black = pos.network_of(cube("D4^2")).unwrap();
    assert!(
        black.contains(cube("E4^2")),
        "Black D4^2 and E4^2 share a face"
    );
    assert!(
        !black.contains(cube("D5^1")),
        "D5^1 is Black but touches D4^2 only by an edge"
    );
    assert_eq!(pos.network_of(cube("A1^1")), None);
}

// KY-7: a vertical link between two cubes of one colour, one on the other.
#[test]
fn ky7_same_colour_stack_links() {
    // W D4, B E4, W D4 (D4^2 on White), B E4: D4^1 and D4^2 connected.
    let pos = replay("D4 E4 D4 E4");
    let net = pos.network_of(cube("D4^1")).unwrap();
    assert!(net.contains(cube("D4^2")));
    assert_eq!(net.len(), 2);
}

// KY-7, KY-8: a network climbs over an opponent's cube (D5^1 is Black; White
// goes D4^1, D4^2, D5^2, D6^2, D6^1) and wins from rank 1 to rank 8.
#[test]
fn ky7_ky8_network_climbs_over_opponent_cube() {
    let mut pos = replay("D4 D5 D4 E5 D5 E5 D3 E5 D6 E4 D6 E4 D2 E4 D7 C5 D1 C5");
    assert_eq!(pos.cube(cube("D5^1")), Some(Color::Black));
    assert_eq!(pos.cube(cube("D5^2")), Some(Color::White));
    assert_eq!(pos.winning_squares().iter().collect::<Vec<_>>(), [sq("D8")]);
    pos.play(mv("D8")).unwrap();
    assert_eq!(pos.winner(), Some(Color::White));
    let net = pos.winning_network().unwrap();
    let cubes: Vec<String> = net.cubes().map(|c| c.to_string()).collect();
    assert_eq!(
        cubes,
        ["D1^1", "D2^1", "D3^1", "D4^1", "D6^1", "D7^1", "D8^1", "D4^2", "D5^2", "D6^2"]
    );
    assert!(!net.contains(cube("D5^1")));
}

// KY-8: rank 1 to rank 8 wins (file D, the crate-level example's game).
#[test]
fn ky8_rank1_to_rank8_wins() {
    let mut pos = replay("D4 E4 D3 E5 D2 E4 D1 E5 D5 E4 D6 E5 D7 E4");
    assert_eq!(pos.outcome(), None);
    assert!(!pos.has_kybo(Color::White));
    pos.play(mv("D8")).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::Kybo
        })
    );
    assert_eq!(pos.winning_network().unwrap().len(), 8);
    assert_eq!(pos.legal_squares().count(), 0, "a won game has no moves");
    assert!(matches!(
        pos.play(mv("D8")),
        Err(PlayError::GameOver { .. })
    ));
}

// KY-8: file A to file H wins (rank 4).
#[test]
fn ky8_file_a_to_file_h_wins() {
    let mut pos = replay("D4 D5 E4 D5 C4 D5 F4 D5 B4 E5 G4 E5 A4 E5");
    assert_eq!(pos.winner(), None);
    pos.play(mv("H4")).unwrap();
    assert_eq!(pos.winner(), Some(Color::White));
    let net = pos.winning_network().unwrap();
    assert_eq!(
        net.squares(),
        kybo::Bitboard::rank(board_core::Rank::Fourth)
    );
    assert_eq!(net.len(), 8);
}

// KY-8: Black can win too (the player who just placed).
#[test]
fn ky8_black_wins_file_a_to_file_h() {
    // Black builds rank 5 while White stacks on D4/E4.
    let mut pos = replay("D4 D5 D4 E5 D4 C5 E4 F5 E4 B5 E4 G5 E4 A5 D4");
    pos.play(mv("H5")).unwrap();
    assert_eq!(pos.winner(), Some(Color::Black));
    assert_eq!(
        pos.winning_network().unwrap().squares(),
        kybo::Bitboard::rank(board_core::Rank::Fifth)
    );
}

// KY-8: a network joining two perpendicular edges (rank 1 and file A, through
// the corner A1) is not a KYBO.
#[test]
fn ky8_corner_joining_perpendicular_edges_does_not_win() {
    let mut pos = position(
        &[
            ("D4", "w"),
            ("D3", "w"),
            ("D2", "w"),
            ("D1", "w"),
            ("C1", "w"),
            ("B1", "w"),
            ("E4", "bbbb"),
            ("E5", "bb"),
        ],
        'w',
    );
    pos.play(mv("A1")).unwrap();
    assert_eq!(pos.winner(), None);
    assert_eq!(pos.outcome(), None);
    let net = pos.network_of(cube("A1^1")).unwrap();
    assert_eq!(net.len(), 7, "one network on rank 1 and file A");
}

// KY-8: a corner belongs to both of its edges: A1 completes file A → file H
// for a network lying on rank 1.
#[test]
fn ky8_corner_counts_for_both_edges() {
    let mut stacks = vec![("D4", "w"), ("D3", "w"), ("D2", "w")];
    for s in ["B1", "C1", "D1", "E1", "F1", "G1", "H1"] {
        stacks.push((s, "w"));
    }
    stacks.extend([("E4", "bbbb"), ("E5", "bbbb"), ("D5", "bb")]);
    let mut pos = position(&stacks, 'w');
    assert_eq!(pos.winning_squares().iter().collect::<Vec<_>>(), [sq("A1")]);
    pos.play(mv("A1")).unwrap();
    assert_eq!(pos.winner(), Some(Color::White));
    // and a corner counts for its rank: A8 joins rank 8 with rank 1 up file A.
    let mut stacks = vec![("D4", "w"), ("C4", "w"), ("B4", "w")];
    for s in ["A1", "A2", "A3", "A4", "A5", "A6", "A7"] {
        stacks.push((s, "w"));
    }
    stacks.extend([("E4", "bbbb"), ("E5", "bbbb"), ("D5", "bb")]);
    let mut pos = position(&stacks, 'w');
    assert_eq!(pos.winning_squares().iter().collect::<Vec<_>>(), [sq("A8")]);
    pos.play(mv("A8")).unwrap();
    assert_eq!(pos.winner(), Some(Color::White));
}

/// The full board of the draw test: colours alternate between neighbours on a
/// level and between levels, so no two cubes of one colour share a face.
fn checkerboard(skip: Option<Square>) -> String {
    let mut stacks: Vec<(String, String)> = Vec::new();
    for s in Square::ALL {
        if Some(s) == skip {
            continue;
        }
        let h = Zone::of(s).max_height() as usize;
        let stack: String = (0..h)
            .map(|l| {
                if (s.file().index() + s.rank().index() + l) % 2 == 0 {
                    'w'
                } else {
                    'b'
                }
            })
            .collect();
        stacks.push((s.to_string(), stack));
    }
    let refs: Vec<(&str, &str)> = stacks
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    text(&refs, if skip.is_some() { 'b' } else { 'w' })
}

// KY-9: the board full with no KYBO is a draw.
#[test]
fn ky9_full_board_draw() {
    let full = Position::from_text(&checkerboard(None)).unwrap();
    assert_eq!(full.total_cubes(), 120);
    assert_eq!(
        full.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::BoardFull
        })
    );
    assert!(full.is_draw());
    assert_eq!(full.count_legal_moves(), 0);
    // one move before: Black fills A2 (a Black cell of the pattern) and draws
    let mut pos = Position::from_text(&checkerboard(Some(Square::A2))).unwrap();
    assert_eq!(pos.outcome(), None);
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    assert_eq!(moves.to_vec(), [mv("A2")]);
    pos.play(mv("A2")).unwrap();
    assert_eq!(pos, full);
    assert!(matches!(
        pos.play(mv("D4")),
        Err(PlayError::GameOver {
            outcome: Outcome::Draw {
                reason: EndReason::BoardFull
            }
        })
    ));
}

// KY-10: move text with a level is checked against the position.
#[test]
fn ky10_move_text_with_level() {
    let pos = replay("E5 E5");
    assert_eq!(pos.parse_move("e5"), Ok(mv("E5")));
    assert_eq!(pos.parse_move("E5^3"), Ok(mv("E5")));
    assert_eq!(pos.move_text_with_level(mv("E5")), "E5^3");
    assert_eq!(
        pos.parse_move("E5^2"),
        Err(PlayError::LevelMismatch {
            square: sq("E5"),
            written: StackLevel::Second,
            actual: StackLevel::Third
        })
    );
    assert_eq!(pos.parse_move("F5^1"), Ok(mv("F5")));
    let full = replay("E5 E5 E5 E5");
    assert!(matches!(
        full.parse_move("E5^4"),
        Err(PlayError::StackFull { .. })
    ));
    assert!(matches!(
        pos.parse_move("E5^5"),
        Err(PlayError::Notation(_))
    ));
    assert!(matches!(pos.parse_move("Z5"), Err(PlayError::Notation(_))));
    assert!(matches!(pos.parse_move(""), Err(PlayError::Notation(_))));
    assert_eq!(mv("E5").to_string(), "E5");
}

// KY-12: a record lists the moves; replay names the first illegal move.
#[test]
fn ky12_record_round_trip_and_errors() {
    let record: kybo::Record = "d4  E4\nD4^2 e4^2".parse().unwrap();
    assert_eq!(record.to_string(), "D4 E4 D4^2 E4^2");
    assert_eq!(record.to_string().parse::<kybo::Record>().unwrap(), record);
    assert_eq!(
        record.moves().to_vec(),
        [mv("D4"), mv("E4"), mv("D4"), mv("E4")]
    );
    assert_eq!(record.len(), 4);
    assert!(!record.is_empty());
    assert!("".parse::<kybo::Record>().unwrap().is_empty());
    let game = record.replay().unwrap();
    assert_eq!(game.position().height(sq("D4")), 2);
    assert_eq!(game.moves(), record.moves());
    let err = "D4 E4 D4^3"
        .parse::<kybo::Record>()
        .unwrap()
        .replay()
        .unwrap_err();
    assert!(
        matches!(err, kybo::RecordError::Illegal { number: 3, .. }),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "move 3 D4^3: D4^3 was written but a cube placed there lands at level 2 (KY-10)"
    );
    let err = "D4 A1"
        .parse::<kybo::Record>()
        .unwrap()
        .replay()
        .unwrap_err();
    assert!(matches!(
        err,
        kybo::RecordError::Illegal {
            number: 2,
            error: PlayError::NoContact { .. },
            ..
        }
    ));
    let err = "D4 E4 X9".parse::<kybo::Record>().unwrap_err();
    assert!(
        matches!(err, kybo::RecordError::Parse { number: 3, .. }),
        "{err}"
    );
    assert!("".parse::<kybo::Record>().unwrap().is_empty());
    let built: kybo::Record = [mv("D4"), mv("D4")].into_iter().collect();
    assert_eq!(built.to_string(), "D4 D4");
    let mut pushed = kybo::Record::default();
    pushed.push(mv("E5"));
    assert_eq!(pushed.len(), 1);
}

// KY-8: winning squares of the player to move, also when the player to move is Black.
#[test]
fn ky8_winning_squares_query() {
    assert!(Position::default().winning_squares().is_empty());
    // Black to move with a column on file E from E1 to E7 (White stacks on D).
    let pos = replay("D4 E4 D4 E3 D4 E2 D5 E1 D5 E5 D5 E6 D5 E7");
    assert_eq!(pos.turn(), Color::White);
    let mut pos = pos;
    pos.play(mv("C4")).unwrap();
    assert_eq!(pos.winning_squares().iter().collect::<Vec<_>>(), [sq("E8")]);
}

// KY-6: the supply as a player reads it.
#[test]
fn ky6_supply_is_written_for_players() {
    use kybo::Supply;
    assert_eq!(Supply::Unlimited.to_string(), "unlimited");
    assert_eq!(Supply::PerPlayer(20).to_string(), "20 cubes per player");
    assert_eq!(Supply::PerPlayer(20).cubes(), Some(20));
    assert_eq!(Supply::Unlimited.cubes(), None);
}

// KY-6, KY-12: a record carries a limited supply as a tag, so the record text
// alone replays the game with it.
#[test]
fn ky12_record_carries_the_supply() {
    let mut game = kybo::Match::new(Position::new(Config::with_supply(2)));
    for s in ["D4", "D5", "D4", "D5"] {
        game.play(mv(s)).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::NoCubeLeft
        })
    );
    let text = game.record().to_string();
    assert_eq!(text, "[supply 2] D4 D5 D4 D5");
    let record: kybo::Record = text.parse().unwrap();
    assert_eq!(record.config(), Config::with_supply(2));
    assert_eq!(record.replay().unwrap(), game);
    // Without the tag the same moves leave the game going on.
    let plain: kybo::Record = "D4 D5 D4 D5".parse().unwrap();
    assert_eq!(plain.replay().unwrap().outcome(), None);
    // One move too many is reported by number and rule.
    let err = "[supply 2] D4 D5 D4 D5 E4"
        .parse::<kybo::Record>()
        .unwrap()
        .replay()
        .unwrap_err();
    assert!(matches!(
        err,
        kybo::RecordError::Illegal {
            number: 5,
            error: PlayError::NoCubeLeft {
                player: Color::White
            },
            ..
        }
    ));
    // Tags and blank space are read loosely, written one way.
    let loose: kybo::Record = "  [ supply  2 ]\n d4 ".parse().unwrap();
    assert_eq!(loose.to_string(), "[supply 2] D4");
    let unlimited: kybo::Record = "[supply unlimited] D4".parse().unwrap();
    assert_eq!(unlimited.to_string(), "D4");
    assert_eq!(
        "[supply 0]".parse::<kybo::Record>().unwrap().to_string(),
        "[supply 0]"
    );
}

// KY-11, KY-12: a game that starts elsewhere records its start position.
#[test]
fn ky12_record_carries_the_start_position() {
    let start = position(&[("D4", "w"), ("D5", "b")], 'w');
    let mut game = kybo::Match::new(start);
    game.play(mv("D3")).unwrap();
    game.play(mv("D6")).unwrap();
    let text = game.record().to_string();
    assert_eq!(
        text,
        format!("[start {}] D3 D6", start.to_text()),
        "the start, then the moves"
    );
    let record: kybo::Record = text.parse().unwrap();
    assert_eq!(record.start(), &start);
    assert_eq!(record.replay().unwrap(), game);
    // with a limited supply too: both tags, the start checked against it
    let limited =
        Position::from_text_with_config(&start.to_text(), Config::with_supply(3)).unwrap();
    let mut game = kybo::Match::new(limited);
    game.play(mv("E4")).unwrap();
    let text = game.record().to_string();
    assert!(text.starts_with("[supply 3] [start "), "{text}");
    assert_eq!(
        text.parse::<kybo::Record>().unwrap().replay().unwrap(),
        game
    );
    let either_order = format!("[start {}] [supply 3] E4", start.to_text());
    assert_eq!(
        either_order.parse::<kybo::Record>().unwrap().to_string(),
        text
    );
}

// KY-12: bad tags are errors with their own variants.
#[test]
fn ky12_record_tag_errors() {
    use kybo::{ConfigError, PositionError, RecordError};
    let err = |t: &str| t.parse::<kybo::Record>().unwrap_err();
    assert!(matches!(err("[supply 2"), RecordError::Tag { .. }));
    assert!(matches!(err("[colour w] D4"), RecordError::Tag { .. }));
    assert!(matches!(
        err("[supply 2] [supply 3]"),
        RecordError::Tag { .. }
    ));
    assert!(matches!(
        err("[supply 300] D4"),
        RecordError::Config(ConfigError::Supply { .. })
    ));
    assert!(matches!(
        err("[supply] D4"),
        RecordError::Config(ConfigError::MissingValue { option: "supply" })
    ));
    assert!(matches!(
        err("[start junk] D4"),
        RecordError::Start(PositionError::Fields { found: 1 })
    ));
    // a start position with more cubes than the supply
    let start = text(&[("D4", "wbw"), ("E4", "b")], 'w');
    assert!(matches!(
        err(&format!("[supply 1] [start {start}]")),
        RecordError::Start(PositionError::SupplyExceeded { .. })
    ));
    // tags come before the moves
    assert!(matches!(
        err("D4 [supply 2]"),
        RecordError::Parse { number: 2, .. }
    ));
    assert_eq!(
        err("[colour w] D4").to_string(),
        "\"[colour w]\": a record's tags are [supply N] and [start <position text>], each at most once, before the moves"
    );
}

// KY-6: the configuration text.
#[test]
fn ky6_config_text() {
    use kybo::ConfigError;
    assert_eq!(Config::default().to_string(), "supply unlimited");
    assert_eq!(Config::with_supply(7).to_string(), "supply 7");
    for config in [
        Config::default(),
        Config::with_supply(0),
        Config::with_supply(255),
    ] {
        assert_eq!(config.to_string().parse::<Config>(), Ok(config));
    }
    assert_eq!("  ".parse::<Config>(), Ok(Config::default()));
    assert_eq!(
        "colour w".parse::<Config>(),
        Err(ConfigError::UnknownOption {
            found: "colour".into()
        })
    );
    assert_eq!(
        "supply".parse::<Config>(),
        Err(ConfigError::MissingValue { option: "supply" })
    );
    assert_eq!(
        "supply 1 supply 2".parse::<Config>(),
        Err(ConfigError::Repeated { option: "supply" })
    );
    assert_eq!(
        "supply -1".parse::<Config>(),
        Err(ConfigError::Supply { found: "-1".into() })
    );
    let mut config = Config::default();
    config.set("supply", "9").unwrap();
    assert_eq!(config, Config::with_supply(9));
    assert!(config.set("supply", "lots").is_err());
    assert_eq!(config, Config::with_supply(9), "unchanged on error");
}

// KY-4, KY-10: what a click-to-move interface asks: the legal move on a
// square, where its cube lands, and afterwards where it rests.
#[test]
fn ky4_move_at_a_clicked_square() {
    let pos = replay("D4 D4 E4");
    for square in Square::ALL {
        let expected = pos.is_legal(Move::new(square)).then(|| Move::new(square));
        assert_eq!(pos.move_at(square), expected, "{square}");
    }
    let on_stack = pos.move_at(sq("D4")).unwrap();
    assert_eq!(pos.landing_level(on_stack), Some(StackLevel::Third));
    assert_eq!(pos.move_at(sq("A1")), None);
    let mut game = kybo::Match::new(pos);
    assert_eq!(game.last_cube(), None);
    game.play(on_stack).unwrap();
    assert_eq!(game.last_cube(), Some(cube("D4^3")));
    assert_eq!(game.position().cube(cube("D4^3")), Some(Color::Black));
    // a finished game offers no move anywhere
    let won = replay("D4 E4 D3 E5 D2 E4 D1 E5 D5 E4 D6 E5 D7 E4 D8");
    assert!(Square::ALL.iter().all(|&s| won.move_at(s).is_none()));
}

// KY-12: a match drives like a position through the Game trait, undo and
// redo included.
#[test]
fn ky12_match_through_the_game_trait() {
    use kybo::{Game, Match};
    let game = Match::default();
    assert_eq!(kybo::perft(&game, 4), kybo::perft(&Position::default(), 4));
    let mut game = Match::default();
    game.play(mv("D4")).unwrap();
    game.play(mv("D4")).unwrap();
    assert_eq!(game.undo(), Some(mv("D4")));
    assert_eq!(game.undone().collect::<Vec<_>>(), [mv("D4")]);
    // playing a new move forgets the undone one
    Game::play_unchecked(&mut game, mv("E4"));
    assert_eq!(game.redo(), None);
    assert_eq!(game.moves(), [mv("D4"), mv("E4")]);
    assert_eq!(game.positions().len(), 3);
    assert_eq!(game.config(), Config::default());
    assert_eq!(game.record().to_string(), "D4 E4");
    assert!(game.is_legal(mv("E4")));
    assert!(Game::is_legal(&game, mv("E4")));
    assert_eq!(
        Game::count_legal_moves(&game),
        game.legal_moves().len() as u64
    );
    assert_eq!(Match::from(*game.position()).start(), game.position());
}
