"""The benchmark suite: every figure of issue 10 in one run, written to benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/run_all.py [--quick] [--repeat 3]

Every figure is the wall time of a whole command, as a user runs it, measured side by side
with its yardstick (runs interleaved, the median of --repeat repetitions), on this machine
(its cores, CPU model and load are written beside the figures, before and after):

- `kozel simulate` rounds per second for each seed variant and player count (one worker), as
  it plays by default (the compiled variant where the compiler covers it) and with
  `--engine reference` (the engine alone);
- the hand-written engine (benchmarks/fixed_minsk.py, minsk for 4) in the same run, and
  `kozel simulate minsk --players 4` as a ratio of it (target >= 1.0);
- `--workers 2` against `--workers 1` on the same matches (target >= 1.6 on 2 cores);
- the checker's time per variant (`kozel check FILE --playouts 0 --jobs 1`);
- the docs build (`mkdocs build --strict`).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from interpreter.language.resolve import load_paths  # noqa: E402
from kozel.publish.statistics import simulate_command  # noqa: E402

PYTHON = sys.executable
FIXED = ("import random, sys; sys.path.insert(0, 'benchmarks'); import fixed_minsk; "
         "rng = random.Random(0); print(sum(fixed_minsk.play_match(rng) for _ in range({n})))")


def timed(command: list[str]) -> tuple[float, str]:
    """Run a command from the checkout; return (wall seconds, its stdout)."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):  # `check` exits 1 when it has findings
        raise SystemExit(f"{shlex.join(command)} failed:\n{done.stderr}")
    return seconds, done.stdout


def kozel(args: list[str]) -> list[str]:
    """The `kozel` command as this checkout runs it."""
    return [PYTHON, "-m", "kozel.cli", *args]


def simulate_rate(args: list[str], stopped: list[float] | None = None) -> float:
    """Rounds per second of a whole `kozel simulate ... --format json` process (the share of
    its matches that stopped at a rule goes to `stopped`, when given)."""
    seconds, out = timed(kozel(args))
    report = json.loads(out)
    if stopped is not None:
        stopped.append(report.get("stopped", 0) / max(1, report["matches"]))
    return float(report["rounds"]) / seconds


def fixed_rate(matches: int) -> float:
    """Rounds per second of a whole process running the hand-written minsk engine."""
    seconds, out = timed([PYTHON, "-c", FIXED.format(n=matches)])
    return int(out) / seconds


def interleaved(repeat: int, *measures: Callable[[], float]) -> list[float]:
    """Run the measures in turn, `repeat` times; return the median of each."""
    results: list[list[float]] = [[] for _ in measures]
    for _ in range(repeat):
        for index, measure in enumerate(measures):
            results[index].append(measure())
    return [statistics.median(r) for r in results]


