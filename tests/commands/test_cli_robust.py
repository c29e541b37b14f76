"""Output paths are checked before any work, the prompt refuses what is not a number, and
Ctrl-C stops a command within a second with exit 130 (issue 9)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kozel import interrupt
from kozel.cli import main
from kozel.commands.human import move_number
from shared_runs import computing_cache
from test_processes_end import descendants

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _bad_outputs(tmp_path: Path) -> list[tuple[str, str]]:
    """Paths no file can be written to, with the words the error must say."""
    (tmp_path / "a-folder").mkdir()
    return [(str(tmp_path / "missing" / "m.json"), "does not exist"),
            (str(tmp_path / "a-folder"), "not a regular file"),
            ("/proc/kozel-match.json", "cannot write into folder"),
            ("", "needs a file name")]


def test_play_save_is_checked_before_the_match_is_played(capsys: Any, tmp_path: Path) -> None:
    for path, words in _bad_outputs(tmp_path):
        code, out, err = run(capsys, "play", "gambler-1v1", "--seed", "3", "--save", path)
        assert code == 2 and "--save" in err and words in err, err
        assert "Round 1" not in out and "Traceback" not in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_play_save_into_a_read_only_folder(capsys: Any, tmp_path: Path) -> None:
    tmp_path.chmod(0o555)
    try:
        code, out, err = run(capsys, "play", "gambler-1v1", "--save", str(tmp_path / "m.json"))
    finally:
        tmp_path.chmod(0o755)
    assert code == 2 and "cannot write into folder" in err and "Round 1" not in out


def test_check_records_is_checked_before_checking(capsys: Any, tmp_path: Path) -> None:
    file = tmp_path / "a-file"
    file.write_text("x", encoding="utf-8")
    seeds = str(ROOT / "spec" / "variants" / "minsk.kozel")
    for path, words in [(str(file), "is not a folder"), (str(file / "sub"), "cannot create"),
                        ("/proc/kozel-records", "cannot create"),
                        ("", "needs a folder name")]:  # issue 45: it wrote into the cwd
        start = time.monotonic()
        code, out, err = run(capsys, "check", seeds, "--records", path)
        assert code == 2 and "--records" in err and words in err, err
        assert time.monotonic() - start < 2 and out == ""  # nothing was checked


def test_a_saved_record_is_whole_and_readable(capsys: Any, tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    record.write_text("old", encoding="utf-8")
    code, _, err = run(capsys, "play", "gambler-1v1", "--seed", "3", "--save", str(record))
    assert code == 0, err
    assert record.read_text(encoding="utf-8").startswith("{") and record.stat().st_mode & 0o044
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]  # no temporary file left


@pytest.mark.parametrize("answer", ["²", "①", "٣", "9" * 4301, "-1", "+1", "1.0", " ", "0"])
def test_the_prompt_reads_only_plain_digits(answer: str) -> None:
    assert move_number(answer, 3) is None
    assert move_number("2", 3) == 2 and move_number("03", 3) == 3


def test_a_person_typing_odd_numbers_is_asked_again(capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("²\n①\n" + "9" * 4301 + "\n" + "1\n" * 400))
    code, out, err = run(capsys, "play", "gambler-1v1", "--seed", "4", "--human", "1",
                         "--option", "target=101")
    assert code == 0 and "Traceback" not in err, err
    assert out.count("please type a number") == 3


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_check_at_once_with_exit_130(jobs: str) -> None:
    """Ctrl-C while the checker is at work (its first checking process is running: a look at
    the process table, not a guess of how long start-up takes) stops it with exit 130 and no
    report; the timeout is a guard against a hang only. Its cache holds nothing of the
    checker's: the test run's may hold the main job's results already, and a check that reads
    them ends at once."""
    command = [sys.executable, "-m", "kozel.cli", "check", "spec/variants",
               "--jobs", jobs, "--format", "json"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "KOZEL_CACHE_DIR": str(computing_cache())})
    try:
        for _ in range(3000):  # a count of looks: on a busy machine start-up takes long
            if descendants(process.pid) or process.poll() is not None:
                break
            time.sleep(0.05)
        assert descendants(process.pid), "the checker never started a checking process"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert out == "" and "interrupted" in err and "Traceback" not in err


@pytest.mark.parametrize("body", ["wrapped", "swallowed"])
def test_an_interrupt_a_library_wraps_or_swallows_still_stops(body: str, monkeypatch: Any
                                                               ) -> None:
    monkeypatch.setattr(interrupt, "GRACE", 60.0)  # the watchdog must not end pytest itself
    # what SIGINT did before: Python's default, or ignored in a run started in the background
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        with interrupt.stopped_by_ctrl_c():
            try:
                signal.raise_signal(signal.SIGINT)
            except KeyboardInterrupt as error:
                if body == "wrapped":  # as ctypes does while it converts an argument
                    raise ValueError("argument 3: KeyboardInterrupt") from error
    assert signal.getsignal(signal.SIGINT) == before


def test_a_missing_source_stops_the_text_and_the_json_report_alike(
        capsys: Any, tmp_path: Path) -> None:
    # issue 45, item 13: both formats carry the same content; the schema says a file with
    # errors is not checked
    rules = tmp_path / "nosrc.kozel"
    rules.write_text('variant nosrc extends minsk {\n  source "missing.txt"\n  deal: 7\n'
                     '      cite "Каждому игроку раздают по 7 костей."\n}\n', encoding="utf-8")
    code, text, said = run(capsys, "check", str(rules))
    assert code == 1 and text == "" and said.startswith(f"{rules}:2:3: error: no source text")
    code, out, _ = run(capsys, "check", str(rules), "--format", "json")
    report = json.loads(out)
    assert code == 1 and report["variants"] == []
    assert [(e["line"], e["column"]) for e in report["errors"]] == [(2, 3)]
    assert len(said.strip().splitlines()) == 4  # the error, its line, the caret, the hint: no finding
