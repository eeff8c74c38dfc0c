//! The computer opponent ([`Agent`], [`RulesPolicy`]): what the rules make
//! plain it never gets wrong. Positions come from move sequences; what a
//! move hands the opponent is checked through the public move list, not the
//! agent's own helpers.

use board_core::{Agent as _, Budget, Computer, Policy, Rng};
use echec_o_cube::{Agent, Move, Player, Position, RulesPolicy};

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::default();
    for text in moves {
        let mv = pos.parse_move(text).unwrap();
        pos.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    pos
}

fn is_announced(mv: Move) -> bool {
    matches!(
        mv,
        Move::Place {
            announced: true,
            ..
        }
    )
}

/// Whether the player to move in `pos` can close a live square announced.
fn can_close(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&mv| is_announced(mv))
}

/// Positions of random games (uniformly random moves), every one of them.
fn random_positions(games: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut pos = Position::default();
        let mut rng = Rng::new(seed);
        loop {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos);
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    out
}

// EOC-15, EOC-16: in the lib's short game Two's dark in D5-D6 closes D5-E6
// (two darks on its outline: maximal, 12 points). The computer announces it.
#[test]
fn eoc15_the_computer_announces_its_closing() {
    let pos = after(&["P D5-E5", "F E5-E6", "P D6-E6"]);
    assert!(
        pos.is_legal("F D5-D6".parse().unwrap()),
        "the unannounced form is legal too"
    );
    for seed in 0..5 {
        let mv = Agent::new(seed).choose(&pos, Budget::nodes(300));
        assert_eq!(mv, Some("F D5-D6!".parse().unwrap()), "seed {seed}");
    }
    let mut next = pos;
    next.play("F D5-D6!".parse().unwrap()).unwrap();
    assert_eq!(next.points(Player::Two), 12);
}

/// Whether closing with `mv` (announced) ends the run, by the legal moves
/// alone: the closer plays again, no placement closes then, and every
/// placement hands the opponent a closing.
fn ends_the_run(pos: &Position, mv: Move) -> bool {
    let hands_over = |pos: &Position, mv: Move| {
        let mut next = *pos;
        next.play_unchecked(mv);
        next.turn() != pos.turn() && can_close(&next)
    };
    let mut next = *pos;
    next.play_unchecked(mv);
    let placements = next.legal_moves();
    next.turn() == pos.turn()
        && !placements.is_empty()
        && !can_close(&next)
        && placements.iter().all(|&p| hands_over(&next, p))
}

/// The placement `mv`, announced or not.
fn announced_as(mv: Move, announced: bool) -> Move {
    match mv {
        Move::Place { kind, segment, .. } if announced => Move::announce(kind, segment),
        Move::Place { kind, segment, .. } => Move::place(kind, segment),
        other => other,
    }
}

// EOC-15: in every position of random games where a closing can be
// announced, the computer closes: announced, or unannounced only where
// that closing ends the run (never a quiet placement that lets the square
// go).
#[test]
fn eoc15_the_computer_closes_announced_but_at_the_end_of_a_run() {
    let mut checked = 0;
    for (i, pos) in random_positions(6).into_iter().enumerate() {
        if pos.claimable().is_some() || !can_close(&pos) || i % 3 != 0 {
            continue;
        }
        let mv = Agent::new(i as u64)
            .choose(&pos, Budget::nodes(60))
            .unwrap();
        let announced = announced_as(mv, true);
        assert!(
            is_announced(mv) || pos.is_legal(announced) && ends_the_run(&pos, announced),
            "{mv} in {}",
            pos.to_text()
        );
        checked += 1;
    }
    assert!(checked > 20, "only {checked} positions with a closing");
}

// EOC-15 to EOC-17: where a placement closes, the search keeps every
// announced closing, and a closing unannounced exactly where it ends the
// run; without `decline`, never. Checked in every position of random
// games, where both kinds occur.
#[test]
fn eoc17_the_search_declines_a_closing_only_at_the_end_of_a_run() {
    let (mut declined, mut kept) = (0, 0);
    for pos in random_positions(60) {
        if pos.claimable().is_some() || !can_close(&pos) {
            continue;
        }
        let legal = pos.legal_moves();
        let mut pruned = legal.clone();
        RulesPolicy::default().prune(&pos, &mut pruned);
        for &mv in legal.iter().filter(|&&mv| is_announced(mv)) {
            let ends = ends_the_run(&pos, mv);
            assert!(pruned.contains(&mv), "{}", pos.to_text());
            assert_eq!(
                pruned.contains(&announced_as(mv, false)),
                ends,
                "{mv} in {}",
                pos.to_text()
            );
            declined += usize::from(ends);
            kept += 1;
        }
        let mut strict = legal.clone();
        RulesPolicy {
            decline: false,
            ..RulesPolicy::default()
        }
        .prune(&pos, &mut strict);
        assert!(
            strict.iter().all(|&mv| is_announced(mv)),
            "{}",
            pos.to_text()
        );
    }
    assert!(
        declined > 5 && kept > declined,
        "{declined} declines of {kept}"
    );
}

