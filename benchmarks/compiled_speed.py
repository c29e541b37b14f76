"""Rounds per second of the compiled match against the engine and the hand-written engine.

Not a test: run `python benchmarks/compiled_speed.py [MATCHES] [REPETITIONS] [PROCESS_MATCHES]`
from the repository root. Minsk, 4 players, random play. Each repetition runs (a) the engine
(play_for_statistics), (b) the compiled match (interpreter/compiled) and (c) the hand-written
engine of benchmarks/fixed_minsk.py one after the other on the same number of matches; the
figures are the medians of the repetitions, each as a ratio to (c) measured in the same run.
CPU time, so that other work on a shared machine counts less. Then the same three as whole
processes (start, imports, loading and compiling the variant included), PROCESS_MATCHES
matches each, and beside them the command a user runs, `kozel simulate minsk --players 4
--workers 1 --format json` (the compiled match, its default) and the same with `--engine
reference`, all interleaved: the CPU time of each child process (PROCESS_MATCHES 0: none).

`python benchmarks/compiled_speed.py --move-score [MATCHES] [REPETITIONS]`: the variants that
score at moves (`move score`: All Fives and Fives and Threes of tests/compiled/move_score.kozel,
at 2 and 4 players, random play), the engine and the compiled match interleaved on the same
seeds, medians of the repetitions' CPU-time rates.
"""

from __future__ import annotations

import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import fixed_minsk  # noqa: E402

SIMULATE = {"simulate": [], "simulate --engine reference": ["--engine", "reference"]}
MOVE_SCORE = Path(__file__).resolve().parent.parent / "tests" / "compiled" / "move_score.kozel"
MOVE_SCORE_SETTINGS = (("allfives", 2), ("allfives", 4), ("fives-and-threes", 2),
                       ("fives-and-threes", 4))

if TYPE_CHECKING:
    from interpreter.engine import Setup
    from interpreter.engine.playing import MatchPlay

# kozel is imported where it is used: the hand-written process must not pay for its imports.


def _seeds(matches: int, repetition: int) -> list[int]:
    rng = random.Random(repetition)
    return [rng.getrandbits(64) for _ in range(matches)]


def _minsk() -> "Setup":
    from interpreter.engine import prepare
    from kozel.loading import load_variant_arg
    return prepare(load_variant_arg("minsk"), 4)


def _engine(setup: "Setup") -> Callable[[int], "MatchPlay"]:
    from interpreter.engine.playing import play_for_statistics
    return lambda seed: play_for_statistics(setup, "random", seed)


def _rate(play: Callable[[int], "MatchPlay"], seeds: list[int]) -> float:
    start = time.process_time()
    rounds = sum(len(play(seed).rounds) for seed in seeds)
    return rounds / (time.process_time() - start)


def _fixed_rate(seeds: list[int]) -> float:
    start = time.process_time()
    rounds = sum(fixed_minsk.play_match(random.Random(seed)) for seed in seeds)
    return rounds / (time.process_time() - start)


def _child(kind: str, matches: int) -> None:
    """One whole process: play `matches` matches one way and print the rounds played."""
    seeds = _seeds(matches, 0)
    if kind == "hand-written":
        print(sum(fixed_minsk.play_match(random.Random(seed)) for seed in seeds))
        return
    from interpreter.compiled import compile_match
    setup = _minsk()
    compiled = compile_match(setup, "random") if kind == "compiled" else None
    play = compiled.play if compiled else _engine(setup)
    print(sum(len(play(seed).rounds) for seed in seeds))


def _process_rate(kind: str, matches: int) -> float:
    """Rounds per CPU second of a child process that plays `matches` matches."""
    if kind in SIMULATE:  # the whole command, its rounds read from its JSON
        command = [sys.executable, "-m", "kozel.cli", "simulate", "minsk", "--players",
                   "4", "--matches", str(matches), "--workers", "1", "--format", "json",
                   *SIMULATE[kind]]
    else:
        command = [sys.executable, __file__, "--child", kind, str(matches)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parent.parent)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    rounds = json.loads(done.stdout)["rounds"] if kind in SIMULATE else int(done.stdout)
    return int(rounds) / seconds


def _print_medians(rates: dict[str, list[float]]) -> None:
    medians = {name: statistics.median(values) for name, values in rates.items()}
    for name, rate in medians.items():
        print(f"  {name:27} {rate:8.0f} rounds/s  {rate / medians['hand-written']:5.2f}x "
              "hand-written")


def move_score_main(matches: int = 200, repetitions: int = 3) -> None:
    """Engine against compiled match for the variants that score at moves, interleaved."""
    from interpreter.compiled import compile_match
    from interpreter.engine import prepare
    from interpreter.language.resolve import parse_variant_file
    variants = {v.name: v for v in parse_variant_file(MOVE_SCORE)}
    print(f"move score, random play: {matches} matches x {repetitions} repetitions, "
          f"interleaved; medians of CPU-time rates; load average {os.getloadavg()[0]:.2f}")
    for name, players in MOVE_SCORE_SETTINGS:
        setup = prepare(variants[name], players)
        compiled = compile_match(setup, "random")
        assert compiled is not None, f"{name} must compile"
        rates: dict[str, list[float]] = {"engine": [], "compiled": []}
        for repetition in range(repetitions):
            seeds = _seeds(matches, repetition)
            rates["engine"].append(_rate(_engine(setup), seeds))
            rates["compiled"].append(_rate(compiled.play, seeds))
        engine, fast = (statistics.median(rates[k]) for k in ("engine", "compiled"))
        print(f"  {name:17} {players}p  engine {engine:7.0f} rounds/s  compiled {fast:7.0f} "
              f"rounds/s  {fast / engine:5.2f}x  (handed to the engine: {compiled.handovers})")


def main() -> None:
    """Interleave the three, several repetitions; print medians and ratios."""
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2], int(sys.argv[3]))
        return
    if sys.argv[1:2] == ["--move-score"]:
        move_score_main(*(int(a) for a in sys.argv[2:4]))
        return
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    repetitions = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    process_matches = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    from interpreter.compiled import compile_match
    setup = _minsk()
    start = time.process_time()
    compiled = compile_match(setup, "random")
    compile_seconds = time.process_time() - start
    assert compiled is not None, "minsk with random play must compile"
    rates: dict[str, list[float]] = {"engine": [], "compiled": [], "hand-written": []}
    for repetition in range(repetitions):
        seeds = _seeds(matches, repetition)
        rates["engine"].append(_rate(_engine(setup), seeds))
        rates["compiled"].append(_rate(compiled.play, seeds))
        rates["hand-written"].append(_fixed_rate(seeds))
    print(f"minsk, 4 players, random play: {matches} matches x {repetitions} repetitions, "
          f"interleaved; medians of CPU-time rates")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    _print_medians(rates)
    print(f"  compile once: {compile_seconds * 1000:.0f} ms; handed to the engine: "
          f"{compiled.handovers} matches")
    if not process_matches:
        return
    processes: dict[str, list[float]] = {name: [] for name in [*rates, *SIMULATE]}
    for _ in range(repetitions):
        for name in processes:
            processes[name].append(_process_rate(name, process_matches))
    print(f"whole processes, {process_matches} matches each, {repetitions} repetitions "
          f"interleaved (load average {os.getloadavg()[0]:.2f}):")
    _print_medians(processes)


if __name__ == "__main__":
    main()
