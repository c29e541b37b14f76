"""The two spellings of the rule language, English and Russian: one table (words/spelling.json).

A rule file is written wholly in one spelling, chosen by its first word (`variant`/`вариант`,
`use`/`подключить`, `relation`/`соотношение`). The Russian grammar is made from grammar.lark by
putting each keyword's Russian spelling in place of its English one, and the terminals keep
their English names (`WHEN` is `когда`), so the parser's error handling reads both alike. A
Russian file's built-in names (terms, symbols, functions) are turned into their English names
in the parse tree (parser.py), so both spellings give the same model; positions stay those of
the file as written. `kozel fmt --lang` (respell.py) turns a file from one spelling into the other.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

SPELLINGS = ("en", "ru")
TABLE = Path(__file__).with_name("words") / "spelling.json"
_FIRST_WORD = re.compile(r"(?:\s+|--[^\n]*|#[^\n]*)*([^\W\d][\w-]*)")


@lru_cache(maxsize=1)
def table() -> dict[str, Any]:
    """The table of spellings as written in words/spelling.json."""
    return json.loads(TABLE.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def keywords(source: str, target: str) -> dict[str, str]:
    """The grammar's words and phrases (`lead match`) in `source` spelling → in `target`."""
    return _directed(table()["keywords"], source, target)


@lru_cache(maxsize=None)
def names(source: str, target: str) -> dict[str, str]:
    """The built-in names of expressions in `source` spelling → in `target` (`hand` → `рука`)."""
    return _directed(table()["names"], source, target)


def _directed(pairs: dict[str, str], source: str, target: str) -> dict[str, str]:
    if source == target:
        return {}
    if (source, target) == ("en", "ru"):
        return dict(pairs)
    return {ru: en for en, ru in pairs.items()}


def spelling_of(text: str) -> str:
    """The spelling a rule text is written in, by its first word (English when it has none)."""
    match = _FIRST_WORD.match(text.lstrip("\ufeff"))
    word = match.group(1) if match else ""
    return "ru" if word in table()["first words"]["ru"] else "en"


def respell_words(text: str, target: str, names_first: bool = False) -> str:
    """A snippet of rule text (a message's `code`) with each known word in `target` spelling.

    Word by word: good enough for the few words of a message. A word that is both a keyword and
    a name (`with`, `players`) takes its keyword's spelling, or with `names_first` (a quoted
    expression) its name's.
    """
    source = "en" if target == "ru" else "ru"
    words = {**names(source, target), **keywords(source, target)} if not names_first else {
        **keywords(source, target), **names(source, target)}
    phrases = sorted(words, key=lambda w: -len(w))
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(p) for p in phrases) + r")(?![\w-])")
    return pattern.sub(lambda m: words[m.group(1)], text)


# ---- the Russian grammar ---------------------------------------------------------------------

_TERMINAL_LINE = re.compile(r"^(_?[A-Z][A-Z_0-9]*)(\.\d+)?:(.*)$")
_LITERAL = re.compile(r'"([^"\\]+)"')
_HIGH = 3  # a keyword with a hyphen or space must win over NAME, which matches its first part


def russian_grammar(english: str) -> str:
    """The grammar in Russian spelling: every keyword of `english` replaced by its Russian."""
    words = keywords("en", "ru")
    single: dict[str, str] = {}  # terminal definitions keeping the English terminal names
    lines = []
    for line in english.split("\n"):
        terminal = _TERMINAL_LINE.match(line)
        if line.lstrip().startswith("//"):
            lines.append(line)
        elif terminal:
            lines.append(_terminal_line(terminal, words))
        else:
            lines.append(_rule_line(line, words, single))
    lines += [f"{name}: {value}" for name, value in single.items()]
    return "\n".join(lines)


def _rule_line(line: str, words: dict[str, str], single: dict[str, str]) -> str:
    for phrase in sorted((p for p in words if " " in p), key=lambda p: -len(p.split())):
        quoted = r"\s+".join(f'"{re.escape(w)}"' for w in phrase.split())
        line = re.sub(quoted, _quoted(words[phrase], single).replace("\\", "\\\\"), line)

    def one(match: re.Match) -> str:
        word = match.group(1)
        if word not in words:
            return match.group(0)
        russian = words[word]
        if " " not in russian and "-" not in russian:
            single[word.upper()] = f'"{russian}"'  # `"когда"` is the terminal WHEN
        return _quoted(russian, single)
    return _LITERAL.sub(one, line)


def _quoted(phrase: str, single: dict[str, str]) -> str:
    """A Russian phrase as grammar literals; a hyphenated word gets a terminal of its own."""
    parts = []
    for word in phrase.split():
        if "-" in word:
            name = "_" + _terminal_name(word)
            single[f"{name}.{_HIGH}"] = f'"{word}"'
            parts.append(name)
        else:
            parts.append(f'"{word}"')
    return " ".join(parts)


def _terminal_name(word: str) -> str:
    english = {ru: en for en, ru in keywords("en", "ru").items()}[word]
    return f"{english.upper()}_SPELLED"


def _terminal_line(match: re.Match, words: dict[str, str]) -> str:
    name, priority, body = match.group(1), match.group(2) or "", match.group(3)
    found = [w for w in _LITERAL.findall(body) if w in words]
    if not found or any(not w.isalpha() for w in _LITERAL.findall(body)):
        return match.group(0)

    def literal(m: re.Match) -> str:
        russian = words.get(m.group(1), m.group(1))
        if " " in russian:
            return "/" + r"[ \t]+".join(re.escape(w) for w in russian.split()) + "/"
        return f'"{russian}"'
    spelled = _LITERAL.sub(literal, body)
    if any(not words[w].replace("_", "").isalpha() for w in found):
        priority = f".{_HIGH}"
    return f"{name}{priority}:{spelled}"
