"""1 against 2 Ray workers on a study of fast games (python/README.md, "The lab").

Starts a local Ray cluster (on 127.0.0.1) of N nodes of one CPU each (N = 1, then 2),
plays the same study into a fresh directory with ``board_games.lab.run(..., ray=address)``
and reports the playing time (Ray's start excluded), the games per second and the speed-up;
checks that both runs wrote the same summary.json as the local Rust runner's on --jobs 1 and
2, measured beside them.

    python python/bench/lab_ray.py --games 2000
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from board_games import lab

STUDY = """\
name = "bench: fast games"
seed = 1
agents = [["random", "random"]]
games = 1000

[[configs]]
game = "kybo"
label = "unlimited"

[[configs]]
game = "echec-o-cube"
label = "V3.0"
rules = { pale = 50, dark = 20, reds = 10 }
"""


def on_ray(study: Path, games: int, nodes: int, root: Path) -> tuple[float, int, bytes]:
    import ray
    from ray.cluster_utils import Cluster

    started = time.perf_counter()
    cluster = Cluster(
        initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False}
    )
    try:
        for _ in range(nodes - 1):
            cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        up = time.perf_counter() - started
        out = root / f"ray{nodes}"
        done = lab.run(study, out, games=games, ray=cluster.address)
        print(
            f"ray, {nodes} worker(s): cluster up in {up:.1f} s; {done['played']} games in "
            f"{done['seconds']:.2f} s = {done['played'] / done['seconds']:.0f} games/s"
        )
        return done["seconds"], done["played"], (out / "summary.json").read_bytes()
    finally:
        if ray.is_initialized():
            ray.shutdown()
        cluster.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000, help="games a cell")
    args = parser.parse_args()
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    # Every node on 127.0.0.1 (read when ray is imported).
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        study = root / "study.toml"
        study.write_text(STUDY)
        print(f"load average at the start: {os.getloadavg()}")
        local = {}
        for jobs in (1, 2):
            done = lab.run(study, root / f"local{jobs}", games=args.games, jobs=jobs)
            local[jobs] = done["seconds"]
            print(
                f"local, --jobs {jobs}: {done['played']} games in {done['seconds']:.2f} s = "
                f"{done['played'] / done['seconds']:.0f} games/s"
            )
        one, n, first = on_ray(study, args.games, 1, root)
        two, _, second = on_ray(study, args.games, 2, root)
        reference = (root / "local1" / "summary.json").read_bytes()
        assert first == second == reference, "the runs disagree"
        print(
            f"speed-up: local {local[1] / local[2]:.2f}x, ray {one / two:.2f}x "
            f"({n} games; summary.json identical in the four runs)"
        )
        print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
