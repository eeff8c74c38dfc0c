//! Whole random games: the invariants of play, the incremental hash (C3-17),
//! the position text (C3-19) and records (C3-20) along the way, and bad input.

use board_core::{random_playout, Game, MoveList, Rng};
use chess3d::{FixedPosition, Match, Move, MoveKind, PlayError, Position, Record};
use proptest::prelude::*;

/// Plays a random game of `levels` levels, checking at every ply.
fn check_game(levels: usize, seed: u64, plies: usize) {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new(chess3d::Config::new(levels).unwrap());
    let mut game = Match::new(pos.clone());
    let mut list = MoveList::new();
    for _ in 0..plies {
        // C3-17: the incremental hash equals the one computed from scratch.
        assert_eq!(pos.zobrist(), pos.compute_hash(), "{}", pos.fen());
        // C3-19: the text reads back to the same position.
        assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos);
        pos.generate_moves(&mut list);
        assert_eq!(pos.count_legal_moves(), list.len() as u64);
        if list.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        // C3-20: every move's text reads back to the move.
        for mv in &list {
            assert_eq!(pos.parse_move(&mv.to_string()).unwrap(), *mv);
            assert!(pos.is_legal(*mv));
        }
        // A move that is not listed is refused, and nothing changes.
        let from = list[rng.below(list.len())].from();
        let to = list[rng.below(list.len())].to();
        let odd = Move::new(from, to, MoveKind::Normal);
        if !list.iter().any(|m| {
            m.from() == from && m.to() == to && m.promotion().is_none() && !m.is_castling()
        }) {
            let before = pos.clone();
            assert!(pos.play(odd).is_err());
            assert_eq!(pos, before);
        }
        let mv = list[rng.below(list.len())];
        let mut checked = pos.clone();
        checked.play(mv).unwrap();
        pos.play_unchecked(mv);
        assert_eq!(checked, pos);
        if game.outcome().is_none() {
            game.play(mv).unwrap();
        }
    }
    // The record of the match replays to its position.
    let record = game.record();
    let text = record.to_string();
    let back: Record = text.parse().unwrap();
    assert_eq!(back, record);
    assert_eq!(back.replay().unwrap().position(), game.position());
}

// C3-17, C3-19, C3-20: random games on 1, 3 and 5 levels.
#[test]
fn c3_17_random_games_keep_every_invariant() {
    for seed in 0..6 {
        check_game(3, seed, 300);
        check_game(1, seed, 200);
        check_game(5, seed, 150);
    }
}

// C3-16, C3-17: playouts to the end on the Match reach a result.
#[test]
fn c3_16_c3_17_playouts_end() {
    let mut reasons = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut game = Match::new(Position::new(
            chess3d::Config::new(1 + (seed % 3) as usize).unwrap(),
        ));
        let p = random_playout(&mut game, &mut Rng::new(seed), 3000);
        let outcome = p.outcome.expect("a finished game");
        reasons.insert(outcome.reason().to_string());
        let mut list = MoveList::new();
        game.generate_moves(&mut list);
        assert!(list.is_empty());
    }
    assert!(reasons.len() >= 2, "{reasons:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    // C3-17: incremental hash against recomputed, on random 3-level games.
    #[test]
    fn c3_17_incremental_hash_matches_recomputed(seed in any::<u64>(), plies in 0usize..120) {
        let mut pos = FixedPosition::<3>::default();
        let mut rng = Rng::new(seed);
        let mut list = MoveList::new();
        for _ in 0..plies {
            pos.generate_moves(&mut list);
            if list.is_empty() { break; }
            pos.play_unchecked(list[rng.below(list.len())]);
            prop_assert_eq!(pos.zobrist(), pos.compute_hash());
        }
    }

    // C3-19: any text is a typed error or a valid position, never a panic.
    #[test]
    fn c3_19_any_text_is_an_error_or_a_valid_position(text in "[1-8pnbrqkPNBRQK/|]{0,80} [wbx] (-|K?Q?k?q?) (-|[Nn][1-4]/?[a-hA-H][1-8]|[a-h][36]) [0-9]{1,3} [0-9]{1,3}") {
        if let Ok(pos) = Position::from_fen(&text) {
            prop_assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos);
        }
    }

    // C3-20: any move text is read or refused with an error; play never panics.
    #[test]
    fn c3_20_any_move_text_is_safe(text in "\\PC{0,20}", cells in "[Nn][0-9]/?[a-iA-I][0-9][-xX][Nn][0-9]/?[a-iA-I][0-9](=[QRBNK])?") {
        let pos = Position::default();
        for t in [&text, &cells] {
            if let Ok(mv) = pos.parse_move(t) {
                let mut p = pos.clone();
                match p.play(mv) {
                    Ok(()) => prop_assert!(pos.is_legal(mv)),
                    Err(e) => {
                        prop_assert_eq!(&p, &pos);
                        prop_assert!(!matches!(e, PlayError::Notation(_)));
                    }
                }
            }
        }
        let _ = format!("{}\n{text}", pos.fen()).parse::<Record>();
    }
}

