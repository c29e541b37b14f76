"""Completion and hover of the language server (server.py), in the file's spelling.

A file written in Russian is offered the Russian words (spelling.py), an English one the
English words; a hover over a slot, a built-in name or a keyword says its other spelling and,
for a slot, a term, a function or a symbol, what it means in the file's language (the
catalogue's `meaning.<slot>` and `name meaning.<name>`; the English of a name is slots.py's).
"""

from __future__ import annotations

import re

from lsprotocol import types

from interpreter.language import catalogue
from interpreter.language.slots import (CONTEXTS, GENERAL_FUNCTIONS, CONTEXT_FUNCTIONS, SLOTS,
                                        SYMBOLS)
from interpreter.language.spelling import keywords, names, spelling_of

_WORD = re.compile(r"[^\W\d][\w-]*")
_MAX_PHRASE = 4  # the longest slot, in words (`первый ход следующего раунда`)


def english_meanings() -> dict[str, str]:
    """Each built-in name's meaning in English, as slots.py says it (the catalogue's English)."""
    found = {name: term.meaning for terms in CONTEXTS.values() for name, term in terms.items()}
    functions = {**GENERAL_FUNCTIONS, **{n: f for fs in CONTEXT_FUNCTIONS.values()
                                          for n, f in fs.items()}}
    found.update({name: f.meaning for name, f in functions.items()})
    found.update({name: f"a value of type {kind}" for name, kind in SYMBOLS.items()})
    return found


def _in_spelling(spelling: str) -> tuple[dict[str, str], dict[str, str]]:
    """(keywords, names) of a spelling, each word → its English (the model's) word."""
    if spelling == "en":
        return ({w: w for w in keywords("en", "ru")}, {n: n for n in names("en", "ru")})
    return keywords("ru", "en"), names("ru", "en")


def completions(text: str) -> list[types.CompletionItem]:
    """The words a file of this text's spelling may use: slots, keywords and built-in names."""
    spelling = spelling_of(text)
    words, built_in = _in_spelling(spelling)
    lang = _lang(spelling)
    items = [types.CompletionItem(label=word, kind=types.CompletionItemKind.Keyword,
                                  detail=_slot_meaning(english, lang))
             for word, english in words.items()]
    functions = {n for fs in CONTEXT_FUNCTIONS.values() for n in fs} | set(GENERAL_FUNCTIONS)
    items += [types.CompletionItem(
        label=word, detail=_name_meaning(english, lang),
        kind=types.CompletionItemKind.Function if english in functions else
        types.CompletionItemKind.Variable) for word, english in built_in.items()]
    return items


def _lang(spelling: str) -> str:
    return "ru" if spelling == "ru" else "en"


def _slot_meaning(english: str, lang: str) -> str | None:
    return catalogue.text(f"meaning.{english}", lang) if english in SLOTS else None


def _name_meaning(english: str, lang: str) -> str | None:
    key = f"name meaning.{english}"  # an aside's kind (`remark`) has none
    return catalogue.text(key, lang) if catalogue.has(key, lang) else None


def hover(text: str, line: int, character: int) -> types.Hover | None:
    """What the word at a position (0-based line and code point) is, in both spellings."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    spelling = spelling_of(text)
    words, built_in = _in_spelling(spelling)
    other = "en" if spelling == "ru" else "ru"
    if _in_quote_or_comment(lines[line][:character]):
        return None
    phrase = _phrase_at(lines[line], character, words)
    name = _name_at(lines[line], character, built_in)
    found = phrase if phrase and phrase[1] in SLOTS else (name or phrase)
    if found is None:
        return None
    word, english, is_name = found
    counterpart = (names if is_name else keywords)("en", other).get(english, english) \
        if other == "ru" else english
    meaning = (_name_meaning if is_name else _slot_meaning)(english, _lang(spelling))
    said = f"`{word}` — `{counterpart}`" + (f": {meaning}" if meaning else "")
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=said))


def _phrase_at(line: str, character: int, words: dict[str, str]
               ) -> tuple[str, str, bool] | None:
    """The longest keyword phrase of the spelling that covers the position."""
    spans = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(line)]
    for size in range(_MAX_PHRASE, 0, -1):
        for first in range(len(spans) - size + 1):
            run = spans[first:first + size]
            phrase = " ".join(w for _, _, w in run)
            if phrase in words and run[0][0] <= character <= run[-1][1]:
                return phrase, words[phrase], False
    return None


def _in_quote_or_comment(before: str) -> bool:
    """Whether a position after these characters of its line is in a quote or a comment."""
    outside = re.sub(r'"(\\.|[^"\\])*"', "", before)
    return '"' in outside or "--" in outside or "#" in outside


def _name_at(line: str, character: int, built_in: dict[str, str]
             ) -> tuple[str, str, bool] | None:
    for match in _WORD.finditer(line):
        if match.start() <= character <= match.end() and match.group() in built_in:
            return match.group(), built_in[match.group()], True
    return None
