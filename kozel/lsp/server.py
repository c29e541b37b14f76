"""A language server for .kozel rule files: `kozel check FILE`'s errors as diagnostics.

While an author types, every open rule file is read as `kozel check FILE` reads it (the same
search for parents: its folder, `use` lines, the seed variants; kozel/loading.py) and
each of its errors is published at its line and column, with its hint; an error in another file
(a used file, a parent) is published on that file. Columns are counted in the client's units
(UTF-16 unless it asks for another). Unchanged files are not read again, a burst of edits is
checked once (its newest version). Input that is no well-framed message (a wrong, missing or
oversized `Content-Length`, a body that is not JSON-RPC) is answered with a JSON-RPC error and
skipped up to the next header (framing.py). A document's URI is normalised (`..` resolved as
written) and a document outside the editor's workspace folders is not checked; what is checked
is always the editor's text of an open document, never the file of that name on disk. Once
typing pauses, a document without errors is checked for findings in the background and they
are published beside its errors (check.py). Run it as `kozel-lsp` (stdio, `--log-level
debug` to see what it reads and checks); it needs the `lsp` extra.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.workspace import PositionCodec

from interpreter.language.errors import FRAME, Diagnostic, KozelError, source_lines
from interpreter.language.said import said_in
from .check import WRITE_RECORD, BackgroundChecks, lang_of
from .lang import document_lang
from .files import FileMemory, NotChecked, document_path, errors_by_file, real_path
from .framing import FramedInput, Refused, error_frame
from .words import completions, hover

SOURCE = "kozel"
log = logging.getLogger("kozel.lsp")
# pygls' reader of a message's params: it logs a traceback for params of the wrong shape,
# which the server answers (JSON-RPC's Invalid Params) and logs in one line itself.
PYGLS_PARAMS = logging.getLogger("pygls.protocol.json_rpc")


def _lsp(diagnostic: Diagnostic, lines: list[str], codec: PositionCodec) -> types.Diagnostic:
    """One of our diagnostics (1-based line, column in code points) as LSP's (0-based, the
    client's units: an emoji before the error is two UTF-16 units), said in the language of
    the words of the file it is in (lang.py)."""
    line, column = max(diagnostic.line - 1, 0), max(diagnostic.column - 1, 0)
    start = codec.position_to_client_units(lines, types.Position(line, column))
    end = codec.position_to_client_units(lines, types.Position(line, column + 1))
    if start.line != line:  # past the last line (an error at the end of the text)
        start = end = types.Position(line, 0)
    lang = document_lang("\n".join(lines))
    message = said_in(diagnostic.message, lang) + (
        f"\n{FRAME[lang]['hint']}: {said_in(diagnostic.hint, lang)}" if diagnostic.hint else "")
    severity = (types.DiagnosticSeverity.Error if diagnostic.severity == "error"
                else types.DiagnosticSeverity.Warning)
    return types.Diagnostic(range=types.Range(start, end), message=message, severity=severity,
                            source=SOURCE)


def _not_checked(why: NotChecked) -> types.Diagnostic:
    """The one diagnostic of a document the server does not check, saying why."""
    return types.Diagnostic(range=types.Range(types.Position(0, 0), types.Position(0, 0)),
                            message=f"not checked: {why.reason}", source=SOURCE,
                            severity=types.DiagnosticSeverity.Information)


def diagnostics_of(text: str, uri: str) -> list[types.Diagnostic]:
    """A text's own errors as the server publishes them for a document at `uri` (no
    workspace folder: any file)."""
    path = document_path(uri, [])
    if isinstance(path, NotChecked):
        return [_not_checked(path)]
    files = FileMemory()
    files.documents[path] = text
    own, _ = errors_by_file(path, files)
    return [_lsp(d, source_lines(text), PositionCodec()) for d in own]


class KozelServer(LanguageServer):
    """The server's state: the files it remembers, the documents waiting to be checked."""

    def __init__(self) -> None:
        super().__init__("kozel-lsp", "2",
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.files = FileMemory()
        self.waiting: dict[str, None] = {}  # documents edited since their last check, in order
        self.elsewhere: dict[str, set[str]] = {}  # document → other files it put errors on
        self.loop: asyncio.AbstractEventLoop | None = None
        self.out = StdoutWriter(sys.stdout.buffer)  # pygls' messages, and our refusals
        # findings, checked in the background once typing pauses (check.py)
        self.background = BackgroundChecks(self._send, lambda: dict(self.files.documents))

    def path_of(self, uri: str) -> Path | NotChecked:
        """A document's file, normalised; not checked outside the workspace folders."""
        roots = [folder.uri for folder in self.workspace.folders.values()]
        if not roots and self.workspace.root_uri:
            roots = [self.workspace.root_uri]
        return document_path(uri, roots)

    def edited(self, uri: str) -> None:
        """A document changed: check it once the editor has sent everything it had."""
        self.loop = self.loop or asyncio.get_running_loop()
        document = self.workspace.get_text_document(uri)
        path = self.path_of(uri)
        if isinstance(path, NotChecked):
            log.warning("not checked: %s: %s", uri, path.reason)
            self._send(uri, [_not_checked(path)], document.version)
            return
        self.files.documents[path] = document.source
        self.waiting[uri] = None
        self.background.edited(uri)

    def when_idle(self) -> None:
        """Called by the input's thread before it waits: check the documents on the loop."""
        if self.loop is not None and self.waiting:
            self.loop.call_soon_threadsafe(self.check_waiting)

    def check_waiting(self) -> None:
        """Check each edited document at its newest version (superseded ones never were)."""
        while self.waiting:
            uri = next(iter(self.waiting))
            del self.waiting[uri]
            path = self.path_of(uri)
            if isinstance(path, Path) and path in self.files.documents:
                self.publish(uri, path)

    def publish(self, uri: str, path: Path) -> None:
        """Check one open document (its text, at `path`) and publish its errors, and those it
        found in other files."""
        document = self.workspace.get_text_document(uri)
        before = self.files.disk_reads
        mine, found = errors_by_file(path, self.files)
        codec = self.workspace.position_codec
        own = [_lsp(d, source_lines(document.source), codec) for d in mine]
        self._send(uri, own + self.background.findings(uri, document.version), document.version)
        readable = all(d.severity != "error" for d in [*mine, *(d for ds in found.values()
                                                                for d in ds)])
        self.background.errors_published(uri, path, document.source, document.version, own,
                                         readable)
        log.debug("checked %s version %s: %d errors; %d files read from disk (%d in all)",
                  path.name, document.version, len(own), self.files.disk_reads - before,
                  self.files.disk_reads)
        self._publish_elsewhere(uri, found)

    def _publish_elsewhere(self, uri: str, found: dict[Path, list[Diagnostic]]) -> None:
        """Errors in files that are not open; those this document put there before are
        cleared when it no longer finds them. An open file's errors are its own check's."""
        shown: set[str] = set()
        for where, diagnostics in found.items():
            other = where.as_uri()
            if where in map(real_path, self.files.documents):
                continue
            lines = source_lines(self._disk_text(where))
            self._send(other, [_lsp(d, lines, self.workspace.position_codec)
                               for d in diagnostics], None)
            shown.add(other)
        for gone in self.elsewhere.get(uri, set()) - shown:
            self._send(gone, [], None)
        self.elsewhere[uri] = shown

    def _disk_text(self, path: Path) -> str:
        try:
            return self.files.text(path)
        except (KozelError, OSError):
            return ""

    def _send(self, uri: str, diagnostics: list[types.Diagnostic], version: int | None) -> None:
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=diagnostics))

    def closed(self, uri: str) -> None:
        """A closed document: its unsaved text is gone, and its errors with it."""
        path = self.path_of(uri)
        if isinstance(path, Path):
            self.files.documents.pop(path, None)
        self.waiting.pop(uri, None)
        self.background.closed(uri)
        self._send(uri, [], None)
        self._publish_elsewhere(uri, {})

    def changed_on_disk(self, paths: list[Path | NotChecked]) -> None:
        """Files saved or changed on disk: read them again, check every open document."""
        for path in paths:
            if isinstance(path, Path):
                self.files.forget(path)
        self.loop = self.loop or asyncio.get_running_loop()
        for document in list(self.workspace.text_documents):
            self.waiting[document] = None
            self.background.edited(document)  # a parent saved may change its findings

    def serve(self, messages: FramedInput) -> None:
        """Answer the editor's messages on standard output until `exit` or the input's end."""
        self.protocol.set_writer(self.out)
        try:
            asyncio.run(self._serve(messages))
        except BrokenPipeError:
            log.error("the editor closed the connection")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()

    async def _serve(self, messages: FramedInput) -> None:
        """pygls' own loop (pygls.io_.run_async), reading whole messages or refusals."""
        self.loop = asyncio.get_running_loop()
        try:
            while True:
                got = await self.loop.run_in_executor(self.thread_pool, messages.next_message)
                if got is None:
                    return
                if isinstance(got, Refused):
                    self.out.write(error_frame(got))
                else:
                    self._handle(got.payload)
        finally:  # `exit`, or the input's end: no check outlives the server
            await self.background.wind_down()

    def _handle(self, payload: dict[str, Any]) -> None:
        """One message to pygls; a request whose params have the wrong shape is answered."""
        PYGLS_PARAMS.disabled = True
        try:
            message = self.protocol.structure_message(payload)
        except JsonRpcException as error:
            log.error("refused %s: %s", payload.get("method"), error.message)
            id_ = payload.get("id")
            if "method" in payload and isinstance(id_, (int, str)):
                self.out.write(error_frame(Refused(error.code, error.message, id_)))
            return
        finally:
            PYGLS_PARAMS.disabled = False
        self.protocol.handle_message(message)


