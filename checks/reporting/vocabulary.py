"""One word per concept: the checker's verdicts in English and Russian (the catalogue's
"verdict." entries), and the Term every kind of finding is too (checks/reporting/kinds.py holds the
kinds, each with its words).

The English word of a kind IS its JSON `kind` value and the word `kozel check` prints; the site's
badges, counts and glossary, and the README, use the same words (kozel/publish/glossary.py lists
them).
"""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.language import catalogue
from interpreter.language.catalogue import LANGS


@dataclass(frozen=True)
class Term:
    """A concept with its word and one-line meaning in each language."""

    key: str  # the JSON value (a finding's `kind`) or a verdict's name
    words: dict[str, str]
    meanings: dict[str, str]

    def word(self, lang: str) -> str:
        """Return the word for this concept in a language."""
        return self.words[lang]


def catalogued(key: str, prefix: str) -> Term:
    """A concept whose word and meaning are the catalogue's `<prefix>.<key>` and
    `<prefix>.<key>.meaning` (interpreter/language/words/*.json), in each language."""
    return Term(key, {lang: catalogue.text(f"{prefix}.{key}", lang) for lang in LANGS},
                {lang: catalogue.text(f"{prefix}.{key}.meaning", lang) for lang in LANGS})


VERDICT_TERMS: tuple[Term, ...] = tuple(
    catalogued(key, "verdict")
    for key in ("proved", "refuted", "unknown", "vacuous", "not-checked"))
VERDICTS = {t.key: t for t in VERDICT_TERMS}
