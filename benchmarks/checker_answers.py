"""The solver's answer to every condition, in one file, to compare two checkouts: not a test.

    .venv/bin/python benchmarks/checker_answers.py --tree ../main > before.json
    .venv/bin/python benchmarks/checker_answers.py > after.json
    cmp before.json after.json

Writes, for every variant in PATH... (default spec/variants) and every condition, the verdict
(proved, refuted, unknown, vacuous) and the solver's answer with its candidate witness, from the
code of `--tree` (default: this checkout). No witness games are played, so nothing here depends
on the clock but the solver's own time limit: with a generous `--timeout` (the default here,
60 s a condition) two checkouts that build the same Z3 terms in the same order give the same
file byte for byte. The CPU seconds go to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def answers(paths: list[Path], timeout_ms: int) -> list[list[Any]]:
    """Return one row per condition's result: variant, question, slot, verdict and answer."""
    from checks.solver import check_conditions
    from interpreter.language.resolve import load_paths
    library, names = load_paths(paths)
    rows: list[list[Any]] = []
    for name in names:
        for r in check_conditions(library.resolve(name), timeout_ms=timeout_ms):
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
    parser.add_argument("--timeout", type=int, default=60000, help="ms per condition")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))
    start = time.process_time()
    rows = answers([Path(p) for p in args.paths], args.timeout)
    json.dump(rows, sys.stdout, ensure_ascii=False, default=str, indent=0)
    print(f"{len(rows)} answers, {time.process_time() - start:.2f} CPU seconds",
          file=sys.stderr)


if __name__ == "__main__":
    main()
