//! What the rules tell a computer player of ÉCHEC O CUBE, as a playout
//! [`Policy`] for the Monte Carlo search of `board-core`: claim what can be
//! claimed (EOC-17), close announced (EOC-15, EOC-16), and, where nothing
//! closes, place where the opponent's run of closings (their bonus turns)
//! takes the fewest points. On this board almost every placement hands the
//! opponent a square after the first twenty or so (every piece must touch
//! another, EOC-9, so the pieces grow into corners and three-sided squares):
//! the game is a sequence of chains, and the question of each quiet move is
//! how long a chain it opens.

use board_core::{MoveList, Policy, Rng};

use crate::geometry::Segment;
use crate::movegen::Placements;
use crate::moves::Move;
use crate::position::{Kind, Player, Position};

/// The playout policy and move pruning of the ÉCHEC O CUBE [`Agent`](crate::Agent).
///
/// In a playout the player to move claims if points are claimable
/// (EOC-17); else closes a square announced if a placement does (EOC-15,
/// EOC-16; a dark first, as it makes the square worth more, EOC-14); else
/// places at random among the placements after which the opponent cannot
/// close a square, trying [`tries`](RulesPolicy::tries) at random and, if
/// all of them hand one over, playing the one that hands over the fewest
/// closing placements. A playout's win is graded by its margin
/// ([`margin`](RulesPolicy::margin)).
///
/// In the search tree ([`Policy::prune`]) a pending claim is the only move
/// considered (claiming costs nothing); where a placement closes a live
/// square, only the announced closings are (the closer plays again, so a
/// quiet placement can still follow), and, with
/// [`decline`](RulesPolicy::decline), a closing unannounced too where it
/// ends the run (nothing closes after it) and every placement after it
/// hands the opponent a square: leaving the points to be claimed makes the
/// opponent place next, as declining the last boxes of a chain does in
/// Dots and Boxes; elsewhere the
/// placements that hand over nothing if there are any, else the
/// [`width`](RulesPolicy::width) placements that let the opponent's greedy
/// run of closings take the fewest points. So the search never places a
/// red (EOC-10), nor closes unannounced anywhere else: against uniform
/// search, keeping every unannounced closing and the reds in the tree only
/// spread its playouts thinner.
///
/// ```
/// use board_core::{Policy, Rng};
/// use echec_o_cube::{Position, RulesPolicy};
///
/// let mut pos = Position::default();
/// let winner = RulesPolicy::default().playout(&mut pos, &mut Rng::new(1), 1_000);
/// assert!(pos.is_over());
/// assert_eq!(winner, pos.outcome().and_then(|o| o.winner()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesPolicy {
    /// How many random placements a playout tries before it gives up looking
    /// for one that hands the opponent nothing to close.
    pub tries: u32,
    /// How many placements the search considers where nothing closes and
    /// every placement hands the opponent a square: those that let the
    /// opponent take the fewest points (and all that tie with the fewest).
    pub width: u32,
    /// The margin of final counts (EOC-19) at which a playout's win counts
    /// in full; narrower wins count from ¾ up.
    pub margin: u32,
    /// Whether the search also weighs closing unannounced where a closing
    /// ends the run and every placement after it hands over a square
    /// (EOC-17: the opponent claims, then must place).
    pub decline: bool,
}

impl Default for RulesPolicy {
    /// Eight tries, a width of eight, a full margin of 100, declining
    /// weighed.
    fn default() -> RulesPolicy {
        RulesPolicy {
            tries: 8,
            width: 8,
            margin: 100,
            decline: true,
        }
    }
}

/// The number of placements in `p`.
fn count(p: &Placements) -> u32 {
    p.pale[0].count_ones()
        + p.pale[1].count_ones()
        + p.dark[0].count_ones()
        + p.dark[1].count_ones()
}

/// The `n`-th placement (`n < count(p)`) of `p` in the order pale
/// horizontal, pale vertical, dark horizontal, dark vertical.
fn nth(p: &Placements, mut n: u32) -> Option<(Kind, Segment)> {
    for (kind, boards) in [(Kind::Pale, p.pale), (Kind::Dark, p.dark)] {
        for (o, &board) in boards.iter().enumerate() {
            let c = board.count_ones();
            if n < c {
                let mut bits = board;
                for _ in 0..n {
                    bits &= bits - 1;
                }
                let raw = ((o as u8) << 6) | bits.trailing_zeros() as u8;
                return Some((kind, Segment::from_raw(raw)));
            }
            n -= c;
        }
    }
    None
}

