"""VectorEnv: Gymnasium's vector shape, in-place arrays, determinism, autoreset, bad input."""

from __future__ import annotations

import numpy as np
import pytest

import board_games

N = 16


#: Configurations whose games end quickly, so that autoreset happens within a test.
SMALL = {"echec-o-cube": {"pale": 8, "dark": 4}, "kybo": {"supply": 6}, "chess3d": {"levels": 1}}


def small(name: str) -> dict:
    """The small configuration of game ``name``."""
    return SMALL[name]


def run(env: board_games.VectorEnv, steps: int) -> list[tuple]:
    """Copies of everything the env returned over ``steps`` random steps."""
    obs, _ = env.reset()
    seen = [(obs["observation"].copy(), obs["action_mask"].copy(), env.current_player.copy())]
    for _ in range(steps):
        actions = env.random_actions()
        obs, rewards, terminated, truncated, _ = env.step(actions)
        seen.append(
            (
                actions.copy(),
                obs["observation"].copy(),
                obs["action_mask"].copy(),
                rewards.copy(),
                terminated.copy(),
                truncated.copy(),
                env.current_player.copy(),
            )
        )
    return seen


def same(a: list[tuple], b: list[tuple]) -> bool:
    return len(a) == len(b) and all(
        all(np.array_equal(x, y) for x, y in zip(s, t)) for s, t in zip(a, b)
    )


def test_shapes_and_dtypes(name: str) -> None:
    env = board_games.VectorEnv(name, N, seed=1)
    game = board_games.load(name)
    assert env.num_envs == N
    assert env.num_actions == game.num_actions
    assert tuple(env.observation_shape) == tuple(game.observation_shape)
    assert env.autoreset_mode == "next_step"
    obs, info = env.reset()
    assert isinstance(info, dict)
    assert obs["observation"].shape == (N, *game.observation_shape)
    assert obs["action_mask"].shape == (N, game.num_actions)
    assert obs["action_mask"].dtype == np.bool_
    assert env.current_player.shape == (N,)
    start = game.new_state()
    for i in range(N):
        assert np.array_equal(obs["observation"][i], start.observation())
        assert np.array_equal(obs["action_mask"][i], start.legal_mask())
    actions = env.random_actions()
    assert actions.dtype == np.int64 and actions.shape == (N,)
    obs, rewards, terminated, truncated, info = env.step(actions)
    assert rewards.shape == (N, 2) and rewards.dtype == np.float32
    assert terminated.shape == truncated.shape == (N,)
    assert terminated.dtype == truncated.dtype == np.bool_


def test_the_same_arrays_are_written_in_place(name: str) -> None:
    env = board_games.VectorEnv(name, N, seed=2)
    obs0, _ = env.reset()
    player0 = env.current_player
    obs1, rewards1, terminated1, truncated1, _ = env.step(env.random_actions())
    obs2, rewards2, terminated2, truncated2, _ = env.step(env.random_actions())
    assert obs1["observation"] is obs0["observation"] is obs2["observation"]
    assert obs1["action_mask"] is obs0["action_mask"] is obs2["action_mask"]
    assert rewards1 is rewards2 and terminated1 is terminated2 and truncated1 is truncated2
    assert env.current_player is player0


def test_random_actions_are_legal(name: str) -> None:
    env = board_games.VectorEnv(name, N, seed=3)
    obs, _ = env.reset()
    for _ in range(20):
        actions = env.random_actions()
        assert obs["action_mask"][np.arange(N), actions].all()
        obs, *_ = env.step(actions)


def test_same_seed_same_games(name: str) -> None:
    a = run(board_games.VectorEnv(name, N, seed=7, **small(name)), 60)
    b = run(board_games.VectorEnv(name, N, seed=7, **small(name)), 60)
    c = run(board_games.VectorEnv(name, N, seed=8, **small(name)), 60)
    assert same(a, b)
    assert not same(a, c)


def test_reset_with_a_seed_replays(name: str) -> None:
    env = board_games.VectorEnv(name, N, seed=0, **small(name))
    env.reset(seed=5)
    first = [env.step(env.random_actions())[0]["observation"].copy() for _ in range(10)]
    env.reset(seed=5)
    again = [env.step(env.random_actions())[0]["observation"].copy() for _ in range(10)]
    assert all(np.array_equal(x, y) for x, y in zip(first, again))


def test_the_env_follows_the_rules_of_a_state(name: str) -> None:
    """Each game of the env, replayed through State, shows the same observation, mask,
    player, rewards and end; and a finished game restarts at the next step (NEXT_STEP),
    whose action for it is ignored."""
    env = board_games.VectorEnv(name, N, seed=4, **small(name))
    game = board_games.load(name, **small(name))
    obs, _ = env.reset()
    states = [game.new_state() for _ in range(N)]
    ended = np.zeros(N, dtype=bool)
    restarts = 0
    for _ in range(400):
        actions = env.random_actions()
        obs, rewards, terminated, truncated, _ = env.step(actions)
        for i in range(N):
            if ended[i]:
                # The step after the end: the action was ignored, the game restarted.
                states[i] = game.new_state()
                restarts += 1
                assert not terminated[i]
                assert rewards[i].tolist() == [0.0, 0.0]
            else:
                states[i].apply(int(actions[i]))
                assert terminated[i] == states[i].is_terminal()
                if terminated[i]:
                    assert rewards[i].tolist() == states[i].returns()
                else:
                    assert rewards[i].tolist() == [0.0, 0.0]
            state = states[i]
            assert not truncated[i]
            assert env.current_player[i] == state.current_player
            assert np.array_equal(obs["action_mask"][i], state.legal_mask())
            if not state.is_terminal():
                assert np.array_equal(obs["observation"][i], state.observation())
        ended = terminated.copy()
    assert restarts > 0, "no game ended: make the configuration smaller"


def step_refused(env: board_games.VectorEnv, obs: dict, actions) -> None:
    """``step(actions)`` raises a ValueError and no game moves (``obs``: the env's arrays)."""
    before = [obs["observation"].copy(), obs["action_mask"].copy(), env.current_player.copy()]
    with pytest.raises(ValueError):
        env.step(actions)
    after = [obs["observation"], obs["action_mask"], env.current_player]
    assert all(np.array_equal(x, y) for x, y in zip(before, after))


def test_bad_actions_raise_before_any_game_moves(name: str) -> None:
    env = board_games.VectorEnv(name, 4, seed=6)
    obs, _ = env.reset()
    for _ in range(3):
        env.step(env.random_actions())
    good = env.random_actions()
    step_refused(env, obs, good.astype(np.float64))  # wrong dtype
    step_refused(env, obs, good[:3])  # wrong shape
    step_refused(env, obs, good.reshape(2, 2))  # wrong shape
    step_refused(env, obs, [0.5, 1, 2, 3])  # not integers
    bad = good.copy()
    bad[3] = env.num_actions  # out of range, in the last game only
    step_refused(env, obs, bad)
    bad[3] = -1
    step_refused(env, obs, bad)
    illegal = good.copy()
    illegal[3] = int(np.flatnonzero(~obs["action_mask"][3])[0])  # illegal in game 3
    step_refused(env, obs, illegal)
    # And the env still steps.
    env.step(good)


def test_bad_constructor_arguments() -> None:
    with pytest.raises(ValueError):
        board_games.VectorEnv("kybo", 0)
    with pytest.raises((ValueError, OverflowError)):
        board_games.VectorEnv("kybo", -3)
    with pytest.raises(ValueError):
        board_games.VectorEnv("kybo", 1 << 40)
