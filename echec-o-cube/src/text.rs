//! The position text of EOC-23, and the checks that a text describes a
//! position play can reach.
//!
//! ```text
//! 7/8/7/8/7/8/3p3/8/7/8/7/8/7/8/7 - 2 49,20,50,20,10 0,0 -
//! ```
//!
//! Six fields separated by spaces: the grooves (15 rows from the top, `p`
//! pale, `f` dark, digits for empty runs), the reds, the player to move,
//! the supplies `P1,F1,P2,F2,R`, the points `S1,S2` with `+C` when C points
//! are claimable, and the closed squares `SQUARE:CS` (C the closer, S the
//! scorer or `0`).
//!
//! The reader checks rules (a)–(f) of EOC-23 and, beyond them, what the
//! board and the supplies can tell about the order of play (see
//! [`Position::from_text_with_config`] for exactly what is and is not
//! checked).

use std::collections::VecDeque;

use board_core::{excerpt, Square};

use crate::config::Config;
use crate::error::PositionError;
use crate::geometry::{GameSquare, Segment};
use crate::position::{
    ends, full_bigs, full_units, squares_around, Kind, Player, Position, NO_LAST,
};

/// The segment in row `row` (0-based, from the top) at column `col` of the
/// grooves field, if the column exists.
fn row_segment(row: usize, col: usize) -> Option<Segment> {
    if row.is_multiple_of(2) {
        let rank = 7 - row / 2;
        (col < 7)
            .then(|| Segment::from_index(rank * 8 + col))
            .flatten()
    } else {
        let bottom = 7 - row.div_ceil(2);
        (col < 8)
            .then(|| Segment::from_index(64 + bottom * 8 + col))
            .flatten()
    }
}

fn player_digit(p: Player) -> char {
    match p {
        Player::One => '1',
        Player::Two => '2',
    }
}

fn syntax(field: &'static str, text: &str, expected: &'static str) -> PositionError {
    PositionError::Syntax {
        field,
        text: excerpt(text),
        expected,
    }
}

/// A whole number of digits only (no sign), within `T`.
fn number<T: core::str::FromStr>(
    field: &'static str,
    text: &str,
    expected: &'static str,
) -> Result<T, PositionError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(syntax(field, text, expected));
    }
    text.parse().map_err(|_| syntax(field, text, expected))
}

