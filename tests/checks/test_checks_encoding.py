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
from interpreter.language.resolve import load_variant
from interpreter.language.typing_rules import symbols_with_options
from tiers import examples

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
    "hand_of(seat(1)) = hand_of(holder(0-1)) or count(hand_of(seat(3))) = 7",
    "round_to(pips(stock), 5) - round_to(pips(dealt) - 100, 7) > round_to(count(stock), 2)",
    "seat(2) = holder(6-6) or seat(0) = holder(5-5)",
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


@settings(max_examples=examples(25), deadline=None)
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


KINDS = """variant kinds {
  players 2..4
  option d: until_playable | none = until_playable
  option s: individual | partners = individual
  sides: s when players = 4
  sides: individual otherwise
  deal: 5
  draw: d
  lead match: holder(heaviest(dealt))
  lead round: leader
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: yes
  score: 0
  goat: total > 100
  claim play "drawing: a blocked table has an empty stock": d = none or not blocked or count(stock) = 0
  claim setup "no one plays without drawing": d != none
  claim end "each for themselves": players < 4 or s = partners or team(seat(2)) != team(seat(0))
  claim setup "the values are the symbols": (d = until_playable or d = none) and (s = individual or s = partners)
}
"""


def test_an_option_of_a_built_in_kind_is_encoded_as_that_kind() -> None:
    """`d: until_playable | none` is a draw kind: until_playable is drawing (not the first code,
    which is `none`), and a witness reads the option's value back by name; `s: individual |
    partners` is a sides kind: individual is not partners (the first code)."""
    from checks.questions.solver import check_conditions
    results = [r for r in check_conditions(load_variant(KINDS, "kinds.kozel"))
               if r.condition.query == "claim"]
    assert [r.status for r in results] == ["proved", "refuted", "proved", "proved"]
    assert results[1].answer.witness.setting["d"] == "none"
