"""Control and bidi characters of a rule text or a record never reach the terminal raw: every
command's text output shows them as `\\u001b`, `\\u202e` escapes (kozel/terminal.py), while
the colour codes kozel writes itself still colour a terminal."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kozel.terminal import EscapingStream, Terminal
from shared_runs import computing_cache
from small_variant import play_rules

ROOT = Path(__file__).resolve().parents[2]
# erase the line and print a green verdict, write the clipboard (OSC 52), retitle the window,
# a C1 CSI that clears the screen, and a right-to-left override that shows `gnp.exe` as `exe.png`
EVIL = ("\x1b[2K\x1b[32mALL CLEAR\x1b[0m \x1b]52;c;aGVsbG8=\x07 \x1b]0;pwned\x07 \x9b2J "
        "abc\u202egnp.exe")
RAW = ("\x1b", "\x07", "\x9b", "\u202e")
BODY = '''variant {name} "Титул {evil}" {{
  players 2..4
  sides: individual
  deal: {deal}   cite "{evil}"
  draw: none
  pass: no       assume "{evil}"
{play}}}
'''.replace("{play}", play_rules())  # no braces in it: .format keeps working


def _kozel(*argv: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": str(computing_cache())}
    return subprocess.run([sys.executable, "-m", "kozel.cli", *map(str, argv)],
                          capture_output=True, text=True, env=env, cwd=cwd, timeout=600)


def _files(folder: Path) -> None:
    (folder / "evil.kozel").write_text(BODY.format(name="evil", evil=EVIL, deal=5),
                                       encoding="utf-8")
    (folder / "plain.kozel").write_text(BODY.format(name="plain", evil="ровно", deal=6),
                                        encoding="utf-8")


def _nothing_raw(run: subprocess.CompletedProcess[str]) -> str:
    shown = run.stdout + run.stderr
    assert "Traceback" not in shown
    for raw in RAW:
        assert raw not in shown, (raw, shown)
    return shown


def test_check_diff_and_simulate_show_the_escapes(tmp_path: Path) -> None:
    _files(tmp_path)
    check = _nothing_raw(_kozel("check", "evil.kozel", "--playouts", "1", "--games", "5",
                                cwd=tmp_path))
    assert "assumption: \\u001b[2K\\u001b[32mALL CLEAR" in check and "abc\\u202egnp.exe" in check
    diff = _nothing_raw(_kozel("diff", "evil.kozel", "plain.kozel", "--games", "5",
                               cwd=tmp_path))
    assert "\\u001b]52;c;aGVsbG8=\\u0007" in diff  # the cite of `deal`, beside the rule text
    _nothing_raw(_kozel("simulate", "evil.kozel", "--matches", "2", cwd=tmp_path))


def test_json_keeps_the_characters_themselves(tmp_path: Path) -> None:
    _files(tmp_path)
    run = _kozel("check", "evil.kozel", "--playouts", "0", "--games", "5", "--format", "json",
                 cwd=tmp_path)
    _nothing_raw(run)
    messages = [f["message"] for f in json.loads(run.stdout)["variants"][0]["findings"]]
    assert EVIL in messages  # the escape is JSON's own: the same text for a machine


def test_replay_of_a_record_with_escapes(tmp_path: Path) -> None:
    record = json.loads((ROOT / "tests" / "records" / "minsk-4.json").read_text("utf-8"))
    record["variant"] = EVIL
    (tmp_path / "evil.json").write_text(json.dumps(record), encoding="utf-8")
    run = _kozel("replay", "minsk", "evil.json", cwd=tmp_path)
    _nothing_raw(run)
    record = json.loads((ROOT / "tests" / "records" / "minsk-4.json").read_text("utf-8"))
    record["rounds"][0]["moves"][0]["play"] = EVIL
    (tmp_path / "evil-move.json").write_text(json.dumps(record), encoding="utf-8")
    run = _kozel("replay", "minsk", "evil-move.json", cwd=tmp_path)
    assert run.returncode == 1 and "\\x1b[2K" in _nothing_raw(run)  # repr, as ever


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_kozels_colours_and_the_texts_escapes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("NO_COLOR", raising=False)
    screen = _Tty()
    stream = EscapingStream(screen)
    terminal = Terminal.of(stream)  # type: ignore[arg-type]
    stream.write(terminal.paint("gap", "bold", "yellow") + ": " + EVIL + "\n")
    shown = screen.getvalue()
    assert terminal.colour and shown.startswith("\x1b[1;33mgap\x1b[0m: \\u001b[2K")
    assert shown.count("\x1b") == 2  # kozel's own two: the text's are escaped
    assert "\u202e" not in shown and "abc\\u202egnp.exe" in shown
