"""The engine plays what house rules and the fish-leader rule say: the next leader after a fish
follows the previous round's losers and tie, several goats end a match together, and a replay
of the record names the same goats, and the compiled match plays the rule as the engine does."""

from __future__ import annotations

from pathlib import Path

from interpreter.compiled import compile_match, reason
from interpreter.engine.playing import play_for_statistics
from interpreter.engine import play_match, prepare
from interpreter.engine.players import RandomPlayer
from interpreter.engine.records import parse_record, record_json
from interpreter.engine.referee import replay
from interpreter.language.resolve import parse_variant_file

GOOD = Path(__file__).resolve().parents[1] / "golden" / "good"
MATCHES = 12  # seeded matches per player count: enough rounds after a fish of each kind


def _fish_leader():
    (variant,) = parse_variant_file(GOOD / "fish-leader.kozel")
    return variant


def _expected_leader(players: int, before) -> int:
    """Who leads after the round `before`, by the rule in words, from its result alone."""
    if before.end == "out":
        return before.seat
    partners = players == 4
    values = [0] * (2 if partners else players)
    for seat, hand in enumerate(before.left):
        values[seat % 2 if partners else seat] += sum(tile.pips for tile in hand)
    if values.count(max(values)) >= 2:
        return before.leader  # a tie: the same leader again
    side = before.seat % 2 if partners else before.seat
    return (before.seat + 1) % players if before.losers[side] else before.seat


def test_after_a_fish_the_blocker_leads_if_his_side_won_the_next_if_it_lost() -> None:
    variant, seen = _fish_leader(), set()
    for players in (2, 3, 4):
        setup = prepare(variant, players)
        for seed in range(MATCHES):
            result = play_match(setup, [RandomPlayer(seed * 10 + s) for s in range(players)],
                                seed=seed)
            for before, after in zip(result.rounds, result.rounds[1:]):
                assert after.leader == _expected_leader(players, before), (players, seed)
                seen.add((before.end, any(before.losers)))
    assert {("fish", True), ("fish", False), ("out", True)} <= seen


def test_several_goats_end_the_match_together_and_the_replay_names_them() -> None:
    variant = _fish_leader()
    setup = prepare(variant, 3)
    for seed in range(200):
        result = play_match(setup, [RandomPlayer(seed + s) for s in range(3)], seed=seed)
        if len(result.goat or ()) >= 2:
            break
    else:
        raise AssertionError("no match of 200 made two goats at once")
    again = replay(variant, parse_record(record_json(result)))
    assert again.goat == result.goat and len(again.goat) >= 2


def test_the_compiled_match_plays_the_fish_leader_rule_as_the_engine() -> None:
    for players in (2, 3, 4):
        setup = prepare(_fish_leader(), players)
        compiled = compile_match(setup, "random")
        assert compiled is not None, reason(setup, "random")
        for seed in range(MATCHES):
            engine = play_for_statistics(setup, "random", seed)
            fast = compiled.play(seed)
            assert (fast.rounds, fast.result) == (engine.rounds, engine.result), (players, seed)
            assert [r.leader for r in fast.rounds] == [r.leader for r in engine.rounds]
