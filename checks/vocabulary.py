"""One word per concept: the kinds of finding and the checker's verdicts, in English and Russian.

The English word of a kind IS its JSON `kind` value and the word `kozel check` prints; the site's
badges, counts and glossary, and the README, use the same words (docs/gen/glossary.py lists
them). A new kind of finding gets its words here, or the glossary test fails.
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


FINDING_TERMS: tuple[Term, ...] = (
    _term("gap", "пробел",
          "a situation in which a rule gives no answer: none of its cases applies, or a value "
          "it needs does not exist",
          "ситуация, в которой правило не даёт ответа: не подходит ни один случай или нужного "
          "значения нет"),
    _term("ambiguity", "неоднозначность",
          "a situation in which a rule names no single tile or player",
          "ситуация, в которой правило не называет однозначно камень или игрока"),
    _term("conflict", "противоречие",
          "a situation in which two cases of one rule apply and disagree",
          "ситуация, в которой применяются два случая одного правила, и они расходятся"),
    _term("unspecified", "не указано",
          "the text is silent: a case written \"unspecified\"; as a finding, a game that "
          "reaches it",
          "текст молчит: случай, записанный как «unspecified»; как находка — партия, которая "
          "до него доходит"),
    _term("assumption", "допущение",
          "what the encoding decided where the text does not say, with its reason",
          "то, что решено при записи правил там, где текст этого не говорит, с причиной"),
    _term("claim-refuted", "утверждение опровергнуто",
          "a game in which a claim of the text, or a property every variant must keep, fails",
          "партия, в которой утверждение текста или обязательное свойство не выполняется"),
    _term("claim-proved", "утверждение доказано",
          "the solver proved a claim for every situation, and such situations exist",
          "решатель доказал утверждение для всех ситуаций, и такие ситуации бывают"),
    _term("unreachable", "недостижимо",
          "a case that never applies, or an option no rule uses",
          "случай, который никогда не применяется, или опция, которую не использует ни одно "
          "правило"),
    _term("vacuous", "пусто",
          "holds only because the situations it speaks of never occur: not counted as proved",
          "выполняется лишь потому, что таких ситуаций не бывает: не считается доказанным"),
    _term("default", "по умолчанию",
          "the text is silent and the language's own default decides, shown by a game",
          "текст молчит, и решает правило языка по умолчанию; партия показывает где"),
    _term("reading", "прочтение",
          "a sentence with two honest readings: each reading named, one chosen, and a game "
          "where they give the rule different values",
          "фраза, которую можно честно прочесть двумя способами: каждое прочтение названо, одно "
          "выбрано, и партия показывает, где они дают правилу разные значения"),
    _term("unconfirmed", "не подтверждено",
          "the solver's candidate that no game reached within the budget: not a fact",
          "кандидат решателя, до которого не дошла ни одна партия: это не факт"),
    _term("unknown", "не решено",
          "the solver ran out of time: not counted as proved",
          "решателю не хватило времени: не считается доказанным"),
)
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
KIND_TERMS = {t.key: t for t in FINDING_TERMS}
VERDICTS = {t.key: t for t in VERDICT_TERMS}


def kind_word(kind: str, lang: str) -> str:
    """Return the word for a kind of finding in a language (the kind itself when unknown)."""
    term = KIND_TERMS.get(kind)
    return term.word(lang) if term else kind


def verdict_word(verdict: str, lang: str) -> str:
    """Return the word for a checker's verdict (proved, refuted, ...) in a language."""
    term = VERDICTS.get(verdict)
    return term.word(lang) if term else verdict
