"""The solver's answer to every condition, in one file, to compare two checkouts: not a test.

    .venv/bin/python benchmarks/checker_answers.py --tree ../main > before.json
    .venv/bin/python benchmarks/checker_answers.py > after.json
    cmp before.json after.json

Writes, for every variant in PATH... (default spec/variants) and every condition, the verdict
(proved, refuted, unknown, vacuous) and the solver's answer with its candidate witness, from the
code of `--tree` (default: this checkout). No witness games are played, so nothing here depends
on the clock: the solver's budget is counted in steps (`--effort`, millions; default here 200),
so two checkouts that build the same Z3 terms in the same order give the same file byte for
byte. A checkout from before the counted budget (checks/questions/budget.py) is run with a time
limit of 60 s a condition instead. The CPU seconds go to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def answers(paths: list[Path], effort: int) -> list[list[Any]]:
    """Return one row per condition's result: variant, question, slot, verdict and answer."""
    from checks.questions.solver import check_conditions
    from interpreter.language.resolve import load_paths
    try:
        from checks.questions.budget import Budget
        limit: dict[str, Any] = {"budget": Budget.of(effort)}
    except ImportError:  # an older checkout: a generous time limit
        limit = {"timeout_ms": 60000}
    library, names = load_paths(paths)
    rows: list[list[Any]] = []
    for name in names:
        for r in check_conditions(library.resolve(name), **limit):
            a = r.answer
            rows.append([name, r.condition.query, r.condition.slot, r.condition.case, r.status,
                         a.status, a.kind, a.text, a.file, a.line, a.column, a.reason,
                         a.witness, list(r.because), r.scope])
    return rows


def main() -> None:
    """Print the answers as JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paths", nargs="*", default=["spec/variants"])
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose code runs")
    parser.add_argument("--effort", type=int, default=200,
                        help="millions of solver steps per condition")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))
    start = time.process_time()
    rows = answers([Path(p) for p in args.paths], args.effort)
    json.dump(rows, sys.stdout, ensure_ascii=False, default=str, indent=0)
    print(f"{len(rows)} answers, {time.process_time() - start:.2f} CPU seconds",
          file=sys.stderr)


if __name__ == "__main__":
    main()
