//! 3-D chess for the door: its keywords, action numbering and planes.

use board_core::{Cell, Color, Level};
use chess3d::{Config, FixedPosition, Move, MoveKind, PlayError, Position, PositionError, Role};

use crate::adapter::{color_index, color_players, whole, write_plane, Adapter};
use crate::config::{each, Entries};

/// 3-D chess (`chess3d`).
pub struct Chess3d;

/// The planes of an observation, each `levels` × 64 cells.
const PLANES: usize = 18;

/// The under-promotions: knight, bishop, rook (a queen takes the plain
/// from-to number).
const UNDER: [Role; 3] = [Role::Knight, Role::Bishop, Role::Rook];

/// The number of cells of a configuration.
fn cells(config: &Config) -> usize {
    64 * config.levels()
}

/// The first castling action: after the from-to and under-promotion ones.
fn castling_base(config: &Config) -> usize {
    let n = cells(config);
    n * n + config.levels() * 16 * 27
}

/// What an action names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    /// A start cell, a target cell and maybe an under-promotion.
    Step(Cell, Cell, Option<Role>),
    /// A castling by a colour, long or short.
    Castle(Color, bool),
}

/// What an action names in a configuration.
fn named(config: &Config, action: usize) -> Option<Named> {
    let base = castling_base(config);
    match action.checked_sub(base) {
        Some(i @ 0..4) => {
            let color = if i / 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            Some(Named::Castle(color, i % 2 == 1))
        }
        Some(_) => None,
        None => decode(config, action).map(|(from, to, role)| Named::Step(from, to, role)),
    }
}

/// What a from-to or under-promotion action names: start cell, target
/// cell, under-promotion.
fn decode(config: &Config, action: usize) -> Option<(Cell, Cell, Option<Role>)> {
    let n = cells(config);
    if action < n * n {
        return Some((
            Cell::from_index(action / n)?,
            Cell::from_index(action % n)?,
            None,
        ));
    }
    let i = action - n * n;
    let (source, direction, role) = (i / 27, i / 3 % 9, UNDER.get(i % 3)?);
    let (level, file, black) = (source / 16, source / 2 % 8, source % 2 == 1);
    if level >= config.levels() {
        return None;
    }
    let (from_rank, to_rank) = if black { (1, 0) } else { (6, 7) };
    let from = Cell::from_index(level * 64 + from_rank * 8 + file)?;
    let (df, dl) = (direction as i8 / 3 - 1, direction as i8 % 3 - 1);
    let to_level = Level::new(u8::try_from(level as i8 + dl).ok()?)?;
    if to_level.index() >= config.levels() {
        return None;
    }
    let to_file = usize::try_from(file as i8 + df).ok().filter(|&f| f < 8)?;
    let to = Cell::from_index(to_level.index() * 64 + to_rank * 8 + to_file)?;
    Some((from, to, Some(*role)))
}

/// The under-promotion a move makes, if any.
const fn under_promotion(kind: MoveKind) -> Option<Role> {
    match kind {
        MoveKind::Promotion(role) | MoveKind::CapturePromotion(role)
            if !matches!(role, Role::Queen) =>
        {
            Some(role)
        }
        _ => None,
    }
}

/// The pieces' bitboards `[level][plane]` as `me` sees them: my six roles,
/// then the opponent's.
fn boards<const L: usize>(pos: &FixedPosition<L>, me: Color) -> [[u64; 12]; 8] {
    let mut boards = [[0u64; 12]; 8];
    for (l, planes) in boards.iter_mut().take(L).enumerate() {
        let Some(level) = Level::new(l as u8) else {
            continue;
        };
        let mine = pos.pieces_on(me, level).0;
        let theirs = pos.pieces_on(!me, level).0;
        for (r, role) in Role::ALL.into_iter().enumerate() {
            let bits = pos.role_on_level(role, level).0;
            planes[r] = bits & mine;
            planes[6 + r] = bits & theirs;
        }
    }
    boards
}

/// The plain C3-20 text of a start cell, a target and a promotion.
fn plain(from: Cell, to: Cell, promotion: Option<Role>) -> String {
    match promotion {
        Some(role) => format!("{from}-{to}={}", role_letter(role)),
        None => format!("{from}-{to}"),
    }
}

/// A promotion's letter.
const fn role_letter(role: Role) -> char {
    match role {
        Role::Knight => 'N',
        Role::Bishop => 'B',
        Role::Rook => 'R',
        _ => 'Q',
    }
}

impl Adapter for Chess3d {
    type Position = Position;
    type Memo = ();

