"""`kozel check --cluster`: a family's reports and comparisons as Ray tasks give the report a
run on this machine gives, byte for byte; what the tasks compute is kept in this machine's
cache, so that a second check needs no cluster at all (issue 48, item 4).

Ray is the optional `cluster` extra: without it these tests are skipped, with that reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from kozel.cli import main

ray = pytest.importorskip("ray", reason="Ray is the optional cluster extra: "
                                         "pip install 'kozel[cluster]'")
pytestmark = pytest.mark.slow

MINSK = Path(__file__).resolve().parents[2] / "spec" / "variants" / "minsk.kozel"
HOUSE = """use "{minsk}"

variant {name} extends minsk {{
  option target: {target}
      assume "a house rule: the match is played to {target} points"
        ru "домашнее правило: играют до {target} очков"
}}
"""


def test_a_cluster_where_nothing_answers_is_a_usage_error(capsys: Any, monkeypatch: Any,
                                                         family: Path) -> None:
    """Ray would retry such an address for minutes; the command says so at once."""
    assert not ray.is_initialized()  # (before the module's local Ray starts)
    monkeypatch.setenv("KOZEL_CACHE_DIR", "")
    code, out, err = check(capsys, str(family), "--cluster", "127.0.0.1:1")
    assert code == 2 and out == "" and "nothing answers there" in err


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A Ray instance on this machine, as `ray start --head` would give on a cluster's head."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.fixture
def family(tmp_path: Path) -> Path:
    """Two house rules over minsk in one folder: two reports and their comparison."""
    folder = tmp_path / "family"
    folder.mkdir()
    for name, target in (("to-150", 150), ("to-200", 200)):
        (folder / f"{name}.kozel").write_text(
            HOUSE.format(minsk=MINSK.as_posix(), name=name, target=target), encoding="utf-8")
    return folder


def check(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(["check", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_family_checked_on_a_cluster_reads_as_one_checked_here(
        capsys: Any, monkeypatch: Any, local_ray: None, family: Path) -> None:
    monkeypatch.setenv("KOZEL_CACHE_DIR", "")
    here = check(capsys, str(family), "--format", "json", "--jobs", "1")
    there = check(capsys, str(family), "--format", "json", "--cluster", "auto")
    assert here[0] == there[0] == 0 and here[1] == there[1]
    assert len(json.loads(there[1])["comparisons"]) == 1
    text_here = check(capsys, str(family), "--lang", "ru", "--jobs", "1")
    assert check(capsys, str(family), "--lang", "ru", "--cluster", "auto") == text_here


def test_what_the_cluster_computed_is_kept_here(capsys: Any, monkeypatch: Any, tmp_path: Path,
                                               local_ray: None, family: Path) -> None:
    monkeypatch.setenv("KOZEL_CACHE_DIR", str(tmp_path / "cache"))
    first = check(capsys, str(family), "--format", "json", "--cluster", "auto")
    assert first[0] == 0 and list((tmp_path / "cache" / "checks").glob("report-*"))
    # every result is kept here: the check needs no cluster, not even one that answers
    again = check(capsys, str(family), "--format", "json", "--cluster", "127.0.0.1:1")
    assert again == first