def machine() -> list[str]:
    """What the figures were measured on."""
    model = next((line.split(":", 1)[1].strip() for line in
                  Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor() or "unknown")
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    return [f"- cores (nproc): {os.cpu_count()}; CPU: {model}; {platform.machine()}",
            f"- Python {platform.python_version()} on {platform.system()}",
            f"- load average (1 / 5 / 15 min) at the start: {load}"]


def busy_note(load: float) -> str:
    """Say so when other work shared the cores: every ratio then understates, scaling most."""
    cores = os.cpu_count() or 1
    if load <= cores:
        return ""
    return (f"**The machine was busy** (load {load:.1f} on {cores} cores, other work beside "
            "these runs): every figure understates, and the --workers ratio most of all, since "
            "a second worker finds no idle core. Measure again on an idle machine.")


def variant_setups() -> list[tuple[str, int, dict[str, object]]]:
    """Each seed variant with each player count it allows (options: defaults, else first)."""
    library, names = load_paths([ROOT / "spec" / "variants"])
    setups = []
    for name in names:
        variant = library.resolve(name)
        options = {o.name: o.default if o.default is not None else o.values[0]
                   for o in variant.options}
        setups += [(name, players, options) for players in variant.players]
    return setups


def simulate_table(matches: int, repeat: int) -> list[str]:
    """Rounds per second per variant and player count, each beside the hand-written engine."""
    rows = ["| variant | players | rounds/s (kozel simulate, 1 worker) | hand-written minsk "
            "rounds/s (same run) | ratio | rounds/s with `--engine reference` | ratio "
            "| matches stopped at a rule |", "|---|---|---|---|---|---|---|---|"]
    for name, players, options in variant_setups():
        args = simulate_command(name, players, options, matches)[1:] + ["--workers", "1"]
        stopped: list[float] = []
        ours, fixed, engine = interleaved(
            repeat, lambda: simulate_rate(args, stopped), lambda: fixed_rate(matches),
            lambda: simulate_rate(args + ["--engine", "reference"]))
        rows.append(f"| {name} | {players} | {ours:.0f} | {fixed:.0f} | {ours / fixed:.2f} "
                    f"| {engine:.0f} | {engine / fixed:.2f} | {max(stopped):.0%} |")
    return rows + ["", "A match that stops at a rule the variant leaves without an answer (a "
                   "gap, an unspecified case) is handed from the compiled match to the engine, "
                   "which plays it again to say where it stopped; where most matches stop, "
                   "both columns are the engine's speed on short matches."]


def start_line(repeat: int) -> str:
    """What a whole process costs before its first match: a one-match run."""
    args = ["simulate", "minsk", "--players", "4", "--matches", "1", "--workers", "1"]
    (seconds,) = interleaved(repeat, lambda: timed(kozel(args))[0])
    return (f"Every rate above includes the start of the process: `kozel {shlex.join(args)}` "
            f"takes {seconds:.2f} s here.")


def workers_table(matches: int, repeat: int) -> list[str]:
    """`--workers 2` against `--workers 1` on the same matches."""
    base = ["simulate", "minsk", "--players", "4", "--matches", str(matches), "--format", "json"]
    one, two = interleaved(repeat, lambda: simulate_rate(base + ["--workers", "1"]),
                           lambda: simulate_rate(base + ["--workers", "2"]))
    return ["| command | rounds/s |", "|---|---|",
            f"| `kozel {shlex.join(base)} --workers 1` | {one:.0f} |",
            f"| `kozel {shlex.join(base)} --workers 2` | {two:.0f} |",
            f"| ratio (target >= 1.6 on 2 cores) | {two / one:.2f} |"]


def check_table(repeat: int) -> list[str]:
    """The checker's wall time per variant, without playouts, one process."""
    rows = ["| variant | seconds (`kozel check FILE --playouts 0 --jobs 1`) |", "|---|---|"]
    for file in sorted((ROOT / "spec" / "variants").glob("*.kozel")):
        args = ["check", f"spec/variants/{file.name}", "--playouts", "0", "--jobs", "1"]
        (seconds,) = interleaved(repeat, lambda: timed(kozel(args))[0])
        rows.append(f"| {file.stem} | {seconds:.1f} |")
    return rows


def docs_table() -> list[str]:
    """One docs build (it takes a minute; its spread is small beside that)."""
    with tempfile.TemporaryDirectory() as out:
        seconds, _ = timed([PYTHON, "-m", "mkdocs", "build", "--strict", "-q", "-d", out])
    return ["| command | seconds |", "|---|---|",
            f"| `mkdocs build --strict` | {seconds:.1f} |"]


# RESULTS.md from this line on is written by other benchmarks (by hand): a run keeps it
KEPT = "<!-- measured by other benchmarks: kept by run_all.py -->"


def main() -> None:
    """Measure everything; write RESULTS.md (keeping its part from KEPT on)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (a few minutes)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    matches, scaling = (500, 4000) if args.quick else (2000, 20000)
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    sections = [
        "# Benchmark results", "",
        f"Made by `.venv/bin/python benchmarks/run_all.py{' --quick' if args.quick else ''} "
        f"--repeat {args.repeat}` on {started}. Whole processes, wall time, runs interleaved "
        f"with their yardstick, medians of {args.repeat}. The machine:", "", *machine(), "",
        busy_note(os.getloadavg()[0]), "",
        f"## kozel simulate, {matches} matches", "", *simulate_table(matches, args.repeat), "",
        start_line(args.repeat), "",
        f"## --workers scaling, {scaling} matches", "", *workers_table(scaling, args.repeat), "",
        "## The checker per variant", "", *check_table(args.repeat), "",
        "## The docs build", "", *docs_table(), "",
        "- load average at the end: " + " / ".join(f"{x:.2f}" for x in os.getloadavg()), ""]
    results = ROOT / "benchmarks" / "RESULTS.md"
    kept = results.read_text(encoding="utf-8").partition(KEPT)[1:] if results.exists() else ()
    results.write_text("\n".join(sections) + "".join(kept), encoding="utf-8")
    print("\n".join(sections))


if __name__ == "__main__":
    main()
