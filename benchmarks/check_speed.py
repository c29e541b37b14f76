"""Benchmark `kozel check spec/variants` (all proofs and the default playouts): not a test.

    .venv/bin/python benchmarks/check_speed.py [--repeat 3] [--jobs N] [--playouts N]

Prints the wall time of the whole command (as a user runs it, witness games included), beside
a yardstick run interleaved with it (`--games 1`: one game tried per candidate), and, per
variant, the seconds it took inside its worker and the split between the Z3 conditions and
the playouts. The target is 20 s on a 2-core machine (issues 4 and 7).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checks.questions.playouts import playout_findings  # noqa: E402
from checks.running.run import DEFAULT_PLAYOUTS, CheckSettings, check_variant  # noqa: E402
from interpreter.language.resolve import load_paths  # noqa: E402


def whole_command(jobs: int | None, playouts: int, games: int | None = None) -> float:
    """Run the command line once; return its wall time."""
    command = [str(ROOT / ".venv" / "bin" / "kozel"), "check", "spec/variants", "--format",
               "json", "--playouts", str(playouts)]
    if jobs:
        command += ["--jobs", str(jobs)]
    if games:
        command += ["--games", str(games)]
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def per_variant(playouts: int) -> None:
    """Time each variant alone in this process: conditions, then playouts (CPU seconds)."""
    library, names = load_paths([ROOT / "spec" / "variants"])
    print(f"{'variant':16} {'conditions':>10} {'playouts':>9} {'findings':>8}")
    for name in names:
        variant = library.resolve(name)
        start = time.process_time()
        report = check_variant(variant, CheckSettings(playouts=0, workers=1))
        static = time.process_time() - start
        start = time.process_time()
        playout_findings(variant, playouts)
        dynamic = time.process_time() - start
        print(f"{name:16} {static:9.2f}s {dynamic:8.2f}s {len(report.findings):8d}")


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}; load average: {os.getloadavg()[0]:.2f}")
    # yardstick, interleaved in the same run: one witness game tried per candidate (the
    # checker's cost without the search for witness games)
    times, yardstick = [], []
    for _ in range(args.repeat):
        yardstick.append(whole_command(args.jobs, args.playouts, games=1))
        times.append(whole_command(args.jobs, args.playouts))
    print(f"kozel check spec/variants: median {statistics.median(times):.2f} s, "
          f"runs {', '.join(f'{t:.2f}' for t in times)}")
    print(f"yardstick --games 1: median {statistics.median(yardstick):.2f} s, runs "
          f"{', '.join(f'{t:.2f}' for t in yardstick)}; ratio "
          f"{statistics.median(times) / statistics.median(yardstick):.2f}")
    per_variant(args.playouts)


if __name__ == "__main__":
    main()
