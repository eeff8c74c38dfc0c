"""Legal actions through the Python API equal the Rust crates' move lists: perft counts.

Every count here was computed by the crates' own code, not by these tests:
- the crates' perft suites (read from the repository):
  ``echec-o-cube/tests/perft.txt`` (EOC-22, the reference implementation's counts),
  ``kybo/tests/data/perft.txt`` (KY-13, positions of seeded random games, the reference's
  counts), ``chess3d/tests/data/perft3d.txt`` (C3-22, the mailbox reference's counts);
- ``tests/data/random_perft.txt``: positions reached by seeded random play through this
  API, counted by the repository's ``perft`` example (its header gives the command).

A suite entry is used up to the depth whose interior nodes stay under ``BUDGET``, so the
whole file runs in seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from conftest import REPO, perft

import board_games

#: At most this many interior nodes (perft of depth - 1) per checked count.
BUDGET = 200_000


@dataclass
class Entry:
    """A perft suite entry: the game, how to reach the position, and counts by depth."""

    where: str
    game: board_games.Game
    text: str | None = None
    moves: list[str] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)

    def state(self) -> board_games.State:
        state = self.game.new_state() if self.text is None else self.game.from_text(self.text)
        for move in self.moves:
            state.apply_text(move)
        return state

    def depths(self) -> list[int]:
        """The depths to check: 1..4, while the depth below stays within BUDGET."""
        keep = []
        for depth in sorted(self.counts):
            below = 1 if depth == 1 else self.counts.get(depth - 1)
            if depth <= 4 and below is not None and below <= BUDGET:
                keep.append(depth)
        return keep


def eoc_config(line: str) -> dict:
    """The keyword arguments of ``load`` for a suite's ``config`` line (EOC-21)."""
    words = line.split()[1:]
    if words == ["standard"]:
        return {}
    if words == ["family"]:
        return {"red_mode": True}
    config: dict = {}
    for word in words:
        key, value = word.split("=")
        key = key.replace("-", "_")
        if key == "points":
            # Only the default worths appear in the suite; load's default is the same.
            assert value == "6/9/12/12", line
            continue
        config[key] = {"on": True, "off": False}.get(value, None)
        if config[key] is None:
            config[key] = int(value)
    return config


def eoc_entries() -> list[Entry]:
    path = REPO / "echec-o-cube" / "tests" / "perft.txt"
    entries = []
    for number, block in enumerate(path.read_text().split("\n---\n")):
        config, first, moves, counts = {}, "one", [], {}
        for line in block.splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("config "):
                config = eoc_config(line)
            elif line.startswith("first "):
                first = line.split()[1].lower()
            elif line.startswith("perft "):
                _, depth, count = line.split()
                counts[int(depth)] = int(count)
            else:
                moves.append(line)
        game = board_games.load("echec-o-cube", first=first, **config)
        entries.append(Entry(f"{path.name} entry {number}", game, None, moves, counts))
    return entries


def kybo_entries() -> list[Entry]:
    path = REPO / "kybo" / "tests" / "data" / "perft.txt"
    entries: list[Entry] = []
    supply = None
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("position "):
            supply = None
            entries.append(Entry(f"{path.name} {line}", board_games.load("kybo"), line[9:]))
        elif line.startswith("supply "):
            supply = int(line.split()[1])
            last = entries[-1]
            last.game = board_games.load("kybo", supply=supply)
        else:
            depth, count = line.split()
            entries[-1].counts[int(depth)] = int(count)
    return entries


def chess3d_entries() -> list[Entry]:
    path = REPO / "chess3d" / "tests" / "data" / "perft3d.txt"
    entries: list[Entry] = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            entries[-1].counts[int(parts[0])] = int(parts[1])
        else:
            levels = parts[0].count("|") + 1
            game = board_games.load("chess3d", levels=levels)
            entries.append(Entry(f"{path.name} {line}", game, line))
    return entries


def random_entries() -> list[Entry]:
    """tests/data/random_perft.txt: `game NAME [key=value ...]`, `position TEXT`,
    `perft DEPTH COUNT` lines."""
    path = REPO / "python" / "tests" / "data" / "random_perft.txt"
    entries: list[Entry] = []
    game = None
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "game":
            name, *options = rest.split()
            config = {k: int(v) for k, v in (o.split("=") for o in options)}
            game = board_games.load(name, **config)
        elif word == "position":
            assert game is not None, line
            entries.append(Entry(f"{path.name} {rest}", game, rest))
        elif word == "perft":
            depth, count = rest.split()
            entries[-1].counts[int(depth)] = int(count)
    return entries


CASES = [
    pytest.param(entry, depth, id=f"{entry.game.name}-{i}-d{depth}")
    for i, entry in enumerate(eoc_entries() + kybo_entries() + chess3d_entries() + random_entries())
    for depth in entry.depths()
]


@pytest.mark.parametrize(("entry", "depth"), CASES)
def test_perft_matches_the_crates(entry: Entry, depth: int) -> None:
    assert perft(entry.state(), depth) == entry.counts[depth], entry.where


def test_every_suite_is_used() -> None:
    games = {case.values[0].game.name for case in CASES}
    assert games == {"echec-o-cube", "kybo", "chess3d"}
    assert len(CASES) >= 60


def test_chess3d_counts_of_the_readme() -> None:
    """chess3d's README: one level is FIDE chess (C3-21), perft 3 of FIDE's start is 8,902."""
    game = board_games.load("chess3d", levels=1)
    state = game.from_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
    assert [perft(state, depth) for depth in (1, 2, 3)] == [20, 400, 8_902]
