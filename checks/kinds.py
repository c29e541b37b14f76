"""The kinds of finding: an enum, each kind with everything every reader needs to know about it.

A kind's value is its JSON `kind` value and its English word. Its table says its words in each
language (the glossary's, checks/vocabulary.py), its colour at a terminal, whether it fails
`kozel check --strict`, whether it explains a rule stop in play, and how a rulebook shows it
(its `Status` there). Every table of kinds (the terminal's colours, the site's statuses and
explanations, the strict and stop sets) is read from here: a new kind is written once, and
tests/checks/test_kinds.py fails when it has no table or one of its parts is missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .vocabulary import LANGS, Term


class Status(StrEnum):
    """What a finding says about the rule text, as a rulebook's badge shows it."""

    PROVED = "proved"
    REFUTED = "refuted"
    UNKNOWN = "unknown"
    VACUOUS = "vacuous"


class Kind(StrEnum):
    """A kind of finding; its value is the JSON `kind` (in the glossary's order: what asks most
    of the author first)."""

    GAP = "gap"
    AMBIGUITY = "ambiguity"
    CONFLICT = "conflict"
    UNSPECIFIED = "unspecified"
    UNACCOUNTED = "unaccounted"
    ASSUMPTION = "assumption"
    CLAIM_REFUTED = "claim-refuted"
    CLAIM_PROVED = "claim-proved"
    RELATION_REFUTED = "relation-refuted"
    RELATION_PROVED = "relation-proved"
    UNREACHABLE = "unreachable"
    VACUOUS = "vacuous"
    DEFAULT = "default"
    READING = "reading"
    UNCONFIRMED = "unconfirmed"
    UNKNOWN = "unknown"

    @property
    def table(self) -> "KindTable":
        """Everything the readers of this kind need: its words, style and site treatment."""
        return TABLES[self]

    def word(self, lang: str) -> str:
        """The kind's word in a language (the glossary's)."""
        return self.table.word(lang)

    @property
    def style(self) -> tuple[str, ...]:
        """Its style at a terminal (interpreter/terminal.py's names)."""
        return self.table.style

    @property
    def strict(self) -> bool:
        """A finding of this kind fails `--strict` (unless the finding itself is not strict)."""
        return self.table.strict

    @property
    def explains_stops(self) -> bool:
        """At a slot, a rule stop in play there is expected, not news."""
        return self.table.explains_stops

    @property
    def site(self) -> "OnSite | NotOnSite":
        """How a rulebook shows a finding of this kind, or why it does not."""
        return self.table.site


@dataclass(frozen=True)
class OnSite:
    """A kind a rulebook shows: its status badge, and the sentence that explains it."""

    status: Status
    explanation: dict[str, str]  # by language
    unwitnessed: Status | None = None  # the status when the finding has no game (else `status`)

    def status_of(self, witnessed: bool) -> Status:
        """The status of a finding of this kind, with a witness or without one."""
        return self.status if witnessed or self.unwitnessed is None else self.unwitnessed


@dataclass(frozen=True)
class NotOnSite:
    """A kind a rulebook leaves out of the checker's findings, and why."""

    because: str


@dataclass(frozen=True)
class KindTable(Term):
    """A kind's table: its words (`key` is the kind's value), its terminal style, and what it
    means to `--strict`, to the playouts and to the site."""

    style: tuple[str, ...]  # interpreter/terminal.py's names: bold, red, ...
    strict: bool  # fails `--strict` (unless the finding itself is not strict)
    explains_stops: bool  # at a slot, a rule stop in play there is expected, not news
    site: OnSite | NotOnSite


def _kind(kind: Kind, words: tuple[str, str, str], style: tuple[str, ...], *, strict: bool,
          explains_stops: bool, site: OnSite | NotOnSite) -> KindTable:
    """A kind's table from its Russian word and its meanings in English and Russian."""
    ru, en_meaning, ru_meaning = words
    return KindTable(kind.value, {"en": kind.value, "ru": ru},
                     {"en": en_meaning, "ru": ru_meaning}, style, strict, explains_stops, site)


def _shown(status: Status, en: str, ru: str, unwitnessed: Status | None = None) -> OnSite:
    return OnSite(status, {"en": en, "ru": ru}, unwitnessed)


