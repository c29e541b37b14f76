"""Why play stopped: the variant's rules did not say what happens next.

Every stop is an UnspecifiedRule (the project's error for "the rules give no answer here"),
with a kind, the slot, the rule(s) by file:line and the situation in domino terms, so that
`kozel simulate` can count stops by rule instead of crashing.
"""

from __future__ import annotations

import os
from functools import cached_property, lru_cache
from typing import Any, Sequence

from ..language.errors import UnspecifiedRule
from ..language.model import Case
from ..language import catalogue
from .words import Kept, Said, Written

# kind → the words that open the message (in English; the catalogue's "kind." has both)
KINDS = catalogue.keys_under("kind.", "engine")


@lru_cache(maxsize=64)
def short_path(path: str) -> str:
    """Return a path relative to the working folder when it lies inside it."""
    if not path:
        return "<text>"
    relative = os.path.relpath(path) if os.path.isabs(path) else path
    return path if relative.startswith("..") else relative


def case_ref(case: Case) -> str:
    """Return `file:line` of a case (the rule a stop names)."""
    return f"{short_path(case.pos.file)}:{case.pos.line}"


def case_note(case: Case) -> Any:
    """Return a case's note as ` — note`, in Russian too where the file gives it, or nothing."""
    if not case.note:
        return ""
    return Said("detail.note", note=Written(case.note, case.note_ru))


def case_quote(case: Case) -> str:
    """Return the first citation of a case as ` ("quote")`, or nothing."""
    if not case.cites:
        return ""
    quote = case.cites[0].quote
    return f' ("{quote[:70]}…")' if len(quote) > 70 else f' ("{quote}")'


@lru_cache(maxsize=None)
def _kind_said(kind: str) -> Said:
    """The words of a kind of stop (a handful of kinds, each said once: a text is immutable)."""
    return Said(f"kind.{kind}")


class RuleStop(UnspecifiedRule):
    """Play reached a point where the variant gives no single answer."""

    def __init__(self, kind: str, slot: str, detail: Any, *, cases: Sequence[Case] = (),
                 situation: str = "", facts: dict[str, Any] | None = None,
                 values: Sequence[str] = (), answers: Sequence[Any] = ()) -> None:
        self.kind = kind
        self.slot = slot
        self.detail = detail
        self.cases = tuple(cases)
        self.situation = situation
        self.facts = dict(facts or {})  # the situation as data (seat to lead, end, side, ...)
        self.values = tuple(values)  # for a conflict: what each of `cases` gives, in words
        self.answers = tuple(answers)  # ... and as the engine's values of the slot's type
        self.round_no: int | None = None
        self.move_no: int | None = None
        # the message is made when it is read (`args`, str, repr): a witness search meets
        # thousands of stops and reads only their rule
        super().__init__()

    @property  # type: ignore[override]
    def args(self) -> tuple[Any, ...]:
        """The message, as an exception's args: made from where play stopped when asked."""
        return (self.message(),)

    @args.setter
    def args(self, value: tuple[Any, ...]) -> None:
        """The message is always made from the stop's own fields."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message()!r})"

    @cached_property  # asked by each message and every count of it (slot and cases never change)
    def rule(self) -> Said:
        """The rule a stop is counted under: `slot` at file:line (or the slot alone); the same
        str in every language, so counts by rule stay keyed by the English."""
        refs = ", ".join(case_ref(c) for c in self.cases)
        return Said("stop.rule", slot=self.slot, refs=refs) if refs else \
            Said("stop.slot", slot=self.slot)

    def at(self, round_no: int, move_no: int | None = None) -> "RuleStop":
        """Note where play stopped: the round and move of a match (1-based); return self."""
        self.round_no = round_no
        self.move_no = move_no if move_no is not None else self.move_no
        return self

    def headline(self) -> Said:
        """Return the first line of the message, in any language: where, kind, rule, detail."""
        where: Any = Said("stop.round", round=self.round_no) if self.round_no else ""
        if self.round_no and self.move_no:
            where = Said("stop.move", round=self.round_no, move=self.move_no)
        kind = _kind_said(self.kind) if self.kind in KINDS else self.kind
        return Said("stop", where=where, kind=kind, rule=self.rule, detail=self.detail)

    def message(self) -> str:
        """Return the full message: kind, rule, detail and situation (in English)."""
        if self.situation:
            return f"{self.headline()}\n  situation: {self.situation}"
        return self.headline()

    def said(self) -> Said:
        """Return the full message as a text: its str as the JSON has always carried it (the
        situation's seats from 0), said for people in any language with seats from 1."""
        if not self.situation:
            return self.headline()
        return Kept(self.message(), Said("stop.situation", head=self.headline(),
                                         situation=self.situation))

    def message_in(self, lang: str) -> str:
        """Return the message in a language, the situation too, seats numbered from 1."""
        return self.said().in_lang(lang)

    def __str__(self) -> str:
        return self.message()
