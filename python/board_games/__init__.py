"""ÉCHEC O CUBE, KYBO and 3-D chess for Python, on the workspace's Rust rules engines.

Three ways in, one action numbering and one observation per game:

- ``load(name, **config)`` gives a :class:`Game`; ``game.new_state()`` a :class:`State`
  (``legal_actions``, ``apply``, ``observation``, ``returns``, pickling...), the shape of
  OpenSpiel's ``pyspiel`` API.
- :class:`VectorEnv` steps ``num_envs`` games per call in Rust, Gymnasium's vector shape,
  into preallocated numpy arrays.
- ``pettingzoo_env(name, **config)`` is an AEC environment of PettingZoo's classic kind
  (needs the ``pettingzoo`` extra).

>>> import board_games
>>> game = board_games.load("kybo")
>>> state = game.new_state()
>>> state.apply_text("D4")
>>> state.current_player
1
>>> action = board_games.computer_move(state, budget=200, seed=1)
>>> action in state.legal_actions()
True

The names are ``"echec-o-cube"``, ``"kybo"`` and ``"chess3d"`` (:data:`GAMES`); each game's
configuration keys are listed in :func:`load`'s docstring, its observation planes and action
numbering in :data:`PLANES` (``print(board_games.PLANES)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._board_games import (
    GAMES,
    PLANES,
    Game,
    IllegalMoveError,
    InvalidConfigError,
    ParseError,
    State,
    VectorEnv,
    computer_move,
    load,
)

if TYPE_CHECKING:  # pragma: no cover - for type checkers only
    from pettingzoo.utils.env import AECEnv

__all__ = [
    "GAMES",
    "PLANES",
    "Game",
    "IllegalMoveError",
    "InvalidConfigError",
    "ParseError",
    "State",
    "VectorEnv",
    "computer_move",
    "load",
    "pettingzoo_env",
]

__version__ = "0.1.0"


def pettingzoo_env(name: str, render_mode: str | None = None, **config: Any) -> AECEnv:
    """A PettingZoo AEC environment of game ``name`` with ``config`` (as :func:`load`).

    Agents ``"player_0"`` and ``"player_1"`` (``State.current_player`` 0 and 1); observations
    ``{"observation": int8 array, "action_mask": int8 array}``; rewards +1/-1/0 at the end;
    wrapped in PettingZoo's order-enforcing wrapper. An illegal action raises
    :class:`IllegalMoveError`. ``render_mode`` is ``None`` or ``"ansi"``. Needs the
    ``pettingzoo`` extra (``pip install "./python[pettingzoo]"``).

    >>> env = board_games.pettingzoo_env("kybo")  # doctest: +SKIP
    >>> env.reset(seed=0)  # doctest: +SKIP

    Raises:
        InvalidConfigError: for an unknown name or a bad configuration.
        ImportError: when pettingzoo or gymnasium is not installed.
    """
    from .pettingzoo import env as _env

    return _env(name, render_mode=render_mode, **config)
