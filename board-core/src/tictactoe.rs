//! A tiny game written against [`Game`] to test perft and playouts: tic-tac-toe
//! on the squares A1–C3, White (X) first.

use core::fmt;

use thiserror::Error;

use crate::{divide, perft, random_playout, Color, Game, History, MoveList, Outcome, Rng, Square};

#[derive(Clone, Debug, Default, PartialEq)]
struct TicTacToe {
    marks: [Option<Color>; 9],
}

#[derive(Debug, Error, PartialEq)]
enum TttError {
    #[error("square taken")]
    Taken,
    #[error("game over")]
    Over,
    #[error("bad move text")]
    Text,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    fn winner(&self) -> Option<Color> {
        LINES.iter().find_map(|l| match l.map(|i| self.marks[i]) {
            [Some(a), Some(b), Some(c)] if a == b && b == c => Some(a),
            _ => None,
        })
    }
}

impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in self.marks {
            write!(f, "{}", m.map_or('.', Color::letter))?;
        }
        Ok(())
    }
}

impl Game for TicTacToe {
    type Move = Square;
    type Player = Color;
    type EndReason = &'static str;
    type Error = TttError;
    type Config = ();

    fn from_config((): ()) -> TicTacToe {
        TicTacToe::default()
    }

    fn turn(&self) -> Color {
        if self.marks.iter().flatten().count().is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<Square>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend(
                (0..9)
                    .filter(|&i| self.marks[i].is_none())
                    .map(|i| Square::new(crate::File::ALL[i % 3], crate::Rank::ALL[i / 3])),
            );
        }
    }

    fn check(&self, mv: Square) -> Result<(), TttError> {
        if self.outcome().is_some() {
            return Err(TttError::Over);
        }
        let i = mv.rank().index() * 3 + mv.file().index();
        if mv.file().index() > 2 || mv.rank().index() > 2 || self.marks[i].is_some() {
            return Err(TttError::Taken);
        }
        Ok(())
    }

    fn play(&mut self, mv: Square) -> Result<(), TttError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: Square) {
        let who = self.turn();
        self.marks[mv.rank().index() * 3 + mv.file().index()] = Some(who);
    }

    fn outcome(&self) -> Option<Outcome<Color, &'static str>> {
        if let Some(winner) = self.winner() {
            Some(Outcome::Win {
                winner,
                reason: "three in a row",
            })
        } else if self.marks.iter().all(Option::is_some) {
            Some(Outcome::Draw { reason: "full" })
        } else {
            None
        }
    }

    fn parse_move(&self, text: &str) -> Result<Square, TttError> {
        text.parse().map_err(|_| TttError::Text)
    }
}

#[test]
fn perft_counts_match_the_known_tic_tac_toe_tree() {
    // Leaves of the tic-tac-toe game tree per depth (games stop at a win).
    let known = [
        1, 9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872, 0,
    ];
    let start = TicTacToe::default();
    for (depth, &count) in known.iter().enumerate() {
        assert_eq!(perft(&start, depth as u32), count, "depth {depth}");
    }
}

#[test]
fn divide_splits_perft() {
    let start = TicTacToe::default();
    let parts = divide(&start, 3);
    assert_eq!(parts.len(), 9);
    assert_eq!(parts.iter().map(|p| p.1).sum::<u64>(), 504);
    // Every first move leaves 8 * 7 replies.
    assert!(parts.iter().all(|&(_, n)| n == 56));
    assert!(divide(&start, 0).is_empty());
    let after_b2 = {
        let mut g = start.clone();
        g.play(Square::B2).unwrap();
        g
    };
    assert_eq!(divide(&after_b2, 1).len(), 8);
}

#[test]
fn default_methods_and_play_errors() {
    let mut g = TicTacToe::default();
    assert!(g.is_legal(Square::A1));
    assert!(!g.is_legal(Square::D4));
    assert_eq!(g.count_legal_moves(), 9);
    g.play(g.parse_move("a1").unwrap()).unwrap();
    assert_eq!(g.play(Square::A1), Err(TttError::Taken));
    assert!(g.parse_move("z").is_err());
    for mv in [Square::A2, Square::B1, Square::B2, Square::C1] {
        g.play(mv).unwrap();
    }
    assert_eq!(g.outcome().and_then(|o| o.winner()), Some(Color::White));
    assert_eq!(g.play(Square::C3), Err(TttError::Over));
    assert_eq!(g.count_legal_moves(), 0);
}

