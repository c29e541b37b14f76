"""What a rule reads, as other slots' results: the walk behind a difference's "reached through".

A rule whose words are the same in two variants can still answer differently: its inputs were
made otherwise. Which inputs it has is in its expression (interpreter/language/reads.py gives
the names and functions it uses); which slot makes each of them is the table below, taken from
the meaning of each term of the language (slots.CONTEXTS): `value(...)` is the hand value,
`loser` the `loser` slot, `carried` the `carry` of an earlier round, `points` the score and
bonus, and so on. A term that no slot makes (the number of players, the tile laid last) leads
nowhere. The table is the language's, so it is checked against the language in the tests.
"""

from __future__ import annotations

from interpreter.language.model import Variant
from interpreter.language.reads import case_parts, functions_called, names_read
from interpreter.language.slots import SLOTS

# the slots whose results a term of a situation holds
TERM_MAKERS: dict[str, tuple[str, ...]] = {
    "players": (), "first": (), "lot": (), "last": (), "all": (), "winner": (),
    "hand": ("deal", "draw"), "dealt": ("deal",), "stock": ("deal", "reserve", "draw"),
    "hands": ("deal", "draw"), "line": ("lead tile",), "left": ("lead tile",),
    "right": ("lead tile",), "blocked": ("draw", "pass"),
    "laid": ("lead tile",), "ends": ("lead tile", "spinner"), "scored": ("move score",),
    "covered": ("spinner",), "up": ("spinner", "arms"), "down": ("spinner", "arms"),
    "previous": ("fish",), "end": ("fish",), "fisher": ("fish",),
    "leader": ("lead match", "lead round"), "lead": ("lead tile",),
    "losers": ("loser",), "loser": ("loser",), "tie": ("hand value",),
    "carried": ("carry",), "side": ("sides",), "others": ("sides",),
    "opened": ("opens",), "remembered": ("remember",), "points": ("score", "bonus"),
    "total": ("score", "bonus", "opens"),
}
# the slots whose results a function of the language reads
FUNCTION_MAKERS: dict[str, tuple[str, ...]] = {
    "value": ("hand value",), "highest": ("hand value",), "lowest": ("hand value",),
    "tie_highest": ("hand value",), "tie_lowest": ("hand value",),
    "with_highest": ("hand value",), "with_lowest": ("hand value",),
    "pips_of": (), "tiles": (), "holder": ("deal",), "first_dealt": ("deal",),
    "hand_of": ("deal",), "partner": ("sides",), "team": ("sides",), "next": (),
    "first_from": (), "earliest": (),
    "highest_total": ("score", "bonus", "opens"), "lowest_total": ("score", "bonus", "opens"),
}


def slots_read(variant: Variant, slot: str) -> tuple[str, ...]:
    """The other slots whose results a slot's rule reads, in the order play asks them."""
    parts = case_parts(variant.cases(slot))
    made = {maker for name in names_read(*parts) for maker in TERM_MAKERS.get(name, ())}
    made |= {maker for func in functions_called(*parts)
             for maker in FUNCTION_MAKERS.get(func, ())}
    return tuple(name for name in SLOTS if name in made and name != slot)


def options_read(variant: Variant, slots: frozenset[str]) -> frozenset[str]:
    """The options the rules of these slots name: the only ones a match that asked just these
    rules read (the engine folds an option into the rules that name it, games.Searched)."""
    named = names_read(*case_parts(c for slot in slots for c in variant.cases(slot)))
    return frozenset(o.name for o in variant.options if o.name in named)


def reached_through(a: Variant, b: Variant, slot: str, parting: set[str]) -> tuple[str, ...]:
    """The slots a difference of the same words comes from: those the rule reads (in either
    variant) that part themselves; where none does, the parting slots they read in turn,
    the nearest first (a walk over what each rule reads, each slot once)."""
    seen, frontier = {slot}, [slot]
    while frontier:
        read = [name for name in SLOTS if any(name in slots_read(v, s)
                                               for v in (a, b) for s in frontier)]
        found = tuple(name for name in read if name in parting and name not in seen)
        if found:
            return found
        frontier = [name for name in read if name not in seen]
        seen.update(frontier)
    return ()
