"""Syntax errors in words: what the parser expected, said as a user reads it, and the labelled
bad examples that map a parser state to a message (see parser.py)."""

from __future__ import annotations

from typing import Callable, Collection, Iterable

from .said import Listed, Said
from .slots import CLAIM_CONTEXTS, SLOTS


def join_words(words: Iterable[str]) -> str:
    """Join words as `a, b or c` (each once), in the language the whole is said in."""
    unique = list(dict.fromkeys(words))
    return Listed(unique) if unique else Said("expect.nothing")


def second_words(slots: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The slots of two words, by their first word: `lead` → match, round, tile."""
    found: dict[str, tuple[str, ...]] = {}
    for first, _, second in (slot.partition(" ") for slot in slots):
        if second:
            found[first] = found.get(first, ()) + (second,)
    return found


# The parser names what it expected by terminal (NAME, TILE, RBRACE); a user reads these words.
# The order is the order of mention: what completes the construct at hand comes first.
TERMINAL_WORDS = {
    "RPAR": "`)`", "RSQB": "`]`", "COMMA": "`,`", "COLON": "`:`", "THEN": "`then`",
    "ELSE": "`else`", "__ANON_0": "`..`", "VBAR": "`|`", "EQUAL": "`=`",
    "VARIANT_NAME": Said("expect.variant name"), "NAME": Said("expect.name"),
    "INT": Said("expect.number"), "TILE": Said("expect.tile"), "STRING": Said("expect.text"),
    "COMPARE": Said("expect.comparison"), "ADD_OP": Said("expect.add"), "MUL_OP": "`*`",
    "CONTEXT": Said("expect.context", contexts=join_words(CLAIM_CONTEXTS)),
    "_EXTENDS": "`extends`",
    "UNSPECIFIED": "`unspecified`", "LPAR": "`(`", "LSQB": "`[`", "WHEN": "`when`",
    "OTHERWISE": "`otherwise`", "RBRACE": "`}`", "$END": Said("expect.end"),
}
VALUE_START = {"INT", "TILE", "NAME", "LPAR", "LSQB", "IF", "NOT", "YES", "NO"}
NAMES = {"NAME", "VARIANT_NAME"}
_GROUPS = (  # members, how many of them must be expected to say the group's words, its place
    (VALUE_START, 4, Said("expect.value"), "LPAR"),
    ({"ADD_OP", "MUL_OP", "COMPARE", "AND", "OR", "IN"}, 3, Said("expect.operator"), "LPAR"),
    ({"CITE", "ASSUME", "NOTE"}, 3, "`cite`/`assume`/`note`", "RBRACE"),
)
# Characters people type for something the language writes otherwise.
LOOKALIKES = {"–": "-", "—": "-", "−": "-", "≥": ">=", "≤": "<=", "≠": "!=", "“": '"', "”": '"',
              "«": '"', "»": '"', "„": '"', "×": "*", "…": "..", "&": "and", "!": "not",
              "\u00a0": " "}
SECOND_WORDS = second_words(SLOTS)
# Slot names people write for the ones the language has.
SLOT_SYNONYMS = {"lead game": "lead match", "lead first": "lead match", "lead next": "lead round",
                 "lead later": "lead round", "lead tiles": "lead tile", "hand pips": "hand value",
                 "two double": "two doubles", "points": "score", "target": "goat",
                 "winner": "wins", "win": "wins", "loses": "goat", "match ends": "wins",
                 "move points": "move score", "move point": "move score",
                 "move scoring": "move score",
                 "move value": "move score", "moves": "move score",
                 "play score": "move score", "play points": "move score"}


def words_expected(accepts: Iterable[str], literal: Callable[[str], str | None],
                   items: Collection[str]) -> str:
    """Say in words what could come next, given terminal names, their literals, item starters."""
    order = list(TERMINAL_WORDS)
    # a title's translation (`"..." en "..."`) is never what a broken header lacks: not named
    rest = set(accepts) - {"WS", "COMMENT", "TITLE_LANG"}
    ranked: list[tuple[float, str]] = []
    for members, least, words, place in _GROUPS:
        if len(rest & members) >= least:
            rest -= members
            ranked.append((order.index(place) - 0.5, words))
    if len(rest & set(items)) > 3:
        rest -= set(items)
        ranked.append((len(order), Said("expect.new rule")))
    for name in rest:
        text = TERMINAL_WORDS.get(name) or (f"`{literal(name)}`" if literal(name) else name.lower())
        ranked.append((order.index(name) if name in order else len(order) - 0.5, text))
    return join_words([words for _, words in sorted(ranked)])


def token_text(kind: str, text: str) -> str:
    """Describe a token a user wrote: `name 'x'`, `number 5`, `tile 3-5`, `'}'`."""
    if kind == "$END":
        return Said("token.end")
    if kind in NAMES:
        return Said("token.name", text=text)
    if kind == "INT":
        return Said("token.number", text=text[:12])
    if kind == "TILE":
        return Said("token.tile", text=text)
    if kind == "STRING":
        return Said("token.text", text=text if len(text) <= 24 else text[:20] + '…"')
    return repr(text)


# Labelled bad examples: the parser names a mistake by the example that fails in the same parser
# state (lark's match_examples). tests/language/test_parser_errors.py checks every example gets its label.
ERROR_EXAMPLES: dict[str, list[str]] = {  # each label is a Said, the hint it gives
    Said("label.file"): [
        'score: 1', 'players 2..4', '{ }', 'variant v { } score: 1',
    ],
    Said("label.variant name"): [
        'variant { }', 'variant "Минск" { }', 'variant 2 { }',
    ],
    Said("label.braces"): [
        'variant v score: 1', 'variant v "t" score: 1', 'variant v extends w score: 1',
        'variant v "t" "u" { }',
    ],
    Said("label.extends"): [
        'variant v extends { }', 'variant v extends "w" { }',
    ],
    Said("label.colon"): [f'variant v {{ {slot} 1 }}' for slot in SLOTS],
    Said("label.option"): [
        'variant v { option target 100 | 300 }', 'variant v { option: 100 }',
        'variant v { option target: 100, 300 }', 'variant v { option target: = 100 }',
        'variant v { option target: 100 | = 100 }', 'variant v { option target: 100 = }',
        'variant v { option target: 100 | }', 'variant v { option 5: 1 }',
    ],
    Said("label.players"): [
        'variant v { players 2-4 }', 'variant v { players two }', 'variant v { players 2.. }',
        'variant v { players 2, }', 'variant v { players }',
    ],
    Said("label.cite"): [
        'variant v { deal: 7 cite 3 }', 'variant v { deal: 7 cite quote }',
        'variant v { deal: 7 assume yes }', 'variant v { deal: 7 note x }',
        'variant v { deal: 7 cite "q" from x }',
    ],
    Said("label.source"): [
        'variant v { source 003 }', 'variant v { source x }',
    ],
    Said("label.claim"): [
        'variant v { claim "x": yes }', 'variant v { claim setup x: yes }',
        'variant v { claim setup "x" yes }', 'variant v { claim setup "x": }',
    ],
    Said("label.if"): [
        'variant v { deal: if yes 1 else 2 }', 'variant v { deal: if yes then 1 }',
        'variant v { deal: if yes then 1 2 }',
    ],
    Said("label.otherwise"): [
        'variant v { deal: 1 otherwise when yes }', 'variant v { deal: 1 otherwise yes }',
    ],
    Said("label.tiles"): [
        'variant v { lead tile: [1-1 2-2] }', 'variant v { lead tile: [1-1,] }',
    ],
    Said("label.call"): [
        'variant v { deal: max(1 2) }', 'variant v { deal: max(1,) }',
    ],
    # named by their word (WORD_LABELS): points at a move written as people say them
    Said("label.move score"): [
        'variant v { deal: 7 play score: 1 }', 'variant v { deal: 7 points at move: 1 }',
        'variant v { score at move: 1 }', 'variant v { score per move: 1 }',
        'variant v { score during play: 1 }',
    ],
}
# Labels whose examples name a mistake by the word it is made at (`play` in `play score:`):
# such a label fits an error at the same word wherever the parser would take at least what it
# took in the example (after any rule of a variant), and at no other word (`foo bar:` is another
# mistake).
WORD_LABELS = {Said("label.move score")}
