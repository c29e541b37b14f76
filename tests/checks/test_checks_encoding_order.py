"""The symbolic meaning (Z3) of order and ties agrees with the engine's at ends of rounds the
engine plays: `leader` at the end of a round, `first_from`, `earliest`, `tie_highest`,
`tie_lowest`, `with_highest`, `with_lowest`, with value and definedness. (The other end-of-round
words: test_checks_encoding_end.py, whose helpers this file uses.)"""

from __future__ import annotations

from functools import lru_cache

import pytest

from checks.z3_encode import Session
from interpreter.language.resolve import load_variant
from test_checks_encoding_end import (RULES, checker_facts, compared, concrete, engine_situation,
                                      last_round, symbolic)

# Each claim is `SEAT = seat(0)`, `EXPRESSION = 0` or a condition: the left side is compared.
CLAIMS = [
    "first_from(leader, others) = seat(0)",
    "first_from(next(leader), all) = seat(0)",
    "earliest(others) = seat(0)",
    "earliest(others) = leader or first_from(seat(2), team(leader)) = earliest(side)",
    "first_from(if end = out then winner else fisher, others) = earliest(side)",
    "tie_lowest(all) or lowest(all) = value(side)",
    "tie_highest(others) and not tie_lowest(team(leader))",
    "earliest(with_lowest(all)) = seat(0)",
    "first_from(leader, with_highest(others)) = seat(0)",
    "with_lowest(all) = side or with_highest(others) = with_lowest(others)",
]
# Ends of rounds: every player count, partners with four, two deals each.
GAMES = [(players, seed) for players in (2, 3, 4) for seed in (11, 2024)]


@lru_cache(maxsize=1)
def variant():  # type: ignore[no-untyped-def]
    claims = "\n".join(f'  claim end "c{i}": {c}' for i, c in enumerate(CLAIMS))
    return load_variant(RULES.replace("enc-end", "enc-order") + claims + "\n}\n",
                        "enc-order.kozel")


@lru_cache(maxsize=1)
def session() -> Session:
    return Session.of(variant())


@pytest.mark.parametrize("players, seed", GAMES)
def test_order_and_ties_agree_with_the_engine(players: int, seed: int) -> None:
    setup, result, table = last_round(players, seed, variant())
    for side in range(setup.seating.sides):
        zones, scalars = checker_facts(result, table, side)
        situation = engine_situation(setup, result, table, side)
        for claim in variant().claims:
            expr = compared(claim.expr)
            defined, value = symbolic(expr, zones, scalars, players, session())
            engine_defined, engine_value = concrete(expr, situation, players)
            assert defined == engine_defined, (claim.text, side)
            if defined:
                assert value == engine_value, (claim.text, side)
