"""The command-line reference page, written from the argument parser itself at build time.

`interpreter.cli.build_parser()` is the one description of the commands: each subcommand's
description, usage line, arguments (with their help, choices and defaults) and examples come
from it, so the page cannot drift from `kozel COMMAND --help`. The Russian page takes every
text from the Russian catalogue (cli_words.py), keyed by the parser's own commands and options,
so the two languages list the same arguments.
"""

from __future__ import annotations

import argparse

from .cli_words import CLI_RU, PAGE_RU
from .text import table_cell

PAGE_EN = {"title": "Command line", "command": "command", "does": "what it does",
           "argument": "argument", "one of": "one of",
           "generated": "This page is generated from the argument parser when the site is "
                        "built; `kozel COMMAND --help` says the same."}

PAGE = "cli.md"
WIDTH = 72  # the usage lines are wrapped to fit the page column


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subparsers of a parser, by name, in the order they were registered."""
    for action in parser._actions:  # argparse keeps them only there
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter = argparse.HelpFormatter(parser.prog, width=WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def option_key(action: argparse.Action) -> str:
    """The key of an argument in the Russian catalogue: its first option string, or the
    positional argument's name."""
    return action.option_strings[0] if action.option_strings else action.dest


def shown_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The arguments a page lists (not --help, not the hidden ones)."""
    return [a for a in parser._actions
            if not isinstance(a, argparse._HelpAction) and a.help != argparse.SUPPRESS]


def _said(command: str, key: str, english: str, lang: str) -> str:
    """A help text in the page's language (Russian from the catalogue)."""
    return CLI_RU[command][key] if lang == "ru" else english


def _argument_rows(parser: argparse.ArgumentParser, command: str, lang: str) -> list[str]:
    """One table row per argument: its name(s) and metavar, what it does, its default."""
    rows = []
    for action in shown_actions(parser):
        metavar = action.metavar or (action.dest.upper() if action.option_strings else
                                     action.dest)
        takes = action.nargs != 0
        names = ", ".join(action.option_strings) or str(metavar)
        shown = f"{names} {metavar}" if action.option_strings and takes else names
        help_text = _said(command, option_key(action), _help(action, parser.prog), lang)
        if action.choices and not isinstance(action.choices, dict):
            words = PAGE_RU if lang == "ru" else PAGE_EN
            choices = ", ".join(f"`{c}`" for c in action.choices)
            help_text += f" ({words['one of']}: {choices})"
        rows.append(f"| <code>{table_cell(str(shown))}</code> | {table_cell(help_text)} |")
    return rows


def _help(action: argparse.Action, prog: str) -> str:
    """An argument's help with `%(default)s` and the like filled in, as argparse does."""
    params = {k: v for k, v in dict(vars(action), prog=prog).items() if v is not argparse.SUPPRESS}
    try:
        return (action.help or "") % params
    except (KeyError, TypeError, ValueError):
        return action.help or ""


def _section(name: str, parser: argparse.ArgumentParser, lang: str) -> str:
    """One subcommand: description, usage, arguments, examples."""
    words = PAGE_RU if lang == "ru" else PAGE_EN
    parts = [f"## `kozel {name}` {{#{name}}}",
             table_cell(_said(name, "description", parser.description or "", lang)),
             f"```text\n{_usage(parser)}\n```"]
    rows = _argument_rows(parser, name, lang)
    if rows:
        parts.append(f"| {words['argument']} | {words['does']} |\n|---|---|\n" + "\n".join(rows))
    if parser.epilog:
        parts.append(f"```text\n{parser.epilog.strip()}\n```")
    return "\n\n".join(parts)


def cli_page(lang: str = "en") -> str:
    """Return the CLI reference as Markdown in a language, generated from
    interpreter.cli.build_parser()."""
    from interpreter.cli import build_parser

    parser = build_parser()
    commands = _subcommands(parser)
    words = PAGE_RU if lang == "ru" else PAGE_EN
    listed = "\n".join(f"| [`kozel {n}`](#{n}) | "
                       f"{table_cell(_said(n, 'summary', _summary(parser, n), lang))} |"
                       for n in commands)
    epilog = (parser.epilog or "").strip()
    epilog = f"```text\n{epilog}\n```" if lang != "ru" else table_cell(PAGE_RU["epilog"])
    intro = [f"# {words['title']} {{#top}}",
             table_cell(_said("", "description", parser.description or "", lang)),
             f"| {words['command']} | {words['does']} |\n|---|---|\n" + listed, epilog,
             words["generated"]]
    return "\n\n".join(intro + [_section(n, p, lang) for n, p in commands.items()]) + "\n"


def _summary(parser: argparse.ArgumentParser, name: str) -> str:
    """The one-line help a subcommand was registered with."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                if choice.dest == name:
                    return choice.help or ""
    return ""
