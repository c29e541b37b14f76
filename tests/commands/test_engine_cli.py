"""The play and simulate commands: output, exit codes, usage errors, a person at the prompt."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kozel.cli import main
from interpreter.engine.referee import replay
from interpreter.engine.records import read_record
from engine_support import seed


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_shows_rounds_and_saves_a_record_that_replays(capsys: Any, tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    code, out, err = run(capsys, "play", "gambler-1v1", "--seed", "3", "--option",
                         "target=101", "--save", str(record))
    assert code == 0 and err == ""
    assert "Round 1" in out and "seat 2 leads 2-2" in out and "[2|2]" in out
    assert "sheet: side 1" in out and "Goat: side" in out
    result = replay(seed("gambler-1v1"), read_record(record))
    assert result.goat is not None and f"totals {list(result.scores)}" in out


def test_play_is_reproducible_with_a_seed(capsys: Any) -> None:
    first = run(capsys, "play", "minsk", "--seed", "11")[1]
    second = run(capsys, "play", "minsk", "--seed", "11")[1]
    assert first == second and "seed 11" in first


@pytest.mark.parametrize("argv, message", [
    (["play", "minsk", "--option", "targt=300"], "no option 'targt' (did you mean 'target'?)"),
    (["play", "minsk", "--option", "target"], "--option needs NAME=VALUE"),
    (["play", "minsk", "--players", "5"], "played by 2, 3, 4 players, not 5"),
    (["play", "pairs"], "gives no default for 'draw_each', 'full_fish', 'double_lead'"),
    (["play", "minks"], "unknown variant 'minks' (did you mean 'minsk'?)"),
    (["play", "minsk", "--human", "7"], "--human must be a seat 1..4"),
    (["play", "minsk", "--human", "0"], "--human: needs a whole number from 1 to"),
    (["simulate", "minsk", "--matches", "0"], "--matches: needs a whole number from 1 to"),
])
def test_usage_errors_exit_2(capsys: Any, argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err


def test_play_stops_on_a_rule_the_variant_leaves_open(capsys: Any) -> None:
    code, out, err = run(capsys, "play", "minsk", "--players", "2", "--seed", "1")
    assert code == 1 and "Traceback" not in err
    assert "minsk.kozel:" in err and ("holder(1-1)" in err or "partner(" in err)


def test_a_person_plays_a_seat_and_bad_input_is_asked_again(capsys: Any, monkeypatch: Any
                                                             ) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("x\n99\n" + "1\n" * 400))
    code, out, err = run(capsys, "play", "gambler-1v1", "--seed", "4", "--human", "1",
                         "--option", "target=101")
    assert code == 0, err
    assert "your move (1-" in out and "please type a number" in out
    assert "seat 2: 7 tiles" in out  # the other hand stays hidden (seats from 1)


def test_end_of_input_abandons_the_match_without_a_traceback(capsys: Any,
                                                             monkeypatch: Any) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = run(capsys, "play", "minsk", "--seed", "2", "--human", "1")
    assert code == 1 and "abandoned" in err and "Traceback" not in err


def test_simulate_json_reports_stats_and_stops_by_rule(capsys: Any) -> None:
    code, out, err = run(capsys, "simulate", "kozel-classic", "--matches", "20",
                         "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert {"matches", "rounds", "seconds", "rounds_per_second", "fish_rate", "redeal_rate",
            "match_length", "goat_rate", "first_lead", "stops"} <= set(data)
    assert data["matches"] == 20 and data["completed"] + data["stopped"] == 20
    (stop,) = data["stops"]
    assert stop["kind"] == "unspecified" and "`loser` at" in stop["rule"]
    assert stop["count"] == data["stopped"] > 0


def test_simulate_text_and_greedy(capsys: Any) -> None:
    code, out, _ = run(capsys, "simulate", "minsk", "--matches", "10", "--strategy", "greedy",
                       "--players", "4", "--option", "target=300")
    assert code == 0 and "matches: 10 (10 completed, 0 stopped)" in out
    assert "rounds/s" in out and "goat: side 1 (seats 1 and 3)" in out and "first lead:" in out


def test_help_texts(capsys: Any) -> None:
    for command in ("play", "simulate", "replay"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "VARIANT" in capsys.readouterr().out


def test_play_shows_what_a_hand_left_counts() -> None:
    """`left in hands` shows the hand value (25 for a lone 0-0 here), and the pips only when
    they differ."""
    from kozel.commands.play import TablePrinter
    from interpreter.engine import prepare
    from engine_support import finished, score, text_variant
    setup = prepare(text_variant("hand value: 25 when hand = [0-0]\n  "
                                 "hand value: pips(hand) otherwise"), 3)
    played = finished(setup, ["", "0-0", "1-2 0-3"], end="out", seat=0)
    out = io.StringIO()
    TablePrinter(setup, out).round_ended(score(setup, played), played.table)
    assert "left in hands: seat 2: 0-0 (25; 0 pips); seat 3: 0-3 1-2 (6)" in out.getvalue()


def test_human_takes_the_seat_the_table_numbers(capsys: Any, monkeypatch: Any) -> None:
    """`--human 2` is the table's seat 2 (the engine's and the record's seat 1)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    code, out, err = run(capsys, "play", "gambler-1v1", "--seed", "4", "--human", "2",
                         "--option", "target=101")
    assert code == 0, err
    assert "your hand (seat 2):" in out and "your hand (seat 1)" not in out
    assert re.search(r"^  seat 1: 7 tiles$", out, re.M)  # the other hand hidden
