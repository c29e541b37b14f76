"""Module names in a checkout of either layout, for the benchmarks that run another checkout.

Until issue 47 the command line was `interpreter.cli` and checks/ was one flat package
(`checks.run`); since, the command line is `kozel.cli` and checks/ is grouped by stage
(`checks.running.run`). A benchmark measured against an older commit names its modules here.
"""

from __future__ import annotations

from pathlib import Path


def moved(root: Path) -> bool:
    """Whether the checkout at `root` has the layout of issue 47 (the application in kozel/)."""
    return (root / "kozel" / "cli.py").is_file()


def cli_module(root: Path) -> str:
    """The module `python -m` runs as `kozel` in the checkout at `root`."""
    return "kozel.cli" if moved(root) else "interpreter.cli"


def module_in(root: Path, name: str) -> str:
    """This checkout's dotted `name` as the checkout at `root` spells it: `checks.running.run`
    is `checks.run` before the move."""
    if moved(root) or not name.startswith("checks."):
        return name
    return "checks." + name.split(".")[-1]
