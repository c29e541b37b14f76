"""The checker with a memory: a variant's report and a pair's comparison, once computed, are
read back from kozel's cache folder by the next command that asks for the same thing.

The same rule files and budgets give the same report on any machine (checks/running/isolated.py), so
a second `kozel check` of unchanged files could only repeat the first; it reads the first's
results instead. An entry's name is a digest of everything the result rests on: the variant's
model written out whole (model_text: every field of every case, option, claim, citation and
remark, with the positions and file names that repr leaves out, the inherited rules' places in
the parents' files among them), the text of the source it cites (the concordance reads it),
the budgets, and the code of the checker, the engine and the front end with the versions of
Python, Z3 and Hypothesis. A report is made of these and nothing else, so every position and
word it prints is in its key; a check with a wall-clock limit (`--timeout`) or asked for its
timings is always computed, as its result depends on the machine.

Only results computed in a fresh process are kept and only the fresh-process path reads them
(`check_variants`, `compare_family`): a result computed after other questions in the same
process may differ (isolated.py), and must neither be kept nor stand in for a fresh one.

Entries are sealed by this user and read as data (interpreter/language/cache_folder.py): the
unpickler resolves only the report's own classes. A second kozel computing the same entry
waits for the first (the entry's lock) and reads it. Whatever goes wrong with the cache, the
result is computed.
"""

from __future__ import annotations

import hashlib
import sys
from contextlib import contextmanager
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, TypeVar

from interpreter.language import said as front_said
from interpreter.language.cache_folder import (cache_folder, has_entry, held, opened, read_data,
                                               touch, write_data)
from interpreter.language.model import Variant

from ..questions.budget import Budget, GameBudget

if TYPE_CHECKING:
    from interpreter.language.relations import Relation

FOLDER = "checks"  # the subfolder of kozel's cache folder
# Results kept, bounded by their size: a family of 50 variants needs 1,275 (each report and
# each pair's comparison, some kilobytes each), and a count that small would forget the first
# of them before a second run reads them back. The count only bounds a folder's listing.
KEPT_BYTES = 256 * 1024 * 1024
KEPT = 100_000
CODE = ("checks", "interpreter")  # the packages whose code a result rests on
VERSIONS = ("z3-solver", "hypothesis")  # the libraries whose versions it rests on
ROOT = Path(__file__).resolve().parents[2]  # where the packages of CODE are
T = TypeVar("T")


def code_files() -> list[Path]:
    """Every file of the code a result rests on: the checker, the engine and the front end,
    the grammar and the catalogue of words included (the whole packages, so that no module can
    be left out)."""
    return [path for package in CODE for path in sorted((ROOT / package).rglob("*"))
            if path.suffix in (".py", ".lark", ".json") and path.is_file()]


@lru_cache(maxsize=1)
def code_key() -> str:
    """A digest of the code and of Python's, Z3's and Hypothesis's versions (computed once
    per process, before the workers fork)."""
    digest = hashlib.sha256(sys.version.encode())
    for name in VERSIONS:
        try:
            digest.update(f"{name}={metadata.version(name)}\0".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name}=?\0".encode())
    for path in code_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def variant_key(variant: Variant) -> str:
    """The variant's whole model and the text of the source it cites, as one string."""
    source = variant.source_file
    try:
        cited = Path(source).read_text(encoding="utf-8") if source else ""
    except (OSError, UnicodeDecodeError):
        cited = "(unreadable)"
    return f"{model_text(variant)}\0{source}\0{cited}"


def relation_key(relation: Relation) -> str:
    """The relation written out whole (its place, both sides' settings) with its two variants'
    keys."""
    return "\0".join([model_text(relation), variant_key(relation.a.variant),
                      variant_key(relation.b.variant)])


def model_text(value: object) -> str:
    """A model value written out whole: every field of every dataclass in it, those that repr
    and == leave out (positions, file names, origins) included. A type it does not know is a
    TypeError, never a partial text: a key that leaves something out could print stale words."""
    out: list[str] = []
    _write(value, out)
    return "".join(out)


_ATOMS = (str, int, float, bool, type(None), range)  # whole in their repr


def _write(value: object, out: list[str]) -> None:
    kind = type(value)
    if kind in _ATOMS or isinstance(value, Enum):
        out.append(repr(value))
    elif isinstance(value, (tuple, list)):
        out.append("(")
        for item in value:
            _write(item, out)
            out.append(",")
        out.append(")")
    elif isinstance(value, dict):
        out.append("{")
        for name, item in value.items():
            _write(name, out)
            out.append(":")
            _write(item, out)
            out.append(",")
        out.append("}")
    else:
        label, names = _dataclass(kind)
        out.append(label)
        for name in names:
            _write(getattr(value, name), out)
            out.append(",")
        out.append(")")


# each dataclass's name (its module's too: ast.Reading is not model.Reading) and its fields
_FIELDS: dict[type, tuple[str, tuple[str, ...]]] = {}


