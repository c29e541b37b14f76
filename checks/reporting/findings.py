"""A finding: what the checker says about one place of a rule text, with its witness, and what
it is about as data (the cases it quotes, the claim, property, option or reading, the tiles and
seats it names). A finding is complete when it is made and never changes afterwards: a step
that learns more (a game found, a candidate unconfirmed) makes a new one."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.language.ast import Pos

from ..search.witnesses import Witness
from .about import About, ClaimRef, Named, OptionRef, PropertyRef, ReadingRef, RelationRef, RuleAt
from .kinds import Kind
from .tally import summary_line, tally


@dataclass(frozen=True, kw_only=True)
class Finding:
    """One result worth showing: its kind, place, message, what it is about, and its witness.

    The witness is a situation, or None. `at` says where the rule is written: for a rule a
    variant inherits, that is the parent's file, not the file of the variant checked. `about`,
    `cases` and `named` say as data what the message says in words; none of them is in the
    JSON.
    """

    kind: Kind
    slot: str
    at: Pos
    message: str  # a Said of the catalogue (or the author's own words, an assumption's)
    witness: Witness | None = None
    strict: bool = True  # counts for `--strict` (a property the variant never claimed does not)
    # for `unconfirmed`: the solver's over-approximated situation that no game showed
    candidate: Witness | None = None
    about: About = None
    cases: tuple[RuleAt, ...] = ()  # the cases of its slot its message quotes
    named: Named = field(default_factory=Named)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, Kind):  # every reader (terminal, site, --strict) needs it
            raise TypeError(f"a finding's kind is a checks.reporting.kinds.Kind, not {self.kind!r}")

    @property
    def file(self) -> str:
        """The file its rule is written in."""
        return self.at.file

    @property
    def line(self) -> int:
        """The line of its rule."""
        return self.at.line

    @property
    def column(self) -> int:
        """The column of its rule."""
        return self.at.column

    def record_name(self, variant: str, home: str) -> str:
        """The file name `kozel check --records` gives its game: the variant, the rule's place
        (with its file's name when that is not `home`, the variant's own), its kind and slot,
        and for a comparison of readings the other reading (one case may have several)."""
        where = "" if self.file in ("", home) else f"{Path(self.file).stem}-"
        slot = f"-{self.slot.replace(' ', '_')}" if self.slot else ""
        other = f"-{self.about.other}" if isinstance(self.about, ReadingRef) else ""
        return f"{variant}-{where}{self.line}-{self.column}-{self.kind.value}{slot}{other}.json"

    def fails_strict(self) -> bool:
        """True when `kozel check --strict` must exit 1 for this finding."""
        return self.strict and self.kind.strict

    def as_json(self) -> dict[str, Any]:
        """Return the finding as the JSON object of `kozel check --format json`."""
        data = {"kind": self.kind.value, "slot": self.slot, "file": self.file,
                "line": self.line, "column": self.column, "message": self.message,
                "witness": self.witness.to_json() if self.witness else None}
        if self.candidate is not None:
            data["candidate"] = self.candidate.to_json()
        return data


@dataclass
class VariantReport:
    """Everything the checker found about one variant, with counts and time."""

    name: str
    file: str
    findings: list[Finding] = field(default_factory=list)
    proved: int = 0
    unknown: int = 0
    unconfirmed: int = 0
    vacuous: int = 0  # proofs over no situation at all: not counted as proved
    seconds: float = 0.0
    playouts: str = ""
    timed: bool = False  # show `seconds`: asked for with --timings, it depends on the machine
    sources: list[dict[str, Any]] = field(default_factory=list)  # the source's concordance

    def count(self, kind: Kind) -> int:
        """Return how many findings have this kind."""
        return sum(1 for f in self.findings if f.kind is kind)

    @property
    def refuted(self) -> int:
        """Return how many findings a game refuted that `--strict` fails on: claims, built-in
        properties, gaps, ambiguities, conflicts and endless matches (not what is for
        information)."""
        counts = tally(self)
        return sum(counts[k] for k in ("claims_refuted", "properties_refuted", "gaps",
                                       "ambiguities", "conflicts", "endless"))

    def summary(self, lang: str = "en") -> str:
        """Return the one-line summary: each count names what it counts (tally.py)."""
        return summary_line(self, lang)

    def as_json(self) -> dict[str, Any]:
        """Return the variant's entry of `kozel check --format json`."""
        timing = {"seconds": round(self.seconds, 3)} if self.timed else {}
        return {"name": self.name, "file": self.file, **timing,
                "proved": self.proved, "refuted": self.refuted, "counts": tally(self),
                "unknown": self.unknown,
                "unconfirmed": self.unconfirmed, "vacuous": self.vacuous,
                "playouts": self.playouts,
                "findings": [f.as_json() for f in self.findings], "sources": self.sources}


__all__ = ["Finding", "VariantReport", "About", "ClaimRef", "Named", "OptionRef", "PropertyRef",
           "ReadingRef", "RelationRef", "RuleAt"]
