//! Playing a move: validation with the broken rule named, placement, the
//! KYBO test of the network of the cube just placed, turn order.

use board_core::{Color, Game, MoveList, Outcome};

use crate::error::PlayError;
use crate::geometry::{Level, Zone};
use crate::network::makes_kybo;
use crate::notation::{parse_move_text, Move};
use crate::position::{EndReason, Position};

impl Position {
    /// Why `mv` would be illegal here, or `Ok` if it is legal. The first
    /// broken rule is named, in this order: game over, no cube left, first
    /// cube outside the Dungeon, stack full, no face contact.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        let square = mv.square();
        if let Some(outcome) = self.outcome() {
            return Err(match outcome {
                Outcome::Draw {
                    reason: EndReason::NoCubeLeft,
                } => PlayError::NoCubeLeft {
                    player: self.to_move,
                },
                outcome => PlayError::GameOver { outcome },
            });
        }
        if self.occ(0) == 0 && !crate::geometry::DUNGEON.contains(square) {
            return Err(PlayError::FirstCubeOutsideDungeon { square });
        }
        let zone = Zone::of(square);
        if self.height(square) >= zone.max_height() {
            return Err(PlayError::StackFull { square, zone });
        }
        if !self.is_legal_square(square) {
            return Err(PlayError::NoContact { square });
        }
        Ok(())
    }

    /// Plays `mv` if legal; otherwise says which rule it breaks and changes nothing.
    pub fn play_move(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.place(mv);
        Ok(())
    }

    /// The level a cube placed on `mv`'s square would land at, if the stack
    /// has room.
    pub fn landing_level(&self, mv: Move) -> Option<Level> {
        let square = mv.square();
        let h = self.height(square);
        (h < Zone::of(square).max_height())
            .then(|| Level::above(h))
            .flatten()
    }

    /// Reads a move text, `E5` or `E5^2`; with a level, checks that the cube
    /// would land there (KY-10). Legality is checked by `play`.
    pub fn read_move(&self, text: &str) -> Result<Move, PlayError> {
        let (mv, written) = parse_move_text(text)?;
        if let Some(written) = written {
            let square = mv.square();
            let zone = Zone::of(square);
            match self.landing_level(mv) {
                None => return Err(PlayError::StackFull { square, zone }),
                Some(actual) if actual != written => {
                    return Err(PlayError::LevelMismatch {
                        square,
                        written,
                        actual,
                    })
                }
                Some(_) => {}
            }
        }
        Ok(mv)
    }

    /// The move with its landing level, `E5^2`, for display (KY-10). Plain
    /// `E5` when the stack is full.
    pub fn move_text_with_level(&self, mv: Move) -> String {
        match self.landing_level(mv) {
            Some(level) => format!("{mv}^{level}"),
            None => mv.to_string(),
        }
    }

    /// Plays a move that [`legal_squares`](Position::legal_squares) allows,
    /// without checking it (what [`Game::play_unchecked`] does). Any other
    /// move leaves the position unspecified, but never panics.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.place(mv);
    }

    /// Places a cube (the move is assumed legal).
    #[inline]
    pub(crate) fn place(&mut self, mv: Move) {
        let square = mv.square();
        let bit = 1u64 << square as u8;
        let c = self.to_move as usize;
        let l = self.height(square) as usize;
        if l >= 4 {
            // Not a legal move: leave the position as it is rather than panic.
            return;
        }
        self.cubes[c][l] |= bit;
        self.placed[c] = self.placed[c].saturating_add(1);
        if makes_kybo(&self.cubes[c], square, l) {
            self.winner = Some(self.to_move);
        }
        self.to_move = !self.to_move;
    }
}

impl Game for Position {
    type Move = Move;
    type Player = Color;
    type EndReason = EndReason;
    type Error = PlayError;
    type Config = crate::Config;

    fn from_config(config: crate::Config) -> Position {
        Position::with_config(config)
    }

    #[inline]
    fn turn(&self) -> Color {
        self.to_move
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        self.generate(moves);
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        Position::check(self, mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_move(mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.place(mv);
    }

    fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        Position::outcome(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        self.read_move(text)
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_square(mv.square())
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.legal_squares().count() as u64
    }
}
