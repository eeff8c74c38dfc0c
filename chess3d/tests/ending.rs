//! C3-16, C3-17: every game ends. `Position::outcome` knows checkmate and
//! stalemate (C3-16, no legal move left) and the automatic draws that need no
//! history (C3-17: dead position, 75-move rule). Perft counts through those
//! draws (C3-22), so the position still lists its pieces' moves there; a
//! `Match` lists none and refuses every move.

mod common;
use common::fen;

use board_core::{perft, Game, History, Outcome, Rng};
use chess3d::{Config, EndReason, Match, PlayError, Position};

/// The longest a game can last, in plies. Without a capture or a pawn move
/// the 75-move rule ends it within 150 plies (C3-17). Captures take one of
/// the 30 pieces that are not kings, at most 30 times; a pawn moves forward
/// only, at most 6 times from rank 2 (7) to the last rank, so 16 pawns move
/// at most 96 times. The clock is reset at most 30 + 96 = 126 times, so a
/// game lasts at most 127 × 150 = 19 050 plies.
const MAX_PLIES: usize = 127 * 150;

// C3-17 (and C3-16): random games from the default starts on 3, 1 and 2
// levels, driven through `board_core::History` with random legal moves
// (played with `play`, so `check` accepts each), end with an outcome within
// the bound above; after a mate or stalemate there is no legal move.
#[test]
fn c3_17_every_random_game_ends_within_the_bound() {
    let mut longest = 0;
    let mut reasons = Vec::new();
    for levels in [3, 1, 2] {
        for seed in 0..4u64 {
            let start = if levels == 3 {
                Position::default()
            } else {
                Position::new(Config::new(levels).unwrap())
            };
            let mut history = History::new(start);
            let mut rng = Rng::new(seed * 17 + levels as u64);
            let mut plies = 0;
            while history.position().outcome().is_none() {
                let pos = history.position();
                let mv = pos
                    .random_move(&mut rng)
                    .unwrap_or_else(|| panic!("no move, no outcome: {}", pos.fen()));
                history.play(mv).unwrap();
                plies += 1;
                assert!(plies <= MAX_PLIES, "{levels} levels, seed {seed}: no end");
            }
            let end = history.position();
            let outcome = end.outcome().unwrap();
            if matches!(outcome, Outcome::Win { .. })
                || outcome
                    == (Outcome::Draw {
                        reason: EndReason::Stalemate,
                    })
            {
                assert!(end.legal_moves().is_empty(), "{}", end.fen());
                assert_eq!(end.count_legal_moves(), 0);
                assert_eq!(end.random_move(&mut rng), None);
            } else {
                // C3-22: the pieces keep their moves for perft.
                assert!(!end.legal_moves().is_empty(), "{}", end.fen());
            }
            longest = longest.max(plies);
            reasons.push(end.outcome().unwrap());
        }
    }
    assert!(longest > 100, "games too short to mean anything: {longest}");
    assert!(
        reasons.iter().any(|o| *o
            == Outcome::Draw {
                reason: EndReason::SeventyFiveMoves
            }
            || *o
                == Outcome::Draw {
                    reason: EndReason::DeadPosition
                }),
        "no game ended by C3-17: {reasons:?}"
    );
}

// C3-17: the 75-move rule ends the game at the 150th half-move, the
// position says so; perft counts on (C3-22) while the `Match` has no move and
// refuses one as a game over; at 149 the game goes on.
#[test]
fn c3_17_seventy_five_moves_end_the_position() {
    let pieces = [("N2/A1", 'R'), ("N2/C1", 'K'), ("N2/C8", 'k')];
    let going = Position::from_fen(&fen(3, &pieces, "w - - 149 100")).unwrap();
    assert_eq!(going.outcome(), None);
    let mv = going.parse_move("N2/A1-N2/A2").unwrap();
    let mut over = going.clone();
    over.play(mv).unwrap();
    let draw = Outcome::Draw {
        reason: EndReason::SeventyFiveMoves,
    };
    assert_eq!(over.outcome(), Some(draw));
    assert_eq!(over.legal_moves().len(), 5, "the black king's moves");
    assert!(perft(&over, 2) > 0);
    let reply = over.parse_move("N2/C8-N2/D8").unwrap();
    assert_eq!(over.check(reply), Ok(()));
    let mut game = Match::new(going);
    game.play(mv).unwrap();
    assert_eq!(game.outcome(), Some(draw));
    assert!(game.legal_moves().is_empty());
    assert_eq!(perft(&game, 1), 0);
    let err = game.check(reply).unwrap_err();
    assert_eq!(err, PlayError::GameOver { outcome: draw });
    assert!(err.to_string().contains("C3-17"), "{err}");
    assert_eq!(game.clone().play(reply), Err(err));
    assert!(!game.is_legal(reply));
}

// C3-16 before C3-17: a mate on the move that reaches the 150th half-move
// still wins.
#[test]
fn c3_16_mate_comes_before_the_seventy_five_move_rule() {
    // One level: rooks on A7 and B1, B1-B8 mates the king on H8 (the rook
    // on A7 holds rank 7).
    let pieces = [
        ("N1/A7", 'R'),
        ("N1/B1", 'R'),
        ("N1/C1", 'K'),
        ("N1/H8", 'k'),
    ];
    let one = Position::from_fen(&fen(1, &pieces, "w - - 149 100")).unwrap();
    let mut mated = one.clone();
    mated.play(one.parse_move("N1/B1-N1/B8").unwrap()).unwrap();
    assert_eq!(mated.halfmove_clock(), 150);
    assert_eq!(
        mated.outcome(),
        Some(Outcome::Win {
            winner: chess3d::Color::White,
            reason: EndReason::Checkmate
        })
    );
}

// C3-17: a capture that leaves bare kings ends the position at once: the
// position itself says it is dead (its king still has moves for perft,
// C3-22; the match refuses them).
#[test]
fn c3_17_capture_to_bare_kings_is_a_dead_position() {
    let pieces = [("N1/A1", 'K'), ("N2/B2", 'q'), ("N3/H8", 'k')];
    let mut pos = Position::from_fen(&fen(3, &pieces, "w - - 0 1")).unwrap();
    assert_eq!(pos.outcome(), None);
    pos.play(pos.parse_move("N1/A1xN2/B2").unwrap()).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::DeadPosition
        })
    );
    assert!(pos.count_legal_moves() > 0);
    let game = Match::new(pos.clone());
    assert!(matches!(
        game.check(pos.parse_move("N3/H8-N3/G8").unwrap()),
        Err(PlayError::GameOver { .. })
    ));
}
