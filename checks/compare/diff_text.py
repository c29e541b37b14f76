"""Beside each difference of `kozel diff`, what each variant writes there: its cases as
written, with the sentences they cite and the assumptions they make."""

from __future__ import annotations

from interpreter.language.model import Case, Variant
from interpreter.language.summary import case_text

from ..reporting.catalogue import Said, said_in


def rule_texts(variant: Variant, label: str, slot: str, lang: str = "en") -> list[str]:
    """The slot's cases in one variant, each with its citations, indented for the diff (the
    rules as written: `cite` and `assume` are words of the rule language)."""
    cases = variant.cases(slot)
    if not cases:
        return ["    " + said_in(Said("diff.default", label=label), lang)]
    first = cases[0].pos
    where = f" ({first.file or variant.file}:{first.line})" if first.line else ""
    lines = [f"    {label}{where}:"]
    for case in cases:
        # a case another variant wrote than the first's (a house rule's among its parent's,
        # in its own file or the same one) says where it was written
        place = f"  -- {case.pos.file or variant.file}:{case.pos.line}" \
            if case.origin != cases[0].origin and case.pos.line else ""
        lines.append(f"      {slot}: {case_text(case)}{place}")
        lines += [f"        {line}" for line in _provenance(case)]
    return lines


def _provenance(case: Case) -> list[str]:
    lines = [f"cite {_quoted(c.quote)}" for c in case.cites]
    if case.assumption:
        lines.append(f"assume {_quoted(case.assumption)}")
    return lines


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
