"""Type stubs of the Rust extension ``board_games._board_games`` (PyO3).

Every error is a ``ValueError`` subclass (the lab's file errors are ``OSError``); no Rust
panic reaches Python.
"""

import os
from collections.abc import Sequence
from typing import Any, final

import numpy as np
import numpy.typing as npt

__all__ = [
    "Game",
    "State",
    "VectorEnv",
    "load",
    "_load_game",
    "_new_state",
    "computer_move",
    "IllegalMoveError",
    "ParseError",
    "InvalidConfigError",
    "GAMES",
    "PLANES",
    "Study",
    "Cell",
    "StudyError",
    "LabError",
    "play_batch",
    "run_study",
    "pending",
    "_study",
]

#: The names load() takes: ("echec-o-cube", "kybo", "chess3d").
GAMES: Sequence[str]
#: Every game's observation planes and action numbering, in words.
PLANES: str

class IllegalMoveError(ValueError):
    """An illegal or out-of-range action or move text; the message is the rule's own
    English sentence with its rule ID, e.g. ``... (KY-4)``."""

    #: The rule's ID ("KY-4", "EOC-9", "C3-15"), or None when the refusal names no rule
    #: (an out-of-range action number, a move after the end).
    rule: str | None

class ParseError(ValueError):
    """A move text or position text that cannot be read."""

class InvalidConfigError(ValueError):
    """An unknown game name, an unknown configuration key or a bad value."""

@final
class Game:
    """One game with its configuration (from :func:`load`); pickles, compares by value."""

    @property
    def name(self) -> str: ...
    @property
    def config(self) -> dict[str, Any]: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, ...]: ...
    @property
    def num_players(self) -> int: ...
    def new_state(self) -> State: ...
    def from_text(self, text: str) -> State:
        """The state of a position text (the crate's, as :meth:`State.to_text` writes it).

        Raises:
            ParseError: the text cannot be read, or describes no reachable position.
        """
    def action_to_text(self, action: int) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class State:
    """A position of a game with its history; pickles with the side to move and every counter."""

    @property
    def game(self) -> Game: ...
    @property
    def current_player(self) -> int:
        """0 or 1 (0 moves first); -1 once the game is over."""
    def legal_actions(self) -> list[int]:
        """The legal actions, sorted; empty once the game is over."""
    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """``(num_actions,)`` booleans, True where the action is legal."""
    def apply(self, action: int) -> None:
        """Plays ``action``.

        Raises:
            IllegalMoveError: the action is out of range or illegal here (nothing changes).
        """
    def apply_text(self, text: str) -> None:
        """Plays a move given as text (``"D4"``, ``"P D5-E5"``, ``"N2/E2-N2/E4"``).

        Raises:
            ParseError: the text is no move of this game.
            IllegalMoveError: the move is illegal here (nothing changes).
        """
    def action_to_text(self, action: int) -> str: ...
    def text_to_action(self, text: str) -> int:
        """Raises ParseError or IllegalMoveError as :meth:`apply_text`."""
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]:
        """One per player: +1 win, -1 loss, 0 draw or not over."""
    def scores(self) -> list[int] | None:
        """ÉCHEC O CUBE's points of players 0 and 1 (EOC-19); None for the other games."""
    def observation(self, player: int | None = None) -> npt.NDArray[np.int8]:
        """The planes ``game.observation_shape`` from ``player``'s side (default: the player to
        move): their pieces first, then the opponent's (see :func:`load`)."""
    def clone(self) -> State: ...
    def undo(self) -> None:
        """Takes back the last move.

        Raises:
            IllegalMoveError: no move to take back.
        """
    def to_text(self) -> str: ...
    def svg(self, lang: str = "en") -> str: ...
    def history(self) -> list[int]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def __getstate__(self) -> Any: ...
    def __setstate__(self, state: Any) -> None: ...

def load(name: str, **config: Any) -> Game:
    """The game ``name`` (``"echec-o-cube"``, ``"kybo"``, ``"chess3d"``) with ``config``.

    Raises:
        InvalidConfigError: unknown name, unknown key or bad value.
    """

