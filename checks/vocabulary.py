"""One word per concept: the checker's verdicts in English and Russian, and the Term every
kind of finding is too (checks/kinds.py holds the kinds, each with its words).

The English word of a kind IS its JSON `kind` value and the word `kozel check` prints; the site's
badges, counts and glossary, and the README, use the same words (docs/gen/glossary.py lists
them).
"""

from __future__ import annotations

from dataclasses import dataclass

LANGS = ("en", "ru")


@dataclass(frozen=True)
class Term:
    """A concept with its word and one-line meaning in each language."""

    key: str  # the JSON value (a finding's `kind`) or a verdict's name
    words: dict[str, str]
    meanings: dict[str, str]

    def word(self, lang: str) -> str:
        """Return the word for this concept in a language."""
        return self.words[lang]


def _term(key: str, ru: str, en_meaning: str, ru_meaning: str, en: str = "") -> Term:
    return Term(key, {"en": en or key, "ru": ru}, {"en": en_meaning, "ru": ru_meaning})


VERDICT_TERMS: tuple[Term, ...] = (
    _term("proved", "доказано", "conditions the solver proved for every situation",
          "условия, доказанные решателем для всех ситуаций"),
    _term("refuted", "опровергнуто", "conditions a game showed to fail",
          "условия, нарушение которых показала партия"),
    _term("unknown", "не решено", "conditions the solver could not decide in time",
          "условия, которые решатель не успел решить"),
    _term("vacuous", "пусто", "conditions that hold only because their situations never occur",
          "условия, выполненные лишь потому, что их ситуаций не бывает"),
    _term("not-checked", "не проверено", "the checker did not run on this variant",
          "проверка не запускалась для этого варианта", en="not checked"),
)
VERDICTS = {t.key: t for t in VERDICT_TERMS}
