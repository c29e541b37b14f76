"""Syntax errors in words: what the parser expected, said as a user reads it, and the labelled
bad examples that map a parser state to a message (see parser.py)."""

from __future__ import annotations

from typing import Callable, Collection, Iterable

from .slots import CLAIM_CONTEXTS, SLOTS


def join_words(words: Iterable[str]) -> str:
    """Join words as `a, b or c` (each once)."""
    unique = list(dict.fromkeys(words))
    if not unique:
        return "nothing more"
    return unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + " or " + unique[-1]


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
    "VARIANT_NAME": "a variant name", "NAME": "a name", "INT": "a whole number",
    "TILE": "a tile like 3-5", "STRING": 'a quoted text like "..."',
    "COMPARE": "a comparison like = or <", "ADD_OP": "+ or -", "MUL_OP": "`*`",
    "CONTEXT": f"a claim context ({join_words(CLAIM_CONTEXTS)})", "_EXTENDS": "`extends`",
    "UNSPECIFIED": "`unspecified`", "LPAR": "`(`", "LSQB": "`[`", "WHEN": "`when`",
    "OTHERWISE": "`otherwise`", "RBRACE": "`}`", "$END": "the end of the file",
}
VALUE_START = {"INT", "TILE", "NAME", "LPAR", "LSQB", "IF", "NOT", "YES", "NO"}
NAMES = {"NAME", "VARIANT_NAME"}
_GROUPS = (  # members, how many of them must be expected to say the group's words, its place
    (VALUE_START, 4, "a value (like 7, 3-5 or pips(hand))", "LPAR"),
    ({"ADD_OP", "MUL_OP", "COMPARE", "AND", "OR", "IN"}, 3, "an operator (like +, = or and)",
     "LPAR"),
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
                 "winner": "wins", "win": "wins", "loses": "goat", "match ends": "wins"}


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
        ranked.append((len(order), "a new rule"))
    for name in rest:
        text = TERMINAL_WORDS.get(name) or (f"`{literal(name)}`" if literal(name) else name.lower())
        ranked.append((order.index(name) if name in order else len(order) - 0.5, text))
    return join_words([words for _, words in sorted(ranked)])


def token_text(kind: str, text: str) -> str:
    """Describe a token a user wrote: `name 'x'`, `number 5`, `tile 3-5`, `'}'`."""
    if kind == "$END":
        return "end of file"
    if kind in NAMES:
        return f"name {text!r}"
    if kind == "INT":
        return f"number {text[:12]}"
    if kind == "TILE":
        return f"tile {text}"
    if kind == "STRING":
        return "text " + (text if len(text) <= 24 else text[:20] + '…"')
    return repr(text)


# Labelled bad examples: the parser names a mistake by the example that fails in the same parser
# state (lark's match_examples). tests/language/test_parser_errors.py checks every example gets its label.
ERROR_EXAMPLES: dict[str, list[str]] = {
    "a file starts with `variant NAME {`": [
        'score: 1', 'players 2..4', '{ }', 'variant v { } score: 1',
    ],
    "a variant needs a name: `variant NAME {`": [
        'variant { }', 'variant "Минск" { }', 'variant 2 { }',
    ],
    "a variant's rules go between `{` and `}`": [
        'variant v score: 1', 'variant v "t" score: 1', 'variant v extends w score: 1',
        'variant v "t" "u" { }',
    ],
    "`extends` names the variant this one builds on: `variant NAME extends PARENT {`": [
        'variant v extends { }', 'variant v extends "w" { }',
    ],
    "a rule needs `:` after its slot name": [f'variant v {{ {slot} 1 }}' for slot in SLOTS],
    "an option is written `option NAME: v1 | v2 = default`": [
        'variant v { option target 100 | 300 }', 'variant v { option: 100 }',
        'variant v { option target: 100, 300 }', 'variant v { option target: = 100 }',
        'variant v { option target: 100 | = 100 }', 'variant v { option target: 100 = }',
        'variant v { option target: 100 | }', 'variant v { option 5: 1 }',
    ],
    "`players` takes a range like 2..4 or a list like 2, 4": [
        'variant v { players 2-4 }', 'variant v { players two }', 'variant v { players 2.. }',
        'variant v { players 2, }', 'variant v { players }',
    ],
    "`cite`, `assume` and `note` take a quoted text": [
        'variant v { deal: 7 cite 3 }', 'variant v { deal: 7 cite quote }',
        'variant v { deal: 7 assume yes }', 'variant v { deal: 7 note x }',
        'variant v { deal: 7 cite "q" from x }',
    ],
    '`source` takes the quoted name of the text the rules come from: source "003.txt"': [
        'variant v { source 003 }', 'variant v { source x }',
    ],
    'a claim is written `claim CONTEXT "text": condition`': [
        'variant v { claim "x": yes }', 'variant v { claim setup x: yes }',
        'variant v { claim setup "x" yes }', 'variant v { claim setup "x": }',
    ],
    "`if` is written `if CONDITION then A else B`": [
        'variant v { deal: if yes 1 else 2 }', 'variant v { deal: if yes then 1 }',
        'variant v { deal: if yes then 1 2 }',
    ],
    "`otherwise` takes no condition: it applies when no other case does": [
        'variant v { deal: 1 otherwise when yes }', 'variant v { deal: 1 otherwise yes }',
    ],
    "a list of tiles is written [1-1, 2-2]": [
        'variant v { lead tile: [1-1 2-2] }', 'variant v { lead tile: [1-1,] }',
    ],
    "a call's arguments go between `(` and `)`, separated by `,`": [
        'variant v { deal: max(1 2) }', 'variant v { deal: max(1,) }',
    ],
}
