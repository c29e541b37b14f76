"""`kozel check` at a terminal says what it is on (each variant, pair and relation, how many of
how many) on one line rewritten in place and cleared before the report; piped, not a byte."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

from test_terminal_output import pseudo_terminal, shown_on

ROOT = Path(__file__).resolve().parents[2]
FILE = "tests/golden/good/relation.kozel"  # two variants, so one pair, and one relation
ARGS = ["check", FILE, "--playouts", "0"]
CLEAR = b"\r\033[K"


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    return {**env, "PYTHONPATH": str(ROOT), "TERM": "xterm"}


def _run(argv: list[str], stdout: Any, stderr: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "kozel.cli", *argv], stdout=stdout,
                            stderr=stderr, stdin=subprocess.DEVNULL, env=_environment(),
                            cwd=ROOT)


def test_at_a_terminal_one_line_says_what_is_being_checked_then_goes() -> None:
    master, slave = pseudo_terminal(120)
    process = _run(ARGS, slave, slave)
    os.close(slave)
    shown = shown_on(master)
    assert process.wait(timeout=600) == 0
    end = shown.index(b"\033[K" + CLEAR) + 3  # the last step, then the line cleared
    steps = re.findall(rb"\r([^\r\033]*)\033\[K", shown[:end])
    # each task as it starts, in one batch, the costliest first: the pair, each variant (the
    # bigger first; these two are as big), the relation (its own task: six against seven)
    assert [s.decode() for s in steps] == [
        "comparing seven and six (pair 1 of 1)",
        "checking seven (variant 1 of 2)", "checking six (variant 2 of 2)",
        "checking relation six tiles change only the deal (1 of 1)"]
    report = shown[end + len(CLEAR):].decode()
    # then the report, whose first line is the first variant's summary (several: summaries first)
    assert report.startswith("seven: ") and "\033[K" not in report
    assert "\033[1m" + FILE in report  # the findings' places, in bold


def test_piped_there_is_not_a_byte_more() -> None:
    process = _run(ARGS, subprocess.PIPE, subprocess.PIPE)
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0
    assert err == b""
    assert b"\r" not in out and b"\033" not in out
    assert out.startswith(b"seven: ")  # the first variant's summary: nothing before it
    assert FILE.encode() in out


def test_json_on_a_pipe_stays_json_while_the_terminal_shows_progress_in_russian(
        tmp_path: Path) -> None:
    master, slave = pseudo_terminal(120)
    with (tmp_path / "report.json").open("wb") as stdout:
        process = _run(ARGS + ["--format", "json", "--lang", "ru"], stdout, slave)
        os.close(slave)
        shown = shown_on(master).decode()
        assert process.wait(timeout=600) == 0
    report: IO[str]
    with (tmp_path / "report.json").open(encoding="utf-8") as report:
        assert [v["name"] for v in json.load(report)["variants"]] == ["seven", "six"]
    assert "\rпроверяется seven (вариант 1 из 2)\033[K" in shown
    assert "\rсравниваются seven и six (пара 1 из 1)\033[K" in shown
    assert "\rпроверяется отношение шесть камней меняют только сдачу (1 из 1)\033[K" in shown
    assert shown.endswith("\r\033[K")  # cleared: nothing is left on the line
