"""The language server's background check: `kozel check FILE`'s findings for an editor's text,
computed in a process of its own (`python -m kozel.lsp.findings`), so that the server can
kill it when the next edit makes its answer stale.

The server writes one JSON object, on one line, on this process's standard input: the
document's path, the texts of every open document (an unsaved parent is read as the editor has
it) and the language of the messages; it keeps that pipe open until it has the answer, and the
pipe's end before then means that the server is gone: the check and the workers it forked end
(tether.py). This process loads the document's variants as `kozel check FILE` does, checks
them and their parents with the same settings (so that the result cache, KOZEL_CACHE_DIR, is
shared with the terminal's `kozel check FILE`: a text checked once is read back), and writes one
JSON object on standard output: each variant's place and each finding as the editor shows it
(kind, severity, place, message, the witness in two lines, its record). Comparisons between the
file's variants and relations are not computed here: they are a family's, not a document's.

What --strict fails on is a Warning (an Error is a text kozel cannot read); a finding that is
not news — a proof, an assumption, or a kind a rulebook leaves out — is a Hint; every other is
Information (checks/reporting/kinds.py's tables decide, no list of kinds here).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from interpreter.language.ast import Pos
from interpreter.language.errors import KozelError, RuleFileError
from interpreter.language.model import Variant
from interpreter.language.said import Said

from .files import FileMemory, real_path

PROTOCOL = "kozel-lsp-findings/2"  # what the server and this process say to each other


def severity_of(finding: Any) -> str:
    """An LSP severity's name for a finding: warning, information or hint."""
    from checks.reporting.kinds import OnSite, Status

    if finding.fails_strict():
        return "warning"
    site = finding.kind.site
    if not isinstance(site, OnSite) or site.status_of(finding.witness is not None) \
            is Status.PROVED:
        return "hint"
    return "information"


def witness_summary(witness: Any, lang: str) -> list[str]:
    """A witness in at most two lines: the situation (players, options and the facts of the
    round, without the hands), and the first thing it tells (what the game shows)."""
    from checks.search.witness import draw_witness

    drawn = draw_witness(witness, lang)
    tiles = 1 + len(witness.hands) + sum(witness.has(key) for key in
                                         ("hand", "in_hands", "line", "stock"))
    rest = drawn[tiles:]
    facts = len(rest) - len(_told_lines(witness, lang))  # the facts line, if there is one
    situation = "; ".join([drawn[0]] + rest[:facts])
    return [situation] + rest[facts:facts + 1]


def _told_lines(witness: Any, lang: str) -> list[str]:
    """The sentences a drawn witness ends with (checks/search/witness.py's own split)."""
    from checks.search.witness import _told  # the sentences after the facts, as draw_witness ends

    return _told(witness, lang)


def record_name(variant: Variant, finding: Any) -> str:
    """The file name `kozel check --records` gives a finding's game (checks' findings.py)."""
    return str(finding.record_name(variant.name, variant.file))


def finding_json(variant: Variant, finding: Any, origin: str, lang: str) -> dict[str, Any]:
    """A finding as the server turns it into a diagnostic: where the rule is, and where the
    document shows it (the rule's place when it is in the variant's own file; for one its text
    makes in a parent's rule, the variant's first case of that slot, else its `variant` line)."""
    from checks.reporting.report import finding_head

    place, word, message = finding_head(finding, lang)
    record = finding.witness.record if finding.witness is not None else None
    home = _in_file(finding.at, variant.file)
    shown = finding.at if home or origin == "inherited" else _shown_at(variant, finding.slot)
    if not home:
        message = Said("lspfind.elsewhere", finding=message, place=place.rstrip(":")).in_lang(lang)
    return {"kind": finding.kind.value, "severity": severity_of(finding), "origin": origin,
            "file": str(real_path(Path(finding.file))) if finding.file else "",
            "line": finding.line, "column": finding.column, "home": home,
            "shown_line": shown.line, "shown_column": shown.column, "slot": finding.slot,
            "message": f"{word}: {message}",
            "witness": witness_summary(finding.witness, lang) if finding.witness else [],
            "record": dict(record) if record is not None else None,
            "record_name": record_name(variant, finding) if record is not None else None}


