"""Compare two built sites page by page, by each page's article: not a test.

    mkdocs build -d /tmp/before   (in the other checkout)
    mkdocs build -d /tmp/after
    python benchmarks/site_articles.py /tmp/before /tmp/after

The theme's navigation changes on every page when a page is added, so only the article (the
page's own content) is compared. Lists the pages whose article differs, the pages only one
site has, and the other files (search indexes, images) that differ; exits 1 when anything
differs. Rulebook pages carry witness games, which today may differ between two builds of the
same code (the game searches are bounded by time): build the "before" site twice to see which.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)


def article(page: Path) -> str:
    """The article of a built page (the whole file where the theme has none)."""
    text = page.read_text(encoding="utf-8", errors="replace")
    found = ARTICLE.search(text)
    return found.group(1) if found else text


def compare(before: Path, after: Path) -> list[str]:
    """One line per difference between the two sites."""
    lines = []
    old = {p.relative_to(before) for p in before.rglob("*") if p.is_file()}
    new = {p.relative_to(after) for p in after.rglob("*") if p.is_file()}
    for name in sorted(old - new):
        lines.append(f"only before: {name}")
    for name in sorted(new - old):
        lines.append(f"only after: {name}")
    for name in sorted(old & new):
        a, b = before / name, after / name
        if name.suffix == ".html":
            if article(a) != article(b):
                lines.append(f"article differs: {name}")
        elif a.read_bytes() != b.read_bytes():
            lines.append(f"file differs: {name}")
    return lines


def main(argv: list[str]) -> int:
    """Print the differences; 0 when there are none."""
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    lines = compare(Path(argv[0]), Path(argv[1]))
    print("\n".join(lines) or "the two sites' articles and files are the same")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
