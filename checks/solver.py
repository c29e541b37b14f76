"""The driver: ask every condition of a variant, with a time limit per condition.

Results are three-way: proved (the bad situation does not exist), refuted (a witness shows
it), unknown (the solver ran out of time or failed). Unknown is never counted as proved. A
fourth: vacuous, a proof (or an `unreachable`) over a set of situations that is empty, so that
it says nothing; it is not counted as proved either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from interpreter.language.errors import KozelError
from interpreter.language.model import Variant

from .conditions import Condition, conditions_for
from .z3_encode import Answer, EncodingError, Query, Session, queries_for

DEFAULT_TIMEOUT_MS = 4000


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


def ask(session: Session, condition: Condition, timeout_ms: int) -> list[Result]:
    """Answer one condition; an encoding failure becomes an `unknown` result, not a crash."""
    try:
        queries = queries_for(session, condition)
        answers = session.ask(condition.situation, queries, timeout_ms,
                              witness_wanted=condition.bad_if == "sat")
        if not queries:  # nothing can go wrong here (e.g. a case whose values are always defined)
            queries, answers = [Query(True)], [Answer("unsat")]
        return [settle(session, Result(condition, classify(condition, a), a), q, timeout_ms)
                for q, a in zip(queries, answers)]
    except (EncodingError, KozelError) as error:
        return [Result(condition, "unknown", Answer("unknown", reason=str(error)))]


def settle(session: Session, result: Result, query: Query, timeout_ms: int) -> Result:
    """An unsat answer (a proof, or an `unreachable`) over no situation at all is vacuous; where
    the solver cannot tell whether any situation exists, the result is unknown."""
    if result.answer.status != "unsat":
        return result  # a model was found: the situation has members
    key, scope = result.condition.situation, "situation"
    reach = session.reached(key, timeout_ms)
    if reach.status == "sat" and query.within is not None:
        reach, scope = session.reached(key, timeout_ms, query.within), "case"
    if reach.status == "sat":
        return result
    if reach.status == "unknown":
        why = {"timeout": "out of time", "canceled": "out of time"}.get(
            reach.reason or "timeout", reach.reason)
        reason = f"{why}, telling whether the {scope} is ever reached"
        return Result(result.condition, "unknown", Answer("unknown", reason=reason))
    return Result(result.condition, "vacuous", result.answer, reach.slots, scope)


def check_conditions(variant: Variant, *, timeout_ms: int = DEFAULT_TIMEOUT_MS,
                     options: dict[str, Any] | None = None) -> list[Result]:
    """Ask every condition of a variant in one session (situations are built once)."""
    session = Session.of(variant, timeout_ms, options)
    results: list[Result] = []
    for condition in conditions_for(variant):
        results += ask(session, condition, timeout_ms)
    return results
