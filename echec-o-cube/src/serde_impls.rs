//! `serde` support. Segments, squares and moves travel as their text; a
//! [`Position`] travels as a readable mirror ([`PositionData`]) and is
//! validated on the way in, so no state breaking a rule can be built.

use std::collections::VecDeque;

use board_core::Square;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::config::Config;
use crate::error::PositionError;
use crate::geometry::{GameSquare, Segment};
use crate::notation::Move;
use crate::position::{full_bigs, full_units, Kind, Player, Position};

board_core::serde_via_text!(Segment, GameSquare, Move);

/// The serialized form of a [`Position`]: plain lists, checked by
/// `TryFrom<PositionData> for Position`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionData {
    config: Config,
    to_move: Player,
    pale: Vec<Segment>,
    dark: Vec<Segment>,
    reds: Vec<Square>,
    closed_by_two: Vec<GameSquare>,
    last_closed: Vec<GameSquare>,
    points: [u16; 2],
    pale_left: [u8; 2],
    dark_left: [u8; 2],
    reds_left: u8,
    claimable: Option<u16>,
}

fn boards(squares: &[GameSquare]) -> [u64; 2] {
    let mut b = [0; 2];
    for s in squares {
        b[s.size() as usize] |= 1 << s.corner() as u8;
    }
    b
}

fn square_list(b: [u64; 2]) -> Vec<GameSquare> {
    GameSquare::ALL
        .into_iter()
        .filter(|s| b[s.size() as usize] >> s.corner() as u8 & 1 == 1)
        .collect()
}

impl From<Position> for PositionData {
    fn from(p: Position) -> PositionData {
        let of = |k: Kind| p.pieces().filter(|x| x.1 == k).map(|x| x.0).collect();
        PositionData {
            config: p.config,
            to_move: p.to_move,
            pale: of(Kind::Pale),
            dark: of(Kind::Dark),
            reds: p.reds().into_iter().collect(),
            closed_by_two: square_list(p.closed_by_two),
            last_closed: square_list(p.last_closed),
            points: p.points,
            pale_left: p.pale_left,
            dark_left: p.dark_left,
            reds_left: p.reds_left,
            claimable: p.claim_pending.then_some(p.claimable),
        }
    }
}

/// Checks that every piece is reached from any other by pale–dark contacts
/// (EOC-9): then an order of placement exists in which each piece touches an
/// earlier one of the other kind.
fn check_chain(pieces: &[(Segment, Kind)]) -> Result<(), PositionError> {
    if pieces.is_empty() {
        return Ok(());
    }
    let mut seen = vec![false; pieces.len()];
    let mut queue = VecDeque::from([0]);
    seen[0] = true;
    while let Some(i) = queue.pop_front() {
        let (s, k) = pieces[i];
        for (j, &(t, l)) in pieces.iter().enumerate() {
            if !seen[j] && k != l && s.crossings().intersects(t.crossings()) {
                seen[j] = true;
                queue.push_back(j);
            }
        }
    }
    match seen.iter().position(|&s| !s) {
        Some(j) => Err(PositionError::Unchained(pieces[j].0)),
        None => Ok(()),
    }
}

impl TryFrom<PositionData> for Position {
    type Error = PositionError;

    fn try_from(d: PositionData) -> Result<Position, PositionError> {
        let c = d.config;
        let mut pos = Position::new(c, d.to_move);
        for (list, kind) in [(&d.pale, Kind::Pale), (&d.dark, Kind::Dark)] {
            for &s in list {
                let i = s.index();
                let (o, bit) = (i >> 6, 1u64 << (i & 63));
                let other = match kind {
                    Kind::Pale => pos.dark[o],
                    Kind::Dark => pos.pale[o],
                };
                if other & bit != 0 {
                    return Err(PositionError::TwoPieces(s));
                }
                match kind {
                    Kind::Pale => pos.pale[o] |= bit,
                    Kind::Dark => pos.dark[o] |= bit,
                }
            }
        }
        // EOC-8: no two darks end at one crossing.
        let mut seen = 0u64;
        for s in &d.dark {
            let at = s.crossings().0;
            if at & seen != 0 {
                let sq = board_core::Bitboard(at & seen).first();
                return Err(PositionError::DarksTouch(sq.unwrap_or(s.start())));
            }
            seen |= at;
        }
        let pieces: Vec<(Segment, Kind)> = pos.pieces().collect();
        check_chain(&pieces)?;
        // EOC-4: supplies.
        for (kind, per, left, on_board) in [
            (
                Kind::Pale,
                c.pale,
                d.pale_left,
                pos.pale[0].count_ones() + pos.pale[1].count_ones(),
            ),
            (
                Kind::Dark,
                c.dark,
                d.dark_left,
                pos.dark[0].count_ones() + pos.dark[1].count_ones(),
            ),
        ] {
            for p in Player::ALL {
                if left[p.index()] > per {
                    return Err(PositionError::SupplyTooLarge { player: p, kind });
                }
            }
            let l = left[0] as u32 + left[1] as u32;
            if on_board + l != 2 * per as u32 {
                return Err(PositionError::PieceCount {
                    kind,
                    on_board,
                    left: l,
                    total: 2 * per as u32,
                });
            }
        }
        pos.pale_left = d.pale_left;
        pos.dark_left = d.dark_left;
        // EOC-10: reds.
        let reds: u64 = d.reds.iter().fold(0, |b, s| b | 1 << *s as u8);
        let on_board = reds.count_ones();
        if (!c.red_mode && on_board > 0) || on_board + d.reds_left as u32 != c.reds as u32 {
            return Err(PositionError::RedCount {
                on_board,
                left: d.reds_left as u32,
            });
        }
        pos.reds = reds;
        pos.reds_left = d.reds_left;
        // EOC-12: closed squares are exactly the full ones.
        let h = pos.pale[0] | pos.dark[0];
        let v = pos.pale[1] | pos.dark[1];
        pos.closed = [full_units(h, v), full_bigs(h, v)];
        let by_two = boards(&d.closed_by_two);
        let last = boards(&d.last_closed);
        for o in 0..2 {
            if by_two[o] & !pos.closed[o] != 0 || last[o] & !pos.closed[o] != 0 {
                return Err(PositionError::Closures);
            }
        }
        pos.closed_by_two = by_two;
        pos.last_closed = last;
        // EOC-17: a claim is for the live squares the other player just closed.
        if let Some(points) = d.claimable {
            let live: Vec<_> = pos.last_closed().filter(|s| !s.dead).collect();
            let worth: u16 = live.iter().map(|s| s.points).sum();
            if live.is_empty() || worth != points || live.iter().any(|s| s.closed_by == d.to_move) {
                return Err(PositionError::Claim);
            }
            pos.claim_pending = true;
            pos.claimable = points;
        }
        // EOC-14: points come only from closed live squares.
        let total: u32 = pos.closed_squares().map(|s| s.points as u32).sum();
        let scored = d.points[0] as u32 + d.points[1] as u32 + pos.claimable as u32;
        if scored > total {
            return Err(PositionError::Points);
        }
        pos.points = d.points;
        Ok(pos)
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PositionData::from(*self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let data = PositionData::deserialize(d)?;
        Position::try_from(data).map_err(serde::de::Error::custom)
    }
}
