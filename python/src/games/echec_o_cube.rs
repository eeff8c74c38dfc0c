//! ÉCHEC O CUBE for the door: its keywords, action numbering and planes.

use echec_o_cube::{
    ClosedSquare, Config, Kind, Move, PlayError, Player, Points, Position, Segment, Size, Square,
};

use crate::adapter::{boolean, thermometer, whole, write_plane, Adapter};
use crate::config::{each, Entries, Value};

/// ÉCHEC O CUBE (`echec_o_cube`).
pub struct EchecOCube;

/// The first red action: placements take 4 × 128 numbers before.
const RED: usize = 512;
/// The claim's action.
const CLAIM: usize = RED + 64;

/// The player index: One 0, Two 1.
const fn index(player: Player) -> usize {
    match player {
        Player::One => 0,
        Player::Two => 1,
    }
}

/// The board's planes that change only move by move: the pieces and the
/// closed squares by scorer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Planes {
    /// Pale horizontal, pale vertical, dark horizontal, dark vertical.
    segments: [u64; 4],
    /// `[unit, big]` × scored by One, by Two, unscored; by corner.
    squares: [[u64; 3]; 2],
}

impl Planes {
    /// A piece on a segment.
    #[inline]
    fn place(&mut self, kind: Kind, segment: Segment) {
        let i = segment.index();
        self.segments[usize::from(kind == Kind::Dark) * 2 + i / 64] |= 1 << (i % 64);
    }

    /// A closed square with its scorer so far.
    #[inline]
    fn close(&mut self, closed: ClosedSquare) {
        let size = usize::from(closed.square.size() == Size::Big);
        let bit = 1u64 << (closed.square.corner() as u32);
        let slot = closed.scored_by.map_or(2, index);
        for (i, board) in self.squares[size].iter_mut().enumerate() {
            if i == slot {
                *board |= bit;
            } else {
                *board &= !bit;
            }
        }
    }
}

/// Writes the 17 planes as `me` sees them.
#[inline]
fn write(pos: &Position, memo: &Planes, me: Player, out: &mut [i8]) {
    let (mine, theirs) = (index(me), index(!me));
    let [unit, big] = memo.squares;
    let (my_pale, my_dark) = pos.supply(me);
    let (their_pale, their_dark) = pos.supply(!me);
    let planes = [
        memo.segments[0],
        memo.segments[1],
        memo.segments[2],
        memo.segments[3],
        pos.reds().0,
        unit[mine],
        unit[theirs],
        unit[2],
        big[mine],
        big[theirs],
        big[2],
        if pos.claimable().is_some() {
            u64::MAX
        } else {
            0
        },
        thermometer(my_pale.into()),
        thermometer(my_dark.into()),
        thermometer(their_pale.into()),
        thermometer(their_dark.into()),
        thermometer(pos.reds_left().into()),
    ];
    for (plane, bits) in out.chunks_exact_mut(64).zip(planes) {
        write_plane(plane, bits);
    }
}

impl Adapter for EchecOCube {
    type Position = Position;
    type Memo = Planes;

