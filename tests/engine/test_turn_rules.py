"""`draw` and `pass` read the turn (docs/language.md, "Rules asked at a turn"): the engine asks
them at each turn where they matter, the checker's meaning of the turn's words agrees with the
engine's, and a gap in such a rule is shown by a real game."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checks.running.run import CheckSettings, check_variant
from checks.z3_encode import Session
from checks.z3_encode.session import evaluate
from interpreter.engine import RuleStop, ShuffleDealer, play_match, prepare
from interpreter.engine import tileset as ts
from interpreter.engine.evaluate import Env, Undefined, compile_expr
from interpreter.engine.turns import TurnSituation
from interpreter.engine.players import RandomPlayer
from interpreter.language.resolve import load_variant, parse_variant_file
from interpreter.language.typing_rules import symbols_with_options
from engine_support import position, text_variant
from tiers import examples, witness_games

GOOD = Path(__file__).parents[1] / "golden" / "good" / "turn.kozel"
STOCK_RULES = """draw: one when count(stock) > 2
  draw: none otherwise
  pass: stock = [] and count(hand) > 1"""


def test_draw_is_asked_with_the_stock_left() -> None:
    setup = prepare(text_variant(STOCK_RULES), 2)
    assert setup.draw is None and setup.may_pass is None  # asked at the turn, not at setup
    big = position(setup, ["0-1", "5-5 6-6"], ends=(3, 4), line="3-4", stock="0-0 0-2 0-3")
    assert big.can_draw(0) and big.legal_moves(0)[0].kind == "draw"
    small = position(setup, ["0-1", "5-5 6-6"], ends=(3, 4), line="3-4", stock="0-0 0-2")
    assert not small.can_draw(0) and small.legal_moves(0)[0].kind == "knock"


def test_pass_is_asked_with_the_hand_and_an_empty_stock() -> None:
    setup = prepare(text_variant(STOCK_RULES), 2)
    empty = position(setup, ["3-5 0-1", "3-6"], ends=(3, 4), line="3-4")
    assert "knock" in [m.kind for m in empty.legal_moves(0)]  # two tiles, empty stock
    assert "knock" not in [m.kind for m in empty.legal_moves(1)]  # one tile only
    stocked = position(setup, ["3-5 0-1", "3-6"], ends=(3, 4), line="3-4", stock="0-0")
    assert "knock" not in [m.kind for m in stocked.legal_moves(0)]


def test_blocked_asks_draw_for_every_player_who_cannot_lay() -> None:
    setup = prepare(text_variant("draw: one when count(hand) < 2\n  draw: none otherwise"), 2)
    # nothing fits 3|4; seat 0 holds two tiles (may not draw), seat 1 one (may draw)
    table = position(setup, ["0-1 0-2", "5-5"], ends=(3, 4), line="3-4", stock="6-6")
    assert not table.blocked
    table = position(setup, ["0-1 0-2", "5-5 5-6"], ends=(3, 4), line="3-4", stock="6-6")
    assert table.blocked


def test_a_rule_that_reads_nothing_of_the_turn_is_decided_at_setup() -> None:
    with pytest.raises(RuleStop) as stop:
        prepare(text_variant("draw: unspecified when players = 3\n  draw: none otherwise"), 3)
    assert stop.value.slot == "draw"


@pytest.mark.parametrize("seed", range(6))
def test_matches_with_turn_rules_replay_to_the_same_result(seed: int) -> None:
    from interpreter.engine.referee import replay
    from interpreter.engine.records import parse_record, record_json
    variant = parse_variant_file(GOOD)[0]
    setup = prepare(variant, 3)
    result = play_match(setup, [RandomPlayer(seed + s) for s in range(3)],
                        dealer=ShuffleDealer(random.Random(seed)))
    assert replay(variant, parse_record(record_json(result))).as_json() == result.as_json()


def test_the_golden_turn_variant_passes_strict() -> None:
    report = check_variant(parse_variant_file(GOOD)[0], CheckSettings(games=witness_games()))
    assert not [f for f in report.findings if f.fails_strict()]


def test_a_gap_in_draw_at_a_turn_is_shown_by_a_game() -> None:
    text = GOOD.read_text(encoding="utf-8").replace("  draw: none otherwise\n", "")
    report = check_variant(load_variant(text, "gap.kozel"), CheckSettings(games=witness_games()))
    gaps = [f for f in report.findings if f.kind == "gap" and "`draw`" in f.message]
    assert gaps and gaps[0].witness is not None and gaps[0].witness.record


# ---- the checker's meaning of the turn's words, against the engine's ------------------------

EXPRESSIONS = [
    "count(stock) > 2", "stock = []", "count(hand) > 1 and not (stock = [])",
    "pips(hand) + count(with(stock, 6)) > 9", "heaviest(hand) in stock or most(hand) >= 2",
    "if players = 3 then count(doubles(hand)) = 1 else lightest(stock) = 0-0",
]


@lru_cache(maxsize=1)
def _variant():  # type: ignore[no-untyped-def]
    cases = "\n  ".join(f"pass: {e}" + (" otherwise" if i == len(EXPRESSIONS) - 1 else
                                         f" when players = {9 + i}")
                        for i, e in enumerate(EXPRESSIONS))
    return text_variant(cases)


@lru_cache(maxsize=1)
def _session() -> Session:
    return Session.of(_variant())


@settings(max_examples=examples(20), deadline=None)
@given(players=st.sampled_from([2, 3, 4]), order=st.permutations(range(28)),
       hand_size=st.integers(1, 7), stock_size=st.integers(0, 7))
def test_turn_words_agree_with_the_engine(players: int, order: list[int], hand_size: int,
                                          stock_size: int) -> None:
    stock_size = min(stock_size, 28 - 7 * players)  # what a deal of 7 each leaves at most
    hand, stock = order[:hand_size], order[hand_size:hand_size + stock_size]
    zones = {"hand": set(hand), "stock": set(stock), "elsewhere": set(order[len(hand) +
                                                                           len(stock):])}
    situation = TurnSituation(players)
    situation.hand, situation.stock = ts.set_of(hand), ts.set_of(stock)
    env = Env("turn", {}, {}, symbols_with_options({}), players)
    for case in _variant().cases("pass"):
        expr = case.value
        defined, value = evaluate(_session(), "turn", expr, zones, {"players": players})
        try:
            engine = True, compile_expr(expr, env)(situation)
        except Undefined:
            engine = False, None
        assert defined == engine[0], expr
        if defined:
            assert value == engine[1], expr
