"""Facades that cost nothing to import: a package names its public API, loaded on first use.

`import kozel` must stay cheap (a short command imports only what it uses; the engine
imports the front end's modules through `interpreter.language`), so the facades of `kozel`
and `interpreter.language` resolve a name only when it is first read (PEP 562).
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any, Callable

Homes = dict[str, "str | tuple[str, str]"]  # name → module (relative), or (module, its name)


def lazy_names(package: str, homes: Homes) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of a package whose public names live in `homes`."""

    def load(name: str) -> Any:
        """Load a public name on first use, and keep it in the package."""
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        home = homes[name]
        module, attribute = home if isinstance(home, tuple) else (home, name)
        value = getattr(import_module(module, package), attribute)
        setattr(sys.modules[package], name, value)
        return value

    def names() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(homes))

    return load, names
