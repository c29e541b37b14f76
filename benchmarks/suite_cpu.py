"""Where the test suite's CPU time goes, per test file: a pytest plugin and its report; not a test.

    KOZEL_SUITE_CPU=/tmp/cpu PYTHONPATH=.:benchmarks .venv/bin/python -m pytest -n auto \\
        -p suite_cpu --deselect tests/test_wheel.py
    .venv/bin/python benchmarks/suite_cpu.py /tmp/cpu

Each process of the run (every pytest-xdist worker) writes, per test, the CPU seconds it spent
itself and those of the child processes it reaped meanwhile (resource.getrusage, user + system),
and the wall seconds, to FOLDER/cpu-WORKER.json. The report sums them per test file, most CPU
first. A child is counted where it is reaped: the site built in the background (tests/site_build.py)
shows up under whichever test next starts a process in that worker.

The suite is CPU-bound on 2 cores: its wall time is about its total CPU time / 2 / 0.75.
"""

from __future__ import annotations

import collections
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

FOLDER = "KOZEL_SUITE_CPU"
_rows: list[tuple[str, float, float, float]] = []
_start: list[Any] = [None]


def _now() -> tuple[float, float]:
    mine, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                           resource.RUSAGE_CHILDREN))
    return mine.ru_utime + mine.ru_stime, children.ru_utime + children.ru_stime


def pytest_runtest_protocol(item: Any, nextitem: Any) -> None:
    """Note the clocks as a test starts (setup included)."""
    _start[0] = (_now(), time.perf_counter())


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    """Keep what the test took (teardown included)."""
    if _start[0] is not None:
        (mine, children), wall = _start[0]
        now_mine, now_children = _now()
        _rows.append((nodeid, now_mine - mine, now_children - children,
                      time.perf_counter() - wall))


def pytest_sessionfinish(session: Any) -> None:
    """Write this process's tests to the folder."""
    folder = os.environ.get(FOLDER)
    if folder:
        name = os.environ.get("PYTEST_XDIST_WORKER", "main")
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"cpu-{name}.json").write_text(json.dumps(_rows))


def report(folder: Path, shown: int = 40) -> list[str]:
    """The per-file table of a run's files, most CPU first."""
    files: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    for path in sorted(folder.glob("cpu-*.json")):
        for node, mine, children, wall in json.loads(path.read_text()):
            row = files[node.split("::")[0]]
            row[0], row[1], row[2], row[3] = row[0] + mine, row[1] + children, row[2] + wall, \
                row[3] + 1
    total = sum(r[0] + r[1] for r in files.values())
    lines = [f"{total:.0f} CPU-s in all; per file: CPU-s (own + children), wall-s, tests"]
    for name, (mine, children, wall, count) in sorted(files.items(),
                                                      key=lambda kv: -(kv[1][0] + kv[1][1])):
        lines.append(f"{mine + children:7.1f} ({mine:6.1f} + {children:6.1f}) "
                     f"{wall:7.1f} {count:4d} {name}")
    return lines[:shown + 1]


if __name__ == "__main__":
    print("\n".join(report(Path(sys.argv[1]))))
