"""Whether a match must end, asked of the end of a round with every side's total (match-all):
a round that writes nothing and does not end the match, a round that writes something, a round
that ends it, and the least total from which the match is over (checks/questions/ending.py says what
the answers prove).

The situation sees one round with the sheet before it taken as any sheet the rules allow (the
totals of earlier rounds are free within bounds): an over-approximation of play. So `unsat`
is a proof for every game, and `sat` is a candidate that a game must show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from interpreter.language.ast import NOWHERE
from interpreter.language.model import Variant
from interpreter.language.slots import MATCH_END_SLOTS

from ..questions.budget import Budget, limit_words
from . import terms as z3t
from .session import Prepared, Session
from .tables import MAX_SEATS

SITUATION = "match-all"
MATCH = "match"
OPENING = "recorded"  # a side's round whose record is not open yet


@dataclass(frozen=True)
class Ending:
    """The solver's answers about the end of a match (sat, unsat or unknown each)."""

    idle: str  # a later round that writes nothing to the sheet and does not end the match
    writes: str  # a later round that writes something
    ends: str  # a round after which the match is over
    least: int  # the least points every round that does not end the match writes (idle unsat)
    over_from: int | None  # a total from which a side ends the match, if one was found
    reason: str = ""  # why the solver gave up on a question it left unknown


def ending_of(variant: Variant, budget: Budget, totals: tuple[int, ...]) -> Ending:
    """Ask the questions of a match's end; `totals` are the totals tried as `over_from`."""
    session = Session.of(variant, budget)
    prepared = session.situation(SITUATION)
    sheet = _Sheet(prepared)
    first = prepared.sit.table.scalars["first"][0]
    reasons: list[str] = []
    plain = _asker(prepared, budget, reasons)
    # a record no round can open was never opened before a round either (the sheet before
    # a round is otherwise taken as any: a side's record open from the start)
    unopened = [] if _opens_ever(session, budget) != "unsat" else [
        z3t.Not(o) for o in sheet.opened]

    def ask(*formulas: Any) -> str:
        return plain(*unopened, *formulas)
    idle = ask(sheet.gain() <= 0, sheet.going(), z3t.Not(first))
    least = _least(ask, sheet, first) if idle == "unsat" else 0
    return Ending(idle, ask(sheet.gain() > 0, z3t.Not(first)), ask(sheet.over()), least,
                  _over_from(session, budget, totals), next(iter(reasons), ""))


def _asker(prepared: Prepared, budget: Budget, reasons: list[str] | None = None) -> Any:
    """A question over the situation: sat, unsat or unknown (its reason kept in `reasons`)."""
    def ask(*formulas: Any) -> str:
        try:
            status, _, reason = prepared._check(z3t.And(*formulas), budget)
        except z3.Z3Exception as error:
            status, reason = "unknown", f"solver error: {error}"
        if status == "unknown" and reasons is not None:
            reasons.append(limit_words(reason or "rlimit", budget))
        return status
    return ask


class _Sheet:
    """The sides at the table, their totals before and after the round, and how it ends."""

    def __init__(self, prepared: Prepared) -> None:
        scalars, extra = prepared.sit.table.scalars, prepared.sit.extra
        self.sides = scalars["sides"][0]
        self.before = [scalars[f"side {k} total before"][0] for k in range(MAX_SEATS)]
        self.after = [scalars[f"side {k} total"][0] for k in range(MAX_SEATS)]
        self.ending = list(extra["goats"][0]) + list(extra["winners"][0])
        self.opened = [scalars[f"side {k} opened"][0] for k in range(MAX_SEATS)]

    def gain(self) -> Any:
        """The points the round adds to the sheet, all sides together."""
        return z3.Sum([z3t.If(k < self.sides, self.after[k] - self.before[k], 0)
                       for k in range(MAX_SEATS)])

    def going(self) -> Any:
        """The match goes on: nobody is the goat, nobody wins."""
        return z3t.And(*[z3t.Not(e) for e in self.ending])

    def over(self) -> Any:
        return z3t.Or(*self.ending)


def _opens_ever(session: Session, budget: Budget) -> str:
    """Whether some round opens a side's record (sat, unsat or unknown)."""
    if not session.encs[0].variant.cases("opens"):
        return "sat"  # the language's default: every record opens with its first round
    opens = session.slot(OPENING, "opens")
    return _asker(session.situation(OPENING), budget)(opens.ok, opens.value.value)


def _least(ask: Any, sheet: _Sheet, first: Any, most: int = 64) -> int:
    """The least points a later round that does not end the match writes (at least 1 here),
    found by halving between 1 and `most` (a bounded number of asks)."""
    low, high = 1, most  # every such round writes at least `low`
    if ask(sheet.gain() < high, sheet.going(), z3t.Not(first)) == "unsat":
        return high
    while high - low > 1:
        middle = (low + high) // 2
        if ask(sheet.gain() < middle, sheet.going(), z3t.Not(first)) == "unsat":
            low = middle
        else:
            high = middle
    return low


def _over_from(session: Session, budget: Budget, totals: tuple[int, ...]) -> int | None:
    """The least of `totals` from which a side's total ends the match whatever else holds."""
    if not any(session.encs[0].variant.cases(s) for s in MATCH_END_SLOTS):
        return None
    prepared = session.situation(MATCH)
    env = prepared.sit.envs[0]
    total = env.term("total", NOWHERE).value
    ends = [session.slot(MATCH, s) for s in MATCH_END_SLOTS
            if session.encs[0].variant.cases(s)]
    going = z3t.And(*[z3t.Or(z3t.Not(e.ok), z3t.Not(e.value.value)) for e in ends])
    ask = _asker(prepared, budget)
    for threshold in sorted(totals):
        if ask(total >= threshold, going) == "unsat":
            return threshold
    return None


def pass_holds(variant: Variant, budget: Budget, situation: str) -> str:
    """Whether `pass` can let a player knock at some turn (sat, unsat or unknown)."""
    session = Session.of(variant, budget)
    passing = session.slot(situation, "pass")
    return _asker(session.situation(situation), budget)(passing.ok, passing.value.value)


def every_deal_thrown_in(variant: Variant, budget: Budget) -> bool:
    """True when no deal is ever played because `redeal` throws every one in (a proof)."""
    reach = Session.of(variant, budget).reached("deal-base", budget)
    return reach.status == "unsat" and "redeal" in reach.slots


__all__ = ["Ending", "ending_of", "every_deal_thrown_in", "pass_holds"]
