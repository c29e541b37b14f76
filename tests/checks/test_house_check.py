"""The real checker on house rules and on what `lead round` now reads: a house rule on minsk
that replaces cases and drops a claim passes `kozel check --strict`, `several goats: yes` takes
away the one-goat question, and a `lead round` left open by the previous round's losers is a
gap shown by a game the engine plays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checks.questions.conditions import conditions_for
from interpreter.language.resolve import load_variant, parse_variant_file
from kozel.cli import main

GOOD = Path(__file__).resolve().parents[1] / "golden" / "good"
HOUSE = GOOD / "house.kozel"

GAP = """variant gapfish {
  players 2..4
  sides: individual
  deal: 7
  draw: none
  lead match: seat(0)
  lead round: winner when previous = out
  lead round: fisher when previous = fish and not (fisher in losers)
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: side != team(winner) when end = out
  loser: side in with_highest(all) when end = fish
  score: value(side) when loser
  score: 0 otherwise
  goat: total > 100
  several goats: yes
}
"""


def _findings(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict]]:
    code = main(["check", *args, "--format", "json"])
    (variant,) = json.loads(capsys.readouterr().out)["variants"]
    return code, variant["findings"]


def test_the_house_rule_on_minsk_passes_strict(capsys: pytest.CaptureFixture[str]) -> None:
    code, findings = _findings(capsys, f"{HOUSE}:minsk-house", "--strict")
    assert code == 0
    kinds = {f["kind"] for f in findings}
    assert not kinds & {"gap", "conflict", "ambiguity"}
    cited = {(Path(f["file"]).name, f["line"]) for f in findings if f["slot"] == "lead match"}
    assert cited and all(name == "house.kozel" for name, _ in cited)  # the house rule's place


def test_several_goats_takes_away_the_one_goat_question() -> None:
    house, = [v for v in parse_variant_file(HOUSE) if v.name == "minsk-house"]
    assert "one-goat" not in {c.query for c in conditions_for(house)}
    without = load_variant(GAP.replace("  several goats: yes\n", ""))
    assert "one-goat" in {c.query for c in conditions_for(without)}


def test_a_lead_round_open_for_the_previous_losers_is_a_gap_shown_by_a_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "gap.kozel"
    path.write_text(GAP, encoding="utf-8")
    _, findings = _findings(capsys, str(path))
    (gap,) = [f for f in findings if f["kind"] == "gap"]
    assert gap["slot"] == "lead round" and gap["line"] == 7
    assert gap["witness"]["previous"] == "fish" and "record" in gap["witness"]


def test_the_fish_leader_rule_checks(capsys: pytest.CaptureFixture[str]) -> None:
    code, findings = _findings(capsys, str(GOOD / "fish-leader.kozel"), "--strict")
    assert code == 0
    assert {f["kind"] for f in findings if f["kind"] == "claim-proved"}
