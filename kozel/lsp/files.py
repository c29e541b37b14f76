"""The rule files as the language server sees them: open documents first, then the disk,
remembered while a file's modification time and size stay the same.

Every keystroke is checked as `kozel check FILE` would check the file, and that may read every
rule file of its folder (a parent no file is named after). Read afresh each time, 2,000 files
beside the document took a minute per keystroke; remembered, a keystroke reads only the files
that changed since the last one.

A document's URI is read here too (`document_path`): `.` and `..` resolved as written, so that
its open text is found under the one name the loader uses, and a document outside the
editor's workspace folders is not checked at all.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

from interpreter.language import ast
from interpreter.language.errors import Diagnostic, KozelError, RuleFileError
from interpreter.language.library import Sources
from interpreter.language.resolve import Library
from interpreter.language.parse_cache import parse_text
from interpreter.language.rule_file import display_name, read_rule_file, rule_text
from ..loading import rule_file_errors

log = logging.getLogger("kozel.lsp")
Stamp = tuple[int, int, int]  # modification time (ns), size, inode


@dataclass(frozen=True)
class NotChecked:
    """A document the server does not check, and why (said to the editor on the document)."""

    reason: str


def document_path(uri: str, roots: list[str]) -> Path | NotChecked:
    """A document's file, `.` and `..` resolved as written (`/ws/sub/../x.kozel` is
    /ws/x.kozel), refused when it leaves every workspace folder in `roots` (URIs; when the
    editor names none, any file is served). An unsaved buffer (`untitled:...`) is taken to be
    a file of that name in the current folder, where its parents are looked for."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        name = unquote(parsed.path or uri).rsplit("/", 1)[-1]
        path = Path(name if name not in ("", ".", "..") else "untitled.kozel").absolute()
        return NotChecked("a name with a NUL byte") if "\x00" in name else path
    if parsed.netloc not in ("", "localhost"):
        return NotChecked(f"a file of another machine ({parsed.netloc})")
    path = _normal(parsed.path)
    if "\x00" in str(path) or not path.is_absolute():
        return NotChecked("not a file's absolute path")
    folders = [_normal(urlparse(root).path) for root in roots if urlparse(root).scheme == "file"]
    if folders and not any(path.is_relative_to(folder) for folder in folders):
        return NotChecked("outside the workspace folder"
                       f"{'s' if len(folders) > 1 else ''} ({', '.join(map(str, folders))}): "
                       "kozel-lsp checks only files inside it")
    return path


def _normal(uri_path: str) -> Path:
    """A URI's path as a file's: percent escapes decoded, `.` and `..` resolved as written."""
    return Path(os.path.normpath(unquote(uri_path) or "/"))


def _key(path: Path) -> Path:
    return Path(os.path.abspath(path))


class FileMemory(Sources):
    """Open documents' texts, and each other file's text and tree as long as it is unchanged."""

    def __init__(self) -> None:
        self.documents: dict[Path, str] = {}
        self.disk_reads = 0  # files read from disk (the log shows it at debug level)
        self._texts: dict[Path, tuple[Stamp, str | RuleFileError]] = {}
        self._trees: dict[str, tuple[str, ast.RuleFile | RuleFileError]] = {}

    def is_file(self, path: Path) -> bool:
        """An open document is there even before it is saved."""
        return _key(path) in self.documents or path.is_file()

    def text(self, path: Path) -> str:
        """The document's text when it is open, else the file's (read again only if changed)."""
        key = _key(path)
        if key in self.documents:  # refused as the file would be: binary, empty, too large
            return rule_text(self.documents[key].encode("utf-8", "surrogatepass"),
                             display_name(path))
        stamp = _stamp(path)
        known = self._texts.get(key)
        if stamp is None or known is None or known[0] != stamp:
            self.disk_reads += 1
            try:
                value: str | RuleFileError = read_rule_file(path)
            except RuleFileError as error:
                value = error
            if stamp is not None:
                self._texts[key] = (stamp, value)
        else:
            value = known[1]
        if isinstance(value, RuleFileError):
            raise value
        return value

    def tree(self, text: str, file: str) -> ast.RuleFile:
        """The text parsed, kept in memory only: every keystroke's text is a new one."""
        known = self._trees.get(file)
        if known is None or known[0] != text:
            try:
                # a file's tree may go to the parse cache, not every keystroke's of a document
                remember = all(display_name(path) != file for path in self.documents)
                value: ast.RuleFile | RuleFileError = parse_text(text, file, remember=remember)
            except RuleFileError as error:
                value = error
            known = self._trees[file] = (text, value)
        if isinstance(known[1], RuleFileError):
            raise known[1]
        return known[1]

    def forget(self, path: Path) -> None:
        """Read the file again next time (the editor says it changed: saved, or on disk)."""
        self._texts.pop(_key(path), None)


def _stamp(path: Path) -> Stamp | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size, status.st_ino


def errors_by_file(path: Path, files: FileMemory
                   ) -> tuple[list[Diagnostic], dict[Path, list[Diagnostic]]]:
    """`kozel check FILE`'s errors for one rule file: its own, and those in other files (the
    language server's and the playground's, neither of which may need the other's libraries)."""
    try:
        library, errors = rule_file_errors(path, files)
    except (KozelError, OSError) as error:
        return [Diagnostic(str(path), 1, 1, str(error))], {}
    return split_by_file(path, library, errors)


def split_by_file(path: Path, library: Library, errors: list[RuleFileError]
                  ) -> tuple[list[Diagnostic], dict[Path, list[Diagnostic]]]:
    """rule_file_errors' errors for one rule file as errors_by_file gives them: its own, and
    those in other files."""
    paths = {name: key for key, name in library.files.paths.items()}
    own: list[Diagnostic] = []
    elsewhere: dict[Path, list[Diagnostic]] = {}
    for diagnostic in (d for e in errors for d in e.diagnostics):
        where = paths.get(diagnostic.file) or real_path(Path(diagnostic.file))
        if diagnostic.file == display_name(path) or where == real_path(path):
            own.append(diagnostic)
        else:
            elsewhere.setdefault(where, []).append(diagnostic)
    return own, elsewhere


def real_path(path: Path) -> Path:
    """The file a path names (symbolic links followed), or the path made absolute."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()
