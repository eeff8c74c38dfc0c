//! The search of the computer opponent: negamax alpha-beta with principal
//! variation search, iterative deepening, a transposition table on the
//! Zobrist hash, quiescence on captures and promotions, check extension,
//! null-move pruning and late-move reductions, moves ordered by the table's
//! move, MVV-LVA, killers and history.
//!
//! Draws are known to the search (C3-17): a position repeated on the path or
//! in the game so far, the 50-move rule and a dead position score 0; mates
//! score by their distance, so the shortest mate is preferred.

use board_core::{Rng, Timer};

use crate::eval::{evaluate, VALUE};
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::position::FixedPosition;
use crate::zobrist::KEYS;
use board_core::MoveList;

/// The score of a mate on the board (at ply 0); a mate `n` plies away
/// scores `MATE - n`.
pub(crate) const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;
/// The deepest ply the search reaches (quiescence included).
pub(crate) const MAX_PLY: usize = 64;
/// The deepest iteration.
const MAX_DEPTH: i32 = 48;

/// What an entry's score is: exact, a lower bound (the move failed high) or
/// an upper bound (every move failed low).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    mv: Option<Move>,
    score: i32,
    depth: i8,
    bound: Bound,
    generation: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    mv: None,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
    generation: 0,
};

/// A fixed-size transposition table: `2^bits` entries, each replaced by a
/// deeper search or one from a later move.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of `2^bits` entries.
    pub(crate) fn new(bits: u32) -> Table {
        Table {
            entries: vec![EMPTY; 1 << bits],
            mask: (1 << bits) - 1,
            generation: 0,
        }
    }

    /// The next search: its entries replace those of older ones first.
    pub(crate) fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key || slot.generation != self.generation || depth >= i32::from(slot.depth) {
            let mv = mv.or(if slot.key == key { slot.mv } else { None });
            *slot = Entry {
                key,
                mv,
                score,
                depth: depth.clamp(0, 127) as i8,
                bound,
                generation: self.generation,
            };
        }
    }
}

/// Killer moves and the history counters, kept between searches.
#[derive(Clone, Debug)]
pub(crate) struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// `history[color][role][target cell]`.
    history: Vec<[[i32; 512]; 6]>,
}

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY + 1],
            history: vec![[[0; 512]; 6]; 2],
        }
    }

    /// Forgets the killers and halves the history for a new search.
    fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        for side in &mut self.history {
            for role in side.iter_mut() {
                for h in role.iter_mut() {
                    *h /= 2;
                }
            }
        }
    }
}

/// What a finished search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) best: Option<Move>,
    pub(crate) score: i32,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
}

/// One search of one position.
pub(crate) struct Search<'a> {
    pub(crate) table: &'a mut Table,
    pub(crate) heuristics: &'a mut Heuristics,
    pub(crate) timer: Timer,
    /// The hashes of the positions before the root in the game, oldest first
    /// (consecutive, ending with the root's parent); the path is pushed on.
    pub(crate) path: Vec<u64>,
    pub(crate) rng: Rng,
    nodes: u64,
    max_nodes: u64,
    timed: bool,
    stopped: bool,
}

/// A move's ordering score: the table's move, then captures by MVV-LVA and
/// queen promotions, killers, then quiet moves by history; under-promotions last.
const TT_MOVE: i32 = 4_000_000;
const CAPTURE: i32 = 2_000_000;
const KILLER: i32 = 1_000_000;