def computer_move(state: State, budget: int = 1000, seed: int = 0) -> int:
    """The crates' computer player's action for ``state`` with a budget of ``budget`` nodes;
    the same state, budget and seed give the same action.

    Raises:
        IllegalMoveError: the game is over.
    """

@final
class VectorEnv:
    """``num_envs`` games stepped together in Rust, Gymnasium's vector shape, autoreset
    ``"next_step"``; the arrays returned are the same preallocated ones each step."""

    def __new__(cls, name: str, num_envs: int, seed: int = 0, **config: Any) -> VectorEnv: ...
    @property
    def name(self) -> str: ...
    @property
    def autoreset_mode(self) -> str:
        """``"next_step"``: Gymnasium's ``AutoresetMode.NEXT_STEP``."""
    @property
    def num_envs(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, ...]: ...
    @property
    def current_player(self) -> npt.NDArray[np.int64]: ...
    def reset(
        self, seed: int | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]: ...
    def step(
        self, actions: npt.NDArray[np.integer[Any]] | Sequence[int]
    ) -> tuple[
        dict[str, npt.NDArray[Any]],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Raises ValueError (before any game moves) for a wrong dtype, shape, out-of-range or
        illegal action."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A legal action per game (0 for a finished game), drawn in Rust from the env's seed;
        the same array is returned and overwritten at each call."""
    def texts(self) -> list[str]:
        """Each game's position text."""

def _load_game(name: str, config: dict[str, Any]) -> Game:
    """Pickling's helper: :func:`load` with the configuration as a dict."""

def _new_state(game: Game) -> State:
    """Pickling's helper: a state of ``game`` to ``__setstate__`` into."""

class StudyError(ValueError):
    """A study file the lab refuses, with where and why."""

    #: The line of the study where the fault is (1-based).
    line: int
    #: What is wrong there.
    reason: str
    #: The study file, or None for a study read from a text.
    path: str | None

class LabError(ValueError):
    """A study that cannot be played or written: a results file of another study or seed
    (``path`` and ``line`` set), or a game refusing the lab."""

    path: str
    line: int

@final
class Study:
    """A study (board-lab's TOML format): games, configurations, agent pairs, stop."""

    def __new__(cls, text: str) -> Study:
        """Raises StudyError (``line``, ``reason``) for a study the lab refuses."""
    @staticmethod
    def read(path: str | os.PathLike[str]) -> Study:
        """The study file at ``path``; raises StudyError or OSError."""
    def with_seed(self, seed: int) -> Study:
        """The same study with another seed (``--seed``)."""
    def with_games(self, games: int) -> Study:
        """The same study with ``games`` games a cell (``--games``); ValueError for 0."""
    @property
    def name(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def stop(self) -> str:
        """When a cell stops, in words."""
    @property
    def cells(self) -> list[Cell]: ...

@final
class Cell:
    """A game under one configuration played by one pair of agents."""

    #: The stable id ``game/label/agent~agent`` (it seeds the cell's games).
    @property
    def id(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def config(self) -> dict[str, Any]: ...
    @property
    def agents(self) -> tuple[str, str]: ...
    @property
    def max_games(self) -> int: ...
    @property
    def batch(self) -> int: ...

def play_batch(study: Study, cell_id: str, first_index: int, count: int) -> list[str]:
    """Games ``first_index .. first_index + count`` of a cell as ``results.jsonl`` lines,
    played in Rust with the GIL released; KeyError for an unknown cell."""

def run_study(
    study: Study,
    out: str | os.PathLike[str],
    jobs: int | None = None,
    lang: str = "en",
    play: bool = True,
) -> tuple[int, int, float]:
    """``board-lab run``'s runner into ``out``: ``(resumed, played, seconds)``."""

def pending(study: Study, out: str | os.PathLike[str]) -> list[tuple[str, int]]:
    """The next round's ``(cell id, game index)`` pairs given ``out/results.jsonl``."""

def _study(
    text: str, path: str | None = None, seed: int | None = None, games: int | None = None
) -> Study:
    """Pickling's helper: a Study from its text and overrides."""