/// The placements of the player to move that close a live square.
fn closers(pos: &Position) -> Placements {
    let p = pos.placements();
    let [ch, cv] = pos.closing();
    Placements {
        pale: [p.pale[0] & ch, p.pale[1] & cv],
        dark: [p.dark[0] & ch, p.dark[1] & cv],
    }
}

/// How many closing placements the player to move of `pos` has.
fn handed_over(pos: &Position) -> u32 {
    count(&closers(pos))
}

/// The position after the unannounced placement, and how many closing
/// placements it hands the opponent (0 if the game ends there).
fn after(pos: &Position, kind: Kind, segment: Segment) -> (Position, u32) {
    let mut next = *pos;
    next.play_unchecked(Move::place(kind, segment));
    let given = if next.turn() == pos.turn() {
        0
    } else {
        handed_over(&next)
    };
    (next, given)
}

/// Whether closing with `kind` in `segment` (announced) ends the run: the
/// closer plays again, nothing closes then, and every placement hands the
/// opponent a square to close (EOC-16, EOC-18).
fn ends_the_run(pos: &Position, kind: Kind, segment: Segment) -> bool {
    let mut next = *pos;
    next.play_unchecked(Move::announce(kind, segment));
    if next.turn() != pos.turn() || closers(&next).any() {
        return false;
    }
    let all = next.placements();
    let total = count(&all);
    total > 0
        && (0..total)
            .all(|n| nth(&all, n).is_none_or(|(kind, segment)| after(&next, kind, segment).1 > 0))
}

impl RulesPolicy {
    /// Plays one move of a playout; `false` if the game is over.
    fn step(&self, pos: &mut Position, rng: &mut Rng) -> bool {
        if pos.claim_pending {
            pos.play_unchecked(Move::Claim);
            return true;
        }
        let closing = closers(pos);
        if closing.any() {
            let dark = Placements {
                pale: [0, 0],
                dark: closing.dark,
            };
            let pick = if dark.any() { dark } else { closing };
            let n = rng.below(count(&pick) as usize) as u32;
            if let Some((kind, segment)) = nth(&pick, n) {
                pos.play_unchecked(Move::announce(kind, segment));
            }
            return true;
        }
        let all = pos.placements();
        let total = count(&all);
        if total == 0 {
            return false;
        }
        let mut best: Option<(Position, u32)> = None;
        for _ in 0..self.tries.max(1) {
            let n = rng.below(total as usize) as u32;
            let Some((kind, segment)) = nth(&all, n) else {
                break;
            };
            let (next, given) = after(pos, kind, segment);
            if given == 0 {
                *pos = next;
                return true;
            }
            if best.is_none_or(|(_, g)| given < g) {
                best = Some((next, given));
            }
        }
        if let Some((next, _)) = best {
            *pos = next;
        }
        true
    }
}

/// The points the player to move of `pos` takes by claiming and then
/// closing announced while a placement closes (EOC-16, EOC-17), greedily,
/// darks first: what a placement that leads to `pos` hands the opponent.
fn greedy_gain(pos: &Position) -> u16 {
    let mut p = *pos;
    let who = p.turn();
    let before = p.points(who);
    if p.claim_pending {
        p.play_unchecked(Move::Claim);
    }
    for _ in 0..112 {
        let c = closers(&p);
        let pick = if c.dark[0] | c.dark[1] != 0 {
            Placements {
                pale: [0, 0],
                dark: c.dark,
            }
        } else {
            c
        };
        match nth(&pick, 0) {
            Some((kind, segment)) => p.play_unchecked(Move::announce(kind, segment)),
            None => break,
        }
        if p.turn() != who {
            break;
        }
    }
    p.points(who).saturating_sub(before)
}

impl Policy<Position> for RulesPolicy {
    fn playout(&mut self, game: &mut Position, rng: &mut Rng, max_plies: usize) -> Option<Player> {
        let mut plies = 0;
        while plies < max_plies && self.step(game, rng) {
            plies += 1;
        }
        game.outcome().and_then(|o| o.winner())
    }

