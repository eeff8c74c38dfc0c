//! What the rules tell a computer player of KYBO, as a playout [`Policy`]
//! for the Monte Carlo search of `board-core`: make KYBO when one placement
//! does (KY-8), block the opponent's one-move KYBO, and otherwise prefer
//! placements that connect to one's own cubes (KY-7).

use board_core::{Bitboard, Color, MoveList, Policy, Rng};

use crate::geometry::{FILE_A, FILE_H, RANK_1, RANK_8};
use crate::moves::Move;
use crate::network::{flood, ortho};
use crate::position::Position;

/// The squares where a cube of `color`, placed now on top of its stack,
/// would make KYBO (KY-7, KY-8), among the squares open to a placement
/// (KY-2, KY-4). Unlike [`Position::winning_squares`] it works for either
/// colour, whoever is to move, and it floods the four edges' networks once
/// instead of once a square.
pub(crate) fn kybo_squares(pos: &Position, color: Color) -> Bitboard {
    let own = &pos.cubes[color as usize];
    let on = |edge: u64| own[0] & edge != 0;
    // A KYBO needs a cube of its own on one edge of a pair already: the new
    // cube can stand on only one of two opposite edges.
    let files = on(FILE_A.0) || on(FILE_H.0);
    let ranks = on(RANK_1.0) || on(RANK_8.0);
    if pos.winner.is_some() || !(files || ranks) {
        return Bitboard::EMPTY;
    }
    let open = open_squares(pos);
    let edges = [FILE_A.0, FILE_H.0, RANK_1.0, RANK_8.0];
    let live = [files, files, ranks, ranks];
    let mut nets = [[0u64; 4]; 4];
    for i in 0..4 {
        if live[i] && on(edges[i]) {
            nets[i] = flood(own, [own[0] & edges[i], 0, 0, 0]);
        }
    }
    let mut wins = 0;
    for l in 0..4 {
        let landing = open & landing_at(pos, l);
        if landing == 0 {
            continue;
        }
        // A new cube at level l touches a network by a side at its level or
        // by the cube under it; at level 1 on a Gate it is on that edge itself.
        let touch = |i: usize| {
            let n = &nets[i];
            let below = if l > 0 { n[l - 1] } else { edges[i] };
            ortho(n[l]) | below
        };
        if files {
            wins |= landing & touch(0) & touch(1);
        }
        if ranks {
            wins |= landing & touch(2) & touch(3);
        }
    }
    Bitboard(wins)
}

/// How far the networks of `color` that touch an edge reach towards the
/// opposite edge, in rows or files: 0 to 7 (7 spans the board, KY-8).
pub(crate) fn reach(pos: &Position, color: Color) -> u32 {
    let own = &pos.cubes[color as usize];
    let edges = [FILE_A.0, FILE_H.0, RANK_1.0, RANK_8.0];
    let mut best = 0;
    for (i, edge) in edges.into_iter().enumerate() {
        let seed = own[0] & edge;
        if seed == 0 {
            continue;
        }
        let net = flood(own, [seed, 0, 0, 0]);
        let squares = net[0] | net[1] | net[2] | net[3];
        let mut far = 0;
        for k in 0..8u32 {
            let line = match i {
                0 | 1 => FILE_A.0 << k,
                _ => RANK_1.0 << (8 * k),
            };
            if squares & line != 0 {
                let d = if i % 2 == 0 { k } else { 7 - k };
                far = far.max(d);
            }
        }
        best = best.max(far);
    }
    best
}

/// The squares whose next cube lands at level index `l` (0 = on the board).
fn landing_at(pos: &Position, l: usize) -> u64 {
    let below = if l == 0 { !0 } else { pos.occ(l - 1) };
    below & !pos.occ(l)
}

/// The squares open to a placement, whoever places (KY-2, KY-4).
fn open_squares(pos: &Position) -> u64 {
    let mut p = *pos;
    p.winner = None;
    // The supply of the player to move does not matter here.
    p.config = crate::Config::UNLIMITED;
    p.legal_squares().0
}

