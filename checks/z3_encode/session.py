"""Ask the questions of checks/questions/conditions.py of one variant: build the situation, the
formula, run Z3 within a counted budget of steps (budget.py), read the model back as a witness.
Results are three-way."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

import z3

from checks.questions.conditions import SITUATION_WORDS
from interpreter.language.model import Variant

from . import terms as z3t
from . import values as V
from .contexts import (PARTNERS, Pairs, Situation, build_deal_base, build_hand, build_lead,
                       build_next, build_setup, combos, derive_deal)
from .expressions import EncodingError, meaning
from .forms import check_complete
from .move_play import build_move, build_moved
from .play_end import build_play, build_round_base, derive_round
from ..search.witnesses import Witness
from .reading import read_sym, witness_of
from .rules import SlotSyms, VariantEnc
from .sides import build_end_hand, build_match_all, build_side
from .turns import build_turn
from ..questions.budget import Budget, plain_reason
from ..reporting.kinds import Kind
from .tables import N, TILE_COUNT, Undecided

# Situations built from the variants directly: setup, and those built on the (players, deal)
# pairs the variants allow; then those derived from a shared base.
SETUP_BASES: dict[str, Callable[[list[VariantEnc]], Situation]] = {"setup": build_setup}
DEALT_BASES: dict[str, Callable[[list[VariantEnc], Pairs], Situation]] = {
    "hand": build_hand, "play": build_play, "move": build_move, "deal-base": build_deal_base,
    "round-base": build_round_base, "turn": build_turn,
}
DERIVED: dict[str, tuple[str, Callable[[Situation], Situation]]] = {
    "deal": ("deal-base", lambda b: derive_deal(b, "deal", True)),
    "deal-any": ("deal-base", lambda b: derive_deal(b, "deal", None)),
    "next": ("deal-base", build_next), "lead": ("deal-base", build_lead),
    "moved": ("move", build_moved),
    "round": ("round-base", lambda b: derive_round(b, "round")),
    "hand-end": ("round-base", build_end_hand),
    "end": ("round-base", lambda b: build_side(b, "end")),
    "scored": ("round-base", lambda b: build_side(b, "scored")),
    "recorded": ("round-base", lambda b: build_side(b, "recorded", unopened=True)),
    "recorded-any": ("round-base", lambda b: build_side(b, "recorded", kind="recorded-any")),
    "match": ("round-base", lambda b: build_side(b, "match")),
    "match-all": ("round-base", build_match_all),
}


@dataclass
class Answer:
    """The solver's answer to one existence query."""

    status: str  # sat, unsat, unknown
    witness: Witness | None = None
    kind: Kind | None = None  # for an undefined value: GAP or AMBIGUITY
    text: str = ""  # what the formula asked, in words (e.g. the hazard)
    line: int = 0
    column: int = 0
    seconds: float = 0.0
    reason: str = ""
    file: str = ""  # the rule file of line:column (a parent's file for an inherited rule)


@dataclass
class Query:
    """A formula over a situation, with what it means."""

    formula: Any
    kind: Kind | None = None
    text: str = ""
    line: int = 0
    column: int = 0
    # what the witness shows the value of: a Sym by its name, or by its rule's line
    show: Mapping[str | int, Any] = field(default_factory=dict)
    file: str = ""
    within: Any = None  # the part of the situation the query is about (a case that applies)


@dataclass
class Reach:
    """Whether a situation (or part of it) has any member at all: a proof over none is vacuous."""

    status: str  # sat: some situation exists; unsat: none; unknown
    slots: tuple[str, ...] = ()  # unsat: the rules whose requirements leave no situation
    reason: str = ""


