"""The fixed words of the generated pages (headings, labels, legends), in English and Russian."""

from __future__ import annotations

from interpreter.language import catalogue

# the catalogue's section "site", keys "ui.<key>" (interpreter/language/words/*.json)
UI: dict[str, dict[str, str]] = catalogue.by_language("ui.", "site")


def word(lang: str, key: str) -> str:
    """Return a fixed word of the pages in a language."""
    return UI[lang][key]
