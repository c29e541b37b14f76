"""The command-line reference page, written from the argument parser itself at build time.

`kozel.cli.build_parser()` is the one description of the commands: each subcommand's
description, usage line, arguments (with their help, choices and defaults) and examples come
from it, so the page cannot drift from `kozel COMMAND --help`. Every help text the parser holds
is a `Said` of the catalogue (section "commands: help"), so the Russian page says the same text
in Russian, for the same arguments, with the placeholders (ВАРИАНТ, ИМЯ=ЗНАЧЕНИЕ) and the usage
line `kozel COMMAND --help --lang ru` prints; the page's own words are the section "site: cli".
"""

from __future__ import annotations

import argparse

from interpreter.language import catalogue
from interpreter.language.said import said_in
from kozel.help_lang import argparse_words, formatter_in, metavar_in

from .text import table_cell

PAGE = "cli.md"
WIDTH = 72  # the usage lines are wrapped to fit the page column


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subparsers of a parser, by name, in the order they were registered."""
    for action in parser._actions:  # argparse keeps them only there
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _usage(parser: argparse.ArgumentParser, lang: str) -> str:
    formatter = formatter_in(lang, argparse.HelpFormatter)(parser.prog, width=WIDTH)
    with argparse_words(lang):  # "usage:" and the placeholders as --help says them
        formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
        return formatter.format_help().strip()


def shown_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The arguments a page lists (not --help, not the hidden ones)."""
    return [a for a in parser._actions
            if not isinstance(a, argparse._HelpAction) and a.help != argparse.SUPPRESS]


def _said(text: str | None, english: str, lang: str) -> str:
    """A help text in the page's language: its English as `--help` prints it, or the
    catalogue's text in another language."""
    return english if lang == "en" else said_in(text or "", lang)


def _words(lang: str) -> dict[str, str]:
    """The page's own words in a language."""
    return catalogue.keys_under("cli page.", "site: cli", lang)


def _argument_rows(parser: argparse.ArgumentParser, lang: str) -> list[str]:
    """One table row per argument: its name(s) and metavar, what it does, its default."""
    rows = []
    for action in shown_actions(parser):
        takes = action.nargs != 0
        metavar = action.metavar or (action.dest.upper() if action.option_strings else
                                     action.dest)
        metavar = metavar_in(str(metavar), lang) if takes else metavar  # a flag shows none
        names = ", ".join(action.option_strings) or str(metavar)
        shown = f"{names} {metavar}" if action.option_strings and takes else names
        help_text = _said(action.help, _help(action, parser.prog), lang)
        if action.choices and not isinstance(action.choices, dict):
            words = _words(lang)
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
    words = _words(lang)
    parts = [f"## `kozel {name}` {{#{name}}}",
             table_cell(_said(parser.description, parser.description or "", lang)),
             f"```text\n{_usage(parser, lang)}\n```"]
    rows = _argument_rows(parser, lang)
    if rows:
        parts.append(f"| {words['argument']} | {words['does']} |\n|---|---|\n" + "\n".join(rows))
    if parser.epilog:
        parts.append(f"```text\n{said_in(parser.epilog, lang).strip()}\n```")
    return "\n\n".join(parts)


def cli_page(lang: str = "en") -> str:
    """Return the CLI reference as Markdown in a language, generated from
    kozel.cli.build_parser()."""
    from kozel.cli import build_parser

    parser = build_parser()
    commands = _subcommands(parser)
    words = _words(lang)
    listed = "\n".join(f"| [`kozel {n}`](#{n}) | "
                       f"{table_cell(_said(_summary(parser, n), _summary(parser, n), lang))} |"
                       for n in commands)
    epilog = (parser.epilog or "").strip()
    epilog = f"```text\n{epilog}\n```" if lang == "en" else \
        table_cell(said_in(parser.epilog or "", lang))
    intro = [f"# {words['title']} {{#top}}",
             table_cell(_said(parser.description, parser.description or "", lang)),
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
