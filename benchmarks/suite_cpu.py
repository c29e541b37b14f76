"""Where the test suite's CPU time goes, per test file: a pytest plugin and its report; not a test.

    KOZEL_SUITE_CPU=/tmp/cpu PYTHONPATH=.:benchmarks .venv/bin/python -m pytest -n auto \\
        -p suite_cpu --deselect tests/test_wheel.py
    .venv/bin/python benchmarks/suite_cpu.py /tmp/cpu
    .venv/bin/python benchmarks/suite_cpu.py --timeline /tmp/cpu
    (benchmarks/busy_cores.sh: one command's cost in the machine's busy core-seconds)

Each process of the run (every pytest-xdist worker) writes, per test, the CPU seconds it spent
itself and those of the child processes it reaped meanwhile (resource.getrusage, user + system),
the wall seconds and when it started, to FOLDER/cpu-WORKER.json; the run's first process samples
the machine's busy cores once a second (/proc/stat) into FOLDER/busy.txt. The report sums the CPU
per test file, most first; the timeline lists each worker's modules in the order they ran, with
the cores busy meanwhile.

A child is counted where it is reaped, and only if it is: the site built in the background
(tests/site_build.py) shows up under whichever test next starts a process in that worker, and
Chromium's processes (the browser tests, the site's PDFs) are mostly never counted. The busy
cores are the whole truth: a run at 687 s kept both cores busy throughout (1,374 core-s) while
its processes accounted for 977 CPU-s.
"""

from __future__ import annotations

import collections
import json
import os
import resource
import sys
import threading
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
    _start[0] = (_now(), time.perf_counter(), time.time())


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    """Keep what the test took (teardown included)."""
    if _start[0] is not None:
        (mine, children), wall, began = _start[0]
        now_mine, now_children = _now()
        _rows.append((nodeid, now_mine - mine, now_children - children,
                      time.perf_counter() - wall, began))


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
        for node, mine, children, wall, *_ in json.loads(path.read_text()):
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


def pytest_configure(config: Any) -> None:
    """In the run's first process, sample how busy the machine's cores are, once a second."""
    folder = os.environ.get(FOLDER)
    if folder and not hasattr(config, "workerinput") and Path("/proc/stat").exists():
        threading.Thread(target=_sample_cores, args=(Path(folder) / "busy.txt",),
                         daemon=True).start()


def _sample_cores(out: Path) -> None:
    """Append `time busy-cores` lines to `out` (from /proc/stat) until the process ends."""
    out.parent.mkdir(parents=True, exist_ok=True)
    before = None
    with out.open("a") as stream:
        while True:
            fields = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
            idle, total = fields[3] + fields[4], sum(fields[:8])
            if before is not None and total > before[1]:
                busy = (os.cpu_count() or 1) * (1 - (idle - before[0]) / (total - before[1]))
                stream.write(f"{time.time():.1f} {busy:.2f}\n")
                stream.flush()
            before = (idle, total)
            time.sleep(1)


def timeline(folder: Path) -> list[str]:
    """Each worker's modules in the order they ran, with their start, wall and CPU seconds,
    and the machine's busy cores meanwhile (the run's idle cores are where its time is lost)."""
    rows = []
    for path in sorted(folder.glob("cpu-*.json")):
        for node, mine, children, wall, *began in json.loads(path.read_text()):
            rows.append((path.stem[4:], node.split("::")[0], mine + children, wall,
                         began[0] if began else 0.0))
    start = min(r[4] for r in rows)
    busy = [tuple(map(float, line.split())) for line in
            (folder / "busy.txt").read_text().splitlines()] if (folder / "busy.txt").exists() else []
    spans: dict[tuple[str, str], list[float]] = {}
    for worker, module, cpu, wall, began in rows:
        span = spans.setdefault((worker, module), [began, began + wall, 0.0])
        span[0], span[1], span[2] = min(span[0], began), max(span[1], began + wall), span[2] + cpu
    lines = []
    for (worker, module), (first, last, cpu) in sorted(spans.items(), key=lambda kv: kv[1][0]):
        cores = [b for t, b in busy if first <= t <= last]
        mean = sum(cores) / len(cores) if cores else float("nan")
        lines.append(f"{worker:5s} {first - start:6.0f} {last - first:6.0f} {cpu:6.1f} "
                     f"{mean:4.2f} {module}")
    return ["worker start   wall    CPU cores module"] + lines


if __name__ == "__main__":
    if sys.argv[1:2] == ["--timeline"]:
        print("\n".join(timeline(Path(sys.argv[2]))))
    else:
        print("\n".join(report(Path(sys.argv[1]))))
