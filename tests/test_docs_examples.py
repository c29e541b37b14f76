"""Every rule-file example of docs/language.md (a ```kozel block) parses, and every complete
one resolves to a variant: the docs show only what the language takes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.parser import parse_text
from interpreter.resolve import Library, load_paths

ROOT = Path(__file__).resolve().parents[1]
LANGUAGE = ROOT / "docs" / "language.md"
BLOCK = re.compile(r"^```kozel\n(.*?)^```", re.S | re.M)
PARTIAL = "-- ..."  # an example that shows only part of a variant says so


def _examples() -> list[str]:
    return BLOCK.findall(LANGUAGE.read_text(encoding="utf-8"))


def test_the_language_reference_has_examples() -> None:
    assert len(_examples()) >= 2


@pytest.mark.parametrize("text", _examples(), ids=lambda t: t.split("{")[0].strip()[:40])
def test_every_example_parses_and_every_complete_one_resolves(text: str) -> None:
    rule_file = parse_text(text, "example.kozel")
    assert rule_file.variants
    if PARTIAL in text:
        return
    library, _ = load_paths([ROOT / "spec" / "variants"], Library())
    for decl in library.add_text(text, "example.kozel"):
        assert library.resolve(decl.name).name == decl.name