    const PLANES: &'static str = "\
chess3d: observation int8 [18, L, 8, 8] for L levels, cell [plane, level, rank, file]
  (N1/A1 = [p, 0, 0, 0]), seen from the player to move (\"mine\" = theirs to move):
   0-5 my pawns, knights, bishops, rooks, queens, king
   6-11 the opponent's pawns, knights, bishops, rooks, queens, king
  12 the en-passant target cell
  13 all ones if I may still castle short, 14 long; 15, 16 the opponent's
  17 all ones when White is to move (Black moves first, C3-13)
  actions (C * C + L * 432 + 4 with C = 64 * L cells): from * C + to for
  every move but castling (cells numbered level * 64 + rank * 8 + file; a
  promotion to a queen is its from-to number), then
  C * C + ((level * 8 + file) * 2 + side) * 27 + ((df + 1) * 3 + (dl + 1)) * 3 + role
  for an under-promotion (side 0 White from rank 7, 1 Black from rank 2;
  df, dl the file and level steps; role 0 knight, 1 bishop, 2 rook), then
  the last four: White O-O, White O-O-O, Black O-O, Black O-O-O.
  A game ends as the crate's Position says: mate, stalemate, dead position,
  75-move rule (C3-16, C3-17); repetition draws and claims are the crate's
  Match's and are not applied here.";

    fn config(entries: &Entries) -> Result<Config, String> {
        let mut config = Config::default();
        each(entries, |key, value| {
            match key {
                "levels" => {
                    let n = whole(key, value, 1..=8).map_err(|e| format!("{e} (C3-1)"))?;
                    config = Config::new(n as usize).map_err(|e| e.to_string())?;
                }
                _ => {
                    return Err(format!(
                        "{key} is not an option of chess3d (the one option: levels)"
                    ))
                }
            }
            Ok(())
        })?;
        Ok(config)
    }

    fn config_entries(config: &Config) -> Entries {
        vec![(
            "levels".into(),
            crate::config::Value::Int(config.levels() as i64),
        )]
    }

    fn num_actions(config: &Config) -> usize {
        castling_base(config) + 4
    }

    fn observation_shape(config: &Config) -> Vec<usize> {
        vec![PLANES, config.levels(), 8, 8]
    }

    #[inline]
    fn action(pos: &Position, mv: Move) -> usize {
        let n = 64 * pos.levels();
        let (from, to) = (mv.from(), mv.to());
        if let MoveKind::ShortCastle | MoveKind::LongCastle = mv.kind() {
            let long = usize::from(mv.kind() == MoveKind::LongCastle);
            return castling_base(&pos.config()) + color_index(pos.turn()) * 2 + long;
        }
        match under_promotion(mv.kind()) {
            None => from.index() * n + to.index(),
            Some(role) => {
                let black = from.square().index() / 8 == 1;
                let source =
                    (from.level().index() * 8 + from.square().index() % 8) * 2 + usize::from(black);
                let df = to.square().index() % 8 + 1 - from.square().index() % 8;
                let dl = to.level().index() + 1 - from.level().index();
                let r = UNDER.iter().position(|&u| u == role).unwrap_or(0);
                n * n + (source * 9 + df * 3 + dl) * 3 + r
            }
        }
    }

    fn move_of(pos: &Position, action: usize) -> Option<Move> {
        match named(&pos.config(), action)? {
            Named::Step(from, to, promotion) => {
                let castles =
                    |mv: &Move| matches!(mv.kind(), MoveKind::ShortCastle | MoveKind::LongCastle);
                let found = pos.moves_from(from).into_iter().find(|mv| {
                    mv.to() == to && under_promotion(mv.kind()) == promotion && !castles(mv)
                });
                // Not legal: read the plain text in the position's context,
                // so that playing it names the rule it breaks.
                found.or_else(|| pos.parse_move(&plain(from, to, promotion)).ok())
            }
            Named::Castle(color, long) => {
                let kind = if long {
                    MoveKind::LongCastle
                } else {
                    MoveKind::ShortCastle
                };
                let found = (color == pos.turn())
                    .then(|| pos.legal_moves().into_iter().find(|mv| mv.kind() == kind))
                    .flatten();
                found.or_else(|| pos.parse_move(if long { "O-O-O" } else { "O-O" }).ok())
            }
        }
    }

    fn action_text(config: &Config, action: usize) -> Option<String> {
        named(config, action).map(|named| match named {
            Named::Step(from, to, promotion) => plain(from, to, promotion),
            Named::Castle(color, long) => {
                format!("{} ({color})", if long { "O-O-O" } else { "O-O" })
            }
        })
    }

    color_players!();

    fn observe(pos: &Position, me: Color, out: &mut [i8]) {
        let levels = pos.levels();
        let ep = pos.ep_target();
        let castling = pos.castling();
        let all = |on: bool| if on { u64::MAX } else { 0 };
        let constant = [
            all(castling.has(me, true)),
            all(castling.has(me, false)),
            all(castling.has(!me, true)),
            all(castling.has(!me, false)),
            all(me == Color::White),
        ];
        let boards = match pos {
            Position::L1(p) => boards(p, me),
            Position::L2(p) => boards(p, me),
            Position::L3(p) => boards(p, me),
            Position::L4(p) => boards(p, me),
            Position::L5(p) => boards(p, me),
            Position::L6(p) => boards(p, me),
            Position::L7(p) => boards(p, me),
            Position::L8(p) => boards(p, me),
        };
        for (l, pieces) in boards.iter().take(levels).enumerate() {
            let plane = |p: usize| (p * levels + l) * 64;
            for (p, &bits) in pieces.iter().enumerate() {
                write_plane(&mut out[plane(p)..plane(p) + 64], bits);
            }
            let ep_bits = match ep {
                Some(cell) if cell.level().index() == l => 1u64 << cell.square().index(),
                _ => 0,
            };
            write_plane(&mut out[plane(12)..plane(12) + 64], ep_bits);
            for (i, bits) in constant.into_iter().enumerate() {
                write_plane(&mut out[plane(13 + i)..plane(13 + i) + 64], bits);
            }
        }
    }

    /// chess3d's own refusal of a text with another level count (C3-1).
    fn other_config(found: &Config, config: &Config) -> String {
        PositionError::LevelsDisagree {
            found: found.levels(),
            expected: config.levels(),
        }
        .to_string()
    }

    fn is_parse_error(error: &PlayError) -> bool {
        matches!(error, PlayError::Notation(_))
    }
}
