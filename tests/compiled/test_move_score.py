"""Variants that score at moves (`move score`) in the compiled match, against the engine.

The variants of move_score.kozel (All Fives, Fives and Threes, a rule over `laid`, `hand` and
`line`, points at moves beside a threshold, two doubles at once; 2 to 4 players, partners at
4, drawing until a tile fits, one tile, or nothing) are compiled, never declined, and play as
the engine plays them: the same rounds (`played` and `points` per side, totals, goats,
winners), the same records (`RoundLog.scored`), the match played by the compiled code itself,
not handed over. The round OpenSpiel steps (compiled/stepping.py) is checked against the
engine's round too, round after round. Random variants, which write `move score` as any other
slot, are played in test_compiled_oracle.py.
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.compiled import compile_match, reason
from interpreter.compiled.compiler import generate
from interpreter.compiled.stepping import DEAL, LOT, first_start
from interpreter.engine import Setup, prepare
from interpreter.engine.moves import PLAY
from interpreter.engine.playing import play_for_statistics
from interpreter.language import ast
from interpreter.language.model import Case
from interpreter.language.resolve import parse_variant_file
from strategies import env_for, slot_cases
from test_compiled_oracle import _attempt, _logs, assert_same, outcome, seed_setup
from tiers import examples

MOVE_SCORE = Path(__file__).with_name("move_score.kozel")
VARIANTS = {variant.name: variant for variant in parse_variant_file(MOVE_SCORE)}
SETTINGS = [(name, players) for name, variant in VARIANTS.items() for players in variant.players]


@functools.lru_cache(maxsize=None)
def setup_of(name: str, players: int) -> Setup:
    """A variant of move_score.kozel, prepared at a player count."""
    return prepare(VARIANTS[name], players)


def test_all_fives_and_fives_and_threes_are_compiled() -> None:
    assert {"allfives", "fives-and-threes"} <= set(VARIANTS)
    assert [(n, p) for n, p in SETTINGS if reason(setup_of(n, p), "random")] == []
    assert [(n, p) for n, p in SETTINGS if reason(setup_of(n, p), "greedy")] == []


@pytest.mark.parametrize("name,players", SETTINGS)
def test_a_variant_scoring_moves_plays_as_the_engine(name: str, players: int) -> None:
    """Twelve matches at random, played by the compiled match itself, and moves do score."""
    setup = setup_of(name, players)
    compiled = compile_match(setup, "random")
    assert compiled is not None
    plays = []
    for seed in range(12):
        engine = _attempt(lambda s: play_for_statistics(setup, "random", s), seed)
        plays.append(_attempt(compiled.play, seed))
        assert outcome(plays[-1]) == outcome(engine), (name, players, seed)
    assert compiled.handovers == 0
    assert any(any(r.played) for play in plays for r in play.rounds)
    assert all(len(r.played) == setup.seating.sides for play in plays for r in play.rounds)
    assert_same(setup, 99, "greedy")
    assert_same(setup, 7, "random")


@settings(max_examples=examples(80), deadline=None, suppress_health_check=list(HealthCheck))
@given(setting=st.sampled_from(SETTINGS), seed=st.integers(0, 2 ** 64 - 1),
       strategy=st.sampled_from(("random", "greedy")))
def test_any_seed_of_a_variant_scoring_moves_plays_as_the_engine(
        setting: tuple[str, int], seed: int, strategy: str) -> None:
    assert_same(setup_of(*setting), seed, strategy)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=list(HealthCheck))
@given(setting=st.sampled_from(SETTINGS), data=st.data(), seed=st.integers(0, 2 ** 64 - 1),
       strategy=st.sampled_from(("random", "greedy")))
def test_a_random_move_score_rule_plays_as_the_engine(setting: tuple[str, int], data: Any,
                                                      seed: int, strategy: str) -> None:
    """Random cases of `move score` over every term of its context (tests/strategies.py), in
    a variant that plays (an `otherwise` of 0 where they have none)."""
    cases = data.draw(slot_cases("move score", env_for("move", [])))
    if not any(case.otherwise for case in cases):
        cases += (Case("move score", ast.IntLit(0), otherwise=True),)
    name, players = setting
    variant = VARIANTS[name]
    slots = tuple((slot, cases if slot == "move score" else kept)
                  for slot, kept in variant.slots)
    assert_same(prepare(replace(variant, slots=slots), players), seed, strategy)


def test_the_records_say_what_each_play_scored() -> None:
    """The compiled match writes `scored` itself: the index of a play, its points (All Fives:
    a multiple of 5, never 0), the engine's record."""
    setup = setup_of("allfives", 2)
    compiled = compile_match(setup, "random")
    assert compiled is not None
    for seed in range(10):
        play = compiled.play(seed, records=True)
        assert _logs(play) == _logs(play_for_statistics(setup, "random", seed))
        for result in play.rounds:
            scored = result.log.scored
            assert all(result.log.moves[i][1].kind == PLAY and p and p % 5 == 0
                       for i, p in scored)
            assert sum(p for _, p in scored) == sum(result.played)
    assert compiled.handovers == 0


