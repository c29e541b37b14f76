"""Records written by another engine (docs/records.md): a tile laid with "end": "left" onto two ends
showing the same value, and the knocks that go round after a fish, replay and score as the
engine's own records of the same games."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from interpreter.engine.events import Listener
from interpreter.engine.moves import Move
from interpreter.engine.referee import replay
from interpreter.engine.table import Table
from interpreter.language.errors import RecordError
from interpreter.engine.records import parse_record, record_json
from interpreter.engine.tiles import ALL_TILES
from engine_support import seed, text_variant

RECORDS = Path(__file__).parents[1] / "records"
SWAP = {"left": "right", "right": "left"}


def load(name: str) -> dict[str, Any]:
    return json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))


def expected(name: str) -> dict[str, Any]:
    return json.loads((RECORDS / f"{name}.expected").read_text(encoding="utf-8"))


class Ends(Listener):
    """The ends of the line after every move, per round."""

    def __init__(self) -> None:
        self.rounds: list[list[tuple[int, int]]] = []

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        self.rounds.append([])

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        self.rounds[-1].append((table.left, table.right))


def mirrored(data: dict[str, Any], variant: str) -> tuple[dict[str, Any], int]:
    """The same games, each round laid as the mirror image from its first tile onto equal
    ends on: that tile goes left, and every later end is the other one. Return the record and
    how many tiles went left onto equal ends."""
    ends = Ends()
    replay(seed(variant), parse_record(data), listener=ends)
    data, count = copy.deepcopy(data), 0
    for game, after in zip(data["rounds"], ends.rounds):
        mirror = False
        for index, move in enumerate(game["moves"]):
            equal = 0 < index <= len(after) and after[index - 1][0] == after[index - 1][1]
            if "end" in move and (mirror or equal):
                mirror = True
                move["end"] = SWAP[move["end"]]
                count += move["end"] == "left" and equal
    return data, count


def with_knocks_after_fish(data: dict[str, Any], result: Any) -> dict[str, Any]:
    """Each fish followed by the knocks of every seat in turn, the fisher last."""
    data = copy.deepcopy(data)
    players = data["players"]
    for game, played in zip(data["rounds"], result.rounds):
        if played.end == "fish":
            last = game["moves"][-1]["seat"]
            game["moves"] += [{"seat": (last + k) % players, "knock": True}
                              for k in range(1, players + 1)]
    return data


def test_minsk_laid_at_the_named_equal_end_scores_the_same() -> None:
    data, count = mirrored(load("minsk-4"), "minsk")
    assert count >= 3  # every round leads a double: its first tile goes onto equal ends
    result = replay(seed("minsk"), parse_record(data))
    assert result.as_json() == expected("minsk-4")
    assert record_json(result)["rounds"] == data["rounds"]  # the named ends are honoured


def test_minsk_with_knocks_after_every_fish_scores_the_same() -> None:
    original = load("minsk-4")
    result = replay(seed("minsk"), parse_record(original))
    assert [r.end for r in result.rounds] == ["fish"] * 3
    data, _ = mirrored(with_knocks_after_fish(original, result), "minsk")
    assert replay(seed("minsk"), parse_record(data)).as_json() == expected("minsk-4")


@pytest.fixture
def knocked() -> dict[str, Any]:
    original = load("minsk-4")
    return with_knocks_after_fish(original, replay(seed("minsk"), parse_record(original)))


def fails(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(seed("minsk"), parse_record(data))


def test_knocks_after_a_fish_must_go_in_turn(knocked: dict[str, Any]) -> None:
    moves = knocked["rounds"][0]["moves"]
    fished = len(moves) - 4
    moves[fished], moves[fished + 1] = moves[fished + 1], moves[fished]
    fails(knocked, rf"^round 1, move {fished + 1}: a move after the round ended \(a fish after "
                   rf"seat \d's tile at move {fished}; only knocks in turn")


def test_at_most_one_knock_round_after_a_fish(knocked: dict[str, Any]) -> None:
    moves = knocked["rounds"][1]["moves"]
    moves.append(dict(moves[-4]))
    fails(knocked, rf"^round 2, move {len(moves)}: a move after the round ended")


def test_a_play_after_a_fish_is_still_an_error(knocked: dict[str, Any]) -> None:
    moves = knocked["rounds"][2]["moves"]
    moves[-2] = {"seat": moves[-2]["seat"], "play": "0-0", "end": "left"}
    fails(knocked, rf"^round 3, move {len(moves) - 1}: a move after the round ended")


def two_player_record(moves: list[dict[str, Any]], hands: list[list[str]]) -> dict[str, Any]:
    dealt = {t for hand in hands for t in hand}
    stock = [str(t) for t in ALL_TILES if str(t) not in dealt]
    return {"format": "kozel-record/1", "variant": "t", "players": 2,
            "rounds": [{"hands": hands, "stock": stock, "moves": moves}]}


def test_a_knock_after_a_fish_by_a_seat_that_can_move_is_refused() -> None:
    variant = text_variant("deal: 3\n  lead match: holder(1-1)\n  fish: count(line) >= 2")
    hands = [["1-1", "0-0", "2-2"], ["1-3", "3-4", "2-5"]]
    moves = [{"seat": 0, "play": "1-1"}, {"seat": 1, "play": "1-3", "end": "left"}]
    assert replay(variant, parse_record(two_player_record(moves, hands))).rounds[0].end == "fish"
    moves.append({"seat": 0, "knock": True})  # 0 holds 0-0 and 2-2: neither fits 3 or 1
    replay(variant, parse_record(two_player_record(moves, hands)))
    moves.append({"seat": 1, "knock": True})  # 1 holds 3-4, which fits the 3
    with pytest.raises(RecordError, match=r"^round 1, move 4: seat 2 knocks after the round "
                                          r"ended in a fish, but it can still lay a tile"):
        replay(variant, parse_record(two_player_record(moves, hands)))


def test_the_named_equal_end_decides_later_fits() -> None:
    variant = text_variant("deal: 2\n  lead match: holder(1-1)")
    hands = [["1-1", "3-5"], ["1-3", "0-0"]]
    moves = [{"seat": 0, "play": "1-1"}, {"seat": 1, "play": "1-3", "end": "left"},
             {"seat": 0, "play": "3-5", "end": "right"}]
    with pytest.raises(RecordError, match=r"^round 1, move 3: seat 1 cannot play 3-5 right"):
        replay(variant, parse_record(two_player_record(moves, hands)))
    moves[2]["end"] = "left"
    assert replay(variant, parse_record(two_player_record(moves, hands))).rounds[0].end == "out"
    moves[1]["end"] = "right"  # the other way round: 3 shows on the right
    with pytest.raises(RecordError, match=r"^round 1, move 3: seat 1 cannot play 3-5 left"):
        replay(variant, parse_record(two_player_record(moves, hands)))
