use board_core::{perft, Game, MoveList, Rng};
use echec_o_cube::{Config, Position};
use std::time::Instant;

#[test]
fn timing() {
    let start = <Position as Game>::from_config(Config::default());
    let t = Instant::now();
    let n = perft(&start, 6);
    eprintln!("TIMING perft6 default {n} in {:?}", t.elapsed());
    let fam = <Position as Game>::from_config(Config::FAMILY);
    let t = Instant::now();
    let n = perft(&fam, 4);
    eprintln!("TIMING perft4 family {n} in {:?}", t.elapsed());
    let t = Instant::now();
    let mut moves = MoveList::new();
    let mut plies = 0u64;
    for seed in 0..20000u64 {
        let mut pos = start.clone();
        let mut rng = Rng::new(seed);
        loop {
            pos.generate_moves(&mut moves);
            if moves.is_empty() { break; }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            plies += 1;
        }
    }
    eprintln!("TIMING playouts 3000 ({plies} plies) in {:?}", t.elapsed());
}