/// The squares where a cube of `color` lands next to one of its own by a
/// face (KY-7): beside one at its level or on top of one.
fn connecting(pos: &Position, color: Color) -> u64 {
    let own = &pos.cubes[color as usize];
    let mut near = 0;
    for l in 0..4 {
        let below = if l > 0 { own[l - 1] } else { 0 };
        near |= landing_at(pos, l) & (ortho(own[l]) | below);
    }
    near
}

/// Whether the player to move in `pos` has a placement after which they
/// threaten KYBO on two squares and the other player cannot make KYBO at
/// once: one cube blocks one square, so the other player loses (KY-8).
fn double_threat_reply(pos: &Position) -> bool {
    let me = pos.turn();
    pos.legal_squares().iter().any(|square| {
        let mut next = *pos;
        next.play_unchecked(Move::new(square));
        !next.is_over()
            && kybo_squares(&next, me).count() >= 2
            && kybo_squares(&next, !me).is_empty()
    })
}

/// A square of `bits` (not empty) drawn uniformly at random.
fn pick(bits: u64, rng: &mut Rng) -> Move {
    let mut b = bits;
    for _ in 0..rng.below(bits.count_ones() as usize) {
        b &= b - 1;
    }
    let square = board_core::Square::from_index(b.trailing_zeros() as usize)
        .unwrap_or(board_core::Square::A1);
    Move::new(square)
}

/// The playout policy and move pruning of the KYBO [`Agent`](crate::Agent).
///
/// In a playout the player to move makes KYBO if a placement does (KY-8);
/// else, if [`block`](RulesPolicy::block), blocks a square where the
/// opponent would make KYBO next; else, with
/// probability [`connect`](RulesPolicy::connect), places a cube that touches
/// one of its own (KY-7), and otherwise any legal cube.
///
/// In the search tree ([`Policy::prune`]) a winning placement is the only
/// move considered; when the opponent threatens KYBO, only the squares of
/// the threats are (no other placement stops them); otherwise, with
/// [`lookahead`](RulesPolicy::lookahead) and at the root of the agent's
/// search, the placements that threaten KYBO on two squares at once if there
/// are any, else those after which the opponent cannot make KYBO at once
/// and has no reply that threatens it on two squares (a lost game), else
/// those after which the opponent cannot make KYBO at once.
///
/// ```
/// use board_core::{Policy, Rng};
/// use kybo::{Position, RulesPolicy};
///
/// let mut pos = Position::default();
/// let winner = RulesPolicy::default().playout(&mut pos, &mut Rng::new(1), 1_000);
/// assert!(pos.is_over());
/// assert_eq!(winner, pos.winner());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RulesPolicy {
    /// The chance that a quiet playout move connects to one's own cubes.
    pub connect: f64,
    /// Whether a playout blocks the opponent's one-move KYBO.
    pub block: bool,
    /// The reward a row of reach is worth in a playout that ends
    /// without KYBO (0: such a playout is a plain draw, ½).
    pub draw_slope: f64,
    /// How much less than ½ a playout that ends without KYBO is worth to
    /// the side the [`Agent`](crate::Agent)'s search plays for (and more to
    /// its opponent): above 0, the search prefers chances to win to a safe
    /// draw.
    pub contempt: f64,
    /// Whether the search looks one and two placements further at its root
    /// where nothing threatens ([`Policy::prune`]).
    pub lookahead: bool,
    /// Whether playouts are uniformly random moves to the end, played by
    /// the fast loop ([`Position::play_random`]: networks in a union-find
    /// forest), instead of the connecting moves above; the tree keeps its
    /// pruning. At equal time the faster playouts are worth more than the
    /// connecting ones (see [`Agent`](crate::Agent)).
    pub uniform: bool,
    /// The root of the search under way (the [`Agent`](crate::Agent) sets
    /// it): looking further at every node cost more playouts than it saved.
    pub(crate) root: Option<Position>,
    /// The squares where each colour put a cube between the two positions
    /// RAVE last read ([`Policy::read_playout`]), at the level where a cube
    /// placed at the first would land.
    pub(crate) made: [u64; 2],
}

