//! The computer opponent ([`chess3d::Agent`]): it mates, wins material,
//! keeps its own, is deterministic under a node budget, respects its budget
//! and plays whole games. Mates and material are checked here by brute
//! force over the legal moves, not by the agent's own search.

mod common;

use std::time::{Duration, Instant};

use board_core::{Agent as _, Budget, Color, Computer, Game, Outcome};
use chess3d::{Agent, Config, Match, Move, Position, Role};
use common::fen;

fn pos(levels: usize, pieces: &[(&str, char)], rest: &str) -> Position {
    let text = fen(levels, pieces, rest);
    Position::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn after(p: &Position, mv: Move) -> Position {
    let mut next = p.clone();
    next.play(mv).expect("the agent's move is legal");
    next
}

/// Whether the side to move is checkmated (C3-16).
fn is_mate(p: &Position) -> bool {
    p.legal_moves().is_empty() && p.is_check()
}

/// Whether `mv` mates at once.
fn mates(p: &Position, mv: Move) -> bool {
    is_mate(&after(p, mv))
}

/// Whether `mv` forces mate on the next move: every reply allows a mate in one.
fn mates_in_two(p: &Position, mv: Move) -> bool {
    let next = after(p, mv);
    let replies = next.legal_moves();
    !replies.is_empty()
        && replies.iter().all(|&r| {
            let third = after(&next, r);
            third.legal_moves().iter().any(|&m| mates(&third, m))
        })
}

/// Three levels, the Black king on N2/H8 boxed in by its pawns, White's
/// queen on N2/A1 to mate along rank 8; `rest` the position text's last
/// fields (side to move, castling, en passant, counters).
fn boxed_king(rest: &str) -> Position {
    pos(
        3,
        &[
            ("N2/H8", 'k'),
            ("N2/G7", 'p'),
            ("N2/H7", 'p'),
            ("N2/A1", 'Q'),
            ("N2/H1", 'K'),
        ],
        rest,
    )
}

// C3-16: checkmate wins; the agent finds a mate in one on 3 levels.
#[test]
fn finds_a_mate_in_one() {
    // The Black king on N2/H8 cannot leave N2 (C3-8) and its pawns box it
    // in: the queen mates along rank 8 (brute force lists every mating move).
    let p = boxed_king("w - - 0 1");
    let mating: Vec<Move> = p
        .legal_moves()
        .into_iter()
        .filter(|&m| mates(&p, m))
        .collect();
    assert!(!mating.is_empty(), "the position has a mate in one");
    for seed in 0..3 {
        let mut agent = Agent::new(seed);
        let mv = agent.choose(&p, Budget::nodes(5_000)).unwrap();
        assert!(mating.contains(&mv), "seed {seed}: {mv} does not mate");
        assert_eq!(agent.last_search().unwrap().mate_in(), Some(1));
    }
}

// C3-16: a mate in two on 3 levels (the back-rank sacrifice N2/D2-N2/D8+,
// N2/C8xN2/D8, N2/D1xN2/D8#), with no mate in one.
#[test]
fn finds_a_mate_in_two() {
    let p = pos(
        3,
        &[
            ("N2/H8", 'k'),
            ("N2/G7", 'p'),
            ("N2/H7", 'p'),
            ("N2/C8", 'r'),
            ("N2/D1", 'R'),
            ("N2/D2", 'R'),
            ("N2/H1", 'K'),
            ("N2/G2", 'P'),
            ("N2/H2", 'P'),
        ],
        "w - - 0 1",
    );
    let moves = p.legal_moves();
    assert!(moves.iter().all(|&m| !mates(&p, m)), "no mate in one");
    assert!(
        moves.iter().any(|&m| mates_in_two(&p, m)),
        "a mate in two exists"
    );
    let mut agent = Agent::new(3);
    let mv = agent.choose(&p, Budget::nodes(200_000)).unwrap();
    assert!(mates_in_two(&p, mv), "{mv} does not force mate in two");
    assert_eq!(agent.last_search().unwrap().mate_in(), Some(2));
    // And it finishes the job: after the forced reply, it mates.
    let next = after(&p, mv);
    let reply = next.legal_moves()[0];
    let third = after(&next, reply);
    let last = agent.choose(&third, Budget::nodes(50_000)).unwrap();
    assert!(mates(&third, last), "{last} does not mate");
}

#[test]
fn takes_a_hanging_queen() {
    // White's rook on N1/D5 takes the Black queen straight above it on N2/D5
    // (C3-4); the Black knight on N1/A8 is also there for the taking.
    let p = pos(
        3,
        &[
            ("N2/C8", 'k'),
            ("N2/D5", 'q'),
            ("N1/A8", 'n'),
            ("N1/D5", 'R'),
            ("N1/A1", 'R'),
            ("N2/C1", 'K'),
        ],
        "w - - 0 1",
    );
    let want = p.parse_move("N1/D5xN2/D5").unwrap();
    assert!(p.is_legal(want));
    for seed in 0..3 {
        let mv = Agent::new(seed).choose(&p, Budget::nodes(20_000)).unwrap();
        assert_eq!(mv, want, "seed {seed}");
    }
}

/// Whether a legal move of the side to move in `p` takes a queen.
fn can_take_queen(p: &Position) -> bool {
    p.legal_moves()
        .iter()
        .any(|&m| p.captured(m).is_some_and(|c| c.role == Role::Queen))
}

#[test]
fn does_not_leave_its_queen_to_be_taken() {
    // Black's pawn on N2/E6 attacks the White queen on N2/D5 (and N3/D5 is
    // attacked by the pawn too: pawns capture one level up or down, C3-9).
    let p = pos(
        3,
        &[
            ("N2/C8", 'k'),
            ("N2/E6", 'p'),
            ("N2/A7", 'p'),
            ("N2/D5", 'Q'),
            ("N2/C1", 'K'),
            ("N2/H2", 'P'),
        ],
        "w - - 0 1",
    );
    assert!(
        can_take_queen(&after(&p, p.parse_move("N2/H2-N2/H3").unwrap())),
        "a waiting move loses the queen"
    );
    for seed in 0..3 {
        let mv = Agent::new(seed).choose(&p, Budget::nodes(20_000)).unwrap();
        let next = after(&p, mv);
        assert!(
            !can_take_queen(&next),
            "seed {seed}: after {mv} Black takes the queen"
        );
    }
}

#[test]
fn the_same_seed_and_nodes_give_the_same_moves() {
    let play = |seed: u64| {
        let mut agent = Agent::new(seed);
        let mut p = Position::default();
        let mut moves = Vec::new();
        for _ in 0..6 {
            let mv = agent.choose(&p, Budget::nodes(3_000)).unwrap();
            moves.push((mv, agent.last_search()));
            p.play(mv).unwrap();
        }
        moves
    };
    assert_eq!(play(11), play(11));
}

#[test]
fn a_budget_of_one_node_still_gives_a_legal_move() {
    let starts = [
        Position::default(),
        Position::new(Config::new(1).unwrap()),
        Position::new(Config::new(5).unwrap()),
        Position::new(Config::new(8).unwrap()),
    ];
    for p in starts {
        let mut agent = Agent::new(0);
        let mv = agent.choose(&p, Budget::nodes(1)).unwrap();
        assert!(p.is_legal(mv), "{mv} in {}", p.fen());
        assert!(agent.last_search().unwrap().nodes <= 1);
    }
}

#[test]
fn the_node_budget_bounds_the_search() {
    let mut agent = Agent::new(0);
    for nodes in [10, 1_000, 7_777] {
        agent.choose(&Position::default(), Budget::nodes(nodes));
        let report = agent.last_search().unwrap();
        assert!(report.nodes <= nodes, "{} > {nodes}", report.nodes);
    }
}

#[test]
fn no_move_in_a_finished_position() {
    // Fool's mate on one level (C3-21): White is mated.
    let p =
        Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w - - 1 3").unwrap();
    assert!(is_mate(&p));
    assert_eq!(Agent::new(0).choose(&p, Budget::nodes(1_000)), None);
}

#[test]
fn the_time_limit_is_respected() {
    // A generous bound: the machine may be busy and this may be a debug build.
    let mut agent = Agent::new(5);
    let start = Instant::now();
    let mv = agent.choose(
        &Position::default(),
        Budget::time(Duration::from_millis(100)),
    );
    let spent = start.elapsed();
    assert!(Position::default().is_legal(mv.unwrap()));
    assert!(spent < Duration::from_secs(3), "{spent:?}");
}

/// Plays a game from `start` between two of the game's computers (through
/// `board_core`'s traits, on a [`Match`]) for at most `max_plies`.
fn self_play(start: Position, nodes: u64, max_plies: usize) -> Match {
    let mut game = Match::new(start);
    let mut agents = [Position::computer(1), Position::computer(2)];
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let side = usize::from(game.turn() == Color::White);
        let mv = board_core::Agent::<Match>::choose(&mut agents[side], &game, Budget::nodes(nodes))
            .expect("a game not over has a move");
        game.play(mv).expect("the agent's move is legal");
    }
    game
}

