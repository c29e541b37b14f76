"""The driver: ask every condition of a variant, with a time limit per condition.

Results are three-way: proved (the bad situation does not exist), refuted (a witness shows
it), unknown (the solver ran out of time or failed). Unknown is never counted as proved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from interpreter.errors import KozelError
from interpreter.model import Variant

from .conditions import Condition, conditions_for
from .z3_encode import Answer, EncodingError, Session, queries_for

DEFAULT_TIMEOUT_MS = 4000


@dataclass
class Result:
    """The answer to one condition (or one hazard of it)."""

    condition: Condition
    status: str  # proved, refuted, unknown
    answer: Answer


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
    except (EncodingError, KozelError) as error:
        return [Result(condition, "unknown", Answer("unknown", reason=str(error)))]
    if not queries:  # nothing can go wrong here (e.g. a case whose values are always defined)
        return [Result(condition, "proved", Answer("unsat"))]
    return [Result(condition, classify(condition, a), a) for a in answers]


def check_conditions(variant: Variant, *, timeout_ms: int = DEFAULT_TIMEOUT_MS,
                     options: dict[str, Any] | None = None) -> list[Result]:
    """Ask every condition of a variant in one session (situations are built once)."""
    session = Session.of(variant, timeout_ms, options)
    results: list[Result] = []
    for condition in conditions_for(variant):
        results += ask(session, condition, timeout_ms)
    return results
