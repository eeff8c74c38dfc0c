"""The PettingZoo AEC environments: PettingZoo's own api_test and seed_test, and ours."""

from __future__ import annotations

import pickle
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import board_games  # noqa: E402


def play_out(env, seed: int = 0) -> tuple[list, dict]:
    """Plays a whole game with masked random actions; the actions and the final infos."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, finals = [], {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            finals[agent] = (reward, info)
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            actions.append(action)
        env.step(action)
    return actions, finals


#: api_test's warnings that do not apply: it knows PettingZoo's own environments with dict
#: observations by name only; chess3d's planes are [plane, level, rank, file] (4 dimensions,
#: the shape of Game.observation_shape everywhere); a Dict observation space is the classic
#: environments' shape.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation has more than 3 dimensions",
    "Observation space for each agent probably should be",
)


def test_api_test(name: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(board_games.pettingzoo_env(name), num_cycles=1000)
    unexpected = {
        str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)
    }
    assert not unexpected


def test_seed_test(name: str) -> None:
    seed_test(lambda: board_games.pettingzoo_env(name), num_cycles=500)


def test_a_whole_game_ends_with_rewards_and_info(name: str) -> None:
    env = board_games.pettingzoo_env(name, render_mode="ansi")
    actions, finals = play_out(env, seed=3)
    assert set(finals) == {"player_0", "player_1"}
    rewards = sorted(reward for reward, _ in finals.values())
    assert rewards in ([-1, 1], [0, 0])
    state = env.unwrapped.state
    assert state.is_terminal()
    assert [finals[a][0] for a in ("player_0", "player_1")] == state.returns()
    if name == "echec-o-cube":
        points = finals["player_0"][1]["points"]
        assert finals["player_1"][1]["points"] == points
        assert len(points) == 2 and all(p >= 0 for p in points)
        # The winner has more points (EOC-18); equal points are a draw.
        if rewards == [-1, 1]:
            winner = 0 if finals["player_0"][0] == 1 else 1
            assert points[winner] > points[1 - winner]
        else:
            assert points[0] == points[1]
    # The same actions replayed through State give the same end.
    again = env.unwrapped.game.new_state()
    for action in actions:
        again.apply(action)
    assert again.to_text() == state.to_text()


def test_observations_are_from_each_agents_side(name: str) -> None:
    env = board_games.pettingzoo_env(name)
    env.reset()
    for _ in range(6):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    state = env.unwrapped.state
    mover = env.agent_selection
    other = "player_1" if mover == "player_0" else "player_0"
    assert np.array_equal(env.observe(mover)["observation"], state.observation())
    assert np.array_equal(env.observe(mover)["action_mask"], state.legal_mask())
    assert not env.observe(other)["action_mask"].any()
    assert np.array_equal(
        env.observe(other)["observation"], state.observation(1 - state.current_player)
    )


def test_an_illegal_action_raises_and_changes_nothing(name: str) -> None:
    env = board_games.pettingzoo_env(name)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.unwrapped.state.to_text()
    with pytest.raises(board_games.IllegalMoveError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(board_games.IllegalMoveError):
        env.step(env.unwrapped.game.num_actions)
    assert env.unwrapped.state.to_text() == before
    assert env.agent_selection == f"player_{env.unwrapped.state.current_player}"


def test_render_ansi_and_pickle(name: str) -> None:
    env = board_games.pettingzoo_env(name, render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == str(env.unwrapped.state)
    copy = pickle.loads(pickle.dumps(env.unwrapped))
    copy.reset(seed=0)
    assert copy.state.to_text() == env.unwrapped.state.to_text()
    with pytest.raises(ValueError):
        board_games.pettingzoo_env(name, render_mode="human")
    with pytest.raises(board_games.InvalidConfigError):
        board_games.pettingzoo_env(name, no_such_option=1)
