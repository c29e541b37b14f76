"""`kozel check playground.kozel` with Z3, in the browser: the editor's variants' findings,
placed in the editor's units.

Imported only by the playground's checking worker, a Web Worker started for one check and
ended after it (playground/src/worker.js, `?checker`): Z3 (the Pyodide wheel of the Python
bindings) and the checker's modules that need it are loaded there alone, so the page's own
worker starts as fast as before. Each check starts in a fresh Python, as the command line's
does in a fresh process (checks/running/isolated.py): the same text gives the command line's
findings. The findings are the language server's (kozel/lsp/findings.py): the same settings as
`kozel check FILE`, the same kinds, severities and words.
"""

from __future__ import annotations

from typing import Any

from interpreter.language.errors import Diagnostic, KozelError, source_lines
from interpreter.language.library import decls_in
from interpreter.language.readings import read_all
from interpreter.language.said import said_in
from kozel.lsp.findings import checked_json

from .files import NAME, first_variant, loaded, playground_path, plain, problem


def findings_of(text: str, lang: str) -> dict[str, Any]:
    """{"variants": [...]} as the language server's check gives them, each finding with its
    place in the editor ("from", "to"), those a variant inherits unchanged only counted (its
    "inherited" sentence); {"variants": [], "not checked": why} for a text with errors (the
    editor shows them already)."""
    from kozel.commands.check_text import parents_of

    first, why = first_variant(text, lang)  # its first error, in `lang`, as the editor says it
    if first is None:
        return {"variants": [], "not checked": why}
    library, _ = loaded(text)
    try:
        variants = read_all([library.resolve(d.name)
                             for d in decls_in(library, playground_path())], [])
        parents = parents_of(library, variants, [])
    except KozelError as error:  # a later variant of the file that does not resolve
        render = getattr(error, "render", None)
        said = render(lang) if callable(render) else \
            said_in(error.args[0], lang) if error.args else str(error)
        return {"variants": [], "not checked": plain(said)}
    answer = checked_json(variants, parents, lang)
    lines = source_lines(text)
    for variant in answer["variants"]:  # as `kozel check` prints them: the inherited counted
        variant["findings"] = [_placed(f, lines) for f in variant["findings"]
                               if f["origin"] != "inherited"]
    return answer


def _placed(finding: dict[str, Any], lines: list[str]) -> dict[str, Any]:
    """A finding with its span in the editor's UTF-16 units, its line and column as the
    editor counts them, and no path of the page's file system in its words."""
    spot = problem(Diagnostic(NAME, finding["shown_line"], finding["shown_column"], ""), lines)
    return {**finding, "from": spot["from"], "to": max(spot["to"], spot["from"] + 1),
            "shown_column": spot["column"], "message": plain(finding["message"]),
            "file": plain(finding["file"]), "witness": [plain(w) for w in finding["witness"]]}
