"""The options that say how hard `kozel check` and `kozel diff` look, and what they report.

The solver's work is counted in steps (`--effort`), never in seconds, so that the same files
and options give the same report on an idle or a loaded machine. A wall-clock limit
(`--timeout`) is there for who wants one; the report then says that its answers may depend
on the machine.
"""

from __future__ import annotations

import argparse
from typing import Any

from checks.questions.budget import DEFAULT_GAMES, DEFAULT_STEPS, STEPS_PER_UNIT, Budget
from interpreter.language.errors import UsageError
from interpreter.language.said import Said, say

from .numbers import whole

DEFAULT_EFFORT = DEFAULT_STEPS // STEPS_PER_UNIT


def add_limit_arguments(parser: argparse.ArgumentParser, per: str) -> None:
    """Add --effort, --timeout and --games to a command; `per` names what each one bounds."""
    parser.add_argument("--effort", type=whole(1, 10 ** 5), default=None, metavar="N",
                        help=Said(f"help.--effort.{per}", default=DEFAULT_EFFORT))
    parser.add_argument("--timeout", type=whole(1, 10 ** 9), default=None, metavar="MS",
                        help=Said(f"help.--timeout.{per}"))
    parser.add_argument("--games", type=whole(1, 10 ** 7), default=None, metavar="N",
                        help=Said("help.--games", default=DEFAULT_GAMES))


def budget_of(args: argparse.Namespace) -> Budget:
    """Return the solver's budget the options ask for."""
    if args.effort is not None and args.effort < 1:
        raise UsageError("--effort must be 1 or more (millions of solver steps)")
    if args.timeout is not None and args.timeout < 1:
        raise UsageError("--timeout must be a positive number of milliseconds")
    if args.games is not None and args.games < 1:
        raise UsageError("--games must be 1 or more")
    return Budget.of(args.effort, args.timeout)


def limits_json(budget: Budget, games: int | None) -> dict[str, Any]:
    """Return the `"limits"` entry of a JSON report: what bounded every search."""
    return {"effort": budget.effort, "steps": budget.steps, "timeout_ms": budget.ms,
            "games": DEFAULT_GAMES if games is None else games}


def wall_clock_words(budget: Budget, per: str, lang: str = "en") -> list[str]:
    """Return the line that warns of a wall-clock limit, or none when there is none."""
    if budget.ms is None:
        return []
    return [say(lang, "limits.wall clock", ms=budget.ms, per=per)]