#[test]
fn playouts_are_seeded_and_end_the_game() {
    let mut outcomes = Vec::new();
    for seed in 0..200 {
        let mut a = TicTacToe::default();
        let mut b = TicTacToe::default();
        let pa = random_playout(&mut a, &mut Rng::new(seed), 100);
        let pb = random_playout(&mut b, &mut Rng::new(seed), 100);
        assert_eq!(a, b, "same seed, same game");
        assert_eq!(pa, pb);
        assert!(pa.outcome.is_some());
        assert_eq!(pa.plies, a.marks.iter().flatten().count());
        assert!((5..=9).contains(&pa.plies));
        outcomes.push(pa.outcome.unwrap().winner());
    }
    // Random play reaches all three results.
    assert!(outcomes.contains(&Some(Color::White)));
    assert!(outcomes.contains(&Some(Color::Black)));
    assert!(outcomes.contains(&None));
    // A ply limit stops early without an outcome.
    let mut g = TicTacToe::default();
    let p = random_playout(&mut g, &mut Rng::new(1), 3);
    assert_eq!((p.plies, p.outcome), (3, None));
}

// The default `random_move` picks `moves[rng.below(len)]` from the list,
// and draws nothing from the generator once the game is over; playouts are
// made of such moves.
#[test]
fn default_random_move_is_the_list_pick() {
    for seed in 0..100 {
        let mut g = TicTacToe::default();
        let mut rng = Rng::new(seed);
        let mut replay = TicTacToe::default();
        let mut replay_rng = Rng::new(seed);
        loop {
            let moves = replay.legal_moves();
            let mut before = rng.clone();
            let drawn = g.random_move(&mut rng);
            if moves.is_empty() {
                assert_eq!(drawn, None);
                assert_eq!(rng.next_u64(), before.next_u64(), "no draw at the end");
                break;
            }
            let listed = moves[replay_rng.below(moves.len())];
            assert_eq!(drawn, Some(listed));
            assert_eq!(rng, replay_rng);
            g.play_unchecked(listed);
            replay.play_unchecked(listed);
        }
        let mut again = TicTacToe::default();
        random_playout(&mut again, &mut Rng::new(seed), 100);
        assert_eq!(again, g, "the playout is made of those moves");
    }
}

#[test]
fn rng_is_splitmix64() {
    // The published SplitMix64 sequence from state 0 (also recomputed with an
    // independent Python implementation of the algorithm).
    let mut rng = Rng::new(0);
    assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
    assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    assert_eq!(rng.next_u64(), 0x06c4_5d18_8009_454f);
}

#[test]
fn rng_below_is_in_range_and_spread() {
    let mut rng = Rng::new(99);
    let mut seen = [0u32; 7];
    for _ in 0..7000 {
        seen[rng.below(7)] += 1;
    }
    assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
}

fn after(moves: &[Square]) -> TicTacToe {
    let mut g = TicTacToe::default();
    for &mv in moves {
        g.play(mv).unwrap();
    }
    g
}

#[test]
fn mcts_takes_a_win_and_blocks_a_loss() {
    use crate::{Agent, Budget, Mcts};
    // X: A1 B1, O: A2 B2, X to move: C1 wins at once.
    let win = after(&[Square::A1, Square::A2, Square::B1, Square::B2]);
    // X: A1 B1 C3, O: B2, O to move... build: X A1, O B2, X B1: O must block C1.
    let block = after(&[Square::A1, Square::B2, Square::B1]);
    let budget = Budget::nodes(3000);
    for seed in 0..5 {
        let mut agent = Mcts::new(seed);
        assert_eq!(agent.choose(&win, budget), Some(Square::C1));
        assert_eq!(agent.choose(&block, budget), Some(Square::C1));
    }
    // The winning square is the last of the move list, not the first.
    let late = after(&[Square::A3, Square::A1, Square::B3, Square::B2]);
    assert_eq!(late.count_legal_moves(), 5);
    for seed in 0..5 {
        assert_eq!(Mcts::new(seed).choose(&late, budget), Some(Square::C3));
    }
    // One legal move: returned without search; none: None.
    let full = after(&[
        Square::A1,
        Square::B1,
        Square::C1,
        Square::B2,
        Square::A2,
        Square::C2,
        Square::B3,
        Square::A3,
    ]);
    let mut agent = Mcts::new(0);
    assert_eq!(agent.choose(&full, budget), Some(Square::C3));
    let over = after(&[Square::A1, Square::A2, Square::B1, Square::B2, Square::C1]);
    assert_eq!(agent.choose(&over, budget), None);
    // The same seed gives the same choices, move after move.
    let mut a = Mcts::new(9);
    let mut b = Mcts::new(9);
    let mut game = TicTacToe::default();
    while let Some(mv) = a.choose(&game, Budget::nodes(200)) {
        assert_eq!(b.choose(&game, Budget::nodes(200)), Some(mv));
        game.play(mv).unwrap();
    }
}