/// Valid position texts to mutate.
const SEEDS: [&str; 4] = [
    "8/8/8/8/8/8/8/8|nrkqrbbn/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN|8/8/8/8/8/8/8/8 b KQkq - 0 1",
    "8/8/8/8/8/8/8/8|nrkqrbbn/pppppppp/8/8/4P3/8/PPPP1PPP/NRKQRBBN|8/8/8/8/8/8/8/8 b KQkq N2/E3 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w - e6 0 2",
    "8/8/8/8/8/8/8/k7|8/8/8/8/8/8/8/8|1Q6/8/8/8/8/8/8/K7 b - - 12 40",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    // C3-19: a valid text with one character changed is read back exactly or
    // refused with a reason; an accepted one obeys every C3-19 rule.
    #[test]
    fn c3_19_mutated_texts_are_valid_or_refused(seed in 0usize..4, at in any::<prop::sample::Index>(), c in "[0-9a-zA-Z/| -]") {
        let base = SEEDS[seed];
        let i = at.index(base.len());
        let text = format!("{}{}{}", &base[..i], c, &base[i + 1..]);
        match Position::from_fen(&text) {
            Ok(pos) => {
                prop_assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos.clone());
                let kings = pos.pieces().filter(|(_, p)| p.role == chess3d::Role::King).count();
                prop_assert_eq!(kings, 2);
                let pawns_on_back_rank = pos.pieces().any(|(c, p)| {
                    p.role == chess3d::Role::Pawn && matches!(c.square().rank().index(), 0 | 7)
                });
                prop_assert!(!pawns_on_back_rank);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

// C3-17, C3-20: a match keeps its start position and the moves played.
#[test]
fn match_keeps_its_start_and_moves() {
    use chess3d::Match;
    let start = Position::default();
    let mut game = Match::new(start.clone());
    let first = game.parse_move("N2/E7-N2/E5").unwrap();
    game.play(first).unwrap();
    let second = game.parse_move("N2/E2-N2/E4").unwrap();
    game.play(second).unwrap();
    assert_eq!(game.start(), &start);
    assert_eq!(game.moves(), &[first, second]);
    assert_ne!(game.position(), &start);
    // A start other than the default one is kept too.
    let one_level = Position::new(chess3d::Config::new(1).unwrap());
    let game = Match::new(one_level.clone());
    assert_eq!(game.start(), &one_level);
    assert_ne!(game.start(), &Position::default());
}

// C3-20: a record built by hand is checked when replayed; the first illegal
// move is named by its number, counted from 1.
#[test]
fn hand_built_record_names_its_first_illegal_move() {
    let start = Position::default();
    let e5 = start.parse_move("N2/E7-N2/E5").unwrap();
    let mut after = start.clone();
    after.play(e5).unwrap();
    let d4 = after.parse_move("N2/D2-N2/D4").unwrap();
    // Black's pawn has left E7: playing e5 again is illegal, as move 3.
    let record = Record::new(start, vec![e5, d4, e5]);
    for err in [record.replay().unwrap_err(), record.replay().unwrap_err()] {
        assert!(
            matches!(err, chess3d::RecordError::Move { number: 3, .. }),
            "{err}"
        );
    }
}
