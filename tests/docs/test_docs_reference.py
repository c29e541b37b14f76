"""The reference pages of the built site: the command line (generated from the argument
parser), the record format with its JSON Schema, and the tutorial."""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kozel.cli import build_parser  # noqa: E402
from site_build import built_site  # noqa: E402  (one build for every docs test)


def _page(name: str) -> str:
    out, errors = built_site()
    assert not errors, errors
    return (out / name / "index.html").read_text(encoding="utf-8")


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_the_cli_page_lists_every_command_and_option_of_the_parser() -> None:
    page = _text(_page("cli"))
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert len(commands.choices) >= 5
    for name, sub in commands.choices.items():
        assert f"kozel {name}" in page, name
        # the page shows a description's `code` as code, without its backticks
        described = " ".join((sub.description or "").replace("`", "").split())
        assert described[:60] in " ".join(page.split()), name
        for action in sub._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert option in page, (name, option)


def test_the_record_page_shows_the_schema_the_package_ships() -> None:
    page = _text(_page("records"))
    schema = json.loads((ROOT / "interpreter" / "schemas" / "kozel-record-1.schema.json")
                        .read_text(encoding="utf-8"))
    assert "kozel-record/1" in page and '"dependentRequired"' in page
    assert schema["title"] in page
    for key in ("redeals", "hands", "stock", "moves", "knock"):
        assert f'"{key}"' in page


def test_the_tutorial_is_published_with_its_examples_highlighted() -> None:
    page = _page("tutorial")
    assert page.count('<span class="kd">variant</span>') >= 3
    assert 'href="../language/"' in page and 'href="../records/"' in page


def test_the_russian_cli_page_says_every_option_in_russian() -> None:
    from kozel.publish.cli_reference import cli_page

    page = cli_page("ru")
    assert page.startswith("# Командная строка")
    for name, sub in build_parser()._subparsers._group_actions[0].choices.items():  # type: ignore
        for action in sub._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"<code>{option}" in page, (name, option)
    assert "what it does" not in page and "one of:" not in page


def test_the_russian_cli_page_shows_the_placeholders_as_russian_help_does() -> None:
    from kozel.publish.cli_reference import cli_page

    page = cli_page("ru")
    cells = re.findall(r"<code>([^<]*)</code>", page)
    usages = re.findall(r"```text\n(использование: .*?)```", page, re.S)
    assert len(usages) == len(build_parser()._subparsers._group_actions[0].choices)  # type: ignore
    english = [s for s in cells + usages if re.search(r"\b[A-Z]+\b", s)]
    assert not english, english
    assert "<code>--option ИМЯ=ЗНАЧЕНИЕ</code>" in page and "[--human МЕСТО]" in page
    assert not re.search(r"(?m)^(usage|examples?):", page)  # argparse's words said in Russian
    assert "<code>--option NAME=VALUE</code>" in cli_page("en")
