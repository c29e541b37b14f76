"""Rewrite the word lists of editors/kozel.tmLanguage.json from the grammar's words.

Run after a change to interpreter/language/grammar.lark adds or removes a word:
    python editors/update_tmlanguage.py
tests/language/test_highlight.py fails while the TextMate grammar and the grammar disagree.
"""

from __future__ import annotations

import json
from pathlib import Path

from interpreter.language.highlight import WORDS, alternation

TM = Path(__file__).resolve().with_name("kozel.tmLanguage.json")


def update(grammar: dict) -> dict:
    """Return the TextMate grammar with its slot and keyword lists taken from WORDS."""
    repo = grammar["repository"]
    repo["slot"]["match"] = rf"^\s*({alternation(WORDS.slots)})\s*(:)"
    lists = {"keyword.operator.word.kozel": WORDS.operators,
             "constant.language.kozel": WORDS.constants,
             "keyword.other.kozel": WORDS.keywords}
    for pattern in repo["keyword"]["patterns"]:
        pattern["match"] = rf"\b({alternation(sorted(lists[pattern['name']]))})\b"
    declarations = repo["declaration"]["patterns"]  # variant/extends, claim CONTEXT, the rest
    declarations[1]["match"] = rf"\b(claim)\s+({alternation(WORDS.contexts)})\b"
    declarations[2]["match"] = rf"^\s*({alternation(WORDS.declarations)})\b"
    return grammar


def main() -> None:
    """Rewrite the file in place."""
    grammar = update(json.loads(TM.read_text(encoding="utf-8")))
    TM.write_text(json.dumps(grammar, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
