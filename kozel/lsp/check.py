"""The language server's findings: each open document checked in the background when typing
pauses, its findings published beside its errors, a witness game's record written on request.

When a document's text has no error, a check of it starts DEBOUNCE seconds after its last
edit, in a process of its own (kozel/lsp/findings.py, started in a session of its own so
that it and the checks it forks are killed together): the JSON-RPC loop only waits for its
answer, and answers hover, completion or `shutdown` meanwhile. The next edit kills it and
forgets the findings of the old text, so that findings never arrive for a text the editor no
longer has. The wall clock decides only when a check starts, never what it finds; a second
check of the same text is read back from the result cache (KOZEL_CACHE_DIR). A server killed
outright takes its check with it: the check's standard input, which the server holds open
until the answer, reaches its end (tether.py). The record a finding's code action writes is
a new file, never anything else that has its name (records.py).

Where a finding is shown: a finding of the document's own file at its place; one its text makes
in a parent's rule at the document's first case of that slot (else its `variant` line), saying
where the rule is. The parent's findings it inherits unchanged are its parent's: when the
editor has the parent's file open, that file's own check shows them at their lines, and the
document leaves them out; else one diagnostic at the `variant` line counts them, each listed as
related information at its line in the parent's file (a client shows the links). Publishing
them on the parent's URI instead would fight with that file's own diagnostics.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from lsprotocol import types
from pygls.workspace import PositionCodec

from interpreter.language.errors import source_lines
from interpreter.language.said import Said

from .files import real_path
from .findings import PROTOCOL
from .records import Told, write_record

DEBOUNCE = 1.0  # seconds after the last edit before a check starts
WRITE_RECORD = "kozel.writeRecord"  # the command of the code action
log = logging.getLogger("kozel.lsp")
SEVERITY = {"warning": types.DiagnosticSeverity.Warning,
            "information": types.DiagnosticSeverity.Information,
            "hint": types.DiagnosticSeverity.Hint}
Send = Callable[[str, list[types.Diagnostic], int | None], None]
Documents = Callable[[], dict[Path, str]]  # the open documents' texts, by file


def lang_of(locale: str | None) -> str:
    """The language of the findings' messages: the editor's own (`ru`, `ru-RU`), else English."""
    return "ru" if (locale or "").lower().startswith("ru") else "en"


@dataclass
class Found:
    """A document's latest findings, of one version of its text, and their games' records."""

    version: int | None
    diagnostics: list[types.Diagnostic]
    records: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # name, record


@dataclass
class Shown:
    """A document's errors as last published, and whether its text can be checked."""

    version: int | None
    errors: list[types.Diagnostic]


@dataclass(frozen=True)
class Due:
    """A document whose typing paused: the version of its text to check."""

    path: Path
    text: str
    version: int | None
    edits: int


