"""A variant's options and rule slots in Z3: how the cases of a slot combine (docs/language.md).

For a slot in an environment, every case gets its guard, its value and `applies`; the slot gets
its combined value (the first applicable case, the otherwise case, the sum for `bonus`, the
default when the variant writes no case) and `ok`: the situations where the engine would get a
value (no gap, no undefined value, no unspecified case reached, no conflict).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any, Callable

import z3

from interpreter.language import ast
from interpreter.language.model import Case, Variant
from interpreter.language.slots import BOOL, INT, SLOTS, TILES, GROUP
from interpreter.language.typing_rules import option_type, symbols_with_options

from ..questions.z3_state import mark_used
from . import terms as z3t
from . import values as V
from .expressions import EncodingError, meaning, symbol_code
from .values import Hazard, Sym

TermFn = Callable[[ast.Pos], Sym]
FuncFn = Callable[[list[Sym], ast.Pos], Sym]


class ContextEnv:
    """The environment of one context for one variant: terms, options, symbols, functions."""

    def __init__(self, context: str, enc: "VariantEnc", terms: dict[str, TermFn],
                 functions: dict[str, FuncFn] | None = None) -> None:
        self.context = context
        self.enc = enc
        self.terms = terms
        self.functions = functions or {}
        self.option_types = enc.option_types
        self.symbols = enc.symbols

    def term(self, name: str, pos: ast.Pos) -> Sym:
        """Return the meaning of a context term."""
        if name not in self.terms:
            raise EncodingError(f"term {name!r} has no meaning in context {self.context}")
        return self.terms[name](pos)

    def option(self, name: str) -> Sym:
        """Return the symbolic value of an option."""
        return self.enc.option(name)

    def symbol(self, name: str) -> Sym:
        """Return the code of a symbol."""
        type_ = self.symbols[name]
        return Sym(z3.IntVal(symbol_code(name, type_, self.enc.option_values)), type_)

    def call(self, func: str, args: list[Sym], pos: ast.Pos) -> Sym:
        """Return the meaning of a context function."""
        if func not in self.functions:
            raise EncodingError(f"function {func!r} has no meaning in context {self.context}")
        return self.functions[func](args, pos)

    def extended(self, context: str, terms: dict[str, TermFn],
                 functions: dict[str, FuncFn] | None = None) -> "ContextEnv":
        """Return a wider environment (e.g. end → scored) sharing this one's meanings."""
        return ContextEnv(context, self.enc, {**self.terms, **terms},
                          {**self.functions, **(functions or {})})


def const(sym: Sym) -> TermFn:
    """Return a term function that ignores the position."""
    return lambda pos: sym


@dataclass
class CaseSyms:
    """One case of a slot in one environment."""

    case: Case
    index: int
    guard: Sym | None
    value: Sym | None  # None: unspecified
    applies: Any = V.TRUE


@dataclass
class SlotSyms:
    """A slot in one environment: its cases, combined value and where it is well defined."""

    slot: str
    cases: list[CaseSyms]
    value: Sym
    ok: Any
    written: bool = True
    conflicts: list[tuple[CaseSyms, CaseSyms, Any]] = field(default_factory=list)

    def guards_defined(self) -> Any:
        """Return the formula: every guard of the slot can be evaluated."""
        return z3t.And(*[c.guard.defined() for c in self.cases if c.guard is not None])

    def none_applies(self) -> Any:
        """Return the formula: every guard evaluates and no case applies."""
        return z3t.And(self.guards_defined(), *[z3t.Not(c.applies) for c in self.cases])


def ite(cond: Any, a: Sym, b: Sym) -> Sym:
    """Return `if cond then a else b` for symbolic values of any representation."""
    hazards = V.when(cond, a.hazards) + V.when(z3t.Not(cond), b.hazards)
    if isinstance(a.value, tuple):
        return Sym(tuple(z3t.If(cond, x, y) for x, y in zip(a.value, b.value)), a.type, hazards)
    return Sym(z3t.If(cond, a.value, b.value), a.type, hazards)


def differ(a: Sym, b: Sym) -> Any:
    """Return the formula: the two values differ."""
    if isinstance(a.value, tuple):
        return z3t.Or(*[x != y for x, y in zip(a.value, b.value)])
    return a.value != b.value


