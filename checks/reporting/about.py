"""What a finding is about, as data: the cases it quotes (by where they are written), the claim,
relation, built-in property, option or reading, and what it names at the table. The site
matches a finding to its rule by these, never by a line number or a message."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from interpreter.engine.tiles import Tile
from interpreter.language.model import Case


@dataclass(frozen=True)
class RuleAt:
    """A case of a slot, by where it is written: a rule a finding quotes."""

    slot: str
    file: str
    line: int
    column: int

    @classmethod
    def of(cls, case: Case) -> "RuleAt":
        """The place of a case."""
        return cls(case.slot, case.pos.file, case.pos.line, case.pos.column)


@dataclass(frozen=True)
class ClaimRef:
    """A claim of the variant, by its text."""

    text: str


@dataclass(frozen=True)
class RestatedAt:
    """A restatement of the variant (`restates SLOT: ...`), by where it is written."""

    slot: str
    file: str
    line: int
    column: int


@dataclass(frozen=True)
class RelationRef:
    """A claim across variants (`relation`), by its text."""

    text: str


@dataclass(frozen=True)
class PropertyRef:
    """A property every variant must keep, by the checker's name for it (a condition's query,
    or `engine` for a match the engine failed on)."""

    name: str


@dataclass(frozen=True)
class OptionRef:
    """An option of the variant, by its name."""

    name: str


@dataclass(frozen=True)
class ReadingRef:
    """The other reading of a sentence, compared with the chosen one, by its name."""

    other: str


@dataclass(frozen=True)
class SentenceRef:
    """A sentence of a variant's source text, by the source's name and the sentence's line."""

    source: str
    line: int
    text: str


# What a finding is about besides the cases it quotes (None: only those cases, or its slot)
About = Union[ClaimRef, RestatedAt, RelationRef, PropertyRef, OptionRef, ReadingRef, SentenceRef,
              None]


@dataclass(frozen=True, kw_only=True)
class Named:
    """What a finding speaks of at the table, as its producer knows it: tiles, seats (the
    engine's, from 0) and whether it speaks of the line's two ends, its opening (lead) tile or
    its last tile."""

    tiles: tuple[Tile, ...] = ()
    seats: tuple[int, ...] = ()
    ends: bool = False
    lead: bool = False
    last: bool = False
