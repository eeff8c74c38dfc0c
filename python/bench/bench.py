#!/usr/bin/env python3
"""Steps per second of board_games beside OpenSpiel's, one process, one run, one core, CPU time.

    taskset -c 0 python python/bench/bench.py [--seconds 2] [--envs 1024] [--markdown]

Measured (each for about ``--seconds`` of CPU time, ``time.process_time()``):

- ``VectorEnv``, ``--envs`` games at once: ``env.step(env.random_actions())``, which writes
  every game's observation and action mask in place at each step (the plan's learning-loop
  step: the env cannot skip them, so its plain random play is the same loop); and the same
  with Python reading both arrays whole each step (copied into a rollout buffer of 16
  steps, as PPO-style learners store them; OpenSpiel's learning loop materialises them as
  new arrays too). A step is one move of one game: one ``env.step`` call is ``--envs``
  steps.
- the per-call ``State`` API in a Python loop, one game at a time: random play
  (``legal_actions``, ``apply``) and learning loop (also ``observation()`` and
  ``legal_mask()`` each step), and the cost of single calls;
- OpenSpiel (``pyspiel``, when importable: ``pip install open_spiel`` in a throwaway venv,
  never a CI dependency) on the nearest games — Dots and Boxes 7×7 for ÉCHEC O CUBE, Hex
  8×8 for KYBO, chess for chess3d — with the same two Python loops
  (``observation_tensor()`` and ``legal_actions_mask()`` for the learning loop).

The process pins itself to one core (``os.sched_setaffinity``) when it can; ``taskset -c 0``
does the same from outside. The machine, the load average and the versions are printed
first, so a table carries its conditions.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from typing import Any, Callable

import numpy as np

import board_games

#: Our game, its configuration, and OpenSpiel's nearest game (pyspiel.load_game string).
PAIRS = [
    ("echec-o-cube", {}, "dots_and_boxes(num_rows=7,num_cols=7)"),
    ("kybo", {}, "hex(num_rows=8,num_cols=8)"),
    ("chess3d", {}, "chess"),
    # One level is FIDE chess (C3-21): the same board as OpenSpiel's chess.
    ("chess3d", {"levels": 1}, "chess"),
]

ROLLOUT = 16


def measure(run: Callable[[], int], seconds: float) -> float:
    """Steps per CPU second of ``run`` (which returns the steps it made), repeated for at
    least ``seconds`` of CPU time after one warm-up call."""
    run()
    steps = 0
    start = time.process_time()
    while True:
        steps += run()
        spent = time.process_time() - start
        if spent >= seconds:
            return steps / spent


# -- board_games ------------------------------------------------------------------------


def vector_loop(name: str, config: dict, envs: int, copy_out: bool) -> Callable[[], int]:
    """``env.step(env.random_actions())``; with ``copy_out``, the observation and the mask
    are then copied into a rollout buffer of ROLLOUT steps."""
    env = board_games.VectorEnv(name, envs, seed=0, **config)
    obs, _ = env.reset()
    observations = np.zeros((ROLLOUT, *obs["observation"].shape), obs["observation"].dtype)
    masks = np.zeros((ROLLOUT, *obs["action_mask"].shape), obs["action_mask"].dtype)
    calls = max(1, 100_000 // envs)

    def run() -> int:
        for t in range(calls):
            obs, _rewards, _terminated, _truncated, _info = env.step(env.random_actions())
            if copy_out:
                np.copyto(observations[t % ROLLOUT], obs["observation"])
                np.copyto(masks[t % ROLLOUT], obs["action_mask"])
        return calls * envs

    return run


def game_loop(
    new_state: Callable[[], Any],
    play: Callable[[Any, int], Any],
    read: Callable[[Any], Any] | None = None,
) -> Callable[[], int]:
    """One random game from the start through a per-call API (ours or pyspiel's), calling
    ``read(state)`` before each move when given; ``run()`` returns the moves made. The same
    loop for both sides, so its Python overhead is the same."""
    rng = random.Random(0)

    def run() -> int:
        state = new_state()
        steps = 0
        while not state.is_terminal():
            if read is not None:
                read(state)
            play(state, rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return run


def state_loop(name: str, config: dict, learning: bool) -> Callable[[], int]:
    """Our State API: random play, or with ``observation()`` and ``legal_mask()`` each step."""
    game = board_games.load(name, **config)
    read = (lambda st: (st.observation(), st.legal_mask())) if learning else None
    return game_loop(game.new_state, lambda st, a: st.apply(a), read)


def spiel_loop(pyspiel: Any, game_string: str, learning: bool) -> Callable[[], int]:
    """pyspiel: random play, or with the observation tensor and the legal-action mask made
    into numpy arrays each step."""
    game = pyspiel.load_game(game_string)

    def read(st: Any) -> None:
        np.asarray(st.observation_tensor(), dtype=np.float32)
        np.asarray(st.legal_actions_mask(), dtype=np.bool_)

    play = lambda st, a: st.apply_action(a)  # noqa: E731
    return game_loop(game.new_initial_state, play, read if learning else None)


# -- single calls -----------------------------------------------------------------------


def per_call(make_state: Callable, calls: dict[str, Callable], seconds: float) -> dict[str, float]:
    """Nanoseconds per call of each of ``calls`` on a position ten plies into a game."""
    out = {}
    for label, call in calls.items():
        state = make_state()
        reps = 2_000
        start = time.process_time()
        done = 0
        while time.process_time() - start < seconds / 4:
            for _ in range(reps):
                call(state)
            done += reps
        out[label] = (time.process_time() - start) / done * 1e9
    return out


def ten_plies(new: Callable, legal: Callable, apply: Callable) -> Callable:
    def make():
        state = new()
        rng = random.Random(1)
        for _ in range(10):
            apply(state, rng.choice(legal(state)))
        return state

    return make


# -- report -----------------------------------------------------------------------------


def machine() -> str:
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    return (
        f"{model}, {os.cpu_count()} logical CPUs (this process on {cores}), "
        f"load average {' '.join(f'{x:.2f}' for x in load)}; "
        f"Python {platform.python_version()}, numpy {np.__version__}, "
        f"board_games {board_games.__version__}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a figure")
    # 256: the arrays of all games stay in the caches (chess3d's 3-level mask alone is
    # 38 KB a game); 64 is faster still for chess3d, 4096 slower for every game.
    parser.add_argument("--envs", type=int, default=256, help="games of each VectorEnv")
    parser.add_argument("--no-pin", action="store_true", help="do not pin to one core")
    args = parser.parse_args()
    if not args.no_pin and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    print(f"machine: {machine()}")
    if pyspiel is not None:
        import importlib.metadata

        print(f"open_spiel {importlib.metadata.version('open_spiel')}")
    else:
        print("open_spiel: not importable (pip install open_spiel in a throwaway venv)")
    print(f"command: {' '.join([os.path.basename(sys.executable)] + sys.argv)}")
    print()
    print(
        "| game | VectorEnv step (observation and mask written) "
        "| VectorEnv step, both arrays copied out | State random play "
        "| State learning loop | OpenSpiel game | OpenSpiel random play "
        "| OpenSpiel learning loop | VectorEnv step / OpenSpiel learning loop |"
    )
    print("|---|---:|---:|---:|---:|---|---:|---:|---:|")
    calls_rows = []
    for name, config, spiel_game in PAIRS:
        s = args.seconds
        vr = measure(vector_loop(name, config, args.envs, copy_out=False), s)
        vl = measure(vector_loop(name, config, args.envs, copy_out=True), s)
        sr = measure(state_loop(name, config, learning=False), s)
        sl = measure(state_loop(name, config, learning=True), s)
        if pyspiel is not None:
            orr = measure(spiel_loop(pyspiel, spiel_game, learning=False), s)
            ol = measure(spiel_loop(pyspiel, spiel_game, learning=True), s)
            theirs = f"{orr:,.0f} | {ol:,.0f} | {vr / ol:,.0f}×"
        else:
            theirs = "– | – | –"
        label = " ".join([name] + [f"{k}={v}" for k, v in config.items()])
        print(
            f"| {label} | {vr:,.0f} | {vl:,.0f} | {sr:,.0f} | {sl:,.0f} | `{spiel_game}` "
            f"| {theirs} |",
            flush=True,
        )
        game = board_games.load(name, **config)
        ours = per_call(
            ten_plies(game.new_state, lambda st: st.legal_actions(), lambda st, a: st.apply(a)),
            {
                "legal_actions": lambda st: st.legal_actions(),
                "legal_mask": lambda st: st.legal_mask(),
                "observation": lambda st: st.observation(),
                "clone": lambda st: st.clone(),
                "clone+apply": lambda st: st.clone().apply(st.legal_actions()[0]),
            },
            s,
        )
        if pyspiel is not None:
            sg = pyspiel.load_game(spiel_game)
            theirs_calls = per_call(
                ten_plies(
                    sg.new_initial_state,
                    lambda st: st.legal_actions(),
                    lambda st, a: st.apply_action(a),
                ),
                {
                    "legal_actions": lambda st: st.legal_actions(),
                    "legal_mask": lambda st: st.legal_actions_mask(),
                    "observation": lambda st: st.observation_tensor(),
                    "clone": lambda st: st.clone(),
                    "clone+apply": lambda st: st.clone().apply_action(st.legal_actions()[0]),
                },
                s,
            )
        else:
            theirs_calls = {}
        calls_rows.append((label, spiel_game, ours, theirs_calls))
    print()
    print("Per call (ns, a position ten random plies in; OpenSpiel's nearest game beside):")
    print()
    print("| call | " + " | ".join(f"{n} | {g.split('(')[0]}" for n, g, _, _ in calls_rows) + " |")
    print("|---|" + "---:|---:|" * len(calls_rows))
    for label in calls_rows[0][2]:
        cells = []
        for _, _, ours, theirs in calls_rows:
            cells.append(f"{ours[label]:,.0f}")
            cells.append(f"{theirs[label]:,.0f}" if label in theirs else "–")
        print(f"| `{label}` | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