class BackgroundChecks:
    """The checks of open documents: waiting for typing to pause, waiting for their turn (one
    check runs at a time: the machine's cores are the author's), running, or done."""

    def __init__(self, send: Send, documents: Documents) -> None:
        self.send, self.documents = send, documents
        self.lang = "en"
        self.edits: dict[str, int] = {}  # edits of each document: a check of an older one is stale
        self.codec = PositionCodec()
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.due: dict[str, Due] = {}  # in the order their typing paused
        self.busy: tuple[str, int] | None = None  # the document being checked, at which edit
        self.process: asyncio.subprocess.Process | None = None  # its check's
        self.found: dict[str, Found] = {}
        self.shown: dict[str, Shown] = {}
        self.tasks: set[asyncio.Task[None]] = set()  # kept from the garbage collector
        self.closing = False  # the server is shutting down: no check starts
        self.enabled = True  # `initializationOptions: {"findings": false}` turns checks off

    def edited(self, uri: str) -> None:
        """The text changed: the old text's check is stopped and its findings forgotten."""
        self.edits[uri] = self.edits.get(uri, 0) + 1
        self._stop(uri)
        self.found.pop(uri, None)

    def findings(self, uri: str, version: int | None) -> list[types.Diagnostic]:
        """The findings to publish beside a version's errors (none of another version's)."""
        found = self.found.get(uri)
        return list(found.diagnostics) if found and found.version == version else []

    def errors_published(self, uri: str, path: Path, text: str, version: int | None,
                         errors: list[types.Diagnostic], readable: bool) -> None:
        """A version's errors were published: check it once typing pauses, if it can be."""
        self.shown[uri] = Shown(version, errors)
        if not self.enabled or not readable or uri in self.found or uri in self.due \
                or self.busy == (uri, self.edits.get(uri, 0)):
            return  # this text's findings are known, or on their way
        timer = self.timers.pop(uri, None)
        if timer is not None:
            timer.cancel()
        due = Due(path, text, version, self.edits.get(uri, 0))
        self.timers[uri] = asyncio.get_running_loop().call_later(DEBOUNCE, self._paused, uri, due)

    def _paused(self, uri: str, due: Due) -> None:
        """Typing paused: the document waits for its turn."""
        self.timers.pop(uri, None)
        if self.edits.get(uri, 0) == due.edits:
            self.due[uri] = due
            self._next()

    def _next(self) -> None:
        """Start the check of the next document due, unless one runs."""
        if self.busy is not None or not self.due or self.closing:
            return
        uri = next(iter(self.due))
        due = self.due.pop(uri)
        self.busy = uri, due.edits
        task = asyncio.get_running_loop().create_task(self._check(uri, due))
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("the background check failed: %r", task.exception())
        self._next()

    def closed(self, uri: str) -> None:
        """A closed document is no longer checked."""
        self.edited(uri)
        self.shown.pop(uri, None)

    async def wind_down(self) -> None:
        """Stop every check and wait until none is left (the server is ending)."""
        self.stop_all()
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)

    def stop_all(self) -> None:
        """Kill every running check and start none (`shutdown`)."""
        self.closing = True
        for uri in {*self.timers, *self.due, *([self.busy[0]] if self.busy else [])}:
            self._stop(uri)

    def _stop(self, uri: str) -> None:
        """Forget a document's pending check; kill its running one, and the checks it forked."""
        timer = self.timers.pop(uri, None)
        if timer is not None:
            timer.cancel()
        self.due.pop(uri, None)
        process = self.process if self.busy and self.busy[0] == uri else None
        if process is not None and process.returncode is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            log.debug("stopped the check of %s (pid %d)", uri, process.pid)

    async def _check(self, uri: str, due: Due) -> None:
        """Run a check of one version in its own process and publish what it finds."""
        try:
            if self.edits.get(uri, 0) == due.edits:
                answer = await self._run(uri, due)
                if answer is not None and self.edits.get(uri, 0) == due.edits:
                    self._publish(uri, due, answer)
        finally:
            self.busy, self.process = None, None

    async def _run(self, uri: str, due: Due) -> dict[str, Any] | None:
        """The answer of a check process, or None when it failed or an edit stopped it."""
        documents = {str(p): t for p, t in self.documents().items()}
        documents[str(due.path)] = due.text
        request = json.dumps({"path": str(due.path), "documents": documents, "lang": self.lang})
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "kozel.lsp.findings", stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            start_new_session=True)  # its own process group: killed with what it forks
        log.debug("checking the findings of %s version %s (pid %d)", due.path.name,
                  due.version, self.process.pid)
        if self.edits.get(uri, 0) != due.edits or self.closing:  # while the process started
            self._stop(uri)
        out, err = await _exchange(self.process, (request + "\n").encode("utf-8"))
        if self.edits.get(uri, 0) != due.edits or self.closing:  # stopped: its answer is stale
            return None
        return _answer(out, err, self.process.returncode)

    def _publish(self, uri: str, due: Due, answer: dict[str, Any]) -> None:
        """A check's findings beside the errors of the same version."""
        self.found[uri] = self._found(answer, due.path, due.text, due.version)
        shown = self.shown.get(uri)
        if shown is not None and shown.version == due.version:
            self.send(uri, shown.errors + self.found[uri].diagnostics, due.version)
            log.debug("published %d findings of %s version %s",
                      len(self.found[uri].diagnostics), due.path.name, due.version)

    def _found(self, answer: dict[str, Any], path: Path, text: str, version: int | None
               ) -> Found:
        """The diagnostics of a check's answer, and the records their code actions write."""
        lines = source_lines(text)
        found = Found(version, [])
        open_files = {str(real_path(p)) for p in self.documents()}
        for variant in answer["variants"]:
            elsewhere = []
            for finding in variant["findings"]:
                if finding["origin"] == "inherited" and not finding["home"]:
                    if finding["file"] not in open_files:
                        elsewhere.append(finding)
                    continue
                found.diagnostics.append(self._diagnostic(finding, lines, found))
            if elsewhere and variant["inherited"]:
                found.diagnostics.append(self._inherited(variant, elsewhere, lines))
        return found

    def _diagnostic(self, finding: dict[str, Any], lines: list[str], found: Found
                    ) -> types.Diagnostic:
        message = "\n".join([finding["message"]] + finding["witness"])
        data = None
        if finding["record"] is not None:
            data = {"record": len(found.records), "name": finding["record_name"]}
            found.records.append((finding["record_name"], finding["record"]))
        return types.Diagnostic(
            range=self._range(lines, finding["shown_line"], finding["shown_column"]),
            message=message, severity=SEVERITY[finding["severity"]], source="kozel",
            code=finding["kind"], data=data,
            related_information=None if finding["home"] else [_related(finding)])

    def _inherited(self, variant: dict[str, Any], findings: list[dict[str, Any]],
                   lines: list[str]) -> types.Diagnostic:
        """One diagnostic at the `variant` line for the parent's findings, each linked."""
        return types.Diagnostic(
            range=self._range(lines, variant["line"], variant["column"]),
            message=variant["inherited"], severity=types.DiagnosticSeverity.Hint,
            source="kozel", code="inherited",
            related_information=[_related(f) for f in findings])

    def _range(self, lines: list[str], line: int, column: int) -> types.Range:
        """A 1-based place (column in code points) as the client's range of one character."""
        line, column = max(line - 1, 0), max(column - 1, 0)
        start = self.codec.position_to_client_units(lines, types.Position(line, column))
        end = self.codec.position_to_client_units(lines, types.Position(line, column + 1))
        return types.Range(start, end)


    def code_actions(self, uri: str, diagnostics: Sequence[types.Diagnostic]
                     ) -> list[types.CodeAction]:
        """For each finding with a game: write the game's record beside the file."""
        found = self.found.get(uri)
        actions = []
        for diagnostic in diagnostics:
            data = diagnostic.data
            if found is None or not isinstance(data, dict) or not isinstance(
                    data.get("record"), int) or data["record"] >= len(found.records) \
                    or found.records[data["record"]][0] != data.get("name"):
                continue
            title = Said("lspfind.write record", file=data["name"]).in_lang(self.lang)
            actions.append(types.CodeAction(
                title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                command=types.Command(title, WRITE_RECORD,
                                      arguments=[uri, found.version, data["record"]])))
        return actions

    def write_record(self, uri: str, path: Path, arguments: list[object]) -> Told:
        """The code action's command: write a finding's record, or say why it cannot."""
        found = self.found.get(uri)
        if found is None or len(arguments) != 3 or arguments[1] != found.version \
                or not isinstance(arguments[2], int) or not 0 <= arguments[2] < len(found.records):
            return Told(Said("lspfind.record gone").in_lang(self.lang), warning=True)
        name, record = found.records[arguments[2]]
        return write_record(path.parent, name, record, self.lang)


