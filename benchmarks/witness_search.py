"""The witness-game search, this tree against another checkout, side by side: not a test.

    .venv/bin/python benchmarks/witness_search.py --before ../main [--repeat 3]
                                                  [--pairs 0-1,0-2,2-3]

Each run is a child process (`--child`, from the tree it times, that tree first on the path,
KOZEL_CACHE_DIR empty so nothing is cached) that loads spec/variants and runs the family
check's `compare_pair` (checks/compare/family.py: the diff, its Z3 questions and its witness-game
searches, which take most of the time) for each pair of variants given by their load order
(0 gambler-1v1, 1 kozel-classic, 2 minsk, 3 pairs; `all` for the six). The two trees run
interleaved, `--repeat` times each; the time is the child's CPU time (resource.getrusage of
the children, user + system: the machine is shared, and wall time is not a measure of the code),
and the figure is the median per tree and the ratio (this tree / before).

Each child also prints a digest of what it computed: every comparison as JSON, each message in
English and in Russian. The two trees must print the same digest (same witness games, same
messages): a run whose digests differ says so and exits 1.

Latest figures (2-core x86_64, Python 3.11.7, a machine shared with other work, load average
5.7-13; `--pairs all --repeat 3`, `--before` main at 48f3641, this tree at f2e308d): median
CPU seconds 44.10 -> 33.57 (ratio 0.76), the same comparisons in both. Each child's time
includes what neither tree changed: starting Python, building the grammar and parsing the
rule files (about 2.5 s), and the solver's questions. One pair alone (`--pairs 1-3`, the
longest: kozel-classic and pairs, 16,000 matches) gave 28.49 -> 23.22 (0.81) at 2aca27e, before
the shuffle and the stop's rule were made cheaper. Under a load like this one the same child's
CPU time varies by a quarter from run to run: compare medians of interleaved runs only.
What this work made cheaper is mostly the rule stops of a search (their situation said for
people, each text rendered again at every level it was nested in) and the slots compiled
again for every setting: `kozel check spec/variants --jobs 1 --no-compare --format json`,
whose searches seldom stop, gave 34.86 -> 34.34 CPU seconds (0.99, two runs each, the same
report), its time spent in the engine's own turns and in Z3.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ALL_PAIRS = "0-1,0-2,0-3,1-2,1-3,2-3"


def _with_russian(value: Any) -> Any:
    """The comparison as JSON data, each text said in English and, where it can be, Russian."""
    if isinstance(value, dict):
        return {str(k): _with_russian(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_with_russian(v) for v in value]
    in_lang = getattr(value, "in_lang", None)
    if isinstance(value, str) and in_lang is not None:
        return [str(value), in_lang("en"), in_lang("ru")]
    return value


def child(pairs: str) -> None:
    """Compare the pairs with this process's tree; print the digest of the comparisons."""
    from importlib import import_module

    from interpreter.language.resolve import load_paths
    from layouts import module_in

    compare_pair = import_module(module_in(Path.cwd(), "checks.compare.family")).compare_pair
    budget = import_module(module_in(Path.cwd(), "checks.questions.budget"))
    Budget, GameBudget = budget.Budget, budget.GameBudget

    library, names = load_paths([Path("spec/variants")])
    variants = [library.resolve(name) for name in names]
    digest = hashlib.sha256()
    for pair in pairs.split(","):
        a, b = (variants[int(n)] for n in pair.split("-"))
        data = compare_pair(a, b, Budget(), GameBudget())
        digest.update(json.dumps(_with_russian(data), ensure_ascii=False, sort_keys=True,
                                 default=repr).encode("utf-8"))
    print(digest.hexdigest())


def _cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(tree: Path, pairs: str) -> tuple[float, str]:
    """One child from `tree`; return its CPU seconds and its digest."""
    env = {**os.environ, "PYTHONPATH": str(tree), "KOZEL_CACHE_DIR": ""}
    start = _cpu_of_children()
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", pairs],
                          cwd=tree, env=env, capture_output=True, text=True, check=True)
    return _cpu_of_children() - start, done.stdout.strip()


def main() -> int:
    """Time both trees, interleaved; print the medians, the ratio and whether they agree."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="the other checkout (required)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pairs", default="0-1,0-2,2-3", help=f"e.g. {ALL_PAIRS} or all")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    if args.before is None:
        parser.error("--before is required")
    pairs = ALL_PAIRS if args.pairs == "all" else args.pairs
    trees = {"before": args.before.resolve(), "after": ROOT}
    times: dict[str, list[float]] = {name: [] for name in trees}
    digests: dict[str, set[str]] = {name: set() for name in trees}
    for repetition in range(args.repeat):
        for name, tree in (trees.items() if repetition % 2 == 0 else
                           reversed(list(trees.items()))):
            seconds, digest = run(tree, pairs)
            times[name].append(seconds)
            digests[name].add(digest)
            print(f"{name:6} {seconds:7.2f} s  {digest[:16]}", flush=True)
    before, after = (statistics.median(times[n]) for n in ("before", "after"))
    print(f"pairs {pairs}; {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load {os.getloadavg()[0]:.1f}")
    print(f"median CPU seconds: before {before:.2f}, after {after:.2f}, ratio "
          f"{after / before:.2f}")
    same = len(digests["before"] | digests["after"]) == 1
    print("same comparisons: " + ("yes" if same else f"NO {digests}"))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
