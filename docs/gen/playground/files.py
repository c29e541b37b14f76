"""The editor's one file, `playground.kozel`, as `kozel check` sees it: its errors with their
places in the editor's units.

The file sits, unsaved, in the seed variants' folder, so `extends minsk` and `use "minsk.kozel"`
both find the seeds that ship with the page. It is read through the language server's file
memory (interpreter/lsp_files.py), so its errors are the ones `kozel check FILE` gives, parent
and `use` lookups included. CodeMirror counts positions in UTF-16 units and a line break as one
unit; the parser counts code points, so an emoji before an error moves it by one more unit.
The page has no files: the editor's `source` is a seed source by its name, or its cites are
said, in a note, to be unchecked.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from interpreter.language.errors import Diagnostic, KozelError, source_lines
from interpreter.language.said import said_in
from interpreter.language.library import decls_in
from interpreter.language.model import Variant
from interpreter.loading import PACKAGE, rule_file_errors
from interpreter.lsp_files import FileMemory, errors_by_file, real_path

NAME = "playground.kozel"


def seeds_folder() -> Path:
    """The seed variants' folder: the installed package's, else the checkout's (the bundle's)."""
    for folder in (PACKAGE / "seeds", PACKAGE.parent / "spec" / "variants"):
        if folder.is_dir():
            return folder
    return PACKAGE.parent / "spec" / "variants"


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
    """A message naming files as `kozel check` run in the seeds' folder names them."""
    return message.replace(f"{seeds_folder().absolute()}{os.sep}", "")


def diagnostics(text: str, lang: str = "en") -> list[Diagnostic]:
    """`kozel check playground.kozel --lang LANG`'s errors: the file's own first, then those it
    causes in other files (named in the message, placed at the file's start)."""
    own, elsewhere = errors_by_file(playground_path(), memory_with(text))
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


def first_variant(text: str, lang: str = "en") -> tuple[Variant | None, str]:
    """The file's first variant resolved, or None and its first error (`line:column: message`,
    in `lang`)."""
    path = playground_path()
    library, errors = rule_file_errors(path, memory_with(text))
    found = [d for e in errors for d in e.diagnostics if d.severity == "error"]
    names = [d.name for d in decls_in(library, path)]
    if found or not names:
        first = found[0] if found else None
        return None, (f"{first.line}:{first.column}: {plain(said_in(first.message, lang))}"
                      if first else "no variant")
    try:
        return library.resolve(names[0]), ""
    except KozelError as error:
        render = getattr(error, "render", None)  # a rule file's errors, in the language
        return None, plain(render(lang) if callable(render) else str(error))