def test_move_points_are_written_by_a_side_not_yet_opened() -> None:
    """Below the threshold a side writes nothing of its round's points, but its moves' points
    are written all the same (engine/scoring.py); the test variant does reach that case."""
    setup = setup_of("opened-later", 2)
    compiled = compile_match(setup, "random")
    assert compiled is not None
    reached = False
    for seed in range(20):
        for result in compiled.play(seed).rounds:
            for side, moved in enumerate(result.played):
                if moved and not result.opened[side]:
                    reached = True
                    assert result.points[side] == moved
    assert reached and compiled.handovers == 0


def test_a_variant_without_move_score_gets_none_of_its_code() -> None:
    """The hot path of every other variant is the one it was: no line of move_source.py."""
    setup = seed_setup("minsk 4p target=100")
    for strategy, records in (("random", False), ("greedy", False), ("random", True)):
        source = generate(setup, strategy, records=records)
        assert "pts" not in source and "_TWICE" not in source and "played=()" in source
        assert "scored" not in source


# ---- the round OpenSpiel steps --------------------------------------------------------------
def _stepped_round(rounds: Any, rules: Any, start: Any, rng: random.Random
                   ) -> tuple[Any, Any, list[int]]:
    """One compiled round from outside, every chance and choice at random: its result, the
    next Start and the game's actions (the tiles chance dealt, the lot, every code)."""
    play, actions = rounds.start(start), []
    asked = next(play)
    try:
        while True:
            if asked is DEAL:
                dealt = rng.sample(range(28), rules.dealt)
                actions += dealt
                asked = play.send(rules.deal_order(dealt))
            elif asked is LOT:
                seat = rng.randrange(rules.setup.players)
                actions.append(28 + seat)
                asked = play.send(seat)
            else:
                actions.append(rng.choice(list(asked[1])))
                asked = play.send(actions[-1])
    except StopIteration as done:
        return (*done.value, actions)


@pytest.mark.parametrize("name,players", [("allfives", 4), ("fives-and-threes", 3),
                                          ("laid-hand-line", 2), ("allfives-doubles", 2)])
def test_the_stepped_round_scores_moves_as_the_engine(name: str, players: int) -> None:
    """OpenSpiel's round (stepping.py) is compiled for these variants and ends every round
    as the engine does with the same deals and choices: points, `played`, totals."""
    pytest.importorskip("pyspiel", reason="open-spiel is not installed (pip install 'kozel[ai]')")
    from kozel.openspiel.following import Finished, play_round_by_engine
    from kozel.openspiel.nodes import Rules
    rules = Rules(setup_of(name, players), 30)
    assert rules.rounds is not None
    rng, start, scored = random.Random(players), first_start(rules.sides), 0
    for _ in range(12):
        result, following, actions = _stepped_round(rules.rounds, rules, start, rng)
        engine = play_round_by_engine(rules, start, actions)
        assert isinstance(engine, Finished)
        assert (result, following) == (engine.result, engine.start)
        scored += sum(result.played)
        if result.goat or result.winner:
            break
        start = following
    assert scored > 0
