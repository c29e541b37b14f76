"""Every `--help` as a person reads it: no argparse escape left in it (`%%`), no pointer to a
document the repository does not have, and each command's exit codes, as the others give theirs;
and every help text a parser holds is the catalogue's, so the site says it in Russian too."""

from __future__ import annotations

import argparse
import re

import pytest

from interpreter.language import catalogue
from interpreter.language.said import Said
from kozel.cli import build_parser, main
from kozel.commands import COMMANDS


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


def _help_texts(parser: argparse.ArgumentParser) -> list[str | None]:
    """Every text a parser and its subcommands show as help: descriptions, the program's epilog,
    each command's one-line summary and each argument's help (argparse's own `-h` aside; a
    command's epilog holds examples, not words)."""
    texts = [parser.description, parser.epilog]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            texts += [choice.help for choice in action._choices_actions]
            for sub in action.choices.values():
                texts.append(sub.description)
                texts += [a.help for a in sub._actions if not isinstance(a, argparse._HelpAction)]
        elif not isinstance(action, argparse._HelpAction):
            texts.append(action.help)
    return texts


def test_every_help_text_is_said_in_russian_by_the_catalogue() -> None:
    texts = _help_texts(build_parser())
    assert len(texts) > 50  # every command's parser was read
    for text in texts:
        assert isinstance(text, Said), text  # a text of the catalogue, not written in code
        assert catalogue.has(text.key, "ru") and re.search("[а-яё]", text.in_lang("ru"), re.I), \
            text.key
