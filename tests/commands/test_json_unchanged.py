"""The JSON and the records stay machine-exact while the text speaks Russian and counts seats
from 1: `simulate --format json` and `play --save` give, byte for byte, what they gave before
the commands learnt `--lang` (golden files in tests/commands/golden/, made by the previous
commit; the replay JSON is held by tests/records/*.expected). Only the wall-clock figures
(`seconds`, `rounds_per_second`) are left out of the comparison."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.cli import main  # noqa: E402

GOLDEN = ROOT / "tests" / "commands" / "golden"
CLOCK = ('"seconds": ', '"rounds_per_second": ')

SIMULATIONS = {
    "simulate-minsk-20-seed-5.json": ["minsk", "--matches", "20", "--seed", "5"],
    "simulate-kozel-classic-3-20-seed-1.json": ["kozel-classic", "--players", "3",
                                                "--matches", "20", "--seed", "1"],
    "simulate-pairs-20-seed-2.json": ["pairs", "--option", "full_fish=yes", "--option",
                                      "double_lead=no", "--option", "draw_each=one",
                                      "--matches", "20", "--seed", "2"],
}
PLAYS = {
    "play-minsk-seed-7.record.json": ["minsk", "--seed", "7"],
    "play-pairs-seed-9.record.json": ["pairs", "--seed", "9", "--option", "full_fish=no",
                                      "--option", "double_lead=yes", "--option",
                                      "draw_each=one"],
}


def _without_clock(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.strip().startswith(CLOCK)]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("golden", sorted(SIMULATIONS))
def test_simulate_json_is_what_it_was(golden: str, lang: str,
                                      capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["simulate", *SIMULATIONS[golden], "--workers", "1", "--format", "json",
                 "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert _without_clock(out) == _without_clock((GOLDEN / golden).read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("golden", sorted(PLAYS))
def test_a_saved_record_is_what_it_was(golden: str, lang: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    saved = tmp_path / "match.json"
    assert main(["play", *PLAYS[golden], "--save", str(saved), "--lang", lang]) == 0
    capsys.readouterr()
    assert saved.read_bytes() == (GOLDEN / golden).read_bytes()


def test_a_stop_in_the_json_keeps_its_situation_as_the_engine_numbers_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The JSON's example of a stop is machine text (seats from 0), whatever --lang says;
    the text for people says the same situation from 1."""
    monkeypatch.chdir(ROOT)
    args = SIMULATIONS["simulate-kozel-classic-3-20-seed-1.json"]
    main(["simulate", *args, "--workers", "1", "--format", "json", "--lang", "ru"])
    data = capsys.readouterr().out
    assert "situation: fish (last tile laid by seat 0); lead 0-3" in data
    main(["simulate", *args, "--workers", "1"])
    text = capsys.readouterr().out
    assert "situation: fish (last tile laid by seat 1); lead 0-3" in text
    assert "hands left: seat 1: 0-0 1-1; seat 2: 3-3; seat 3: 6-6; for side 1" in text
