"""What a variant that extends another changes, as findings: its own, the parent's that the
change adds, alters or removes, and the parent's it keeps unchanged.

A finding is matched with the parent's by what it is about as data (checks/reporting/about.py): its
kind, slot, claim, property, option, reading or sentence, and the cases it quotes; never by its
message. Two findings about the same thing whose kinds differ are one finding altered (a claim
the parent proves and the house rule refutes).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Hashable

from .findings import Finding, VariantReport
from .kinds import Kind
from .report import sort_findings

OWN, INHERITED = "own", "inherited"


@dataclass(frozen=True)
class Altered:
    """A finding of the parent's rules whose kind the change turned into another."""

    finding: Finding
    was: Kind
    before: Finding | None = None  # the parent's finding, as the parent reports it


@dataclass(frozen=True)
class Change:
    """A variant's findings seen against its parent's report (`parent` is its name)."""

    parent: str
    own: list[Finding] = field(default_factory=list)  # written in the variant's own file
    added: list[Finding] = field(default_factory=list)  # the parent's rules, new findings
    altered: list[Altered] = field(default_factory=list)
    removed: list[Finding] = field(default_factory=list)  # the parent's, gone from the variant
    inherited: list[Finding] = field(default_factory=list)  # the parent's, unchanged
    # every finding of the variant in reading order, an inherited one where the parent has it
    findings: list[Finding] = field(default_factory=list)

    def origin(self, finding: Finding) -> str:
        """`inherited` for a finding the parent reports unchanged, else `own`."""
        return INHERITED if any(finding is f for f in self.inherited) else OWN

    def changed(self) -> list[Finding]:
        """The variant's findings that its own text makes: its own, added and altered, in
        reading order."""
        made = {id(f) for f in [*self.own, *self.added, *(a.finding for a in self.altered)]}
        return [f for f in self.findings if id(f) in made]


def _file(path: str) -> str:
    return os.path.normpath(path) if path else path


def identity(finding: Finding, kind: bool = True) -> Hashable:
    """What a finding is about as data (with or without its kind), files normalised: a
    parent's case is the same case whichever folder its file was read from."""
    cases = tuple((c.slot, _file(c.file), c.line, c.column) for c in finding.cases)
    key = (finding.slot, finding.about, cases)
    return (finding.kind, *key) if kind else key


def _own_file(finding: Finding, home: str) -> bool:
    return _file(finding.file) == _file(home)


def _place(finding: Finding) -> tuple[str, int, int]:
    return _file(finding.file), finding.at.line, finding.at.column


def _written_by_variant(finding: Finding, home: str, parents: set[tuple[str, int, int]]) -> bool:
    """At a place of the variant's own file where the parent reports nothing: a parent written
    in the same file as the variant has its own places there."""
    return _own_file(finding, home) and _place(finding) not in parents


def compare_with_parent(report: VariantReport, parent: VariantReport, home: str) -> Change:
    """The change a variant (report, written in `home`) makes to its parent's report.

    A `default` finding is at the `variant` line of the file whose variant leaves its slot
    unwritten: one the parent reports too is the parent's, at the parent's place."""
    left = Counter(identity(f) for f in parent.findings)
    kept: dict[Hashable, Finding] = {identity(f): f for f in parent.findings}
    change = Change(parent.name)
    pending: list[Finding] = []
    parents = {_place(f) for f in parent.findings}
    for finding in report.findings:
        key = identity(finding)
        written = _written_by_variant(finding, home, parents)
        if left[key] > 0 and (not written or _inherited_default(finding, home)):
            left[key] -= 1
            finding = _at_parent(finding, kept[key], home)
            change.inherited.append(finding)
        elif written:
            change.own.append(finding)
        else:
            pending.append(finding)
        change.findings.append(finding)
    if any(a is not b for a, b in zip(change.findings, report.findings)):  # a default moved
        change.findings[:] = sort_findings(change.findings, home)
    removed = [f for f in parent.findings if _take(left, identity(f))]
    _alter(change, pending, removed)
    return change


def _take(left: Counter[Hashable], key: Hashable) -> bool:
    if left[key] > 0:
        left[key] -= 1
        return True
    return False


def _inherited_default(finding: Finding, home: str) -> bool:
    """A language default the variant reports at its own `variant` line: the slot is unwritten
    in the parent too (else the variant would have the parent's cases)."""
    return finding.kind is Kind.DEFAULT and _own_file(finding, home) and not finding.cases


def _at_parent(finding: Finding, parents: Finding, home: str) -> Finding:
    """An inherited finding at the place the parent reports it, where the variant's own file
    was named for it (a default the parent leaves to the language)."""
    return replace(finding, at=parents.at) if _own_file(finding, home) else finding


def _alter(change: Change, pending: list[Finding], removed: list[Finding]) -> None:
    """Pair the parent's removed findings with the variant's new ones about the same thing."""
    gone: dict[Hashable, list[Finding]] = {}
    for finding in removed:
        gone.setdefault(identity(finding, kind=False), []).append(finding)
    for finding in pending:
        was = gone.get(identity(finding, kind=False))
        if was:
            before = was.pop(0)
            change.altered.append(Altered(finding, before.kind, before))
        else:
            change.added.append(finding)
    change.removed.extend(f for fs in gone.values() for f in fs)
