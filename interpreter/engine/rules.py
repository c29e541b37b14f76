"""A rule slot with its cases compiled, evaluated exactly as docs/language.md says.

For a situation: the cases that apply are the unconditional ones and those whose `when` holds;
`otherwise` applies when none of them does. No case: a gap. An applicable `unspecified` case:
stop. Different values: a conflict. `bonus` adds up. Every stop names the rule and the
situation (see stops.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import Case, Variant
from ..printer import format_expr
from ..slots import BOOL, SEAT, SIDE, SLOTS, TILE, TILES, SlotSpec
from . import tileset as ts
from .evaluate import Env, Fn, Undefined, compile_constant
from .stops import RuleStop, case_quote, case_ref


_NO_CONSTANT = object()


@dataclass(frozen=True)
class CompiledCase:
    """One case: its guard and value as closures (value None: unspecified)."""

    case: Case
    guard: Fn | None
    value: Fn | None
    guard_constant: bool = False
    value_constant: bool = False


def _describe(situation: Any) -> str:
    describe = getattr(situation, "describe", None)
    return describe() if describe else ""


class SlotRule:
    """A slot of one variant, ready to be asked for its value in a situation."""

    def __init__(self, spec: SlotSpec, cases: tuple[Case, ...], env: Env) -> None:
        self.spec = spec
        self.name = spec.name
        self.cases = cases
        compiled = [_compile_case(case, env) for case in cases]
        self.always: tuple[CompiledCase, ...] = ()
        self.guarded: tuple[CompiledCase, ...] = ()
        self.otherwise = next((c for c in compiled if c.case.otherwise), None)
        self._sort_cases(compiled)
        self.constant: Any = _NO_CONSTANT
        self.fast: Fn | None = None
        self._choose_fast_path()

    def _sort_cases(self, compiled: list[CompiledCase]) -> None:
        """Decide constant guards (options, player count) once: always, never, or per play."""
        always, guarded = [], []
        for case in compiled:
            if case.case.otherwise:
                continue
            if case.guard is None:
                always.append(case)
            elif not case.guard_constant:
                guarded.append(case)
            else:
                try:
                    if case.guard(None):
                        always.append(case)
                except Undefined:
                    guarded.append(case)  # raises again, with the rule named, if play gets here
        if not always and not guarded and self.otherwise is not None:
            always, self.otherwise = [self.otherwise], None
        self.always, self.guarded = tuple(always), tuple(guarded)
        order = {id(c): i for i, c in enumerate(compiled)}
        tested = {id(c) for c in guarded}
        self.ordered = tuple((c, id(c) in tested)
                             for c in sorted(always + guarded, key=lambda c: order[id(c)]))

    def _choose_fast_path(self) -> None:
        """A slot that is one unconditional case needs no case bookkeeping at all."""
        if not self.cases:
            self.constant = self.spec.default
            return
        if len(self.always) != 1 or self.guarded or self.always[0].value is None:
            return
        only = self.always[0]
        if self.spec.additive or not only.value_constant:
            self.fast = only.value
            return
        try:
            self.constant = only.value(None)  # type: ignore[misc]
        except Undefined:
            self.fast = only.value

    def __call__(self, situation: Any) -> Any:
        """Return the slot's value in a situation, or raise RuleStop."""
        if self.constant is not _NO_CONSTANT:
            return self.constant
        if self.fast is not None:
            try:
                return self.fast(situation)
            except Undefined as error:
                raise self._undefined(self.always[0], error, "value", situation) from None
        return self._combine(self._applying(situation), situation)

    def _applying(self, situation: Any) -> list[CompiledCase]:
        """Return the applicable cases in the order they are written."""
        applying = []
        for compiled, tested in self.ordered:
            if not tested:
                applying.append(compiled)
                continue
            try:
                holds = compiled.guard(situation)  # type: ignore[misc]
            except Undefined as error:
                raise self._undefined(compiled, error, "condition", situation) from None
            if holds:
                applying.append(compiled)
        if not applying and self.otherwise is not None:
            applying.append(self.otherwise)
        return applying

    def _combine(self, applying: list[CompiledCase], situation: Any) -> Any:
        if not applying:
            if self.spec.additive:
                return 0
            raise self._gap(situation)
        for compiled in applying:
            if compiled.value is None:
                note = f" — {compiled.case.note}" if compiled.case.note else ""
                raise RuleStop("unspecified", self.name,
                               f"the text is silent here{case_quote(compiled.case)}{note}",
                               cases=(compiled.case,), situation=_describe(situation))
        values = [self._value(c, situation) for c in applying]
        if self.spec.additive:
            return sum(values)
        for compiled, value in zip(applying[1:], values[1:]):
            if value != values[0]:
                raise self._conflict(applying[0], values[0], compiled, value, situation)
        return values[0]

    def _value(self, compiled: CompiledCase, situation: Any) -> Any:
        try:
            return compiled.value(situation)  # type: ignore[misc]
        except Undefined as error:
            raise self._undefined(compiled, error, "value", situation) from None

    def _gap(self, situation: Any) -> RuleStop:
        lines = ", ".join(case_ref(c) for c in self.cases)
        return RuleStop("gap", self.name, f"none of its cases ({lines}) applies",
                        situation=_describe(situation))

    def _conflict(self, first: CompiledCase, a: Any, second: CompiledCase, b: Any,
                  situation: Any) -> RuleStop:
        a_text, b_text = value_text(self.spec.type, a), value_text(self.spec.type, b)
        return RuleStop("conflict", self.name,
                        f"{case_ref(first.case)} gives {a_text} but {case_ref(second.case)} "
                        f"gives {b_text}", cases=(first.case, second.case),
                        situation=_describe(situation))

    def _undefined(self, compiled: CompiledCase, error: Undefined, part: str,
                   situation: Any) -> RuleStop:
        expr = compiled.case.guard if part == "condition" else compiled.case.value
        text = format_expr(expr) if expr is not None else ""
        return RuleStop("undefined", self.name, f"its {part} `{text}`: {error}",
                        cases=(compiled.case,), situation=_describe(situation))



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


def _compile_case(case: Case, env: Env) -> CompiledCase:
    guard, guard_constant = (compile_constant(case.guard, env) if case.guard is not None
                             else (None, False))
    value, value_constant = (compile_constant(case.value, env) if case.value is not None
                             else (None, False))
    return CompiledCase(case, guard, value, guard_constant, value_constant)


def compile_slots(variant: Variant, players: int, options: dict[str, Any],
                  option_types: dict[str, str], symbols: dict[str, str]) -> dict[str, SlotRule]:
    """Compile every slot of a variant for one player count and one setting of its options."""
    rules = {}
    for name, spec in SLOTS.items():
        env = Env(spec.context, options, option_types, symbols, players)
        rules[name] = SlotRule(spec, variant.cases(name), env)
    return rules
