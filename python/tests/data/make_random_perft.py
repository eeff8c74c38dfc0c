#!/usr/bin/env python3
"""Writes random_perft.txt: positions of seeded random games reached through the Python API,
counted by the repository's own ``perft`` example (not by the Python API under test).

    python python/tests/data/make_random_perft.py > python/tests/data/random_perft.txt

Run from the repository root with board_games installed; it runs
``cargo run --example perft -- GAME --position TEXT --depth D`` (chess3d:
``--fen TEXT``) and keeps the example's last line, the count.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import board_games

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import random_state  # noqa: E402 - python/tests/conftest.py, the tests' own

#: (game, load's keywords as `key=value` words, plies, seed, depths)
CASES = [
    ("echec-o-cube", {}, 9, 1, (1, 2, 3)),
    ("echec-o-cube", {}, 31, 2, (1, 2, 3)),
    ("kybo", {}, 14, 3, (1, 2, 3)),
    ("kybo", {}, 40, 4, (1, 2, 3)),
    ("chess3d", {"levels": 3}, 12, 5, (1, 2, 3)),
    ("chess3d", {"levels": 2}, 25, 6, (1, 2, 3)),
    ("chess3d", {"levels": 1}, 30, 7, (1, 2, 3)),
]


def count(name: str, text: str, depth: int) -> int:
    flag = "--fen" if name == "chess3d" else "--position"
    command = ["cargo", "run", "-q", "--example", "perft", "--"]
    command += [name, flag, text, "--depth", str(depth)]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return int(out.strip().splitlines()[-1].split()[-1].replace(",", ""))


def main() -> int:
    print("# Positions of seeded random games (python/tests/data/make_random_perft.py), their")
    print("# counts from the repository's perft example (cargo run --example perft).")
    for name, config, plies, seed, depths in CASES:
        state = random_state(board_games.load(name, **config), plies, seed)
        words = " ".join(f"{k}={v}" for k, v in config.items())
        print()
        print(f"game {name} {words}".rstrip())
        print(f"position {state.to_text()}")
        for depth in depths:
            print(f"perft {depth} {count(name, state.to_text(), depth)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
