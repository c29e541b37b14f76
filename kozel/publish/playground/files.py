"""The editor's one file, `playground.kozel`, as `kozel check` sees it: its errors with their
places in the editor's units.

The file sits, unsaved, in the seed variants' folder, so `extends minsk` and `use "minsk.kozel"`
both find the seeds that ship with the page. It is read through the language server's file
memory (kozel/lsp/files.py), so its errors are the ones `kozel check FILE` gives, parent
and `use` lookups included. CodeMirror counts positions in UTF-16 units and a line break as one
unit; the parser counts code points, so an emoji before an error moves it by one more unit.
The page has no files: the editor's `source` is a seed source by its name, or its cites are
said, in a note, to be unchecked.
"""

from __future__ import annotations

import os
from functools import lru_cache
from dataclasses import replace
from pathlib import Path
from typing import Any

from interpreter.language.errors import Diagnostic, KozelError, RuleFileError, source_lines
from interpreter.language.said import said_in
from interpreter.language.library import decls_in
from interpreter.language.model import Variant
from interpreter.language.resolve import Library
from kozel.loading import CHECKOUT, SEEDS, rule_file_errors
from kozel.lsp.files import FileMemory, real_path, split_by_file

NAME = "playground.kozel"


def seeds_folder() -> Path:
    """The seed variants' folder: the installed package's, else the checkout's (the bundle's)."""
    for folder in (SEEDS, CHECKOUT / "spec" / "variants"):
        if folder.is_dir():
            return folder
    return CHECKOUT / "spec" / "variants"


def playground_path() -> Path:
    """Where the editor's file is taken to be (it is never written there)."""
    return seeds_folder().absolute() / NAME


class EditorMemory(FileMemory):
    """The language server's file memory, but its document has no folder: the page has no
    files, so a `source` is one of the seed sources by its name, or its cites go unchecked
    (said in a note, as `kozel check` says it of a variant with cites and no source)."""

    def has_folder(self, path: Path) -> bool:
        """Only files on the page's disk (the seeds) have a folder of source texts."""
        return real_path(path) not in {real_path(p) for p in self.documents}


def memory_with(text: str) -> FileMemory:
    """A file memory holding the editor's text as the open document `playground.kozel`."""
    files = EditorMemory()
    files.documents[playground_path()] = text
    return files


def plain(message: str) -> str:
    """A message naming files as `kozel check` run in the seeds' folder names them (their path
    written in full, or from the current folder: Pyodide's is /home/pyodide)."""
    folder = seeds_folder().absolute()
    message = message.replace(f"{folder}{os.sep}", "")
    relative = os.path.relpath(folder)
    return message if relative == os.curdir else message.replace(f"{relative}{os.sep}", "")


def diagnostics(text: str, lang: str = "en") -> list[Diagnostic]:
    """`kozel check playground.kozel --lang LANG`'s errors: the file's own first, then those it
    causes in other files (named in the message, placed at the file's start)."""
    try:
        own, elsewhere = split_by_file(playground_path(), *loaded(text))
    except (KozelError, OSError) as error:  # as errors_by_file says it
        own, elsewhere = [Diagnostic(str(playground_path()), 1, 1, str(error))], {}
    found = [replace(d, message=plain(said_in(d.message, lang)), hint=plain(said_in(d.hint, lang)))
             for d in own]
    for path, theirs in elsewhere.items():
        found += [Diagnostic(NAME, 1, 1, f"{path.name}:{d.line}:{d.column}: "
                             f"{plain(said_in(d.message, lang))}",
                             hint=plain(said_in(d.hint, lang)), severity=d.severity)
                  for d in theirs]
    return found


def units(text: str) -> int:
    """The length of a text in UTF-16 units (a character beyond U+FFFF is two)."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def problem(diagnostic: Diagnostic, lines: list[str]) -> dict[str, Any]:
    """One error as the editor shows it: its span and column in UTF-16 units."""
    number = min(max(diagnostic.line, 1), len(lines))
    line = lines[number - 1]
    if diagnostic.line > len(lines):  # past the last line: the end of the text
        column = len(line)
    else:
        column = min(max(diagnostic.column - 1, 0), len(line))
    start = sum(units(text) + 1 for text in lines[:number - 1]) + units(line[:column])
    end = start + units(line[column:column + 1])
    return {"from": start, "to": end, "line": number, "column": units(line[:column]) + 1,
            # the editor knows errors and warnings; a note ("too many errors") is shown as one
            "severity": "error" if diagnostic.severity == "error" else "warning",
            "message": diagnostic.message,
            "hint": diagnostic.hint}


def problems_of(text: str, lang: str = "en") -> list[dict[str, Any]]:
    """Every error of the editor's text, placed in its units, its words in `lang`."""
    lines = source_lines(text)
    return [problem(d, lines) for d in diagnostics(text, lang)]


# The page asks of one text its problems, then its rulebook, then its options: it is loaded
# and its first variant resolved once (the same text gives the same library: the seeds it may
# use are the page's own and never change).
@lru_cache(maxsize=1)
def loaded(text: str) -> tuple[Library, list[RuleFileError]]:
    """`kozel check playground.kozel`'s library and errors (rule_file_errors), once a text."""
    return rule_file_errors(playground_path(), memory_with(text))


@lru_cache(maxsize=1)
def _resolved(text: str) -> tuple[Variant | None, Diagnostic | KozelError | None]:
    """The first variant, or the first error (None: the file declares no variant)."""
    library, errors = loaded(text)
    found = [d for e in errors for d in e.diagnostics if d.severity == "error"]
    names = [d.name for d in decls_in(library, playground_path())]
    if found or not names:
        return None, found[0] if found else None
    try:
        return library.resolve(names[0]), None
    except KozelError as error:
        return None, error


def first_variant(text: str, lang: str = "en") -> tuple[Variant | None, str]:
    """The file's first variant resolved, or None and its first error (`line:column: message`,
    in `lang`)."""
    variant, failure = _resolved(text)
    if variant is not None:
        return variant, ""
    if failure is None:
        return None, "no variant"
    if isinstance(failure, Diagnostic):
        return None, f"{failure.line}:{failure.column}: {plain(said_in(failure.message, lang))}"
    render = getattr(failure, "render", None)  # a rule file's errors, in the language
    return None, plain(render(lang) if callable(render) else str(failure))
