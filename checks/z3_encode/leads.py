"""The round's lead, refined: which tiles `lead tile` can let a leader lead, in a first round
and in a later one, and a case's reachability asked with the end of a round's `lead` kept to
them (checks/questions/unreached.py says why).

The end of a round sees the line but not the deal, so any tile on the line may be its lead
there. The lead situation sees the deal and the leader's hand: a tile `lead tile` never
allows there is never a round's lead. Both are over-approximations of play, so a case that
cannot apply with the refined lead applies in no game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from checks.questions.conditions import Condition
from interpreter.language.model import Case, Variant

from ..questions.budget import Budget
from . import terms as z3t
from .questions import queries_for
from .session import Prepared, Session

LEAD_SITUATION = "lead"
ROUND_KINDS = (True, False)  # the values of `first`: the match's first round, a later one


@dataclass(frozen=True)
class Reached:
    """Whether a case can apply: sat, unsat or unknown; `refined` when only the refined lead
    excludes it, `rounds` the values of `first` it could have without the refinement."""

    status: str
    refined: bool = False
    rounds: tuple[bool, ...] = ()


class Leads:
    """A variant's session, and the tiles its `lead tile` can allow in each kind of round."""

    def __init__(self, session: Session, budget: Budget) -> None:
        self.session, self.budget = session, budget
        self._tiles: dict[bool, frozenset[int] | None] = {}

    @classmethod
    def of(cls, variant: Variant, budget: Budget) -> "Leads":
        """The leads of a variant, asked in a session of its own."""
        return cls(Session.of(variant, budget), budget)

    @property
    def written(self) -> bool:
        """True when the variant writes a `lead tile` rule (else any tile of the hand leads)."""
        return bool(self.session.encs[0].variant.cases("lead tile"))

    def tiles(self, first: bool) -> frozenset[int] | None:
        """The tiles a leader can be allowed to lead in such a round (None: undecided)."""
        if first not in self._tiles:
            self._tiles[first] = self._ask_tiles(first)
        return self._tiles[first]

    def _ask_tiles(self, first: bool) -> frozenset[int] | None:
        """Ask for a lead outside those found so far until there is none (at most 28 asks)."""
        prepared = self.session.situation(LEAD_SITUATION)
        lead = self.session.slot(LEAD_SITUATION, "lead tile")
        kind = _first(prepared) == first
        found: set[int] = set()
        for _ in range(len(lead.value.value) + 1):
            other = z3t.Or(*[b for t, b in enumerate(lead.value.value) if t not in found])
            status, model, _ = prepared._check(z3t.And(kind, lead.ok, other), self.budget)
            if status == "unsat":
                return frozenset(found)
            if status != "sat":
                return None
            found |= {t for t, b in enumerate(lead.value.value)
                      if z3.is_true(model.eval(b, model_completion=True))}
        return frozenset(found)

    def constraint(self, prepared: Prepared) -> Any | None:
        """The end of a round's lead kept to the leads allowed (None: undecided)."""
        table = prepared.sit.table
        lead, first = table.scalars["lead"][0], _first(prepared)
        parts = []
        for kind in ROUND_KINDS:
            tiles = self.tiles(kind)
            if tiles is None:
                return None
            allowed = z3t.Or(*[lead == t for t in sorted(tiles)]) if tiles else z3.BoolVal(False)
            parts.append(z3t.Implies(first == kind, allowed))
        return z3t.And(*parts)

    def leading_cases(self, rounds: tuple[bool, ...]) -> list[Case]:
        """The cases of `lead tile` that can apply in a round of one of these kinds."""
        prepared = self.session.situation(LEAD_SITUATION)
        lead = self.session.slot(LEAD_SITUATION, "lead tile")
        first = _first(prepared)
        kinds = z3t.Or(*[first == kind for kind in rounds])
        return [c.case for c in lead.cases
                if prepared._check(z3t.And(kinds, c.applies), self.budget)[0] == "sat"]


def _first(prepared: Prepared) -> Any:
    return prepared.sit.table.scalars["first"][0]


def refined_reach(leads: Leads, cond: Condition, refine: bool) -> Reached:
    """Whether a case can apply where its question is asked; with `refine`, asked again with
    the round's lead kept to the allowed leads when it can apply otherwise."""
    session, budget = leads.session, leads.budget
    if session.reached(cond.situation, budget).status != "sat":
        return Reached("unknown")  # no such situation (vacuous) or undecided: said elsewhere
    (query,) = queries_for(session, cond)
    prepared = session.situation(cond.situation)
    status = prepared._check(query.formula, budget)[0]
    if status != "sat" or not refine or not leads.written:
        return Reached(status)
    first = _first(prepared)
    rounds = tuple(kind for kind in ROUND_KINDS
                   if prepared._check(z3t.And(query.formula, first == kind), budget)[0] == "sat")
    constraint = leads.constraint(prepared)
    if constraint is None:
        return Reached("unknown")
    refined = prepared._check(z3t.And(query.formula, constraint), budget)[0]
    return Reached(refined, refined == "unsat", rounds)


def excluding_slots(session: Session, cond: Condition, budget: Budget) -> tuple[str, ...]:
    """The rules whose requirements exclude a case: each one without which it can apply."""
    (query,) = queries_for(session, cond)
    prepared = session.situation(cond.situation)
    return tuple(sorted(slot for slot, result in prepared.each_slot_left_out(
        budget, also=[query.formula]) if result == z3.sat))


__all__ = ["Leads", "Reached", "refined_reach", "excluding_slots"]
