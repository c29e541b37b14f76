"""Peak memory of `kozel simulate` against the number of matches: not a test.

    .venv/bin/python benchmarks/simulate_memory.py [SMALL LARGE] [--variant minsk --players 2]

Runs the whole command (one worker, so that one process holds the whole tally) for SMALL and
LARGE matches, reads each run's peak resident memory from the kernel (wait4's ru_maxrss), and
extrapolates the growth per match linearly to 1,000,000 matches. The statistics stream (every
figure is a count; match lengths are a histogram), so the growth should be within the noise of
page-sized allocations; the target is under 200 MB at 1,000,000 matches (issue 10).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_MATCHES, TARGET_MB = 1_000_000, 200


def peak_mb(variant: str, players: int, matches: int) -> float:
    """Run the command once; return its peak resident memory in MB."""
    command = [sys.executable, "-m", "kozel.cli", "simulate", variant, "--players",
               str(players), "--matches", str(matches), "--workers", "1", "--format", "json"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    return usage.ru_maxrss / 1024  # kB on Linux


def main() -> None:
    """Measure both sizes and print the extrapolation."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[5000, 50000])
    parser.add_argument("--variant", default="minsk")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    small, large = sorted(args.sizes)[:1] + sorted(args.sizes)[-1:]
    low, high = peak_mb(args.variant, args.players, small), peak_mb(args.variant, args.players,
                                                                    large)
    per_match = max(0.0, (high - low) / (large - small))
    predicted = high + per_match * (TARGET_MATCHES - large)
    print(f"kozel simulate {args.variant} --players {args.players} --workers 1")
    print(f"  {small:>9} matches: peak {low:6.1f} MB")
    print(f"  {large:>9} matches: peak {high:6.1f} MB")
    print(f"  growth {per_match * 1e6:.1f} bytes per match; linear extrapolation to "
          f"{TARGET_MATCHES:,} matches: {predicted:.1f} MB (target < {TARGET_MB} MB): "
          f"{'met' if predicted < TARGET_MB else 'NOT met'}")


if __name__ == "__main__":
    main()
