"""What a term or a context function is in a compiled match: a local variable or a look-up.

The engine gives each rule a situation object (engine/situations.py, the Table for `play`);
a compiled match keeps the same facts in local variables of one generated function, named
`v_*`, and the expression compiler (engine/evaluate.py, with `Env.names`) writes each term as
the source given here. A word a rule uses that has no source here (one added to the language
since) makes `compile_match` decline with the word and its context (the caller then plays with
the engine), never guess; words of the context that no rule uses do not matter.

A built-in function is called as the engine calls it, its one meaning (engine/functions.py),
with the facts it reads taken from the match's locals (`v_hands`, `v_values`); whatever the
engine leaves undefined raises Undefined here too, and the compiled match then hands the whole
match to the engine, which names the rule.
"""

from __future__ import annotations

from typing import Any

from ..engine.evaluate import Undefined
from ..engine.functions import MEANINGS, call_source, next_seat
from ..engine.situations import Seating
from ..language.slots import DEAL_FUNCTIONS, END_FUNCTIONS, MATCH_FUNCTIONS, SEAT_FUNCTIONS
from .rule_source import NotCompiled


def _undefined(what: str) -> Any:
    raise Undefined(what)


def runtime_for(seating: Seating) -> dict[str, Any]:
    """The names generated rules use, specialised for one table (seats and sides); the
    built-in functions themselves come with the engine's runtime (`_fn_NAME`)."""
    players = seating.players
    return {
        "_undefined": _undefined, "_SEATING": seating,
        "_tie": lambda values: values.count(max(values)) >= 2,
        "_NEXT": tuple(next_seat(seating, seat) for seat in range(players)),
        "_ALL": seating.all,
    }


# The facts a built-in function reads (engine/functions.py), in a compiled match: its locals.
_FACTS = {"hands": "v_hands", "dealt": "v_dealt", "seating": "_SEATING", "values": "v_values",
          "totals": "v_totals"}


def _calls(*names: str) -> dict[str, str]:
    """Each function's call over the match's locals, a template with {0}, {1} for its
    arguments; one that reads a fact the match does not keep is left out (declined)."""
    found = {}
    for name in names:
        meaning = MEANINGS[name]
        if all(fact in _FACTS for fact in meaning.reads):
            places = [f"{{{i}}}" for i in range(len(meaning.signature.params))]
            found[f"fn_{name}"] = call_source(name, _FACTS, places)
    return found


def _ended(end: str) -> str:
    word = "winner" if end == "out" else "fisher"
    return f"v_ended_by if v_end == {end!r} else _undefined('`{word}` is undefined here')"


_SEAT_FUNCTIONS = _calls(*SEAT_FUNCTIONS)
_DEAL = {"first": "v_first", "dealt": "v_dealt", "stock": "v_stock", **_calls(*DEAL_FUNCTIONS)}
_PREVIOUS = {"previous": "v_prev_end", "leader": "v_prev_leader", "losers": "v_prev_losers",
             "tie": "v_prev_tie",
             "winner": "v_prev_by if v_prev_end == 'out' else _undefined('`winner` after a fish')",
             "fisher": "v_prev_by if v_prev_end == 'fish' else _undefined('`fisher` after out')"}
_ROUND = {"first": "v_first", "end": "v_end", "winner": _ended("out"), "fisher": _ended("fish"),
          "leader": "v_leader", "lead": "v_lead", "last": "v_last", "all": "_ALL",
          "tie": "_tie(v_values)",
          "carried": "v_carried", **_calls(*END_FUNCTIONS, *MATCH_FUNCTIONS), **_SEAT_FUNCTIONS}
_SIDE = {"side": "v_side", "others": "_ALL & ~(1 << v_side)", "opened": "v_opened",
         "remembered": "v_remembered", "loser": "v_loser", "points": "v_points",
         "total": "v_total"}


def play_names(can_draw: str) -> dict[str, str]:
    """The `play` context (the `fish` rule), with the source of "a player may draw now"."""
    fits = "_FITS[v_left][v_right]"
    return {"left": "v_left", "right": "v_right", "line": "v_line", "stock": "v_stock",
            "hands": "v_inhands",
            "blocked": f"not (v_inhands & {fits}) and not ({can_draw})",
            # a compiled match has no spinner (rule_source declines one): its terms are constant
            "covered": "0", "up": "(-1)", "down": "(-1)"}


# The `move` context (`move score`) besides the `play` one: locals move_source.py keeps only
# where the rule reads them.
MOVE_NAMES = {"laid": "v_laid", "ends": "v_ends", "hand": "v_hand"}


class Names(dict[str, str]):
    """The sources of a context's words; a word without one declines the compilation."""

    def __init__(self, context: str, known: dict[str, str]) -> None:
        super().__init__(known)
        self.context = context

    def __missing__(self, name: str) -> str:
        word = f"{name[3:]}()" if name.startswith("fn_") else f"`{name}`"
        raise NotCompiled(f"{word} in the `{self.context}` context is not compiled")


def names_for(context: str, can_draw: str, *, lot: bool = False) -> Names:
    """The source of each term and context function of a context the compiler knows (asked
    only for the words a rule uses: an unknown one raises NotCompiled); `lot` where the
    match draws one."""
    drawn = {"lot": "v_lot"} if lot else {}
    known = {"hand": {"hand": "v_hand", "first": "v_first"},
             "deal": {**_DEAL, **drawn}, "lead": {**_DEAL, "hand": "v_hand"},
             "next": {**_DEAL, **_PREVIOUS, **_SEAT_FUNCTIONS, **drawn, "first": "False"},
             "play": play_names(can_draw), "move": {**play_names(can_draw), **MOVE_NAMES},
             "setup": {}, "turn": {}}.get(
                 context, {**_ROUND, **_SIDE})
    return Names(context, known)
