"""The built-in functions of the rule language, each defined once: its signature and its meaning.

slots.py gives every function its name, argument and result types and its words; here each one
gets what it computes, as a `Meaning`. The engine and the compiled match both call these:
evaluate.py writes a call `_fn_NAME(facts..., args...)` (or, for a meaning that is one Python
expression, that expression), the facts read from the engine's situation (`s.hands`) or from the
compiled match's locals (`v_hands`, compiled/terms.py). The Z3 encoder cannot run Python on its
symbols: it keeps its own symbolic forms, registered under these names (checks/z3_encode/forms.py),
and tests/checks/test_function_meanings.py evaluates every function in all three readers on
random situations and finds them equal.

A meaning reads, before its arguments, the facts of the situation `reads` names:
  hands    each seat's tiles (a list of sets, by seat)
  dealt    the tiles dealt (a set)
  seating  the seats and sides of the table (engine/situations.Seating)
  values   each side's hand value (an indexable; only the sides a meaning needs are looked up,
           so that a hand value that is undefined matters only where it is read)
  totals   each side's total on the sheet after the round
  players  the number of players
Values are the engine's: a tile is its index 0..27, a set of tiles or a group of sides a bit
mask, a seat or a side an int. Something undefined raises Undefined with its words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol, Sequence

from ..language.slots import (DEAL_FUNCTIONS, END_FUNCTIONS, GENERAL_FUNCTIONS,
                              MATCH_FUNCTIONS, SEAT_FUNCTIONS, Function)
from . import tileset as ts
from .words import Said, seat_said

FACTS = ("hands", "dealt", "seating", "values", "totals", "players")


class Undefined(Exception):
    """An expression has no value in this situation; the message says why."""


class Seats(Protocol):
    """What a meaning reads of the table's seats and sides (engine/situations.Seating)."""

    players: int
    partners: bool
    side_of: tuple[int, ...]  # by seat
    seats_of: tuple[tuple[int, ...], ...]  # by side
    sides_in: tuple[tuple[int, ...], ...]  # by group (a bit mask of sides)


@dataclass(frozen=True)
class Meaning:
    """One built-in function: its signature (slots.py), the facts it reads and its value.

    `compute(*facts, *args)` is the meaning. `inline` is given where the meaning is one Python
    expression over the arguments ({0}, {1}): generated code writes it in place of a call, and
    `compute` is made from that very text, so the two cannot differ."""

    signature: Function
    reads: tuple[str, ...]
    compute: Callable[..., Any]
    inline: str = ""

    @property
    def name(self) -> str:
        """The function's name in the language."""
        return self.signature.name


def _inline(source: str, arity: int) -> Callable[..., Any]:
    """The function of the arguments an inline meaning is."""
    names = [f"a{i}" for i in range(arity)]
    return eval(f"lambda {', '.join(names)}: {source.format(*names)}", {})  # noqa: S307


# ---- functions of tiles and numbers (every context) -------------------------------------------


def _extreme(mask: int, name: str, better: Callable[[int, int], bool]) -> int:
    """The tile of a set with the most (or fewest) pips; undefined on a tie or none."""
    best, tied = -1, -1
    for index in ts.members(mask):
        if best < 0 or better(ts.PIPS[index], ts.PIPS[best]):
            best, tied = index, -1
        elif ts.PIPS[index] == ts.PIPS[best]:
            tied = index
    if best < 0:
        raise Undefined(Said("undefined.empty", name=name))
    if tied >= 0:
        most = "most" if name == "heaviest" else "fewest"
        raise Undefined(Said(f"undefined.tie {most}", name=name, tiles=ts.set_text(mask),
                             a=ts.tile_of(best), b=ts.tile_of(tied)))
    return best


def heaviest(mask: int) -> int:
    """heaviest(s): the tile with the most pips."""
    return _extreme(mask, "heaviest", lambda a, b: a > b)


def lightest(mask: int) -> int:
    """lightest(s): the tile with the fewest pips."""
    return _extreme(mask, "lightest", lambda a, b: a < b)


def showing(mask: int, value: int) -> int:
    """with(s, v): the tiles of s that show v on either half (none for a value off the tiles)."""
    return mask & ts.WITH[value] if 0 <= value <= 6 else 0


def round_to(number: int, step: int) -> int:
    """round_to(x, n): x rounded to the nearest multiple of n (n > 0), halves up."""
    return (2 * number + step) // (2 * step) * step


def multiple(number: int, step: int) -> bool:
    """multiple(x, n): whether x is a multiple of n (n > 0; 0 is a multiple of every n)."""
    return number % step == 0


