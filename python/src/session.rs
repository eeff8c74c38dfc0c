//! One game in progress, generic over the [`Adapter`], behind the
//! object-safe [`DynState`] that the Python `State` holds.

use board_any::Playable;
use board_core::{Agent, Budget, Computer, Game, MatchRules, MoveList};

use crate::adapter::{legal_moves, Adapter};
use crate::error::MoveError;

/// A game in progress as the Python `State` drives it.
pub trait DynState: Send + Sync {
    /// A copy.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// 0 or 1, -1 once the game is over.
    fn current_player(&self) -> i32;
    /// The legal actions, ascending.
    fn legal_actions(&mut self) -> Vec<usize>;
    /// Sets `mask[a]` for each legal action (the rest untouched).
    fn mark_legal(&mut self, mask: &mut [bool]);
    /// Plays an action.
    ///
    /// # Errors
    /// The rule the move breaks, or an action that names no move.
    fn apply(&mut self, action: usize) -> Result<(), MoveError>;
    /// Plays a move text; returns its action.
    ///
    /// # Errors
    /// Unreadable text or the rule the move breaks.
    fn apply_text(&mut self, text: &str) -> Result<usize, MoveError>;
    /// The move text of an action here.
    ///
    /// # Errors
    /// An action that names no move, or an illegal one.
    fn action_to_text(&mut self, action: usize) -> Result<String, MoveError>;
    /// The action of a move text here.
    ///
    /// # Errors
    /// Unreadable text or the rule the move breaks.
    fn text_to_action(&mut self, text: &str) -> Result<usize, MoveError>;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool;
    /// +1/-1/0 for each player at the end, zeros before.
    fn returns(&self) -> [f32; 2];
    /// Writes the observation as player `me` (0 or 1; the player to move
    /// when `None`) sees it: the game's shape, every byte.
    fn observe(&self, me: Option<usize>, out: &mut [i8]);
    /// The scores where the game counts them (ÉCHEC O CUBE's final counts).
    fn scores(&self) -> Option<[i64; 2]>;
    /// Takes the last move back; false at the start.
    fn undo(&mut self) -> bool;
    /// The position text.
    fn to_text(&self) -> String;
    /// The start position's text.
    fn start_text(&self) -> String;
    /// Whether the game started from its configuration's start.
    fn starts_at_start(&self) -> bool;
    /// The actions played, in order.
    fn history(&self) -> Vec<usize>;
    /// The board as the crate draws it in text.
    fn display(&self) -> String;
    /// The SVG picture with captions from `words`.
    fn svg(&self, words: &dyn board_core::Words) -> String;
    /// The computer's action for a node budget and a seed.
    fn computer_move(&self, budget: u64, seed: u64) -> Option<usize>;
    /// Whether two states hold the same position (and game).
    fn same(&self, other: &dyn DynState) -> bool;
    /// The position's text together with the game, for [`DynState::same`].
    fn key(&self) -> (&'static str, String);
}

/// A game in progress: where it started, the positions before each move
/// (copy-make undo), the actions played, and the legal moves of the
/// current position once asked for.
pub struct Session<A: Adapter> {
    start: A::Position,
    position: A::Position,
    before: Vec<A::Position>,
    actions: Vec<usize>,
    legal: Option<MoveList<<A::Position as Game>::Move>>,
}

impl<A: Adapter> Clone for Session<A> {
    fn clone(&self) -> Self {
        Session {
            start: self.start.clone(),
            position: self.position.clone(),
            before: self.before.clone(),
            actions: self.actions.clone(),
            legal: self.legal.clone(),
        }
    }
}

impl<A: Adapter> Session<A> {
    /// A game from `start`.
    pub fn new(start: A::Position) -> Session<A> {
        Session {
            position: start.clone(),
            start,
            before: Vec::new(),
            actions: Vec::new(),
            legal: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> &A::Position {
        &self.position
    }

    /// The position and its legal moves, generated once per position.
    fn legal(&mut self) -> (&A::Position, &MoveList<<A::Position as Game>::Move>) {
        let position = &self.position;
        let legal = self.legal.get_or_insert_with(|| {
            let mut moves = MoveList::new();
            legal_moves(position, &mut moves);
            moves
        });
        (position, legal)
    }

    /// The legal move an action names, if it names one.
    fn legal_move(&mut self, action: usize) -> Option<<A::Position as Game>::Move> {
        let (position, legal) = self.legal();
        legal
            .iter()
            .copied()
            .find(|&mv| A::action(position, mv) == action)
    }

    /// The move an action names, legal or else refused with the rule it
    /// breaks.
    fn checked_move(&mut self, action: usize) -> Result<<A::Position as Game>::Move, MoveError> {
        if let Some(mv) = self.legal_move(action) {
            return Ok(mv);
        }
        let over = self.position.outcome();
        let n = A::num_actions(&self.position.config());
        let Some(mv) = A::move_of(&self.position, action) else {
            return Err(MoveError::illegal(if action < n {
                format!("action {action} is not a legal move here")
            } else {
                format!(
                    "action {action} is out of range: {} has actions 0-{}",
                    <A::Position as Playable>::NAME,
                    n - 1
                )
            }));
        };
        match self.position.check(mv) {
            Err(e) => Err(A::move_error(&e)),
            Ok(()) => Err(MoveError::illegal(match over {
                Some(outcome) => format!("the game is over: {outcome}"),
                // The rules accept a move the generator does not list:
                // refuse it all the same, the mask is the contract.
                None => format!("action {action} ({mv}) is not a legal move here"),
            })),
        }
    }

    /// Plays a legal move.
    fn play(&mut self, mv: <A::Position as Game>::Move) -> usize {
        let action = A::action(&self.position, mv);
        self.before.push(self.position.clone());
        self.position.play_unchecked(mv);
        self.actions.push(action);
        self.legal = None;
        action
    }

    /// Reads a move text in the current position.
    fn parse(&mut self, text: &str) -> Result<<A::Position as Game>::Move, MoveError> {
        let mv = self
            .position
            .parse_move(text)
            .map_err(|e| A::move_error(&e))?;
        self.position.check(mv).map_err(|e| A::move_error(&e))?;
        let action = A::action(&self.position, mv);
        self.legal_move(action)
            .filter(|&legal| legal == mv)
            .ok_or_else(|| {
                MoveError::illegal(match self.position.outcome() {
                    Some(outcome) => format!("the game is over: {outcome}"),
                    None => format!("{mv} is not a legal move here"),
                })
            })
    }
}

impl<A: Adapter> DynState for Session<A> {
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    fn current_player(&self) -> i32 {
        if self.position.outcome().is_some() {
            -1
        } else {
            A::player_index(self.position.turn()) as i32
        }
    }

    fn legal_actions(&mut self) -> Vec<usize> {
        let (position, legal) = self.legal();
        let mut actions: Vec<usize> = legal.iter().map(|&mv| A::action(position, mv)).collect();
        actions.sort_unstable();
        actions
    }

    fn mark_legal(&mut self, mask: &mut [bool]) {
        let (position, legal) = self.legal();
        for &mv in legal {
            if let Some(cell) = mask.get_mut(A::action(position, mv)) {
                *cell = true;
            }
        }
    }

    fn apply(&mut self, action: usize) -> Result<(), MoveError> {
        let mv = self.checked_move(action)?;
        self.play(mv);
        Ok(())
    }

    fn apply_text(&mut self, text: &str) -> Result<usize, MoveError> {
        let mv = self.parse(text)?;
        Ok(self.play(mv))
    }

    fn action_to_text(&mut self, action: usize) -> Result<String, MoveError> {
        self.checked_move(action).map(|mv| mv.to_string())
    }

    fn text_to_action(&mut self, text: &str) -> Result<usize, MoveError> {
        let mv = self.parse(text)?;
        Ok(A::action(&self.position, mv))
    }

    fn is_terminal(&self) -> bool {
        self.position.outcome().is_some()
    }

    fn returns(&self) -> [f32; 2] {
        A::returns(&self.position)
    }

    fn observe(&self, me: Option<usize>, out: &mut [i8]) {
        let me = me.map_or_else(|| self.position.turn(), A::player);
        A::observe(&self.position, me, out);
    }

    fn scores(&self) -> Option<[i64; 2]> {
        A::scores(&self.position)
    }

    fn undo(&mut self) -> bool {
        match self.before.pop() {
            Some(previous) => {
                self.position = previous;
                self.actions.pop();
                self.legal = None;
                true
            }
            None => false,
        }
    }

    fn to_text(&self) -> String {
        Playable::to_text(&self.position)
    }

    fn start_text(&self) -> String {
        Playable::to_text(&self.start)
    }

    fn starts_at_start(&self) -> bool {
        self.start == A::Position::from_config(self.start.config())
    }

    fn history(&self) -> Vec<usize> {
        self.actions.clone()
    }

    fn display(&self) -> String {
        self.position.to_string()
    }

    fn svg(&self, words: &dyn board_core::Words) -> String {
        crate::adapter::svg::<A>(&self.position, words)
    }

    fn computer_move(&self, budget: u64, seed: u64) -> Option<usize> {
        if self.position.outcome().is_some() {
            return None;
        }
        let mut agent = A::Position::computer(seed);
        let mv = agent.choose(&self.position, Budget::nodes(budget.max(1)))?;
        // The agent plays by the rules; a move it made up would be refused here.
        self.position
            .is_legal(mv)
            .then(|| A::action(&self.position, mv))
    }

    fn same(&self, other: &dyn DynState) -> bool {
        self.key() == other.key()
    }

    fn key(&self) -> (&'static str, String) {
        (
            <A::Position as Playable>::NAME,
            format!(
                "{:?} {}",
                self.position.config(),
                Playable::to_text(&self.position)
            ),
        )
    }
}
