"""The symbolic meaning (Z3) of expressions agrees with the concrete one (the engine) in
random deals: value and definedness. Two independent readings of docs/language.md."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from checks.z3_encode import Session
from checks.z3_encode.session import evaluate
from interpreter.engine.evaluate import Env, Undefined, compile_expr
from interpreter.engine.situations import DealSituation, Seating
from interpreter.engine import tileset as ts
from interpreter.resolve import load_variant
from interpreter.typing_rules import symbols_with_options

CLAIMS = [
    "holder(1-1) = holder(2-2)",
    "first_dealt([1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-0]) = lightest(doubles(dealt))",
    "holder(heaviest(dealt)) = holder(5-6)",
    "most(hand_of(holder(0-0))) >= 3",
    "count(doubles(dealt)) * 2 + pips(stock) > 40",
    "pips(with(dealt, 3)) > pips(with(stock, 3))",
    "if 6-6 in stock then count(stock) > 7 else lightest(dealt) = 0-1",
    "heaviest(with(stock, 6)) in [5-6, 6-6]",
    "max(count(hand_of(0)), pips(doubles(stock))) - min(players, 3) = 4",
    "dealt - [0-0, 1-1] = dealt and not (first or players = 3)",
]


@lru_cache(maxsize=1)
def variant():  # type: ignore[no-untyped-def]
    claims = "\n".join(f'  claim deal "c{i}": {c}' for i, c in enumerate(CLAIMS))
    text = ("variant enc {\n  players 2..4\n  sides: individual\n  deal: 7\n  draw: none\n"
            "  lead match: holder(1-1)\n  lead round: leader\n  lead tile: hand\n"
            "  fish: blocked\n  hand value: pips(hand)\n  loser: yes\n  score: 0\n"
            "  goat: total > 100\n" + claims + "\n}\n")
    return load_variant(text.replace("hand_of(0)", "hand_of(holder(0-1))"), "enc.kozel")


@lru_cache(maxsize=1)
def session() -> Session:
    return Session.of(variant())


def concrete(expr, players: int, hands: list[int], pile: list[int], first: bool):  # type: ignore[no-untyped-def]
    env = Env("deal", {}, {}, symbols_with_options({}), players)
    situation = DealSituation(Seating(players, False), hands, pile, first)
    try:
        return True, compile_expr(expr, env)(situation)
    except Undefined:
        return False, None


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), order=st.permutations(range(28)),
       first=st.booleans())
def test_deal_expressions_agree_with_the_engine(players: int, order: list[int],
                                                first: bool) -> None:
    hands = [ts.set_of(order[s * 7:(s + 1) * 7]) for s in range(players)]
    pile = list(order[players * 7:])
    zones = {f"seat{s}": set(order[s * 7:(s + 1) * 7]) for s in range(players)}
    zones["stock"] = set(pile)
    for claim in variant().claims:
        defined, value = evaluate(session(), "deal-any", claim.expr, zones,
                                  {"first": first, "players": players})
        engine_defined, engine_value = concrete(claim.expr, players, hands, pile, first)
        assert defined == engine_defined, claim.text
        if defined:
            assert value == engine_value, claim.text