def quotient(number: int, step: int) -> int:
    """quotient(x, n): how many whole times n goes into x (n > 0), rounded down."""
    return number // step


def seat(players: int, number: int) -> int:
    """seat(k): the seat with a number; undefined when the table has no such seat."""
    if not 0 <= number < players:
        raise Undefined(Said("undefined.seat", number=number, players=players,
                             last=players - 1))
    return number


# ---- a deal ------------------------------------------------------------------------------------


def holder(hands: Sequence[int], tile: int) -> int:
    """holder(t): the seat holding a tile; undefined when it was not dealt."""
    for at, hand in enumerate(hands):
        if hand >> tile & 1:
            return at
    raise Undefined(Said("undefined.holder", tile=str(ts.tile_of(tile))))


def hand_of(hands: Sequence[int], at: int) -> int:
    """hand_of(p): the hand of a seat."""
    return hands[at]


def first_dealt(dealt: int, tiles: Iterable[int]) -> int:
    """first_dealt([..]): the first tile of the list that was dealt. The tiles are a tuple when
    the list is written with constants (they are named when none was dealt), else an iterable
    that works each one out only when it is reached."""
    for tile in tiles:
        if dealt >> tile & 1:
            return tile
    if isinstance(tiles, tuple):
        raise Undefined(Said("undefined.none dealt",
                             tiles=", ".join(str(ts.tile_of(t)) for t in tiles)))
    raise Undefined(Said("undefined.list not dealt"))


# ---- seats and sides -----------------------------------------------------------------------------


def partner(seating: Seats, at: int) -> int:
    """partner(p): the seat opposite; undefined without partners."""
    if not seating.partners:
        raise Undefined(Said("undefined.partner", seat=seat_said(at)))
    return (at + 2) % seating.players


def next_seat(seating: Seats, at: int) -> int:
    """next(p): the next seat clockwise."""
    return (at + 1) % seating.players


def team(seating: Seats, at: int) -> int:
    """team(p): the side of a seat."""
    return seating.side_of[at]


def first_from(seating: Seats, at: int, group: int) -> int:
    """first_from(p, g): the first seat in turn order, p itself first, whose side is in g."""
    for step in range(seating.players):
        other = (at + step) % seating.players
        if group >> seating.side_of[other] & 1:
            return other
    raise Undefined(Said("undefined.first from", seat=seat_said(at)))


def earliest(seating: Seats, group: int) -> int:
    """earliest(g): the lowest-numbered seat whose side is in g."""
    for at in range(seating.players):
        if group >> seating.side_of[at] & 1:
            return at
    raise Undefined(Said("undefined.no side", name="earliest"))


# ---- the end of a round: the sides of a group ------------------------------------------------------


def value(seating: Seats, values: Sequence[int], group: int) -> int:
    """value(g): the hand value of the sides of a group."""
    return sum(values[side] for side in seating.sides_in[group])


def tiles(seating: Seats, hands: Sequence[int], group: int) -> int:
    """tiles(g): the tiles left in the hands of the sides of a group."""
    found = 0
    for side in seating.sides_in[group]:
        for at in seating.seats_of[side]:
            found |= hands[at]
    return found


def pips_of(seating: Seats, hands: Sequence[int], group: int) -> int:
    """pips_of(g): the raw pips left in the hands of the sides of a group."""
    return ts.pips(tiles(seating, hands, group))


def _best(seating: Seats, column: Sequence[int], group: int, name: str,
          pick: Callable[[list[int]], int]) -> int:
    """The highest or lowest (pick: max or min) of a column among the sides of a group."""
    sides = seating.sides_in[group]
    if not sides:
        raise Undefined(Said("undefined.no side", name=name))
    return pick([column[side] for side in sides])


def highest(seating: Seats, values: Sequence[int], group: int) -> int:
    """highest(g): the highest hand value among the sides of a group."""
    return _best(seating, values, group, "highest", max)


def lowest(seating: Seats, values: Sequence[int], group: int) -> int:
    """lowest(g): the lowest hand value among the sides of a group."""
    return _best(seating, values, group, "lowest", min)


def highest_total(seating: Seats, totals: Sequence[int], group: int) -> int:
    """highest_total(g): the highest total on the sheet among the sides of a group."""
    return _best(seating, totals, group, "highest_total", max)


def lowest_total(seating: Seats, totals: Sequence[int], group: int) -> int:
    """lowest_total(g): the lowest total on the sheet among the sides of a group."""
    return _best(seating, totals, group, "lowest_total", min)