impl Default for RulesPolicy {
    /// Connecting moves three times in four, no blocking in playouts (the
    /// tree blocks), a draw slope of 0.02, no contempt, lookahead at the
    /// root. Measured against uniform MCTS at 20 ms a move with playouts to
    /// the end (30 to 60 games each, a noisy shared machine): blocking
    /// playouts scored 18 %, connecting always 68 %, nine in ten 75 %, three
    /// in four 78 %; the draw slope 0.02 85 %, 0.05 77 %; lookahead at every
    /// node 63 %.
    fn default() -> RulesPolicy {
        RulesPolicy {
            connect: 0.75,
            block: false,
            draw_slope: 0.02,
            contempt: 0.0,
            lookahead: true,
            uniform: false,
            root: None,
            made: [0; 2],
        }
    }
}

impl RulesPolicy {
    /// The move a playout plays, or `None` when the game is over.
    fn choose(&self, pos: &Position, rng: &mut Rng) -> Option<Move> {
        let legal = pos.legal_squares().0;
        if legal == 0 {
            return None;
        }
        let me = pos.turn();
        let wins = kybo_squares(pos, me).0 & legal;
        if wins != 0 {
            return Some(pick(wins, rng));
        }
        let threats = if self.block {
            kybo_squares(pos, !me).0 & legal
        } else {
            0
        };
        if threats != 0 {
            return Some(pick(threats, rng));
        }
        let threshold = (self.connect.clamp(0.0, 1.0) * (1u64 << 53) as f64) as u64;
        if rng.next_u64() >> 11 < threshold {
            let near = connecting(pos, me) & legal;
            if near != 0 {
                return Some(pick(near, rng));
            }
        }
        Some(pick(legal, rng))
    }
}

impl Policy<Position> for RulesPolicy {
    fn playout(&mut self, game: &mut Position, rng: &mut Rng, max_plies: usize) -> Option<Color> {
        if self.uniform {
            game.play_random(rng, max_plies);
            return game.winner();
        }
        for _ in 0..max_plies {
            match self.choose(game, rng) {
                Some(mv) => game.play_unchecked(mv),
                None => break,
            }
        }
        game.winner()
    }

    /// A KYBO is a win (1); a playout that ends without one is graded by
    /// how far each colour's networks reach from an edge towards the
    /// opposite one (0 to 7 rows or files): ½ plus [`draw_slope`](RulesPolicy::draw_slope)
    /// a row of difference, for White, less [`contempt`](RulesPolicy::contempt)
    /// for the side the search plays for.
    fn playout_reward(
        &mut self,
        game: &mut Position,
        rng: &mut Rng,
        max_plies: usize,
    ) -> Option<(Color, f64)> {
        if let Some(winner) = self.playout(game, rng, max_plies) {
            return Some((winner, 1.0));
        }
        let mut white = 0.5;
        if self.draw_slope != 0.0 {
            let lead = f64::from(reach(game, Color::White)) - f64::from(reach(game, Color::Black));
            white += self.draw_slope * lead;
        }
        // Contempt: a draw is worth less to the side the search plays for.
        match self.root.map(|root| root.turn()) {
            Some(Color::White) => white -= self.contempt,
            Some(Color::Black) => white += self.contempt,
            None => {}
        }
        (white != 0.5).then_some((Color::White, white.clamp(0.0, 1.0)))
    }

    /// A placement counts as made by a colour when the end has a cube of
    /// that colour on its square at the level where a cube placed there at
    /// `from` would land (so at `from` that place is empty).
    fn read_playout(&mut self, from: &Position, end: &Position) -> bool {
        // (A landing place is empty at `from`: a cube there at the end is new.)
        let landing: [u64; 4] = std::array::from_fn(|l| landing_at(from, l));
        for (made, is) in self.made.iter_mut().zip(&end.cubes) {
            *made = (0..4).fold(0, |m, l| m | (is[l] & landing[l]));
        }
        true
    }

