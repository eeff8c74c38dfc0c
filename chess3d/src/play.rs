//! Playing moves: the [`Game`] interface of
//! [`FixedPosition`] and [`Position`] (each size of the one dispatched to the
//! other). The rules themselves are in [`legal`](crate::legal).

use board_core::{Cell, Color, Game, MoveList, Outcome};

use crate::error::PlayError;
use crate::movegen::Lister;
use crate::moves::Move;
use crate::piece::Piece;
use crate::position::{dispatch, EndReason, FixedPosition, Position};

impl<const L: usize> Game for FixedPosition<L> {
    type Move = Move;
    type Player = Color;
    type EndReason = EndReason;
    type Error = PlayError;
    /// A fixed level count is in the type: nothing left to configure.
    type Config = ();

    fn from_config((): ()) -> FixedPosition<L> {
        FixedPosition::default()
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        self.generate(&mut Lister(moves));
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        FixedPosition::check(self, mv)
    }

    fn is_legal(&self, mv: Move) -> bool {
        FixedPosition::is_legal(self, mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        FixedPosition::play(self, mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        FixedPosition::outcome(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        FixedPosition::parse_move(self, text)
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        FixedPosition::count_legal_moves(self)
    }

    /// The walk of [`perft`](crate::perft): moves played from the
    /// generator's target sets, the last ply counted in bulk.
    fn perft(&self, depth: u32) -> u64 {
        self.perft_walk(depth)
    }
}

impl Position {
    /// `Ok` if `mv` is legal here, otherwise why not: the same error
    /// [`play`](Self::play) returns, found without copying the position.
    ///
    /// ```
    /// use chess3d::{Geometry, PlayError, Position};
    /// let pos = Position::default();
    /// let mv = pos.parse_move("N2/G8-N3/H6")?; // a bishop's leap
    /// assert!(matches!(pos.check(mv), Err(PlayError::Geometry { rule: Geometry::Bishop, .. })));
    /// assert_eq!(pos.check(mv).unwrap_err().to_string(),
    ///     "the Black bishop on N2/G8 cannot move to N3/H6: a bishop slides along the 12 planar diagonal steps only (C3-5)");
    /// # Ok::<(), PlayError>(())
    /// ```
    ///
    /// # Errors
    /// The rule `mv` breaks (see [`PlayError`] for the order of the checks).
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        dispatch!(self, p => p.check(mv))
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        dispatch!(self, p => p.is_legal(mv))
    }

    /// Plays `mv` if it is legal, or says why not (the position is then unchanged).
    ///
    /// # Errors
    /// Why `mv` is illegal, as [`check`](Self::check) says.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        dispatch!(self, p => p.play(mv))
    }

    /// Plays a move that [`legal_moves`](Self::legal_moves) listed, without
    /// checking it (any other move leaves the position unspecified).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        dispatch!(self, p => p.make(mv))
    }

