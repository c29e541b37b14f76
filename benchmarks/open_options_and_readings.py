"""Benchmark two constructs of the language's second edition against a yardstick: not a test.

    .venv/bin/python benchmarks/open_options_and_readings.py [--repeat 5]

1. Open options: the static check (Z3, no playouts, one job) of tests/golden/good/open-option.kozel
   with `target` written as a range of 951 values (50..1000) and of a billion values
   (1..999999999), each beside the yardstick: the same file with `target` listed as two values
   (`50 | 1000`). A solver that enumerated the range would grow with it; a bounded integer
   does not.
2. Readings: `kozel simulate minsk --matches 200 --compare-readings` (every match replayed
   under each of minsk's three other readings) beside the yardstick `kozel simulate minsk
   --matches 200`.

Runs are interleaved (yardstick, candidate, yardstick, ...); the figures are medians.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KOZEL = str(ROOT / ".venv" / "bin" / "kozel")
OPEN = ROOT / "tests" / "golden" / "good" / "open-option.kozel"


def timed(command: list[str]) -> float:
    """Run a command once; return its wall time."""
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def check_command(folder: Path, values: str) -> list[str]:
    """A copy of the open-option file with `target`'s values replaced, checked statically."""
    text = OPEN.read_text(encoding="utf-8").replace("50..1000 = 101", f"{values} = 1000")
    path = folder / f"target-{abs(hash(values))}.kozel"
    path.write_text(text, encoding="utf-8")
    return [KOZEL, "check", str(path), "--playouts", "0", "--jobs", "1"]


def compare(name: str, yardstick: list[str], candidate: list[str], repeat: int) -> None:
    """Interleave the two commands; print the medians and their ratio."""
    ours, theirs = [], []
    for _ in range(repeat):
        theirs.append(timed(yardstick))
        ours.append(timed(candidate))
    a, b = statistics.median(ours), statistics.median(theirs)
    print(f"{name}: {a:.2f} s against the yardstick's {b:.2f} s: ratio {a / b:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        listed = check_command(Path(folder), "50 | 1000")
        for values in ("50..1000", "1..999999999"):
            compare(f"check, target {values}", listed, check_command(Path(folder), values),
                    args.repeat)
    simulate = [KOZEL, "simulate", "minsk", "--matches", "200", "--seed", "1"]
    compare("simulate minsk --compare-readings", simulate, simulate + ["--compare-readings"],
            args.repeat)


if __name__ == "__main__":
    main()