def _in_file(at: Pos, file: str) -> bool:
    return not at.file or real_path(Path(at.file)) == real_path(Path(file))


def _shown_at(variant: Variant, slot: str) -> Pos:
    """Where a variant's own text touches a slot: its first case of it, else its header."""
    for name, cases in variant.slots:
        for case in cases if name == slot else ():
            if _in_file(case.pos, variant.file) and case.pos.line > 0:
                return case.pos
    return variant.pos


def check_document(path: Path, documents: dict[str, str], lang: str) -> dict[str, Any]:
    """The findings of every variant of the rule file at `path` and what each inherits."""
    from interpreter.language.readings import read_all

    from ..commands.check_text import parents_of
    from ..loading import new_library

    files = FileMemory()
    files.documents.update({Path(p): text for p, text in documents.items()})
    library = new_library(files)
    try:
        variants = read_all([library.resolve(d.name) for d in library.add_file(path)], [])
        parents = parents_of(library, variants, [])
    except (KozelError, OSError) as error:  # the editor shows the text's errors already
        return {"protocol": PROTOCOL, "variants": [], "not checked": str(error)}
    return checked_json(variants, parents, lang)


def checked_json(variants: list[Variant], parents: list[Variant], lang: str) -> dict[str, Any]:
    """Check the variants and their parents as `kozel check FILE` does; each variant's findings
    as the editor shows them (the playground's check in a browser shares it)."""
    from checks.questions.budget import Budget
    from checks.running.run import CheckSettings, check_variants

    from ..commands.check_text import changes_of

    settings = CheckSettings.from_args(Budget.of(None, None), None, 1)  # `kozel check FILE`'s
    reports = check_variants(variants + parents, settings)
    changes = changes_of(variants + parents, reports)
    return {"protocol": PROTOCOL, "variants": [_variant_json(v, changes[v.name], lang)
                                               for v in variants]}


def _variant_json(variant: Variant, change: Any, lang: str) -> dict[str, Any]:
    """A variant's place, its findings, and the sentence that counts what it inherits."""
    from interpreter.language import catalogue
    from interpreter.language.numbers import counted

    count = counted(len(change.inherited), catalogue.forms("count.findings", lang), lang)
    inherited = Said("lspfind.inherited", count=count, parent=change.parent,
                     name=variant.name).in_lang(lang) if change.inherited else None
    return {"name": variant.name, "parent": variant.parent,
            "inherited": inherited,
            "line": variant.pos.line, "column": variant.pos.column,
            "findings": [finding_json(variant, f, change.origin(f), lang)
                         for f in change.findings]}



def main() -> None:
    """Read the server's request on standard input, write the findings on standard output."""
    from ..interrupt import quiet_z3
    from .tether import end_with_server

    server = os.getppid()  # before anything else: the server may die at any time
    line = sys.stdin.buffer.readline()  # the request is one line; the pipe stays open
    end_with_server(server)  # its end, from now on, means that the server is gone
    quiet_z3()
    try:
        request = json.loads(line)
        path, documents, lang = Path(request["path"]), dict(request["documents"]), request["lang"]
    except (ValueError, KeyError, TypeError) as error:  # not the server's request
        sys.exit(f"kozel-lsp's background check: not a request of {PROTOCOL}: {error!r}")
    try:
        answer = check_document(path, documents, lang)
    except RuleFileError as error:
        answer = {"protocol": PROTOCOL, "variants": [], "not checked": str(error)}
    sys.stdout.write(json.dumps(answer, ensure_ascii=False))


if __name__ == "__main__":
    main()
