"""Benchmark the README's main job against another checkout, runs interleaved: not a test.

    .venv/bin/python benchmarks/check_interleaved.py --base DIR [--repeat 3] [--args ...]

Runs `kozel check spec/variants` (the README's main job, `--format json`) of the checkout
`--base` (main, before a change) and of this one in turn, `--repeat` times each (base,
this, base, this, ...), every run with a cache folder of its own (cold: nothing read back),
both with this Python. For each run: the wall time, the CPU seconds of the command and all
its processes (the checker's forked tasks included), and the load average as it started.
Prints the medians, the ratio this/base of each (what carries over to an idle machine when
the load is not idle: both sides ran under the same load, in turn), and whether every run's
output was byte for byte that of the base's first run.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from layouts import cli_module

ROOT = Path(__file__).resolve().parents[1]
JOB = ["check", "spec/variants", "--format", "json"]


def run_once(root: Path, job: list[str]) -> tuple[float, float, float, bytes]:
    """Run the job in `root` with a cold cache; return wall s, CPU s, load, its output."""
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPATH": str(root), "KOZEL_CACHE_DIR": cache}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", cli_module(root), *job], cwd=root,
                              env=env, capture_output=True, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{root}: exit {done.returncode}\n{done.stderr.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, load, done.stdout


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True, help="the checkout to compare with")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", type=Path, default=None,
                        help="a folder to write each run's output to (RUN-SIDE.out)")
    parser.add_argument("--args", nargs=argparse.REMAINDER, default=None,
                        help="the kozel command instead of the main job")
    args = parser.parse_args()
    job = args.args or JOB
    sides = {"base": args.base.resolve(), "this": ROOT}
    runs: dict[str, list[tuple[float, float, float]]] = {"base": [], "this": []}
    first: bytes | None = None
    same = True
    print(f"cores: {os.cpu_count()}; job: kozel {' '.join(job)}")
    for repetition in range(args.repeat):
        for side, root in sides.items():
            wall, cpu, load, out = run_once(root, job)
            first = out if first is None else first
            same = same and out == first
            runs[side].append((wall, cpu, load))
            if args.keep is not None:
                args.keep.mkdir(parents=True, exist_ok=True)
                (args.keep / f"{repetition + 1}-{side}.out").write_bytes(out)
            print(f"{repetition + 1} {side:4}  wall {wall:6.2f} s  CPU {cpu:6.2f} s  "
                  f"load {load:5.2f}  {'same' if out == first else 'DIFFERENT'} output",
                  flush=True)
    medians = {side: (statistics.median(r[0] for r in rows),
                      statistics.median(r[1] for r in rows)) for side, rows in runs.items()}
    for side, (wall, cpu) in medians.items():
        print(f"median {side}: wall {wall:.2f} s, CPU {cpu:.2f} s")
    print(f"ratio this/base: wall {medians['this'][0] / medians['base'][0]:.2f}, "
          f"CPU {medians['this'][1] / medians['base'][1]:.2f}")
    print(f"outputs byte-identical to the base's: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
