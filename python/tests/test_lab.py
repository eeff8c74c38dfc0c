"""board_games.lab: studies from Python, equal to the Rust command's; the Ray path on a local
Ray cluster of two workers started here, byte-identical to the local run; refusals."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO

from board_games import lab

#: A small study of fast games: two KYBO cells and an ÉCHEC O CUBE one, random players,
#: stopped when the first player's interval is within ±8 points (looked at every 40 games,
#: at most 240), so that runs go by rounds as the shipped studies do.
STUDY = """\
name = "tests: three fast cells"
seed = 7
agents = [["random", "random"]]

[stop]
rule = "width"
width = 0.08
batch = 40
max_games = 240

[[configs]]
game = "kybo"
label = "unlimited"

[[configs]]
game = "kybo"
label = "12 cubes each"
rules = { supply = { per_player = 12 } }

[[configs]]
game = "echec-o-cube"
label = "small box"
rules = { pale = 12, dark = 6, reds = 2 }
"""

#: The outputs that must be the same bytes for the same study and seed.
OUTPUTS = ("results.jsonl", "summary.json", "summary.csv", "report.html")


@pytest.fixture(scope="module")
def study_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("study") / "study.toml"
    path.write_text(STUDY, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def local_run(study_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The study played by the local (Rust) runner from Python, on two threads."""
    out = tmp_path_factory.mktemp("local")
    done = lab.run(study_file, out, jobs=2)
    assert done["resumed"] == 0
    assert done["played"] == sum(c["games"] for c in done["summary"]["cells"])
    return out


def outputs(out: Path) -> dict[str, bytes]:
    return {name: (out / name).read_bytes() for name in OUTPUTS}