def _sides_at(seating: Seats, values: Sequence[int], group: int,
              pick: Callable[[list[int]], int]) -> int:
    """The sides of a group whose hand value is the one `pick` (max or min) chooses."""
    sides = seating.sides_in[group]
    if not sides:
        return 0
    found = [values[side] for side in sides]
    best = pick(found)
    return sum(1 << side for side, at in zip(sides, found) if at == best)


def with_highest(seating: Seats, values: Sequence[int], group: int) -> int:
    """with_highest(g): the sides of a group whose hand value is the highest among them."""
    return _sides_at(seating, values, group, max)


def with_lowest(seating: Seats, values: Sequence[int], group: int) -> int:
    """with_lowest(g): the sides of a group whose hand value is the lowest among them."""
    return _sides_at(seating, values, group, min)


def tie_highest(seating: Seats, values: Sequence[int], group: int) -> bool:
    """tie_highest(g): two or more sides of a group share the highest hand value."""
    return _sides_at(seating, values, group, max).bit_count() >= 2


def tie_lowest(seating: Seats, values: Sequence[int], group: int) -> bool:
    """tie_lowest(g): two or more sides of a group share the lowest hand value."""
    return _sides_at(seating, values, group, min).bit_count() >= 2


# ---- the table ---------------------------------------------------------------------------------------

_SIGNATURES = {**GENERAL_FUNCTIONS, **DEAL_FUNCTIONS, **SEAT_FUNCTIONS, **END_FUNCTIONS,
               **MATCH_FUNCTIONS}
_INLINE = {  # meanings that are one Python expression over the arguments
    "doubles": f"({{0}} & {ts.DOUBLES_SET})", "count": "({0}).bit_count()",
    "min": "min({0}, {1})", "max": "max({0}, {1})",
}
_COMPUTED: dict[str, tuple[tuple[str, ...], Callable[..., Any]]] = {
    "pips": ((), ts.pips), "most": ((), ts.most), "with": ((), showing),
    "heaviest": ((), heaviest), "lightest": ((), lightest), "round_to": ((), round_to),
    "multiple": ((), multiple), "quotient": ((), quotient), "seat": (("players",), seat),
    "holder": (("hands",), holder), "hand_of": (("hands",), hand_of),
    "first_dealt": (("dealt",), first_dealt),
    "partner": (("seating",), partner), "next": (("seating",), next_seat),
    "team": (("seating",), team), "first_from": (("seating",), first_from),
    "earliest": (("seating",), earliest),
    "value": (("seating", "values"), value), "tiles": (("seating", "hands"), tiles),
    "pips_of": (("seating", "hands"), pips_of),
    "highest": (("seating", "values"), highest), "lowest": (("seating", "values"), lowest),
    "with_highest": (("seating", "values"), with_highest),
    "with_lowest": (("seating", "values"), with_lowest),
    "tie_highest": (("seating", "values"), tie_highest),
    "tie_lowest": (("seating", "values"), tie_lowest),
    "highest_total": (("seating", "totals"), highest_total),
    "lowest_total": (("seating", "totals"), lowest_total),
}


def _meanings() -> dict[str, Meaning]:
    """Every function slots.py declares with its meaning; one without (or a meaning of no
    declared function) is an error when this module is imported."""
    declared, defined = set(_SIGNATURES), set(_INLINE) | set(_COMPUTED)
    if declared != defined:
        raise ImportError(f"built-in functions without a meaning: {sorted(declared - defined)}; "
                          f"meanings of no function: {sorted(defined - declared)}")
    found = {}
    for name, signature in _SIGNATURES.items():
        if name in _INLINE:
            found[name] = Meaning(signature, (), _inline(_INLINE[name], len(signature.params)),
                                  _INLINE[name])
        else:
            reads, compute = _COMPUTED[name]
            found[name] = Meaning(signature, reads, compute)
    return found


MEANINGS: dict[str, Meaning] = _meanings()


def runtime_names() -> dict[str, Callable[..., Any]]:
    """The name generated code calls each meaning by: `_fn_NAME`."""
    return {f"_fn_{name}": meaning.compute for name, meaning in MEANINGS.items()}


def call_source(name: str, facts: dict[str, str], args: Sequence[str]) -> str:
    """Python source applying a function to the sources of its arguments, the facts it reads
    given by their sources (`s.hands`, `v_hands`); KeyError for a fact that has none."""
    meaning = MEANINGS[name]
    if meaning.inline:
        return meaning.inline.format(*args)
    return f"_fn_{name}({', '.join([facts[fact] for fact in meaning.reads] + list(args))})"
