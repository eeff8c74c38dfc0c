//! KYBO for the door: its keywords, action numbering and planes.

use kybo::{Color, Config, Move, PlayError, Position, Square, StackLevel, Supply};

use crate::adapter::{color_players, thermometer, whole, write_plane, Adapter};
use crate::config::{each, Entries, Value};

/// KYBO (`kybo`).
pub struct Kybo;

impl Adapter for Kybo {
    type Position = Position;
    type Memo = ();

    const PLANES: &'static str = "\
kybo: observation int8 [10, 8, 8], cell [plane, rank, file] (A1 = [p, 0, 0]),
  seen from the player to move (\"mine\" = theirs to move):
   0-3 my cubes on levels 1-4          4-7 the opponent's cubes on levels 1-4
   8 my cubes left, 9 the opponent's: the first n cells (index order, capped
     at 64) are 1; all ones with the unlimited supply.
  actions (64): the square, rank * 8 + file (A1 = 0, H8 = 63); the cube goes on
  top of that square's stack.";

    fn config(entries: &Entries) -> Result<Config, String> {
        let mut config = Config::default();
        each(entries, |key, value| {
            match key {
                "supply" => {
                    config.supply = match value {
                        Value::None => Supply::Unlimited,
                        Value::Str(s) if s == "unlimited" => Supply::Unlimited,
                        _ => Supply::PerPlayer(whole(key, value, 0..=255).map_err(|_| {
                            format!("supply={value}: expected None, \"unlimited\" or cubes per player 0-255 (KY-6)")
                        })? as u8),
                    }
                }
                _ => return Err(format!("{key} is not an option of kybo (the one option: supply)")),
            }
            Ok(())
        })?;
        Ok(config)
    }

    fn config_entries(config: &Config) -> Entries {
        let supply = match config.supply {
            Supply::Unlimited => Value::None,
            Supply::PerPlayer(n) => Value::Int(n.into()),
        };
        vec![("supply".into(), supply)]
    }

    fn num_actions(_: &Config) -> usize {
        64
    }

    fn observation_shape(_: &Config) -> Vec<usize> {
        vec![10, 8, 8]
    }

    #[inline]
    fn action(_: &Position, mv: Move) -> usize {
        mv.square() as usize
    }

    #[inline]
    fn move_of(_: &Position, action: usize) -> Option<Move> {
        Square::from_index(action).map(Move::new)
    }

    fn action_text(_: &Config, action: usize) -> Option<String> {
        Square::from_index(action).map(|sq| Move::new(sq).to_string())
    }

    color_players!();

    fn observe(pos: &Position, me: Color, out: &mut [i8]) {
        let left = |color| thermometer(pos.cubes_left(color).unwrap_or(64));
        let mut planes = [0u64; 10];
        for (i, level) in StackLevel::ALL.into_iter().enumerate() {
            planes[i] = pos.cubes(me, level).0;
            planes[4 + i] = pos.cubes(!me, level).0;
        }
        planes[8] = left(me);
        planes[9] = left(!me);
        for (plane, bits) in out.chunks_exact_mut(64).zip(planes) {
            write_plane(plane, bits);
        }
    }

    fn is_parse_error(error: &PlayError) -> bool {
        matches!(error, PlayError::Notation(_))
    }
}