def test_the_local_run_writes_what_the_issue_asks(local_run: Path) -> None:
    import json

    summary = json.loads((local_run / "summary.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in summary["cells"]] == [c.id for c in lab.Study(STUDY).cells]
    for cell in summary["cells"]:
        n = cell["games"]
        assert 40 <= n <= 240 and n % 40 == 0
        assert cell["first_wins"] + cell["second_wins"] + cell["draws"] == n
        assert cell["first_rate"] == pytest.approx(cell["first_wins"] / n)
        assert cell["ci_low"] <= cell["first_rate"] <= cell["ci_high"]
        # The stop: within ±8 points at the last look, or the cap.
        assert (cell["ci_high"] - cell["ci_low"]) / 2 <= 0.08 or n == 240
    lines = (local_run / "results.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == sum(c["games"] for c in summary["cells"])
    assert (local_run / "report.html").read_text(encoding="utf-8").count("<svg") >= 4


def test_the_local_run_equals_the_rust_command(
    local_run: Path, study_file: Path, tmp_path: Path
) -> None:
    # $BOARD_LAB names a built board-lab command (.ci/run: the one its cargo test built);
    # otherwise cargo builds it here.
    if os.environ.get("BOARD_LAB"):
        command = [os.environ["BOARD_LAB"]]
    elif shutil.which("cargo"):
        command = ["cargo", "run", "-q", "-p", "board-lab", "--"]
    else:
        pytest.skip("no board-lab command: set BOARD_LAB or put cargo on PATH")
    out = tmp_path / "rust"
    subprocess.run(
        [*command, "run", str(study_file), "--out", str(out), "--jobs", "1"],
        cwd=REPO,
        check=True,
        timeout=900,
        capture_output=True,
    )
    assert outputs(out) == outputs(local_run)


def test_a_batch_is_the_same_games_however_split() -> None:
    study = lab.Study(STUDY)
    cell = study.cells[1].id
    whole = lab.play_batch(study, cell, 3, 12)
    split = lab.play_batch(study, cell, 3, 5) + lab.play_batch(study, cell, 8, 7)
    assert whole == split
    assert lab.play_batch(study.with_seed(8), cell, 3, 12) != whole
    again = pickle.loads(pickle.dumps(study.with_seed(8)))
    assert lab.play_batch(again, cell, 3, 12) == lab.play_batch(study.with_seed(8), cell, 3, 12)


def test_cells_say_what_they_compare() -> None:
    cells = lab.Study(STUDY).with_games(30).cells
    assert [c.game for c in cells] == ["kybo", "kybo", "echec-o-cube"]
    assert cells[0].agents == ("random", "random")
    assert cells[0].config == {"supply": "unlimited"}
    assert cells[1].config != cells[0].config
    assert cells[2].config["pale"] == 12 and cells[2].config["reds"] == 2
    assert all(c.max_games == 30 for c in cells)


def test_the_next_round_is_what_is_missing(tmp_path: Path) -> None:
    study = lab.Study(STUDY).with_games(6)
    assert lab.pending(study, tmp_path) == [(c.id, i) for i in range(6) for c in study.cells]
    lines = lab.play_batch(study, study.cells[0].id, 0, 6)
    # Four whole games and a line torn by a kill: the torn one is played again.
    (tmp_path / "results.jsonl").write_text("\n".join(lines[:4]) + "\n" + lines[4][:30])
    missing = lab.pending(study, tmp_path)
    assert (study.cells[0].id, 4) in missing and (study.cells[0].id, 3) not in missing
    assert (tmp_path / "results.jsonl").read_text().count("\n") == 4


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('games = 10\nagents = [["random", "random"]]\n[[configs]]\ngame = "go"\n', 4, "go"),
        ('games = 0\nagents = [["random", "random"]]\n[[configs]]\ngame = "kybo"\n', 1, "games"),
        (
            'games = 5\nagents = [["random", "random"]]\n[[configs]]\ngame = "kybo"\n'
            "rules = { supply = { per_player = -3 } }\n",
            5,
            "KYBO configuration",
        ),
        ('games = 5\nmetrics = ["beauty"]\nagents = [["random", "random"]]\n', 2, "beauty"),
    ],
)
def test_a_bad_study_is_refused_with_its_line_and_reason(
    text: str, line: int, words: str, tmp_path: Path
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(lab.StudyError) as caught:
        lab.run(path, tmp_path / "out")
    err = caught.value
    assert isinstance(err, ValueError)
    assert err.line == line, str(err)
    assert words in err.reason
    assert err.path == str(path)
    assert str(err).startswith(f"{path}: line {line}: ")
    assert not (tmp_path / "out").exists()
    with pytest.raises(lab.StudyError):
        lab.Study(text)


def test_bad_calls_raise_python_errors(tmp_path: Path) -> None:
    study = lab.Study(STUDY)
    with pytest.raises(KeyError, match="no cell"):
        lab.play_batch(study, "kybo/nowhere/random~random", 0, 1)
    with pytest.raises(ValueError, match="count"):
        lab.play_batch(study, study.cells[0].id, 0, 2**63)
    with pytest.raises(ValueError, match="games"):
        study.with_games(0)
    with pytest.raises(ValueError, match="lang"):
        lab.run_study(study, tmp_path, lang="de")
    with pytest.raises(OSError):
        lab.Study.read(tmp_path / "missing.toml")
    # Results of another seed are refused with the line.
    lines = lab.play_batch(study.with_seed(99), study.cells[0].id, 0, 2)
    (tmp_path / "results.jsonl").write_text("\n".join(lines) + "\n")
    with pytest.raises(lab.LabError) as caught:
        lab.run_study(study, tmp_path)
    assert caught.value.line == 1


def test_the_command_line(study_file: Path, tmp_path: Path) -> None:
    run = [
        sys.executable,
        "-m",
        "board_games.lab",
        str(study_file),
        "--out",
        str(tmp_path),
        "--games",
        "8",
    ]
    done = subprocess.run(
        run + ["--seed", "3", "--lang", "fr"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "kybo/unlimited/random~random: 8 games" in done.stdout
    assert '<html lang="fr"' in (tmp_path / "report.html").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text('games = 1\n[[configs]]\ngame = "go"\n')
    refused = subprocess.run(
        run[:3] + [str(bad), "--out", str(tmp_path / "x")], capture_output=True, text=True
    )
    assert refused.returncode == 2
    assert "line 3" in refused.stderr


# The Ray path.

#: Ray's environment switch that keeps every node on 127.0.0.1 (its default off macOS and
#: Windows is the machine's own network address).
LOOPBACK = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[str]:
    """A local Ray cluster of two nodes of one CPU each, started here on the loopback address
    only and shut down at the end (even on failure); its address."""
    saved = {k: os.environ.get(k) for k in (LOOPBACK, "RAY_USAGE_STATS_ENABLED")}
    # Ray's switch for laptops: every node of this process and its children on 127.0.0.1.
    os.environ[LOOPBACK] = "0"
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray = pytest.importorskip(
        "ray", reason="ray is not installed (the lab extra): the Ray path is not tested"
    )
    from ray._private import ray_constants
    from ray.cluster_utils import Cluster

    enabled = ray_constants.ENABLE_RAY_CLUSTER
    ray_constants.ENABLE_RAY_CLUSTER = False  # in case ray was imported before
    cluster = None
    try:
        cluster = Cluster(
            initialize_head=True,
            head_node_args={"num_cpus": 1, "include_dashboard": False},
        )
        cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        assert cluster.address.startswith("127.0.0.1:"), cluster.address
        yield cluster.address
    finally:
        if ray.is_initialized():
            ray.shutdown()
        if cluster is not None:
            cluster.shutdown()
        ray_constants.ENABLE_RAY_CLUSTER = enabled
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@pytest.mark.ray
def test_the_ray_path_gives_the_same_bytes_as_the_local_run(
    ray_cluster: str, study_file: Path, local_run: Path, tmp_path: Path
) -> None:
    out = tmp_path / "ray"
    # Small tasks, so that both workers play and rounds have many tasks.
    done = lab.run(study_file, out, ray=ray_cluster, task_games=16)
    assert done["resumed"] == 0
    assert outputs(out) == outputs(local_run)
    import ray

    assert not ray.is_initialized()  # run() disconnects what it connected
    assert len([n for n in ray_nodes(ray_cluster) if n["Alive"]]) == 2

    # Resumed: a results file cut mid-line (a kill) is completed with the missing games only.
    resumed = tmp_path / "resumed"
    resumed.mkdir()
    whole = (local_run / "results.jsonl").read_bytes()
    (resumed / "results.jsonl").write_bytes(whole[: len(whole) // 3])
    done = lab.run(study_file, resumed, ray=ray_cluster)
    kept = whole[: len(whole) // 3].count(b"\n")
    assert done["resumed"] == kept
    assert done["played"] == whole.count(b"\n") - kept
    assert outputs(resumed) == outputs(local_run)


def ray_nodes(address: str) -> list[dict[str, object]]:
    """The nodes of the cluster at ``address``, all on the loopback address."""
    import ray

    ray.init(address=address, log_to_driver=False)
    try:
        nodes: list[dict[str, object]] = ray.nodes()
    finally:
        ray.shutdown()
    assert {n["NodeManagerAddress"] for n in nodes} == {"127.0.0.1"}
    return nodes
