"""The checker's own time, this tree against another checkout, side by side: not a test.

    .venv/bin/python benchmarks/checker_speed.py --before ../main [--repeat 5] [--timeout MS]
                                                 [PATH ...]

Runs `kozel check PATH... --playouts 0 --jobs 1 --format json` in a child process for each
tree (this one, and `--before`: another checkout with its own .venv, e.g. main), interleaved
with a yardstick (a fixed z3 workload that neither tree's code touches), and prints medians of
CPU seconds. The child times itself: its whole CPU time, the part inside the Z3 conditions
(checks.running.run.check_conditions) and the part inside the engine's witness games (every game
search starts in checks.reporting.report.realise, checks.reporting.report.assumption_games or
checks.questions.defaults._game); the checker's own time is the whole minus the games. Each round
also compares the two JSON reports (timings aside) and names the findings that differ: with a
generous `--timeout` the solver's answers must be identical; under the default limit a loaded
machine may let a query time out in one run and not in the other, and a witness game search that
runs out of its seconds (5 s, 10 s
for a whole match) may find its game in one run and not in the other. (`--jobs 1` matters: with
several workers, which variants share a worker process, and so Z3's numbering of terms, depends
on timing.)

Latest figures (2-core x86_64 AMD EPYC, Python 3.11.7, z3 5.4.1, load average 0.9, 5 rounds,
medians of CPU seconds, spec/variants, `--before` main at ff12b82): the checker's own time
2.94 s -> 2.61 s (0.89), the Z3 conditions 2.29 s -> 2.05 s (0.90), the witness games
3.65 s -> 2.76 s, the whole 6.60 s -> 5.38 s (0.82). An earlier round of this work (term
builders, `--before` fed5a31, load 3-8) gave own time 3.69 s -> 3.08 s (0.84). What is left
of the conditions is mostly Z3's own search (about 1.5 s of the 2.05 s: check, push, pop,
model reading; sampled with py-spy, which does not distort the way cProfile does); the
settings it runs under are compared on the same questions by benchmarks/solver_settings.py.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAME_ENTRIES = (("checks.reporting.report", "realise"),
                ("checks.reporting.report", "assumption_games"),
                ("checks.questions.defaults", "_game"), ("checks.compare.diff_games", "_search"))


def _timed(spent: dict[str, float], phase: str, function: Any) -> Any:
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[phase] += time.process_time() - start
    return timed


def child(tree: Path, arguments: list[str]) -> None:
    """Run `kozel ARGUMENTS` from `tree` in this process; print the report to stdout and the
    CPU seconds of each phase as the last line of stderr."""
    import importlib
    sys.path.insert(0, str(tree))
    spent = {"conditions": 0.0, "games": 0.0}
    from layouts import cli_module, module_in

    run = importlib.import_module(module_in(tree, "checks.running.run"))
    run.check_conditions = _timed(spent, "conditions", run.check_conditions)  # type: ignore
    for module_name, name in GAME_ENTRIES:
        module = importlib.import_module(module_in(tree, module_name))
        setattr(module, name, _timed(spent, "games", getattr(module, name)))
    main = importlib.import_module(cli_module(tree)).main
    try:
        main(["check", *arguments])
    except SystemExit:
        pass
    spent["total"] = time.process_time()
    print("PHASES " + json.dumps(spent), file=sys.stderr)


def yardstick() -> None:
    """A fixed workload of the same kind (z3 terms built from Python, then solved)."""
    import z3
    start = time.process_time()
    cells = [[z3.Bool(f"p{i}_{j}") for j in range(7)] for i in range(8)]
    solver = z3.Solver()
    for row in cells:
        solver.add(z3.PbEq([(b, 1) for b in row], 1))
    for j in range(7):
        solver.add(z3.Sum([z3.If(cells[i][j], 1, 0) for i in range(8)]) <= 1)  # 8 into 7
    for _ in range(500):
        z3.And(*[z3.Or(*row) for row in cells])
    solver.check()
    print("PHASES " + json.dumps({"total": time.process_time() - start}), file=sys.stderr)


def _run(python: Path, arguments: list[str]) -> tuple[dict[str, float], str]:
    done = subprocess.run([str(python), __file__, *arguments], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    last = [line for line in done.stderr.splitlines() if line.startswith("PHASES ")]
    if not last:
        raise SystemExit(f"child failed: {done.stderr[-2000:]}")
    return json.loads(last[-1][len("PHASES "):]), done.stdout


def _without_timings(report: str) -> Any:
    data = json.loads(report)
    for variant in data.get("variants", []):
        variant.pop("seconds", None)
    return data


def _line(name: str, runs: list[float], stick: float) -> str:
    median = statistics.median(runs)
    return (f"{name:34} median {median:6.2f} s = {median / stick:5.2f} yardsticks; runs "
            + ", ".join(f"{r:.2f}" for r in runs))


def main() -> None:
    """Run the benchmark (or, with --child/--yardstick, one measured child)."""
    if sys.argv[1:2] == ["--child"]:
        return child(Path(sys.argv[2]), sys.argv[3:])
    if sys.argv[1:2] == ["--yardstick"]:
        return yardstick()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paths", nargs="*", default=["spec/variants"])
    parser.add_argument("--before", type=Path, required=True, help="the other checkout")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--timeout", type=int, default=None, help="ms per condition")
    args = parser.parse_args()
    check = [*args.paths, "--playouts", "0", "--jobs", "1", "--format", "json"]
    check += ["--timeout", str(args.timeout)] if args.timeout else []
    trees = {"after (this tree)": ROOT, "before": args.before.resolve()}
    runs: dict[str, dict[str, list[float]]] = {n: {} for n in trees}
    sticks, differing = [], 0
    for round_ in range(args.repeat):
        sticks.append(_run(ROOT / ".venv" / "bin" / "python", ["--yardstick"])[0]["total"])
        reports = []
        for name in (list(trees) if round_ % 2 else list(trees)[::-1]):
            tree = trees[name]
            phases, report = _run(tree / ".venv" / "bin" / "python",
                                  ["--child", str(tree), *check])
            phases["own"] = phases["total"] - phases["games"]
            for phase, seconds in phases.items():
                runs[name].setdefault(phase, []).append(seconds)
            reports.append(_without_timings(report))
        if reports[0] != reports[1]:
            differing += 1
            _show_difference(reports[0], reports[1])
    _print(args, runs, sticks, differing, check)


def _show_difference(one: Any, other: Any) -> None:
    """Name the findings that differ between two reports (a witness game search that ran
    out of its seconds on a loaded machine shows up here too)."""
    for mine, theirs in zip(one.get("variants", []), other.get("variants", [])):
        for i, (a, b) in enumerate(zip(mine["findings"], theirs["findings"])):
            if a != b:
                print(f"  differs: {mine['name']} finding {i} at line {a['line']}: "
                      f"{a['kind']} / {b['kind']}: {b['message'][:90]}")
        if len(mine["findings"]) != len(theirs["findings"]):
            print(f"  differs: {mine['name']}: {len(mine['findings'])} / "
                  f"{len(theirs['findings'])} findings")


def _print(args: Any, runs: dict[str, dict[str, list[float]]], sticks: list[float],
           differing: int, check: list[str]) -> None:
    stick = statistics.median(sticks)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.python_version()};"
          f" load average now {os.getloadavg()[0]:.2f}")
    print(f"command: kozel check {' '.join(check)}  (CPU seconds, {args.repeat} rounds)")
    print(f"{'yardstick':34} median {stick:6.2f} s; runs "
          + ", ".join(f"{s:.2f}" for s in sticks))
    for name, phases in runs.items():
        for phase in ("own", "conditions", "games", "total"):
            print(_line(f"{name}: {phase}", phases[phase], stick))
    after, before = runs["after (this tree)"], runs["before"]
    for phase in ("own", "conditions"):
        ratio = statistics.median(after[phase]) / statistics.median(before[phase])
        print(f"after / before, {phase}: {ratio:.2f}")
    print(f"reports identical (timings aside) in {args.repeat - differing} of {args.repeat} "
          "rounds")


if __name__ == "__main__":
    main()
