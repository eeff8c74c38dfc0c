//! A slow reference implementation written straight from the rules, with
//! sets and loops over segments and no bitboards (feature `reference`).
//!
//! It shares nothing with the fast path but the configuration and player
//! types (plain data): its own coordinates, its own geometry, its own move
//! text reader and writer. The tests compare the two move for move.
//!
//! ```
//! use echec_o_cube::{reference, Config, Player};
//! let mut game = reference::Position::new(Config::default());
//! assert_eq!(game.legal_moves().len(), 224); // any segment, either kind (EOC-7)
//! game.play("P D5-E5").unwrap();
//! assert_eq!(
//!     game.legal_moves(),
//!     ["F C5-D5", "F D4-D5", "F D5-D6", "F E4-E5", "F E5-E6", "F E5-F5"]
//! );
//! ```

use std::collections::{BTreeMap, BTreeSet};

use crate::config::Config;
use crate::position::Player;

/// A crossing as (file, rank), 0-based.
type Pt = (u8, u8);
/// A segment as its two crossings, left/bottom first.
type Seg = (Pt, Pt);

/// A square: (size 1 or 2, bottom-left corner).
type Sq = (u8, Pt);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Pale,
    Dark,
}

fn all_segments() -> Vec<Seg> {
    let mut v = Vec::new();
    for r in 0..8 {
        for f in 0..7 {
            v.push(((f, r), (f + 1, r)));
        }
    }
    for r in 0..7 {
        for f in 0..8 {
            v.push(((f, r), (f, r + 1)));
        }
    }
    v
}

fn all_squares() -> Vec<Sq> {
    let mut v = Vec::new();
    for n in 1..=2u8 {
        for r in 0..8 - n {
            for f in 0..8 - n {
                v.push((n, (f, r)));
            }
        }
    }
    v
}

/// The structuring line of a square (EOC-11): its outline segments.
fn outline(sq: Sq) -> Vec<Seg> {
    let (n, (f, r)) = sq;
    let mut v = Vec::new();
    for k in 0..n {
        v.push(((f + k, r), (f + k + 1, r)));
        v.push(((f + k, r + n), (f + k + 1, r + n)));
        v.push(((f, r + k), (f, r + k + 1)));
        v.push(((f + n, r + k), (f + n, r + k + 1)));
    }
    v
}

fn pt_text(p: Pt) -> String {
    format!("{}{}", (b'A' + p.0) as char, p.1 + 1)
}

fn seg_text(s: Seg) -> String {
    format!("{}-{}", pt_text(s.0), pt_text(s.1))
}

/// `D5-E6` / `D5-F7`.
fn sq_text(sq: Sq) -> String {
    let (n, (f, r)) = sq;
    format!("{}-{}", pt_text((f, r)), pt_text((f + n, r + n)))
}

fn parse_pt(t: &str) -> Option<Pt> {
    let b = t.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0].to_ascii_uppercase().checked_sub(b'A')?;
    let r = b[1].checked_sub(b'1')?;
    (f < 8 && r < 8).then_some((f, r))
}

/// A parsed move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mv {
    Place(Kind, Seg, bool),
    Red(Pt),
    Claim,
}

fn parse_move(text: &str) -> Option<Mv> {
    let t = text.trim().to_ascii_uppercase();
    if t == "CLAIM" {
        return Some(Mv::Claim);
    }
    let (letter, rest) = t.split_at(1.min(t.len()));
    let rest = rest.trim();
    match letter {
        "R" => Some(Mv::Red(parse_pt(rest)?)),
        "P" | "F" => {
            let kind = if letter == "P" {
                Kind::Pale
            } else {
                Kind::Dark
            };
            let (body, announced) = match rest.strip_suffix('!') {
                Some(b) => (b.trim(), true),
                None => (rest, false),
            };
            let (a, b) = body.split_once('-')?;
            let (a, b) = (parse_pt(a.trim())?, parse_pt(b.trim())?);
            let (a, b) = if a < b { (a, b) } else { (b, a) };
            let horizontal = a.1 == b.1 && b.0 == a.0 + 1;
            let vertical = a.0 == b.0 && b.1 == a.1 + 1;
            (horizontal || vertical).then_some(Mv::Place(kind, (a, b), announced))
        }
        _ => None,
    }
}

fn mv_text(m: Mv) -> String {
    match m {
        Mv::Place(k, s, a) => format!(
            "{} {}{}",
            if k == Kind::Pale { 'P' } else { 'F' },
            seg_text(s),
            if a { "!" } else { "" }
        ),
        Mv::Red(p) => format!("R {}", pt_text(p)),
        Mv::Claim => "claim".to_owned(),
    }
}

