"""A one-screen summary of a Variant: slots, options, assumptions, unspecified points."""

from __future__ import annotations

from typing import Any

from .model import Case, Reading, Variant, value_text
from .open_options import values_json, values_text
from .printer import format_expr
from .readings import questions
from .slots import SLOTS


def case_text(case: Case) -> str:
    """Return one case as it would be written, without provenance."""
    value = "unspecified" if case.value is None else format_expr(case.value)
    if case.otherwise:
        return f"{value} otherwise"
    if case.guard is not None:
        return f"{value} when {format_expr(case.guard)}"
    return value


def _reading_text(case: Case, reading: Reading) -> str:
    value = "unspecified" if reading.value is None else format_expr(reading.value)
    guard = reading.guard if reading.guard is not None else case.guard
    if guard is None:
        return value + (" otherwise" if case.otherwise else "")
    return f"{value} when {format_expr(guard)}"


def summary_lines(variant: Variant) -> list[str]:
    """Return the summary of a variant as lines of text."""
    title = f" — {variant.title}" if variant.title else ""
    parent = f" (extends {variant.parent})" if variant.parent else ""
    lines = [f"{variant.name}{title}{parent}",
             f"  players: {', '.join(map(str, variant.players))}; source: {variant.source or '-'}"]
    if variant.several_goats:
        lines.append("  several goats: yes (several sides may lose the match in one round)")
    for option in variant.options:
        default = "no default" if option.default is None else f"default {value_text(option.default)}"
        values = values_text(option.values)
        lines.append(f"  option {option.name}: {values} ({default})")
        lines += [f"    say {value_text(v)}: {en} / {ru}" for v, en, ru in option.words]
    for name in SLOTS:
        cases = variant.cases(name)
        if not cases:
            lines.append(f"  {name}: {SLOTS[name].default_text} (default)")
            lines += _restated(variant, name)
            continue
        for case in cases:
            mark = " [assumption]" if case.assumption else ""
            if variant.parent and case.origin and case.origin != variant.name:
                mark += f" [from {case.origin}]"  # an inherited case, so a reader knows where
            lines.append(f"  {name}: {case_text(case)}{mark}")
            lines += [f"    reading {r.name}" + (" (chosen)" if r.chosen else
                                                 f": {_reading_text(case, r)}")
                      for r in case.readings]
        lines += _restated(variant, name)
    counts = (f"  {len(variant.assumptions())} assumption(s), "
              f"{len(variant.unspecified_cases())} unspecified point(s), "
              f"{len(variant.claims)} claim(s)"
              + (f", {len(variant.restatements)} restatement(s)" if variant.restatements else ""))
    return lines + [counts]


def _restated(variant: Variant, slot: str) -> list[str]:
    """The restatements of a slot, beside its cases: `restates: VALUE when COND`."""
    found = []
    for restated in (r for r in variant.restatements if r.slot == slot):
        when = "" if restated.guard is None else f" when {format_expr(restated.guard)}"
        mark = " [expect refuted]" if restated.expect_refuted else ""
        found.append(f"    restates: {format_expr(restated.value)}{when}{mark}")
    return found


def summary_json(variant: Variant) -> dict[str, Any]:
    """Return the summary of a variant as a JSON-ready dict (`kozel check --summary`)."""
    return {
        "title": variant.title,
        "extends": variant.parent,
        "source": variant.source,
        "players": list(variant.players),
        **({"several_goats": True} if variant.several_goats else {}),
        "options": [{"name": o.name, "values": values_json(o.values), "default": o.default}
                    for o in variant.options],
        "slots": {name: [case_text(c) for c in variant.cases(name)] for name in SLOTS
                  if variant.cases(name)},
        "assumptions": [{"line": c.pos.line, "reason": c.assumption}
                        for c in variant.assumptions()],
        "unspecified": [{"slot": c.slot, "line": c.pos.line, "note": c.note}
                        for c in variant.unspecified_cases()],
        "claims": [{"text": c.text, "line": c.pos.line} for c in variant.claims],
        "readings": [{"names": list(q.names), "chosen": q.chosen, "slots": list(q.slots),
                      "lines": [c.pos.line for c in q.cases]} for q in questions(variant)],
    }
