"""Ask the questions of checks/conditions.py of one variant: build the situation, the formula,
run Z3 with a time limit, read the model back as a witness. Results are three-way."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

import z3

from interpreter.model import Variant

from . import values as V
from .contexts import (PARTNERS, Situation, build_deal_base, build_hand, build_lead,
                       build_next, build_setup, derive_deal, setup_slot)
from .expressions import EncodingError, meaning
from .play_end import build_play, build_round_base, derive_round
from .reading import read_sym, witness_of
from .rules import SlotSyms, VariantEnc
from .sides import build_end_hand, build_match_all, build_side
from .tables import N, TILE_COUNT

# Situations built from the variants directly, and those derived from a shared base.
BASES: dict[str, Callable[[list[VariantEnc]], Situation]] = {
    "setup": build_setup, "hand": build_hand, "play": build_play,
    "deal-base": build_deal_base, "round-base": build_round_base,
}
DERIVED: dict[str, tuple[str, Callable[[Situation], Situation]]] = {
    "deal": ("deal-base", lambda b: derive_deal(b, "deal", True)),
    "deal-any": ("deal-base", lambda b: derive_deal(b, "deal", None)),
    "next": ("deal-base", build_next), "lead": ("deal-base", build_lead),
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
    witness: dict[str, Any] | None = None
    kind: str = ""  # for an undefined value: gap or ambiguity
    text: str = ""  # what the formula asked, in words (e.g. the hazard)
    line: int = 0
    column: int = 0
    seconds: float = 0.0
    reason: str = ""


@dataclass
class Query:
    """A formula over a situation, with what it means."""

    formula: Any
    kind: str = ""
    text: str = ""
    line: int = 0
    column: int = 0
    show: dict[str, Any] = field(default_factory=dict)  # name -> Sym, read into the witness


class Prepared:
    """A situation with its incremental solver (facts asserted once, queries pushed)."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        self.solver = z3.Solver()
        self.asserted: set[int] = set()  # ids of facts the solver holds (facts stay alive)

    def _assert_new_facts(self) -> None:
        fresh = [f for f in self.sit.table.all_facts() if id(f) not in self.asserted]
        self.asserted.update(id(f) for f in fresh)
        self.solver.add(*fresh)

    def _tidy_model(self, timeout_ms: int) -> Any:
        """Return a model that keeps the preferences if one exists quickly, else the first."""
        model = self.solver.model()
        tidy = self.sit.table.all_tidy()
        if not tidy:
            return model
        self.solver.push()
        try:
            self.solver.set("timeout", max(1, timeout_ms // 4))
            self.solver.add(*tidy)
            if self.solver.check() == z3.sat:
                model = self.solver.model()
        finally:
            self.solver.pop()
        return model

    def ask(self, query: Query, timeout_ms: int) -> Answer:
        """Check whether the formula can hold in the situation."""
        self._assert_new_facts()
        self.solver.push()
        start = time.perf_counter()
        try:
            self.solver.set("timeout", max(1, int(timeout_ms)))
            self.solver.add(query.formula)
            result = self.solver.check()
            status = "sat" if result == z3.sat else "unsat" if result == z3.unsat else "unknown"
            witness = None
            if status == "sat":
                model = self._tidy_model(timeout_ms)
                witness = witness_of(self.sit, model)
                if query.show:
                    witness["values"] = {k: read_sym(model, v) for k, v in query.show.items()}
            reason = self.solver.reason_unknown() if status == "unknown" else ""
        except z3.Z3Exception as error:
            status, witness, reason = "unknown", None, f"solver error: {error}"
        finally:
            self.solver.pop()
        return Answer(status, witness, query.kind, query.text, query.line, query.column,
                      time.perf_counter() - start, reason)


class Session:
    """One variant (or two, for diff) and its prepared situations."""

    def __init__(self, encs: list[VariantEnc], timeout_ms: int = 2000) -> None:
        self.encs = encs
        self.timeout_ms = timeout_ms
        self.prepared: dict[str, Prepared] = {}

    @classmethod
    def of(cls, variant: Variant, timeout_ms: int = 2000,
           options: dict[str, Any] | None = None) -> "Session":
        """Return a session for one variant (options may be fixed)."""
        return cls([VariantEnc(variant, "", options)], timeout_ms)

    def situation(self, key: str) -> Prepared:
        """Return the prepared situation for a key of BUILDERS."""
        if key not in self.prepared:
            try:
                if key in DERIVED:
                    base, derive = DERIVED[key]
                    sit = derive(self.situation(base).sit)
                else:
                    sit = BASES[key](self.encs)
                self.prepared[key] = Prepared(sit)
            except z3.Z3Exception as error:
                raise EncodingError(f"cannot encode situation {key!r}: {error}") from error
        return self.prepared[key]

    def ask(self, key: str, queries: list[Query], timeout_ms: int | None = None) -> list[Answer]:
        """Ask each query over the situation."""
        prepared = self.situation(key)
        limit = self.timeout_ms if timeout_ms is None else timeout_ms
        return [prepared.ask(q, limit) for q in queries]

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


def setup_values(enc: VariantEnc) -> dict[str, Any]:
    """Return the setup slots' values and `ok` formulas (for built-in invariants)."""
    return {name: setup_slot(enc, name) for name in ("deal", "sides", "reserve")}


__all__ = ["Session", "Query", "Answer", "BASES", "DERIVED", "setup_values", "N", "TILE_COUNT",
           "PARTNERS", "V"]
