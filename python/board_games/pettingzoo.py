"""PettingZoo AEC environments of the three games, the shape of PettingZoo's classic ones.

>>> from board_games import pettingzoo_env
>>> env = pettingzoo_env("kybo")
>>> env.reset(seed=0)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = env.action_space(agent).sample(observation["action_mask"])
...     env.step(action)
>>> env.close()

=================== ==============================================================
Agents              ``"player_0"``, ``"player_1"``: ``State.current_player``'s 0 and 1
                    (ÉCHEC O CUBE's One and Two, KYBO's and chess3d's White and
                    Black); who moves first is the game's rule (chess3d: Black)
Actions             ``Discrete(game.num_actions)``: the game's action numbering
                    (``State.action_to_text`` names each action)
Observation         ``{"observation": int8 [*game.observation_shape] in {0, 1},
                    "action_mask": int8 [game.num_actions]}``, from the observing
                    agent's side (its pieces first, then the opponent's); the planes
                    are :data:`board_games.PLANES`
Action mask         the legal actions of the agent to move; all zeros for the other
Rewards             at the end only: +1 win, -1 loss, 0 draw
Info                ``{}``; ÉCHEC O CUBE, once over: ``{"points": [p0, p1]}``, the
                    final counts of ``player_0`` and ``player_1``
Turn order          from the rules: an ÉCHEC O CUBE player who announces and closes a
                    square plays again, so the same agent may act twice in a row
Illegal actions     raise :class:`board_games.IllegalMoveError` (never remapped)
Seeding             the games have no chance: ``reset(seed=...)`` seeds ``np_random``
                    (Gymnasium's), which action-space sampling users may use; the same
                    actions give the same games whatever the seed
Render modes        ``"ansi"`` (the board as text, ``str(state)``)
=================== ==============================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._board_games import Game, State, load

__all__ = ["env", "raw_env"]

AGENTS = ("player_0", "player_1")


def env(name: str, render_mode: str | None = None, **config: Any) -> AECEnv:
    """The AEC environment of game ``name`` (see :func:`board_games.load` for ``config``),
    wrapped in PettingZoo's order-enforcing wrapper (reset first, no step after the end)."""
    return wrappers.OrderEnforcingWrapper(raw_env(name, render_mode=render_mode, **config))


class raw_env(AECEnv, EzPickle):  # noqa: N801 - PettingZoo's name for the unwrapped class
    """The unwrapped AEC environment; :func:`env` wraps it. See the module's docstring."""

    #: The render modes: "ansi" only (the board as text).
    RENDER_MODES = ("ansi",)

    metadata: dict[str, Any] = {
        "render_modes": list(RENDER_MODES),
        "name": "board_games",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, name: str, render_mode: str | None = None, **config: Any) -> None:
        EzPickle.__init__(self, name, render_mode, **config)
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f'render_mode {render_mode!r}: expected None or "ansi"')
        self.game: Game = load(name, **config)
        self.render_mode = render_mode
        self.metadata = {**raw_env.metadata, "name": f"board_games/{name}"}
        self.possible_agents = list(AGENTS)
        self.agents = self.possible_agents[:]
        shape = tuple(self.game.observation_shape)
        actions = self.game.num_actions
        # One space object per agent, kept, so that seeding a space sticks.
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=1, shape=shape, dtype=np.int8),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.state: State = self.game.new_state()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or not hasattr(self, "np_random"):
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.state = self.game.new_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[self.state.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.possible_agents.index(agent)
        observation = np.asarray(self.state.observation(player), dtype=np.int8)
        if (
            not self.state.is_terminal()
            and self.state.current_player == player
            and agent == self.agent_selection
        ):
            mask = np.asarray(self.state.legal_mask(), dtype=np.int8)
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(f"{agent} is to move: step() needs an action, not None")
        mover = self.possible_agents.index(agent)
        # Raises IllegalMoveError (a ValueError) for an illegal or out-of-range action:
        # nothing has changed then.
        self.state.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.state.is_terminal():
            returns = self.state.returns()
            info: dict[str, Any] = {}
            if self.game.name == "echec-o-cube":
                info["points"] = self.state.scores()
            for i, name in enumerate(self.possible_agents):
                self.rewards[name] = float(returns[i])
                self.terminations[name] = True
                self.infos[name] = dict(info)
            # Each agent is shown the end once; start with the one that did not just move.
            self.agent_selection = self.possible_agents[1 - mover]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn('render() was called without a render_mode ("ansi").')
            return None
        return str(self.state)

    def close(self) -> None:
        """Nothing to release: the game lives in Rust memory Python owns."""
