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
from interpreter.language.numbers import counted

from .about import ClaimRef
from .kinds import Kind

# (key of the JSON "counts", English word(s) one / many, Russian forms one / few / many)
GROUPS: tuple[tuple[str, tuple[str, str], tuple[str, str, str]], ...] = (
    ("claims_refuted", ("claim refuted", "claims refuted"),
     ("утверждение опровергнуто", "утверждения опровергнуты", "утверждений опровергнуто")),
    ("properties_refuted", ("built-in property refuted", "built-in properties refuted"),
     ("встроенное свойство нарушено", "встроенных свойства нарушены",
      "встроенных свойств нарушено")),
    ("gaps", ("gap", "gaps"), ("пробел", "пробела", "пробелов")),
    ("ambiguities", ("ambiguity", "ambiguities"),
     ("двусмысленность", "двусмысленности", "двусмысленностей")),
    ("conflicts", ("conflict", "conflicts"), ("противоречие", "противоречия", "противоречий")),
    ("unspecified", ("unspecified case reached", "unspecified cases reached"),
     ("неоговорённый случай достигнут", "неоговорённых случая достигнуты",
      "неоговорённых случаев достигнуто")),
    ("for_information", ("for information", "for information"),
     ("для сведения", "для сведения", "для сведения")),
    ("assumptions", ("assumption", "assumptions"), ("допущение", "допущения", "допущений")),
    ("unaccounted", ("sentence unaccounted for", "sentences unaccounted for"),
     ("предложение источника не учтено", "предложения источника не учтены",
      "предложений источника не учтено")),
)
SETTLED = (("unknown", ("unknown", "unknown"), ("не решено", "не решено", "не решено")),
           ("unconfirmed", ("unconfirmed", "unconfirmed"),
            ("не подтверждено", "не подтверждено", "не подтверждено")),
           ("vacuous", ("vacuous", "vacuous"), ("пусто", "пусто", "пусто")))
PROBLEMS = {Kind.GAP: "gaps", Kind.AMBIGUITY: "ambiguities", Kind.CONFLICT: "conflicts"}


def _group(finding: Any) -> str | None:
    """Return the group a finding is counted in, or None (proofs, readings, defaults, ...)."""
    if finding.kind in PROBLEMS:
        return PROBLEMS[finding.kind] if finding.fails_strict() else "for_information"
    if finding.kind is Kind.CLAIM_REFUTED:
        if not finding.fails_strict():
            return "for_information"
        return "claims_refuted" if isinstance(finding.about, ClaimRef) else "properties_refuted"
    if finding.kind in (Kind.UNSPECIFIED, Kind.UNACCOUNTED):
        return finding.kind.value
    return "assumptions" if finding.kind is Kind.ASSUMPTION else None


def tally(report: Any) -> dict[str, int]:
    """Return the counts of a VariantReport: proofs, each group of findings, what failed
    `--strict`, and what the checker could not settle."""
    counts = {"proved": report.proved, **{key: 0 for key, _, _ in GROUPS}}
    for finding in report.findings:
        group = _group(finding)
        if group is not None:
            counts[group] += 1
    counts["strict"] = sum(1 for f in report.findings if f.fails_strict())
    counts.update(unknown=report.unknown, unconfirmed=report.unconfirmed,
                  vacuous=report.vacuous)
    return counts


def _words(count: int, en: tuple[str, str], ru: tuple[str, str, str], lang: str) -> str:
    """A count and its words in the form the language gives that number (Babel's plural
    rules: 1 пробел, 2 пробела, 5 пробелов, 21 пробел)."""
    if lang == "ru":
        return counted(count, dict(zip(("one", "few", "many"), ru)), "ru")
    return counted(count, {"one": en[0], "other": en[1]}, "en")


def summary_line(report: Any, lang: str = "en") -> str:
    """Return the one-line summary of a report, in `lang`."""
    counts = tally(report)
    found = [_words(counts[k], en, ru, lang) for k, en, ru in GROUPS if counts[k]]
    unsettled = [_words(counts[k], en, ru, lang) for k, en, ru in SETTLED]
    if lang == "ru":
        head = f"{report.name}: доказано {counts['proved']}"
        strict = f"--strict не проходят: {counts['strict']}"
    else:
        head = f"{report.name}: {counts['proved']} proved"
        strict = f"{counts['strict']} failing --strict"
    parts = [head, ", ".join(found) if found else _nothing(lang), ", ".join(unsettled), strict]
    if report.playouts:
        parts.append(said_in(report.playouts, lang))
    time = f" ({report.seconds:.1f} s)" if report.timed else ""
    return "; ".join(parts) + time


def _nothing(lang: str) -> str:
    return "ничего не опровергнуто" if lang == "ru" else "nothing refuted"
