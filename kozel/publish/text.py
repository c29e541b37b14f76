"""Text written by a rule author, made safe for the Markdown of a generated page.

`html.escape` stops markup, but Markdown would still read `[x](javascript:…)` as a link, a `|`
as a table cell's end, a backtick as a code span and `{: …}` as attributes. `md_text` writes
every such character as a numeric character reference: Markdown leaves references alone and
the browser shows the character, so the author's words always appear as text.

`md_text` (or `md_code`) is the one door for every text a rule file or a source text carries
(titles, cites, notes, assumptions, asides and their reasons, readings, option words, file
names, the source's sentences) into a page, wherever the page puts it: in Markdown, in a
table cell, in a raw HTML card or in an attribute. Its output is the same characters in each,
so a text is safe without knowing whether Markdown will read it (a raw HTML block ends at a
blank line, after which Markdown would).
"""

from __future__ import annotations

import re
from html import escape
from typing import Callable

# Characters that Markdown or its extensions (tables, attr_list, toc) may read as syntax.
MARKDOWN_SYNTAX = set("\\`*_{}[]()#+-.!|~:^=$%@/")
# A place in a rule file as the engine and the checker write it (`spec/variants/minsk.kozel:47`)
POSITION = re.compile(r"(?<![\w/.-])[\w./-]+\.kozel:\d+(?::\d+)?")

# A run of a source text in Latin letters (an author's nickname, a link, a sentence in English):
# it is quoted as written, and marked as not Russian so that a reader's tools (and the browser
# test of English on Russian pages) take it as another language
LATIN_RUN = re.compile(r"[A-Za-z](?:[A-Za-z0-9\s.,:;/_'!?&=%+-]*[A-Za-z0-9])?")


def md_text(text: str) -> str:
    """Return text escaped for HTML and Markdown alike: it renders as exactly these characters."""
    return "".join(f"&#{ord(ch)};" if ch in MARKDOWN_SYNTAX else escape(ch) for ch in text)


def md_code(text: str) -> str:
    """Return text as an inline code element whose content is shown exactly as written."""
    return f"<code>{md_text(text)}</code>"


def md_text_coded(text: str) -> str:
    """Return an author's text escaped as md_text, its paired `backtick spans` shown as code
    (a reason that names a slot, `lead tile`): the spans are drawn by us, never by Markdown."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick is a character, not a code span
        return md_text(text)
    return "".join(md_code(part) if index % 2 else md_text(part)
                   for index, part in enumerate(parts))


def table_cell(text: str) -> str:
    """Text for a Markdown table cell written by the project itself (help texts, docstrings):
    one line, HTML escaped, and no pipe that would end the cell."""
    return escape(" ".join(text.split()), quote=False).replace("|", "&#124;")


def said_html(text: str) -> str:
    """Return a sentence of the checker or the engine as HTML: escaped, its `code spans` (a
    rule, a slot, a file as the rule language writes them) and its places in rule files
    (file:line, which the messages write bare) shown as code."""
    parts = escape(text).split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick is a character, not a code span
        return _positions_coded(escape(text))
    return "".join(f"<code>{part}</code>" if index % 2 else _positions_coded(part)
                   for index, part in enumerate(parts))


def _positions_coded(html: str) -> str:
    return POSITION.sub(lambda found: f"<code>{found.group()}</code>", html)


def latin_marked(text: str, escaped: Callable[[str], str]) -> str:
    """A text with each run in Latin letters marked lang="en", every piece escaped."""
    pieces, start = [], 0
    for run in LATIN_RUN.finditer(text):
        pieces += [escaped(text[start:run.start()]),
                   f'<span lang="en">{escaped(run.group())}</span>']
        start = run.end()
    return "".join(pieces) + escaped(text[start:])
