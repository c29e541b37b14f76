"""Rewrite the word lists of editors/kozel.tmLanguage.json from the grammar's words.

Run after a change to interpreter/grammar.lark adds or removes a word:
    python editors/update_tmlanguage.py
tests/test_highlight.py fails while the TextMate grammar and the grammar disagree.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from interpreter.highlight import WORDS

TM = Path(__file__).resolve().with_name("kozel.tmLanguage.json")


def _alternation(words: tuple[str, ...] | list[str]) -> str:
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in words)


def update(grammar: dict) -> dict:
    """Return the TextMate grammar with its slot and keyword lists taken from WORDS."""
    repo = grammar["repository"]
    repo["slot"]["match"] = rf"^\s*({_alternation(WORDS.slots)})\s*(:)"
    lists = {"keyword.operator.word.kozel": WORDS.operators,
             "constant.language.kozel": WORDS.constants,
             "keyword.other.kozel": WORDS.keywords}
    for pattern in repo["keyword"]["patterns"]:
        pattern["match"] = rf"\b({_alternation(sorted(lists[pattern['name']]))})\b"
    declarations = repo["declaration"]["patterns"]  # variant/extends, claim CONTEXT, the rest
    declarations[1]["match"] = rf"\b(claim)\s+({_alternation(WORDS.contexts)})\b"
    declarations[2]["match"] = rf"^\s*({_alternation(WORDS.declarations)})\b"
    return grammar


def main() -> None:
    """Rewrite the file in place."""
    grammar = update(json.loads(TM.read_text(encoding="utf-8")))
    TM.write_text(json.dumps(grammar, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
