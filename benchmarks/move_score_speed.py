"""Rounds per second of `kozel simulate` for the published games that score at a move (All
Fives, Fives and Threes) beside minsk, which scores only at the end of a round.

Not a test: run `python benchmarks/move_score_speed.py [MATCHES] [REPETITIONS]` from the
repository root (defaults 2000 and 3). Each repetition runs, one after the other (interleaved,
so that a change in the machine's load falls on every command alike), the command a user runs,
`kozel simulate VARIANT --matches MATCHES --workers 1 --format json`, for each variant, with the
engine kozel chooses (`auto`: the compiled match where the compiler covers the variant) and
with `--engine reference`. For each it prints the medians over the repetitions of the rounds
per second kozel reports (rounds over the wall-clock seconds of play) and of the rounds per
CPU-second of the whole child process (start, imports and loading included), the rounds
played (the same for both engines: the same matches), and /proc/loadavg before and after. A command that fails (a compiler that does not cover the
variant yet, say) is shown with its error's last line instead of figures.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KOZEL = [sys.executable, "-m", "kozel"]
VARIANTS = (
    ("minsk 4p", ["minsk", "--players", "4"]),
    ("all-fives 2p", ["spec/published/all-fives.kozel", "--players", "2"]),
    ("fives-and-threes 2p", ["spec/published/fives-and-threes.kozel", "--players", "2"]),
    ("fives-and-threes 4p", ["spec/published/fives-and-threes.kozel", "--players", "4"]),
)
ENGINES: tuple[tuple[str, list[str]], ...] = (
    ("auto", []), ("reference", ["--engine", "reference"]))


def _loadavg() -> str:
    return Path("/proc/loadavg").read_text().strip()


def _run(argv: list[str], matches: int) -> tuple[float, float, int] | str:
    """(rounds per wall second as kozel reports it, rounds per CPU-second of the child, the
    rounds played), or the last line of the error."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(KOZEL + ["simulate", *argv, "--matches", str(matches), "--workers",
                                   "1", "--format", "json"],
                          cwd=ROOT, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        return lines[-1] if lines else f"exit {done.returncode}"
    data = json.loads(done.stdout)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return data["rounds_per_second"], data["rounds"] / cpu, data["rounds"]


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    repetitions = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"loadavg before: {_loadavg()}")
    figures: dict[tuple[str, str], list[tuple[float, float, int] | str]] = {}
    for _ in range(repetitions):
        for name, argv in VARIANTS:
            for engine, extra in ENGINES:
                figures.setdefault((name, engine), []).append(_run(argv + extra, matches))
    print(f"loadavg after:  {_loadavg()}")
    print(f"{matches} matches a run, {repetitions} repetitions, medians; random play, "
          f"--workers 1")
    print(f"{'variant':22} {'engine':10} {'rounds/s (kozel)':>17} {'rounds/CPU-s':>13} "
          f"{'rounds':>7}")
    for (name, engine), runs in figures.items():
        failed = [r for r in runs if isinstance(r, str)]
        if failed:
            print(f"{name:22} {engine:10} failed: {failed[0]}")
            continue
        done = [r for r in runs if not isinstance(r, str)]
        wall = statistics.median(r[0] for r in done)
        cpu = statistics.median(r[1] for r in done)
        rounds = {r[2] for r in done}
        print(f"{name:22} {engine:10} {wall:17.0f} {cpu:13.0f} {min(rounds):7}")
        assert len(rounds) == 1, "the same seed plays the same matches"
    for name, _ in VARIANTS:  # either engine plays the same matches (kozel simulate --help)
        played = {r[2] for engine, _ in ENGINES for r in figures[(name, engine)]
                  if not isinstance(r, str)}
        print(f"{name}: the same {played.pop()} rounds with either engine" if len(played) == 1
              else f"{name}: the engines played different rounds: {sorted(played)}")


if __name__ == "__main__":
    main()