def _dataclass(kind: type) -> tuple[str, tuple[str, ...]]:
    found = _FIELDS.get(kind)
    if found is None:
        if not is_dataclass(kind):
            raise TypeError(f"the cache's key cannot write a {kind.__qualname__} out whole")
        found = _FIELDS[kind] = (f"{kind.__module__}.{kind.__qualname__}(",
                                 tuple(f.name for f in fields(kind)))
    return found


def entry_name(kind: str, parts: list[str]) -> str:
    """The name of an entry: its kind and a digest of the code and of what it rests on."""
    digest = hashlib.sha256("\0\0".join([code_key(), kind, *parts]).encode(
        "utf-8", "surrogatepass"))
    return f"{kind}-{digest.hexdigest()[:40]}"


class NotKept(Exception):
    """A run that may only read kept results (`reading_only`) met one it would compute."""


# How `remembered` uses the cache folder: "folder" (read, else compute and keep), "read" (read,
# else raise NotKept: is a task answered by what this machine keeps?), "capture" (compute, and
# hand the entries to the caller instead of a folder: a task on a cluster's node, whose results
# are kept by the machine that asked for them). One mode per process: tasks do not overlap.
_MODE: list[str] = ["folder"]
_CAPTURED: list[tuple[str, Any]] = []


@contextmanager
def reading_only() -> Iterator[None]:
    """Within: `remembered` reads kept results and raises NotKept for any other."""
    _MODE[0] = "read"
    try:
        yield
    finally:
        _MODE[0] = "folder"


@contextmanager
def capturing() -> Iterator[list[tuple[str, Any]]]:
    """Within: `remembered` computes without the folder; the entries it would have kept are
    in the list yielded, in the order computed, for `keep_entries` on another machine."""
    _MODE[0] = "capture"
    _CAPTURED.clear()
    try:
        yield _CAPTURED
    finally:
        _MODE[0] = "folder"


def keep_entries(entries: list[tuple[str, Any]]) -> None:
    """Keep results computed elsewhere (`capturing`) in this machine's cache folder."""
    with opened(cache_folder(), FOLDER) as place:
        if place is None:
            return
        for name, value in entries:
            write_data(place, name, value, KEPT, KEPT_BYTES)


def never_kept(compute: Callable[[], T]) -> T:
    """A result that is never kept (it depends on the machine): computed, except where only
    kept results may be read (NotKept)."""
    if _MODE[0] == "read":
        raise NotKept("computed")
    return compute()


def remembered(kind: str, parts: list[str], compute: Callable[[], T],
               budget: Budget | None = None) -> T:
    """The result kept under `kind` and `parts`, else `compute()` (then kept); always computed
    under a budget with a wall-clock limit (its result depends on the machine)."""
    if not _read_back(budget):
        if _MODE[0] == "read":
            raise NotKept(kind)
        return compute()
    name = entry_name(kind, parts)
    if _MODE[0] == "capture":
        value = compute()
        _CAPTURED.append((name, value))
        return value
    with opened(cache_folder(), FOLDER) as place:
        if place is None:
            if _MODE[0] == "read":
                raise NotKept(kind)
            return compute()
        with held(place, name):
            kept = read_data(place, name, _allowed())
            if kept is not None:
                touch(place, name)  # the least recently used go first (tidy)
                return kept[0]  # type: ignore[no-any-return]
            if _MODE[0] == "read":
                raise NotKept(kind)
            value = compute()
            write_data(place, name, value, KEPT, KEPT_BYTES)
            return value


def is_kept(kind: str, parts: list[str], budget: Budget | None = None) -> bool:
    """Whether `remembered` would read the result from an entry rather than compute it (read,
    the entry may still turn out unsound, and the result is then computed)."""
    if not _read_back(budget):
        return False
    with opened(cache_folder(), FOLDER) as place:
        return place is not None and has_entry(place, entry_name(kind, parts))


def _read_back(budget: Budget | None) -> bool:
    """Whether a result under this budget may be read back: not under a wall-clock limit, where
    it depends on the machine."""
    return budget is None or budget.ms is None


@lru_cache(maxsize=1)
def _allowed() -> dict[tuple[str, str], Any]:
    """What a report and a comparison are made of: the classes of the findings and of the
    checker's and engine's texts, the words a rule file gives them (file_words: a slot's name,
    a relation's quoted text), and the front end's rebuilder of a text (nothing else)."""
    from interpreter.engine import tiles, words
    from interpreter.language import file_words
    from interpreter.language.ast import Pos
    from ..reporting import about, catalogue, findings, kinds
    from ..search import cause, witnesses

    found: dict[tuple[str, str], Any] = {(front_said.__name__, "_said"): front_said._said,
                                         (Pos.__module__, Pos.__qualname__): Pos}
    for module in (findings, about, kinds, witnesses, cause, catalogue, tiles, words,
                   front_said, file_words):
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__:
                found[(module.__name__, value.__qualname__)] = value
    return found


def settings_key(budget: Budget, games: GameBudget | None, *more: object) -> str:
    """The budgets (and other settings) a result was computed under, as one string."""
    return repr((budget, games, *more))
