"""A variant's summary line: each count says what it counts, and `--strict` counts the same.

"N refuted" used to add up every refuted question: the claims, but also the unspecified cases
play reaches and the properties reported only for information, so a variant with no refuted
claim read "3 refuted". The tally counts findings, each in one group, and names the group:
what a game refuted and `--strict` fails on (claims, built-in properties, gaps, ambiguities,
conflicts), the unspecified cases play reaches, what is for information only, the
assumptions, the source's sentences no rule accounts for, and what the checker could not settle (unknown, unconfirmed, vacuous).
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.words import said_in
from interpreter.language import catalogue
from interpreter.language.numbers import counted
from interpreter.language.said import say

from .kinds import Kind

# The JSON "counts" of the findings, in the summary's order; each is said with the catalogue's
# counted entry "count.<key>" (its words agree with the number in each language).
GROUPS = ("claims_refuted", "properties_refuted", "gaps", "ambiguities", "conflicts",
          "endless", "unspecified", "for_information", "assumptions", "unaccounted")
SETTLED = ("unknown", "unconfirmed", "vacuous")
PROBLEMS = {Kind.GAP: "gaps", Kind.AMBIGUITY: "ambiguities", Kind.CONFLICT: "conflicts"}


def _group(finding: Any) -> str | None:
    """Return the group a finding is counted in, or None (proofs, readings, defaults, ...)."""
    if finding.kind in PROBLEMS:
        return PROBLEMS[finding.kind] if finding.fails_strict() else "for_information"
    if finding.kind in (Kind.CLAIM_REFUTED, Kind.RESTATEMENT_REFUTED, Kind.PROPERTY_REFUTED):
        if not finding.fails_strict():
            return "for_information"
        return "properties_refuted" if finding.kind is Kind.PROPERTY_REFUTED else "claims_refuted"
    if finding.kind is Kind.ENDLESS:  # a match that need not end; by luck only: information
        return "endless" if finding.fails_strict() else "for_information"
    if finding.kind in (Kind.UNSPECIFIED, Kind.UNACCOUNTED):
        return finding.kind.value
    return "assumptions" if finding.kind is Kind.ASSUMPTION else None


def tally(report: Any) -> dict[str, int]:
    """Return the counts of a VariantReport: proofs, each group of findings, what failed
    `--strict`, and what the checker could not settle."""
    counts = {"proved": report.proved, **{key: 0 for key in GROUPS}}
    for finding in report.findings:
        group = _group(finding)
        if group is not None:
            counts[group] += 1
    counts["strict"] = sum(1 for f in report.findings if f.fails_strict())
    counts.update(unknown=report.unknown, unconfirmed=report.unconfirmed,
                  vacuous=report.vacuous)
    return counts


def _words(count: int, key: str, lang: str) -> str:
    """A count and its words in the form the language gives that number (Babel's plural
    rules: 1 пробел, 2 пробела, 5 пробелов, 21 пробел)."""
    return counted(count, catalogue.forms(f"count.{key}", lang), lang)


def summary_line(report: Any, lang: str = "en") -> str:
    """Return the one-line summary of a report, in `lang`."""
    counts = tally(report)
    found = [_words(counts[key], key, lang) for key in GROUPS if counts[key]]
    unsettled = [_words(counts[key], key, lang) for key in SETTLED]
    parts = [say(lang, "tally.head", name=report.name, proved=counts["proved"]),
             ", ".join(found) if found else say(lang, "tally.nothing"), ", ".join(unsettled),
             say(lang, "tally.strict", count=counts["strict"])]
    if report.playouts:
        parts.append(said_in(report.playouts, lang))
    time = f" ({report.seconds:.1f} s)" if report.timed else ""
    return "; ".join(parts) + time