    /// Reads a move text (C3-20) in the context of this position: the exact
    /// text `Display` writes, or the plain C3-20 text, whose kind is read off
    /// the position; two squares without levels (`E7-E5`, `D4xE5`,
    /// `A7-A8=Q`); or the short text [`san`](Self::san) writes (`NF3`,
    /// `E5`, `QxN3/D4`). A text without levels and a short text are read as
    /// the one legal move that fits them; the others are checked for
    /// legality by [`play`](Self::play).
    ///
    /// ```
    /// use chess3d::{PlayError, Position};
    /// let pos = Position::default();
    /// assert_eq!(format!("{:#}", pos.parse_move("E7-E5")?), "N2/E7-N2/E5");
    /// assert_eq!(pos.parse_move("E5")?, pos.parse_move("N2/E7-N2/E5")?);
    /// assert_eq!(format!("{:#}", pos.parse_move("NB6")?), "N2/A8-N2/B6");
    /// assert!(matches!(pos.parse_move("E7-E4"), Err(PlayError::Unclear { .. })));
    /// # Ok::<(), PlayError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError::Notation`] when `text` is not a move text;
    /// [`PlayError::OutsideSpace`] for a cell beyond the space's levels;
    /// [`PlayError::Unclear`] for a text without levels, or a short one,
    /// that fits no legal move or several.
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        dispatch!(self, p => p.parse_move(text))
    }

    /// `mv`, a legal move, in short, as SAN writes chess moves: the piece's
    /// letter (none for a pawn) and its target, with the target's level or
    /// the piece's origin only where another legal move would fit the text
    /// too; a pawn's capture names both squares (`D4xE5`); `+` after a
    /// check, `#` after a mate. [`parse_move`](Self::parse_move) reads it
    /// back; the grammar is in the crate's README.
    ///
    /// ```
    /// use chess3d::Position;
    /// let pos = Position::default(); // Black to move, the armies on N2
    /// let mv = pos.parse_move("N2/E7-N2/E5")?;
    /// assert_eq!(pos.san(mv), "E5");
    /// assert_eq!(pos.san(pos.parse_move("N2/A8-N2/B6")?), "NB6");
    /// assert_eq!(pos.parse_move(&pos.san(mv))?, mv);
    /// # Ok::<(), chess3d::PlayError>(())
    /// ```
    pub fn san(&self, mv: Move) -> String {
        dispatch!(self, p => p.san(mv))
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList<Move> {
        dispatch!(self, p => p.legal_moves())
    }

    /// The number of legal moves (without building them).
    pub fn count_legal_moves(&self) -> u64 {
        dispatch!(self, p => p.count_legal_moves())
    }

    /// How the game ended by the position alone, or `None` while it goes
    /// on: checkmate or stalemate first (C3-16), then the automatic draws of
    /// C3-17 that need no history, a dead position, then the 75-move rule
    /// (150 half-moves without capture or pawn move). So every game ends,
    /// even one driven through a bare [`History`](board_core::History).
    ///
    /// After checkmate or stalemate there is no legal move. A position drawn
    /// by C3-17 still lists its pieces' moves, because perft counts through
    /// those draws (C3-22) and one level generates FIDE chess's moves
    /// (C3-21); a [`Match`](crate::Match) lists none and refuses every move
    /// with [`PlayError::GameOver`] once the game is over, and adds the draws
    /// that need the history (fivefold repetition, claims).
    ///
    /// ```
    /// use chess3d::{EndReason, Match, Outcome, PlayError, Position};
    /// // Bare kings on three levels: a dead position (C3-17).
    /// let pos = Position::from_fen("8/8/8/8/8/8/8/8|2k5/8/8/8/8/8/8/2K5|8/8/8/8/8/8/8/8 w - - 0 1")?;
    /// assert_eq!(pos.outcome(), Some(Outcome::Draw { reason: EndReason::DeadPosition }));
    /// assert!(!pos.legal_moves().is_empty()); // perft goes on (C3-22)
    /// // 150 half-moves without capture or pawn move: the 75-move rule.
    /// let pos = Position::from_fen("8/8/8/8/8/8/8/8|2k5/8/8/8/8/8/8/R1K5|8/8/8/8/8/8/8/8 w - - 150 90")?;
    /// assert_eq!(pos.outcome(), Some(Outcome::Draw { reason: EndReason::SeventyFiveMoves }));
    /// let mv = pos.parse_move("N2/A1-N2/A2")?;
    /// let game = Match::new(pos);
    /// assert!(game.legal_moves().is_empty());
    /// assert!(matches!(game.check(mv), Err(PlayError::GameOver { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        dispatch!(self, p => p.outcome())
    }

    /// The legal moves of the piece on `cell`, for a UI's first click.
    ///
    /// ```
    /// use chess3d::Position;
    /// let pos = Position::default();
    /// let knight = "N2/A8".parse()?;
    /// let targets: Vec<String> = pos.moves_from(knight).iter().map(|m| m.to().to_string()).collect();
    /// assert_eq!(targets.len(), 5); // N2/B6, and N1/A6, N1/C8, N3/A6, N3/C8 across levels (C3-7)
    /// assert!(targets.contains(&"N2/B6".to_string()));
    /// # Ok::<(), board_core::NotationError>(())
    /// ```
    pub fn moves_from(&self, cell: Cell) -> MoveList<Move> {
        dispatch!(self, p => p.moves_from(cell))
    }

    /// The legal moves ending on `cell`, for a UI's second click (several
    /// when promotions differ).
    ///
    /// ```
    /// use chess3d::Position;
    /// let pos = Position::default();
    /// let e5 = "N2/E5".parse()?;
    /// let moves = pos.moves_to(e5);
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!(moves[0].to_string(), "N2/E7-N2/E5");
    /// # Ok::<(), board_core::NotationError>(())
    /// ```
    pub fn moves_to(&self, cell: Cell) -> MoveList<Move> {
        dispatch!(self, p => p.moves_to(cell))
    }

    /// The piece the legal move `mv` takes (the pawn beside the target for en
    /// passant, C3-10), or `None`.
    ///
    /// ```
    /// use chess3d::{Piece, Position, Role};
    /// use board_core::Color;
    /// // After N2/E7-N2/E5, White's pawn on N1/D5 takes en passant across levels.
    /// let pos = Position::from_fen("8/8/8/3P4/8/8/8/8|2k5/8/8/4p3/8/8/8/2K5|8/8/8/8/8/8/8/8 w - N2/E6 0 1")?;
    /// let mv = pos.parse_move("N1/D5xN2/E6")?;
    /// assert_eq!(mv.to_string(), "N1/D5xN2/E6e.p.");
    /// assert_eq!(pos.captured(mv), Some(Piece { color: Color::Black, role: Role::Pawn }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        dispatch!(self, p => p.captured(mv))
    }

    /// Whether the legal move `mv` gives check.
    ///
    /// ```
    /// use chess3d::Position;
    /// // A White rook on N3/A8 checks the king on N2/C8 from N3/C8, straight above it (C3-4).
    /// let pos = Position::from_fen("8/8/8/8/8/8/8/8|2k5/8/8/8/8/8/8/2K5|R7/8/8/8/8/8/8/8 w - - 0 1")?;
    /// assert!(pos.gives_check(pos.parse_move("N3/A8-N3/C8")?));
    /// assert!(!pos.gives_check(pos.parse_move("N3/A8-N3/A7")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        dispatch!(self, p => p.gives_check(mv))
    }
}

impl Game for Position {
    type Move = Move;
    type Player = Color;
    type EndReason = EndReason;
    type Error = PlayError;
    type Config = crate::Config;

    fn from_config(config: crate::Config) -> Position {
        Position::new(config)
    }

    #[inline]
    fn turn(&self) -> Color {
        Position::turn(self)
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        dispatch!(self, p => p.generate_moves(moves))
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        Position::check(self, mv)
    }

    fn is_legal(&self, mv: Move) -> bool {
        Position::is_legal(self, mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        Position::play(self, mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        Position::play_unchecked(self, mv)
    }

    fn outcome(&self) -> Option<Outcome<Color, EndReason>> {
        Position::outcome(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        Position::parse_move(self, text)
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        dispatch!(self, p => p.count_legal_moves())
    }

    /// Perft on the fixed-size position inside: the variant is chosen once
    /// here instead of at every node (copy, play and count), and a 4- to
    /// 8-level position is copied without its box.
    fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, p => p.perft_walk(depth))
    }
}
