"""Rewrite the word lists of editors/kozel.tmLanguage.json from the grammar's words.

Run after a change to interpreter/language/grammar.lark adds or removes a word:
    python editors/update_tmlanguage.py
tests/language/test_highlight.py fails while the TextMate grammar and the grammar disagree.
"""

from __future__ import annotations

import json
from pathlib import Path

from interpreter.language.highlight import (CLAIM_WORDS, HYPHENATED, SPELLED, VARIANT_WORDS,
                                            alternation)

TM = Path(__file__).resolve().with_name("kozel.tmLanguage.json")


def update(grammar: dict) -> dict:
    """Return the TextMate grammar with its slot and keyword lists taken from the words of both
    spellings (SPELLED: a file is written in English or in Russian)."""
    repo = grammar["repository"]
    repo["slot"]["match"] = rf"^\s*({alternation(SPELLED.slots)})\s*(:)"
    lists = {"keyword.operator.word.kozel": SPELLED.operators,
             "constant.language.kozel": SPELLED.constants,
             "keyword.other.kozel": SPELLED.keywords + HYPHENATED}
    for pattern in repo["keyword"]["patterns"]:
        pattern["match"] = rf"\b({alternation(sorted(lists[pattern['name']]))})\b"
    declarations = repo["declaration"]["patterns"]  # variant/extends, claim CONTEXT, the rest
    declarations[0]["match"] = rf"\b({alternation(VARIANT_WORDS)})\s+([^\W\d][\w-]*)"
    declarations[1]["match"] = (rf"\b({alternation(CLAIM_WORDS)})\s+"
                                rf"({alternation(SPELLED.contexts)})\b")
    declarations[2]["match"] = rf"^\s*({alternation(SPELLED.declarations)})(?![\w-])"
    return grammar


def main() -> None:
    """Rewrite the file in place."""
    grammar = update(json.loads(TM.read_text(encoding="utf-8")))
    TM.write_text(json.dumps(grammar, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
