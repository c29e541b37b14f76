"""The checker's results as the docs see them: findings with witnesses, per variant.

The docs do not encode anything for Z3 themselves; they call the checker (`checks.run`) and keep
what a page shows. When the checker is not installed, every variant is "not checked", and the
pages say so instead of claiming anything. A checker that crashes is logged as a warning, which
fails a `--strict` build: a site must not quietly publish "not checked" for a broken checker.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.language.model import Case, Claim, Option, Variant
from interpreter.language.summary import case_text

PROVED, REFUTED, UNKNOWN, VACUOUS = "proved", "refuted", "unknown", "vacuous"
# What the checker's kinds say about the rule text.
STATUS_OF_KIND = {"claim-proved": PROVED, "unknown": UNKNOWN, "unconfirmed": UNKNOWN,
                  "default": UNKNOWN, "vacuous": VACUOUS}
# assumptions are shown on their rules already
SHOWN_KINDS = ("gap", "ambiguity", "conflict", "unreachable", "claim-refuted", "claim-proved",
               "unspecified", "unknown", "unconfirmed", "default", "vacuous", "reading")

log = logging.getLogger("mkdocs.hooks.kozel")


@dataclass(frozen=True)
class Finding:
    """One result of the checker about a variant, with its witness as the checker gives it."""

    kind: str
    message: str
    slot: str = ""
    line: int = 0
    witness: dict[str, Any] | None = None
    file: str = ""  # where the rule is written (a parent's file for an inherited rule)

    @property
    def status(self) -> str:
        """proved, refuted, unknown or vacuous."""
        if self.kind == "reading":  # a game where the readings part, or a proof they never do
            return REFUTED if self.witness else PROVED
        return STATUS_OF_KIND.get(self.kind, REFUTED)


@dataclass(frozen=True)
class Report:
    """Everything the checker said about one variant (or why it said nothing)."""

    checked: bool
    reason: str = ""
    findings: tuple[Finding, ...] = field(default=())
    totals: tuple[tuple[str, int], ...] = ()

    def counts(self) -> dict[str, int]:
        """Return how many conditions were proved, refuted, left unknown and held vacuously."""
        return dict(self.totals) or {PROVED: 0, REFUTED: 0, UNKNOWN: 0, VACUOUS: 0}

    def about(self, item: Case | Claim | Option) -> list[Finding]:
        """Return the findings about one case, claim or option of the variant."""
        return [f for f in self.findings if _is_about(f, item)]

    def loose(self, variant: Variant) -> list[Finding]:
        """Return the findings about no single case, claim or option (built-in properties)."""
        items: list[Case | Claim | Option] = [c for _, cs in variant.slots for c in cs]
        items += [*variant.claims, *variant.options]
        return [f for f in self.findings if not any(_is_about(f, i) for i in items)]


def _is_about(finding: Finding, item: Case | Claim | Option) -> bool:
    """Match a finding to the rule it names: by slot and line, the claim's or option's name."""
    if isinstance(item, Claim):
        return ((_about_a_claim(finding) or finding.kind == "unknown")
                and repr(item.text) in finding.message)
    if isinstance(item, Option):
        return f"option {item.name!r}" in finding.message
    if finding.slot != item.slot or _about_a_claim(finding):
        return False
    return at_rule(finding, item) or f"`{item.slot}: {case_text(item)}`" in finding.message


def at_rule(finding: Finding, item: Case) -> bool:
    """True when the finding points at the line the case is written on, in the case's file (a
    child's rulebook shows its inherited cases, written in the parent's file)."""
    same_file = not finding.file or not item.pos.file or finding.file == item.pos.file
    return same_file and finding.line == item.pos.line


def _about_a_claim(finding: Finding) -> bool:
    """A claim's or a built-in's finding (a vacuous one about a slot names the slot first;
    an unconfirmed one says what the solver's candidate was)."""
    return finding.kind.startswith("claim") or (
        finding.kind == "vacuous" and not finding.message.startswith("`")) or (
        finding.kind == "unconfirmed" and "candidate: claim-refuted:" in finding.message)


def not_checked(reason: str) -> Report:
    """Return the report of a variant the checker did not look at."""
    return Report(False, reason)


def report_of(checked: Any) -> Report:
    """Turn the checker's VariantReport into the docs' Report."""
    findings = tuple(Finding(f.kind, f.message, f.slot or "", f.line, f.witness,
                             getattr(f, "file", ""))
                     for f in checked.findings if f.kind in SHOWN_KINDS)
    totals = ((PROVED, checked.proved), (REFUTED, checked.refuted), (UNKNOWN, checked.unknown),
              (VACUOUS, checked.vacuous))
    return Report(True, "", findings, totals)


_CHECKED: dict[tuple[str, ...], dict[str, Report]] = {}  # one check serves every language


def reports_for(variants: list[Variant], root: Path) -> dict[str, Report]:
    """Return the checker's report for each variant, or "not checked" with the reason; the
    builds of the site's languages in one process check the same variants once."""
    from interpreter.language.printer import format_variant

    key = (str(root), *(format_variant(v) for v in variants))
    if key not in _CHECKED:
        _CHECKED[key] = _check_all(variants)
    return _CHECKED[key]


def _check_all(variants: list[Variant]) -> dict[str, Report]:
    from checks.run import check_variant

    reports = {}
    for variant in variants:
        try:
            reports[variant.name] = report_of(check_variant(variant))
        except Exception as error:  # a checker bug must not hide the rulebook, but is reported
            log.warning("kozel docs: the checker failed on %s: %r", variant.name, error)
            reports[variant.name] = not_checked(f"the checker failed: {error!r}")
    return reports
