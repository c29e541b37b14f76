"""A language server for .kozel rule files: the parser's and resolver's errors as diagnostics.

While an author types, every open rule file is parsed and resolved exactly as `kozel check`
does (syntax, unknown names and slots, types, missing rules, `extends` chains), and each
positioned error is published at its line and column, with its hint. The other .kozel files of
the same folder are read too, so that `extends` finds its parent. Run it as `kozel-lsp` (stdio);
it needs the `lsp` extra (pygls).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from .language.errors import Diagnostic, KozelError, RuleFileError
from .language.resolve import Library

SOURCE = "kozel"


def _siblings(uri: str) -> list[Path]:
    """The other rule files beside a document (its parent may be one of them)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return []
    path = Path(unquote(parsed.path))
    return sorted(p for p in path.parent.glob("*.kozel") if p.resolve() != path.resolve())


def _lsp(diagnostic: Diagnostic) -> types.Diagnostic:
    """One of our diagnostics (1-based line and column) as LSP's (0-based)."""
    line, column = max(diagnostic.line - 1, 0), max(diagnostic.column - 1, 0)
    message = diagnostic.message + (f"\nhint: {diagnostic.hint}" if diagnostic.hint else "")
    severity = (types.DiagnosticSeverity.Error if diagnostic.severity == "error"
                else types.DiagnosticSeverity.Warning)
    return types.Diagnostic(range=types.Range(types.Position(line, column),
                                              types.Position(line, column + 1)),
                            message=message, severity=severity, source=SOURCE)


def diagnostics_of(text: str, uri: str) -> list[types.Diagnostic]:
    """Parse and resolve a rule file's text; return its errors as LSP diagnostics."""
    library, name = Library(), uri.rsplit("/", 1)[-1] or uri
    for sibling in _siblings(uri):
        try:
            library.add_file(sibling)
        except (KozelError, OSError):
            continue  # a broken neighbour is its own document's problem
    try:
        decls = library.add_text(text, name)
        found: list[Diagnostic] = []
        for decl in decls:
            try:
                library.resolve(decl.name)
            except RuleFileError as error:
                found += [d for d in error.diagnostics if d.file == name]
    except RuleFileError as error:
        found = [d for d in error.diagnostics if d.file == name]
    except KozelError as error:
        found = [Diagnostic(name, 1, 1, str(error))]
    return [_lsp(d) for d in found]


def make_server() -> LanguageServer:
    """The server: diagnostics on open, on every change and on save."""
    server = LanguageServer("kozel-lsp", "1",
                            text_document_sync_kind=types.TextDocumentSyncKind.Full)

    def publish(uri: str) -> None:
        document = server.workspace.get_text_document(uri)
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=document.version, diagnostics=diagnostics_of(document.source, uri)))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        publish(params.text_document.uri)

    return server


def main() -> None:
    """Serve over standard input and output (`kozel-lsp`)."""
    make_server().start_io()


if __name__ == "__main__":
    main()