# In the glossary's order: what asks most of the author first.
_TABLES: tuple[KindTable, ...] = (
    _kind(Kind.GAP, (
        "пробел",
        "a situation in which a rule gives no answer: none of its cases applies, or a value "
        "it needs does not exist",
        "ситуация, в которой правило не даёт ответа: не подходит ни один случай или нужного "
        "значения нет"), ("bold", "yellow"), strict=True, explains_stops=True,
        site=_shown(Status.REFUTED, "The checker played a game in which this rule gives no answer.",
                    "Проверка сыграла партию, в которой это правило не даёт ответа.")),
    _kind(Kind.AMBIGUITY, (
        "неоднозначность",
        "a situation in which a rule names no single tile or player",
        "ситуация, в которой правило не называет однозначно камень или игрока"),
        ("bold", "yellow"), strict=True, explains_stops=True,
        site=_shown(Status.REFUTED, "The checker played a game in which this rule names no single "
                             "tile or player.",
                    "Проверка сыграла партию, в которой правило не называет однозначно "
                    "камень или игрока.")),
    _kind(Kind.CONFLICT, (
        "противоречие",
        "a situation in which two cases of one rule apply and disagree",
        "ситуация, в которой применяются два случая одного правила, и они расходятся"),
        ("bold", "red"), strict=True, explains_stops=True,
        site=_shown(Status.REFUTED, "The checker played a game in which two cases of this rule apply "
                             "and disagree.",
                    "Проверка сыграла партию, в которой применяются два случая правила, "
                    "и они расходятся.")),
    _kind(Kind.UNSPECIFIED, (
        "не указано",
        "the text is silent: a case written \"unspecified\"; as a finding, a game that "
        "reaches it",
        "текст молчит: случай, записанный как `unspecified`; как находка — партия, которая "
        "до него доходит"), ("yellow",), strict=False, explains_stops=True,
        site=_shown(Status.REFUTED, "Play can reach this case the text leaves unspecified.",
                    "Игра может дойти до этого случая, о котором текст молчит.")),
    _kind(Kind.UNACCOUNTED, (
        "не учтено",
        "a sentence of the source text that no rule cites and no `aside` explains",
        "фраза исходного текста, которую не цитирует ни одно правило и не объясняет ни "
        "одно `aside`"), ("bold", "yellow"), strict=True, explains_stops=False,
        site=NotOnSite("the source's own page shows every sentence and what it became")),
    _kind(Kind.ASSUMPTION, (
        "допущение",
        "what the encoding decided where the text does not say, with its reason",
        "то, что решено при записи правил там, где текст этого не говорит, с причиной"),
        ("cyan",), strict=False, explains_stops=False,
        site=NotOnSite("a rulebook shows each assumption on its rule already")),
    _kind(Kind.CLAIM_REFUTED, (
        "утверждение опровергнуто",
        "a game in which a claim of the text, or a property every variant must keep, fails",
        "партия, в которой утверждение текста или обязательное свойство не выполняется"),
        ("bold", "red"), strict=True, explains_stops=False,
        site=_shown(Status.REFUTED, "The checker played a game in which this does not hold.",
                    "Проверка сыграла партию, в которой это не выполняется.")),
    _kind(Kind.CLAIM_PROVED, (
        "утверждение доказано",
        "the solver proved a claim for every situation, and such situations exist",
        "решатель доказал утверждение для всех ситуаций, и такие ситуации бывают"),
        ("green",), strict=False, explains_stops=False,
        site=_shown(Status.PROVED, "The checker proved this for every situation.",
                    "Проверка доказала это для всех ситуаций.")),
    _kind(Kind.RELATION_REFUTED, (
        "отношение опровергнуто",
        "a claim across variants (`relation`) that fails: the game of the slot where the two "
        "variants answer otherwise than it says, or the proof that they never part there",
        "утверждение о нескольких вариантах (`relation`), которое не выполняется: партия по "
        "правилу, где варианты отвечают не так, как оно говорит, или доказательство, что там "
        "они не расходятся"), ("bold", "red"), strict=True, explains_stops=False,
        site=NotOnSite("a relation speaks of two variants, not of one rulebook: the comparison "
                       "page shows every pair")),
    _kind(Kind.RELATION_PROVED, (
        "отношение доказано",
        "a claim across variants (`relation`) proved slot by slot: the same slots the same "
        "for every situation, the others each shown different by a game",
        "утверждение о нескольких вариантах (`relation`), доказанное по всем правилам: "
        "совпадающие совпадают во всех ситуациях, а различие остальных показано партиями"),
        ("green",), strict=True, explains_stops=False,  # strict only where `expect refuted`
        site=NotOnSite("a relation speaks of two variants, not of one rulebook: the comparison "
                       "page shows every pair")),
    _kind(Kind.UNREACHABLE, (
        "недостижимо",
        "a case that never applies, or an option no rule uses",
        "случай, который никогда не применяется, или опция, которую не использует ни одно "
        "правило"), ("dim",), strict=False, explains_stops=False,
        site=_shown(Status.REFUTED, "This never applies.", "Это никогда не применяется.")),
    _kind(Kind.VACUOUS, (
        "пусто",
        "holds only because the situations it speaks of never occur: not counted as proved",
        "выполняется лишь потому, что таких ситуаций не бывает: не считается доказанным"),
        ("magenta",), strict=False, explains_stops=False,
        site=_shown(Status.VACUOUS, "This holds only because the situations it speaks of never occur, "
                             "so it says nothing; it is not counted as proved.",
                    "Это выполняется лишь потому, что таких ситуаций не бывает, и потому "
                    "ничего не утверждает; это не считается доказанным.")),
    _kind(Kind.DEFAULT, (
        "по умолчанию",
        "the text is silent and the language's own default decides, shown by a game",
        "текст молчит, и решает правило языка по умолчанию; партия показывает где"),
        ("cyan",), strict=False, explains_stops=False,
        site=_shown(Status.UNKNOWN, "The text is silent here, and the language's own default decides; "
                             "the game shows a moment where it does.",
                    "Текст здесь молчит, и решает правило языка по умолчанию; партия "
                    "показывает момент, где оно применяется.")),
    _kind(Kind.READING, (
        "прочтение",
        "a sentence with two honest readings: each reading named, one chosen, and a game "
        "where they give the rule different values",
        "фраза, которую можно честно прочесть двумя способами: каждое прочтение названо, одно "
        "выбрано, и партия показывает, где они дают правилу разные значения"),
        ("cyan",), strict=False, explains_stops=False,
        # a game where the readings part; without one, a proof that they never do
        site=_shown(Status.REFUTED, "The checker compared the readings of this sentence: a game in "
                             "which they give this rule different values, or a proof that "
                             "they never do.",
                    "Проверка сравнила прочтения этой фразы: партия, в которой они дают "
                    "этому правилу разные значения, или доказательство, что таких нет.",
                    unwitnessed=Status.PROVED)),
    _kind(Kind.UNCONFIRMED, (
        "не подтверждено",
        "the solver's candidate that no game reached within the budget: not a fact",
        "кандидат решателя, до которого не дошла ни одна партия: это не факт"),
        ("magenta",), strict=False, explains_stops=False,
        site=_shown(Status.UNKNOWN, "The solver found a possible situation, but no game played "
                             "through the engine reached it within the checker's budget: it "
                             "is not a fact until a game shows it.",
                    "Решатель нашёл возможную ситуацию, но ни одна партия, сыгранная "
                    "движком, до неё не дошла: это не факт, пока партия его не покажет.")),
    _kind(Kind.UNKNOWN, (
        "не решено",
        "the solver ran out of its budget: not counted as proved",
        "решателю не хватило отведённых шагов: не считается доказанным"),
        ("magenta",), strict=False, explains_stops=True,
        site=_shown(Status.UNKNOWN, "The checker could not decide this within its budget of solver "
                             "steps; it is not counted as proved.",
                    "Проверке не хватило отведённых шагов решателя, чтобы это решить; "
                    "это не считается доказанным.")),
)
TABLES: dict[Kind, KindTable] = {Kind(t.key): t for t in _TABLES}


__all__ = ["Kind", "Status", "KindTable", "TABLES", "OnSite", "NotOnSite", "LANGS"]
