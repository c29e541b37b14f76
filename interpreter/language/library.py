"""Rule files that build on other files: `use "FILE"` lines, and parents found where they live.

A variant may extend one written in another file. That file is read when it is needed: named
with `use "minsk.kozel"` (relative to the file that says it), or, when `extends` names a variant
no file read so far defines, looked for in the child's own folder and then in the folders a
library searches (the seed variants). A file named after the variant (`minsk.kozel` for
`minsk`) is tried first, so that usually only the named file and its parents are ever parsed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from . import ast
from .errors import Diagnostic, RuleFileError, did_you_mean, source_lines
from .spelled_errors import Respelled
from .limits import MAX_USE_DEPTH
from .parse_cache import parse_text
from .rule_file import (display_name, leads_to_rule_file, read_rule_file,
                        rule_files_in)
from .said import Said

MAX_SUGGESTED = 20  # unknown parents that get a did-you-mean (README: Limits)


@dataclass
class FilesRead:
    """What a library knows of the files it has read, by file."""

    folders: dict[str, Path] = field(default_factory=dict)  # display name → folder
    paths: dict[Path, str] = field(default_factory=dict)  # real path → display name
    decls_of: dict[Path, list[ast.VariantDecl]] = field(default_factory=dict)
    implicit: set[Path] = field(default_factory=set)  # read for a parent or a `use` only
    uses: dict[str, tuple[ast.UseDecl, ...]] = field(default_factory=dict)


class Sources:
    """Where a library gets the texts and trees of rule files: the disk and the parse cache.

    The language server puts its open documents (unsaved text) and a memory of the files that
    have not changed since the last keystroke in front of these (lsp/server.py).
    """

    def is_file(self, path: Path) -> bool:
        """Whether a rule file is there to be read."""
        return path.is_file()

    def text(self, path: Path) -> str:
        """A rule file's text (RuleFileError when it cannot be one)."""
        return read_rule_file(path)

    def tree(self, text: str, file: str) -> ast.RuleFile:
        """A rule file's text parsed (RuleFileError on a syntax error)."""
        return parse_text(text, file, remember=True)

    def has_folder(self, path: Path) -> bool:
        """Whether the source texts a rule file names may be read from its folder (the
        playground's editor holds a text that has no folder of its own)."""
        return True


class RuleFiles:
    """All variant declarations known by name, for `extends` and for lookup by name.

    A parent that no file added so far defines is looked for, when it is needed, in the child's
    folder and then in the folders of `search` (the seed variants).
    """

    def __init__(self, search: Iterable[Path] = (), sources: Sources | None = None,
                 source_folders: Iterable[Path] = ()) -> None:
        self.decls: dict[str, ast.VariantDecl] = {}
        self.lines: dict[str, list[str]] = {}
        self.search = list(search)
        self.sources = sources or Sources()
        self.files = FilesRead()
        self._suggested: dict[str, str] = {}  # unknown name → its did-you-mean
        self.relations: list[ast.RelationDecl] = []  # claims across variants, in file order
        self.source_folders = tuple(source_folders)  # where else source texts are (--sources)
        # what the resolver says without refusing a variant (its cites unchecked), each once
        self.notes: dict[tuple[str, int, int, str], Diagnostic] = {}
        self.spellings: dict[str, str] = {}  # each file's spelling (spelling.py), by its name

    def add_text(self, text: str, file: str, *, remember: bool = False
                 ) -> list[ast.VariantDecl]:
        """Parse text and register its variants; return them (none when the file is known).

        `remember`: keep the parsed text in the cache (for the texts of rule files).
        """
        if file in self.lines:
            return []  # the same file named twice (a folder and a file in it)
        rule_file = self.sources.tree(text, file) if remember else parse_text(
            text, file, remember=False)
        self.lines[file] = source_lines(text.lstrip("\ufeff"))
        self.spellings[file] = rule_file.spelling
        self.files.uses[file] = rule_file.uses
        self.relations += rule_file.relations
        errors = []
        for decl in rule_file.variants:
            first = self.decls.setdefault(decl.name, decl)
            if first is not decl:
                errors.append(self.diagnostic(decl.pos, Said(
                    "variant.twice", name=decl.name, where=str(first.pos)),
                                              Said("hint.another name")))
        if errors:
            raise RuleFileError(errors)
        return list(rule_file.variants)

    def add_file(self, path: Path) -> list[ast.VariantDecl]:
        """Read, parse and register one rule file and the files it `use`s; return its variants."""
        return add_rule_file(self, path)

    def find(self, name: str, near: str | None = None) -> ast.VariantDecl | None:
        """The named declaration, read from the folder of file `near` or `search` if need be."""
        return self.decls.get(name) or find_variant(self, name, near)

    def _suggest(self, word: str) -> str:
        """A did-you-mean for an unknown name, for the first few only: each one compares the
        name with every variant, so thousands of unknown parents would take quadratic time."""
        if word not in self._suggested and len(self._suggested) < MAX_SUGGESTED:
            self._suggested[word] = did_you_mean(word, self.decls)
        return self._suggested.get(word, "")

    def diagnostic(self, pos: ast.Pos, message: str, hint: str = "") -> Diagnostic:
        """Return a positioned message with the source line it points into."""
        lines = self.lines.get(pos.file, [])
        line = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
        return Respelled.diagnostic(Diagnostic(pos.file, pos.line, pos.column, message, line, hint),
                                    self.spellings.get(pos.file, "en"))

    def source_folder(self, file: str) -> Path | None:
        """The folder a rule file's source texts are read from (None: it has none, as a text
        given to the API or the playground's editor)."""
        folder = self.files.folders.get(file)
        path = next((p for p, name in self.files.paths.items() if name == file), None)
        if folder is None or path is None or not self.sources.has_folder(path):
            return None
        return folder

    def note(self, pos: ast.Pos, message: str, hint: str = "") -> None:
        """Keep a positioned note (once, however often its variant is resolved)."""
        found = self.diagnostic(pos, message, hint)
        found.severity = "note"
        self.notes.setdefault((pos.file, pos.line, pos.column, str(message)), found)


