"""Subcommands of `kozel`: each module exposes `register(subparsers)`."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any, Callable

COMMANDS = ("check", "play", "simulate", "replay", "diff")


def _registry() -> list[Callable[[Any], None]]:
    found = []
    for name in COMMANDS:  # a command module not written yet is simply not offered
        if importlib.util.find_spec(f"{__name__}.{name}") is not None:
            found.append(importlib.import_module(f"{__name__}.{name}").register)
    return found


REGISTRY = _registry()