class Prepared:
    """A situation and the way to ask questions about it.

    Z3 has two cores and neither suits every question here. After push() it uses its
    incremental core, which lacks the pseudo-Boolean preprocessing: a pigeonhole question such
    as "a hand of exactly 7 tiles holds 7 tiles" runs for seconds. Without push() it
    preprocesses the whole problem, which is slow on the arithmetic of scores and totals. So
    each question goes first to one incremental solver per situation (its facts asserted once)
    with a twentieth of its budget (the seed variants' questions rarely need a fortieth there,
    but now and then one runs long: it goes to the other core sooner), then to a fresh
    preprocessing solver with half, then back to the incremental one with the rest. The
    shares are fixed, not what an earlier stage left over, so that the plan is the same on
    any machine. Models found
    are kept: a later question that one of them already answers (a case that applies
    somewhere) needs no solver at all.
    """

    PLAN = (("shared", 0.05), ("batch", 0.5), ("shared", 0.45))

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        self.shared = z3t.new_solver()
        self.asserted = 0
        root = sit.table
        while root.parent is not None:
            root = root.parent
        # models are kept on the base table: the situations forked from one base (end, scored,
        # recorded, ...) answer each other's "does this case ever apply?" questions
        self.models: list[Any] = root.__dict__.setdefault("_models", [])
        self.reaches: dict[Any, tuple[int, Any, Reach]] = {}

    def _solver(self, mode: str, budget: Budget, *formulas: Any) -> Any:
        solver = z3t.new_solver()
        budget.apply(solver)
        z3t.add_facts(solver, self.sit.table.all_facts() + self.sit.declared())
        if mode == "incremental":
            solver.push()
        z3t.add_facts(solver, formulas)
        return solver

    def _shared_check(self, formula: Any, budget: Budget) -> tuple[Any, Any]:
        facts = self.sit.table.all_facts()
        z3t.add_facts(self.shared, facts[self.asserted:])  # facts only grow, in order
        self.asserted = len(facts)
        budget.apply(self.shared)
        self.shared.push()
        try:
            z3t.add_facts(self.shared, [formula, *self.sit.declared()])
            result = self.shared.check()
            model = self.shared.model() if result == z3.sat else None
            reason = self.shared.reason_unknown() if result == z3.unknown else ""
        finally:
            self.shared.pop()
        return result, (model, reason)

    def _known(self, formula: Any) -> Any:
        """Return a kept model where the formula and every current fact hold, or None."""
        facts = None
        for model in self.models:
            if not z3.is_true(model.eval(formula, model_completion=True)):
                continue  # the cheap test first: most kept models miss the formula
            if facts is None:
                facts = z3t.And(*self.sit.table.all_facts(), *self.sit.declared())
            if z3.is_true(model.eval(facts, model_completion=True)):
                return model
        return None

    def _check(self, formula: Any, budget: Budget) -> tuple[str, Any, str]:
        """Return (status, model, reason) after trying the plan, each stage with its fixed
        share of the budget (a model found is kept for later questions)."""
        known = self._known(formula)
        if known is not None:
            return "sat", known, ""
        reason = "max. resource limit exceeded"
        for mode, share in self.PLAN:
            part = budget.share(share)
            if mode == "shared":
                result, (model, why) = self._shared_check(formula, part)
            else:
                solver = self._solver(mode, part, formula)
                result = solver.check()
                model = solver.model() if result == z3.sat else None
                why = solver.reason_unknown() if result == z3.unknown else ""
            if result == z3.sat:
                self.models.insert(0, model)
                del self.models[12:]
                return "sat", model, ""
            if result == z3.unsat:
                return "unsat", None, ""
            reason = plain_reason(why, budget) if why else reason
        return "unknown", None, reason

    def _tidy_model(self, formula: Any, model: Any, budget: Budget) -> Any:
        """Return a model that keeps the preferences (first with every option the question
        allows at its default, the game as usually played; then without) if one exists
        quickly (a sixteenth of the budget for each), else `model`."""
        tidy = self.sit.table.all_tidy()
        usual = tidy + self._defaults_kept(formula, model, budget)
        for wanted in ([usual, tidy] if len(usual) > len(tidy) else [tidy]):
            if not wanted or z3.is_true(model.eval(z3t.And(*wanted), model_completion=True)):
                return model
            result, (better, _) = self._shared_check(z3t.And(formula, *wanted),
                                                     budget.share(1 / 16))
            if result == z3.sat:
                return better
        return model

    def _defaults_kept(self, formula: Any, model: Any, budget: Budget) -> list[Any]:
        """The declared options' defaults a situation of the question can keep: all of them
        where the model does, else each in turn that still leaves one (a finding that needs
        another value of one option keeps the others at theirs), a sixteenth of the budget
        for each."""
        usual = [fact for enc in self.sit.encs for fact in enc.usual]
        if not usual or z3.is_true(model.eval(z3t.And(*usual), model_completion=True)):
            return usual
        kept: list[Any] = []
        for fact in usual:
            result, _ = self._shared_check(z3t.And(formula, *kept, fact), budget.share(1 / 16))
            if result == z3.sat:
                kept.append(fact)
        return kept

    def reached(self, budget: Budget, within: Any = None) -> Reach:
        """Return whether some situation exists (one where `within` holds, if given).

        Facts only grow (a formula built later may add some), so an answer is kept: `unsat`
        for good (fewer situations are still none), the others until the facts grow; then a
        kept model may show one still, and where the solver gave up it is not asked again.
        """
        facts = len(self.sit.table.all_facts()) + len(self.sit.declared())
        key = None if within is None else within.get_id()
        old = self.reaches.get(key)
        if old is not None and (old[0] == facts or old[2].status == "unsat"):
            return old[2]
        formula = V.TRUE if within is None else within
        if old is not None and old[2].status == "unknown":
            reach = Reach("sat") if self._known(formula) is not None else old[2]
        else:
            reach = self._reach(formula, budget, blame=within is None)
        self.reaches[key] = (facts, within, reach)  # `within` kept alive: its id stays its own
        return reach

    def _reach(self, formula: Any, budget: Budget, *, blame: bool) -> Reach:
        try:  # a model found is kept: the case's own `reachable` question is then answered
            status, _, reason = self._check(formula, budget)
        except z3.Z3Exception as error:
            status, reason = "unknown", f"solver error: {error}"
        slots = self.blame(budget) if status == "unsat" and blame else ()
        return Reach(status, slots, reason)

    def blame(self, budget: Budget) -> tuple[str, ...]:
        """Return the slots whose requirements leave no situation: each one without which some
        situation exists (a model is quick to find where an unsat core is not); () when
        none alone does or the solver cannot tell within the budget (shared among them)."""
        found = []
        for slot, result in self.each_slot_left_out(budget):
            if result == z3.unknown:
                return ()
            if result == z3.sat:
                found.append(slot)
        return tuple(found)

    def each_slot_left_out(self, budget: Budget, also: Sequence[Any] = ()
                           ) -> Iterator[tuple[str, Any]]:
        """Each slot whose rules require something of the situation, with the solver's answer
        (sat, unsat, unknown) to the situation's other requirements and `also` without that
        slot's; the budget shared among them. A solver error is unknown."""
        needed: dict[str, list[Any]] = {}
        for fact, slot in self.sit.table.sourced():
            needed.setdefault(slot, []).append(fact)
        slots = [s for s in needed if s]
        part = budget.share(1 / max(1, len(slots)))
        for slot in slots:
            solver = z3t.new_solver()
            part.apply(solver)
            z3t.add_facts(solver, [f for other, facts in needed.items() if other != slot
                                   for f in facts] + list(also) + self.sit.declared())
            try:
                yield slot, solver.check()
            except z3.Z3Exception:
                yield slot, z3.unknown

    def ask(self, query: Query, budget: Budget, *, witness_wanted: bool = True) -> Answer:
        """Check whether the formula can hold in the situation."""
        start = time.perf_counter()  # reported with --timings only: it depends on the machine
        witness = None
        formula = z3.BoolVal(query.formula) if isinstance(query.formula, bool) else query.formula
        try:
            status, model, reason = self._check(formula, budget)
            if status == "sat" and witness_wanted:
                model = self._tidy_model(formula, model, budget)
                witness = witness_of(self.sit, model)
                if query.show:
                    witness = witness.adding(values=tuple((k, read_sym(model, v))
                                                          for k, v in query.show.items()))
        except z3.Z3Exception as error:
            status, reason = "unknown", f"solver error: {error}"
        return Answer(status, witness, query.kind, query.text, query.line, query.column,
                      time.perf_counter() - start, reason, query.file)