def make_server() -> KozelServer:
    """The server: a document is checked when opened, edited or saved."""
    server = KozelServer()

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        server.background.lang = lang_of(params.locale)  # the findings' language
        options = params.initialization_options
        if isinstance(options, dict) and options.get("findings") is False:
            server.background.enabled = False  # parse and type errors only

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        server.edited(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        server.edited(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        server.changed_on_disk([server.path_of(params.text_document.uri)])

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        server.closed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_COMPLETION)
    def completion(params: types.CompletionParams) -> list[types.CompletionItem]:
        return completions(server.workspace.get_text_document(params.text_document.uri).source)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(params: types.HoverParams) -> types.Hover | None:
        text = server.workspace.get_text_document(params.text_document.uri).source
        return hover(text, params.position.line, params.position.character)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(params: types.DidChangeWatchedFilesParams) -> None:
        server.changed_on_disk([server.path_of(change.uri) for change in params.changes])

    @server.feature(types.SHUTDOWN)
    def shutdown(params: None) -> None:
        server.background.stop_all()

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION)
    def code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
        return server.background.code_actions(params.text_document.uri,
                                              params.context.diagnostics)

    @server.command(WRITE_RECORD)
    def write_record(ls: KozelServer, *arguments: object) -> str:
        """The code action's command (its arguments: the document, its version, a finding)."""
        uri = arguments[0] if arguments and isinstance(arguments[0], str) else ""
        path = server.path_of(uri)
        if not isinstance(path, Path):
            return "not checked"
        told = server.background.write_record(uri, path, list(arguments))
        kind = types.MessageType.Warning if told.warning else types.MessageType.Info
        server.window_show_message(types.ShowMessageParams(kind, told.text))
        return told.text

    return server


def main(argv: list[str] | None = None) -> None:
    """Serve over standard input and output (`kozel-lsp`)."""
    parser = argparse.ArgumentParser(prog="kozel-lsp", description=__doc__.split("\n")[0])
    parser.add_argument("--log-level", choices=("error", "warning", "info", "debug"),
                        default="warning", help="what the server logs on standard error "
                        "(debug: each check, and how many files it read from disk)")
    args = parser.parse_args(argv)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("kozel-lsp: %(levelname)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(args.log_level.upper())
    log.propagate = False
    server = make_server()
    server.serve(FramedInput(sys.stdin.fileno(), server.when_idle))


if __name__ == "__main__":
    main()
