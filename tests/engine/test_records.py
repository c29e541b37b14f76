"""Game records: known games replay to known results; malformed records give the documented
errors (`record: ...`, `round R, deal: ...`, `round R: ...`, `round R, move M: ...`)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from kozel.cli import main
from interpreter.engine.referee import replay
from interpreter.language.errors import RecordError
from interpreter.engine.records import parse_record, read_record, record_text
from interpreter.engine.tiles import ALL_TILES
from engine_support import seed, text_variant

RECORDS = Path(__file__).parents[1] / "records"
KNOWN = sorted(RECORDS.glob("*.json"))


def variant_of(path: Path) -> str:
    return json.loads(path.read_text(encoding="utf-8"))["variant"]


@pytest.mark.parametrize("path", KNOWN, ids=[p.stem for p in KNOWN])
def test_known_records_replay_to_their_known_results(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expected").read_text(encoding="utf-8"))
    result = replay(seed(variant_of(path)), read_record(path))
    assert result.as_json() == expected


def test_record_text_is_json_and_round_trips() -> None:
    data = json.loads((RECORDS / "minsk-4.json").read_text(encoding="utf-8"))
    assert json.loads(record_text(data)) == data


@pytest.fixture
def gambler() -> dict[str, Any]:
    return json.loads((RECORDS / "gambler-1v1-101.json").read_text(encoding="utf-8"))


def fails(data: Any, message: str, variant: str = "gambler-1v1") -> None:
    with pytest.raises(RecordError, match=message):
        replay(seed(variant), parse_record(data))


def first_draw(data: dict[str, Any]) -> tuple[int, int]:
    for r, game in enumerate(data["rounds"]):
        for m, move in enumerate(game["moves"]):
            if "draw" in move:
                return r, m
    raise AssertionError("no draw in the record")


def test_wrong_format_and_shape(gambler: dict) -> None:
    fails({**gambler, "format": "kozel-record/2"}, r"^record: unknown format 'kozel-record/2'")
    fails([], r"^record: a record must be a JSON object")
    fails({**gambler, "players": 5}, r"^record: \"players\" must be 2, 3 or 4")
    fails({**gambler, "players": 3}, r"^round 1, deal: a deal must list 3 hands, one per seat")
    fails({"format": "kozel-record/1", "variant": "gambler-1v1", "players": 3, "rounds": []},
          r"^record: variant 'gambler-1v1' is played by 2 players, not 3")


def test_unknown_or_bad_variant_option(gambler: dict) -> None:
    fails({**gambler, "options": {"targte": 101}},
          r"^record: variant 'gambler-1v1' has no option 'targte' \(did you mean 'target'\?\)")
    fails({**gambler, "options": {"target": 100}}, r"^record: option 'target' cannot be '100'")


def test_duplicate_tiles(gambler: dict) -> None:
    data = copy.deepcopy(gambler)
    data["rounds"][0]["hands"][1][0] = data["rounds"][0]["hands"][0][0]
    fails(data, rf"^round 1, deal: tile {data['rounds'][0]['hands'][0][0]} appears twice")
    data = copy.deepcopy(gambler)
    data["rounds"][1]["stock"].append(data["rounds"][1]["hands"][0][0])
    fails(data, r"^round 2, deal: tile \d-\d is both dealt and in the stock")
    data = copy.deepcopy(gambler)
    data["rounds"][0]["stock"].pop()
    fails(data, r"^round 1, deal: the hands and the stock miss \d-\d")


def test_a_tile_that_is_not_a_tile(gambler: dict) -> None:
    data = copy.deepcopy(gambler)
    data["rounds"][0]["moves"][0]["play"] = "7-1"
    fails(data, r"^round 1, move 1: not a tile of the double-six set: '7-1'")


def test_a_draw_that_is_not_the_top_of_the_stock(gambler: dict) -> None:
    data = copy.deepcopy(gambler)
    r, m = first_draw(data)
    stock = data["rounds"][r]["stock"]
    drawn = data["rounds"][r]["moves"][m]["draw"]
    other = next(t for t in stock if t != drawn)
    data["rounds"][r]["moves"][m]["draw"] = other
    fails(data, rf"^round {r + 1}, move {m + 1}: seat \d draws {other}, but the top of the "
                rf"stock is {drawn}")


def test_a_move_after_the_round_ended(gambler: dict) -> None:
    data = copy.deepcopy(gambler)
    moves = data["rounds"][0]["moves"]
    moves.append({"seat": 0, "knock": True})
    fails(data, rf"^round 1, move {len(moves)}: a move after the round ended \(seat 1 went out "
                rf"at move {len(moves) - 1}\)")


def test_a_record_that_stops_before_the_round_is_over(gambler: dict) -> None:
    data = copy.deepcopy(gambler)
    del data["rounds"][0]["moves"][-1]
    fails(data, r"^round 1: the record ends after move \d+, but the round is not over")


def test_a_move_out_of_turn_or_illegal(gambler: dict) -> None:
    data = copy.deepcopy(gambler)
    data["rounds"][0]["moves"][1]["seat"] = data["rounds"][0]["moves"][0]["seat"]
    fails(data, r"^round 1, move 2: the record has seat \d move, but it is seat \d's turn")
    data = copy.deepcopy(gambler)
    data["rounds"][0]["moves"][0] = {"seat": data["rounds"][0]["moves"][0]["seat"],
                                     "knock": True}
    fails(data, r"^round 1, move 1: seat \d cannot knock; legal moves: play ")


def test_a_tile_the_seat_does_not_hold(gambler: dict) -> None:
    data = copy.deepcopy(gambler)
    first = data["rounds"][0]["moves"][0]
    other_hand = data["rounds"][0]["hands"][1 - first["seat"]]
    first["play"] = other_hand[0]
    # the message names seats for people, from 1; the record numbers them from 0
    fails(data, rf"^round 1, move 1: seat {first['seat'] + 1} does not hold {other_hand[0]}")


def test_a_round_after_the_match_ended(gambler: dict) -> None:
    data = copy.deepcopy(gambler)
    data["rounds"].append(copy.deepcopy(data["rounds"][0]))
    count = len(data["rounds"])
    fails(data, rf"^round {count}: the match was over after round {count - 1} \(goat: side 1\)")


def test_a_partial_match_replays_with_no_goat_yet(gambler: dict) -> None:
    data = copy.deepcopy(gambler)
    del data["rounds"][2:]
    result = replay(seed("gambler-1v1"), parse_record(data))
    assert result.as_json()["goat"] is None and len(result.rounds) == 2


def test_redeals_must_be_the_variants_redeals() -> None:
    data = json.loads((RECORDS / "gambler-1v1-redeal.json").read_text(encoding="utf-8"))
    number = next(i for i, g in enumerate(data["rounds"], 1) if g["redeals"])
    game = data["rounds"][number - 1]
    game["redeals"].insert(0, game["hands"])  # a deal in which no hand may be thrown in
    fails(data, rf"^round {number}: the record throws in deal 1, but no hand of it may be "
                "redealt")


def test_an_automatic_redeal_cannot_be_played() -> None:
    data = json.loads((RECORDS / "minsk-4.json").read_text(encoding="utf-8"))
    hands = [["0-0", "1-1", "2-2", "3-3", "4-4", "0-1", "0-2"],
             ["5-5", "6-6", "0-3", "0-4", "0-5", "0-6", "1-2"],
             ["1-3", "1-4", "1-5", "1-6", "2-3", "2-4", "2-5"],
             ["2-6", "3-4", "3-5", "3-6", "4-5", "4-6", "5-6"]]
    data["rounds"][0]["hands"] = hands
    fails(data, r"^round 1: the deal played should have been thrown in", variant="minsk")


def test_the_end_may_be_left_out_only_when_one_end_fits() -> None:
    variant = text_variant("deal: 2\n  lead match: holder(1-3)")
    stock = [str(t) for t in ALL_TILES if str(t) not in ("1-3", "1-5", "3-5", "0-0")]
    record = {"format": "kozel-record/1", "variant": "t", "players": 2, "rounds": [{
        "hands": [["1-3", "1-5"], ["3-5", "0-0"]], "stock": stock,
        "moves": [{"seat": 0, "play": "1-3"}, {"seat": 1, "play": "3-5"},
                  {"seat": 0, "play": "1-5"}]}]}
    with pytest.raises(RecordError, match=r"^round 1, move 3: 1-5 fits both ends \(1 and 5\): "
                                          r"the record must say \"end\""):
        replay(variant, parse_record(record))
    record["rounds"][0]["moves"][2]["end"] = "left"
    assert replay(variant, parse_record(record)).rounds[0].end == "out"


def run_cli(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_command_json_is_exactly_the_result(capsys: Any) -> None:
    path = RECORDS / "pairs-4.json"
    code, out, _ = run_cli(capsys, "replay", "pairs", str(path), "--format", "json")
    assert code == 0
    assert json.loads(out) == json.loads(path.with_suffix(".expected").read_text())
    assert set(json.loads(out)["rounds"][0]) == {"end", "seat", "points", "carry", "remembered"}


def test_replay_command_errors_exit_1_with_nothing_on_stdout(capsys: Any, tmp_path: Path,
                                                             gambler: dict) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{\"format\": ", encoding="utf-8")
    code, out, err = run_cli(capsys, "replay", "gambler-1v1", str(broken))
    assert (code, out) == (1, "") and err.startswith("record: not valid JSON")
    late = copy.deepcopy(gambler)
    late["rounds"][-1]["moves"].append({"seat": 0, "knock": True})
    bad = tmp_path / "late.json"
    bad.write_text(json.dumps(late), encoding="utf-8")
    code, out, err = run_cli(capsys, "replay", "gambler-1v1", str(bad))
    assert (code, out) == (1, "") and "a move after the round ended" in err
    code, out, err = run_cli(capsys, "replay", "gambler-1v1", str(tmp_path / "missing.json"))
    assert (code, out) == (1, "") and "cannot read" in err

