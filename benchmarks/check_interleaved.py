"""Benchmark the README's main job against other checkouts, runs interleaved: not a test.

    .venv/bin/python benchmarks/check_interleaved.py --base DIR [--base DIR ...] [--repeat 3]
        [--no-cache] [--keep DIR] [--args ...]

Runs `kozel check spec/variants` (the README's main job, `--format json`) of each checkout
`--base` (main before a change; an older commit as a yardstick) and of this one in turn,
`--repeat` times each (base, ..., this, base, ..., this, ...), every run cold: with a cache
folder of its own (nothing read back), or with `--no-cache` none at all (KOZEL_CACHE_DIR
empty: nothing written either), each with this Python. For each run: the wall time, the CPU
seconds of the command and all its processes (the checker's forked tasks included), and the
load average as it started. Prints the medians, the ratio this/base of each (what carries
over to an idle machine when the load is not idle: every side ran under the same load, in
turn), and whether every run's output was byte for byte that of the same side's first run
and of this checkout's (an older commit prints other findings: its `same as this` is no).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

from layouts import cli_module

ROOT = Path(__file__).resolve().parents[1]
JOB = ["check", "spec/variants", "--format", "json"]


@contextlib.contextmanager
def cache_folder(cached: bool) -> Iterator[str]:
    """A cache folder of the run's own (cold), or '' for none."""
    if not cached:
        yield ""
        return
    with tempfile.TemporaryDirectory() as folder:
        yield folder


def run_once(root: Path, job: list[str], cached: bool = True
             ) -> tuple[float, float, float, bytes]:
    """Run the job in `root` cold; return wall s, CPU s, load, its output."""
    load = os.getloadavg()[0]
    with cache_folder(cached) as cache:
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


def side_names(bases: list[Path]) -> dict[str, Path]:
    """Each checkout by the name its lines are printed under (the folder's, made unique)."""
    sides: dict[str, Path] = {}
    for k, base in enumerate(bases):
        name = base.name if base.name not in sides and base.name != "this" else f"base{k + 1}"
        sides[name] = base.resolve()
    sides["this"] = ROOT
    return sides


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, action="append", required=True,
                        help="a checkout to compare with (given again: several, in turn)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-cache", action="store_true",
                        help="no cache folder at all (KOZEL_CACHE_DIR empty)")
    parser.add_argument("--keep", type=Path, default=None,
                        help="a folder to write each run's output to (RUN-SIDE.out)")
    parser.add_argument("--args", nargs=argparse.REMAINDER, default=None,
                        help="the kozel command instead of the main job")
    args = parser.parse_args()
    job = args.args or JOB
    sides = side_names(args.base)
    runs: dict[str, list[tuple[float, float, float]]] = {side: [] for side in sides}
    outputs: dict[str, list[bytes]] = {side: [] for side in sides}
    print(f"cores: {os.cpu_count()}; job: kozel {' '.join(job)}; "
          f"{'no cache' if args.no_cache else 'a fresh cache folder each run'}")
    for repetition in range(args.repeat):
        for side, root in sides.items():
            wall, cpu, load, out = run_once(root, job, not args.no_cache)
            runs[side].append((wall, cpu, load))
            outputs[side].append(out)
            if args.keep is not None:
                args.keep.mkdir(parents=True, exist_ok=True)
                (args.keep / f"{repetition + 1}-{side}.out").write_bytes(out)
            same = "same" if out == outputs[side][0] else "DIFFERENT"
            print(f"{repetition + 1} {side:14}  wall {wall:6.2f} s  CPU {cpu:6.2f} s  "
                  f"load {load:5.2f}  {same} output as its first run", flush=True)
    _summary(runs, outputs)


def _summary(runs: dict[str, list[tuple[float, float, float]]],
             outputs: dict[str, list[bytes]]) -> None:
    """The medians of each side, the ratios this/base and which outputs are the same."""
    medians = {side: (statistics.median(r[0] for r in rows),
                      statistics.median(r[1] for r in rows)) for side, rows in runs.items()}
    this = medians["this"]
    for side, (wall, cpu) in medians.items():
        print(f"median {side}: wall {wall:.2f} s, CPU {cpu:.2f} s")
    for side, (wall, cpu) in medians.items():
        if side != "this":
            print(f"ratio this/{side}: wall {this[0] / wall:.2f}, CPU {this[1] / cpu:.2f}")
    mine = outputs["this"][0]
    for side, outs in outputs.items():
        steady = all(out == outs[0] for out in outs)
        print(f"{side}: every run the same output: {'yes' if steady else 'NO'}; "
              f"same as this: {'yes' if all(out == mine for out in outs) else 'no'}")


if __name__ == "__main__":
    main()
