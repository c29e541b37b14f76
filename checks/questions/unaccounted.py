"""The sentences of a variant's source text that nothing accounts for, as findings.

The concordance (interpreter/language/concordance.py) says, for every sentence of the text a
variant's `source` names, the rules that cite it or the `aside` that says why it states no
rule. A sentence with neither is a finding of kind `unaccounted` at the variant's `source`
line: the encoding may have left a rule out, and a checker can only find what it says.
"""

from __future__ import annotations

from typing import Any

from interpreter.language.ast import Pos
from interpreter.language.concordance import Concordance, concordance
from interpreter.language.model import Variant

from ..reporting.about import SentenceRef
from ..reporting.catalogue import Said
from ..reporting.findings import Finding
from ..reporting.kinds import Kind


def source_parts(variant: Variant) -> tuple[list[Finding], list[dict[str, Any]]]:
    """unaccounted_findings, and the `sources` of the variant's JSON report (its source text
    sentence by sentence), of one concordance: made once, it matches every quote against
    every sentence of a text of some hundred."""
    found = concordance(variant)
    return _unaccounted(variant, found), [] if found is None else [_json(found)]


def unaccounted_findings(variant: Variant) -> list[Finding]:
    """One `unaccounted` finding per sentence of the source that nothing accounts for."""
    return _unaccounted(variant, concordance(variant))


def _unaccounted(variant: Variant, found: Concordance | None) -> list[Finding]:
    if found is None:
        return []
    pos = variant.source_pos
    at = Pos(pos.line, pos.column, pos.file or variant.file)
    return [Finding(kind=Kind.UNACCOUNTED, slot="", at=at,
                    message=Said("unaccounted", source=found.file, line=e.sentence.line,
                                 text=e.sentence.text),
                    about=SentenceRef(found.file, e.sentence.line, e.sentence.text))
            for e in found.unaccounted()]


def _json(found: Concordance) -> dict[str, Any]:
    sentences = []
    for entry in found.entries:
        item: dict[str, Any] = {"text": entry.sentence.text, "line": entry.sentence.line}
        if entry.rules:
            item["rules"] = [f"{a.pos.file}:{a.pos.line}" for a in entry.rules]
        if entry.asides:
            item["aside"] = "; ".join(reason for reason, _ in entry.asides)
        sentences.append(item)
    return {"file": found.file, "sentences": sentences,
            "unaccounted": [{"text": e.sentence.text, "line": e.sentence.line}
                            for e in found.unaccounted()]}