def _key(path: Path) -> Path:
    """One key for every spelling of a file's path (`a/../b.kozel`, a link)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a link loop: the path as written is the best we have
        return Path(os.path.abspath(path))


def add_rule_file(library: RuleFiles, path: Path, *, implicit: bool = False,
                  chain: tuple[Path, ...] = (), text: str | None = None
                  ) -> list[ast.VariantDecl]:
    """Read and register one rule file, then the files it uses; return its variants.

    A file already read returns nothing, unless it was read only as someone's parent and is
    now named for itself (its variants are then the caller's to check).
    """
    files, key = library.files, _key(path)
    if key in files.paths:
        if implicit or key not in files.implicit:
            return []
        files.implicit.discard(key)
        return files.decls_of[key]
    file = display_name(path)
    decls = library.add_text(library.sources.text(path) if text is None else text, file,
                             remember=True)
    files.paths[key], files.folders[file], files.decls_of[key] = file, path.parent, decls
    if implicit:
        files.implicit.add(key)
    _read_uses(library, path, file, chain + (key,))
    return decls


def _read_uses(library: RuleFiles, path: Path, file: str, chain: tuple[Path, ...]) -> None:
    """Read every file the `use` lines of `file` name; raise every problem at once."""
    problems: list[Diagnostic] = []
    for use in library.files.uses.get(file, ()):
        # `..` is taken lexically, as the key takes it: a parent reads `spec/variants/minsk.kozel`
        # in every report, not `tests/house/../../spec/variants/minsk.kozel`
        target = Path(os.path.normpath(path.parent / use.path))
        key = _key(target)
        if key in chain:
            cycle = " → ".join([library.files.paths.get(k, str(k)) for k in chain]
                               + [display_name(target)])
            problems.append(library.diagnostic(use.pos, Said("use.cycle", cycle=cycle),
                                               Said("use.cycle hint")))
            continue
        if key in library.files.paths:
            continue
        if len(chain) >= MAX_USE_DEPTH:  # each file read adds frames: the stack is bounded
            problems.append(library.diagnostic(
                use.pos, Said("use.deep", limit=MAX_USE_DEPTH), Said("use.deep hint")))
            continue
        if not library.sources.is_file(target) and not target.exists():
            problems.append(library.diagnostic(use.pos, Said(  # as joined, not normalised
                "use.no file", path=use.path, target=display_name(path.parent / use.path)),
                                               Said("use.no file hint")))
            continue
        try:
            text = library.sources.text(target)
        except RuleFileError as error:
            problems.append(library.diagnostic(
                use.pos, Said("use.cannot", path=use.path, message=error.diagnostics[0].message)))
            continue
        if not looks_like_rule_text(text):  # its lines are not shown: it may be anything
            problems.append(library.diagnostic(
                use.pos, Said("use.not rules", path=use.path)))
            continue
        try:
            add_rule_file(library, target, implicit=True, chain=chain, text=text)
        except RuleFileError as error:  # the used file's own errors, where they are
            problems += error.diagnostics
    if problems:
        raise RuleFileError(problems)


def looks_like_rule_text(text: str) -> bool:
    """True when the text's first word (after blank lines and `--` comments) can begin a rule
    file."""
    for line in text.splitlines():
        words = line.split(None, 1)
        if not words or words[0].startswith("--"):
            continue
        return words[0] in ("use", "variant", "relation")
    return True  # only comments: the parser says what is missing, and shows no secret


def find_variant(library: RuleFiles, name: str, near: str | None) -> ast.VariantDecl | None:
    """Read the file that defines `name` from the folder of file `near` or the search folders.

    A file named after the variant is read first and its errors are shown (it is the parent the
    author meant); other files of those folders are read only when it is not there, and one that
    does not read cleanly is passed over, so that a broken neighbour cannot hide the parent.
    """
    folders = _folders(library, near)
    for folder in folders:
        candidate = folder / f"{name}.kozel"
        if library.sources.is_file(candidate) and leads_to_rule_file(candidate) \
                and _key(candidate) not in library.files.paths:
            add_rule_file(library, candidate, implicit=True)
            if name in library.decls:
                return library.decls[name]
    for folder in folders:
        for file in _rule_files(folder):
            if _key(file) in library.files.paths:
                continue
            try:
                add_rule_file(library, file, implicit=True)
            except RuleFileError:
                continue
            if name in library.decls:
                return library.decls[name]
    return None


def decls_in(library: RuleFiles, path: Path) -> list[ast.VariantDecl]:
    """The variants of a file the library has read (none when it has not)."""
    return library.files.decls_of.get(_key(path), [])


def read_all(library: RuleFiles, folders: Iterable[Path]) -> None:
    """Read every rule file of the folders that reads cleanly (to list the known variants)."""
    for folder in folders:
        for file in _rule_files(folder):
            try:
                add_rule_file(library, file, implicit=True)
            except RuleFileError:
                continue


def _folders(library: RuleFiles, near: str | None) -> list[Path]:
    found = [library.files.folders[near]] if near is not None and near in library.files.folders \
        else []
    unique: dict[Path, Path] = {}
    for folder in found + library.search:
        unique.setdefault(_key(folder), folder)
    return list(unique.values())


def _rule_files(folder: Path) -> list[Path]:
    try:
        return rule_files_in(folder)
    except OSError:
        return []
