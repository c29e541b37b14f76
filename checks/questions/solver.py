"""The driver: ask every condition of a variant, within a budget of solver steps per condition.

Results are three-way: proved (the bad situation does not exist), refuted (a witness shows
it), unknown (the solver ran out of steps, or of the time the user gave it, or failed). Unknown is never counted as proved. A
fourth: vacuous, a proof (or an `unreachable`) over a set of situations that is empty, so that
it says nothing; it is not counted as proved either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from interpreter.language.errors import KozelError
from interpreter.language.model import Variant

from .budget import Budget, limit_words
from .conditions import Condition, conditions_for
from ..z3_encode import Answer, EncodingError, Query, Session, queries_for

@dataclass
class Result:
    """The answer to one condition (or one hazard of it)."""

    condition: Condition
    status: str  # proved, refuted, unknown, vacuous
    answer: Answer
    because: tuple[str, ...] = ()  # vacuous: the slots whose requirements leave no situation
    scope: str = "situation"  # vacuous: what is empty, the situation or the case (it applies)


def classify(condition: Condition, answer: Answer) -> str:
    """Return proved / refuted / unknown for a solver answer to a condition."""
    if answer.status == "unknown":
        return "unknown"
    return "refuted" if answer.status == condition.bad_if else "proved"


def ask(session: Session, condition: Condition, budget: Budget) -> list[Result]:
    """Answer one condition; an encoding failure becomes an `unknown` result, not a crash."""
    try:
        queries = queries_for(session, condition)
        answers = session.ask(condition.situation, queries, budget,
                              witness_wanted=condition.bad_if == "sat")
        if not queries:  # nothing can go wrong here (e.g. a case whose values are always defined)
            queries, answers = [Query(True)], [Answer("unsat")]
        return [settle(session, Result(condition, classify(condition, a), a), q, budget)
                for q, a in zip(queries, answers)]
    except (EncodingError, KozelError) as error:
        return [Result(condition, "unknown", Answer("unknown", reason=str(error)))]


def settle(session: Session, result: Result, query: Query, budget: Budget) -> Result:
    """An unsat answer (a proof, or an `unreachable`) over no situation at all is vacuous; where
    the solver cannot tell whether any situation exists, the result is unknown."""
    if result.answer.status != "unsat":
        return result  # a model was found: the situation has members
    key, scope = result.condition.situation, "situation"
    reach = session.reached(key, budget)
    if reach.status == "sat" and query.within is not None:
        reach, scope = session.reached(key, budget, query.within), "case"
    if reach.status == "sat":
        return result
    if reach.status == "unknown":
        why = limit_words(reach.reason or "rlimit", budget)
        reason = f"{why}, telling whether the {scope} is ever reached"
        return Result(result.condition, "unknown", Answer("unknown", reason=reason))
    return Result(result.condition, "vacuous", result.answer, reach.slots, scope)


def check_conditions(variant: Variant, *, budget: Budget = Budget(),
                     options: dict[str, Any] | None = None) -> list[Result]:
    """Ask every condition of a variant in one session (situations are built once)."""
    session = Session.of(variant, budget, options)
    results: list[Result] = []
    for condition in conditions_for(variant):
        results += ask(session, condition, budget)
    return results
