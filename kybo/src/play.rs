//! Playing a move: validation with the broken rule named, placement, the
//! KYBO test of the network of the cube just placed, turn order.

use board_core::{Color, Game, MoveList, Outcome, Rng, Square};

use crate::config::Config;

use crate::error::PlayError;
use crate::geometry::{StackLevel, Zone};
use crate::moves::Move;
use crate::network::makes_kybo;
use crate::notation::parse_move_text;
use crate::position::{EndReason, Position};

impl Position {
    /// `Ok` if `mv` is legal here, otherwise the first broken rule, in this
    /// order: game over, no cube left, first cube outside the Dungeon, stack
    /// full, no face contact.
    ///
    /// ```
    /// use kybo::{Move, PlayError, Position, Square};
    /// let pos = Position::default();
    /// assert_eq!(pos.check(Move::new(Square::D4)), Ok(()));
    /// assert_eq!(
    ///     pos.check(Move::new(Square::A1)),
    ///     Err(PlayError::FirstCubeOutsideDungeon { square: Square::A1 })
    /// );
    /// ```
    ///
    /// # Errors
    /// The broken rule: the error [`play`](Position::play) returns for `mv`.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        let square = mv.square();
        if let Some(outcome) = self.outcome() {
            return Err(self.refusal_once_over(outcome));
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

    /// What [`check`](Position::check) says of any move once the game ended
    /// with `outcome`: [`PlayError::NoCubeLeft`] for the player to move after
    /// a draw for want of cubes, otherwise [`PlayError::GameOver`].
    pub(crate) fn refusal_once_over(&self, outcome: Outcome<Color, EndReason>) -> PlayError {
        match outcome {
            Outcome::Draw {
                reason: EndReason::NoCubeLeft,
            } => PlayError::NoCubeLeft {
                player: self.to_move,
            },
            outcome => PlayError::GameOver { outcome },
        }
    }

    /// Whether `mv` is legal here (what [`check`](Position::check) accepts).
    #[inline]
    pub const fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_square(mv.square())
    }

    /// Plays `mv` if it is legal; otherwise says which rule it breaks and
    /// changes nothing.
    ///
    /// ```
    /// use kybo::{Move, Position, Square};
    /// let mut pos = Position::default();
    /// pos.play(Move::new(Square::E5))?;
    /// assert!(pos.play(Move::new(Square::A1)).is_err()); // touches nothing
    /// assert_eq!(pos.height(Square::E5), 1);
    /// # Ok::<(), kybo::PlayError>(())
    /// ```
    ///
    /// # Errors
    /// The broken rule, as [`check`](Position::check) names it.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.check(mv)?;
        self.place(mv);
        Ok(())
    }

    /// The legal move on `square`, if there is one: what a click on that
    /// square of a board plays. Together with
    /// [`landing_level`](Position::landing_level) (where the cube will rest)
    /// it is all a click-to-move interface asks before playing.
    ///
    /// ```
    /// use kybo::{StackLevel, Position, Square};
    /// let mut pos = Position::default();
    /// assert_eq!(pos.move_at(Square::A1), None); // the first cube goes on the Dungeon
    /// let mv = pos.move_at(Square::D4).expect("a Dungeon square");
    /// assert_eq!(pos.landing_level(mv), Some(StackLevel::First));
    /// pos.play(mv)?;
    /// let mv = pos.move_at(Square::D4).expect("on top of the first cube");
    /// assert_eq!(pos.landing_level(mv), Some(StackLevel::Second));
    /// # Ok::<(), kybo::PlayError>(())
    /// ```
    #[inline]
    pub const fn move_at(&self, square: Square) -> Option<Move> {
        if self.is_legal_square(square) {
            Some(Move::new(square))
        } else {
            None
        }
    }

    /// The level a cube placed on `mv`'s square would land at, if the stack
    /// has room (whether or not the move is legal otherwise).
    pub fn landing_level(&self, mv: Move) -> Option<StackLevel> {
        let square = mv.square();
        let h = self.height(square);
        (h < Zone::of(square).max_height())
            .then(|| StackLevel::above(h))
            .flatten()
    }

    /// Reads a move text, `E5` or `E5^2` (either case); with a level, checks
    /// that the cube would land there (KY-10). Legality is checked by
    /// [`play`](Position::play).
    ///
    /// ```
    /// use kybo::{Move, PlayError, Position, Square};
    /// let mut pos = Position::default();
    /// pos.play(pos.parse_move("e5")?)?;
    /// assert_eq!(pos.parse_move("E5^2")?, Move::new(Square::E5));
    /// assert!(matches!(pos.parse_move("E5^3"), Err(PlayError::LevelMismatch { .. })));
    /// assert!(matches!(pos.parse_move("Z9"), Err(PlayError::Notation(_))));
    /// # Ok::<(), PlayError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError::Notation`] for text that is not a move;
    /// [`PlayError::LevelMismatch`] (or [`PlayError::StackFull`]) when the
    /// level written is not where the cube would land.
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
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

    /// Plays a move that [`legal_moves`](Position::legal_moves) lists,
    /// without checking it (the fast path of search and playouts). Any other
    /// move leaves the position unspecified, but never panics.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.place(mv);
    }

    /// Plays uniformly random legal moves until the game ends or `max_plies`
    /// moves have been played, and returns how many it played: the moves
    /// [`random_move`](Position::random_move) draws one after another (what
    /// [`board_core::random_playout`] runs), with the same end and the same
    /// `rng` state, but faster: the networks are kept in a union-find forest
    /// between moves instead of flood-filled after each.
    ///
    /// ```
    /// use kybo::{Position, Rng};
    /// let (mut fast, mut fast_rng) = (Position::default(), Rng::new(3));
    /// let plies = fast.play_random(&mut fast_rng, usize::MAX);
    /// // The same game, move by move.
    /// let (mut slow, mut rng, mut moves) = (Position::default(), Rng::new(3), 0);
    /// while let Some(mv) = slow.random_move(&mut rng) {
    ///     slow.play_unchecked(mv);
    ///     moves += 1;
    /// }
    /// assert_eq!((fast, plies, fast_rng), (slow, moves, rng));
    /// assert!(fast.is_over());
    /// ```
    #[inline]
    pub fn play_random(&mut self, rng: &mut Rng, max_plies: usize) -> usize {
        crate::playout::play_random(self, rng, max_plies)
    }

    /// Places a cube (the move is assumed legal). Always inlined: it is the
    /// body of every `play_unchecked` of search and perft.
    #[inline(always)]
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
    type Config = Config;

    fn from_config(config: Config) -> Position {
        Position::new(config)
    }

    #[inline]
    fn turn(&self) -> Color {
        self.to_move
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        Position::generate_moves(self, moves);
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        Position::random_move(self, rng)
    }

    #[inline]
    fn play_random(&mut self, rng: &mut Rng, max_plies: usize) -> usize {
        Position::play_random(self, rng, max_plies)
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        Position::check(self, mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        Position::play(self, mv)
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Move) {
        self.place(mv);
    }

    fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        Position::outcome(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        Position::parse_move(self, text)
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
