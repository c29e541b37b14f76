"""The kinds of finding: an enum, each kind with everything every reader needs to know about it.

A kind's value is its JSON `kind` value and its English word. Its table says its words in each
language (the glossary's), its colour at a terminal, whether it fails `kozel check --strict`,
whether it explains a rule stop in play, and how a rulebook shows it (its `Status` there). Its
words, its meaning and the sentence a rulebook explains it with are the catalogue's (section
"checks: kinds" of interpreter/language/words/*.json); the rest is here. Every table of kinds
(the terminal's colours, the site's statuses and explanations, the strict and stop sets) is read
from here: a new kind is written once, and tests/checks/test_kinds.py fails when it has no table
or one of its parts is missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from interpreter.language import catalogue

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
    ENDLESS = "endless"
    UNSPECIFIED = "unspecified"
    UNACCOUNTED = "unaccounted"
    ASSUMPTION = "assumption"
    CLAIM_REFUTED = "claim-refuted"
    CLAIM_PROVED = "claim-proved"
    # a sentence that says a slot's rule again (`restates`), against the rule
    RESTATEMENT_REFUTED = "restatement-refuted"
    RESTATEMENT_PROVED = "restatement-proved"
    # a property the checker asks of every variant, which no text claims (never a claim's word)
    PROPERTY_REFUTED = "property-refuted"
    PROPERTY_PROVED = "property-proved"
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
        """Its style at a terminal (kozel/terminal.py's names)."""
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

    style: tuple[str, ...]  # kozel/terminal.py's names: bold, red, ...
    strict: bool  # fails `--strict` (unless the finding itself is not strict)
    explains_stops: bool  # at a slot, a rule stop in play there is expected, not news
    site: OnSite | NotOnSite


def _kind(kind: Kind, style: tuple[str, ...], *, strict: bool, explains_stops: bool,
          site: OnSite | NotOnSite) -> KindTable:
    """A kind's table, its words and meanings the catalogue's `kind word.<kind>` and
    `kind meaning.<kind>` (section "checks: kinds" of interpreter/language/words/*.json)."""
    return KindTable(kind.value, _said(f"kind word.{kind.value}"),
                     _said(f"kind meaning.{kind.value}"), style, strict, explains_stops, site)


def _shown(kind: Kind, status: Status, unwitnessed: Status | None = None) -> OnSite:
    """How a rulebook shows a kind: its status, and the catalogue's `kind explains.<kind>`."""
    return OnSite(status, _said(f"kind explains.{kind.value}"), unwitnessed)


def _said(key: str) -> dict[str, str]:
    """A catalogue entry in every language."""
    return {lang: catalogue.text(key, lang) for lang in LANGS}


# In the glossary's order: what asks most of the author first.
_TABLES: tuple[KindTable, ...] = (
    _kind(Kind.GAP, ("bold", "yellow"), strict=True, explains_stops=True,
          site=_shown(Kind.GAP, Status.REFUTED)),
    _kind(Kind.AMBIGUITY, ("bold", "yellow"), strict=True, explains_stops=True,
          site=_shown(Kind.AMBIGUITY, Status.REFUTED)),
    _kind(Kind.CONFLICT, ("bold", "red"), strict=True, explains_stops=True,
          site=_shown(Kind.CONFLICT, Status.REFUTED)),
    # a match (or a round) that need not end; for information when only the deal keeps it going
    _kind(Kind.ENDLESS, ("bold", "red"), strict=True, explains_stops=True,
          site=_shown(Kind.ENDLESS, Status.REFUTED)),
    _kind(Kind.UNSPECIFIED, ("yellow",), strict=False, explains_stops=True,
          site=_shown(Kind.UNSPECIFIED, Status.REFUTED)),
    _kind(Kind.UNACCOUNTED, ("bold", "yellow"), strict=True, explains_stops=False,
          site=NotOnSite("the source's own page shows every sentence and what it became")),
    _kind(Kind.ASSUMPTION, ("cyan",), strict=False, explains_stops=False,
          site=NotOnSite("a rulebook shows each assumption on its rule already")),
    _kind(Kind.CLAIM_REFUTED, ("bold", "red"), strict=True, explains_stops=False,
          site=_shown(Kind.CLAIM_REFUTED, Status.REFUTED)),
    _kind(Kind.CLAIM_PROVED, ("green",), strict=False, explains_stops=False,
          site=_shown(Kind.CLAIM_PROVED, Status.PROVED)),
    _kind(Kind.RESTATEMENT_REFUTED, ("bold", "red"), strict=True, explains_stops=False,
          site=_shown(Kind.RESTATEMENT_REFUTED, Status.REFUTED)),
    _kind(Kind.RESTATEMENT_PROVED, ("green",), strict=True,  # strict only where `expect refuted`
          explains_stops=False, site=_shown(Kind.RESTATEMENT_PROVED, Status.PROVED)),
    _kind(Kind.PROPERTY_REFUTED, ("bold", "red"), strict=True, explains_stops=False,
          site=_shown(Kind.PROPERTY_REFUTED, Status.REFUTED)),
    _kind(Kind.PROPERTY_PROVED, ("green",), strict=False, explains_stops=False,
          site=_shown(Kind.PROPERTY_PROVED, Status.PROVED)),
    _kind(Kind.RELATION_REFUTED, ("bold", "red"), strict=True, explains_stops=False,
          site=NotOnSite("a relation speaks of two variants, not of one rulebook: the "
                         "comparison page shows every pair")),
    _kind(Kind.RELATION_PROVED, ("green",), strict=True,  # strict only where `expect refuted`
          explains_stops=False,
          site=NotOnSite("a relation speaks of two variants, not of one rulebook: the "
                         "comparison page shows every pair")),
    _kind(Kind.UNREACHABLE, ("dim",), strict=False, explains_stops=False,
          site=_shown(Kind.UNREACHABLE, Status.REFUTED)),
    _kind(Kind.VACUOUS, ("magenta",), strict=False, explains_stops=False,
          site=_shown(Kind.VACUOUS, Status.VACUOUS)),
    _kind(Kind.DEFAULT, ("cyan",), strict=False, explains_stops=False,
          site=_shown(Kind.DEFAULT, Status.UNKNOWN)),
    # a game where the readings part; without one, a proof that they never do
    _kind(Kind.READING, ("cyan",), strict=False, explains_stops=False,
          site=_shown(Kind.READING, Status.REFUTED, unwitnessed=Status.PROVED)),
    _kind(Kind.UNCONFIRMED, ("magenta",), strict=False, explains_stops=False,
          site=_shown(Kind.UNCONFIRMED, Status.UNKNOWN)),
    _kind(Kind.UNKNOWN, ("magenta",), strict=False, explains_stops=True,
          site=_shown(Kind.UNKNOWN, Status.UNKNOWN)),
)
TABLES: dict[Kind, KindTable] = {Kind(t.key): t for t in _TABLES}


__all__ = ["Kind", "Status", "KindTable", "TABLES", "OnSite", "NotOnSite", "LANGS"]
