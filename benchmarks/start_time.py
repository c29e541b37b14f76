"""How long a short kozel command takes from start to exit, against Python's own start.

Runs, interleaved (so that the machine's load falls on both alike), N repetitions each of:
  yardstick:  python -c pass                       (the interpreter's start alone)
  version:    kozel --version
  simulate:   kozel simulate minsk --matches 1
and prints the median wall time and CPU time (user + system) of each in seconds, each with its
ratio to the yardstick's. Every run is a fresh process; the grammar cache (see
interpreter/language/lark_cache.py) is warmed by one run first, as it is on a user's machine
after the first command, and so are the .pyc files.

Usage: python benchmarks/start_time.py [--runs N] [--cold] [--also DIR]
  --cold  give every kozel run an empty cache folder (what the very first run costs)
  --also  also time `kozel simulate minsk --matches 1` from another checkout DIR (say, the
          main branch), in the same interleaved runs
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from layouts import cli_module

KOZEL = [sys.executable, "-m", "kozel.cli"]
COMMANDS = {
    "yardstick (python -c pass)": [sys.executable, "-c", "pass"],
    "kozel --version": KOZEL + ["--version"],
    "kozel simulate minsk --matches 1": KOZEL + ["simulate", "minsk", "--matches", "1"],
}
SIMULATE = "kozel simulate minsk --matches 1"


def _wall(command: list[str], env: dict[str, str], root: Path | None = None
          ) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    if root is not None:
        env = {**env, "PYTHONPATH": str(root)}
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True, cwd=root)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Measure and print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--cold", action="store_true")
    parser.add_argument("--also", type=Path, default=None, metavar="DIR")
    args = parser.parse_args()
    commands: dict[str, tuple[list[str], Path | None]] = {
        name: (command, None) for name, command in COMMANDS.items()}
    if args.also is not None:
        also = [sys.executable, "-m", cli_module(args.also)] + COMMANDS[SIMULATE][len(KOZEL):]
        commands[f"simulate from {args.also.name}"] = (also, args.also)
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    # An installed kozel runs from .pyc files (pip compiles them at install): let the warm-up
    # run write them even where the environment says not to.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as cache:
        env["KOZEL_CACHE_DIR"] = cache
        for command, checkout in commands.values():  # warm the caches and the .pyc files
            _wall(command, env, checkout)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, (command, checkout) in commands.items():
                if args.cold:
                    shutil.rmtree(cache)
                    os.mkdir(cache)
                times[name].append(_wall(command, env, checkout))
    base = statistics.median(t[0] for t in times["yardstick (python -c pass)"])
    base_cpu = statistics.median(t[1] for t in times["yardstick (python -c pass)"])
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}; python {platform.python_version()}; "
          f"{args.runs} interleaved runs each{', cold cache' if args.cold else ''}")
    for name, values in times.items():
        wall, cpu = (statistics.median(t[i] for t in values) for i in (0, 1))
        print(f"  {name:34} wall {wall:.3f} s ({wall / base:.1f}x)   "
              f"cpu {cpu:.3f} s ({cpu / base_cpu:.1f}x)")


if __name__ == "__main__":
    main()