// EOC-17: after Two closed D5-E6 unannounced, One may claim its 12 points.
// The computer claims, then places.
#[test]
fn eoc17_the_computer_claims_claimable_points() {
    let pos = after(&["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"]);
    assert_eq!(pos.claimable(), Some(12));
    let mut agent = Position::computer(3);
    assert_eq!(agent.choose(&pos, Budget::nodes(300)), Some(Move::Claim));
    // And in every random position with points to claim.
    let mut checked = 0;
    for pos in random_positions(6) {
        if pos.claimable().is_some() {
            assert_eq!(agent.choose(&pos, Budget::nodes(30)), Some(Move::Claim));
            checked += 1;
        }
    }
    assert!(checked > 10, "only {checked} positions with a claim");
}

// EOC-12, EOC-16: where a quiet placement hands the opponent nothing to
// close, the computer does not hand a square over by accident: after its
// move the opponent has no announced closing.
#[test]
fn eoc12_the_computer_hands_nothing_over_while_it_can() {
    let mut checked = 0;
    for (i, pos) in random_positions(8).into_iter().enumerate() {
        if pos.piece_count() > 18 || pos.claimable().is_some() || can_close(&pos) {
            continue;
        }
        let safe_exists = pos.legal_moves().iter().any(|&mv| {
            let mut next = pos;
            next.play_unchecked(mv);
            next.turn() != pos.turn() && !can_close(&next)
        });
        if !safe_exists || pos.piece_count() == 0 {
            continue;
        }
        let mv = Agent::new(i as u64)
            .choose(&pos, Budget::nodes(40))
            .unwrap();
        let mut next = pos;
        next.play(mv).unwrap();
        assert!(
            !can_close(&next),
            "{mv} hands a square over in {}",
            pos.to_text()
        );
        checked += 1;
    }
    assert!(checked > 30, "only {checked} positions checked");
}

// The same seed and node budget give the same moves, move after move; the
// agent is Send and usable as the game's Computer from generic code.
#[test]
fn same_seed_and_nodes_give_the_same_game() {
    fn game_of<G: Computer>(start: G, seed: u64, plies: usize) -> Vec<G::Move> {
        let mut agent = G::computer(seed);
        let mut game = start;
        let mut moves = Vec::new();
        while moves.len() < plies {
            let Some(mv) = agent.choose(&game, Budget::nodes(80)) else {
                break;
            };
            game.play(mv).unwrap();
            moves.push(mv);
        }
        moves
    }
    fn is_send<T: Send>(_: &T) {}
    is_send(&Agent::new(1));
    let a = game_of(Position::default(), 11, 40);
    assert_eq!(a.len(), 40);
    assert_eq!(a, game_of(Position::default(), 11, 40));
    // Another seed plays another game (the first move is free among 224).
    assert_ne!(a, game_of(Position::default(), 12, 40));
}

// EOC-19: a policy playout ends the game, and its graded reward goes to the
// player with the higher final count, more for a wider margin.
#[test]
fn eoc19_a_playout_is_graded_by_the_final_counts() {
    let mut policy = RulesPolicy::default();
    let mut wins = [0; 2];
    for seed in 0..20 {
        let mut pos = Position::default();
        let graded = policy.playout_reward(&mut pos, &mut Rng::new(seed), 1_000);
        assert!(pos.is_over());
        let margin = pos.final_count(Player::One) - pos.final_count(Player::Two);
        match graded {
            None => assert_eq!(margin, 0),
            Some((winner, reward)) => {
                assert_eq!(winner == Player::One, margin > 0, "margin {margin}");
                assert!((0.75..=1.0).contains(&reward), "{reward}");
                let full = f64::from(margin.unsigned_abs()) >= f64::from(policy.margin);
                assert_eq!(reward == 1.0, full, "margin {margin}, reward {reward}");
                wins[winner.index()] += 1;
            }
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}
