"""Output for people: `check` coloured by kind at a terminal (plain when piped or with NO_COLOR,
never in JSON) within its width; `replay` as a score sheet; `diff` with both rule texts."""

from __future__ import annotations

import fcntl
import json
import os
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from checks.reporting.findings import Finding, VariantReport
from checks.reporting.kinds import Kind
from checks.reporting.report import render_text
from kozel.commands.check_styled import report_lines
from kozel.cli import main
from interpreter.language.ast import Pos
from kozel.loading import load_variant_arg
from kozel.terminal import STYLES, Terminal

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"
COLOUR = re.compile("\033\\[[0-9;]*m")
HOUSE = '''variant house "Домашний" extends minsk {
  deal: 6 cite "Каждому по шесть камней." from "house.txt"
}
'''


def pseudo_terminal(columns: int) -> tuple[int, int]:
    """Open a pseudo-terminal `columns` wide; return its (master, slave) ends."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    return master, slave


def shown_on(master: int) -> bytes:
    """Read all a pseudo-terminal showed until its other end closed; close it."""
    shown = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    return shown


def _on_a_terminal(argv: list[str], columns: int, env: dict[str, str]) -> str:
    """Run kozel with its stdout on a pseudo-terminal `columns` wide; return what it showed."""
    master, slave = pseudo_terminal(columns)
    process = subprocess.Popen([sys.executable, "-m", "kozel.cli", *argv], stdout=slave,
                               stderr=subprocess.DEVNULL, env={**env, "PYTHONPATH": str(ROOT)},
                               cwd=ROOT)
    os.close(slave)
    shown = shown_on(master)
    assert process.wait(timeout=600) == 0
    return shown.decode("utf-8").replace("\r\n", "\n")


@pytest.fixture(scope="module")
def environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}


# `kozel check`'s own options, from the checkout: minsk's report is the README's main job's,
# read from the run's cache (tests/conftest.py); what is drawn at a terminal is the same
CHECK = ["check", "minsk"]


def test_check_at_a_terminal_colours_each_kind_and_fits_the_width(
        environment: dict[str, str]) -> None:
    shown = _on_a_terminal(CHECK, 72, {**environment, "TERM": "xterm"})
    assert "\033[36massumption\033[0m:" in shown and "\033[1;33mgap\033[0m:" in shown
    assert max(len(line) for line in COLOUR.sub("", shown).splitlines()) <= 72


def test_no_color_turns_colour_off_but_still_fits(environment: dict[str, str]) -> None:
    shown = _on_a_terminal(CHECK, 72, {**environment, "TERM": "xterm", "NO_COLOR": "1"})
    assert not COLOUR.search(shown)
    assert max(len(line) for line in shown.splitlines()) <= 72


def test_json_at_a_terminal_has_no_colour(environment: dict[str, str]) -> None:
    shown = _on_a_terminal(CHECK + ["--format", "json"], 72, {**environment, "TERM": "xterm"})
    assert not COLOUR.search(shown)
    assert json.loads(shown)["variants"][0]["name"] == "minsk"


def test_piped_text_is_exactly_the_plain_report() -> None:
    report = VariantReport("v", "v.kozel", findings=[Finding(
        kind=Kind.CONFLICT, slot="score", at=Pos(3, 5, "v.kozel"),
        message="two cases give different points " * 6)])
    assert report_lines(report, Terminal.of(open(os.devnull, "w"))) == render_text(report)
    styled = report_lines(report, Terminal(colour=True, width=50))
    assert "\033[1;31mconflict\033[0m" in styled[0]
    assert all(len(COLOUR.sub("", line)) <= 50 for line in styled)


def test_each_kind_of_finding_has_its_own_style_at_a_terminal() -> None:
    report = VariantReport("v", "v.kozel", findings=[
        Finding(kind=kind, slot="deal", at=Pos(n, 1, "v.kozel"), message="a finding")
        for n, kind in enumerate(Kind, start=1)])
    styled = report_lines(report, Terminal(colour=True, width=200))
    for line, kind in zip(styled, Kind):
        codes = ";".join(STYLES[s] for s in kind.style)
        assert f" \033[{codes}m{kind.value}\033[0m: a finding" in line, (kind.value, line)
    assert styled[list(Kind).index(Kind.CONFLICT)].count("\033[1;31m") == 1  # bold red


def test_replay_prints_a_score_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    expected = json.loads((RECORDS / "minsk-4.expected").read_text(encoding="utf-8"))
    assert main(["replay", "minsk", str(RECORDS / "minsk-4.json")]) == 0
    head, *rows, total, goat = capsys.readouterr().out.splitlines()
    assert head.split() == ["round", "how", "it", "ended", "seats", "1+3", "seats", "2+4"]
    for number, (row, wanted) in enumerate(zip(rows, expected["rounds"]), start=1):
        assert row.split()[0] == str(number)
        assert [int(p) for p in row.split()[-2:]] == wanted["points"]
        seat = wanted["seat"] + 1  # the record counts seats from 0, people from 1
        assert (f"fish (seat {seat})" if wanted["end"] == "fish"
                else f"seat {seat} went out") in row
    assert [int(p) for p in total.split()[1:]] == expected["scores"]
    assert goat == "goat: " + ", ".join(f"side {s + 1} (seats {s + 1} and {s + 3})"
                                        for s in expected["goat"])
    assert "[" not in head + "".join(rows)  # no Python lists


def test_replay_moves_lists_every_move(capsys: pytest.CaptureFixture[str]) -> None:
    record = json.loads((RECORDS / "gambler-1v1-101.json").read_text(encoding="utf-8"))
    assert main(["replay", "gambler-1v1", str(RECORDS / "gambler-1v1-101.json"), "--moves"]) == 0
    out = capsys.readouterr().out
    first_round = out.split("\n    2 ")[0]
    moves = record["rounds"][0]["moves"]
    assert first_round.count(";") == len(moves) - 1
    first = moves[0]
    assert f"moves: {first['seat'] + 1} lays {first['play']}" in first_round


def test_diff_shows_both_rule_texts_with_their_citations(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "house.kozel").write_text(HOUSE, encoding="utf-8")
    (tmp_path / "house.txt").write_text("Каждому по шесть камней.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["diff", "house.kozel", "minsk", "--games", "100"]) == 0
    out = capsys.readouterr().out
    block = out[out.index("deal: different"):out.index("draw:")]
    (minsk_deal,) = load_variant_arg("minsk").cases("deal")
    assert "    house (house.kozel:2):\n      deal: 6\n        cite \"Каждому по шесть камней.\"" \
        in block
    assert f"      deal: 7\n        cite \"{minsk_deal.cites[0].quote}\"" in block
    assert "sides: same" in out and "    house" not in out[out.index("sides:"):
                                                          out.index("deal:")]
