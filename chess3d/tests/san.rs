//! C3-20: the short move text (`Position::san`, read by `parse_move`): every
//! legal move of random positions on 1 to 3 levels reads back as itself,
//! never as another move, and is no longer than the full text.

mod common;
use common::fen;

use board_core::{Game, Rng};
use chess3d::{Config, Move, Position, Record};

/// Every legal move of `pos`: its short text reads back as the move.
fn round_trips(pos: &Position) -> usize {
    let moves = pos.legal_moves();
    for &mv in &moves {
        let short = pos.san(mv);
        assert_eq!(
            pos.parse_move(&short),
            Ok(mv),
            "{short:?} for {mv:#} in {}",
            pos.fen()
        );
        let full = format!("{mv:#}");
        assert!(
            short.trim_end_matches(['+', '#']).len() <= full.len(),
            "{short} {full}"
        );
        // Either case, and a check mark left off, read the same.
        let bare = short.trim_end_matches(['+', '#']);
        assert_eq!(pos.parse_move(&bare.to_lowercase()), Ok(mv), "{short}");
    }
    moves.len()
}

// C3-20: random games on 1, 2 and 3 levels, every legal move at every ply.
#[test]
fn c3_20_short_text_reads_back_as_the_move_in_random_games() {
    let mut checked = 0;
    for levels in 1..=3 {
        for seed in 0..3u64 {
            let mut pos = Position::new(Config::new(levels).unwrap());
            let mut rng = Rng::new(seed * 7 + levels as u64);
            for _ in 0..160 {
                checked += round_trips(&pos);
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play(mv).unwrap();
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

// C3-20: where two pieces of a kind reach one square, on one level or on
// two, the origin or the level is written, and only then; promotions,
// checks and mates are marked.
#[test]
fn c3_20_short_text_names_what_tells_moves_apart() {
    // Knights on N1/B1 and N1/F1 both reach N1/D2; a knight on N2/B1 reaches N2/D2.
    let pieces = [
        ("N1/B1", 'N'),
        ("N1/F1", 'N'),
        ("N2/B1", 'N'),
        ("N1/H1", 'K'),
        ("N3/H8", 'k'),
        ("N3/A7", 'P'),
    ];
    let pos = Position::from_fen(&fen(3, &pieces, "w - - 0 1")).unwrap();
    let san = |text: &str| pos.san(pos.parse_move(text).unwrap());
    // B1 alone would fit N2/B1 too, N1/D2 alone N1/F1: both are written.
    assert_eq!(san("N1/B1-N1/D2"), "NB1N1/D2");
    assert_eq!(san("N2/B1-N2/D2"), "NN2/D2");
    assert_eq!(san("N1/B1-N1/A3"), "NN1/A3");
    assert_eq!(san("N1/F1-N1/E3"), "NE3");
    assert_eq!(san("N3/A7-N3/A8=Q"), "A8=Q+"); // the queen checks along rank 8
    assert_eq!(
        pos.parse_move("ND2").unwrap_err().to_string(),
        "ND2 is ambiguous: N1/B1-N1/D2 or N1/F1-N1/D2 or N2/B1-N2/D2 (C3-20)"
    );
    let start = Position::default();
    assert_eq!(
        start.san(start.parse_move("N2/A8-N1/A6").unwrap()),
        "NN1/A6"
    );
    round_trips(&pos);
    // A rook mates on one level: `#`.
    let mate = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    assert_eq!(mate.san(mate.parse_move("A1-A8").unwrap()), "RA8#");
    let check = Position::from_fen("6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    assert_eq!(check.san(check.parse_move("A1-A8").unwrap()), "RA8+");
}

// C3-20: a record can be written in short text, and reads back the same.
#[test]
fn c3_20_records_in_short_text_read_back() {
    let mut pos = Position::default();
    let mut rng = Rng::new(5);
    let mut moves: Vec<Move> = Vec::new();
    while moves.len() < 120 {
        let Some(mv) = pos.random_move(&mut rng) else {
            break;
        };
        pos.play(mv).unwrap();
        moves.push(mv);
    }
    let record = Record::new(Position::default(), moves);
    let short = record.to_short_text();
    assert!(short.len() < record.to_string().len() * 2 / 3, "{short}");
    assert_eq!(short.parse::<Record>(), Ok(record));
}
