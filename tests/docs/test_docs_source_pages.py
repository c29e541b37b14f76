"""Source pages quote the text as written; what it writes in Latin letters is marked English."""

from __future__ import annotations

import sys
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from interpreter.language.resolve import load_paths  # noqa: E402
from kozel.publish.source_pages import source_page  # noqa: E402

LIBRARY, _ = load_paths([ROOT / "spec" / "variants"])


def test_the_english_sentence_and_link_of_a_source_are_marked_and_kept_as_written() -> None:
    written = source_page(LIBRARY.resolve("gambler-1v1"), "ru")
    assert written is not None
    # the text's characters that Markdown would read are written as references (text.md_text):
    # the reader sees the characters
    page = unescape(written)
    assert ('<span lang="en">Output because of a table and from a hall after pressing a door '
            'on the right below</span>.') in page
    assert '<span lang="en">http://www.gambler.ru/download/gambler25-76.exe</span>.' in page
    assert 'сообщение <span lang="en">Toltek</span> на форуме' in page  # the title's nickname


def test_a_russian_sentence_is_not_marked() -> None:
    page = source_page(LIBRARY.resolve("minsk"), "ru")
    assert page is not None and 'lang="en"' not in page.split("|---|---|---|")[1]


def test_an_asides_code_spans_are_drawn_as_code_and_nothing_in_them_becomes_markup() -> None:
    from kozel.publish.text import md_text_coded
    shown = md_text_coded("the `lead tile` case; `<img src=x onerror=alert(1)>` and `[l](//x)`")
    assert "<code>lead tile</code>" in shown
    assert "<img" not in shown and "](" not in shown  # inside code too, only characters
    assert unescape(shown.replace("<code>", "").replace("</code>", "")) == \
        "the lead tile case; <img src=x onerror=alert(1)> and [l](//x)"
    lone = md_text_coded("an odd ` backtick")  # a lone one is a character, not a code span
    assert "<code>" not in lone and unescape(lone) == "an odd ` backtick"
