"""A rule slot with its cases compiled, evaluated exactly as docs/language.md says.

For a situation: the cases that apply are the unconditional ones and those whose `when` holds;
`otherwise` applies when none of them does. No case: a gap. An applicable `unspecified` case:
stop. Different values: a conflict. `bonus` adds up. Every stop names the rule and the
situation (see stops.py).

Each slot becomes one generated Python function (see `_slot_source`): the guards in order, the
unspecified checks, then the values with the conflict test, each step remembering which case it
is in so that an undefined value is reported against its own rule. Guards that are constant for
a match (options, player count) are decided once, here. Each function first marks its rule as
asked, so that a game search can say which rules (and options) its matches read.
"""

from __future__ import annotations

from functools import lru_cache
from types import CodeType
from typing import Any

from ..language.model import Case, Variant
from ..language.printer import format_expr
from ..language.slots import BOOL, SEAT, SIDE, SLOTS, TILE, TILES, SlotSpec
from . import tileset as ts
from .evaluate import Code, Env, Undefined, expression_code, runtime
from .stops import RuleStop, case_note, case_quote, case_ref
from .words import Said, seat_said, side_said

_NO_CONSTANT = object()


def _describe(situation: Any) -> str:
    describe = getattr(situation, "describe", None)
    return describe() if describe else ""


def _facts(situation: Any, context: str) -> dict[str, Any]:
    facts = getattr(situation, "facts", None)
    return facts(context) if facts else {}


def value_text(type_: str, value: Any) -> str:
    """Write an engine value in domino terms (a tile as 3-5, a seat as `seat 2`)."""
    if type_ == TILE:
        return str(ts.tile_of(value))
    if type_ == TILES:
        return f"[{ts.set_text(value)}]"
    if type_ in (SEAT, SIDE):
        return f"{type_} {value}"
    if type_ == BOOL:
        return "yes" if value else "no"
    return str(value)


def value_said(type_: str, value: Any) -> Any:
    """Write an engine value for people, in any language: a seat or a side numbered from 1."""
    if type_ == SEAT:
        return seat_said(value)
    if type_ == SIDE:
        return side_said(value)
    if type_ == BOOL:
        return Said("value.yes" if value else "value.no")
    return value_text(type_, value)


class SlotRule:
    """A slot of one variant, ready to be asked for its value in a situation.

    `evaluate(situation)` is the compiled function; calling the rule does the same."""

    def __init__(self, spec: SlotSpec, cases: tuple[Case, ...], env: Env) -> None:
        self.spec = spec
        self.name = spec.name
        self.cases = cases
        self._constant: Any = _NO_CONSTANT
        if not cases:
            self._constant = spec.default
        guards = [_guard(case, env) for case in cases]
        values = [expression_code(c.value, env) if c.value is not None else None for c in cases]
        source = _slot_source(spec, cases, guards, values)
        namespace = runtime()
        # `_asked[0]`: set by every evaluation, so that a game search can tell which rules its
        # matches read (and so which options: checks/search/games.py)
        self._asked = [False]
        namespace.update(_MISSING=_MISSING, Undefined=Undefined, _stop=self._stop,
                         _asked=self._asked)
        exec(_compiled(source, spec.name), namespace)
        self.evaluate = namespace["evaluate"]
        self._fold_constant(cases, guards, values)
        self._asked[0] = False  # folding is not asking

    @property
    def constant(self) -> Any:
        """The rule's value where it is the same in every situation of the match (read as
        asking the rule), else a marker that it is not."""
        self._asked[0] = True
        return self._constant

    def asked(self) -> bool:
        """Whether the rule was evaluated (or its constant read) since it was made or since
        `forget_asked`."""
        return self._asked[0]

    def forget_asked(self) -> None:
        """Start counting what is asked of the rule anew (a new game search)."""
        self._asked[0] = False

    def _fold_constant(self, cases: tuple[Case, ...], guards: list[Code | None],
                       values: list[Code | None]) -> None:
        """A slot whose applicable cases are decided and constant is a constant (setup facts)."""
        if self._constant is not _NO_CONSTANT or not all(g is None or g.constant
                                                         for g in guards):
            return
        if all(v is not None and v.constant for v in values):
            try:
                self._constant = self.evaluate(None)
            except RuleStop:
                pass  # a gap or conflict stays, and stops play when it is reached

    def __call__(self, situation: Any) -> Any:
        """Return the slot's value in a situation, or raise RuleStop."""
        return self.evaluate(situation)

    def _stop(self, kind: str, at: int, situation: Any, *details: Any) -> RuleStop:
        """Build the stop the generated function raises (cold path: only on errors)."""
        if kind == "gap":
            lines = ", ".join(case_ref(c) for c in self.cases)
            return RuleStop("gap", self.name, Said("detail.gap", lines=lines),
                            situation=_describe(situation), facts=self._facts(situation))
        case = self.cases[at]
        if kind == "unspecified":
            return RuleStop("unspecified", self.name,
                            Said("detail.silent", quote=case_quote(case), note=case_note(case)),
                            cases=(case,),
                            situation=_describe(situation), facts=self._facts(situation))
        if kind == "conflict":
            first_at, first_value, value = details
            first = self.cases[first_at]
            texts = (value_text(self.spec.type, first_value), value_text(self.spec.type, value))
            return RuleStop("conflict", self.name,
                            Said("detail.conflict", first=case_ref(first),
                                 a=value_said(self.spec.type, first_value),
                                 second=case_ref(case), b=value_said(self.spec.type, value)),
                            cases=(first, case), situation=_describe(situation),
                            facts=self._facts(situation), values=texts,
                            answers=(first_value, value))
        part, error = details
        expr = case.guard if part == "condition" else case.value
        text = format_expr(expr) if expr is not None else ""
        why = error.args[0] if error.args and isinstance(error.args[0], Said) else str(error)
        return RuleStop("undefined", self.name,
                        Said("detail.undefined", part=Said(f"part.{part}"), text=text, error=why),
                        cases=(case,),
                        situation=_describe(situation), facts=self._facts(situation))

    def _facts(self, situation: Any) -> dict[str, Any]:
        """The situation of a stop as data, as far as this slot's context sees it."""
        return _facts(situation, self.spec.context)