    fn made(&self, player: Color, mv: Move) -> bool {
        self.made[player as usize] >> mv.square().index() & 1 != 0
    }

    fn prune(&mut self, game: &Position, moves: &mut MoveList<Move>) {
        let me = game.turn();
        let wins = kybo_squares(game, me);
        if let Some(square) = moves
            .iter()
            .map(|mv| mv.square())
            .find(|&s| wins.contains(s))
        {
            // KY-8: the game is won at once.
            moves.clear();
            moves.push(Move::new(square));
            return;
        }
        let threats = kybo_squares(game, !me);
        if !threats.is_empty() {
            // The opponent makes KYBO next unless a cube takes the square.
            moves.retain(|mv| threats.contains(mv.square()));
            return;
        }
        if !self.lookahead || self.root != Some(*game) {
            return;
        }
        // One move further: leave out the placements after which the
        // opponent makes KYBO at once (a cube that lets theirs climb on it);
        // if some placements threaten KYBO on two squares, which one cube
        // cannot both take, keep only those. Two moves further: of the
        // others, prefer those after which no reply of the opponent's
        // threatens KYBO twice over.
        let mut safe = MoveList::new();
        let mut sound = MoveList::new();
        let mut double = MoveList::new();
        for &mv in moves.iter() {
            let mut next = *game;
            next.play_unchecked(mv);
            if next.is_over() || !kybo_squares(&next, !me).is_empty() {
                continue;
            }
            safe.push(mv);
            if kybo_squares(&next, me).count() >= 2 {
                double.push(mv);
            }
            if double.is_empty() && !double_threat_reply(&next) {
                sound.push(mv);
            }
        }
        if !double.is_empty() {
            *moves = double;
        } else if !sound.is_empty() {
            *moves = sound;
        } else if !safe.is_empty() {
            *moves = safe;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls `f` on every position of the random games of `seeds` but
    /// their last.
    fn each_position(seeds: std::ops::Range<u64>, mut f: impl FnMut(&Position)) {
        for seed in seeds {
            let mut pos = Position::default();
            let mut rng = Rng::new(seed);
            while let Some(mv) = pos.random_move(&mut rng) {
                f(&pos);
                pos.play_unchecked(mv);
            }
        }
    }

    // KY-8: the one-flood-per-edge KYBO squares agree with the crate's
    // square-by-square `winning_squares` for the player to move, in every
    // position of many random games.
    #[test]
    fn ky8_kybo_squares_agree_with_winning_squares() {
        let mut seen_wins = 0;
        each_position(0..300, |pos| {
            let fast = kybo_squares(pos, pos.turn());
            assert_eq!(fast, pos.winning_squares(), "{pos:?}");
            seen_wins += usize::from(!fast.is_empty());
        });
        assert!(
            seen_wins > 100,
            "only {seen_wins} positions with a winning square"
        );
    }

    // KY-8: `double_threat_reply` agrees with the crate's square-by-square
    // `winning_squares` (one cube blocks one square: two threats and no win
    // for the other side lose), in every position of many random games,
    // and such replies do occur.
    #[test]
    fn ky8_double_threat_reply_agrees_with_winning_squares() {
        let mut found = 0;
        each_position(0..40, |pos| {
            let brute = pos.legal_squares().iter().any(|square| {
                let mut next = *pos;
                next.play_unchecked(Move::new(square));
                let mut mover = next;
                mover.to_move = !next.to_move;
                !next.is_over()
                    && mover.winning_squares().count() >= 2
                    && next.winning_squares().is_empty()
            });
            assert_eq!(double_threat_reply(pos), brute, "{pos:?}");
            found += usize::from(brute);
        });
        assert!(found > 20, "only {found} positions with a double threat");
    }

    // KY-3, KY-4: RAVE counts a placement as made by a colour when the end
    // holds a new cube of that colour on its square at the level where the
    // placement would land at `from`: here White's C4 and E4 on top of
    // Black's E4 (level 2, E4's next level at `from`); Black's D5 and E5,
    // but not White's E5, which went on top of Black's (level 2, not 1).
    #[test]
    fn rave_reads_the_squares_each_colour_filled() {
        use board_core::Square::*;
        let mut policy = RulesPolicy::default();
        let mut from = Position::default();
        for square in [D4, E4] {
            from.play(Move::new(square)).unwrap();
        }
        let mut end = from;
        for square in [E4, E5, C4, D5, E5] {
            end.play(Move::new(square)).unwrap();
        }
        assert!(policy.read_playout(&from, &end));
        let made = |color, square| policy.made(color, Move::new(square));
        assert!(made(Color::White, E4) && made(Color::White, C4));
        assert!(made(Color::Black, E5) && made(Color::Black, D5));
        // Cubes already there at `from` were not made after it.
        assert!(!made(Color::White, D4) && !made(Color::Black, E4));
        assert!(!made(Color::Black, C4) && !made(Color::White, E5));
        assert_eq!(end.height(E5), 2);
        assert_eq!(
            (policy.made[0].count_ones(), policy.made[1].count_ones()),
            (2, 2)
        );
    }

    // KY-9: with contempt, a playout that ends without KYBO is worth less
    // than ½ to the side the search plays for, and more to its opponent.
    #[test]
    fn ky9_contempt_grades_a_draw_against_the_searching_side() {
        let mut policy = RulesPolicy {
            draw_slope: 0.0,
            contempt: 0.1,
            ..RulesPolicy::default()
        };
        let pos = Position::default();
        let grade = |policy: &mut RulesPolicy| {
            let mut cut = pos;
            policy.playout_reward(&mut cut, &mut Rng::new(1), 0)
        };
        assert_eq!(grade(&mut policy), None, "no search under way");
        policy.root = Some(pos);
        let (player, reward) = grade(&mut policy).unwrap();
        assert_eq!(player, Color::White);
        assert!((reward - 0.4).abs() < 1e-12, "{reward}");
        let mut black = pos;
        black.play(Move::new(board_core::Square::D4)).unwrap();
        policy.root = Some(black);
        let (_, reward) = grade(&mut policy).unwrap();
        assert!((reward - 0.6).abs() < 1e-12, "{reward}");
    }

    // KY-7, KY-8: White's column D1–D7 touches rank 1 and reaches rank 7,
    // six rows on; Black's E2–E7 touches no edge. With D8 White spans the
    // board: 7. The draw grade follows: ½ + 0.02 a row for White.
    #[test]
    fn ky8_reach_counts_the_rows_a_network_spans_from_its_edge() {
        let text = "......../...wb.../...wb.../...wb.../...wb.../...wb.../...wb.../...w.... b";
        let pos = Position::from_text(text).unwrap();
        assert_eq!(reach(&pos, Color::White), 6);
        assert_eq!(reach(&pos, Color::Black), 0);
        let mut won = pos;
        won.play(Move::new(board_core::Square::E8)).unwrap();
        won.play(Move::new(board_core::Square::D8)).unwrap();
        assert_eq!(reach(&won, Color::White), 7);
        // Black's E8 joins E2–E7 and touches rank 8: six rows down to E2.
        assert_eq!(reach(&won, Color::Black), 6);
        let mut policy = RulesPolicy::default();
        let mut cut = pos;
        let graded = policy.playout_reward(&mut cut, &mut Rng::new(1), 0);
        assert_eq!(cut, pos, "a zero-ply playout plays nothing");
        let (player, reward) = graded.unwrap();
        assert_eq!(player, Color::White);
        assert!((reward - (0.5 + 0.02 * 6.0)).abs() < 1e-12, "{reward}");
    }
}
