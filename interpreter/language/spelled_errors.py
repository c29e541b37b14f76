"""The parser's side of the two spellings (spelling.py): a Russian file's names turned into the
model's English ones, a word of the other spelling named as such, and messages whose code
(`when ...`) is said in the words the file uses. Part of the parser (parser.py)."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable

from .errors import Diagnostic
from .said import Said, said_in
from .slots import SLOTS
from .spelling import keywords, names, respell_words
from .syntax_errors import SECOND_WORDS, second_words

if TYPE_CHECKING:  # Lark is the parser's: the type checker and the engine import this module
    from lark import Tree

_CODE = re.compile(r"`([^`\n]+)`")
_QUOTED = re.compile(r"'([^'\n]+)'")  # an expression or a name a message quotes with repr
_CALL = re.compile(r"(?<![\w`'])[a-z_]+\([a-z_, ]*\)")  # an example call in prose: `pips(hand)`
# the tokens whose text reaches the model: names by the table of names, the rest by keywords'
SLOT_PHRASE = {  # a slot's words before its colon: two in English, up to four in Russian
    "en": re.compile(r"([^\W\d][\w-]*(?:[ \t]+[^\W\d][\w-]*)?)[ \t]*:"),
    "ru": re.compile(r"([^\W\d][\w-]*(?:[ \t]+[^\W\d][\w-]*){0,3})[ \t]*:")}
_NAME_TOKENS = {"NAME"}
_KEYWORD_TOKENS = {"CONTEXT", "TITLE_LANG"}


class Respelled(Said):
    """A message whose code spans (`...`) are said in a file's spelling, in any language;
    `quoted`: its quoted expressions and names ('hand + 1') too (a type checker's message)."""

    def __new__(cls, message: Any, spelling: str, quoted: bool = False) -> "Respelled":
        said = str.__new__(cls, _respell_code(str(message), spelling, quoted))
        said.key, said.args = "", {"message": message, "spelling": spelling, "quoted": quoted}
        return said

    def in_lang(self, lang: str) -> str:
        """Return the message in the language, its code in the file's spelling."""
        return _respell_code(said_in(self.args["message"], lang), self.args["spelling"],
                             self.args["quoted"])

    def __reduce__(self) -> tuple[Any, ...]:
        return (Respelled, (self.args["message"], self.args["spelling"], self.args["quoted"]))

    @staticmethod
    def diagnostic(diagnostic: Diagnostic, spelling: str) -> Diagnostic:
        """The diagnostic with its message and hint in the spelling (as it is for English)."""
        if spelling == "en":
            return diagnostic
        return replace(diagnostic, message=Respelled(diagnostic.message, spelling),
                       hint=Respelled(diagnostic.hint, spelling) if diagnostic.hint else "")


def _respell_code(text: str, spelling: str, quoted: bool = False) -> str:
    if spelling == "en":
        return text
    text = _CODE.sub(lambda m: f"`{respell_words(m.group(1), spelling)}`", text)
    text = _CALL.sub(lambda m: respell_words(m.group(0), spelling, True), text)
    if quoted:
        text = _QUOTED.sub(lambda m: f"'{respell_words(m.group(1), spelling, True)}'", text)
    return text


@lru_cache(maxsize=2)
def second_words_of(spelling: str) -> dict[str, tuple[str, ...]]:
    """The slots of more than one word, by their first word, in a spelling."""
    return SECOND_WORDS if spelling == "en" else second_words(slot_words(spelling, list(SLOTS)))


def slot_words(spelling: str, english: Iterable[str]) -> list[str]:
    """English slot and item words (`lead match`, `option`) in a spelling."""
    table = keywords("en", spelling)
    return [table.get(word, word) for word in english]


def other_spelling_message(word: str, spelling: str, keyword: bool = True) -> Said | None:
    """Say that a word is a built-in name (or, with `keyword`, a keyword's word) of the other
    spelling, when it is."""
    other = "en" if spelling == "ru" else "ru"
    known = dict(names(other, spelling))
    if keyword:  # an English file's stray Russian word is mostly a quote left unquoted: only
        # a whole keyword is named there, a word of a phrase too in a Russian file
        words = _keyword_words(other, spelling) if spelling == "ru" else {
            w: t for w, t in keywords(other, spelling).items() if " " not in w}
        known.update(words)
    if word not in known:
        return None
    return Said("ruspell.other spelling", word=word, spelled=known[word],
                other=Said(f"ruspell.of {other}"), this=Said(f"ruspell.in {spelling}"))


def _keyword_words(source: str, target: str) -> dict[str, str]:
    """Each word of the source spelling's keywords → its keyword (or phrase) in the target."""
    found: dict[str, str] = {}
    for phrase, spelled in keywords(source, target).items():
        for word in phrase.split():
            found.setdefault(word, spelled if word == phrase else
                             " / ".join(t for p, t in keywords(source, target).items()
                                        if word in p.split()))
    return found


def translate_names(tree: "Tree", spelling: str) -> "tuple[Tree, list[tuple[Any, Said]]]":
    """The parse tree with a Russian file's built-in names in English (the model's), and the
    names of the other spelling it holds: (token, message) each."""
    from lark import Token

    if spelling == "en":
        return tree, []
    by_name, by_keyword = names(spelling, "en"), keywords(spelling, "en")
    problems: list[tuple[Any, Said]] = []
    for subtree in tree.iter_subtrees():
        for index, child in enumerate(subtree.children):
            if not isinstance(child, Token):
                continue
            table = by_name if child.type in _NAME_TOKENS else (
                by_keyword if child.type in _KEYWORD_TOKENS else None)
            if table is None:
                continue
            if child in table:
                subtree.children[index] = Token.new_borrow_pos(child.type, table[child], child)
            elif child.type in _NAME_TOKENS and (problem := other_spelling_message(
                    str(child), spelling, keyword=False)) is not None:
                problems.append((child, problem))
    return tree, problems


def spelled_names(english: Iterable[str], spelling: str) -> list[str]:
    """Names the model knows, as a file of the spelling writes them (for a did-you-mean)."""
    table = names("en", spelling)
    return [table.get(name, name) for name in english]
