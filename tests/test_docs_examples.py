"""Every ```kozel example of the documentation is a rule text the parser reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.parser import parse_text

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
FENCE = re.compile(r"^```kozel\n(.*?)^```", re.S | re.M)
EXAMPLES = [(page, n, text) for page in PAGES
            for n, text in enumerate(FENCE.findall(page.read_text(encoding="utf-8")))]


def test_the_docs_have_kozel_examples() -> None:
    assert any(page.name == "language.md" for page, _, _ in EXAMPLES)


@pytest.mark.parametrize("page, number, text", EXAMPLES,
                         ids=[f"{p.name}-{n}" for p, n, _ in EXAMPLES])
def test_a_docs_example_parses(page: Path, number: int, text: str) -> None:
    assert parse_text(text, f"{page.name}#{number}").variants
