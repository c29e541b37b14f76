"""Finding variants for the command line: a variant's name, a rule file, `FILE:VARIANT`, a folder.

A name is looked for in the current folder's spec/variants (a checkout), then among the seed
variants that ship with the package; the first file that defines a name wins, so a checkout's
own seeds hide the installed ones and no name is defined twice.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import interpreter
from interpreter.language.errors import RuleFileError, UsageError, did_you_mean
from interpreter.language.model import Variant
from interpreter.language.library import Sources, decls_in, read_all
from interpreter.language.readings import read as choose_readings
from interpreter.language.resolve import Library
from interpreter.language.said import Said
from interpreter.language.rule_file import rule_files_in

# the seed variants inside an installed package, beside the front end that reads their source
# texts (interpreter/seeds, written by setup.py), and the checkout this module runs from, if any
SEEDS = Path(interpreter.__file__).resolve().parent / "seeds"
CHECKOUT = Path(__file__).resolve().parents[1]


def spec_dirs() -> list[Path]:
    """Return the folders searched for variants named on the command line, in order.

    The current folder's spec/variants, the seeds inside an installed package
    (interpreter/seeds, see setup.py), and the checkout's spec/variants when running from one.
    """
    found: dict[Path, Path] = {}
    # The current folder's as a relative path, so that messages name its files as `check` does.
    for folder in (Path("spec") / "variants", SEEDS, CHECKOUT / "spec" / "variants"):
        if folder.is_dir():
            found.setdefault(folder.resolve(), folder)
    return list(found.values())


def new_library(sources: Sources | None = None, source_folders: Iterable[Path] = ()
                ) -> Library:
    """Return an empty library that finds parents among the seed variants (and source texts
    in the folders named with `--sources` too)."""
    return Library(search=spec_dirs(), sources=sources, source_folders=source_folders)


def add_sources_argument(parser: Any) -> None:
    """Add `--sources DIR` (repeatable): another folder a `source` may be read from."""
    parser.add_argument("--sources", action="append", default=[], type=_source_folder,
                        metavar="DIR", help=Said("help.--sources"))


def _source_folder(arg: str) -> Path:
    """A `--sources` folder: one that exists (argparse makes a usage error of anything else)."""
    if not Path(arg).is_dir():
        raise argparse.ArgumentTypeError(f"no such folder: {arg!r}")
    return Path(arg)


def library_with_spec() -> Library:
    """Return a library holding every seed variant (for listing the known names)."""
    library = new_library()
    read_all(library, library.search)
    return library


@dataclass(frozen=True)
class VariantArg:
    """A VARIANT argument taken apart: a file (and maybe a variant in it), or a name."""

    file: Path | None = None
    name: str | None = None
    text: str = field(default="", compare=False)


def split_variant_arg(arg: str) -> VariantArg:
    """Take apart `minsk`, `house.kozel`, `house.kozel:quick` (raise UsageError when empty)."""
    if not arg:
        raise UsageError("an empty path names no file or folder (nor a variant)")
    path = Path(arg)
    if path.exists():
        return VariantArg(path, None, arg)
    file, colon, name = arg.rpartition(":")
    if colon and file and (file.endswith(".kozel") or Path(file).exists()):
        if not name:
            raise UsageError(f"{arg!r}: write FILE:VARIANT with the variant's name after `:`")
        return VariantArg(Path(file), name, arg)
    if path.suffix == ".kozel" or "/" in arg:
        raise UsageError(f"no such rule file: {arg!r}")
    return VariantArg(None, arg, arg)


def variants_named(library: Library, target: VariantArg) -> list[str]:
    """The variants an argument names: one by name, the first (or the named) one of a file.

    Raises UsageError when a file or name does not exist, RuleFileError on errors in a text.
    """
    if target.file is None:
        assert target.name is not None
        if library.find(target.name) is None:
            read_all(library, library.search)
            known = sorted(library.decls)
            raise UsageError(f"unknown variant {target.name!r}{did_you_mean(target.name, known)}"
                             f"; known: {', '.join(known) or 'none'}")
        return [target.name]
    if target.file.is_dir():
        raise UsageError(f"{str(target.file)!r} is a folder: name a rule file in it, "
                         "FILE:VARIANT or a variant")
    if not target.file.is_file():
        raise UsageError(f"no such rule file: {str(target.file)!r}")
    library.add_file(target.file)
    names = [d.name for d in decls_in(library, target.file)]
    if target.name is None:
        return names[:1]
    if target.name not in names:
        raise UsageError(f"{str(target.file)!r} has no variant {target.name!r}"
                         f"{did_you_mean(target.name, names)}; its variants: {', '.join(names)}")
    return [target.name]


def load_variant_arg(arg: str, source_folders: Iterable[Path] = ()) -> Variant:
    """Resolve a VARIANT argument: a variant's name, a .kozel file (its first variant) or
    FILE:VARIANT (its sources looked for in `source_folders` too)."""
    library = new_library(source_folders=source_folders)
    (name,) = variants_named(library, split_variant_arg(arg))
    return library.resolve(name)


def load_variant(name: str, *, readings: Iterable[str] = ()) -> Variant:
    """Load a variant by name, rule file or FILE:VARIANT (as `kozel play` reads its VARIANT),
    with the named readings of its ambiguous sentences chosen."""
    return choose_readings(load_variant_arg(name), readings)


def load_check_args(args: list[str]) -> tuple[list[Variant], list[RuleFileError]]:
    """The variants `kozel check` is asked for: every variant of a folder or a file, one named
    by FILE:VARIANT or by its name. Errors in rule texts are collected, not raised."""
    variants, _, errors = load_family_args(args)
    return variants, errors


def load_family_args(args: list[str], library: Library | None = None
                     ) -> tuple[list[Variant], list[Any], list[RuleFileError]]:
    """The variants `kozel check` is asked for and the relations (claims across variants) of
    the files it reads, resolved; errors in rule texts are collected, not raised."""
    library = library or new_library()
    variants, asked, errors = _load_named(library, [(split_variant_arg(a), a) for a in args])
    return variants, _relations(library, asked, variants, errors), errors


def rule_file_errors(path: Path, sources: Sources) -> tuple[Library, list[RuleFileError]]:
    """The errors `kozel check FILE` reports for one rule file (its variants, the files it
    uses, their parents, its relations) and its notes (severity `note`), each text read
    through `sources` (an editor's unsaved documents, a memory of unchanged files); the library
    is returned for its files."""
    library = new_library(sources)
    # the path itself, not split as an argument: an unsaved document need not be on disk
    variants, asked, errors = _load_named(library, [(VariantArg(path, None, str(path)), str(path))])
    _relations(library, asked, variants, errors)
    if library.notes:  # shown beside the errors (an editor's warning), never refusing a file
        errors.append(RuleFileError(list(library.notes.values())))
    return library, errors


def _relations(library: Library, asked: list[Any], variants: list[Variant],
               errors: list[RuleFileError]) -> list[Any]:
    """The relations of the files asked for (not of a file read only to find a parent), each
    side resolved (a variant not asked for is read from the folder of the relation's file, as
    a parent would be)."""
    from interpreter.language.relations import resolve_relations

    known = {v.name: v for v in variants}
    for decl in asked:
        for side in (decl.a, decl.b):
            try:
                library.find(side.variant, side.pos.file)
            except RuleFileError as error:
                errors.append(error)

    def resolve(name: str) -> Variant:
        if name not in known:
            known[name] = library.resolve(name)
        return known[name]

    try:
        return resolve_relations(asked, resolve, list(library.decls),
                                 library.diagnostic)
    except RuleFileError as error:  # a named variant's errors may be reported already
        reported = [d for e in errors for d in e.diagnostics]
        fresh = [d for d in error.diagnostics if d not in reported]
        if fresh:
            errors.append(RuleFileError(fresh))
        return []


def _load_named(library: Library, targets: list[tuple[VariantArg, str]]
                ) -> tuple[list[Variant], list[Any], list[RuleFileError]]:
    """The variants the arguments name, the relations of the files they name, the errors."""
    names: list[str] = []
    errors: list[RuleFileError] = []
    for target, arg in targets:
        for read in _readers(library, target, arg):
            try:
                names += read()
            except RuleFileError as error:
                errors.append(error)
    asked = list(library.relations)  # parents read below may hold relations of their own
    variants = []
    for name in dict.fromkeys(names):
        try:
            variants.append(library.resolve(name))
        except RuleFileError as error:
            errors.append(error)
    return variants, asked, errors


def _readers(library: Library, target: VariantArg, arg: str) -> list[Callable[[], list[str]]]:
    """One reader per file an argument of `kozel check` names (UsageError when none)."""
    def file_reader(file: Path) -> Callable[[], list[str]]:
        return lambda: [d.name for d in library.add_file(file)]

    if target.file is not None and target.file.is_dir():
        files = rule_files_in(target.file, recursive=True)
        if not files:
            raise UsageError(f"no .kozel files in folder {arg!r}")
        return [file_reader(file) for file in files]
    if target.file is not None and target.name is None:
        if not library.sources.is_file(target.file):
            raise UsageError(f"no such file or folder: {arg!r}")
        return [file_reader(target.file)]
    return [lambda: variants_named(library, target)]