/// The reference game state.
#[derive(Clone, Debug)]
pub struct Position {
    config: Config,
    to_move: Player,
    pieces: BTreeMap<Seg, Kind>,
    reds: BTreeSet<Pt>,
    closed: BTreeMap<Sq, Player>,
    last_closed: Vec<Sq>,
    points: [u32; 2],
    pale_left: [u32; 2],
    dark_left: [u32; 2],
    reds_left: u32,
    claim: Option<u32>,
}

fn idx(p: Player) -> usize {
    match p {
        Player::One => 0,
        Player::Two => 1,
    }
}

fn other(p: Player) -> Player {
    match p {
        Player::One => Player::Two,
        Player::Two => Player::One,
    }
}

impl Position {
    /// The start of a game (`config.first` to move).
    pub fn new(config: Config) -> Position {
        Position {
            config,
            to_move: config.first,
            pieces: BTreeMap::new(),
            reds: BTreeSet::new(),
            closed: BTreeMap::new(),
            last_closed: Vec::new(),
            points: [0; 2],
            pale_left: [config.pale as u32; 2],
            dark_left: [config.dark as u32; 2],
            reds_left: config.reds as u32,
            claim: None,
        }
    }

    /// Two pieces touch: a common crossing, at least one dark (EOC-8).
    fn touch(a: Seg, ka: Kind, b: Seg, kb: Kind) -> bool {
        let common = a.0 == b.0 || a.0 == b.1 || a.1 == b.0 || a.1 == b.1;
        common && (ka == Kind::Dark || kb == Kind::Dark)
    }

    /// Whether the player to move may lay `kind` in `seg` (EOC-6 to EOC-9).
    fn can_place(&self, kind: Kind, seg: Seg) -> bool {
        let i = idx(self.to_move);
        let left = if kind == Kind::Pale {
            self.pale_left[i]
        } else {
            self.dark_left[i]
        };
        if left == 0 || self.pieces.contains_key(&seg) {
            return false;
        }
        if self.pieces.is_empty() {
            return true;
        }
        let mut touches_other = false;
        for (&s, &k) in &self.pieces {
            if Self::touch(seg, kind, s, k) {
                if k == kind {
                    // Two darks touching (two pales never touch).
                    return false;
                }
                touches_other = true;
            }
        }
        touches_other
    }

    fn dead(&self, sq: Sq) -> bool {
        outline(sq)
            .iter()
            .any(|s| self.reds.contains(&s.0) || self.reds.contains(&s.1))
    }

    fn worth(&self, sq: Sq) -> u32 {
        if self.dead(sq) {
            return 0;
        }
        let p = self.config.points;
        if sq.0 == 2 {
            return p.big as u32;
        }
        let darks = outline(sq)
            .iter()
            .filter(|s| self.pieces.get(s) == Some(&Kind::Dark))
            .count();
        (match darks {
            0 => p.standard,
            1 => p.enriched,
            _ => p.maximal,
        }) as u32
    }

    /// The squares laying a piece in `seg` would close.
    fn closes(&self, seg: Seg) -> Vec<Sq> {
        // A square closes when `seg` is on its outline and the rest of the
        // outline is already filled.
        all_squares()
            .into_iter()
            .filter(|&sq| {
                let line = outline(sq);
                !self.closed.contains_key(&sq)
                    && line.contains(&seg)
                    && line
                        .iter()
                        .all(|s| *s == seg || self.pieces.contains_key(s))
            })
            .collect()
    }

    fn placements(&self) -> Vec<(Kind, Seg)> {
        let mut v = Vec::new();
        for seg in all_segments() {
            for kind in [Kind::Pale, Kind::Dark] {
                if self.can_place(kind, seg) {
                    v.push((kind, seg));
                }
            }
        }
        v
    }

    fn moves(&self) -> Vec<Mv> {
        let placements = self.placements();
        if placements.is_empty() {
            return Vec::new();
        }
        let mut v = Vec::new();
        if self.claim.is_some() {
            v.push(Mv::Claim);
        }
        for (kind, seg) in placements {
            let live = self.closes(seg).iter().any(|&sq| !self.dead(sq));
            if live {
                v.push(Mv::Place(kind, seg, true));
            }
            if !live || !self.config.auto_announce {
                v.push(Mv::Place(kind, seg, false));
            }
        }
        if self.config.red_mode && self.reds_left > 0 {
            for f in 0..8 {
                for r in 0..8 {
                    let p = (f, r);
                    let used = self.pieces.keys().any(|s| s.0 == p || s.1 == p);
                    if !used && !self.reds.contains(&p) {
                        v.push(Mv::Red(p));
                    }
                }
            }
        }
        v
    }

