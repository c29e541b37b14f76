"""A finding: what the checker says about one place of a rule text, with its witness, and what
it is about as data (the claim, the option, the cases it quotes, the tiles it names, ...)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from interpreter.language.model import Case

from .kinds import BY_KEY
from .named import Named, named_in
from .tally import summary_line, tally
from .witnesses import Witness


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


@dataclass
class Finding:
    """One result worth showing: kind, slot, position, message, witness (a situation or None).

    `file`, `line` and `column` say where the rule is written: for a rule a variant inherits,
    that is the parent's file, not the file of the variant checked. The fields after
    `candidate` say as data what the message says in words; none of them is in the JSON.
    """

    kind: str  # a key of checks/kinds.py
    slot: str
    line: int
    column: int
    message: str
    witness: Witness | None = None
    file: str = ""
    strict: bool = True  # counts for `--strict` (a property the variant never claimed does not)
    # for `unconfirmed`: the solver's over-approximated situation that no game showed
    candidate: Witness | None = None
    claim: str | None = None  # the text of the claim it is about
    built_in: str | None = None  # the property every variant must keep that it is about
    option: str | None = None  # the name of the option it is about
    reading: str | None = None  # the other reading of a sentence it compares with the chosen
    cases: tuple[RuleAt, ...] = ()  # the cases of its slot its message quotes

    def __post_init__(self) -> None:
        if self.kind not in BY_KEY:  # every reader (terminal, site, --strict) needs its entry
            raise ValueError(f"a finding of a kind checks/kinds.py does not have: {self.kind!r}")

    @property
    def named(self) -> Named:
        """The tiles and seats its message names, and the places of the line it speaks of."""
        return named_in(self.message)

    def fails_strict(self) -> bool:
        """True when `kozel check --strict` must exit 1 for this finding."""
        return self.strict and BY_KEY[self.kind].strict

    def as_json(self) -> dict[str, Any]:
        """Return the finding as the JSON object of `kozel check --format json`."""
        data = {"kind": self.kind, "slot": self.slot, "file": self.file, "line": self.line,
                "column": self.column, "message": self.message,
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

    def count(self, kind: str) -> int:
        """Return how many findings have this kind."""
        return sum(1 for f in self.findings if f.kind == kind)

    @property
    def refuted(self) -> int:
        """Return how many findings a game refuted that `--strict` fails on: claims, built-in
        properties, gaps, ambiguities and conflicts (not what is for information)."""
        counts = tally(self)
        return sum(counts[k] for k in ("claims_refuted", "properties_refuted", "gaps",
                                       "ambiguities", "conflicts"))

    def summary(self, lang: str = "en") -> str:
        """Return the one-line summary: each count names what it counts (checks/tally.py)."""
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
