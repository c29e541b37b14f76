"""The checker's results as the docs see them: findings with witnesses, per variant.

The docs do not run Z3 themselves; they ask the checker (`checks`) for its report and keep only
what a page shows. When the checker cannot be used, every variant is "not checked" with the
reason, and the pages say so instead of claiming anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from interpreter.model import Variant
from interpreter.tiles import Tile

PROVED, REFUTED, UNKNOWN = "proved", "refuted", "unknown"


@dataclass(frozen=True)
class Witness:
    """A situation at the table that shows a finding: hands, stock, line, and the facts."""

    players: int | None = None
    options: tuple[tuple[str, str], ...] = ()
    hands: tuple[tuple[Tile, ...], ...] = ()
    stock: tuple[Tile, ...] = ()
    line: tuple[tuple[int, int], ...] = ()
    ends: tuple[int, int] | None = None
    facts: tuple[tuple[str, str], ...] = ()
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class Finding:
    """One result of the checker about a variant."""

    kind: str
    status: str
    message: str
    slot: str | None = None
    case: int | None = None
    claim: int | None = None
    line: int | None = None
    witness: Witness | None = None
    strict: bool = True


@dataclass(frozen=True)
class Report:
    """Everything the checker said about one variant (or why it said nothing)."""

    checked: bool
    reason: str = ""
    findings: tuple[Finding, ...] = field(default=())

    def for_case(self, slot: str, case: int) -> list[Finding]:
        """Return the findings about one case of a slot."""
        return [f for f in self.findings if f.slot == slot and f.case == case]

    def for_claim(self, claim: int) -> list[Finding]:
        """Return the findings about one claim."""
        return [f for f in self.findings if f.claim == claim]

    def counts(self) -> dict[str, int]:
        """Return how many results have each status."""
        counts = {PROVED: 0, REFUTED: 0, UNKNOWN: 0}
        for finding in self.findings:
            counts[finding.status] = counts.get(finding.status, 0) + 1
        return counts


def not_checked(reason: str) -> Report:
    """Return the report of a variant the checker could not look at."""
    return Report(False, reason)


def reports_for(variants: list[Variant], root: Path) -> dict[str, Report]:
    """Return the checker's report for each variant, or "not checked" with the reason."""
    return {v.name: not_checked("the checker has no report for the docs yet") for v in variants}
