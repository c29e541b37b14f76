"""The language the language server speaks to an author: the language of the words the rule
file is written in.

A rule file is written in English words (`variant`, `use`, `relation`) or in their Russian
spelling; quotes and comments say nothing of it (every seed quotes Russian texts in English
words). The file's first word decides: a Cyrillic one makes the diagnostics Russian, as
`kozel check FILE --lang ru` says them; anything else, or no word yet, English.
"""

from __future__ import annotations

import re

_QUOTED = re.compile(r'"(?:\\.|[^"\\\n])*"')  # the grammar's STRING
_COMMENT = re.compile(r"(?:--|#)[^\n]*")  # the grammar's COMMENT
_WORD = re.compile(r"[^\W\d_]+")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def document_lang(text: str) -> str:
    """The language of a rule file's words: "ru" when its first word is Cyrillic, else "en"."""
    bare = _COMMENT.sub(" ", _QUOTED.sub(" ", text))
    first = _WORD.search(bare)
    return "ru" if first is not None and _CYRILLIC.match(first.group(0)) else "en"