def _related(finding: dict[str, Any]) -> types.DiagnosticRelatedInformation:
    """A finding's rule at its own place (a parent's file), for the client to link to."""
    at = types.Position(max(finding["line"] - 1, 0), max(finding["column"] - 1, 0))
    return types.DiagnosticRelatedInformation(
        location=types.Location(uri=Path(finding["file"]).as_uri(), range=types.Range(at, at)),
        message=finding["message"])


async def _exchange(process: asyncio.subprocess.Process, request: bytes) -> tuple[bytes, bytes]:
    """Send a check its request (one line) and read its answer. Its standard input stays open
    until it has ended: the pipe's end is how a check learns that its server died (tether.py),
    so the server closes it only once nothing more is to come."""
    assert process.stdin is not None and process.stdout is not None \
        and process.stderr is not None

    async def feed(stdin: asyncio.StreamWriter) -> None:
        try:
            stdin.write(request)
            await stdin.drain()
        except (BrokenPipeError, ConnectionResetError):  # killed meanwhile (an edit, `shutdown`)
            pass

    try:
        _, out, err = await asyncio.gather(feed(process.stdin), process.stdout.read(),
                                           process.stderr.read())
        await process.wait()
    finally:
        process.stdin.close()
    return out, err


def _answer(out: bytes, err: bytes, code: int | None) -> dict[str, Any] | None:
    """The check's answer, or None (logged) when it failed."""
    try:
        answer = json.loads(out.decode("utf-8"))
    except ValueError:
        answer = None
    if code != 0 or not isinstance(answer, dict) or answer.get("protocol") != PROTOCOL:
        log.error("the background check failed (exit %s): %s", code,
                  err.decode("utf-8", "replace").strip().splitlines()[-1:] or "no answer")
        return None
    if "not checked" in answer:
        log.debug("findings not checked: %s", answer["not checked"])
    return answer
