"""`--help`, the usage line and usage errors in the command line's language: `--lang ru` is read
before argparse prints a word, `kozel --help` (which has no `--lang`) follows KOZEL_LANG, and
English stays as argparse writes it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.cli import build_parser, main  # noqa: E402

ARGPARSE_ENGLISH = ("usage:", "options:", "positional arguments:", "show this help",
                    "examples:", "error:", "argument --", "needs a whole number")


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    assert stop.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", ["check", "play", "simulate", "replay", "diff"])
def test_a_command_helps_in_russian(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(capsys, command, "--help", "--lang", "ru")
    assert out.startswith(f"использование: kozel {command} ")
    assert "\nпараметры:\n" in out and "показать эту справку и выйти" in out
    assert not [word for word in ARGPARSE_ENGLISH if word in out]
    assert "--lang {en,ru}" in out  # the flags and their choices are what a person types


def test_play_help_says_its_examples_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(capsys, "play", "--help", "--lang=ru")
    assert "\nпримеры:\n  kozel play minsk --players 4 --seed 7\n" in out
    assert "играть это место самому: его номер за столом, с 1" in out


def test_kozel_help_follows_the_environment(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_LANG", "ru")
    out = _help(capsys, "--help")
    assert out.startswith("использование: kozel ") and "позиционные аргументы:" in out
    assert "сыграть матч и показать его раунд за раундом" in out


def test_a_usage_error_is_said_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "minsk", "--human", "x", "--lang", "ru"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == ("ошибка: kozel play: аргумент --human: нужно целое число от 1 до "
                           "100, цифрами 0-9, а не 'x'")
    assert main(["play", "minsk", "--lang", "ru", "--colour"]) == 2
    assert "неизвестные аргументы: --colour" in capsys.readouterr().err


def test_english_help_is_argparse_s_own(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KOZEL_LANG", raising=False)
    out = _help(capsys, "play", "--help")
    assert out.startswith("usage: kozel play ") and "\noptions:\n" in out
    assert "\nexamples:\n  kozel play minsk" in out
    assert main(["play", "minsk", "--human", "x"]) == 2
    assert capsys.readouterr().err.startswith("error: kozel play: argument --human: needs")


COMMANDS = list(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
SECTIONS = ("позиционные аргументы:", "параметры:")


def _placeholders(out: str) -> list[str]:
    """What a help names its arguments with: the usage (up to its first blank line) and the
    first column of each argument of its sections (the flags and placeholders)."""
    usage, _, rest = out.partition("\n\n")
    shown, inside = [usage.split(" ", 2)[-1]], False
    for line in rest.splitlines():
        inside = line in SECTIONS or (inside and line != "")
        if inside and re.match(r"  \S", line):
            shown.append(re.split(r"\s{2,}", line.strip())[0])
    return shown


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_placeholder_of_a_russian_help_is_russian(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(capsys, *([command] if command else []), "--help", "--lang", "ru")
    shown = _placeholders(out)
    assert len(shown) >= 3, out
    english = [s for s in shown if re.search(r"\b[A-Z]+\b", s)]  # VARIANT, NAME=VALUE, ...
    assert not english, english


def test_the_placeholders_are_the_catalogues_words(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    play = _help(capsys, "play", "--help", "--lang", "ru")
    assert "[--option ИМЯ=ЗНАЧЕНИЕ]" in play and "[--human МЕСТО]" in play
    assert "\n                          ВАРИАНТ\n" in play or " ВАРИАНТ\n" in play
    assert "[--strategy {random,greedy,ismcts}]" in play  # the choices are what a person types
    check = _help(capsys, "check", "--help", "--lang", "ru")
    assert "ВАРИАНТ|ФАЙЛ|ПАПКА [ВАРИАНТ|ФАЙЛ|ПАПКА ...]" in check
    assert "`МС`" in check and "[--timeout МС]" in check  # the help speaks of the same word
    monkeypatch.setenv("KOZEL_LANG", "ru")
    assert _help(capsys, "--help").startswith("использование: kozel [-h] [--version] КОМАНДА")


def test_english_placeholders_are_argparse_s_own(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KOZEL_LANG", raising=False)
    play = _help(capsys, "play", "--help")
    assert "[--option NAME=VALUE]" in play and "[--human SEAT]" in play
    check = _help(capsys, "check", "--help")
    assert "VARIANT|FILE|DIR [VARIANT|FILE|DIR ...]" in check
    assert _help(capsys, "--help").startswith("usage: kozel [-h] [--version] COMMAND")
