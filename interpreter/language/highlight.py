"""Syntax highlighting of .kozel rule files: a Pygments lexer whose words come from the grammar.

The keywords are read from grammar.lark (beside this module) when it is imported, through Lark
itself: every quoted word of the grammar is a keyword, the words of the `slot` rule are the rule
slots (`lead match`, `two doubles`, ...), the first word of each item (`variant`, `option`,
`claim`, ...) a declaration, `and`/`or`/`not`/`in` operators, and a word that is a whole
alternative by itself (`yes`, `no`, `unspecified`, ...) a constant. So a construct added to the
grammar is highlighted without touching this file. The lexer is registered for Pygments by the
`pygments.lexers` entry point in pyproject.toml (```` ```kozel ```` blocks on the site, `pygmentize
-l kozel`); `editors/kozel.tmLanguage.json` is the same for editors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable

from lark import Lark
from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String,
                            Text)

from .parser import grammar_text
from .spelling import keywords, russian_grammar

ITEM_RULES = ("start", "item")  # the rules whose children start with a declaration word
OPERATOR_RULES = ("or_expr", "and_expr", "not_expr", "comparison")
WORD = re.compile(r"^[^\W\d]\w*$")
ALTERNATION = re.compile(r"^\(\?:[^\W\d]\w*(\|[^\W\d]\w*)+\)$")  # (?:en|ru)


@dataclass(frozen=True)
class GrammarWords:
    """The words of the grammar, sorted by what they do."""

    slots: tuple[str, ...]  # "lead match", "deal", ...
    declarations: tuple[str, ...]
    operators: tuple[str, ...]
    constants: tuple[str, ...]
    keywords: tuple[str, ...]  # every other quoted word
    contexts: tuple[str, ...]  # what may follow `claim`

    @property
    def all(self) -> set[str]:
        """Every word the grammar quotes (the words of slots one by one)."""
        found = {w for slot in self.slots for w in slot.split()}
        return found | {*self.declarations, *self.operators, *self.constants, *self.keywords,
                        *self.contexts}


def grammar_words(text: str | None = None) -> GrammarWords:
    """Read the words of the grammar (this package's, or the text given) through Lark."""
    parser = Lark(text if text is not None else grammar_text(), parser="lalr")
    literal = {t.name: t.pattern.value for t in parser.terminals
               if t.pattern.type == "str" and WORD.match(t.pattern.value)}
    rules: dict[str, list[list[str]]] = {}
    for rule in parser.rules:
        rules.setdefault(rule.origin.name, []).append([s.name for s in rule.expansion])
    slots = [" ".join(literal[s] for s in e) for e in rules.get("slot", [])
             if all(s in literal for s in e)]
    children = {s for r in ITEM_RULES for e in rules.get(r, []) for s in e}
    children |= {s for c in list(children) if c.startswith("__")
                 for e in rules.get(c, []) for s in e}  # `variant+` is a helper rule
    declarations = {literal[e[0]] for c in children for e in rules.get(c, [])
                    if e and e[0] in literal}
    operators = {literal[s] for name, es in rules.items() for e in es for s in e
                 if s in literal and any(name == r or name.startswith(f"__{r}_")
                                         for r in OPERATOR_RULES)}  # `("and" x)+` is a helper
    constants = {literal[e[0]] for name, es in rules.items() if name != "slot" for e in es
                 if len(e) == 1 and e[0] in literal}
    slot_words = {w for s in slots for w in s.split()}
    keywords = set(literal.values()) - declarations - operators - constants - slot_words
    keywords |= _alternated_words(parser.terminals) - slot_words
    contexts = {w for t in parser.terminals if t.name == "CONTEXT"
                for w in re.findall(r"[^\W\d]\w*", t.pattern.value)}
    return GrammarWords(tuple(sorted(slots, key=lambda s: (-len(s), s))),
                        tuple(sorted(declarations)), tuple(sorted(operators)),
                        tuple(sorted(constants)), tuple(sorted(keywords)),
                        tuple(sorted(contexts)))


def _alternated_words(terminals: Any) -> set[str]:
    """Words of a terminal written as quoted words in alternation (`TITLE_LANG: "en" | "ru"`),
    which Lark keeps as one regular expression; CONTEXT's words are the contexts."""
    found: set[str] = set()
    for terminal in terminals:
        value = terminal.pattern.value
        if terminal.pattern.type == "re" and terminal.name != "CONTEXT" and ALTERNATION.match(value):
            found |= set(value[3:-1].split("|"))
    return found


def both_spellings(english: GrammarWords, russian: GrammarWords) -> GrammarWords:
    """The words of the two spellings together (spelling.py): a file is in either."""
    def joined(part: str) -> tuple[str, ...]:
        return tuple(sorted({*getattr(english, part), *getattr(russian, part)}))
    return GrammarWords(tuple(sorted({*english.slots, *russian.slots}, key=lambda s: (-len(s), s))),
                        joined("declarations"), joined("operators"), joined("constants"),
                        joined("keywords"), joined("contexts"))


WORDS = grammar_words()  # the English spelling's, as grammar.lark writes them
SPELLED = both_spellings(WORDS, grammar_words(russian_grammar(grammar_text())))
# Russian keywords that are not one word, which the grammar keeps as patterns of their own
HYPHENATED = tuple(sorted(w for w in keywords("en", "ru").values() if "-" in w))
_EN_RU = keywords("en", "ru")
VARIANT_WORDS = ("variant", "extends", _EN_RU["variant"], _EN_RU["extends"])
EDIT_WORDS = tuple(w for e in ("replace", "add", "drop") for w in (e, _EN_RU[e]))
CLAIM_WORDS = ("claim", _EN_RU["claim"])
RESTATE_WORDS = ("restates", _EN_RU["restates"])


def alternation(words: Iterable[str]) -> str:
    """The words as one regex alternation, a word of several apart by any space."""
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in words)