_MISSING = object()


@lru_cache(maxsize=4096)
def _compiled(source: str, slot: str) -> CodeType:
    """The code of a slot's source, compiled once: each setting of a variant a search
    prepares writes most of its slots' sources again word for word (code objects are
    immutable, so sharing one between rules is safe)."""
    return compile(source, f"<slot {slot}>", "exec")


def _guard(case: Case, env: Env) -> Code | None:
    """The guard's code; None for a case without `when` (always, or `otherwise`)."""
    return expression_code(case.guard, env) if case.guard is not None else None


def _guard_lines(cases: tuple[Case, ...], guards: list[Code | None]) -> list[str]:
    lines = ["    try:"]
    for at, (case, guard) in enumerate(zip(cases, guards)):
        if case.otherwise:
            continue
        lines.append(f"        at = {at}; h{at} = {guard.source if guard else 'True'}")
    lines += ["        pass", "    except Undefined as error:",
              "        raise _stop('undefined', at, s, 'condition', error) from None"]
    others = [f"h{at}" for at, case in enumerate(cases) if not case.otherwise]
    for at, case in enumerate(cases):
        if case.otherwise:
            lines.append(f"    h{at} = not ({' or '.join(others) or 'False'})")
    return lines


def _value_lines(spec: SlotSpec, cases: tuple[Case, ...], values: list[Code | None]) -> list[str]:
    lines = ["    found = 0" if spec.additive else "    found = _MISSING", "    try:"]
    for at, value in enumerate(values):
        if value is None:
            continue
        lines += [f"        if h{at}:", f"            at = {at}; v = {value.source}"]
        if spec.additive:
            lines.append("            found += v")
        else:
            lines += ["            if found is _MISSING: found, first = v, at",
                      "            elif v != found: raise _stop('conflict', at, s, first, found, v)"]
    lines += ["        pass", "    except Undefined as error:",
              "        raise _stop('undefined', at, s, 'value', error) from None"]
    if not spec.additive:
        lines += ["    if found is _MISSING: raise _stop('gap', -1, s)"]
    return lines + ["    return found"]


def _never(guard: Code | None) -> bool:
    """A guard that is constant and false for this match (an option, the player count)."""
    return guard is not None and guard.constant and guard.source == "False"


def _slot_source(spec: SlotSpec, cases: tuple[Case, ...], guards: list[Code | None],
                 values: list[Code | None]) -> str:
    """Python source of `evaluate(s)` for a slot (see the module docstring)."""
    if not cases:
        return f"def evaluate(s):\n    _asked[0] = True\n    return {spec.default!r}\n"
    live = [at for at, guard in enumerate(guards) if not _never(guard)]
    only = values[live[0]] if len(live) == 1 else None
    guard = guards[live[0]] if len(live) == 1 else None
    if only is not None and not spec.additive and (guard is None or guard.source == "True"):
        at = live[0]  # the common shape: one rule that always applies
        return (f"def evaluate(s):\n    _asked[0] = True\n    try:\n"
                f"        return {only.source}\n"
                f"    except Undefined as error:\n"
                f"        raise _stop('undefined', {at}, s, 'value', error) from None\n")
    values = [v if not _never(g) else None for v, g in zip(values, guards)]
    lines = ["def evaluate(s):", "    _asked[0] = True", "    at = -1"]
    lines += _guard_lines(cases, guards)
    for at, case in enumerate(cases):
        if case.unspecified:
            lines.append(f"    if h{at}: raise _stop('unspecified', {at}, s)")
    return "\n".join(lines + _value_lines(spec, cases, values)) + "\n"


def compile_slots(variant: Variant, players: int, options: dict[str, Any],
                  option_types: dict[str, str], symbols: dict[str, str]) -> dict[str, SlotRule]:
    """Compile every slot of a variant for one player count and one setting of its options."""
    rules = {}
    for name, spec in SLOTS.items():
        env = Env(spec.context, options, option_types, symbols, players)
        rules[name] = SlotRule(spec, variant.cases(name), env)
    return rules