def placeholder(type_: str) -> Sym:
    """A value for a slot whose every case is unspecified (`ok` never holds: never read)."""
    if type_ == TILES:
        return Sym(V.tiles_const([]), type_)
    if type_ == GROUP:
        return Sym(tuple(V.FALSE for _ in range(V.MAX_SEATS)), type_)
    if type_ == BOOL:
        return Sym(V.FALSE, type_)
    return Sym(z3.IntVal(0), type_)


def default_sym(slot: str, enc: "VariantEnc") -> Sym:
    """Return a slot's default value when the variant writes no case."""
    spec = SLOTS[slot]
    if spec.type == BOOL:
        return Sym(z3.BoolVal(bool(spec.default)), BOOL)
    if spec.type == INT:
        return Sym(z3.IntVal(spec.default if isinstance(spec.default, int) else 0), INT)
    if isinstance(spec.default, str):
        return Sym(z3.IntVal(symbol_code(spec.default, spec.type, {})), spec.type)
    if spec.type == TILES:  # `spinner`: no tile ever is one
        return Sym(V.tiles_const([]), TILES)
    raise EncodingError(f"slot {slot!r} has no default")


class VariantEnc:
    """One variant in Z3: option variables (with their domains) and slot evaluation.

    An option is declared when a rule encoded reads it, not before: a question whose rules
    never read an option has no term of it, so neither its value nor its default can change
    the question's answer (nor the model Z3 finds: a preference for its default would). Its
    witness shows such an option at its fixed value, else its default (any value would do).
    The domains of the options declared so far go with every question asked (`domain`), as
    they are declared while the question's formula is built."""

    def __init__(self, variant: Variant, tag: str = "", fixed: dict[str, Any] | None = None):
        mark_used()  # terms are made from here on (checks/questions/z3_state.py)
        self.variant = variant
        self.tag = tag
        self.option_values = {o.name: o.values for o in variant.options}
        self.option_types = {n: option_type(v, n) for n, v in self.option_values.items()}
        self.symbols = symbols_with_options(self.option_values)
        self.fixed = dict(fixed or {})
        self.options: dict[str, Sym] = {}  # the options declared so far, in that order
        self.domain: list[Any] = []  # their values (and links): asked with every question
        self.usual: list[Any] = []  # each declared option at its default: preferred in witnesses
        # an option of the same value in the other variant of a diff, by a weak reference: a
        # cycle of the two would be freed by the garbage collector, at a moment that depends
        # on what the process did before, and the term numbers it frees would be reused
        # then (terms.py): another question's model could change with it
        self.linked: dict[str, weakref.ref["VariantEnc"]] = {}

    def option(self, name: str) -> Sym:
        """Return the option's variable, declared (with its domain) the first time it is read;
        an option linked to another variant's is declared there too, and equal to it."""
        found = self.options.get(name)
        if found is None:
            found = self._declare(name)
            other = self.linked[name]() if name in self.linked else None
            if other is not None and name in other.options:  # declared there first
                self.domain.append(found.value == other.options[name].value)
            elif other is not None:
                other.option(name)  # declared there now, equal to this one
        return found

    def _code(self, name: str, value: Any) -> Any:
        """Return an option value as the term its variable takes."""
        type_ = self.option_types[name]
        if type_ == BOOL:
            return z3.BoolVal(value)
        return z3.IntVal(value if type_ == INT else self.value_code(name, value))

    def _declare(self, name: str) -> Sym:
        values, fixed = self.option_values[name], self.fixed.get(name)
        label = f"{self.tag}option:{name}"
        var: Any = z3.Bool(label) if self.option_types[name] == BOOL else z3.Int(label)
        self.options[name] = Sym(var, self.option_types[name])
        if isinstance(values, range):  # an open option: one bounded integer, not a list
            self.domain.append(z3.And(var >= values.start, var <= values.stop - 1))
        else:
            self.domain.append(z3t.Or(*[var == self._code(name, v) for v in values]))
        if fixed is not None:
            self.domain.append(var == self._code(name, fixed))
        default = self.variant.option(name).default  # type: ignore[union-attr]
        if default is not None:
            self.usual.append(var == self._code(name, default))
        return self.options[name]

    def link(self, other: "VariantEnc", names: list[str]) -> None:
        """Give the named options the same value in both variants (diff: same setting), as
        each is declared."""
        for name in names:
            self.linked[name], other.linked[name] = weakref.ref(other), weakref.ref(self)

    def shown_option(self, name: str, model: Any) -> Any:
        """Return the option's value in a witness: the model's where a rule read it, else its
        fixed value, else its default, else its first value (no rule asked read it: any
        value gives the same situation)."""
        if name in self.options:
            return self.option_value(name, model)
        if name in self.fixed:
            return self.fixed[name]
        option = self.variant.option(name)
        assert option is not None
        return option.usual_value()

    def option_value(self, name: str, model: Any) -> Any:
        """Return the option's value in a model, as written in the rule text."""
        term = model.eval(self.options[name].value, model_completion=True)
        type_ = self.option_types[name]
        if type_ == BOOL:
            return z3.is_true(term)
        if type_ == INT:
            return term.as_long()
        code = term.as_long()
        return next(v for v in self.option_values[name] if self.value_code(name, v) == code)

    def value_code(self, name: str, value: Any) -> int:
        """Return the Z3 code of a named option value: a built-in symbol's own code when the
        option is of a built-in kind (`one | until_playable`), else its position."""
        return symbol_code(str(value), self.option_types[name], self.option_values)

    def slot(self, slot: str, env: ContextEnv) -> SlotSyms:
        """Return the slot's cases and combined value in an environment."""
        cases = self.variant.cases(slot)
        if not cases:
            return SlotSyms(slot, [], default_sym(slot, self), V.TRUE, written=False)
        syms = [self._case(c, i, env) for i, c in enumerate(cases)]
        regular = [c for c in syms if not c.case.otherwise]
        for c in syms:
            if c.case.otherwise:
                c.applies = z3t.And(*[r.guard.defined() for r in regular if r.guard is not None],
                                    *[z3t.Not(r.applies) for r in regular])
        if SLOTS[slot].additive:
            return _additive(slot, syms)
        return _combined(slot, syms)

    def _case(self, case: Case, index: int, env: ContextEnv) -> CaseSyms:
        guard = meaning(case.guard, env) if case.guard is not None else None
        value = meaning(case.value, env) if case.value is not None else None
        applies = V.TRUE if guard is None else z3t.And(guard.defined(), guard.value)
        return CaseSyms(case, index, guard, value, applies)


