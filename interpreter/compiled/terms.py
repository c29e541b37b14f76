"""What a term or a context function is in a compiled match: a local variable or a look-up.

The engine gives each rule a situation object (engine/situations.py, the Table for `play`);
a compiled match keeps the same facts in local variables of one generated function, named
`v_*`, and the expression compiler (engine/evaluate.py, with `Env.names`) writes each term as
the source given here. A word a rule uses that has no source here (one added to the language
since) makes `compile_match` decline with the word and its context (the caller then plays with
the engine), never guess; words of the context that no rule uses do not matter.

The helpers are the engine's meanings of the context functions over plain values; whatever
the engine leaves undefined raises Undefined here too, and the compiled match then hands the
whole match to the engine, which names the rule.
"""

from __future__ import annotations

from typing import Any

from ..engine import tileset as ts
from ..engine.evaluate import Undefined
from ..engine.situations import Seating
from .rule_source import NotCompiled


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

    def with_best(values: list[int], group: int, pick: Any) -> int:
        """The sides of a group whose value is the one `pick` (max or min) chooses."""
        chosen = sides_in[group]
        if not chosen:
            return 0
        best = pick(values[side] for side in chosen)
        return sum(1 << side for side in chosen if values[side] == best)

    def lowest_total(totals: list[int], group: int) -> int:
        chosen = side_values(group, totals)
        return min(chosen) if chosen else _undefined("lowest_total() of no side")

    def partner(seat: int) -> int:
        return (seat + 2) % players if partners else _undefined("partner() without partners")

    return {
        "_undefined": _undefined, "_holder": _holder, "_pips": ts.pips,
        "_gvalue": lambda values, group: sum(side_values(group, values)),
        "_gtiles": group_tiles, "_ghighest": highest, "_glowest": lowest,
        "_ghtotal": highest, "_gltotal": lowest_total, "_gwith": with_best,
        "_partner": partner, "_first_from": seating.fn_first_from,
        "_earliest": seating.fn_earliest,
        "_tie": lambda values: values.count(max(values)) >= 2,
        "_NEXT": tuple((seat + 1) % players for seat in range(players)),
        "_SIDE_OF": seating.side_of, "_ALL": seating.all,
    }


def _ended(end: str) -> str:
    word = "winner" if end == "out" else "fisher"
    return f"v_ended_by if v_end == {end!r} else _undefined('`{word}` is undefined here')"


_SEAT_FUNCTIONS = {"fn_partner": "_partner({0})", "fn_next": "_NEXT[{0}]",
                   "fn_team": "_SIDE_OF[{0}]", "fn_first_from": "_first_from({0}, {1})",
                   "fn_earliest": "_earliest({0})"}
_DEAL = {"first": "v_first", "dealt": "v_dealt", "stock": "v_stock",
         "fn_holder": "_holder(v_hands, {0})", "fn_hand_of": "v_hands[{0}]"}
_PREVIOUS = {"previous": "v_prev_end", "leader": "v_prev_leader", "losers": "v_prev_losers",
             "tie": "v_prev_tie",
             "winner": "v_prev_by if v_prev_end == 'out' else _undefined('`winner` after a fish')",
             "fisher": "v_prev_by if v_prev_end == 'fish' else _undefined('`fisher` after out')"}
_ROUND = {"first": "v_first", "end": "v_end", "winner": _ended("out"), "fisher": _ended("fish"),
          "leader": "v_leader", "lead": "v_lead", "last": "v_last", "all": "_ALL",
          "tie": "_tie(v_values)",
          "carried": "v_carried", "fn_value": "_gvalue(v_values, {0})",
          "fn_pips_of": "_pips(_gtiles(v_hands, {0}))", "fn_tiles": "_gtiles(v_hands, {0})",
          "fn_highest": "_ghighest(v_values, {0})", "fn_lowest": "_glowest(v_values, {0})",
          "fn_highest_total": "_ghtotal(v_totals, {0})",
          "fn_lowest_total": "_gltotal(v_totals, {0})",
          "fn_with_highest": "_gwith(v_values, {0}, max)",
          "fn_with_lowest": "_gwith(v_values, {0}, min)",
          "fn_tie_highest": "(_gwith(v_values, {0}, max).bit_count() >= 2)",
          "fn_tie_lowest": "(_gwith(v_values, {0}, min).bit_count() >= 2)", **_SEAT_FUNCTIONS}
_SIDE = {"side": "v_side", "others": "_ALL & ~(1 << v_side)", "opened": "v_opened",
         "remembered": "v_remembered", "loser": "v_loser", "points": "v_points",
         "total": "v_total"}


def play_names(can_draw: str) -> dict[str, str]:
    """The `play` context (the `fish` rule), with the source of "a player may draw now"."""
    fits = "_FITS[v_left][v_right]"
    return {"left": "v_left", "right": "v_right", "line": "v_line", "stock": "v_stock",
            "hands": "v_inhands",
            "blocked": f"not (v_inhands & {fits}) and not ({can_draw})"}


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
             "play": play_names(can_draw), "setup": {}, "turn": {}}.get(
                 context, {**_ROUND, **_SIDE})
    return Names(context, known)