// C3-16, C3-17: a whole game against itself ends (mate, or a draw of the
// rules) within the ply bound, every move legal.
#[test]
fn plays_a_whole_game_against_itself() {
    let game = self_play(Position::new(Config::new(2).unwrap()), 400, 600);
    assert!(
        game.outcome().is_some(),
        "no end after {} plies: {}",
        game.moves().len(),
        game.position().fen()
    );
    let replayed = game.record().replay().unwrap();
    assert_eq!(replayed.outcome(), game.outcome());
}

// The user's report: games ran to the 75-move rule. King and queen against
// king on 3 levels is won, and the agent mates well within the 75 moves.
#[test]
fn mates_with_king_and_queen_against_king() {
    let p = pos(
        3,
        &[("N2/E5", 'k'), ("N2/D1", 'Q'), ("N2/C1", 'K')],
        "w - - 0 1",
    );
    let game = self_play(p, 3_000, 120);
    assert!(
        matches!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                ..
            })
        ),
        "{:?} after {} plies: {}",
        game.outcome(),
        game.moves().len(),
        game.position().fen()
    );
}

#[test]
fn the_agent_is_send_and_drives_generic_code() {
    fn send<T: Send>(_: &T) {}
    fn first_move<G: Computer>(game: &G, seed: u64) -> Option<G::Move> {
        let mut agent = G::computer(seed);
        agent.choose(game, Budget::nodes(500))
    }
    let agent = Agent::new(0);
    send(&agent);
    let p = Position::default();
    let mv = first_move(&p, 9).unwrap();
    assert!(p.is_legal(mv));
    assert_eq!(p.turn(), Color::Black); // C3-13: Black moves first
    assert!(Game::legal_moves(&p).contains(&mv));
}

