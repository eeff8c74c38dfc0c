"""Shared helpers of the Python tests: the repository's root, perft through the Python API."""

from __future__ import annotations

from pathlib import Path

import pytest

import board_games

#: The repository's root (the crates' perft data live under it).
REPO = Path(__file__).resolve().parents[2]

GAMES = ("echec-o-cube", "kybo", "chess3d")


def perft(state: board_games.State, depth: int) -> int:
    """The number of legal move sequences of ``depth`` plies from ``state``, through the
    Python API alone (``legal_actions``, ``apply``, ``undo``), counting the legal actions
    at the last ply as the crates' perft does (EOC-22, KY-13, C3-22)."""
    actions = state.legal_actions()
    if depth <= 1:
        return len(actions) if depth == 1 else 1
    total = 0
    for action in actions:
        state.apply(action)
        total += perft(state, depth - 1)
        state.undo()
    return total


def random_state(game: board_games.Game, plies: int, seed: int) -> board_games.State:
    """A state after up to ``plies`` random legal moves (fewer if the game ends)."""
    import random

    rng = random.Random(seed)
    state = game.new_state()
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.fixture(params=GAMES)
def name(request: pytest.FixtureRequest) -> str:
    """Each game's name in turn."""
    return request.param
