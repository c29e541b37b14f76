"""Shared by the hostile-input tests: a rule text resolved beside the seed variant minsk."""

from __future__ import annotations

from pathlib import Path

from interpreter.language.resolve import Library

MINSK = Path(__file__).resolve().parents[1] / "spec" / "variants" / "minsk.kozel"


def resolve(text: str, name: str = "t") -> Library:
    """A library with minsk and the text; resolve the named variant (raises RuleFileError)."""
    library = Library()
    library.add_file(MINSK)
    library.add_text(text, "t.kozel")
    library.resolve(name)
    return library
