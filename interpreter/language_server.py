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
from .language.library import add_rule_file
from .language.resolve import Library
from .language.rule_file import display_name

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
    library, path = Library(), _path_of(uri)
    name = display_name(path) if path is not None else uri.rsplit("/", 1)[-1] or uri
    try:
        # the document first, under its own path: a neighbour that `use`s it then finds it
        # read already, instead of reading the saved copy beside the text being edited
        decls = (add_rule_file(library, path, text=text) if path is not None else
                 library.add_text(text, name))
        _add_siblings(library, uri)
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


def _path_of(uri: str) -> Path | None:
    parsed = urlparse(uri)
    return Path(unquote(parsed.path)) if parsed.scheme == "file" else None


def _add_siblings(library: Library, uri: str) -> None:
    for sibling in _siblings(uri):
        try:
            add_rule_file(library, sibling)
        except (KozelError, OSError):
            continue  # a broken neighbour is its own document's problem


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