class Session:
    """One variant (or two, for diff) and its prepared situations."""

    def __init__(self, encs: list[VariantEnc], budget: Budget = Budget()) -> None:
        self.encs = encs
        self.budget = budget
        self.prepared: dict[str, Prepared] = {}
        self._pairs: Pairs | Undecided | None = None

    @classmethod
    def of(cls, variant: Variant, budget: Budget = Budget(),
           options: dict[str, Any] | None = None) -> "Session":
        """Return a session for one variant (options may be fixed)."""
        return cls([VariantEnc(variant, "", options)], budget)

    def pairs(self) -> Pairs:
        """Return the (players, deal) pairs, enumerated once within the session's budget;
        raise Undecided (every time: it is kept) where the solver gave up."""
        if self._pairs is None:
            try:
                self._pairs = combos(self.encs, self.budget)
            except Undecided as error:
                self._pairs = error
        if isinstance(self._pairs, Undecided):
            raise self._pairs
        return self._pairs

    def situation(self, key: str) -> Prepared:
        """Return the prepared situation for a key of SETUP_BASES, DEALT_BASES or DERIVED."""
        if key not in self.prepared:
            try:
                if key in DERIVED:
                    base, derive = DERIVED[key]
                    sit = derive(self.situation(base).sit)
                elif key in DEALT_BASES:
                    sit = DEALT_BASES[key](self.encs, self.pairs())
                else:
                    sit = SETUP_BASES[key](self.encs)
                for env in sit.envs:  # every function of the context has its form
                    check_complete(env.context, env.functions)
                self.prepared[key] = Prepared(sit)
            except z3.Z3Exception as error:
                words = SITUATION_WORDS.get(key, "situation")
                raise EncodingError(f"cannot encode the {words}: {error}") from error
        return self.prepared[key]

    def ask(self, key: str, queries: list[Query], budget: Budget | None = None, *,
            witness_wanted: bool = True) -> list[Answer]:
        """Ask each query over the situation (a model is read only where it is wanted)."""
        prepared = self.situation(key)
        limit = self.budget if budget is None else budget
        return [prepared.ask(q, limit, witness_wanted=witness_wanted) for q in queries]

    def reached(self, key: str, budget: Budget | None = None, within: Any = None) -> Reach:
        """Return whether the situation (or its part where `within` holds) has any member.
        A situation derived from an empty base is empty too: the base (fewer facts, often
        quicker to decide) is asked first."""
        limit = self.budget if budget is None else budget
        if key in DERIVED:
            base = self.reached(DERIVED[key][0], limit)
            if base.status == "unsat":
                return base
        return self.situation(key).reached(limit, within)

    def slot(self, key: str, slot: str, index: int = 0) -> SlotSyms:
        """Return a slot evaluated in the situation (for the variant at `index`)."""
        prepared = self.situation(key)
        cache = prepared.sit.extra.setdefault("slots", {})
        if (slot, index) not in cache:
            cache[(slot, index)] = self.encs[index].slot(slot, prepared.sit.envs[index])
        return cache[(slot, index)]

    def expr(self, key: str, expr: Any, index: int = 0) -> Any:
        """Return the meaning of an expression in the situation's environment."""
        return meaning(expr, self.situation(key).sit.envs[index])