    const PLANES: &'static str = "\
echec-o-cube: observation int8 [17, 8, 8], cell [plane, rank, file] (A1 = [p, 0, 0]),
  seen from the player to move (\"mine\" = theirs to move):
   0 pale pieces on horizontal segments, by the segment's left crossing
   1 pale pieces on vertical segments, by the segment's bottom crossing
   2 dark pieces on horizontal segments     3 dark pieces on vertical segments
   4 reds, by crossing
   5 unit squares I scored, by bottom-left corner
   6 unit squares the opponent scored      7 unit squares closed and unscored
   8 2x2 squares I scored                  9 2x2 squares the opponent scored
  10 2x2 squares closed and unscored
  11 all ones when points are claimable (EOC-17)
  12 my pales left, 13 my darks left, 14 the opponent's pales left,
  15 the opponent's darks left, 16 reds left in the pool: the first n cells
     (index order, capped at 64) are 1.
  actions (577): (kind * 2 + announced) * 128 + segment for a placement
  (kind 0 pale, 1 dark; announced 0/1; segment = left crossing 0-63 of a
  horizontal segment, 64 + bottom crossing of a vertical one), 512 + crossing
  for a red, 576 for the claim.";

    fn config(entries: &Entries) -> Result<Config, String> {
        let mut config = Config::STANDARD;
        if let Some((_, preset)) = entries.iter().find(|(k, _)| k == "preset") {
            config = match preset {
                Value::Str(s) => Config::PRESETS
                    .iter()
                    .find(|(name, _)| name.eq_ignore_ascii_case(s))
                    .map(|(_, c)| *c)
                    .ok_or_else(|| {
                        format!("preset={preset}: expected \"standard\" or \"family\"")
                    })?,
                _ => {
                    return Err(format!(
                        "preset={preset}: expected \"standard\" or \"family\""
                    ))
                }
            };
        }
        each(entries, |key, value| {
            let byte = |v: &Value| whole(key, v, 0..=255).map(|n| n as u8);
            match key {
                "preset" => {}
                "pale" => config.pale = byte(value)?,
                "dark" => config.dark = byte(value)?,
                "reds" => config.reds = byte(value)?,
                "red_mode" => config.red_mode = boolean(key, value)?,
                "auto_announce" => config.auto_announce = boolean(key, value)?,
                "points" => {
                    let Value::Ints(p) = value else {
                        return Err(format!(
                            "points={value}: expected four whole numbers 0-255 (standard, enriched, maximal, big)"
                        ));
                    };
                    let [a, b, c, d] = p[..] else {
                        return Err(format!(
                            "points={value}: expected four whole numbers 0-255 (standard, enriched, maximal, big)"
                        ));
                    };
                    let n = |x: i64| byte(&Value::Int(x));
                    config.points = Points {
                        standard: n(a)?,
                        enriched: n(b)?,
                        maximal: n(c)?,
                        big: n(d)?,
                    };
                }
                "first" => {
                    config.first = match value {
                        Value::Int(0) => Player::One,
                        Value::Int(1) => Player::Two,
                        Value::Str(s) if s.eq_ignore_ascii_case("one") => Player::One,
                        Value::Str(s) if s.eq_ignore_ascii_case("two") => Player::Two,
                        _ => return Err(format!("first={value}: expected 0 or 1 (player One or Two)")),
                    }
                }
                _ => {
                    return Err(format!(
                        "{key} is not an option of echec-o-cube (preset, pale, dark, reds, red_mode, auto_announce, points, first)"
                    ))
                }
            }
            Ok(())
        })?;
        Ok(config)
    }

    fn config_entries(config: &Config) -> Entries {
        let p = config.points;
        vec![
            ("pale".into(), Value::Int(config.pale.into())),
            ("dark".into(), Value::Int(config.dark.into())),
            ("reds".into(), Value::Int(config.reds.into())),
            ("red_mode".into(), Value::Bool(config.red_mode)),
            ("auto_announce".into(), Value::Bool(config.auto_announce)),
            (
                "points".into(),
                Value::Ints(vec![
                    p.standard.into(),
                    p.enriched.into(),
                    p.maximal.into(),
                    p.big.into(),
                ]),
            ),
            ("first".into(), Value::Int(index(config.first) as i64)),
        ]
    }

    fn num_actions(_: &Config) -> usize {
        CLAIM + 1
    }

    fn observation_shape(_: &Config) -> Vec<usize> {
        vec![17, 8, 8]
    }

    #[inline]
    fn action(_: &Position, mv: Move) -> usize {
        match mv {
            Move::Place {
                kind,
                segment,
                announced,
            } => {
                (usize::from(kind == Kind::Dark) * 2 + usize::from(announced)) * 128
                    + segment.index()
            }
            Move::Red(square) => RED + square as usize,
            Move::Claim => CLAIM,
        }
    }

    #[inline]
    fn move_of(_: &Position, action: usize) -> Option<Move> {
        match action {
            0..RED => {
                let kind = if action >= 256 {
                    Kind::Dark
                } else {
                    Kind::Pale
                };
                let segment = Segment::from_index(action % 128)?;
                Some(Move::Place {
                    kind,
                    segment,
                    announced: action / 128 % 2 == 1,
                })
            }
            RED..CLAIM => Square::from_index(action - RED).map(Move::Red),
            CLAIM => Some(Move::Claim),
            _ => None,
        }
    }

    fn action_text(config: &Config, action: usize) -> Option<String> {
        Self::move_of(&Position::new(*config), action).map(|mv| mv.to_string())
    }

    #[inline]
    fn player_index(player: Player) -> usize {
        index(player)
    }

    fn player(index: usize) -> Player {
        if index == 0 {
            Player::One
        } else {
            Player::Two
        }
    }

    fn scores(pos: &Position) -> Option<[i64; 2]> {
        Some([Player::One, Player::Two].map(|p| i64::from(pos.final_count(p))))
    }

    fn observe(pos: &Position, me: Player, out: &mut [i8]) {
        let mut memo = Planes::default();
        for (segment, kind) in pos.pieces() {
            memo.place(kind, segment);
        }
        for closed in pos.closed_squares() {
            memo.close(closed);
        }
        write(pos, &memo, me, out);
    }

    #[inline]
    fn remember(memo: &mut Planes, pos: &Position, mv: Move) {
        if let Move::Place { kind, segment, .. } = mv {
            memo.place(kind, segment);
        }
        // A placement lists what it closed; a claim afterwards fills in the
        // scorer of those same squares; a red leaves the list as it was.
        for closed in pos.last_closed() {
            memo.close(closed);
        }
    }

    #[inline]
    fn observe_with(pos: &Position, memo: &Planes, me: Player, out: &mut [i8]) {
        write(pos, memo, me, out);
    }

    fn is_parse_error(error: &PlayError) -> bool {
        matches!(error, PlayError::Parse(_))
    }
}
