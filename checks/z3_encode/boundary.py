"""The least total at which two variants' rules of a slot part: a bisection over the solver.

Where "больше 100" and "101 и более" part is one exact total; a game of any total only shows
that they part somewhere. Each question asks whether the two rules differ with a side's total
at most some bound, so at most `questions` questions find the least such total.
"""

from __future__ import annotations

from typing import Any

import z3

from interpreter.language.ast import NOWHERE

from ..search.witnesses import Witness
from .expressions import EncodingError
from .questions import diff_query
from .session import Query, Session


def least_total(session: Session, key: str, slot: str, questions: int
                ) -> tuple[int, Witness] | None:
    """Return the least side's total (from 0, below 2**questions) at which the two rules of
    a slot part, with the solver's situation there; None when the solver cannot say (or a
    total below 0 parts)."""
    try:
        total = session.situation(key).sit.envs[0].term("total", NOWHERE).value
        differs = diff_query(session, key, slot)
    except (EncodingError, z3.Z3Exception):
        return None

    def ask(condition: Any, wanted: bool = False) -> Any:
        query = Query(z3.And(differs.formula, condition), differs.kind, show=differs.show)
        return session.ask(key, [query], witness_wanted=wanted)[0]

    if ask(total < 0).status != "unsat":
        return None
    low, high = 0, 2 ** questions - 1
    if ask(total <= high).status != "sat":
        return None
    for _ in range(questions):  # high parts, every total below low does not
        if low >= high:
            break
        middle = (low + high) // 2
        status = ask(total <= middle).status
        if status == "unknown":
            return None
        low, high = (low, middle) if status == "sat" else (middle + 1, high)
    answer = ask(total == high, wanted=True)
    if answer.status != "sat" or answer.witness is None:
        return None
    return high, answer.witness
