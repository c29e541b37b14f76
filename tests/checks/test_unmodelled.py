"""A spinner game is not checked (checks/questions/unmodelled.py): the checker's situations of play
have two open ends, so `kozel check` says so at the rule that makes the spinner, compares the
variant with no other, and `kozel diff` of it is a usage error; the rest of a folder is checked
as ever."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kozel.cli import main

PLAIN = """variant plain {
  players 2
  sides: individual
  deal: 7
  draw: none
  lead match: seat(0)
  lead round: winner when previous = out
  lead round: fisher otherwise
  lead tile: hand
  fish: blocked
  move score: ends when multiple(ends, 5)
  move score: 0 otherwise
  hand value: pips(hand)
  loser: value(side) > lowest(all)
  score: value(others) when not loser
  score: 0 otherwise
  goat: total > 100
}
"""
SPUN = PLAIN.replace("variant plain {", "variant spun {").replace(
    "  draw: none\n", "  draw: none\n  spinner: [6-6]\n  reserve: 0\n    assume \"none kept\"\n")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "plain.kozel").write_text(PLAIN, encoding="utf-8")
    (tmp_path / "spun.kozel").write_text(SPUN, encoding="utf-8")
    (tmp_path / "other.kozel").write_text(PLAIN.replace("plain", "other").replace("100", "120"),
                                          encoding="utf-8")
    return tmp_path


def test_a_spinner_game_is_one_unknown_finding_at_its_spinner_and_compared_with_none(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(folder), "--format", "json", "--playouts", "0"]) == 0
    report = json.loads(capsys.readouterr().out)
    by_name = {v["name"]: v for v in report["variants"]}
    spun = [f for f in by_name["spun"]["findings"] if f["kind"] != "assumption"]
    assert [(f["kind"], f["slot"], f["line"]) for f in spun] == [("unknown", "spinner", 6)]
    assert "spinner" in spun[0]["message"]
    assert any(f["kind"] == "assumption" for f in by_name["spun"]["findings"])
    assert by_name["plain"]["proved"] > 0  # the other variant is checked as ever
    compared = {tuple(sorted((c["a"], c["b"]))) for c in report.get("comparisons", [])}
    assert ("other", "plain") in compared  # the others are compared as ever
    assert not any("spun" in pair for pair in compared)


def test_the_russian_text_says_not_checked(folder: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(folder / "spun.kozel"), "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "spun.kozel:6:3:" in out and "не проверено" in out


def test_a_diff_of_a_spinner_game_is_a_usage_error(folder: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", str(folder / "plain.kozel"), str(folder / "spun.kozel")]) == 2
    err = capsys.readouterr().err
    assert "spinner" in err and "Traceback" not in err


def test_a_spinner_game_is_played_and_replayed(folder: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    assert main(["play", str(folder / "spun.kozel"), "--seed", "4", "--save", str(record)]) == 0
    assert main(["replay", str(folder / "spun.kozel"), str(record)]) == 0
