"""``python -m board_games.lab STUDY.toml --out DIR [--games N] [--seed S] [--jobs J]
[--lang en|fr] [--ray ADDRESS]``: :func:`board_games.lab.run` from a shell."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import LabError, StudyError, run


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command; returns its exit status (0, or 2 for a refused study or run)."""
    parser = argparse.ArgumentParser(
        prog="python -m board_games.lab",
        description="Play a study of seeded games (board-lab's TOML format) into a directory: "
        "results.jsonl, summary.json, summary.csv, report.html, timing.json.",
    )
    parser.add_argument("study", help="the study file (TOML)")
    parser.add_argument("--out", required=True, help="the directory of the results and report")
    parser.add_argument("--games", type=int, help="games a cell, instead of the study's stop")
    parser.add_argument("--seed", type=int, help="the seed, instead of the study's")
    parser.add_argument("--jobs", type=int, help="threads of the local run (every core)")
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="the report's language")
    parser.add_argument(
        "--ray", metavar="ADDRESS", help="play on the Ray cluster at ADDRESS (host:port or auto)"
    )
    parser.add_argument("--task-games", type=int, help="games a Ray task plays at most")
    args = parser.parse_args(argv)
    try:
        done = run(
            args.study,
            args.out,
            games=args.games,
            seed=args.seed,
            jobs=args.jobs,
            ray=args.ray,
            lang=args.lang,
            task_games=args.task_games,
        )
    except (StudyError, LabError, OSError, ValueError) as e:
        print(f"board_games.lab: {e}", file=sys.stderr)
        return 2
    print(
        f"{done['played']} games played ({done['resumed']} found) in {done['seconds']:.1f} s; "
        f"{args.out}/report.html"
    )
    for cell in done["summary"]["cells"]:
        print(
            f"  {cell['id']}: {cell['games']} games, first player "
            f"{100 * cell['first_rate']:.1f} % [{100 * cell['ci_low']:.1f}, "
            f"{100 * cell['ci_high']:.1f}]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
