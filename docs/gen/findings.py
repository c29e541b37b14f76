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

from checks.budget import Budget
from checks.findings import RuleAt
from checks.kinds import BY_KEY, PROVED, REFUTED, UNKNOWN, VACUOUS, OnSite
from checks.named import Named
from checks.witnesses import Witness
from interpreter.language.model import Case, Claim, Option, Variant

log = logging.getLogger("mkdocs.hooks.kozel")


@dataclass(frozen=True)
class Finding:
    """One result of the checker about a variant, with its witness as the checker gives it, and
    what it is about as the checker says it in data (checks.findings.Finding)."""

    kind: str
    message: str
    slot: str = ""
    line: int = 0
    witness: Witness | None = None
    file: str = ""  # where the rule is written (a parent's file for an inherited rule)
    claim: str | None = None
    built_in: str | None = None
    option: str | None = None
    cases: tuple[RuleAt, ...] = ()
    named: Named = Named()

    @property
    def status(self) -> str:
        """proved, refuted, unknown or vacuous."""
        return _site(self.kind).status_of(bool(self.witness))


def _site(kind: str) -> OnSite:
    """How the site shows a kind (report_of keeps only the kinds it shows)."""
    site = BY_KEY[kind].site
    if not isinstance(site, OnSite):
        raise ValueError(f"the site does not show findings of kind {kind!r}")
    return site


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
    """Match a finding to the rule it is about: the claim's text or the option's name it
    carries; for a case, its slot and line, or a case it quotes."""
    if isinstance(item, Claim):
        return finding.claim == item.text
    if isinstance(item, Option):
        return finding.option == item.name
    if finding.slot != item.slot or _about_a_property(finding):
        return False
    return at_rule(finding, item) or RuleAt.of(item) in finding.cases


def at_rule(finding: Finding, item: Case) -> bool:
    """True when the finding points at the line the case is written on, in the case's file (a
    child's rulebook shows its inherited cases, written in the parent's file)."""
    same_file = not finding.file or not item.pos.file or finding.file == item.pos.file
    return same_file and finding.line == item.pos.line


def _about_a_property(finding: Finding) -> bool:
    """A claim's or a built-in property's finding: shown with the claim or on its own, not on
    the rule its position names. (An undecided one stays at that rule: its question is asked
    there.)"""
    return finding.kind != "unknown" and (finding.claim is not None
                                          or finding.built_in is not None)


def not_checked(reason: str) -> Report:
    """Return the report of a variant the checker did not look at."""
    return Report(False, reason)


def report_of(checked: Any) -> Report:
    """Turn the checker's VariantReport into the docs' Report."""
    findings = tuple(Finding(f.kind, f.message, f.slot or "", f.line, f.witness, f.file,
                             f.claim, f.built_in, f.option, f.cases, f.named)
                     for f in checked.findings if isinstance(BY_KEY[f.kind].site, OnSite))
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
    """Each variant checked as `kozel check` checks it (a fresh process each, read back from
    kozel's cache when a `kozel check` kept it): the page says what the checker says."""
    from checks.run import CheckSettings, check_variants

    settings = CheckSettings.from_args(Budget(), None)  # `kozel check`'s defaults
    try:
        return {v.name: report_of(r) for v, r in zip(variants, check_variants(variants, settings))}
    except Exception:  # one failed: each alone, so that the warning names the variant
        return {variant.name: _check_one(variant, settings) for variant in variants}


def _check_one(variant: Variant, settings: Any) -> Report:
    from checks.run import check_variants

    try:
        return report_of(check_variants([variant], settings)[0])
    except Exception as error:  # a checker bug must not hide the rulebook, but is reported
        log.warning("kozel docs: the checker failed on %s: %r", variant.name, error)
        return not_checked(f"the checker failed: {error!r}")
