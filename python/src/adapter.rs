//! What the bindings need of one game beyond its rules: its configuration
//! as Python keywords, its fixed action numbering and its observation
//! planes. The rules themselves (legal moves, play, outcome) come from the
//! game crate through [`board_core::Game`]; its name, position text and
//! pictures from board-any's [`Playable`], the one place that registers
//! the games.

use board_any::Playable;
use board_core::{Game, MatchRules, MoveList, SvgOptions};

use crate::config::{Entries, Value};
use crate::error::MoveError;

/// The configuration of the game an [`Adapter`] adapts.
pub type ConfigOf<A> = <<A as Adapter>::Position as Game>::Config;

/// A game as the Python door sees it: implemented once per game crate
/// (`games/*.rs`), used by the generic [`Session`](crate::session::Session),
/// [`Spec`](crate::spec::Spec) and [`Batch`](crate::batch::Batch). The
/// name `load` takes is the position's [`Playable::NAME`].
pub trait Adapter: 'static {
    /// The crate's position, with its rules, as board-any plays it.
    type Position: Playable<Config: Copy + Sync, Move: Send + Sync> + MatchRules + Sync;

    /// The documented observation planes of the game (for `load`'s docs).
    const PLANES: &'static str;

    /// The configuration from Python keywords (snake_case field names).
    ///
    /// # Errors
    /// An unknown key or a value the field does not take, said in words.
    fn config(entries: &Entries) -> Result<ConfigOf<Self>, String>;

    /// Every field of a configuration, as `config` reads it back.
    fn config_entries(config: &ConfigOf<Self>) -> Entries;

    /// How many actions the numbering has for this configuration.
    fn num_actions(config: &ConfigOf<Self>) -> usize;

    /// The observation's shape, planes first.
    fn observation_shape(config: &ConfigOf<Self>) -> Vec<usize>;

    /// The action of a legal move of `position`.
    fn action(position: &Self::Position, mv: <Self::Position as Game>::Move) -> usize;

    /// The move an action stands for in `position`, if the numbering names
    /// one (legal or not); `None` for a number naming no move at all.
    fn move_of(position: &Self::Position, action: usize) -> Option<<Self::Position as Game>::Move>;

    /// The move text of an action without a position (`Game.action_to_text`).
    fn action_text(config: &ConfigOf<Self>, action: usize) -> Option<String>;

    /// The player index of a player: 0 or 1.
    fn player_index(player: <Self::Position as Game>::Player) -> usize;

    /// The player of an index (0 or 1).
    fn player(index: usize) -> <Self::Position as Game>::Player;

    /// Writes the observation as player `me` sees it into `out` (exactly
    /// the shape's product of bytes, every byte written).
    fn observe(position: &Self::Position, me: <Self::Position as Game>::Player, out: &mut [i8]);

    /// What a batch keeps between steps to write observations faster
    /// (the board's planes, updated move by move).
    type Memo: Default + Clone + Send + Sync;

    /// Updates `memo` for `mv`, just played to reach `position` (the memo
    /// was up to date before; `Memo::default()` is the configuration's start).
    #[inline]
    fn remember(
        _memo: &mut Self::Memo,
        _position: &Self::Position,
        _mv: <Self::Position as Game>::Move,
    ) {
    }

    /// [`observe`](Adapter::observe) helped by an up-to-date memo: the same
    /// bytes.
    #[inline]
    fn observe_with(
        position: &Self::Position,
        _memo: &Self::Memo,
        me: <Self::Position as Game>::Player,
        out: &mut [i8],
    ) {
        Self::observe(position, me, out);
    }

    /// The players' scores where the game counts them (ÉCHEC O CUBE's
    /// final counts, EOC-19), else `None`.
    fn scores(_position: &Self::Position) -> Option<[i64; 2]> {
        None
    }

    /// Why a position text read for a game under `config` is refused for
    /// saying another configuration, `found` (see [`read_text`]): the
    /// crate's own error where it has one, else both configurations' fields.
    fn other_config(found: &ConfigOf<Self>, config: &ConfigOf<Self>) -> String {
        let fields = |c: &ConfigOf<Self>| {
            Self::config_entries(c)
                .iter()
                .map(|(key, value)| format!("{key}={value}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "the text is a {} position under {}, but this game is under {}",
            <Self::Position as Playable>::NAME,
            fields(found),
            fields(config)
        )
    }

    /// Whether an error of `play`/`parse_move` is about unreadable text
    /// rather than a broken rule.
    fn is_parse_error(error: &<Self::Position as Game>::Error) -> bool;

    /// The returns of a finished game: +1 the winner, -1 the loser, 0 both
    /// on a draw; zeros while it goes on.
    fn returns(position: &Self::Position) -> [f32; 2] {
        match position.outcome() {
            Some(board_core::Outcome::Win { winner, .. }) => {
                let mut r = [-1.0; 2];
                r[Self::player_index(winner)] = 1.0;
                r
            }
            _ => [0.0; 2],
        }
    }

    /// A [`MoveError`] from the crate's error.
    fn move_error(error: &<Self::Position as Game>::Error) -> MoveError {
        let message = error.to_string();
        if Self::is_parse_error(error) {
            MoveError::parse(message)
        } else {
            MoveError::illegal(message)
        }
    }
}

/// A position text read for a game under `config`, through board-any's
/// [`Playable::read_text`]. The configuration is the game's: a text that
/// says another one (chess3d's level count) is refused, so a `Game`'s
/// states all have its shapes.
///
/// # Errors
/// The crate's typed error in words, or the configuration the text says
/// beside the game's.
pub fn read_text<A: Adapter>(text: &str, config: ConfigOf<A>) -> Result<A::Position, String> {
    let position = A::Position::from_config(config)
        .read_text(text)
        .map_err(|e| e.to_string())?;
    let found = position.config();
    if found == config {
        Ok(position)
    } else {
        Err(A::other_config(&found, &config))
    }
}

/// The position's SVG picture, captions in `words`' language: board-any's
/// [`Playable::draw`] with the default options.
pub fn svg<A: Adapter>(position: &A::Position, words: &dyn board_core::Words) -> String {
    position.draw(&SvgOptions::default(), Some(words))
}

/// [`Adapter::player_index`] and [`Adapter::player`] for a game whose
/// players are `board_core::Color`s: White 0, Black 1.
macro_rules! color_players {
    () => {
        #[inline]
        fn player_index(player: board_core::Color) -> usize {
            $crate::adapter::color_index(player)
        }

        #[inline]
        fn player(index: usize) -> board_core::Color {
            $crate::adapter::color_of(index)
        }
    };
}
pub(crate) use color_players;

/// The player index of a colour: White 0, Black 1.
#[inline]
pub const fn color_index(color: board_core::Color) -> usize {
    match color {
        board_core::Color::White => 0,
        board_core::Color::Black => 1,
    }
}

/// The colour of a player index: 0 White, else Black.
#[inline]
pub const fn color_of(index: usize) -> board_core::Color {
    if index == 0 {
        board_core::Color::White
    } else {
        board_core::Color::Black
    }
}

/// The legal moves of `position` into `moves` (cleared first), none once
/// the game is over (chess3d's position still lists its pieces' moves in a
/// dead position or after 75 moves, for perft); returns whether it is over.
#[inline]
pub fn legal_moves<G: Game>(position: &G, moves: &mut MoveList<G::Move>) -> bool {
    moves.clear();
    let over = position.outcome().is_some();
    if !over {
        position.generate_moves(moves);
    }
    over
}

/// Spreads the eight bits of a byte over eight bytes (bit `i` to byte `i`,
/// 0 or 1): one rank of a bitboard as one row of an observation plane.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut v = 0u64;
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                v |= 1 << (8 * i);
            }
            i += 1;
        }
        table[b] = v;
        b += 1;
    }
    table
};

