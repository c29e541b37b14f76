"""The end of a match as rules (`wins` beside `goat`): resolving, the engine's match, the
replay JSON (docs/records.md: "winner" only where the variant names winners), and the checker's
built-in invariants following the variant's own end of match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checks.running.run import check_variant
from interpreter.engine import play_match, prepare
from interpreter.engine.referee import replay
from interpreter.language.errors import RuleFileError
from interpreter.engine.players import RandomPlayer
from interpreter.engine.records import parse_record, record_json
from interpreter.language.resolve import load_variant, parse_variant_file

GOOD = Path(__file__).parents[1] / "golden" / "good" / "match-end.kozel"
SEEDS = Path(__file__).resolve().parents[2] / "spec" / "variants"


def _variants() -> dict:
    return {v.name: v for v in parse_variant_file(GOOD)}


def _play(name: str, seed: int, players: int = 3):  # type: ignore[no-untyped-def]
    setup = prepare(_variants()[name], players)
    return play_match(setup, [RandomPlayer(seed + s) for s in range(players)], seed=seed)


@pytest.mark.parametrize("seed", range(8))
def test_first_to_61_ends_with_the_one_side_that_passed_61_first(seed: int) -> None:
    result = _play("first-to-61", seed)
    assert result.winner is not None and len(result.winner) == 1
    (side,) = result.winner
    assert result.scores[side] >= 61
    assert all(result.scores[side] > t for s, t in enumerate(result.scores) if s != side)
    before = result.rounds[-2].scores if len(result.rounds) > 1 else (0,) * result.sides
    assert max(before) < 61 or sorted(before)[-1] == sorted(before)[-2]  # nobody had won yet
    assert result.goat == ()  # the match ended by a winner, and no rule names a goat


@pytest.mark.parametrize("seed", range(4))
def test_the_replay_json_of_a_winner_variant_carries_the_winner(seed: int) -> None:
    variant = _variants()["first-to-61"]
    result = _play("first-to-61", seed)
    data = replay(variant, parse_record(json.loads(json.dumps(record_json(result))))).as_json()
    assert data == result.as_json()
    assert data["winner"] == list(result.winner or ())
    assert data["goat"] == []


def test_a_goat_variant_has_no_winner_field() -> None:
    minsk = parse_variant_file(SEEDS / "minsk.kozel")[0]
    setup = prepare(minsk, 4)
    result = play_match(setup, [RandomPlayer(s) for s in range(4)], seed=3)
    assert "winner" not in result.as_json()
    assert result.goat


def test_goat_and_winner_in_one_round() -> None:
    found = [r for r in (_play("goat-and-winner", seed) for seed in range(6))]
    for result in found:
        assert result.goat or result.winner
        for side in result.goat or ():
            assert result.scores[side] == max(result.scores) > 100
        for side in result.winner or ():
            assert result.scores[side] == min(result.scores)


def test_a_variant_without_goat_or_wins_is_a_positioned_error() -> None:
    text = (GOOD.read_text(encoding="utf-8").split("-- \"When someone")[0]
            .replace("  wins: total >= 61 and total > highest_total(others)\n", ""))
    with pytest.raises(RuleFileError) as error:
        load_variant(text, "no-end.kozel")
    message = str(error.value)
    assert "no-end.kozel:7:9" in message
    assert "has no rule for `goat` or `wins`" in message


@pytest.mark.parametrize("name", ["first-to-61", "highest-at-100", "goat-and-winner"])
def test_winner_variants_pass_strict(name: str) -> None:
    report = check_variant(_variants()[name])
    failing = [f for f in report.findings if f.fails_strict()]
    assert not failing, failing
