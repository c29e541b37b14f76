"""What a term or a context function is in a compiled match: a local variable or a look-up.

The engine gives each rule a situation object (engine/situations.py, the Table for `play`);
a compiled match keeps the same facts in local variables of one generated function, named
`v_*`, and the expression compiler (engine/evaluate.py, with `Env.names`) writes each term as
the source given here. Every name in a context's vocabulary (interpreter/slots.py) must have a
source here: a word added to the language without one makes `compile_match` decline (the
caller then plays with the engine), never guess.

The helpers are the engine's meanings of the context functions over plain values; whatever
the engine leaves undefined raises Undefined here too, and the compiled match then hands the
whole match to the engine, which names the rule.
"""

from __future__ import annotations

from typing import Any

from ..engine import tileset as ts
from ..engine.evaluate import Undefined
from ..engine.situations import Seating
from ..slots import CONTEXTS, functions_for


def _undefined(what: str) -> Any:
    raise Undefined(what)


def _holder(hands: list[int], tile: int) -> int:
    for seat, hand in enumerate(hands):
        if hand >> tile & 1:
            return seat
    raise Undefined("holder() of a tile that was not dealt")


def runtime_for(seating: Seating) -> dict[str, Any]:
    """The helpers generated rules call, specialised for one table (seats and sides)."""
    sides_in, seats_of, partners = seating.sides_in, seating.seats_of, seating.partners
    players = seating.players

    def side_values(group: int, values: list[int]) -> list[int]:
        return [values[side] for side in sides_in[group]]

    def group_tiles(held: list[int], group: int) -> int:
        tiles = 0
        for side in sides_in[group]:
            for seat in seats_of[side]:
                tiles |= held[seat]
        return tiles

    def highest(values: list[int], group: int) -> int:
        chosen = side_values(group, values)
        return max(chosen) if chosen else _undefined("highest() of no side")

    def lowest(values: list[int], group: int) -> int:
        chosen = side_values(group, values)
        return min(chosen) if chosen else _undefined("lowest() of no side")

    def partner(seat: int) -> int:
        return (seat + 2) % players if partners else _undefined("partner() without partners")

    return {
        "_undefined": _undefined, "_holder": _holder, "_pips": ts.pips,
        "_gvalue": lambda values, group: sum(side_values(group, values)),
        "_gtiles": group_tiles, "_ghighest": highest, "_glowest": lowest,
        "_ghtotal": highest, "_partner": partner,
        "_tie": lambda values: values.count(max(values)) >= 2,
        "_NEXT": tuple((seat + 1) % players for seat in range(players)),
        "_SIDE_OF": seating.side_of, "_ALL": seating.all,
    }


def _ended(end: str) -> str:
    word = "winner" if end == "out" else "fisher"
    return f"v_ended_by if v_end == {end!r} else _undefined('`{word}` is undefined here')"


_SEAT_FUNCTIONS = {"fn_partner": "_partner({0})", "fn_next": "_NEXT[{0}]",
                   "fn_team": "_SIDE_OF[{0}]"}
_DEAL = {"first": "v_first", "dealt": "v_dealt", "stock": "v_stock",
         "fn_holder": "_holder(v_hands, {0})", "fn_hand_of": "v_hands[{0}]"}
_PREVIOUS = {"previous": "v_prev_end", "leader": "v_prev_leader",
             "winner": "v_prev_by if v_prev_end == 'out' else _undefined('`winner` after a fish')",
             "fisher": "v_prev_by if v_prev_end == 'fish' else _undefined('`fisher` after out')"}
_ROUND = {"first": "v_first", "end": "v_end", "winner": _ended("out"), "fisher": _ended("fish"),
          "lead": "v_lead", "last": "v_last", "all": "_ALL", "tie": "_tie(v_values)",
          "carried": "v_carried", "fn_value": "_gvalue(v_values, {0})",
          "fn_pips_of": "_pips(_gtiles(v_hands, {0}))", "fn_tiles": "_gtiles(v_hands, {0})",
          "fn_highest": "_ghighest(v_values, {0})", "fn_lowest": "_glowest(v_values, {0})",
          "fn_highest_total": "_ghtotal(v_totals, {0})", **_SEAT_FUNCTIONS}
_SIDE = {"side": "v_side", "others": "_ALL & ~(1 << v_side)", "opened": "v_opened",
         "remembered": "v_remembered", "loser": "v_loser", "points": "v_points",
         "total": "v_total"}


def play_names(can_draw: str) -> dict[str, str]:
    """The `play` context (the `fish` rule), with the source of "a player may draw now"."""
    fits = "_FITS[v_left][v_right]"
    return {"left": "v_left", "right": "v_right", "line": "v_line", "stock": "v_stock",
            "hands": "v_inhands",
            "blocked": f"not (v_inhands & {fits}) and not ({can_draw})"}


def names_for(context: str, can_draw: str) -> dict[str, str] | None:
    """The source of every term and context function of a context; None if one is missing."""
    known = {"hand": {"hand": "v_hand", "first": "v_first"},
             "deal": _DEAL, "lead": {**_DEAL, "hand": "v_hand"},
             "next": {**_DEAL, **_PREVIOUS, **_SEAT_FUNCTIONS, "first": "False"},
             "play": play_names(can_draw), "setup": {}}.get(context, {**_ROUND, **_SIDE})
    wanted = [name for name in CONTEXTS[context] if name != "players"]
    wanted += [f"fn_{name}" for name in functions_for(context)]
    covered = {name: known[name] for name in wanted if name in known}
    missing = [name for name in wanted if name not in known and not _compiled_inline(name)]
    return None if missing else covered


def _compiled_inline(name: str) -> bool:
    """Functions the expression compiler writes itself (pure ones, seat(), first_dealt())."""
    return name.startswith("fn_") and name[3:] in functions_for("setup") | {
        "first_dealt": None}
