"""A rule slot as Python source for a compiled match: a constant, an expression or a function.

The cases combine as engine/rules.py combines them (docs/language.md): every guard is
evaluated, an applicable `unspecified` case stops, the applicable values must agree (`bonus`
adds them up), no applicable case is a gap. A compiled match does not describe a stop: where
the engine would stop, the generated code raises `_Handover` (or lets Undefined through) and
the whole match is played again by the engine, which stops with the exact rule and situation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.evaluate import Code, Env, expression_code
from ..engine.rules import _NO_CONSTANT, SlotRule
from ..language.model import Case, Variant
from ..language.slots import SLOTS

_LOCAL = re.compile(r"(?<![\w'])v_\w+")  # a local of the match, not a word in a string


class NotCompiled(Exception):
    """The compiler does not cover something this setup uses; the reason says what."""


@dataclass(frozen=True)
class RuleSource:
    """How generated code asks a slot: `call` is an expression over the match's `v_*` locals;
    `definition` is a function to put beside the match (empty for constants and expressions)."""

    call: str
    definition: str = ""


def rule_source(rule: SlotRule, env: Env) -> RuleSource:
    """Write one slot of a prepared setup for a compiled match."""
    if rule.constant is not _NO_CONSTANT:
        return RuleSource(repr(rule.constant))
    cases = rule.cases
    guards = [expression_code(c.guard, env) if c.guard is not None else None for c in cases]
    values = [expression_code(c.value, env) if c.value is not None else None for c in cases]
    live = [at for at, guard in enumerate(guards) if not _never(guard)]
    if len(live) == 1 and not rule.spec.additive and values[live[0]] is not None:
        guard = guards[live[0]]
        if guard is None or guard.source == "True":  # one rule that always applies
            return RuleSource(f"({values[live[0]].source})")  # type: ignore[union-attr]
    name = "r_" + re.sub(r"\W", "_", rule.name)
    body = _guard_lines(cases, guards) + _value_lines(rule, cases, guards, values)
    params = sorted(set(_LOCAL.findall("\n".join(body))))
    head = f"def {name}({', '.join(params)}):"
    return RuleSource(f"{name}({', '.join(params)})", "\n".join([head] + body) + "\n")


def _never(guard: Code | None) -> bool:
    return guard is not None and guard.constant and guard.source == "False"


def _guard_lines(cases: tuple[Case, ...], guards: list[Code | None]) -> list[str]:
    """Every guard, as the engine evaluates them: all of them, in order."""
    lines = []
    for at, (case, guard) in enumerate(zip(cases, guards)):
        if not case.otherwise:
            lines.append(f"    h{at} = {guard.source if guard else 'True'}")
    others = " or ".join(f"h{at}" for at, case in enumerate(cases) if not case.otherwise)
    for at, case in enumerate(cases):
        if case.otherwise:
            lines.append(f"    h{at} = not ({others or 'False'})")
        if case.unspecified:
            lines.append(f"    if h{at}: raise _Handover")
    return lines


def _value_lines(rule: SlotRule, cases: tuple[Case, ...], guards: list[Code | None],
                 values: list[Code | None]) -> list[str]:
    additive = rule.spec.additive
    lines = ["    found = 0" if additive else "    found = _MISSING"]
    for at, value in enumerate(values):
        if value is None or _never(guards[at]):
            continue
        lines += [f"    if h{at}:", f"        v = {value.source}"]
        if additive:
            lines.append("        found += v")
        else:  # a second applicable case must agree with the first
            lines += ["        if found is _MISSING: found = v",
                      "        elif v != found: raise _Handover"]
    if not additive:
        lines.append("    if found is _MISSING: raise _Handover")
    return lines + ["    return found"]


# The slots this compiler writes (or settles at setup): not slots.SLOTS, since a slot the
# language gains later is declined, but only by a variant that writes cases for it (a slot left
# to its default keeps the behaviour the language had before it). tests/language/test_slot_table.py
# checks that the generated match asks each of these by name, or has it settled at setup.
KNOWN_SLOTS = frozenset((
    "sides", "deal", "draw", "reserve", "pass", "two doubles", "spinner", "redeal",
    "lead match", "lead round", "lead tile", "fish", "move score", "hand value", "loser",
    "score", "bonus", "carry", "opens", "remember", "goat", "wins"))


def check_slots_known(variant: Variant) -> None:
    """Decline a variant that writes a slot this compiler has never heard of."""
    unknown = [name for name in SLOTS if name not in KNOWN_SLOTS and variant.cases(name)]
    if unknown:
        raise NotCompiled(f"slots the compiler does not know: {', '.join(sorted(unknown))}")