#[test]
fn mcts_time_limit_stops_the_search() {
    use crate::{Agent, Budget, Mcts};
    use std::time::Duration;
    // Unbounded playouts: only the time limit can end the search.
    let start = TicTacToe::default();
    let mv = Mcts::new(4)
        .choose(&start, Budget::time(Duration::from_millis(30)))
        .unwrap();
    assert!(start.is_legal(mv));
}

#[test]
fn history_undoes_and_redoes_to_the_same_positions() {
    let moves = [Square::A1, Square::B2, Square::B1, Square::C1];
    let mut game = History::new(TicTacToe::from_config(()));
    assert_eq!(game.undo(), None);
    assert_eq!(game.redo(), None);
    for &mv in &moves {
        game.play(mv).unwrap();
    }
    // An illegal move changes nothing, undone moves included.
    assert_eq!(game.play(Square::A1), Err(TttError::Taken));
    assert_eq!(game.position(), &after(&moves));
    assert_eq!(game.positions().len(), 5);
    for n in (0..4).rev() {
        assert_eq!(game.undo(), Some(moves[n]));
        assert_eq!(game.position(), &after(&moves[..n]));
        assert_eq!(game.moves(), &moves[..n]);
    }
    assert_eq!(game.undo(), None);
    assert_eq!(game.start(), &TicTacToe::default());
    assert_eq!(game.undone().collect::<Vec<_>>(), moves);
    assert_eq!(game.redo(), Some(Square::A1));
    assert_eq!(game.redo(), Some(Square::B2));
    assert_eq!(game.position(), &after(&moves[..2]));
    // A new move forgets the rest of the undone line.
    game.play(Square::C3).unwrap();
    assert_eq!(game.redo(), None);
    assert_eq!(game.moves(), &[Square::A1, Square::B2, Square::C3]);
    game.undo();
    game.play_unchecked(Square::C2);
    assert_eq!(
        game.position(),
        &after(&[Square::A1, Square::B2, Square::C2])
    );
    assert_eq!(game.undone().len(), 0);
}

#[test]
fn check_agrees_with_play_and_the_move_list() {
    let g = after(&[Square::A1, Square::B2]);
    let listed = g.legal_moves();
    for sq in Square::ALL {
        assert_eq!(g.is_legal(sq), listed.contains(&sq), "{sq}");
        let mut copy = g.clone();
        assert_eq!(copy.play(sq).err(), g.check(sq).err(), "{sq}");
    }
    assert_eq!(g.check(Square::A1), Err(TttError::Taken));
    assert_eq!(TicTacToe::default().claim_draw(), None);
}

/// A policy that keeps only the moves into `keep` (all if `None`), and
/// grades a state, without playing on, as a win for `favoured` (reward 1)
/// when White holds C3 and a loss (reward 0) otherwise.
struct Keep {
    keep: Option<&'static [Square]>,
    favoured: Color,
    pruned: u32,
}

impl crate::Policy<TicTacToe> for Keep {
    fn playout(&mut self, game: &mut TicTacToe, rng: &mut Rng, max_plies: usize) -> Option<Color> {
        crate::Uniform.playout(game, rng, max_plies)
    }

    fn playout_reward(
        &mut self,
        game: &mut TicTacToe,
        _: &mut Rng,
        _: usize,
    ) -> Option<(Color, f64)> {
        let c3 = game.marks[8] == Some(Color::White);
        Some((self.favoured, if c3 { 1.0 } else { 0.0 }))
    }

    fn prune(&mut self, _: &TicTacToe, moves: &mut MoveList<Square>) {
        self.pruned += 1;
        if let Some(keep) = self.keep {
            moves.retain(|mv| keep.contains(mv));
        }
    }
}

