"""What `kozel check` prints, the change first: a variant that extends another shows what its
own text changes (its own findings, the parent's that the change adds, alters or removes), then
one line counting the parent's findings it keeps (`--inherited` lists them); several variants
open with one line each and the family table, then the details."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Any

from checks.reporting.catalogue import Said
from checks.reporting.findings import Finding, VariantReport
from checks.reporting.altered_why import why_altered
from checks.reporting.inherited import Change, compare_with_parent
from checks.reporting.report import finding_head

from interpreter.language.errors import RuleFileError, UsageError
from interpreter.language.model import Variant
from interpreter.language.numbers import counted
from interpreter.language import catalogue
from interpreter.language.readings import read_all
from interpreter.language.summary import summary_lines
from ..terminal import Terminal
from .check_styled import finding_lines, fitted


@dataclass(frozen=True)
class Shown:
    """How the text report is asked for."""

    summary: bool = False  # each variant's summary too
    inherited: bool = False  # list the parent's unchanged findings
    strict: bool = False  # say which failing findings are inherited
    lang: str = "en"


def parents_of(library: Any, variants: list[Variant], reading: list[str]) -> list[Variant]:
    """The parents of the variants that extend another and are not asked for themselves,
    resolved from the same files (with the readings asked for, where they have them)."""
    asked = {v.name for v in variants}
    found: dict[str, Variant] = {}
    for variant in variants:
        name = variant.parent
        if name is not None and name not in asked and name not in found:
            found[name] = library.resolve(name)
    parents = list(found.values())
    try:
        return read_all(parents, reading) if parents else parents
    except UsageError:  # a reading only the house rule has: the parent reads as written
        return parents


def changes_of(variants: list[Variant], reports: list[VariantReport]) -> dict[str, Change]:
    """What each variant changes: against its parent's report where it extends one, else
    every finding its own."""
    by_name = {r.name: r for r in reports}
    changes = {}
    for variant, report in zip(variants, reports):
        parent = by_name.get(variant.parent or "")
        changes[variant.name] = (compare_with_parent(report, parent, variant.file)
                                 if parent is not None else
                                 Change("", own=list(report.findings),
                                        findings=list(report.findings)))
    return changes


def report_json(report: VariantReport, change: Change) -> dict[str, Any]:
    """A variant's entry of the JSON, each finding marked `own` or `inherited` (one the
    change altered with the kind it had in the parent); for a variant that extends another,
    the parent's findings the change removed."""
    was = {id(a.finding): a.was for a in change.altered}
    findings = [{**f.as_json(), "origin": change.origin(f),
                 **({"was": str(was[id(f)])} if id(f) in was else {})} for f in change.findings]
    data = {**report.as_json(), "findings": findings}
    if change.parent:
        data["no longer"] = [{**f.as_json(), "origin": "inherited"} for f in change.removed]
    return data


def print_text(variants: list[Variant], reports: list[VariantReport],
               changes: dict[str, Change], errors: list[RuleFileError],
               comparisons: list[dict[str, Any]], relations: list[Finding], shown: Shown
               ) -> None:
    """The text report: with several variants, one line each and the family table first."""
    from checks.reporting.family_text import family_table, pair_lines

    terminal = Terminal.of(sys.stdout)  # colours and wrapping for a person, none in a pipe
    lang = shown.lang
    for error in errors:
        print(error.render(lang), file=sys.stderr)
    several = len(reports) > 1
    if several:
        _print([line for r in reports for line in fitted(r.summary(lang), terminal)] + [""])
        if comparisons:
            _print(family_table(comparisons, lang) + [""])
    for variant, report in zip(variants, reports):
        if shown.summary:
            _print(summary_lines(variant))
        listed = Shown(shown.summary, shown.inherited or several, shown.strict, lang)
        _print(variant_lines(variant, report, changes[variant.name], terminal, listed) + [""])
    _print(finding_lines(relations, terminal, lang))
    if comparisons:
        _print([Said("family.title").in_lang(lang)]
               + [line for c in comparisons for line in pair_lines(c, lang)])


def _print(lines: list[str]) -> None:
    if lines:
        print("\n".join(lines))


