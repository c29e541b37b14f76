"""Every `cite` of a variant found in its source, and every source one that may be read.

The resolver (resolve.py) hands over what a variant quotes after its `extends` chain is applied:
its own `source` statement, and each cite and aside with the source it quotes (the name the
variant had where the item was written, so a parent's cites are checked against the parent's
source). A source is looked for beside the file that writes the item, then beside the file
that names the variant's source (a house rule's own cites quote its parent's text), then in the
folders the user names and among the seed sources (source_texts.py).

A source that may not be read is an error at the statement that names it; a cite not found in
its text is an error at the cite, with the nearest sentence as the hint. A variant whose cites
have no text to be checked against (it names none, or it was given as text with no folder, as
in the playground) is said once, in a note: its cites are unchecked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from . import ast
from .said import Said
from .source_texts import (MAX_SOURCE_BYTES, CitedText, SourceRefused, cited_text, locate,
                           read_source)

Report = Callable[[ast.Pos, str, str], None]  # a positioned message and its hint


@dataclass(frozen=True)
class Quoted:
    """What a variant quotes: its source statement, the cites and the asides (each with the
    name of the source it quotes, None when the variant names none)."""

    source: ast.SourceDecl | None
    cites: tuple[tuple[ast.Cite, str | None], ...] = ()
    asides: tuple[tuple[ast.AsideDecl, str | None], ...] = ()


@dataclass
class SourceShelf:
    """Finds and reads the sources a variant's items name, each refused or read once."""

    folders_of: Callable[[str], Path | None]  # a rule file's folder (None: given as text)
    extra: tuple[Path, ...] = ()  # the folders named with --sources
    read: dict[tuple[str, tuple[Path, ...]], CitedText | SourceRefused] = field(
        default_factory=dict)

    def places(self, files: Iterable[str]) -> tuple[Path, ...]:
        """Where a source named in these files is looked for (a folder and its `sources`
        neighbour, per file), then the user's folders."""
        found: list[Path] = []
        for file in files:
            folder = self.folders_of(file)
            if folder is not None:
                folder = _real(folder)
                found += [folder, folder.parent / "sources"]
        return tuple(dict.fromkeys(found + list(self.extra)))

    def folder_known(self, file: str) -> bool:
        """Whether a rule file was read from a folder (not given as text to the API)."""
        return self.folders_of(file) is not None

    def text(self, name: str, places: tuple[Path, ...]) -> CitedText | SourceRefused:
        """The named source's text, or why it is refused (missing, outside, binary, ...)."""
        key = (name, places)
        if key not in self.read:
            try:
                self.read[key] = cited_text(read_source(locate(name, places)))
            except SourceRefused as refused:
                self.read[key] = refused
        return self.read[key]

    def path(self, name: str, places: tuple[Path, ...]) -> Path | None:
        """The named source's file, when it is one that may be read."""
        if isinstance(self.text(name, places), SourceRefused):
            return None
        return locate(name, places)


def _real(folder: Path) -> Path:
    """A folder as one absolute path (links followed), as the site and the cache name it."""
    try:
        return folder.resolve()
    except (OSError, RuntimeError):  # a link loop: the folder as written
        return folder.absolute()


def check_citations(quoted: Quoted, shelf: SourceShelf, decl: ast.VariantDecl,
                    error: Report, note: Report) -> Path | None:
    """Report every source that may not be read and every cite not in its source; say once
    when cites go unchecked. Return the file of the variant's own source (None: none read)."""
    own = quoted.source
    own_name = own.path if own is not None else ""
    own_places = shelf.places([own.pos.file]) if own is not None else ()
    if own is not None and own_name:
        _refusal(shelf, own_name, own_places, own.pos, error)
    unchecked = False
    for cite, name in quoted.cites:
        source = cite.source if cite.source is not None else name
        if not source:
            unchecked = True
            continue
        places = shelf.places([cite.pos.file] + ([own.pos.file] if own is not None else []))
        text = shelf.text(source, places)
        if isinstance(text, SourceRefused):
            if source != own_name or cite.source is not None:  # not said at `source`: here
                _refusal(shelf, source, places, cite.pos, error)
            unchecked |= text.reason == "missing" and not shelf.folder_known(cite.pos.file)
        elif not text.has(cite.quote):
            error(cite.pos, Said("cites.not in source", source=source),
                  Said("cites.nearest", sentence=text.nearest(cite.quote)))
    for aside, _ in quoted.asides:
        if aside.source is not None:
            _refusal(shelf, aside.source, shelf.places([aside.pos.file]), aside.pos, error)
    if unchecked:
        note(decl.pos, Said("cites.unchecked", name=decl.name), Said("cites.unchecked hint"))
    return shelf.path(own_name, own_places) if own_name else None


def _refusal(shelf: SourceShelf, name: str, places: tuple[Path, ...], pos: ast.Pos,
             error: Report) -> None:
    """Report a source that may not be read at the statement that names it (nothing of the
    file is shown); a variant given as text, with no folder, may only miss it: no error."""
    text = shelf.text(name, places)
    if not isinstance(text, SourceRefused):
        return
    if text.reason == "missing" and not shelf.folder_known(pos.file):
        return  # no folder to look in (a text given to the API): its cites go unchecked
    error(pos, Said(f"cites.source {text.reason}", source=name, limit=MAX_SOURCE_BYTES),
          Said(f"cites.source {text.reason} hint", limit=MAX_SOURCE_BYTES))


__all__ = ["Quoted", "SourceShelf", "check_citations"]
