"""Same files and options, same report: on an idle machine and with every core busy.

The checker's searches are bounded by counts (solver steps, matches played), never by the
clock, so the machine's load cannot turn a refuted finding into an `unknown` one or pick
another witness game. This checks two seeds and compares them (`kozel check` of kozel-classic
and minsk: two reports and the pair whose searches most often run out of matches, so that a
search bounded by the clock would end elsewhere) as the test run makes it (tests/shared_runs.py,
through the run's cache: the entries of the README's main job, which shares them) and in a run
of its own, made with every core kept busy by other processes and another hash seed, byte for
byte. The shared run reads the test run's cache (checks/running/remembered.py) and this one keeps
none: the same bytes also say that what the cache gives back is what a computation gives.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from shared_runs import kozel

ROOT = Path(__file__).resolve().parents[2]
CHECK = ("check", "spec/variants/kozel-classic.kozel", "spec/variants/minsk.kozel",
         "--format", "json")


def check_json(hash_seed: str) -> bytes:
    """Return the output of `kozel CHECK` in a fresh process that keeps no cache."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "KOZEL_CACHE_DIR": ""}
    done = subprocess.run([sys.executable, "-m", "kozel.cli", *CHECK], cwd=ROOT,
                          env=env, capture_output=True, timeout=1200, check=False)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    return done.stdout


def test_the_report_does_not_depend_on_the_machines_load() -> None:
    shared = kozel(*CHECK, hash_seed="1")
    assert shared.code == 0, shared.err
    idle = shared.stdout
    # every core busy: under `pytest -n` the other workers keep theirs busy already, and the
    # spinners run at the lowest priority, taking only what the workers leave idle (they would
    # slow down every other test of the run); alone, they compete as equals
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    spin = f"import os; os.nice({19 if workers > 1 else 0})\nwhile True: pass"
    spinners = [subprocess.Popen([sys.executable, "-c", spin])
                for _ in range(max(1, (os.cpu_count() or 2) - workers + 1))]
    try:
        loaded = check_json("2")
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
    assert b'"seconds"' not in idle  # timings only with --timings: they depend on the machine
    report = json.loads(idle)
    assert [v["name"] for v in report["variants"]] == ["kozel-classic", "minsk"]
    assert len(report["comparisons"]) == 1
    assert idle == loaded
