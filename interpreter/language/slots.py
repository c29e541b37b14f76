"""The vocabulary of the language: rule slots, their contexts, terms, functions and symbols.

This table is the contract between the three readers: the engine gives every term a concrete
value, the checks give it a Z3 meaning, and the docs describe it in words. A term is available
in a slot only if the slot's context lists it.

SLOTS is the one list of rule slots. The parser's builder, the words of its syntax errors and the
situation the checker asks a slot in (checks/conditions.SLOT_SITUATION) are derived from it.
Adding a slot touches, besides its SlotSpec here (tests/language/test_slot_table.py fails if one is left
out, or names a slot SLOTS does not have):

* the grammar: an alternative of the `slot` rule in grammar.lark, its alias the slot's words
  joined by `_` (parser.slot_alias);
* the engine: where its value is applied, `rules["slot"]` (engine/setup.py, round.py or
  scoring.py);
* the compiler: its use in compiled/match_source.py or score_source.py and its name in
  compiled/rule_source.KNOWN_SLOTS (until then a variant that writes it is played by the engine);
* the checker: its encoding in checks/z3_encode (what a later context sees of it), and, for a
  new context, a situation (checks/z3_encode/session.py, checks/conditions.SITUATION_WORDS);
* the words: its meaning for people in both languages, `meaning.<slot>` in the catalogue
  (words/en.json and words/ru.json; `SlotSpec.meaning` reads the English there);
* the docs: its section, label, question and sentences in kozel/publish/wording.py, and its row in
  the slot table of docs/language.md and docs/language.ru.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import catalogue

# ---- types -------------------------------------------------------------------------------
INT, BOOL, TILE, TILES, SEAT, SIDE, GROUP, END = (
    "int", "bool", "tile", "tiles", "seat", "side", "group", "end")
SIDES_KIND, DRAW_KIND, REDEAL_KIND = "sides-kind", "draw-kind", "redeal-kind"

# Symbols: bare names that stand for a value of an enumerated type.
SYMBOLS: dict[str, str] = {
    "partners": SIDES_KIND, "individual": SIDES_KIND,
    "none": DRAW_KIND, "one": DRAW_KIND, "until_playable": DRAW_KIND,
    "automatic": REDEAL_KIND, "optional": REDEAL_KIND, "never": REDEAL_KIND,
    "out": END, "fish": END,
}

TYPE_WORDS = {
    INT: "a number", BOOL: "yes/no", TILE: "a tile", TILES: "a set of tiles", SEAT: "a seat",
    SIDE: "a side", GROUP: "a group of sides", END: "a round end (out or fish)",
    SIDES_KIND: "partners or individual", DRAW_KIND: "none, one or until_playable",
    REDEAL_KIND: "automatic, optional or never",
}


@dataclass(frozen=True)
class Term:
    """A named value of the situation a rule is applied in."""

    name: str
    type: str
    meaning: str


@dataclass(frozen=True)
class Function:
    """A domain function: argument types, result type, and when it is undefined (its meaning,
    defined once: interpreter/engine/functions.py)."""

    name: str
    params: tuple[str, ...]
    result: str
    meaning: str
    undefined: str = ""


def _terms(*rows: tuple[str, str, str]) -> dict[str, Term]:
    return {name: Term(name, type_, meaning) for name, type_, meaning in rows}


SETUP_TERMS = _terms(("players", INT, "the number of players at the table"))
HAND_TERMS = _terms(
    ("hand", TILES, "the tiles in the hand the rule looks at (the leader's, in `lead tile`)"),
    ("first", BOOL, "whether this is the first round of the match"),
)
DEAL_TERMS = _terms(
    ("first", BOOL, "whether this is the first round of the match"),
    ("dealt", TILES, "all tiles dealt to the players"),
    ("stock", TILES, "the undealt tiles"),
)
LOT_TERM = _terms(("lot", SEAT, "a seat drawn by lot for this round: any seat, each as likely"))
NEXT_TERMS = _terms(
    ("previous", END, "how the previous round ended (out or fish)"),
    ("winner", SEAT, "the seat that went out in the previous round"),
    ("fisher", SEAT, "the seat that laid the last tile before the previous round's fish"),
    ("leader", SEAT, "the seat that led the previous round"),
    ("losers", GROUP, "the sides that lost the previous round (the `loser` slot)"),
    ("tie", BOOL, "in the previous round two or more sides shared the highest hand value"),
)
TURN_TERMS = _terms(
    ("hand", TILES, "the hand of the player whose turn it is"),
    ("stock", TILES, "the tiles not yet drawn (`count(stock)`: how many; `stock = []`: none)"),
)
PLAY_TERMS = _terms(
    ("left", INT, "the value shown on the left end of the line"),
    ("right", INT, "the value shown on the right end of the line"),
    ("line", TILES, "the tiles on the table"),
    ("stock", TILES, "the tiles not yet drawn"),
    ("hands", TILES, "the tiles in all players' hands"),
    ("blocked", BOOL, "no player can lay a tile or draw one"),
    ("covered", INT, "how many of the spinner's two sides (left and right) have a tile laid "
                     "against them: 0, 1 or 2 (0 while no spinner is on the line)"),
    ("up", INT, "the value the spinner's upper arm shows: the spinner's value while the arm "
                "holds no tile (-1 while no spinner is on the line)"),
    ("down", INT, "the value the spinner's lower arm shows: the spinner's value while the arm "
                  "holds no tile (-1 while no spinner is on the line)"),
)
MOVE_TERMS = _terms(
    ("laid", TILES, "the tiles the move just laid (one tile, or two doubles laid at once)"),
    ("ends", INT, "the count at the open ends after the move: the values the ends show added "
                  "up, a double lying across an end counting both its halves (a lone lead "
                  "counts its pips)"),
)
# `hand` in `move` is the mover's hand after the move (one meaning per name: HAND_TERMS's words;
# the rulebook says whose hand by context, kozel/publish/lexicon.TERMS_IN_CONTEXT)
MOVE_TERMS["hand"] = HAND_TERMS["hand"]
MOVED_TERM = _terms(("scored", INT, "what the move scored (the `move score` slot)"))
END_TERMS = _terms(
    ("first", BOOL, "whether this was the first round of the match"),
    ("end", END, "how the round ended: out or fish"),
    ("winner", SEAT, "the seat that went out"),
    ("fisher", SEAT, "the seat that laid the last tile before the fish"),
    ("leader", SEAT, "the seat that led the round"),
    ("lead", TILE, "the tile that opened the round"),
    ("last", TILE, "the last tile laid in the round"),
    ("all", GROUP, "every side"),
    ("tie", BOOL, "two or more sides share the highest hand value"),
    ("carried", INT, "points carried into this round from an earlier tie"),
)
SIDE_TERMS = _terms(
    ("side", SIDE, "the side the rule is applied to"),
    ("others", GROUP, "every side except this one"),
    ("opened", BOOL, "whether this side's record is open (rule of 13)"),
    ("remembered", INT, "points this side has remembered below the threshold"),
)
LOSER_TERM = _terms(("loser", BOOL, "whether this side lost the round (the `loser` slot)"))
POINTS_TERM = _terms(("points", INT, "what this side scored in the round (score + bonus)"))
TOTAL_TERM = _terms(("total", INT, "this side's total on the score sheet after this round"))


def _merge(*parts: dict[str, Term]) -> dict[str, Term]:
    merged: dict[str, Term] = {}
    for part in parts:
        merged.update(part)
    return merged


CONTEXTS: dict[str, dict[str, Term]] = {
    "setup": SETUP_TERMS,
    "turn": _merge(SETUP_TERMS, TURN_TERMS),
    "hand": _merge(SETUP_TERMS, HAND_TERMS),
    "deal": _merge(SETUP_TERMS, DEAL_TERMS, LOT_TERM),
    "lead": _merge(SETUP_TERMS, DEAL_TERMS, HAND_TERMS),
    "next": _merge(SETUP_TERMS, DEAL_TERMS, NEXT_TERMS, LOT_TERM),
    "play": _merge(SETUP_TERMS, PLAY_TERMS),
    "move": _merge(SETUP_TERMS, PLAY_TERMS, MOVE_TERMS),
    "moved": _merge(SETUP_TERMS, PLAY_TERMS, MOVE_TERMS, MOVED_TERM),
    "round": _merge(SETUP_TERMS, END_TERMS),
    "end": _merge(SETUP_TERMS, END_TERMS, SIDE_TERMS),
    "scored": _merge(SETUP_TERMS, END_TERMS, SIDE_TERMS, LOSER_TERM),
    "recorded": _merge(SETUP_TERMS, END_TERMS, SIDE_TERMS, LOSER_TERM, POINTS_TERM),
    "match": _merge(SETUP_TERMS, END_TERMS, SIDE_TERMS, LOSER_TERM, POINTS_TERM, TOTAL_TERM),
}

# Which functions need which context (beyond the general ones available everywhere).
GENERAL_FUNCTIONS = {
    f.name: f for f in (
        Function("pips", (TILES,), INT, "the sum of the pips of the tiles"),
        Function("doubles", (TILES,), TILES, "the doubles among the tiles"),
        Function("count", (TILES,), INT, "how many tiles"),
        Function("most", (TILES,), INT, "the largest number of the tiles that share one value"),
        Function("with", (TILES, INT), TILES, "the tiles that show the value on either half"),
        Function("heaviest", (TILES,), TILE, "the tile with the most pips",
                 "the set is empty or two tiles share the most pips"),
        Function("lightest", (TILES,), TILE, "the tile with the fewest pips",
                 "the set is empty or two tiles share the fewest pips"),
        Function("min", (INT, INT), INT, "the smaller number"),
        Function("max", (INT, INT), INT, "the larger number"),
        Function("round_to", (INT, INT), INT,
                 "the number rounded to the nearest multiple of n (a written positive whole "
                 "number), halves up"),
        Function("multiple", (INT, INT), BOOL,
                 "whether the number is a multiple of n (a written positive whole number)"),
        Function("quotient", (INT, INT), INT,
                 "how many whole times n (a written positive whole number) goes into the "
                 "number: `quotient(15, 5)` is 3"),
        Function("seat", (INT,), SEAT, "the seat with this number (a written whole number 0..3)",
                 "the number is not below the number of players"),
    )
}
# Functions whose arguments must be written out (the resolver insists): name → (index, low,
# high) of the argument that must be a whole number written in the rule, within low..high.
LITERAL_ARGUMENTS: dict[str, tuple[int, int, int | None]] = {
    "round_to": (1, 1, None), "seat": (0, 0, 3), "multiple": (1, 1, None),
    "quotient": (1, 1, None)}
DEAL_FUNCTIONS = {
    f.name: f for f in (
        Function("holder", (TILE,), SEAT, "the seat holding the tile", "the tile was not dealt"),
        Function("first_dealt", (TILES,), TILE,
                 "the first tile of the list that was dealt", "no tile of the list was dealt"),
        Function("hand_of", (SEAT,), TILES, "the hand of a seat"),
    )
}
SEAT_FUNCTIONS = {
    f.name: f for f in (
        Function("partner", (SEAT,), SEAT, "the seat opposite", "the game has no partners"),
        Function("next", (SEAT,), SEAT, "the seat to the left (the next to play)"),
        Function("team", (SEAT,), SIDE, "the side the seat belongs to"),
        Function("first_from", (SEAT, GROUP), SEAT,
                 "the first seat, in turn order starting at the seat itself, of the group's sides",
                 "the group is empty"),
        Function("earliest", (GROUP,), SEAT, "the lowest-numbered seat of the group's sides",
                 "the group is empty"),
    )
}
END_FUNCTIONS = {
    f.name: f for f in (
        Function("value", (GROUP,), INT, "the hand value (see `hand value`) of the sides' hands"),
        Function("pips_of", (GROUP,), INT, "the raw pips left in the sides' hands"),
        Function("tiles", (GROUP,), TILES, "the tiles left in the sides' hands"),
        Function("highest", (GROUP,), INT, "the highest hand value among the sides", "the group is empty"),
        Function("lowest", (GROUP,), INT, "the lowest hand value among the sides", "the group is empty"),
        Function("tie_highest", (GROUP,), BOOL,
                 "two or more of the sides share the highest hand value among them"),
        Function("tie_lowest", (GROUP,), BOOL,
                 "two or more of the sides share the lowest hand value among them"),
        Function("with_highest", (GROUP,), GROUP,
                 "the sides of the group whose hand value is the highest among them"),
        Function("with_lowest", (GROUP,), GROUP,
                 "the sides of the group whose hand value is the lowest among them"),
    )
}
MATCH_FUNCTIONS = {
    f.name: f for f in (
        Function("highest_total", (GROUP,), INT,
                 "the highest total on the sheet (after this round) among the sides",
                 "the group is empty"),
        Function("lowest_total", (GROUP,), INT,
                 "the lowest total on the sheet (after this round) among the sides",
                 "the group is empty"),
    )
}

CONTEXT_FUNCTIONS: dict[str, dict[str, Function]] = {
    "setup": {}, "turn": {}, "hand": {}, "play": {}, "move": {}, "moved": {},
    "deal": DEAL_FUNCTIONS,
    "lead": DEAL_FUNCTIONS,
    "next": {**DEAL_FUNCTIONS, **SEAT_FUNCTIONS},
    "round": {**SEAT_FUNCTIONS, **END_FUNCTIONS},
    "end": {**SEAT_FUNCTIONS, **END_FUNCTIONS},
    "scored": {**SEAT_FUNCTIONS, **END_FUNCTIONS},
    "recorded": {**SEAT_FUNCTIONS, **END_FUNCTIONS},
    "match": {**SEAT_FUNCTIONS, **END_FUNCTIONS, **MATCH_FUNCTIONS},
}


@dataclass(frozen=True)
class SlotSpec:
    """A rule slot: the context it is applied in, its value type and how cases combine."""

    name: str
    context: str
    type: str
    required: bool = True
    default: object = None
    additive: bool = False  # bonus: every applicable case adds up

    @property
    def default_text(self) -> str:
        """The default as a rule writes it: yes/no, a number, a symbol, `[]` (a set of tiles
        is kept as the engine keeps it, a bit mask: 0 is the empty set)."""
        if self.type == TILES and not self.default:
            return "[]"
        if isinstance(self.default, bool):
            return "yes" if self.default else "no"
        return str(self.default)

    @property
    def meaning(self) -> str:
        """What the slot decides, for people (the catalogue's English `meaning.<slot>`)."""
        return catalogue.text(f"meaning.{self.name}", "en")


SLOTS: dict[str, SlotSpec] = {s.name: s for s in (
    SlotSpec("sides", "setup", SIDES_KIND),
    SlotSpec("deal", "setup", INT),
    SlotSpec("draw", "turn", DRAW_KIND),
    SlotSpec("reserve", "setup", INT, False, 0),
    SlotSpec("pass", "turn", BOOL, False, False),
    SlotSpec("two doubles", "setup", BOOL, False, False),
    SlotSpec("spinner", "setup", TILES, False, 0),
    SlotSpec("redeal", "hand", REDEAL_KIND, False, "never"),
    SlotSpec("lead match", "deal", SEAT),
    SlotSpec("lead round", "next", SEAT),
    SlotSpec("lead tile", "lead", TILES),
    SlotSpec("arms", "play", BOOL, False, True),
    SlotSpec("fish", "play", BOOL),
    SlotSpec("move score", "move", INT, False, 0),
    SlotSpec("hand value", "hand", INT),
    SlotSpec("loser", "end", BOOL),
    SlotSpec("score", "scored", INT),
    SlotSpec("bonus", "scored", INT, False, 0, additive=True),
    SlotSpec("carry", "round", INT, False, 0),
    SlotSpec("opens", "recorded", BOOL, False, True),
    SlotSpec("remember", "recorded", INT, False, 0),
    SlotSpec("goat", "match", BOOL, False, False),
    SlotSpec("wins", "match", BOOL, False, False),
)}
# The slots that end a match: a variant writes at least one of them; the match ends after the
# first round in which one of them holds for some side.
MATCH_END_SLOTS = ("goat", "wins")

# The slots whose answer reaches the table only through the points written in the same round:
# two rules of them that answer differently matter in a game where the points written differ.
POINT_SLOTS = ("hand value", "loser", "score", "bonus", "opens")

# A claim's context word → the slot context it is checked in: `end` sees the whole scoring of a
# round (loser, points, total), as `goat` does.
CLAIM_CONTEXTS = {"setup": "setup", "deal": "deal", "hand": "hand", "play": "play",
                  "move": "moved", "end": "match"}


def functions_for(context: str) -> dict[str, Function]:
    """Return every function a rule in the given context may call."""
    return {**GENERAL_FUNCTIONS, **CONTEXT_FUNCTIONS[context]}
