"""The designer's lab: is a game fair, decisive, long enough? Studies of many seeded games.

A study (a TOML file, ``board-lab``'s format: games, configurations, agent pairs, when a cell
stops) is played into a directory, which receives ``results.jsonl`` (one line a game),
``summary.json``, ``summary.csv``, ``report.html`` and ``timing.json`` — the files of
``board-lab run``, written by the same Rust code.

- :func:`run` plays a study on every core of this machine (the Rust runner), or with
  ``ray=ADDRESS`` as Ray tasks on a cluster, each task a batch of a cell's games played in
  Rust (:func:`play_batch`). Both append to the same ``results.jsonl``, resume the same way
  (only the missing games are played) and, for the same study and seed, write byte-identical
  ``summary.json``, ``summary.csv`` and ``report.html``.
- ``python -m board_games.lab STUDY.toml --out DIR [--games N] [--seed S] [--jobs J]
  [--lang en|fr] [--ray ADDRESS]`` is :func:`run` from a shell.

>>> from board_games import lab
>>> study = lab.Study('seed = 1\\ngames = 4\\nagents = [["random", "random"]]\\n'
...                   '[[configs]]\\ngame = "kybo"\\nlabel = "unlimited"\\n')
>>> [cell.id for cell in study.cells]
['kybo/unlimited/random~random']
>>> len(lab.play_batch(study, "kybo/unlimited/random~random", 0, 4))
4
>>> lab.Study('games = 0\\n')
Traceback (most recent call last):
    ...
_board_games.StudyError: line 1: ...
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .._board_games import Cell, LabError, Study, StudyError, pending, play_batch, run_study

__all__ = [
    "Cell",
    "LabError",
    "Study",
    "StudyError",
    "load_study",
    "pending",
    "play_batch",
    "run",
    "run_study",
]

#: The games a Ray task plays at most (one ``play_batch`` call in Rust).
MAX_TASK_GAMES = 500


def load_study(
    study: str | os.PathLike[str] | Study, games: int | None = None, seed: int | None = None
) -> Study:
    """The study at path ``study`` (or ``study`` itself) with ``--games`` and ``--seed``.

    Raises:
        StudyError: the file is refused (``err.line``, ``err.reason``, ``err.path``).
        OSError: the file cannot be read.
    """
    loaded = study if isinstance(study, Study) else Study.read(os.fspath(study))
    if seed is not None:
        loaded = loaded.with_seed(seed)
    if games is not None:
        loaded = loaded.with_games(games)
    return loaded


def run(
    study: str | os.PathLike[str] | Study,
    out: str | os.PathLike[str],
    games: int | None = None,
    seed: int | None = None,
    jobs: int | None = None,
    ray: str | None = None,
    lang: str = "en",
    task_games: int | None = None,
) -> dict[str, Any]:
    """Plays ``study`` (a path or a :class:`Study`) into the directory ``out``.

    ``games`` and ``seed`` override the study's (``--games``, ``--seed``). Without ``ray``
    the Rust runner plays on ``jobs`` threads (every core when None; ``jobs`` is not used
    with ``ray``, where the cluster's CPUs decide). With ``ray`` (an
    address for ``ray.init``: ``"host:port"`` of a cluster, or ``"auto"``) each round of
    missing games is sent out as Ray tasks of at most ``task_games`` games each (by default
    about four tasks a CPU of the cluster, at most :data:`MAX_TASK_GAMES`); their results
    are appended to ``out/results.jsonl`` as they arrive, and the outputs are written by the
    Rust writer. Either way an interrupted run resumes where it stopped.

    Returns ``{"resumed": games found in out, "played": games played, "seconds": playing
    time, "summary": summary.json's object}``.

    Raises:
        StudyError: the study file is refused.
        LabError: ``out`` holds results of another study or seed.
        OSError: a file cannot be read or written.
        ImportError: ``ray`` is given and Ray is not installed (the ``lab`` extra).
    """
    loaded = load_study(study, games, seed)
    out = Path(out)
    if ray is None:
        resumed, played, seconds = run_study(loaded, out, jobs=jobs, lang=lang)
    else:
        resumed, played, seconds = _run_on_ray(loaded, out, ray, lang, task_games)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    return {"resumed": resumed, "played": played, "seconds": seconds, "summary": summary}


def _play_task(study: Study, cell_id: str, first_index: int, count: int) -> list[str]:
    """A Ray task: games ``first_index ..`` of a cell, as ``results.jsonl`` lines."""
    return play_batch(study, cell_id, first_index, count)


def _tasks(work: Sequence[tuple[str, int]], size: int) -> Iterator[tuple[str, int, int]]:
    """``(cell id, first index, count)`` runs of consecutive games of one cell, at most
    ``size`` games each, covering ``work``."""
    by_cell: dict[str, list[int]] = {}
    for cell, index in work:
        by_cell.setdefault(cell, []).append(index)
    for cell, indices in by_cell.items():
        indices.sort()
        first = count = 0
        for index in indices:
            if count and (index != first + count or count == size):
                yield cell, first, count
                count = 0
            if not count:
                first = index
            count += 1
        if count:
            yield cell, first, count


def _run_on_ray(
    study: Study, out: Path, address: str, lang: str, task_games: int | None
) -> tuple[int, int, float]:
    """:func:`run` on the Ray cluster at ``address``: ``(resumed, played, seconds)``."""
    try:
        import ray
    except ImportError as e:  # pragma: no cover - the lab extra installs it
        raise ImportError('the Ray path needs Ray: pip install "./python[lab]" (or "ray")') from e
    if task_games is not None and task_games < 1:
        raise ValueError("task_games: at least one game a task")
    connected_here = not ray.is_initialized()
    if connected_here:
        ray.init(address=address, log_to_driver=False)
    try:
        out.mkdir(parents=True, exist_ok=True)
        results = out / "results.jsonl"
        remote = ray.remote(_play_task)
        shipped = ray.put(study)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        resumed: int | None = None
        played = 0
        started = time.perf_counter()
        while True:
            work = pending(study, out)  # cuts a torn last line, as the Rust runner does
            if resumed is None:
                resumed = _count_lines(results)
            if not work:
                break
            size = task_games or min(MAX_TASK_GAMES, max(1, -(-len(work) // (4 * cpus))))
            refs = [remote.remote(shipped, *task) for task in _tasks(work, size)]
            with results.open("a", encoding="utf-8") as file:
                while refs:
                    done, refs = ray.wait(refs, num_returns=1)
                    lines = ray.get(done[0])
                    file.write("".join(line + "\n" for line in lines))
                    file.flush()
                    played += len(lines)
        seconds = time.perf_counter() - started
        run_study(study, out, jobs=1, lang=lang, play=False)
        timing = {
            "ray": address,
            "cpus": cpus,
            "played": played,
            "seconds": seconds,
            "games_per_second": played / seconds if seconds > 0 else 0.0,
        }
        (out / "timing.json").write_text(json.dumps(timing, indent=2) + "\n", encoding="utf-8")
        return resumed or 0, played, seconds
    finally:
        if connected_here:
            ray.shutdown()


def _count_lines(path: Path) -> int:
    """The lines of ``path`` (0 when it does not exist)."""
    try:
        with path.open("rb") as file:
            return sum(1 for _ in file)
    except FileNotFoundError:
        return 0
