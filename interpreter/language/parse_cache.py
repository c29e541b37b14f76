"""Parsing with a memory: a rule text read before is not parsed again.

A short command (`kozel simulate minsk --matches 1`) would otherwise spend most of its time
importing Lark and building its lexers to read files that have not changed since the last run.
The syntax tree of a text that parsed cleanly is kept in the user's cache folder under a name
made from the text, the file's name (positions carry it) and the front end's own code (every
file of this package), so that a changed grammar, parser or syntax tree never meets an old
entry. Texts with errors are always parsed, so their messages are always the parser's own.
An entry is sealed by this user and read back as data only (cache_folder.py): the unpickler
knows the syntax tree's classes and nothing else. Like the grammar cache, this is only a
shortcut: whatever goes wrong with the cache, the text is parsed.
"""

from __future__ import annotations

import hashlib
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, TypeVar

from . import ast
from .cache_folder import FRONT_END, cache_folder, opened, read_data, write_data

HERE = Path(__file__).parent
KEPT = 200  # entries kept in the cache folder: a few hundred rule files' trees, some megabytes
T = TypeVar("T")


def front_end_files(folder: Path = HERE) -> list[Path]:
    """Every file of the front end's package, the grammar included: what a clean parse may read
    (the table of spellings too: a Russian file's tree is made with it)."""
    table = folder / "words" / "spelling.json"
    return sorted(p for p in folder.iterdir() if p.suffix in (".py", ".lark") and p.is_file()) \
        + ([table] if table.is_file() else [])


@lru_cache(maxsize=1)
def front_end_key() -> str:
    """The digest of this front end's code (see code_digest), computed once per process."""
    return code_digest(HERE)


def code_digest(folder: Path) -> str:
    """A digest of the front end's code in `folder` (every file of the package) and Python's
    version. The whole package, not a list of the modules the parser imports today: a module
    added to the parser's imports can never be left out of the key."""
    digest = hashlib.sha256(sys.version.encode())
    for file in front_end_files(folder):
        digest.update(file.name.encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()


def parse_text(text: str, file: str = "<text>", *, remember: bool = True) -> ast.RuleFile:
    """Parse rule text into a syntax tree (see parser.parse_text), from the cache when it can.

    Only the texts of rule files are worth remembering: a text made up in memory (a test, a
    fuzzer's thousands) is parsed with `remember=False` and leaves nothing behind.
    """
    if not remember:
        return _parse(text, file)
    key = hashlib.sha256("\0".join([front_end_key(), file, text]).encode(
        "utf-8", "surrogatepass")).hexdigest()
    return remembered(f"parsed-{key[:32]}", ast.RuleFile, lambda: _parse(text, file))


def keywords() -> frozenset[str]:
    """Return the words the grammar reserves (see parser.keywords)."""
    return remembered(f"keywords-{front_end_key()[:32]}", frozenset, _keywords)


def _parse(text: str, file: str) -> ast.RuleFile:
    from .parser import parse_text as parse

    return parse(text, file)


def _keywords() -> frozenset[str]:
    from .parser import keywords as reserved

    return reserved()


def remembered(name: str, kind: type[T], compute: Callable[[], T]) -> T:
    """The value kept under `name` in the cache folder, else `compute()` (then kept)."""
    with opened(cache_folder(), FRONT_END) as folder:
        if folder is None:
            return compute()
        kept = read_data(folder, name, _allowed())
        if kept is not None and isinstance(kept[0], kind):
            return kept[0]
        value = compute()
        write_data(folder, name, value, KEPT)  # each edit of a rule file adds one
        return value


def _allowed() -> dict[tuple[str, str], Any]:
    """What a syntax tree is made of: the classes of ast.py, ranges and frozensets."""
    found: dict[tuple[str, str], Any] = {("builtins", "range"): range,
                                         ("builtins", "frozenset"): frozenset}
    for value in vars(ast).values():
        if isinstance(value, type) and value.__module__ == ast.__name__:
            found[(ast.__name__, value.__qualname__)] = value
    return found