def variant_lines(variant: Variant, report: VariantReport, change: Change, terminal: Terminal,
                  shown: Shown) -> list[str]:
    """One variant's findings, the change first, then its summary line."""
    lang = shown.lang
    if not change.parent:
        return finding_lines(change.findings, terminal, lang) + fitted(report.summary(lang),
                                                                       terminal)
    said = _Words(change, report.name, lang)
    lines = fitted(said("change.head"), terminal)
    lines += _changed_lines(variant, change, terminal, said)
    lines += [line for r in replaced_sentences(variant) for line in fitted(said(
        "change.replaced", source=r.source, line=r.line, text=r.text, place=r.by), terminal)]
    kept = _findings(len(change.inherited), lang)
    if shown.inherited and change.inherited:
        lines += fitted(said("change.kept listed", count=kept), terminal)
        lines += finding_lines(change.inherited, terminal, lang)
    elif change.inherited:
        lines += fitted(said("change.kept", count=kept), terminal)
    lines += fitted(report.summary(lang), terminal)
    if shown.strict:
        lines += _strict_lines(change, terminal, said)
    return lines


class _Words:
    """The catalogue's words of a change, naming the variant and its parent."""

    def __init__(self, change: Change, name: str, lang: str) -> None:
        self.change, self.name, self.lang = change, name, lang

    def __call__(self, key: str, **args: Any) -> str:
        return Said(key, name=self.name, parent=self.change.parent, **args).in_lang(self.lang)


def _findings(count: int, lang: str) -> str:
    return counted(count, catalogue.forms("count.findings", lang), lang)


def _changed_lines(variant: Variant, change: Change, terminal: Terminal, said: _Words
                   ) -> list[str]:
    """The findings the variant's text makes, an altered one with the kind it had in the
    parent, then the parent's findings it no longer has (their first line only), each with
    why where the data says."""
    lang = said.lang
    was = {id(a.finding): a for a in change.altered}
    lines: list[str] = []
    for finding in change.changed():
        lines += finding_lines([finding], terminal, lang)
        if id(finding) in was:
            altered = was[id(finding)]
            lines += fitted(said("change.was", kind=altered.was.word(lang)), terminal)
            lines += _why_lines(variant, altered.before, terminal, lang)
    for finding in change.removed:  # gone: its words without its kind's colour
        place, word, message = finding_head(finding, lang)
        lines += fitted(said("change.removed", finding=f"{place} {word}: {message}"), terminal)
        lines += _why_lines(variant, finding, terminal, lang)
    return lines or fitted(said("change.nothing"), terminal)


def _why_lines(variant: Variant, before: Finding | None, terminal: Terminal, lang: str
               ) -> list[str]:
    """Why the parent's finding turned otherwise or is gone, where the data says."""
    why = why_altered(variant, before) if before is not None else None
    return fitted(why.in_lang(lang), terminal) if why is not None else []


@dataclass(frozen=True)
class Replaced:
    """A sentence of the source that only a replaced or dropped rule of the parent cited:
    accounted for by the house rule (`by`, its file and line) that replaced it."""

    source: str
    line: int
    text: str
    by: str


def replaced_sentences(variant: Variant) -> list[Replaced]:
    """The sentences of a variant's source that its own house rules account for by replacing
    the parent's rules that cited them (interpreter/language/concordance.py)."""
    from interpreter.language.concordance import concordance

    found = concordance(variant)
    if found is None:
        return []
    home = os.path.normpath(variant.file)
    replaced = []
    for entry in found.entries:
        if entry.rules and all(a.what == "house rule" for a in entry.rules):
            own = [a.pos for a in entry.rules if os.path.normpath(a.pos.file) == home]
            replaced += [Replaced(found.file, entry.sentence.line, entry.sentence.text,
                                  f"{pos.file}:{pos.line}") for pos in own[:1]]
    return replaced


def _strict_lines(change: Change, terminal: Terminal, said: _Words) -> list[str]:
    """Under --strict: how many findings fail it, and which of them are inherited."""
    failing = [f for f in change.findings if f.fails_strict()]
    inherited = [f for f in change.inherited if f.fails_strict()]
    if not failing:
        return []
    if not inherited:  # nothing to list after the count: no dangling colon
        return fitted(said("change.strict none inherited", count=len(failing)), terminal)
    lines = fitted(said("change.strict", count=len(failing), inherited=len(inherited)), terminal)
    return lines + finding_lines(inherited, terminal, said.lang, witnesses=False)