    /// Whether `mv` is legal, checked rule by rule.
    fn is_legal(&self, mv: Mv) -> bool {
        if self.is_over() {
            return false;
        }
        match mv {
            Mv::Claim => self.claim.is_some(),
            Mv::Red(p) => {
                self.config.red_mode
                    && self.reds_left > 0
                    && !self.reds.contains(&p)
                    && !self.pieces.keys().any(|s| s.0 == p || s.1 == p)
            }
            Mv::Place(kind, seg, announced) => {
                if !self.can_place(kind, seg) {
                    return false;
                }
                let live = self.closes(seg).iter().any(|&sq| !self.dead(sq));
                if announced {
                    live
                } else {
                    !live || !self.config.auto_announce
                }
            }
        }
    }

    /// The legal moves as text, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self.moves().into_iter().map(mv_text).collect();
        v.sort();
        v
    }

    /// Plays a move given as text, or says why not.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = parse_move(text).ok_or_else(|| format!("{text:?} is not a move"))?;
        if !self.is_legal(mv) {
            return Err(format!("{text:?} is illegal"));
        }
        let me = idx(self.to_move);
        match mv {
            Mv::Claim => {
                self.points[me] += self.claim.take().unwrap_or(0);
            }
            Mv::Red(p) => {
                self.reds.insert(p);
                self.reds_left -= 1;
            }
            Mv::Place(kind, seg, announced) => {
                let closes = self.closes(seg);
                self.pieces.insert(seg, kind);
                if kind == Kind::Pale {
                    self.pale_left[me] -= 1;
                } else {
                    self.dark_left[me] -= 1;
                }
                for &sq in &closes {
                    self.closed.insert(sq, self.to_move);
                }
                self.last_closed = closes.clone();
                self.claim = None;
                let live: Vec<Sq> = closes.into_iter().filter(|&s| !self.dead(s)).collect();
                let worth: u32 = live.iter().map(|&s| self.worth(s)).sum();
                if !live.is_empty() && announced {
                    self.points[me] += worth;
                } else {
                    if !live.is_empty() {
                        self.claim = Some(worth);
                    }
                    self.to_move = other(self.to_move);
                }
            }
        }
        Ok(())
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Player {
        self.to_move
    }

    /// Points scored by `p`.
    pub fn points(&self, p: Player) -> u32 {
        self.points[idx(p)]
    }

    /// `(pale, dark)` left in `p`'s supply.
    pub fn supply(&self, p: Player) -> (u32, u32) {
        (self.pale_left[idx(p)], self.dark_left[idx(p)])
    }

    /// Reds left in the pool.
    pub fn reds_left(&self) -> u32 {
        self.reds_left
    }

    /// Points a claim would score now, if a claim is legal.
    pub fn claimable(&self) -> Option<u32> {
        if self.is_over() {
            None
        } else {
            self.claim
        }
    }

    /// Closed squares as text with who closed them, whether dead, and their
    /// worth, sorted.
    pub fn closed_squares(&self) -> Vec<(String, Player, bool, u32)> {
        let mut v: Vec<_> = self
            .closed
            .iter()
            .map(|(&sq, &p)| (sq_text(sq), p, self.dead(sq), self.worth(sq)))
            .collect();
        v.sort();
        v
    }

    /// Squares closed by the last placement, as text, sorted.
    pub fn last_closed(&self) -> Vec<String> {
        let mut v: Vec<String> = self.last_closed.iter().map(|&s| sq_text(s)).collect();
        v.sort();
        v
    }

    /// Whether the game is over (EOC-18).
    pub fn is_over(&self) -> bool {
        self.placements().is_empty()
    }

    /// The final count of `p` (EOC-19).
    pub fn final_count(&self, p: Player) -> i64 {
        let i = idx(p);
        self.points[i] as i64 - self.pale_left[i] as i64 - 2 * self.dark_left[i] as i64
    }

    /// The winner once over; `Some(None)` for a draw.
    pub fn winner(&self) -> Option<Option<Player>> {
        if !self.is_over() {
            return None;
        }
        let (a, b) = (self.final_count(Player::One), self.final_count(Player::Two));
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Player::One),
            std::cmp::Ordering::Less => Some(Player::Two),
            std::cmp::Ordering::Equal => None,
        })
    }

    /// Perft: the number of legal move sequences of length `depth` (EOC-22).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut child = self.clone();
                child.play(&mv_text(m)).expect("a generated move is legal");
                child.perft(depth - 1)
            })
            .sum()
    }
}
