"""Z3 settings for the checker, compared on the checker's own questions: not a test.

    .venv/bin/python benchmarks/solver_settings.py [--repeat 3] [PATH ...]

Asks every condition of every variant under PATH (default spec/variants) once, as `kozel check`
does, and writes down each question put to a situation's shared solver (the situation's facts
so far, the formula, its budget). Then it asks those questions again, in the same order,
in a fresh solver per situation under each setting below, interleaved over `--repeat` rounds,
and prints the median seconds of each setting as a ratio to Z3's default, and whether every
answer (sat / unsat / unknown) is the same as under the default, question by question.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import z3

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from checks.questions.solver import check_conditions  # noqa: E402
from checks.z3_encode import session as S  # noqa: E402
from checks.z3_encode import terms as z3t  # noqa: E402
from interpreter.language.resolve import load_paths  # noqa: E402

SETTINGS: dict[str, dict[str, Any]] = {
    "default": {},
    "arith.solver=2": {"smt.arith.solver": 2},
    "arith.solver=2, relevancy=0": {"smt.arith.solver": 2, "smt.relevancy": 0},
    "relevancy=0": {"smt.relevancy": 0},
}
Asked = dict[Any, list[tuple[int, Any, int]]]


def record_questions(paths: list[Path]) -> Asked:
    """Run the conditions of every variant; return each situation's questions in order."""
    asked: Asked = {}
    shared_check = S.Prepared._shared_check

    def recording(self: Any, formula: Any, budget: Any) -> Any:
        facts = len(self.sit.table.all_facts())
        asked.setdefault(self, []).append((facts, formula, budget))
        return shared_check(self, formula, budget)

    S.Prepared._shared_check = recording  # type: ignore[method-assign]
    library, _ = load_paths(paths)
    for name in list(library.decls):
        check_conditions(library.resolve(name))
    S.Prepared._shared_check = shared_check  # type: ignore[method-assign]
    return asked


def replay(asked: Asked, params: dict[str, Any]) -> tuple[float, list[str]]:
    """Ask the questions again under the parameters; return the seconds and the answers."""
    answers: list[str] = []
    start = time.perf_counter()
    for prepared, questions in asked.items():
        facts = prepared.sit.table.all_facts()
        solver = z3.Solver()
        for name, value in params.items():
            solver.set(name, value)
        asserted = 0
        for count, formula, budget in questions:
            z3t.add_facts(solver, facts[asserted:count])
            asserted = count
            budget.apply(solver)
            solver.push()
            solver.add(formula)
            answers.append(str(solver.check()))
            solver.pop()
    return time.perf_counter() - start, answers


def main() -> None:
    """Record the questions, replay them under every setting, print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paths", nargs="*", type=Path, default=[ROOT / "spec" / "variants"])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    asked = record_questions(args.paths)
    seconds: dict[str, list[float]] = {name: [] for name in SETTINGS}
    answers: dict[str, list[str]] = {}
    for _ in range(args.repeat):
        for name, params in SETTINGS.items():
            spent, answers[name] = replay(asked, params)
            seconds[name].append(spent)
    base = statistics.median(seconds["default"])
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"{platform.python_version()}, z3 {z3.get_version_string()}; "
          f"load average now {os.getloadavg()[0]:.2f}")
    print(f"{sum(len(q) for q in asked.values())} questions, {args.repeat} rounds, medians")
    for name, runs in seconds.items():
        same = answers[name] == answers["default"]
        print(f"{name:30} {statistics.median(runs):6.2f} s  {statistics.median(runs) / base:5.2f}"
              f"x default  answers {'the same' if same else 'DIFFER'}")


if __name__ == "__main__":
    main()
