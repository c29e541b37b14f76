"""The checker's results as the docs see them: findings with witnesses, per variant.

The docs do not encode anything for Z3 themselves; they call the checker (`checks.running.run`) and
keep its report as `kozel check` prints it; a page shows a finding at the case, claim or option it
is about (the finding says which, as data). When the checker is not installed, every variant is
"not checked", and the pages say so instead of claiming anything. A checker that crashes is logged as a warning, which
fails a `--strict` build: a site must not quietly publish "not checked" for a broken checker.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checks.questions.budget import Budget
from checks.reporting.about import ClaimRef, OptionRef, PropertyRef, RestatedAt, RuleAt
from checks.reporting.findings import Finding, VariantReport
from checks.reporting.kinds import Kind, OnSite, Status
from checks.search.witnesses import Witness
from interpreter.language.model import Case, Claim, Option, Restatement, Variant

Item = Case | Claim | Option | Restatement  # what a page shows a finding at

log = logging.getLogger("mkdocs.hooks.kozel")


def status_of(finding: Finding) -> Status:
    """What a finding says about the rule text, as its badge shows it (a kind the site shows)."""
    site = finding.kind.site
    if not isinstance(site, OnSite):
        raise ValueError(f"the site does not show findings of kind {finding.kind.value!r}")
    return site.status_of(bool(finding.witness))


@dataclass(frozen=True)
class Report:
    """What the checker said about one variant: its report as `kozel check` prints it, or why
    there is none."""

    checked_report: VariantReport | None = None
    reason: str = ""  # why the checker did not look at the variant

    @property
    def checked(self) -> bool:
        """True when the checker looked at the variant."""
        return self.checked_report is not None

    @property
    def findings(self) -> tuple[Finding, ...]:
        """The findings of the kinds a rulebook shows, in the report's order."""
        found = self.checked_report.findings if self.checked_report else []
        return tuple(f for f in found if isinstance(f.kind.site, OnSite))

    def counts(self) -> dict[Status, int]:
        """Return how many conditions were proved, refuted, left unknown and held vacuously."""
        r = self.checked_report
        if r is None:
            return {status: 0 for status in Status}
        return {Status.PROVED: r.proved, Status.REFUTED: r.refuted, Status.UNKNOWN: r.unknown,
                Status.VACUOUS: r.vacuous}

    def about(self, item: Item, variant: Variant) -> list[Finding]:
        """Return the findings about one case, claim, option or restatement of the variant."""
        return [f for f in self.findings if _is_about(f, item, variant)]

    def loose(self, variant: Variant) -> list[Finding]:
        """Return the findings about no single case, claim or option (built-in properties)."""
        items: list[Item] = [c for _, cs in variant.slots for c in cs]
        items += [*variant.claims, *variant.options, *variant.restatements]
        return [f for f in self.findings if not any(_is_about(f, i, variant) for i in items)]


def _is_about(finding: Finding, item: Item, variant: Variant) -> bool:
    """Match a finding to the rule it is about: the claim, option or restatement it names; for
    a case, a case it stands at (rules_of)."""
    if isinstance(item, Claim):
        return finding.about == ClaimRef(item.text)
    if isinstance(item, Restatement):
        pos = item.pos
        return finding.about == RestatedAt(item.slot, pos.file or variant.file, pos.line,
                                           pos.column)
    if isinstance(item, Option):
        return finding.about == OptionRef(item.name)
    return not _about_a_property(finding) and RuleAt.of(item) in rules_of(finding, variant)


def rules_of(finding: Finding, variant: Variant) -> tuple[RuleAt, ...]:
    """The cases a finding is shown at: the cases it quotes, or, for a question about its slot
    as a whole (no case applies, a default, a stop in play), the slot's first case."""
    if finding.cases or not finding.slot:
        return finding.cases
    return tuple(RuleAt.of(c) for c in variant.cases(finding.slot)[:1])


def witness_rule(finding: Finding, variant: Variant) -> RuleAt | None:
    """The case where a rulebook draws a finding's witness: the one its question was asked at,
    the last it quotes (a conflict is asked at the later of its two cases)."""
    rules = rules_of(finding, variant)
    return rules[-1] if rules else None


def _about_a_property(finding: Finding) -> bool:
    """A claim's or a built-in property's finding: shown with the claim or on its own, not on
    the rule its position names. (An undecided one stays at that rule: its question is asked
    there.)"""
    return finding.kind is not Kind.UNKNOWN and isinstance(finding.about,
                                                           (ClaimRef, PropertyRef, RestatedAt))


def not_checked(reason: str) -> Report:
    """Return the report of a variant the checker did not look at."""
    return Report(None, reason)


def report_of(checked: VariantReport) -> Report:
    """The docs' report of a variant the checker looked at."""
    return Report(checked)


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
    from checks.running.run import CheckSettings, check_variants

    settings = CheckSettings.from_args(Budget(), None)  # `kozel check`'s defaults
    try:
        return {v.name: report_of(r) for v, r in zip(variants, check_variants(variants, settings))}
    except Exception:  # one failed: each alone, so that the warning names the variant
        return {variant.name: _check_one(variant, settings) for variant in variants}


def _check_one(variant: Variant, settings: Any) -> Report:
    from checks.running.run import check_variants

    try:
        return report_of(check_variants([variant], settings)[0])
    except Exception as error:  # a checker bug must not hide the rulebook, but is reported
        log.warning("kozel docs: the checker failed on %s: %r", variant.name, error)
        return not_checked(f"the checker failed: {error!r}")
