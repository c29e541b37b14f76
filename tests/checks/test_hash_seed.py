"""Any hash seed, the same bytes: every list in a report has a stated order, never a dict's or
a set's, so that `PYTHONHASHSEED` cannot reorder a report (issue 33, item 7), nor the result
cache then pin whichever order ran first.

The README's main job is run as the test run shares it (tests/shared_runs.py: hash seed 0,
through the run's cache) and once more with hash seed 5 and no cache at all.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from checks.games import Searched
from shared_runs import MAIN_JOB, kozel

ROOT = Path(__file__).resolve().parents[2]


def test_stop_places_are_listed_by_count_then_file_and_line() -> None:
    counts = {"lead match at a.kozel:12": 3, "score at a.kozel:40": 5,
              "lead match at a.kozel:9": 3, "deal at b.kozel:1": 1}
    forward = Searched(None, counts, 12).why_not()
    backward = Searched(None, dict(reversed(counts.items())), 12).why_not()
    assert forward == backward
    assert forward.index("a.kozel:40 (5×)") < forward.index("a.kozel:9 (3×)")
    assert "a.kozel:12" not in forward  # two places are listed: line 9 before line 12
    assert "b.kozel:1" not in forward


def test_the_main_job_gives_the_same_bytes_under_two_hash_seeds() -> None:
    shared = kozel(*MAIN_JOB, hash_seed="0")
    assert shared.code == 0, shared.err
    env = {**os.environ, "PYTHONHASHSEED": "5", "KOZEL_CACHE_DIR": ""}
    other = subprocess.run([sys.executable, "-m", "interpreter.cli", *MAIN_JOB], cwd=ROOT,
                           env=env, capture_output=True, timeout=1800, check=False)
    assert other.returncode == 0, other.stderr.decode("utf-8", "replace")
    assert other.stdout == shared.stdout