def evaluate(session: Session, key: str, expr: Any, zones: dict[str, set[int]],
             scalars: dict[str, Any] | None = None, index: int = 0) -> tuple[bool, Any]:
    """Return (defined, value) of an expression in one concrete situation: every tile's zone
    and the named scalars fixed (to cross-check the encoding against the engine)."""
    prepared = session.situation(key)
    sym = session.expr(key, expr, index)
    table = prepared.sit.table
    fixed = [b == (i in zones.get(name, set()))
             for name, zone in table.zones.items() for i, b in enumerate(zone)]
    for name, value in (scalars or {}).items():
        fixed.append(table.scalars[name][0] == value if name in table.scalars else N == value)
    solver = z3t.new_solver()
    session.budget.apply(solver)
    solver.add(*table.all_facts(), *prepared.sit.declared(), *fixed)
    result = solver.check()
    if result == z3.unknown:
        raise EncodingError(f"undecided within the budget: is the situation one of {key!r}?")
    if result != z3.sat:
        raise EncodingError(f"the situation is not one of {key!r}")
    model = solver.model()
    defined = z3.is_true(model.eval(sym.defined(), model_completion=True))
    return defined, read_sym(model, sym)


__all__ = ["Session", "Query", "Answer", "Reach", "SETUP_BASES", "DEALT_BASES", "DERIVED",
           "Undecided", "evaluate", "N", "TILE_COUNT", "PARTNERS", "V"]
