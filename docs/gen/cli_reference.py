"""The command-line reference page, written from the argument parser itself at build time.

`interpreter.cli.build_parser()` is the one description of the commands: each subcommand's
description, usage line, arguments (with their help, choices and defaults) and examples come
from it, so the page cannot drift from `kozel COMMAND --help`.
"""

from __future__ import annotations

import argparse

from .text import table_cell

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


def _argument_rows(parser: argparse.ArgumentParser) -> list[str]:
    """One table row per argument: its name(s) and metavar, what it does, its default."""
    rows = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
            continue
        metavar = action.metavar or (action.dest.upper() if action.option_strings else
                                     action.dest)
        takes = action.nargs != 0
        names = ", ".join(action.option_strings) or str(metavar)
        shown = f"{names} {metavar}" if action.option_strings and takes else names
        help_text = _help(action, parser.prog)
        if action.choices and not isinstance(action.choices, dict):
            help_text += f" (one of: {', '.join(map(str, action.choices))})"
        rows.append(f"| <code>{table_cell(str(shown))}</code> | {table_cell(help_text)} |")
    return rows


def _help(action: argparse.Action, prog: str) -> str:
    """An argument's help with `%(default)s` and the like filled in, as argparse does."""
    params = {k: v for k, v in dict(vars(action), prog=prog).items() if v is not argparse.SUPPRESS}
    try:
        return (action.help or "") % params
    except (KeyError, TypeError, ValueError):
        return action.help or ""


def _section(name: str, parser: argparse.ArgumentParser) -> str:
    """One subcommand: description, usage, arguments, examples."""
    parts = [f"## kozel {name} {{#{name}}}", table_cell(parser.description or ""),
             f"```text\n{_usage(parser)}\n```"]
    rows = _argument_rows(parser)
    if rows:
        parts.append("| argument | what it does |\n|---|---|\n" + "\n".join(rows))
    if parser.epilog:
        parts.append(f"```text\n{parser.epilog.strip()}\n```")
    return "\n\n".join(parts)


def cli_page() -> str:
    """Return the CLI reference as Markdown, generated from interpreter.cli.build_parser()."""
    from interpreter.cli import build_parser

    parser = build_parser()
    commands = _subcommands(parser)
    listed = "\n".join(f"| [`kozel {n}`](#{n}) | {table_cell(_summary(parser, n))} |"
                       for n in commands)
    intro = ["# Command line {#top}", table_cell(parser.description or ""),
             "| command | what it does |\n|---|---|\n" + listed,
             f"```text\n{(parser.epilog or '').strip()}\n```",
             "This page is generated from the argument parser when the site is built; "
             "`kozel COMMAND --help` says the same."]
    return "\n\n".join(intro + [_section(n, p) for n, p in commands.items()]) + "\n"


def _summary(parser: argparse.ArgumentParser, name: str) -> str:
    """The one-line help a subcommand was registered with."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                if choice.dest == name:
                    return choice.help or ""
    return ""
