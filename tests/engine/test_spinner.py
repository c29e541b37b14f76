"""The spinner (`spinner`, `arms`; engine/spinner.py): a line with up to four open ends, its
terms (`covered`, `up`, `down`, `ends`), matches played and replayed from their records, and
records that name an arm where they may not (docs/records.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from interpreter.engine import prepare
from interpreter.engine.match import play_match
from interpreter.engine.moves import Move
from interpreter.engine.players import make_player
from interpreter.engine.records import parse_record, record_json, record_text, record_from_text
from interpreter.engine.referee import replay
from interpreter.engine.spinner import SpinnerTable
from interpreter.engine.stops import RuleStop
from interpreter.engine.table import Table
from interpreter.language.errors import RecordError
from engine_support import text_variant, tile, tiles

DOUBLES = "[0-0, 1-1, 2-2, 3-3, 4-4, 5-5, 6-6]"
FIVE_UP = f"""sides: partners
  deal: 5
  draw: until_playable
  spinner: {DOUBLES}
  move score: ends when multiple(ends, 5)
  move score: 0 otherwise
  loser: side != team(winner) when end = out
  loser: value(side) > lowest(all) when end = fish
  score: 0
  bonus: round_to(value(others), 5) when not loser
  goat: total > 150 and total > highest_total(others)"""
SEBASTOPOL = """sides: partners
  deal: 7
  spinner: [6-6]
  arms: covered = 2
  lead match: holder(6-6)
  lead round: holder(6-6)
  lead tile: [6-6]
  move score: ends when multiple(ends, 5)
  move score: 0 otherwise
  loser: side != team(winner) when end = out
  loser: value(side) > lowest(all) when end = fish
  score: 0
  bonus: round_to(value(others), 5) when not loser
  goat: total > 100 and total > highest_total(others)"""


def _table(lead: str, *laid: tuple[str, str], arms: Any = None,
           spinner: str = "0-0 1-1 2-2 3-3 4-4 5-5 6-6") -> SpinnerTable:
    """A table of two seats; seat 0 leads and lays the tiles given as (tile, end)."""
    every = tiles(" ".join([lead] + [t for t, _ in laid]))
    table = SpinnerTable([every, tiles("0-0") & ~every], [], tiles(spinner), arms)
    table.lead(0, tile(lead))
    for text, end in laid:
        table.lay(0, tile(text), end)
    return table


def _moves(table: Table, seat: int, hand: str) -> list[str]:
    table.held[seat] = tiles(hand)
    table.turn = seat
    return [m.text() for m in table.legal_moves(seat)]


# ---- the physics ------------------------------------------------------------------------------
def test_a_spinner_led_takes_tiles_on_four_ends() -> None:
    table = _table("5-5")
    assert (table.covered, table.up, table.down) == (0, 5, 5)
    # equal sides: once, right; equal arms: once, up (the twins are legal, not listed)
    assert _moves(table, 1, "2-5 3-4") == ["play 2-5 right", "play 2-5 up"]
    table.lay(1, tile("2-5"), "up")
    assert _moves(table, 1, "2-6 4-5") == ["play 2-6 up", "play 4-5 right", "play 4-5 down"]
    assert table.left_twin(Move.parse("play 4-5 left"), [Move.parse("play 4-5 right")])
    assert table.fits(tile("2-6")) and not table.fits(tile("3-4"))


def test_the_arms_stay_closed_until_arms_says_yes() -> None:
    table = _table("5-5", arms=lambda t: t.covered == 2)
    assert _moves(table, 1, "2-5") == ["play 2-5 right"]
    table.lay(0, tile("1-5"), "left")
    assert table.covered == 1 and _moves(table, 1, "2-5") == ["play 2-5 right"]
    table.lay(0, tile("3-5"), "right")
    assert table.covered == 2 and _moves(table, 1, "2-5") == ["play 2-5 up"]
    table.held[1] = tiles("5-6")  # fits an arm only: blocked is taken over the open arms
    assert table.blocked is False
    closed = _table("5-5", ("1-5", "left"), ("3-5", "right"), arms=lambda t: False)
    closed.held[1] = tiles("5-6")
    assert closed.blocked is True and not closed.fits(tile("5-6"))


def test_blocked_read_inside_arms_counts_the_arms_closed() -> None:
    table = _table("5-5", ("1-5", "left"), ("3-5", "right"), arms=lambda t: not t.blocked)
    table.held[1] = tiles("5-6")
    assert _moves(table, 1, "5-6") == ["knock"]  # no recursion: blocked without the arms


def test_the_first_double_laid_later_is_the_spinner_and_its_inner_side_is_covered() -> None:
    table = _table("3-5", ("5-5", "right"))
    assert (table.spinner, table.covered, table.up, table.down) == (tile("5-5"), 1, 5, 5)
    assert _moves(table, 1, "5-6") == ["play 5-6 right", "play 5-6 up"]
    table.lay(1, tile("5-6"), "right")
    assert table.covered == 2
    assert table.line_text() == "[3|5][5|5][5|6]"


def test_no_spinner_on_the_line_reads_as_before_a_lead() -> None:
    table = _table("3-5", spinner="6-6")
    assert (table.covered, table.up, table.down) == (0, -1, -1)
    assert _moves(table, 1, "5-6 0-3") == ["play 0-3 left", "play 5-6 right"]
    plain = Table([tiles("3-5"), 0], [])
    assert (plain.covered, plain.up, plain.down) == (0, -1, -1)


@pytest.mark.parametrize("lead, laid, ends", [
    ("5-5", [], 10),  # a lone lead counts its pips
    ("5-5", [("5-2", "right")], 12),  # the spinner counts both halves at its uncovered left
    ("5-5", [("5-2", "right"), ("5-3", "up")], 15),  # an arm with a tile counts its end
    ("5-5", [("5-2", "right"), ("5-1", "left")], 3),  # both sides covered: the arms count 0
    ("5-5", [("5-2", "right"), ("5-1", "left"), ("5-6", "down"), ("6-6", "down")], 15),
    ("3-5", [("5-5", "right"), ("5-0", "up")], 13),  # a spinner laid later, uncovered right
])
def test_the_count_at_the_ends_with_a_spinner(lead: str, laid: list[tuple[str, str]],
                                              ends: int) -> None:
    assert _table(lead, *laid).ends == ends


def test_the_line_shows_its_arms_after_it() -> None:
    table = _table("5-5", ("5-2", "up"), ("2-4", "up"), ("5-1", "down"))
    assert table.line_text() == "[5|5] up [5|2][2|4] down [5|1]"
    assert table.facts("play")["up"] == 4 and "arms up 4 and down 1" in table.describe()


# ---- setup -----------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["spinner: [6-6, 5-6]", "spinner: [6-6]\n  two doubles: yes"])
def test_a_spinner_that_is_not_a_double_or_two_doubles_with_one_stop_at_setup(
        rules: str) -> None:
    with pytest.raises(RuleStop) as stop:
        prepare(text_variant(rules, players="2"), 2)
    assert stop.value.kind == "invalid" and stop.value.slot == "spinner"


def test_only_a_variant_with_a_spinner_plays_on_a_spinner_table() -> None:
    plain = prepare(text_variant("spinner: []", players="2"), 2)
    assert type(plain.table([0, 0], [])) is Table
    spins = prepare(text_variant("spinner: [6-6]", players="2"), 2)
    assert type(spins.table([0, 0], [])) is SpinnerTable


# ---- matches, records, replay ----------------------------------------------------------------
def _play(rules: str, seed: int) -> tuple[Any, Any]:
    setup = prepare(text_variant(rules, players="4"), 4)
    players = [make_player("random", seed * 10 + seat) for seat in range(4)]
    return setup, play_match(setup, players, seed=seed)


@pytest.mark.parametrize("rules", [FIVE_UP, SEBASTOPOL], ids=["five-up", "sebastopol"])
def test_matches_replay_from_their_records_to_the_same_result(rules: str) -> None:
    arms_played = 0
    for seed in range(25):
        setup, result = _play(rules, seed)
        data = record_json(result)
        arms_played += sum(move.get("end") in ("up", "down")
                           for game in data["rounds"] for move in game["moves"])
        again = replay(setup.variant, record_from_text(record_text(data)))
        assert again == result and record_json(again) == data
    assert arms_played > 0


def test_sebastopol_leads_the_spinner_and_opens_the_arms_after_both_sides() -> None:
    _, result = _play(SEBASTOPOL, 3)
    for played in result.rounds:
        moves = played.log.moves
        assert moves[0][1].text() == "play 6-6"
        sides = [m for _, m, _ in moves if m.kind == "play" and m.end in ("left", "right")]
        first_arm = next((i for i, (_, m, _) in enumerate(moves) if m.end in ("up", "down")), None)
        if first_arm is not None:
            before = [m for _, m, _ in moves[:first_arm] if m.end in ("left", "right")]
            assert {m.end for m in before} == {"left", "right"} and sides


def _record(rules: str, seed: int) -> tuple[Any, dict[str, Any]]:
    setup, result = _play(rules, seed)
    return setup, json.loads(json.dumps(record_json(result)))


def test_a_play_on_an_arm_in_a_variant_without_a_spinner_is_an_error_at_its_move() -> None:
    setup, data = _record(FIVE_UP.replace(f"spinner: {DOUBLES}", "spinner: []"), 1)
    data["rounds"][0]["moves"][1]["end"] = "up"
    with pytest.raises(RecordError, match=r"round 1, move 2: .*no spinner"):
        replay(setup.variant, parse_record(data))


def test_a_play_on_an_arm_while_arms_says_no_is_an_error_at_its_move() -> None:
    setup, data = _record(SEBASTOPOL, 2)
    moves = data["rounds"][0]["moves"]
    # the second move goes on a side of the 6-6 led: on an arm it would be illegal
    second = next(i for i, m in enumerate(moves) if "play" in m and i > 0)
    moves[second]["end"] = "up"
    with pytest.raises(RecordError, match=rf"round 1, move {second + 1}: .*cannot"):
        replay(setup.variant, parse_record(data))


def test_a_play_without_end_goes_right_then_left_then_up_then_down() -> None:
    table = _table("5-5")
    assert table.end_for(tile("2-5")) == "right"  # four ends show 5
    table.lay(0, tile("1-5"), "right")
    assert table.end_for(tile("5-6")) == "left"  # left, up and down show 5
    table.lay(0, tile("3-5"), "left")
    assert table.end_for(tile("5-6")) == "up"  # the arms show 5
    table.lay(0, tile("5-6"), "up")
    assert table.end_for(tile("0-5")) == "down"  # it fits one end
    assert table.end_for(tile("1-3")) == [("left", 3), ("right", 1)]  # the record must say


def test_a_record_without_ends_replays_or_asks_for_an_end() -> None:
    setup, data = _record(FIVE_UP, 4)
    for game in data["rounds"]:
        for move in game["moves"]:
            move.pop("end", None)
    try:
        replay(setup.variant, parse_record(data))
    except RecordError as error:  # a tile that fits ends showing different values
        assert "must say \"end\"" in str(error) or "cannot" in str(error)


def test_an_end_that_is_no_end_keeps_the_message_it_always_had() -> None:
    _, data = _record(FIVE_UP, 1)
    data["rounds"][0]["moves"][1]["end"] = "middle"
    with pytest.raises(RecordError, match='round 1, move 2: "end" must be "left" or "right", '
                                          'and only on a play .*"up" or "down"'):
        parse_record(data)
