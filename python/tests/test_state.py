"""The per-call API: Game and State, their round trips and their errors."""

from __future__ import annotations

import pickle
import re

import numpy as np
import pytest
from conftest import random_state

import board_games
from board_games import IllegalMoveError, InvalidConfigError, ParseError

#: A legal first move of each game's default start, as text.
FIRST_MOVE = {"echec-o-cube": "P D5-E5", "kybo": "D4", "chess3d": "N2/E7-N2/E5"}

#: The player to move at each game's default start.
FIRST_PLAYER = {"echec-o-cube": 0, "kybo": 0, "chess3d": 1}


def test_load_gives_the_documented_game(name: str) -> None:
    game = board_games.load(name)
    assert game.name == name
    assert game.num_players == 2
    assert isinstance(game.config, dict)
    assert game.num_actions > 0
    assert all(isinstance(n, int) and n > 0 for n in game.observation_shape)
    assert game == board_games.load(name, **game.config)
    assert pickle.loads(pickle.dumps(game)) == game


def test_a_new_state(name: str) -> None:
    game = board_games.load(name)
    state = game.new_state()
    assert state.game == game
    # Player 0 is ÉCHEC O CUBE's One and KYBO's and chess3d's White; chess3d's Black
    # moves first (C3-13).
    assert state.current_player == FIRST_PLAYER[name]
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.history() == []
    actions = state.legal_actions()
    assert actions == sorted(set(actions)) and actions
    mask = state.legal_mask()
    assert mask.dtype == np.bool_ and mask.shape == (game.num_actions,)
    assert np.flatnonzero(mask).tolist() == actions
    observation = state.observation()
    assert observation.shape == game.observation_shape
    assert observation.dtype in (np.int8, np.bool_)
    assert set(np.unique(observation).tolist()) <= {0, 1}


def test_actions_and_texts_map_one_to_one(name: str) -> None:
    game = board_games.load(name)
    for seed in range(4):
        state = random_state(game, plies=10 * seed, seed=seed)
        texts = [state.action_to_text(a) for a in state.legal_actions()]
        assert len(set(texts)) == len(texts)
        for action, text in zip(state.legal_actions(), texts):
            assert state.text_to_action(text) == action
            # Without a position, an action is named by what it encodes (a castling by its
            # side, say), not necessarily by the move text of a position.
            assert game.action_to_text(action)


def test_apply_text_plays_the_move_of_that_text(name: str) -> None:
    state = board_games.load(name).new_state()
    action = state.text_to_action(FIRST_MOVE[name])
    other = state.clone()
    state.apply_text(FIRST_MOVE[name])
    other.apply(action)
    assert state.history() == other.history() == [action]
    assert state.to_text() == other.to_text()
    assert state.current_player == 1 - FIRST_PLAYER[name]


def test_clone_is_independent_and_undo_goes_back(name: str) -> None:
    state = random_state(board_games.load(name), plies=12, seed=3)
    before = state.to_text()
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.to_text() == before
    copy.undo()
    assert copy.to_text() == before
    assert copy.history() == state.history()
    assert np.array_equal(copy.observation(), state.observation())


def test_undo_with_no_move_raises(name: str) -> None:
    state = board_games.load(name).new_state()
    with pytest.raises(ValueError):
        state.undo()
    assert state.history() == []


@pytest.mark.parametrize("plies", [1, 7, 30])
def test_pickle_round_trip_mid_game(name: str, plies: int) -> None:
    game = board_games.load(name)
    state = random_state(game, plies=plies, seed=plies)
    again = pickle.loads(pickle.dumps(state))
    assert again.game == game
    assert again.to_text() == state.to_text()
    assert again.current_player == state.current_player
    assert again.history() == state.history()
    assert again.legal_actions() == state.legal_actions()
    assert np.array_equal(again.observation(), state.observation())
    assert again.returns() == state.returns()
    # The history came along: undo works on the copy as on the original.
    if state.history():
        again.undo()
        state.undo()
        assert again.to_text() == state.to_text()


def test_pickle_keeps_a_second_player_first_and_a_supply() -> None:
    for game in (
        board_games.load("echec-o-cube", first="two", red_mode=True),
        board_games.load("kybo", supply=9),
        board_games.load("chess3d", levels=2),
    ):
        state = random_state(game, plies=5, seed=11)
        again = pickle.loads(pickle.dumps(state))
        assert again.game == game and again.game.config == game.config
        assert again.to_text() == state.to_text()
        assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("plies", [0, 5, 25])
def test_text_round_trip_mid_game(name: str, plies: int) -> None:
    game = board_games.load(name)
    state = random_state(game, plies=plies, seed=100 + plies)
    again = game.from_text(state.to_text())
    assert again.to_text() == state.to_text()
    assert again.current_player == state.current_player
    assert again.legal_actions() == state.legal_actions()
    assert np.array_equal(again.observation(), state.observation())


