"""Every example of docs/language.md is rule text the parser reads: a variant parses (its `...`
left out) and, when written whole, resolves; a few rule lines resolve inside a variant that
fills the other slots."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.parser import parse_text
from interpreter.resolve import load_variant
from test_engine_support import text_variant

DOC = Path(__file__).resolve().parents[1] / "docs" / "language.md"
BLOCKS = re.findall(r"^```\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.S | re.M)


def _without_ellipsis(block: str) -> str:
    return "\n".join(line for line in block.splitlines() if line.strip() != "...")


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_every_example_of_the_language_page_parses(index: int) -> None:
    block = _without_ellipsis(BLOCKS[index])
    if re.search(r"^\s*variant ", block, re.M):
        assert parse_text(block, "doc.kozel").variants
        if block == BLOCKS[index].rstrip("\n"):  # a whole variant: it resolves too
            assert load_variant(block, "doc.kozel").slots
    else:  # rule lines: they resolve (names, types) in a variant of their own
        assert text_variant(block.strip()).slots


def test_the_page_has_examples() -> None:
    assert len(BLOCKS) >= 2
