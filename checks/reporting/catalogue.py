"""The checker's words: its texts are the sections "checks", "checks: games" and "checks:
family" of the one catalogue (interpreter/language/words/*.json), said with the one `Said`
(interpreter/language/said.py); here are the checker's helpers for them.

A message is a `Said`: a str whose value is the English text (what the JSON and the CLI print
by default, so every reader of `Finding.message` keeps working), carrying the catalogue key and
the arguments that say it in another language (`said.in_lang("ru")`). Arguments are text as
written (rules, claim texts: never translated), numbers, or other `Said` pieces.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.words import Said, Written, render, said_in  # noqa: F401 (readers' import)


def is_translated(message: Any, lang: str) -> bool:
    """True when a message can be said in the language (its words are in the catalogue)."""
    return lang == "en" or isinstance(message, Said)


def first_line(text: str) -> str:
    """Return a message's first line: a one-line `Said` stays whole, so it keeps its language."""
    return text if "\n" not in text else text.splitlines()[0]


def said_list(items: list[Any]) -> Any:
    """Return items joined by ", ", each said in the reader's language ('' for none)."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        joined = Said("list", a=joined, b=item)
    return joined
