"""The examples in the docstrings and in the READMEs run."""

from __future__ import annotations

import doctest
import re

import pytest
from conftest import REPO

import board_games


@pytest.mark.parametrize("module", ["board_games", "board_games.pettingzoo", "board_games.lab"])
def test_docstring_examples(module: str) -> None:
    pytest.importorskip("pettingzoo")
    import importlib

    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize("readme", ["README.md", "python/README.md"])
def test_the_ten_line_example(readme: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = (REPO / readme).read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, f"no python example in {readme}"
    example = blocks[0]
    assert len(example.strip().splitlines()) <= 10
    exec(compile(example, readme, "exec"), {})
    printed = capsys.readouterr().out
    assert re.match(r"\[\d+(, \d+)*\] \S", printed), printed
    assert board_games.load("echec-o-cube").num_actions > 0


def test_the_readme_shows_the_planes_of_the_extension() -> None:
    readme = (REPO / "python" / "README.md").read_text()
    assert board_games.PLANES.strip() in readme
