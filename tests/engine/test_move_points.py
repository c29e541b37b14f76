"""Points at a move (`move score`): the count at the ends, the points written to the mover's
side at once, and records that say what a play scored (docs/records.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from interpreter.engine import prepare
from interpreter.engine.match import play_match
from interpreter.engine.players import make_player
from interpreter.engine.records import parse_record, record_json
from interpreter.engine.referee import replay
from interpreter.engine.table import Table
from interpreter.language.errors import RecordError
from engine_support import text_variant, tile, tiles

ALL_FIVES = """
  draw: until_playable
  move score: ends when multiple(ends, 5)
  move score: 0 otherwise
  goat: total > 60
"""


def _table(*laid: tuple[str, str]) -> Table:
    """A table of two seats whose line is laid as given: (tile, end), the first the lead."""
    every = tiles(" ".join(t for t, _ in laid))
    table = Table([every, tiles("0-0")], [])
    first, *rest = laid
    table.lead(0, tile(first[0]))
    for text, end in rest:
        table.lay(0, tile(text), end)
    return table


@pytest.mark.parametrize("laid, ends", [
    ([("4-6", "")], 10),  # a lone lead counts its pips
    ([("5-5", "")], 10),  # a lone double is counted once, both halves
    ([("5-5", ""), ("3-5", "right")], 13),  # the lead double still lies across the left end
    ([("3-5", ""), ("5-5", "right")], 13),  # a double laid at an end counts both halves
    ([("3-5", ""), ("5-5", "right"), ("5-6", "right")], 9),  # ... until a tile covers it
    ([("2-3", ""), ("2-2", "left"), ("3-3", "right")], 10),  # a double at each end
])
def test_the_count_at_the_ends_counts_a_double_across_an_end_twice(
        laid: list[tuple[str, str]], ends: int) -> None:
    assert _table(*laid).ends == ends


def _match(seed: int = 5) -> tuple[Any, Any]:
    setup = prepare(text_variant(ALL_FIVES, players="2"), 2)
    players = [make_player("random", seed + seat) for seat in range(2)]
    return setup, play_match(setup, players, seed=seed)


def _scored(data: dict[str, Any]) -> list[tuple[int, int, int]]:
    """(round, move, points) of every play the record says scored."""
    return [(r, m, move["points"]) for r, game in enumerate(data["rounds"])
            for m, move in enumerate(game["moves"]) if "points" in move]


def test_a_play_that_scores_is_written_to_the_movers_side_and_in_the_record() -> None:
    setup, result = _match()
    data = record_json(result)
    scored = _scored(data)
    assert scored and all(points % 5 == 0 and points > 0 for _, _, points in scored)
    for number, played in enumerate(result.rounds):
        moves = data["rounds"][number]["moves"]
        by_side = [0, 0]
        for _, m, points in (s for s in scored if s[0] == number):
            by_side[moves[m]["seat"]] += points
        assert list(played.played) == by_side
        assert all(p >= q for p, q in zip(played.points, played.played))
    assert sum(sum(r.points) for r in result.rounds) == sum(result.scores)
    again = replay(setup.variant, parse_record(json.loads(json.dumps(data))))
    assert again.as_json() == result.as_json()
    assert all("move points" in r for r in result.as_json()["rounds"])


def test_a_record_whose_play_says_other_points_is_an_error_at_that_move() -> None:
    setup, result = _match()
    data = record_json(result)
    number, move, points = _scored(data)[0]
    data["rounds"][number]["moves"][move]["points"] = points + 5
    with pytest.raises(RecordError) as error:
        replay(setup.variant, parse_record(data))
    assert f"round {number + 1}, move {move + 1}" in str(error.value)
    assert str(points) in str(error.value) and str(points + 5) in str(error.value)


def test_a_record_without_points_replays_to_the_same_result() -> None:
    setup, result = _match(8)
    data = record_json(result)
    for game in data["rounds"]:
        for move in game["moves"]:
            move.pop("points", None)
    assert replay(setup.variant, parse_record(data)).as_json() == result.as_json()


@pytest.mark.parametrize("kind, points", [
    ("knock", 5), ("draw", 5), ("play", -5), ("play", "5"), ("play", True), ("play", 2.5)])
def test_points_are_a_whole_number_on_a_play_only(kind: str, points: Any) -> None:
    setup, result = _match()
    data = record_json(result)
    moves = data["rounds"][0]["moves"]
    if kind != "play":  # a knock or a draw needs no seat that can play
        moves.append({"seat": 0, kind: True if kind == "knock" else "0-0"})
    next(m for m in moves if kind in m)["points"] = points
    with pytest.raises(RecordError, match='"points" must be a whole number'):
        parse_record(data)


def test_a_variant_that_scores_no_move_says_no_move_points() -> None:
    setup = prepare(text_variant("", players="2"), 2)
    result = play_match(setup, [make_player("random", 1), make_player("random", 2)], seed=1)
    assert all(r.played == () for r in result.rounds)
    assert all("move points" not in r for r in result.as_json()["rounds"])
    assert not _scored(record_json(result))