impl<'a> Search<'a> {
    pub(crate) fn new(
        table: &'a mut Table,
        heuristics: &'a mut Heuristics,
        timer: Timer,
        path: Vec<u64>,
        rng: Rng,
    ) -> Search<'a> {
        let budget = timer.budget();
        Search {
            table,
            heuristics,
            timer,
            path,
            rng,
            nodes: 0,
            max_nodes: budget.max_nodes().max(1),
            timed: budget.max_time().is_some(),
            stopped: false,
        }
    }

    /// Counts a node and says whether the budget is spent. The clock is read
    /// every 256 nodes only.
    #[inline]
    fn out(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.max_nodes
            || (self.timed && self.nodes & 255 == 0 && self.timer.is_out_of_time())
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Iterative deepening from `root`: the best move of the last finished
    /// depth, or of the unfinished one where a move already beat the others.
    /// Always a legal move when there is one, whatever the budget.
    pub(crate) fn run<const L: usize>(&mut self, root: &FixedPosition<L>) -> Found {
        let mut moves = MoveList::new();
        root.generate(&mut crate::movegen::Lister(&mut moves));
        let mut found = Found {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if moves.is_empty() {
            found.score = if root.is_check() { -MATE } else { 0 };
            return found;
        }
        self.heuristics.age();
        self.table.next_generation();
        // Shuffle by the seed, then order: ties keep the seed's order.
        for i in (1..moves.len()).rev() {
            let j = self.rng.below(i + 1);
            moves.swap(i, j);
        }
        let tt_move = self.table.probe(root.hash).and_then(|e| e.mv);
        let mut order: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| (self.order_score(root, m, tt_move, 0), m))
            .collect();
        order.sort_by_key(|&(s, _)| core::cmp::Reverse(s));
        let mut root_moves: Vec<Move> = order.into_iter().map(|(_, m)| m).collect();
        found.best = Some(root_moves[0]);
        if root_moves.len() == 1 {
            return found;
        }
        self.path.push(root.hash);
        let soft_limit = self.timer.budget().max_time().map(|t| t / 2);
        for depth in 1..=MAX_DEPTH {
            let mut alpha = -INFINITY;
            let beta = INFINITY;
            let mut best: Option<(usize, i32)> = None;
            for (i, &mv) in root_moves.iter().enumerate() {
                let mut next = *root;
                next.make(mv);
                self.path.push(next.hash);
                let score = if i == 0 {
                    -self.negamax(&next, depth - 1, -beta, -alpha, 1, true)
                } else {
                    let s = -self.negamax(&next, depth - 1, -alpha - 1, -alpha, 1, true);
                    if s > alpha && !self.stopped {
                        -self.negamax(&next, depth - 1, -beta, -alpha, 1, true)
                    } else {
                        s
                    }
                };
                self.path.pop();
                if self.stopped {
                    break;
                }
                if score > alpha {
                    alpha = score;
                    best = Some((i, score));
                }
            }
            if let Some((i, score)) = best {
                // Finished, or a move fully searched beat the first one.
                let mv = root_moves.remove(i);
                root_moves.insert(0, mv);
                found.best = Some(mv);
                found.score = score;
                if !self.stopped {
                    found.depth = depth as u32;
                    self.table
                        .store(root.hash, Some(mv), score, depth, Bound::Exact);
                }
            }
            if self.stopped {
                break;
            }
            // A mate found needs no deeper look.
            if alpha.abs() >= MATE_BOUND && MATE - alpha.abs() <= depth {
                break;
            }
            if soft_limit.is_some_and(|t| self.timer.elapsed() >= t) {
                break;
            }
        }
        self.path.pop();
        found.nodes = self.nodes;
        found
    }

    /// Whether the position on top of the path occurred before, within the
    /// moves since the last capture or pawn move (C3-17).
    fn repeated(&self, halfmove: u32) -> bool {
        let n = self.path.len();
        let Some(&now) = self.path.last() else {
            return false;
        };
        let window = (halfmove as usize).min(n - 1);
        let mut back = 2;
        while back <= window {
            if self.path[n - 1 - back] == now {
                return true;
            }
            back += 2;
        }
        false
    }

    fn order_score<const L: usize>(
        &self,
        pos: &FixedPosition<L>,
        mv: Move,
        tt_move: Option<Move>,
        ply: usize,
    ) -> i32 {
        if Some(mv) == tt_move {
            return TT_MOVE;
        }
        let attacker = role_at(pos, mv.from.index()).map_or(0, Role::index);
        let promo = match mv.kind {
            MoveKind::Promotion(r) | MoveKind::CapturePromotion(r) => Some(r),
            _ => None,
        };
        let under = promo.is_some_and(|r| r != Role::Queen);
        let victim = match mv.kind {
            MoveKind::Capture | MoveKind::CapturePromotion(_) => {
                role_at(pos, mv.to.index()).map_or(0, |r| VALUE[r.index()])
            }
            MoveKind::EnPassant => VALUE[0],
            _ => 0,
        };
        if under {
            return -CAPTURE + victim;
        }
        if victim > 0 || promo.is_some() {
            let gain = victim + if promo.is_some() { VALUE[4] } else { 0 };
            return CAPTURE + gain * 8 - attacker as i32;
        }
        let killers = &self.heuristics.killers[ply.min(MAX_PLY)];
        if killers[0] == Some(mv) {
            return KILLER + 1;
        }
        if killers[1] == Some(mv) {
            return KILLER;
        }
        self.heuristics.history[pos.turn as usize][attacker][mv.to.index()]
    }

    /// Scores `moves` into `scores` (same order).
    fn score_moves<const L: usize>(
        &self,
        pos: &FixedPosition<L>,
        moves: &[Move],
        scores: &mut [i32],
        tt_move: Option<Move>,
        ply: usize,
    ) {
        for (s, &m) in scores.iter_mut().zip(moves) {
            *s = self.order_score(pos, m, tt_move, ply);
        }
    }

    fn negamax<const L: usize>(
        &mut self,
        pos: &FixedPosition<L>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        if self.out() {
            return 0;
        }
        // Draws of C3-17 the search must see: the 50-move rule (a claim
        // away; a mate on the move that reaches it still wins), repetition,
        // dead material.
        if pos.halfmove >= 100 {
            let mated = pos.is_check() && !pos.has_legal_move();
            return if mated { -MATE + ply as i32 } else { 0 };
        }
        if self.repeated(pos.halfmove) || pos.is_dead() {
            return 0;
        }
        // No mate shorter than one already found is possible.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = pos.is_check();
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 || ply >= MAX_PLY - 8 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        let pv = beta - alpha > 1;
        let key = pos.hash;
        let entry = self.table.probe(key);
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry {
            if !pv && i32::from(e.depth) >= depth {
                let s = from_table(e.score, ply);
                let hit = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if hit {
                    return s;
                }
            }
        }
        let us = pos.turn as usize;
        // Null move: if passing still fails high, so will a real move (not in
        // check, not in pawn endings where passing could be the only good move).
        if !pv && allow_null && !in_check && depth >= 3 && has_pieces(pos, us) {
            let stand = evaluate(pos);
            if stand >= beta {
                let mut next = *pos;
                pass(&mut next);
                self.path.push(next.hash);
                let r = 2 + depth / 6;
                let s = -self.negamax(&next, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        let mut moves = MoveList::new();
        pos.generate(&mut crate::movegen::Lister(&mut moves));
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let mut scores = [0i32; 512];
        let n = moves.len().min(512);
        self.score_moves(pos, &moves[..n], &mut scores[..n], tt_move, ply);
        let alpha_start = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..n {
            let mv = pick_next(&mut moves[..n], &mut scores[..n], i);
            let quiet = scores[i] < CAPTURE && !mv.is_capture() && mv.promotion().is_none();
            let mut next = *pos;
            next.make(mv);
            self.path.push(next.hash);
            let score = if i == 0 {
                -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let mut r = 0;
                if depth >= 3 && i >= 3 && quiet && !in_check && scores[i] < KILLER {
                    r = if i >= 10 { 2 } else { 1 };
                    if pv {
                        r -= 1;
                    }
                    if r > 0 && next.is_check() {
                        r = 0;
                    }
                }
                let mut s = -self.negamax(&next, depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.negamax(&next, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if quiet {
                            let k = &mut self.heuristics.killers[ply.min(MAX_PLY)];
                            if k[0] != Some(mv) {
                                k[1] = k[0];
                                k[0] = Some(mv);
                            }
                            let role = role_at(pos, mv.from.index()).map_or(0, Role::index);
                            let h = &mut self.heuristics.history[us][role][mv.to.index()];
                            *h = (*h + depth * depth).min(KILLER / 2);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(key, best_move, to_table(best, ply), depth, bound);
        best
    }

    /// Captures and promotions only, until the position is quiet; all
    /// moves when in check (so mates are seen).
    fn quiesce<const L: usize>(
        &mut self,
        pos: &FixedPosition<L>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.out() {
            return 0;
        }
        if pos.is_dead() {
            return 0;
        }
        let in_check = pos.is_check();
        let mut moves = MoveList::new();
        pos.generate(&mut crate::movegen::Lister(&mut moves));
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let stand = if in_check { -INFINITY } else { evaluate(pos) };
        if ply >= MAX_PLY {
            return if in_check { evaluate(pos) } else { stand };
        }
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut scores = [0i32; 512];
        let n = moves.len().min(512);
        self.score_moves(pos, &moves[..n], &mut scores[..n], None, ply);
        for i in 0..n {
            let mv = pick_next(&mut moves[..n], &mut scores[..n], i);
            if !in_check {
                if scores[i] < CAPTURE {
                    break; // only quiet moves and under-promotions left
                }
                // Delta pruning: even winning the piece would not reach alpha.
                let victim = match mv.kind {
                    MoveKind::EnPassant => VALUE[0],
                    _ => role_at(pos, mv.to.index()).map_or(0, |r| VALUE[r.index()]),
                };
                if mv.promotion().is_none() && stand + victim + 200 <= alpha {
                    continue;
                }
            }
            let mut next = *pos;
            next.make(mv);
            let score = -self.quiesce(&next, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// The role on the cell of index `cell`, if any.
#[inline]
fn role_at<const L: usize>(pos: &FixedPosition<L>, cell: usize) -> Option<Role> {
    let l = cell >> 6;
    if l >= L {
        return None;
    }
    pos.role_on(l, 1 << (cell & 63))
}

/// Whether side `us` has a piece other than pawns and its king.
fn has_pieces<const L: usize>(pos: &FixedPosition<L>, us: usize) -> bool {
    (0..L).any(|l| {
        (pos.roles[1][l] | pos.roles[2][l] | pos.roles[3][l] | pos.roles[4][l]) & pos.colors[us][l]
            != 0
    })
}

/// Passes the move (for null-move pruning only: no such move exists).
fn pass<const L: usize>(pos: &mut FixedPosition<L>) {
    if let Some(ep) = pos.ep.take() {
        pos.hash ^= KEYS.ep[ep.index()];
    }
    pos.hash ^= KEYS.black;
    pos.turn = !pos.turn;
    pos.halfmove += 1;
}

/// A score as stored: mates counted from the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score, seen from `ply`.
fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// One step of a selection sort: swaps the best-scored of `moves[i..]` (with
/// its score) into place `i` and returns it, so a search that is cut off early
/// never sorts the moves it does not reach.
fn pick_next(moves: &mut [Move], scores: &mut [i32], i: usize) -> Move {
    let mut top = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[top] {
            top = j;
        }
    }
    scores.swap(i, top);
    moves.swap(i, top);
    moves[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_are_stored_from_the_node() {
        // A mate 5 plies from the root, found at ply 3: 2 plies from the node.
        let at_root = MATE - 5;
        let stored = to_table(at_root, 3);
        assert_eq!(stored, MATE - 2);
        assert_eq!(from_table(stored, 3), at_root);
        assert_eq!(from_table(stored, 1), MATE - 3);
        assert_eq!(to_table(-(MATE - 4), 2), -(MATE - 2));
        assert_eq!(to_table(123, 7), 123);
    }

    // C3-17: a position repeats when it occurred an even number of plies
    // before, within the moves since the last capture or pawn move.
    #[test]
    fn repetitions_are_found_within_the_halfmove_window() {
        let mut table = Table::new(4);
        let mut heuristics = Heuristics::new();
        let timer = board_core::Budget::nodes(10).start();
        let mut s = Search::new(
            &mut table,
            &mut heuristics,
            timer,
            vec![1, 2, 3, 4],
            Rng::new(0),
        );
        s.path.push(1);
        assert!(s.repeated(4), "1 occurred 4 plies before");
        assert!(!s.repeated(3), "but before the last irreversible move");
        s.path.push(9);
        assert!(!s.repeated(10), "9 never occurred");
        s.path.push(4);
        // 4 occurred 3 plies before: the other side was to move then.
        assert!(!s.repeated(10));
        s.path.push(9);
        assert!(s.repeated(2), "9 occurred 2 plies before");
        assert!(!s.repeated(1), "but the last move was irreversible");
    }

    #[test]
    fn the_table_keeps_the_deeper_entry_of_one_search() {
        let mut t = Table::new(4);
        t.store(5, None, 10, 6, Bound::Exact);
        t.store(5 + 16, None, 20, 2, Bound::Exact); // same slot, shallower
        assert_eq!(t.probe(5).map(|e| e.score), Some(10));
        assert!(t.probe(21).is_none());
        t.next_generation();
        t.store(21, None, 20, 2, Bound::Lower); // a later search replaces it
        assert_eq!(
            t.probe(21).map(|e| (e.score, e.bound)),
            Some((20, Bound::Lower))
        );
        assert!(t.probe(5).is_none());
    }
}