// C3-17: with the half-move clock at 99, any move but a pawn move or a
// capture lets Black claim the 50-move draw. A queen and a rook against a
// pawn, White keeps its rook at clock 0, but at 99 gives it for the pawn
// (N2/D1xN2/D5, then the king takes) to stay winning with the queen.
#[test]
fn resets_the_fifty_move_count_rather_than_allow_a_draw() {
    let at = |clock: u32| {
        pos(
            3,
            &[
                ("N2/E5", 'k'),
                ("N2/D5", 'p'),
                ("N2/D1", 'R'),
                ("N2/G1", 'Q'),
                ("N2/A1", 'K'),
            ],
            &format!("w - - {clock} 80"),
        )
    };
    let p = at(0);
    let moves = p.legal_moves();
    assert!(moves.iter().all(|&m| !mates(&p, m)));
    let take = p.parse_move("N2/D1xN2/D5").unwrap();
    assert!(moves.contains(&take));
    assert!(moves.iter().filter(|m| m.is_capture()).count() == 1);
    let calm = Agent::new(0).choose(&p, Budget::nodes(30_000)).unwrap();
    assert!(!calm.is_capture(), "{calm} gives the rook for a pawn");
    let late = at(99);
    let mv = Agent::new(0).choose(&late, Budget::nodes(30_000)).unwrap();
    assert_eq!(mv, take, "{mv} lets Black claim a draw");
}

// C3-17: on a `Match`, a game drawn by a claim has no move for the agent,
// while the bare position still has moves.
#[test]
fn no_move_in_a_game_drawn_by_the_rules() {
    let mut game = Match::default();
    for _ in 0..2 {
        for text in ["N2/A8-N2/B6", "N2/A1-N2/B3", "N2/B6-N2/A8", "N2/B3-N2/A1"] {
            let mv = game.parse_move(text).unwrap();
            game.play(mv).unwrap();
        }
    }
    assert!(game.claim_draw().is_some());
    let mut agent = Agent::new(0);
    assert_eq!(
        board_core::Agent::<Match>::choose(&mut agent, &game, Budget::nodes(100)),
        None
    );
    assert!(agent.choose(game.position(), Budget::nodes(100)).is_some());
}

// C3-16 before C3-17: a mate on the move that reaches the 50-move count
// still wins, and the agent plays it.
#[test]
fn mates_even_as_the_fifty_move_count_runs_out() {
    let p = boxed_king("w - - 99 90");
    let mv = Agent::new(0).choose(&p, Budget::nodes(5_000)).unwrap();
    assert!(mates(&p, mv), "{mv} does not mate");
    let mut game = Match::new(p);
    game.play(mv).unwrap();
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
}
