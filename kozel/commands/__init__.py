"""Subcommands of `kozel`: each command module exposes `register(subparsers)`.

check.py (with check_styled.py, the report at a terminal), play.py (with human.py, the person at
the terminal as a player), simulate.py, balance.py (fairness with intervals, and what a house rule
changes), replay.py (with score_sheet.py), diff.py, rulebook.py (the printed rulebook). A run imports only its own command's module (`registry`), and the
checker only inside `check`, `diff` and `rulebook --for-authors`, so
`kozel play` never loads Z3 (tests/commands/test_start_fast.py).
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any, Callable, Iterable

COMMANDS = ("check", "play", "simulate", "balance", "replay", "diff", "rulebook", "fmt")


def registry(only: Iterable[str] = COMMANDS) -> list[Callable[[Any], None]]:
    """The `register` functions of the named commands (all by default), in the usual order.

    A command's module imports what the command needs, so a run imports only its own.
    """
    found = []
    for name in (c for c in COMMANDS if c in set(only)):
        if importlib.util.find_spec(f"{__name__}.{name}") is not None:  # not written yet
            found.append(importlib.import_module(f"{__name__}.{name}").register)
    return found