def _specified(syms: list[CaseSyms]) -> list[tuple[CaseSyms, Sym]]:
    """The cases with a value (not `unspecified`), each with its value."""
    return [(c, c.value) for c in syms if c.value is not None]


def _combined(slot: str, syms: list[CaseSyms]) -> SlotSyms:
    """First applicable case wins in the value; `ok` excludes gaps, conflicts, unspecified."""
    specified = _specified(syms)
    ordered = [p for p in specified if not p[0].case.otherwise] + [
        p for p in specified if p[0].case.otherwise]
    value = ordered[-1][1] if ordered else placeholder(SLOTS[slot].type)
    for case, case_value in reversed(ordered[:-1]):
        value = ite(case.applies, case_value, value)
    conflicts = []
    for i, (a, va) in enumerate(specified):
        for b, vb in specified[i + 1:]:
            both = z3t.And(a.applies, b.applies, va.defined(), vb.defined(), differ(va, vb))
            conflicts.append((a, b, both))
    slot_syms = SlotSyms(slot, syms, value, V.TRUE, conflicts=conflicts)
    slot_syms.ok = z3t.And(
        slot_syms.guards_defined(), z3t.Or(*[c.applies for c in syms]),
        *[z3t.Not(c.applies) for c in syms if c.value is None],
        *[z3t.Implies(c.applies, v.defined()) for c, v in specified],
        *[z3t.Not(both) for _, _, both in conflicts])
    return slot_syms


def _additive(slot: str, syms: list[CaseSyms]) -> SlotSyms:
    """`bonus`: every applicable case adds its value; no case applying gives 0."""
    specified = _specified(syms)
    total = (z3t.Sum([z3t.If(c.applies, v.value, 0) for c, v in specified]) if specified
             else z3.IntVal(0))
    hazards = tuple(h for c, v in specified for h in V.when(c.applies, v.hazards))
    ok = z3t.And(z3t.And(*[c.guard.defined() for c in syms if c.guard is not None]),
                 *[z3t.Not(c.applies) for c in syms if c.value is None],
                 z3t.Not(z3t.Or(*[h.cond for h in hazards])) if hazards else V.TRUE)
    return SlotSyms(slot, syms, Sym(total, INT, hazards), ok)


__all__ = ["VariantEnc", "ContextEnv", "SlotSyms", "CaseSyms", "const", "ite", "differ",
           "Hazard", "TILES", "GROUP"]