#[test]
fn mcts_searches_only_what_the_policy_keeps() {
    use crate::{Budget, Mcts};
    // Keeping one square: the search plays it at once, though the empty
    // board has nine.
    let keep = |keep| Keep {
        keep: Some(keep),
        favoured: Color::White,
        pruned: 0,
    };
    let mut agent = Mcts::with_policy(keep(&[Square::A2]), 1);
    assert_eq!(
        agent.search(&TicTacToe::default(), Budget::nodes(100)),
        Some(Square::A2)
    );
    assert_eq!(agent.policy.pruned, 1);
    // Keeping nothing is taken back: every move stays.
    let mut agent = Mcts::with_policy(keep(&[]), 1);
    let mv = agent.search(&TicTacToe::default(), Budget::nodes(300));
    assert!(mv.is_some_and(|mv| TicTacToe::default().is_legal(mv)));
    // The nodes it expands are pruned too: two kept squares, and the
    // search below them asks the policy again.
    let mut agent = Mcts::with_policy(keep(&[Square::A2, Square::B3, Square::C1]), 1);
    assert!(agent
        .search(&TicTacToe::default(), Budget::nodes(50))
        .is_some());
    assert!(agent.policy.pruned > 10, "{}", agent.policy.pruned);
}

#[test]
fn mcts_credits_a_graded_reward_to_each_mover() {
    use crate::{Budget, Mcts};
    let policy = |favoured| Keep {
        keep: None,
        favoured,
        pruned: 0,
    };
    // White to move on the empty board. A state where White holds C3 is
    // graded 1 for White: White takes C3.
    let start = TicTacToe::default();
    for seed in 0..3 {
        let mut agent = Mcts::with_policy(policy(Color::White), seed);
        assert_eq!(agent.search(&start, Budget::nodes(400)), Some(Square::C3));
        // The same grade given to Black (so 0 for White): White avoids C3.
        let mut agent = Mcts::with_policy(policy(Color::Black), seed);
        let mv = agent.search(&start, Budget::nodes(400));
        assert!(mv.is_some_and(|mv| mv != Square::C3), "{mv:?}");
    }
}

/// Uniformly random playouts that tell RAVE which squares each side marked
/// between a node and the end, and count the positions read.
#[derive(Default)]
struct Marks {
    made: [[bool; 9]; 2],
    reads: u32,
}

impl crate::Policy<TicTacToe> for Marks {
    fn playout(&mut self, game: &mut TicTacToe, rng: &mut Rng, max_plies: usize) -> Option<Color> {
        crate::Uniform.playout(game, rng, max_plies)
    }

    fn read_playout(&mut self, from: &TicTacToe, end: &TicTacToe) -> bool {
        self.reads += 1;
        for (i, (&was, &is)) in from.marks.iter().zip(&end.marks).enumerate() {
            for color in [Color::White, Color::Black] {
                self.made[color as usize][i] = was.is_none() && is == Some(color);
            }
        }
        true
    }

    fn made(&self, player: Color, mv: Square) -> bool {
        self.made[player as usize][mv.rank().index() * 3 + mv.file().index()]
    }
}

#[test]
fn mcts_with_rave_takes_a_win_and_blocks_a_loss() {
    use crate::{Agent, Budget, Mcts};
    let win = after(&[Square::A1, Square::A2, Square::B1, Square::B2]);
    let block = after(&[Square::A1, Square::B2, Square::B1]);
    let late = after(&[Square::A3, Square::A1, Square::B3, Square::B2]);
    let budget = Budget::nodes(1000);
    for seed in 0..5 {
        let mut agent = Mcts::with_policy(Marks::default(), seed).with_rave(100.0, 0.3);
        assert_eq!(agent.choose(&win, budget), Some(Square::C1));
        assert_eq!(agent.choose(&block, budget), Some(Square::C1));
        assert_eq!(agent.choose(&late, budget), Some(Square::C3));
        // RAVE read every playout once for each node of its path: 3 searches
        // of 1000 playouts, each from the root and the nodes below it.
        assert!(agent.policy.reads > 6000, "{}", agent.policy.reads);
    }
    // Perfect play from the empty board is a draw: RAVE against RAVE,
    // each side searching 2000 playouts, never loses a game.
    for seed in 0..4 {
        let mut agent = Mcts::with_policy(Marks::default(), seed).with_rave(100.0, 0.3);
        let mut game = TicTacToe::default();
        while let Some(mv) = agent.choose(&game, Budget::nodes(2000)) {
            game.play(mv).unwrap();
        }
        assert_eq!(game.winner(), None, "seed {seed}: {game}");
    }
    // Without RAVE the search never asks.
    let mut agent = Mcts::with_policy(Marks::default(), 1);
    agent.choose(&block, Budget::nodes(300));
    assert_eq!(agent.policy.reads, 0);
    // The same seed gives the same choices.
    let mut a = Mcts::with_policy(Marks::default(), 9).with_rave(50.0, 0.2);
    let mut b = Mcts::with_policy(Marks::default(), 9).with_rave(50.0, 0.2);
    let mut game = TicTacToe::default();
    while let Some(mv) = a.choose(&game, Budget::nodes(200)) {
        assert_eq!(b.choose(&game, Budget::nodes(200)), Some(mv));
        game.play(mv).unwrap();
    }
}