/// Writes a bitboard as a 64-cell plane of 0/1 bytes, square index order
/// (A1, B1, … H8): `plane[rank * 8 + file]`.
#[inline]
pub fn write_plane(plane: &mut [i8], bits: u64) {
    for (rank, row) in plane.chunks_exact_mut(8).take(8).enumerate() {
        let bytes = SPREAD[(bits >> (8 * rank) & 0xff) as usize].to_le_bytes();
        for (cell, byte) in row.iter_mut().zip(bytes) {
            *cell = byte as i8;
        }
    }
}

/// A plane whose first `count` cells (capped at 64) are 1: a number as a
/// thermometer.
#[inline]
pub const fn thermometer(count: u32) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}

/// The value of a configuration entry as a whole number in `range`.
///
/// # Errors
/// Not a whole number, or out of the range, said with the field's name.
pub fn whole(
    key: &str,
    value: &Value,
    range: core::ops::RangeInclusive<i64>,
) -> Result<i64, String> {
    match value {
        Value::Int(n) if range.contains(n) => Ok(*n),
        _ => Err(format!(
            "{key}={value}: expected a whole number {}-{}",
            range.start(),
            range.end()
        )),
    }
}

/// The value of a configuration entry as a boolean.
///
/// # Errors
/// Not `True` or `False`, said with the field's name.
pub fn boolean(key: &str, value: &Value) -> Result<bool, String> {
    match value {
        Value::Bool(b) => Ok(*b),
        _ => Err(format!("{key}={value}: expected True or False")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plane_holds_the_bits_in_square_order() {
        let mut plane = [7i8; 64];
        write_plane(&mut plane, 1 | 1 << 9 | 1 << 63);
        let ones: Vec<usize> = (0..64).filter(|&i| plane[i] == 1).collect();
        assert_eq!(ones, [0, 9, 63]);
        assert!(plane.iter().all(|&c| c == 0 || c == 1));
    }

    #[test]
    fn a_position_text_is_read_under_the_game_s_configuration_only() {
        use crate::games::{Chess3d, Kybo};
        let two = chess3d::Config::new(2).expect("two levels");
        let start = chess3d::Position::from_config(two);
        let text = Playable::to_text(&start);
        assert_eq!(read_text::<Chess3d>(&text, two), Ok(start));
        // Board-any lets the text say its levels (C3-19); the door keeps the game's.
        let one = chess3d::Config::new(1).expect("one level");
        let err = read_text::<Chess3d>(&text, one).expect_err("two boards under one level");
        assert_eq!(
            err,
            "2 level boards, but the configuration has 1 levels (C3-1)"
        );
        let err = read_text::<Kybo>("Z9", kybo::Config::default()).expect_err("no position");
        assert!(!err.is_empty());
        let unlimited = kybo::Config::default();
        let six = kybo::Config {
            supply: kybo::Supply::PerPlayer(6),
        };
        assert_eq!(
            Kybo::other_config(&unlimited, &six),
            "the text is a kybo position under supply=None, but this game is under supply=6"
        );
    }

    #[test]
    fn thermometers_cap_at_a_full_plane() {
        assert_eq!(thermometer(0), 0);
        assert_eq!(thermometer(3), 0b111);
        assert_eq!(thermometer(64), u64::MAX);
        assert_eq!(thermometer(200), u64::MAX);
    }
}