    /// A win is worth more the wider its margin of final counts (EOC-19):
    /// ¾ for the narrowest, up to 1 for a margin of [`RulesPolicy::margin`].
    fn playout_reward(
        &mut self,
        game: &mut Position,
        rng: &mut Rng,
        max_plies: usize,
    ) -> Option<(Player, f64)> {
        self.playout(game, rng, max_plies);
        let margin = game.final_count(Player::One) - game.final_count(Player::Two);
        if margin == 0 || !game.is_over() {
            return None;
        }
        let winner = if margin > 0 { Player::One } else { Player::Two };
        let width = f64::from(margin.unsigned_abs()) / f64::from(self.margin.max(1));
        Some((winner, 0.75 + 0.25 * width.min(1.0)))
    }

    fn prune(&mut self, game: &Position, moves: &mut MoveList<Move>) {
        if game.claim_pending {
            // EOC-17: claiming costs nothing and the turn goes on.
            moves.retain(|mv| *mv == Move::Claim);
            return;
        }
        let announced = |mv: &Move| {
            matches!(
                mv,
                Move::Place {
                    announced: true,
                    ..
                }
            )
        };
        if moves.iter().any(announced) {
            // EOC-15, EOC-16: take what the board offers and play again;
            // at the end of the run, perhaps leave it to be claimed.
            let declines: MoveList<Move> = moves
                .iter()
                .filter_map(|&mv| match mv {
                    Move::Place {
                        kind,
                        segment,
                        announced: true,
                    } if self.decline && ends_the_run(game, kind, segment) => {
                        Some(Move::place(kind, segment))
                    }
                    _ => None,
                })
                .collect();
            moves.retain(|mv| announced(mv) || declines.contains(mv));
            return;
        }
        // No closing: weigh each placement by what it hands the opponent.
        // Keep those that hand over nothing if there are any, else the few
        // that hand over least.
        let mut scored: MoveList<(u16, Move)> = moves
            .iter()
            .filter_map(|&mv| match mv {
                Move::Place { kind, segment, .. } => {
                    let (next, given) = after(game, kind, segment);
                    let gain = if given == 0 { 0 } else { greedy_gain(&next) };
                    Some((gain, mv))
                }
                _ => None,
            })
            .collect();
        scored.sort_by_key(|&(gain, _)| gain);
        let keep = self.width.max(1) as usize;
        let least = scored.first().map_or(0, |&(g, _)| g);
        moves.clear();
        moves.extend(
            scored
                .iter()
                .enumerate()
                .take_while(|&(i, &(g, _))| g == least || (least > 0 && i < keep))
                .map(|(_, &(_, mv))| mv),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after_moves(moves: &[&str]) -> Position {
        let mut pos = Position::default();
        for text in moves {
            pos.play(text.parse().unwrap()).unwrap();
        }
        pos
    }

    // EOC-14, EOC-16: Two to move can close D5-E6 only with a dark in D5-D6
    // (a pale there touches no dark, EOC-9): two darks on the outline, a
    // maximal square, 12 points; then nothing else closes.
    #[test]
    fn eoc16_greedy_gain_is_the_run_of_announced_closings() {
        let pos = after_moves(&["P D5-E5", "F E5-E6", "P D6-E6"]);
        assert_eq!(greedy_gain(&pos), 12);
        assert_eq!(greedy_gain(&Position::default()), 0);
        // EOC-17: a pending claim is taken first (12), then D5-E6 is closed
        // and nothing is left to close.
        let pos = after_moves(&["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"]);
        assert_eq!(greedy_gain(&pos), 12);
    }

    // The n-th placement walks the four boards in order and covers each
    // placement once.
    #[test]
    fn nth_lists_every_placement_once() {
        let pos = after_moves(&["P D5-E5", "F E5-E6", "P D6-E6"]);
        let p = pos.placements();
        let listed: Vec<Move> = (0..count(&p))
            .map(|n| {
                let (kind, segment) = nth(&p, n).unwrap();
                Move::place(kind, segment)
            })
            .collect();
        let mut legal: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|mv| {
                matches!(
                    mv,
                    Move::Place {
                        announced: false,
                        ..
                    }
                )
            })
            .collect();
        let mut sorted = listed.clone();
        sorted.sort();
        legal.sort();
        assert_eq!(sorted, legal);
        assert_eq!(nth(&p, count(&p)), None);
    }
}
