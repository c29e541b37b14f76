"""`kozel check spec/variants` computed against read back from kozel's cache: not a test.

    .venv/bin/python benchmarks/check_cache.py [--repeat 3] [ARGS...]

Each repetition runs the main job (`kozel check spec/variants --format json`, or ARGS) twice in
fresh processes: first with an empty cache folder of its own (everything computed, as on a new
machine or after a change of the code), then again with that folder (the reports, comparisons
and relations read back, checks/running/remembered.py). The two kinds run interleaved; the time is
the children's CPU time (user + system, resource.getrusage: the machine is shared, wall time is no
measure of the code), and the figures are the median of each and the ratio (read / computed).
Every run must print the same bytes: a run whose output differs from the first says so and the
benchmark exits 1.

Latest figures (2-core x86_64, Python 3.11.7, a shared machine, load average 1.6; `--repeat 3`,
at dceb8e0): computed 67.51 s CPU (67.51, 67.25, 70.20), read back 1.63 s (1.63, 1.48, 1.67),
ratio 0.024; every run printed the same bytes. What is left of a warm run is starting Python,
loading the rule files and writing the JSON.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAIN_JOB = ["check", "spec/variants", "--format", "json"]


def timed(args: list[str], cache: str) -> tuple[float, bytes]:
    """The CPU seconds and the output of one `kozel ARGS` run with `cache` as its cache folder."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "kozel.cli", *args], cwd=ROOT,
                          env={**os.environ, "KOZEL_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)},
                          capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"kozel {' '.join(args)} failed:\n{done.stderr.decode()}")
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, done.stdout


def main() -> int:
    """Run the repetitions; print the medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("args", nargs="*", default=MAIN_JOB)
    options = parser.parse_args()
    computed, read, outputs = [], [], set()
    for _ in range(options.repeat):
        with tempfile.TemporaryDirectory() as folder:
            cache = str(Path(folder) / "cache")
            for times in (computed, read):
                seconds, out = timed(options.args, cache)
                times.append(seconds)
                outputs.add(out)
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    for name, times in (("computed", computed), ("read", read)):
        shown = ", ".join(f"{t:.2f}" for t in times)
        print(f"{name + ':':9} {statistics.median(times):.2f} s CPU (median of {shown})")
    print(f"ratio read / computed: {statistics.median(read) / statistics.median(computed):.3f}")
    if len(outputs) != 1:
        print("the runs printed different outputs", file=sys.stderr)
        return 1
    print("every run printed the same bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
