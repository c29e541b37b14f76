"""Rounds per second of the compiled match against the engine and the hand-written engine.

Not a test: run `python benchmarks/compiled_speed.py [MATCHES] [REPETITIONS]` from the
repository root. Minsk, 4 players, random play. Each repetition runs (a) the engine
(play_for_statistics), (b) the compiled match (interpreter/compiled) and (c) the hand-written
engine of benchmarks/fixed_minsk.py one after the other on the same number of matches; the
figures are the medians of the repetitions, each as a ratio to (c) measured in the same run.
CPU time of this process, so that other work on a shared machine counts less.
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import fixed_minsk  # noqa: E402

from interpreter.compiled import compile_match  # noqa: E402
from interpreter.engine import prepare  # noqa: E402
from interpreter.engine.playing import MatchPlay, play_for_statistics  # noqa: E402
from interpreter.loading import load_variant_arg  # noqa: E402


def _seeds(matches: int, repetition: int) -> list[int]:
    rng = random.Random(repetition)
    return [rng.getrandbits(64) for _ in range(matches)]


def _rate(play: Callable[[int], MatchPlay], seeds: list[int]) -> float:
    start = time.process_time()
    rounds = sum(len(play(seed).rounds) for seed in seeds)
    return rounds / (time.process_time() - start)


def _fixed_rate(seeds: list[int]) -> float:
    start = time.process_time()
    rounds = sum(fixed_minsk.play_match(random.Random(seed)) for seed in seeds)
    return rounds / (time.process_time() - start)


def main() -> None:
    """Interleave the three, several repetitions; print medians and ratios."""
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    repetitions = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    setup = prepare(load_variant_arg("minsk"), 4)
    start = time.process_time()
    compiled = compile_match(setup, "random")
    compile_seconds = time.process_time() - start
    assert compiled is not None, "minsk with random play must compile"
    rates: dict[str, list[float]] = {"engine": [], "compiled": [], "hand-written": []}
    for repetition in range(repetitions):
        seeds = _seeds(matches, repetition)
        rates["engine"].append(_rate(lambda s: play_for_statistics(setup, "random", s), seeds))
        rates["compiled"].append(_rate(compiled.play, seeds))
        rates["hand-written"].append(_fixed_rate(seeds))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    yardstick = medians["hand-written"]
    print(f"minsk, 4 players, random play: {matches} matches x {repetitions} repetitions, "
          f"interleaved; medians of CPU-time rates")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    for name, rate in medians.items():
        print(f"  {name:13} {rate:8.0f} rounds/s  {rate / yardstick:5.2f}x hand-written")
    print(f"  compile once: {compile_seconds * 1000:.0f} ms; handed to the engine: "
          f"{compiled.handovers} matches")


if __name__ == "__main__":
    main()