impl Position {
    /// The position text of EOC-23: grooves, reds, turn, supplies, points
    /// (with `+C` when C points are claimable) and closed squares with their
    /// closer and scorer. The configuration is not in it.
    ///
    /// ```
    /// use echec_o_cube::Position;
    /// let mut pos = Position::default();
    /// assert_eq!(pos.to_text(), "7/8/7/8/7/8/7/8/7/8/7/8/7/8/7 - 1 50,20,50,20,10 0,0 -");
    /// pos.play(pos.parse_move("P D5-E5")?)?;
    /// assert_eq!(pos.to_text(), "7/8/7/8/7/8/3p3/8/7/8/7/8/7/8/7 - 2 49,20,50,20,10 0,0 -");
    /// assert_eq!(Position::from_text(&pos.to_text())?, pos);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_text(&self) -> String {
        use core::fmt::Write as _;
        let mut out = String::with_capacity(96);
        for row in 0..15 {
            if row > 0 {
                out.push('/');
            }
            let mut empty = 0;
            let mut col = 0;
            while let Some(s) = row_segment(row, col) {
                match self.piece_at(s) {
                    None => empty += 1,
                    Some(kind) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        out.push(match kind {
                            Kind::Pale => 'p',
                            Kind::Dark => 'f',
                        });
                    }
                }
                col += 1;
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
        }
        out.push(' ');
        if self.reds == 0 {
            out.push('-');
        } else {
            let reds: Vec<String> = self.reds().into_iter().map(|s| s.to_string()).collect();
            out.push_str(&reds.join(","));
        }
        let _ = write!(
            out,
            " {} {},{},{},{},{} {},{}",
            player_digit(self.to_move),
            self.pale_left[0],
            self.dark_left[0],
            self.pale_left[1],
            self.dark_left[1],
            self.reds_left,
            self.points[0],
            self.points[1],
        );
        if let Some(c) = self.claimable() {
            let _ = write!(out, "+{c}");
        }
        out.push(' ');
        let squares: Vec<String> = self
            .closed_squares()
            .map(|c| {
                format!(
                    "{}:{}{}",
                    c.square,
                    player_digit(c.closed_by),
                    c.scored_by.map_or('0', player_digit)
                )
            })
            .collect();
        if squares.is_empty() {
            out.push('-');
        } else {
            out.push_str(&squares.join(","));
        }
        out
    }

    /// Reads a position text (EOC-23) under the default configuration (One
    /// first).
    ///
    /// # Errors
    /// As [`from_text_with_config`](Position::from_text_with_config).
    pub fn from_text(text: &str) -> Result<Position, PositionError> {
        Position::from_text_with_config(text, Config::default())
    }

    /// Reads a position text (EOC-23) of a game under `config` (the text
    /// does not hold the configuration; `config.first` is who played first,
    /// which the checks of the order of play use). Letters may be upper
    /// case and blank space may surround the line.
    ///
    /// A text is accepted only if it is a position play can reach, as far as
    /// the board, the supplies, the points and the closed squares can tell:
    /// - (a) no two darks end at one crossing (EOC-8);
    /// - (b) with two or more pieces on the board, every piece touches a
    ///   piece of the other kind, and all pieces form one chain of pale–dark
    ///   contacts (EOC-9): then some order of placement respects EOC-7 to
    ///   EOC-9;
    /// - (c) each supply is within the configuration, and the pieces and
    ///   reds on the board are exactly those taken from it (EOC-4, EOC-10);
    /// - (d) reds only in red mode, each crossing once (EOC-10);
    /// - (e) field 6 lists every closed square once and nothing else, a dead
    ///   square (EOC-13) has no scorer, and each player's points are the
    ///   worth of the squares they scored (EOC-14);
    /// - (f) claimable points are the worth of the live squares around one
    ///   placed segment, all closed by the player not to move and scored by
    ///   nobody, as after an unannounced closing (EOC-17), and never in a
    ///   finished game (EOC-18) (stricter than EOC-23's "at most");
    /// - the number of pieces each player placed fits alternate turns from
    ///   `config.first` plus one bonus placement per announced closing
    ///   (EOC-5, EOC-16): a player's announced closings are at least a sixth
    ///   of the squares scored by their closer (one placement closes at most
    ///   six squares) and at most their number, their unannounced closings
    ///   (squares claimed by the other player, and live squares scored by
    ///   nobody) need as many turns, and a player with no turn yet has
    ///   placed nothing.
    ///
    /// Not checked, because the text does not tell it: which pieces each
    /// player placed and in which order (so whether each closer placed the
    /// last piece of their squares, whether squares said to have closed
    /// together could have, and whether the game passed through a blockage,
    /// EOC-18, before); when the reds were placed; which earlier placements
    /// were announced beyond the counts above.
    ///
    /// The text has no last placement: the position read has none either
    /// ([`last_closed`](Position::last_closed) is empty) unless points are
    /// claimable, when the last placement is taken to be the first segment
    /// in index order around which the claimable squares fit (f); a claim
    /// then credits those squares.
    ///
    /// # Errors
    /// A [`PositionError`] naming the field or rule at fault, quoting at
    /// most [`board_core::excerpt`] of the text.
    ///
    /// ```
    /// use echec_o_cube::{Config, Position, PositionError};
    /// let text = "7/8/7/8/7/8/3p3/8/7/8/7/8/7/8/7 - 2 49,20,50,20,10 0,0 -";
    /// let pos = Position::from_text_with_config(text, Config::FAMILY)?;
    /// assert_eq!(pos.reds_left(), 10);
    /// // One placed a piece, yet it is One's turn with no bonus turn to explain it.
    /// let bad = "7/8/7/8/7/8/3p3/8/7/8/7/8/7/8/7 - 1 49,20,50,20,10 0,0 -";
    /// assert!(matches!(Position::from_text(bad), Err(PositionError::Placements { .. })));
    /// # Ok::<(), PositionError>(())
    /// ```
    pub fn from_text_with_config(text: &str, config: Config) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [grooves, reds, turn, supplies, points, squares] = fields[..] else {
            return Err(PositionError::Fields {
                found: fields.len(),
            });
        };
        let mut pos = Position::new(config);

        // Field 1: the grooves.
        let rows: Vec<&str> = grooves.split('/').collect();
        if rows.len() != 15 {
            return Err(syntax(
                "grooves",
                grooves,
                "15 rows separated by '/', alternately 7 and 8 segments",
            ));
        }
        for (r, row) in rows.iter().enumerate() {
            let mut col = 0;
            let mut after_digit = false;
            for ch in row.chars() {
                let expected = "p, f or a digit 1-8 per run of empty segments, 7 or 8 per row";
                match ch.to_ascii_lowercase() {
                    d @ '1'..='8' if !after_digit => {
                        col += d as usize - '0' as usize;
                        after_digit = true;
                        if row_segment(r, col - 1).is_none() {
                            return Err(syntax("grooves", row, expected));
                        }
                    }
                    k @ ('p' | 'f') => {
                        let Some(s) = row_segment(r, col) else {
                            return Err(syntax("grooves", row, expected));
                        };
                        let i = s.index();
                        let (o, bit) = (i >> 6, 1u64 << (i & 63));
                        if k == 'p' {
                            pos.pale[o] |= bit;
                        } else {
                            pos.dark[o] |= bit;
                        }
                        col += 1;
                        after_digit = false;
                    }
                    _ => return Err(syntax("grooves", row, expected)),
                }
            }
            if row_segment(r, col).is_some() || (col > 0 && row_segment(r, col - 1).is_none()) {
                return Err(syntax(
                    "grooves",
                    row,
                    "7 segments in a row of horizontal segments, 8 in a row of vertical ones",
                ));
            }
        }

        // Field 2: the reds.
        if reds != "-" {
            for part in reds.split(',') {
                let sq: Square = part.parse().map_err(|_| {
                    syntax("reds", part, "crossings like D5 separated by ',', or -")
                })?;
                if pos.reds >> sq as u8 & 1 == 1 {
                    return Err(PositionError::DuplicateRed(sq));
                }
                pos.reds |= 1 << sq as u8;
            }
        }

        // Field 3: the turn.
        pos.to_move = match turn {
            "1" => Player::One,
            "2" => Player::Two,
            _ => return Err(syntax("turn", turn, "1 or 2")),
        };

        // Field 4: the supplies.
        let expected = "five numbers P1,F1,P2,F2,R";
        let parts: Vec<&str> = supplies.split(',').collect();
        let [p1, f1, p2, f2, r] = parts[..] else {
            return Err(syntax("supplies", supplies, expected));
        };
        let n = |t: &str| number::<u8>("supplies", t, "numbers 0-255 in P1,F1,P2,F2,R");
        pos.pale_left = [n(p1)?, n(p2)?];
        pos.dark_left = [n(f1)?, n(f2)?];
        pos.reds_left = n(r)?;

        // Field 5: the points.
        let expected = "S1,S2 or S1,S2+C";
        let (scores, claim) = match points.split_once('+') {
            Some((s, c)) => (s, Some(c)),
            None => (points, None),
        };
        let Some((s1, s2)) = scores.split_once(',') else {
            return Err(syntax("points", points, expected));
        };
        let n = |t: &str| number::<u16>("points", t, "numbers 0-65535 in S1,S2+C");
        let stated = [n(s1)?, n(s2)?];
        let claim = claim.map(n).transpose()?;

        // Field 6: the closed squares.
        let mut listed = [0u64; 2];
        if squares != "-" {
            let expected =
                "SQUARE:CS items (C closer 1 or 2, S scorer 0, 1 or 2) separated by ',', or -";
            for part in squares.split(',') {
                let Some((sq, who)) = part.split_once(':') else {
                    return Err(syntax("closed squares", part, expected));
                };
                let sq: GameSquare = sq
                    .parse()
                    .map_err(|_| syntax("closed squares", part, expected))?;
                let (o, bit) = (sq.size() as usize, 1u64 << sq.corner() as u8);
                let (closer, scorer) = match who.as_bytes() {
                    [c @ b'1'..=b'2', s @ b'0'..=b'2'] => (*c, *s),
                    _ => return Err(syntax("closed squares", part, expected)),
                };
                if listed[o] & bit != 0 {
                    return Err(PositionError::DuplicateSquare(sq));
                }
                listed[o] |= bit;
                if closer == b'2' {
                    pos.closed_by_two[o] |= bit;
                }
                if scorer != b'0' {
                    pos.scored[o] |= bit;
                    if scorer == b'2' {
                        pos.scored_by_two[o] |= bit;
                    }
                }
            }
        }

        pos.validate(listed, stated, claim)?;
        Ok(pos)
    }

    /// The checks of [`from_text_with_config`](Position::from_text_with_config)
    /// on the fields read into `self` (the pieces, reds, turn, supplies,
    /// closers and scorers); sets the closed squares, points and claim.
    fn validate(
        &mut self,
        listed: [u64; 2],
        stated: [u16; 2],
        claim: Option<u16>,
    ) -> Result<(), PositionError> {
        let c = self.config;
        let pieces: Vec<(Segment, Kind)> = self.pieces().collect();

        // (a) EOC-8: no two darks end at one crossing.
        let mut seen = 0u64;
        for &(s, k) in &pieces {
            if k == Kind::Dark {
                let at = s.crossings().0;
                if let Some(sq) = board_core::Bitboard(at & seen).first() {
                    return Err(PositionError::DarksTouch(sq));
                }
                seen |= at;
            }
        }

        // (b) EOC-9: every piece touches one of the other kind, all in one chain.
        if pieces.len() >= 2 {
            let dark_ends = ends(self.dark[0], self.dark[1]);
            let pale_ends = ends(self.pale[0], self.pale[1]);
            for &(s, k) in &pieces {
                let other = match k {
                    Kind::Pale => dark_ends,
                    Kind::Dark => pale_ends,
                };
                if s.crossings().0 & other == 0 {
                    return Err(PositionError::Untouched(s));
                }
            }
            check_chain(&pieces)?;
        }

        // (c) EOC-4, EOC-10: supplies and the pieces taken from them.
        for (kind, given, left, on_board) in [
            (
                Kind::Pale,
                c.pale,
                self.pale_left,
                self.pale[0].count_ones() + self.pale[1].count_ones(),
            ),
            (
                Kind::Dark,
                c.dark,
                self.dark_left,
                self.dark[0].count_ones() + self.dark[1].count_ones(),
            ),
        ] {
            for p in Player::ALL {
                if left[p.index()] > given {
                    return Err(PositionError::SupplyTooLarge {
                        player: p,
                        kind,
                        left: left[p.index()],
                        given,
                    });
                }
            }
            let taken = 2 * given as u32 - left[0] as u32 - left[1] as u32;
            if on_board != taken {
                return Err(PositionError::PieceCount {
                    kind,
                    on_board,
                    taken,
                });
            }
        }
        // (d) EOC-10: reds only in red mode.
        if !c.red_mode {
            if let Some(sq) = self.reds().first() {
                return Err(PositionError::RedModeOff(sq));
            }
        }
        let red_count = self.reds.count_ones();
        if self.reds_left > c.reds || red_count != (c.reds - self.reds_left) as u32 {
            return Err(PositionError::RedCount {
                on_board: red_count,
                left: self.reds_left,
                given: c.reds,
            });
        }

        // (e) EOC-12: the closed squares are exactly the full ones.
        let h = self.pale[0] | self.dark[0];
        let v = self.pale[1] | self.dark[1];
        self.closed = [full_units(h, v), full_bigs(h, v)];
        for sq in GameSquare::ALL {
            let (o, bit) = (sq.size() as usize, 1u64 << sq.corner() as u8);
            match (listed[o] & bit != 0, self.closed[o] & bit != 0) {
                (true, false) => return Err(PositionError::NotClosed(sq)),
                (false, true) => return Err(PositionError::Unlisted(sq)),
                _ => {}
            }
        }
        // EOC-13, EOC-14: dead squares unscored, points the worth of the squares scored.
        let mut scored = [0u32; 2];
        for sq in self.closed_squares() {
            if sq.dead && sq.scored_by.is_some() {
                return Err(PositionError::DeadScored(sq.square));
            }
            if let Some(p) = sq.scored_by {
                scored[p.index()] += sq.points as u32;
            }
        }
        for p in Player::ALL {
            if stated[p.index()] as u32 != scored[p.index()] {
                return Err(PositionError::Points {
                    player: p,
                    stated: stated[p.index()],
                    scored: scored[p.index()],
                });
            }
        }
        self.points = stated;

        // (f) EOC-17, EOC-18: the claim, from the last placement.
        if let Some(claimable) = claim {
            if self.is_over() {
                return Err(PositionError::ClaimInFinishedGame { claimable });
            }
            let last = self
                .claim_segment(claimable)
                .ok_or(PositionError::Claim { claimable })?;
            self.last = last;
            self.claim_pending = true;
            self.claimable = claimable;
        } else {
            self.last = NO_LAST;
        }

        self.check_turns()
    }

    /// The first placed segment (index order) that can be the unannounced
    /// closing a claim of `claimable` points follows: the closed squares
    /// around it were all closed by the player not to move, the live ones
    /// scored by nobody and worth `claimable` together, and there is one.
    fn claim_segment(&self, claimable: u16) -> Option<u8> {
        let filled = [self.pale[0] | self.dark[0], self.pale[1] | self.dark[1]];
        let closer_two = self.to_move == Player::One;
        Segment::ALL.iter().find_map(|s| {
            let i = s.index();
            if filled[i >> 6] >> (i & 63) & 1 == 0 {
                return None;
            }
            let around = squares_around(i as u8);
            let mut live = 0;
            let mut worth = 0u32;
            for sq in self.closed_squares() {
                let (o, c) = (sq.square.size() as usize, sq.square.corner() as u8);
                if around[o] >> c & 1 == 0 {
                    continue;
                }
                if (sq.closed_by == Player::Two) != closer_two {
                    return None;
                }
                if !sq.dead {
                    if sq.scored_by.is_some() {
                        return None;
                    }
                    live += 1;
                    worth += sq.points as u32;
                }
            }
            (live > 0 && worth == claimable as u32).then_some(i as u8)
        })
    }

    /// Whether the pieces each player placed fit the turns (EOC-5, EOC-16):
    /// see [`from_text_with_config`](Position::from_text_with_config).
    fn check_turns(&self) -> Result<(), PositionError> {
        let c = self.config;
        let placed = |p: Player| {
            let i = p.index();
            (c.pale - self.pale_left[i]) as u32 + (c.dark - self.dark_left[i]) as u32
        };
        // Per closer: squares scored by the closer (announced), by the other
        // player (claimed), live and scored by nobody (lapsed or claimable).
        let mut announced = [0u32; 2];
        let mut claimed = [0u32; 2];
        let mut unscored = [0u32; 2];
        let mut closed_any = [false; 2];
        for sq in self.closed_squares() {
            let i = sq.closed_by.index();
            closed_any[i] = true;
            match sq.scored_by {
                Some(p) if p == sq.closed_by => announced[i] += 1,
                Some(_) => claimed[i] += 1,
                None if !sq.dead => unscored[i] += 1,
                None => {}
            }
        }
        let first = c.first;
        let n = [placed(Player::One), placed(Player::Two)];
        // t completed turns (each ended by a placement that passed the turn);
        // the player to move fixes its parity.
        let fits = (0..=2 * 256u32).any(|t| {
            let to_move = if t.is_multiple_of(2) { first } else { !first };
            if to_move != self.to_move {
                return false;
            }
            Player::ALL.iter().all(|&p| {
                let i = p.index();
                let turns = if p == first { t.div_ceil(2) } else { t / 2 };
                let started = turns + u32::from(p == self.to_move);
                let Some(bonus) = n[i].checked_sub(turns) else {
                    return false;
                };
                let min_bonus = announced[i].div_ceil(6);
                let passing_closings = claimed[i].div_ceil(6) + unscored[i].div_ceil(6);
                bonus >= min_bonus
                    && bonus <= announced[i]
                    && passing_closings <= turns
                    && (started > 0 || n[i] == 0)
                    && (!closed_any[i] || n[i] > 0)
            })
        });
        if fits {
            Ok(())
        } else {
            Err(PositionError::Placements {
                one: n[0],
                two: n[1],
                turn: self.to_move,
            })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_cover_every_segment_once() {
        let mut all = Vec::new();
        for row in 0..15 {
            let mut col = 0;
            while let Some(s) = row_segment(row, col) {
                all.push(s);
                col += 1;
            }
            assert_eq!(col, if row.is_multiple_of(2) { 7 } else { 8 });
        }
        all.sort();
        assert_eq!(all, Segment::ALL);
        assert_eq!(
            row_segment(0, 0).map(|s| s.to_string()),
            Some("A8-B8".into())
        );
        assert_eq!(
            row_segment(1, 7).map(|s| s.to_string()),
            Some("H7-H8".into())
        );
        assert_eq!(
            row_segment(14, 6).map(|s| s.to_string()),
            Some("G1-H1".into())
        );
        assert_eq!(
            row_segment(13, 0).map(|s| s.to_string()),
            Some("A1-A2".into())
        );
    }

    #[test]
    fn squares_around_a_segment() {
        for s in Segment::ALL {
            let around = squares_around(s.index() as u8);
            for sq in GameSquare::ALL {
                let o = sq.size() as usize;
                let has = around[o] >> sq.corner() as u8 & 1 == 1;
                assert_eq!(has, sq.outline().contains(&s), "{s} {sq}");
            }
        }
    }
}