/// Tic-tac-toe's record: the squares marked, in order (`B2 A1 …`).
#[derive(Clone, Debug, PartialEq)]
struct TttRecord(Vec<Square>);

impl fmt::Display for TttRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self.0.iter().map(Square::to_string).collect();
        f.write_str(&texts.join(" "))
    }
}

#[derive(Debug, Error, PartialEq)]
enum TttRecordError {
    #[error("bad square: {0}")]
    Text(#[from] crate::NotationError),
    #[error("move {number}: {error}")]
    Illegal { number: usize, error: TttError },
}

impl core::str::FromStr for TttRecord {
    type Err = TttRecordError;
    fn from_str(s: &str) -> Result<TttRecord, TttRecordError> {
        let moves = s
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        Ok(TttRecord(moves))
    }
}

/// A made-up rule to drive the generic match: the side to move may claim a
/// draw once four marks are down.
impl crate::MatchRules for TicTacToe {
    type Record = TttRecord;
    type RecordError = TttRecordError;

    fn config(&self) {}

    fn record(_: &TicTacToe, moves: &[Square]) -> TttRecord {
        TttRecord(moves.to_vec())
    }

    fn replay(record: &TttRecord) -> Result<crate::Match<TicTacToe>, TttRecordError> {
        let mut game = crate::Match::new(TicTacToe::default());
        for (i, &mv) in record.0.iter().enumerate() {
            game.play(mv).map_err(|error| TttRecordError::Illegal {
                number: i + 1,
                error,
            })?;
        }
        Ok(game)
    }

    fn game_over(&self, _: Outcome<Color, &'static str>) -> TttError {
        TttError::Over
    }

    fn claimable_draw(positions: &[TicTacToe]) -> Option<&'static str> {
        (positions.len() > 4).then_some("four marks")
    }
}

#[test]
fn the_generic_match_claims_undoes_redoes_and_replays() {
    use crate::{GameMatch, Match, MatchRules};
    let mut game: Match<TicTacToe> = Match::default();
    for text in ["B2", "A1", "C3", "A3"] {
        let mv = game.parse_move(text).unwrap();
        assert_eq!(game.claimable_draw(), None, "{text}");
        assert_eq!(game.claim_draw(), None);
        game.play(mv).unwrap();
    }
    assert_eq!(game.repetitions(), 1);
    assert_eq!(game.record().to_string(), "B2 A1 C3 A3");
    assert_eq!(
        TicTacToe::replay(&"B2 A1 C3 A3".parse().unwrap()),
        Ok(game.clone())
    );
    assert_eq!(
        "B2 B2"
            .parse::<TttRecord>()
            .map(|r| TicTacToe::replay(&r).unwrap_err()),
        Ok(TttRecordError::Illegal {
            number: 2,
            error: TttError::Taken
        })
    );
    // Claimed: the match is over, refuses moves and lists none.
    let before = game.clone();
    assert_eq!(Game::claim_draw(&mut game), Some("four marks"));
    assert_ne!(game, before);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: "four marks"
        })
    );
    let b1 = game.parse_move("B1").unwrap();
    assert!(game.position().is_legal(b1));
    assert_eq!(
        (game.check(b1), game.play(b1)),
        (Err(TttError::Over), Err(TttError::Over))
    );
    assert!(!game.is_legal(b1));
    assert_eq!((game.legal_moves().len(), game.count_legal_moves()), (0, 0));
    assert_eq!(game.random_move(&mut Rng::new(1)), None);
    assert_eq!(game.redo(), None);
    // Undo withdraws the claim with the last move; redo does not claim again.
    let a3 = game.undo();
    assert_eq!(
        (a3, game.outcome(), game.moves().len()),
        (game.undone().next(), None, 3)
    );
    assert_eq!(game.redo(), a3);
    assert_eq!(
        (game.outcome(), game.claimable_draw()),
        (None, Some("four marks"))
    );
    assert_eq!(game, before);
    assert_eq!(GameMatch::config(&game), ());
    assert_eq!(game.to_string(), game.position().to_string());
    // A new move forgets the undone ones.
    game.undo();
    game.play(b1).unwrap();
    assert_eq!((game.undone().len(), game.moves().last()), (0, Some(&b1)));
}
