"""Every `--help` as a person reads it: no argparse escape left in it (`%%`), no pointer to a
document the repository does not have, and each command's exit codes, as the others give theirs."""

from __future__ import annotations

import re

import pytest

from interpreter.cli import main
from interpreter.commands import COMMANDS


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--help"])
    assert stopped.value.code in (0, None)
    return capsys.readouterr().out


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_has_no_escapes_nor_missing_documents(capsys: pytest.CaptureFixture[str],
                                                   command: str | None) -> None:
    text = _help(capsys, *([command] if command else []))
    assert "%%" not in text and not re.search(r"%\(\w+\)", text)
    assert "RECORDS.md" not in text  # a design note outside the repository: docs/records.md
    assert "\\n" not in text and "\\\"" not in text


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_names_its_exit_codes(capsys: pytest.CaptureFixture[str],
                                           command: str) -> None:
    text = " ".join(_help(capsys, command).split())  # the words, across wrapped lines
    assert "Exit 0 " in text and "2 on a usage error" in text