def _slot_pattern(slots: tuple[str, ...]) -> str:
    """A slot at the start of a rule, its words apart by any space, before the colon."""
    return "(" + alternation(slots) + r")(\s*)(:)"


class KozelLexer(RegexLexer):
    """Pygments lexer for kozel rule files (.kozel)."""

    name = "kozel"
    aliases = ["kozel"]
    filenames = ["*.kozel"]
    mimetypes = ["text/x-kozel"]

    tokens: ClassVar[dict[str, Any]] = {
        "root": [
            (r"(?m)^([ \t]*)" + _slot_pattern(SPELLED.slots),
             bygroups(Text.Whitespace, Keyword.Reserved, Text.Whitespace, Punctuation)),
            # a house rule names the parent's slot it changes: `replace lead tile when ...`
            (r"(?m)^([ \t]*)(" + alternation(EDIT_WORDS) + r")(\s+)(" + alternation(SPELLED.slots)
             + r")\b",
             bygroups(Text.Whitespace, Keyword.Declaration, Text.Whitespace, Keyword.Reserved)),
            # a restatement names its slot: `restates redeal: ...`, `drop restates fish when ...`
            (r"(?m)^([ \t]*)((?:(?:" + alternation(EDIT_WORDS) + r")\s+)?(?:"
             + alternation(RESTATE_WORDS) + r"))(\s+)(" + alternation(SPELLED.slots) + r")\b",
             bygroups(Text.Whitespace, Keyword.Declaration, Text.Whitespace, Keyword.Reserved)),
            (r"(?m)^([ \t]*)(" + "|".join(SPELLED.declarations) + r")(?![\w-])",
             bygroups(Text.Whitespace, Keyword.Declaration)),  # elsewhere `players` is a term
            (r"[ \t]*\n|[ \t]+", Text.Whitespace),  # never the next line's indent: see `^`
            (r"(--|#)[^\n]*", Comment.Single),
            (r'"', String.Double, "string"),
            (r"(" + alternation(CLAIM_WORDS) + r")(\s+)(" + "|".join(SPELLED.contexts) + r")\b",
             bygroups(Keyword.Declaration, Text.Whitespace, Keyword.Type)),
            (r"(" + alternation(VARIANT_WORDS) + r")(\s+)([^\W\d][\w-]*)",
             bygroups(Keyword.Declaration, Text.Whitespace, Name.Class)),
            (words(HYPHENATED, suffix=r"(?![\w-])"), Keyword),  # before `по` of `по умолчанию`
            (words(SPELLED.operators, suffix=r"\b"), Operator.Word),
            (words(SPELLED.constants, suffix=r"\b"), Keyword.Constant),
            (words(SPELLED.keywords, suffix=r"\b"), Keyword),
            (r"[0-6]-[0-6](?![0-9])", Number.Other),  # a tile
            (r"[0-9]+", Number.Integer),
            (r"[^\W\d]\w*(?=\s*\()", Name.Function),
            (r"[^\W\d]\w*", Name),
            (r"\.\.|<=|>=|!=|[=<>+\-*|]", Operator),
            (r"[{}()\[\]:,]", Punctuation),
        ],
        "string": [
            (r'\\.', String.Escape),
            (r'[^"\\\n]+', String.Double),
            (r'"', String.Double, "#pop"),
        ],
    }
