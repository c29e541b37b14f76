"""How resolving thousands of variants whose parents are unknown grows with their number.

    .venv/bin/python benchmarks/unknown_parents.py [--repeat 5]

A file of N `variant vI extends parentI { }` lines: every variant names a parent nobody
defines, and each resolution fails with "unknown variant" and a did-you-mean over the known
names. The work must grow linearly, not with N²: the ratio of the times for 4000 and 2000
variants (interleaved runs, the median of --repeat) stays near 2, where a quadratic search
gives about 4. (Moved here from the tests: a speed figure is a benchmark, never a test.)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from interpreter.language.errors import RuleFileError  # noqa: E402
from interpreter.language.resolve import Library  # noqa: E402


def seconds(count: int) -> float:
    """Seconds to add and resolve `count` variants with unknown parents."""
    text = "".join(f"variant v{i} extends parent{i} {{ }}\n" for i in range(count))
    library = Library()
    started = time.perf_counter()
    for decl in library.add_text(text, "many.kozel"):
        try:
            library.resolve(decl.name)
        except RuleFileError:
            pass
    return time.perf_counter() - started


def main() -> None:
    """Print the median times and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    small, large = [], []
    for _ in range(args.repeat):  # interleaved: the machine's load weighs on both alike
        small.append(seconds(2000))
        large.append(seconds(4000))
    a, b = statistics.median(small), statistics.median(large)
    print(f"2000 variants: {a:.2f} s; 4000 variants: {b:.2f} s; ratio {b / a:.2f} "
          f"(linear: about 2; quadratic: about 4)")


if __name__ == "__main__":
    main()