def test_observation_of_each_side(name: str) -> None:
    state = random_state(board_games.load(name), plies=6, seed=5)
    mover = state.current_player
    assert np.array_equal(state.observation(), state.observation(mover))
    assert state.observation(0).shape == state.observation(1).shape


def test_svg_and_str(name: str) -> None:
    state = random_state(board_games.load(name), plies=4, seed=2)
    assert state.svg().lstrip().startswith("<svg") or "<svg" in state.svg()[:200]
    assert "<svg" in state.svg(lang="fr")
    assert str(state)


def test_a_whole_game_against_the_computer(name: str) -> None:
    config = {"levels": 1} if name == "chess3d" else {}
    state = board_games.load(name, **config).new_state()
    moves = 0
    while not state.is_terminal():
        if state.current_player == 1:
            action = board_games.computer_move(state, budget=64, seed=moves)
        else:
            action = state.legal_actions()[moves % len(state.legal_actions())]
        assert action in state.legal_actions()
        state.apply(action)
        moves += 1
        assert moves < 2_000
    assert state.current_player == -1
    assert state.legal_actions() == []
    assert not state.legal_mask().any()
    returns = state.returns()
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    with pytest.raises(ValueError):
        board_games.computer_move(state)


def test_computer_move_is_deterministic_for_a_seed(name: str) -> None:
    state = random_state(board_games.load(name), plies=6, seed=9)
    first = board_games.computer_move(state, budget=200, seed=42)
    assert first == board_games.computer_move(state, budget=200, seed=42)
    assert first in state.legal_actions()


# -- errors -----------------------------------------------------------------------------


def test_an_illegal_action_names_its_rule() -> None:
    state = board_games.load("kybo").new_state()
    state.apply_text("D4")
    with pytest.raises(IllegalMoveError) as refused:
        state.apply_text("A1")
    message = str(refused.value)
    assert re.search(r"\(KY-\d+\)", message), message
    assert refused.value.rule is not None and refused.value.rule.startswith("KY-")
    assert refused.value.rule in message
    assert isinstance(refused.value, ValueError)


def test_an_illegal_action_in_each_game_is_refused_and_changes_nothing(name: str) -> None:
    state = random_state(board_games.load(name), plies=3, seed=1)
    legal = set(state.legal_actions())
    illegal = next(a for a in range(state.game.num_actions) if a not in legal)
    before = (state.to_text(), state.history())
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(illegal)
    assert refused.value.rule is None or re.fullmatch(r"(EOC|KY|C3)-\d+", refused.value.rule)
    assert (state.to_text(), state.history()) == before


@pytest.mark.parametrize("action", [-1, 10**9, 2**64])
def test_an_out_of_range_action_is_an_illegal_move(name: str, action: int) -> None:
    state = board_games.load(name).new_state()
    with pytest.raises((IllegalMoveError, OverflowError)):
        state.apply(action)
    with pytest.raises(ValueError):
        state.action_to_text(action)
    assert state.history() == []


def test_an_action_after_the_end_is_refused() -> None:
    state = board_games.load("kybo").new_state()
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalMoveError):
        state.apply(0)


@pytest.mark.parametrize("text", ["", "Z9", "P D5-E5-F5", "\u00e9\u00e9\u00e9", "D4" * 10_000])
def test_unreadable_move_texts_raise_parse_error(name: str, text: str) -> None:
    state = board_games.load(name).new_state()
    with pytest.raises((ParseError, IllegalMoveError)):
        state.apply_text(text)
    with pytest.raises((ParseError, IllegalMoveError)):
        state.text_to_action(text)
    assert state.history() == []


@pytest.mark.parametrize("text", ["", "nonsense", "8/8/8 w", "x" * 100_000])
def test_unreadable_position_texts_raise_parse_error(name: str, text: str) -> None:
    with pytest.raises(ParseError):
        board_games.load(name).from_text(text)


@pytest.mark.parametrize(
    ("name", "config"),
    [
        ("go", {}),
        ("", {}),
        ("kybo", {"levels": 3}),
        ("kybo", {"supply": -1}),
        ("kybo", {"supply": "many"}),
        ("chess3d", {"levels": 0}),
        ("chess3d", {"levels": 9}),
        ("chess3d", {"levels": "3"}),
        ("echec-o-cube", {"first": "three"}),
        ("echec-o-cube", {"pale": 1000}),
        ("echec-o-cube", {"red_mode": "yes"}),
        ("echec-o-cube", {"colour": "red"}),
    ],
)
def test_bad_configurations_raise_invalid_config(name: str, config: dict) -> None:
    with pytest.raises(InvalidConfigError):
        board_games.load(name, **config)
    with pytest.raises(InvalidConfigError):
        board_games.VectorEnv(name, 2, **config)


def test_errors_are_value_errors() -> None:
    for error in (IllegalMoveError, ParseError, InvalidConfigError):
        assert issubclass(error, ValueError)
