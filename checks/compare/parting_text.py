"""What a lockstep parting or a search that found none says to a person (the catalogue's
section "lockstep"): the first thing a player sees differently, in the sheet's terms, seats
and sides counted from 1."""

from __future__ import annotations

from typing import Any, Sequence

from ..reporting.catalogue import Said, first_line, said_list
from .lockstep import SEEN, Event, Parting

# a round's result, field by field: the words for it (per side where its value is per side)
PER_SIDE = {"points": "lockstep.writes", "remembered": "lockstep.remembers",
            "scores": "lockstep.total", "losers": "lockstep.loses"}
WHOLE = {"carry": "lockstep.hanging", "goat": "lockstep.goat", "winner": "lockstep.winner",
         "end": "lockstep.end", "seat": "lockstep.ender", "leader": "lockstep.leader",
         "lead": "lockstep.lead", "redeals": "lockstep.redeals", "moves": "lockstep.moves"}


def parting_said(slot: str, found: Parting) -> Said:
    """The parting in words: who played, and the first thing a player sees differently."""
    mine, theirs = found.names
    return Said("lockstep.parts", a=mine, b=theirs, slot=slot, players=found.players,
                what=_what(found, mine, theirs))


def what_parts(found: Parting) -> Said:
    """The first thing a player sees differently, the parties named as the search named them."""
    return _what(found, *found.names)


def searched_said(slot: str, names: tuple[str, str], played: Any) -> Said:
    """A search that found no parting: what it played, never worded as a proof."""
    return Said("lockstep.none", slot=slot, a=names[0], b=names[1], matches=played.matches,
                sizes=", ".join(map(str, played.sizes)), continued=played.continued)


def _what(found: Parting, mine: str, theirs: str) -> Said:
    first, second = found.first, found.second
    kind = (first or second or ("",))[0]
    if first is None or second is None or first[0] != second[0]:
        return _ends(found, mine, theirs)
    if kind == "written":
        return _written(found.round, first, second, mine, theirs)
    if kind == "turn":
        return _turn(found.round, first, second, mine, theirs)
    if kind == "moved" and first[1:4] == second[1:4]:  # the same move, scored otherwise
        return Said("lockstep.scores", round=found.round, seat=first[1] + 1,
                    tiles=" ".join(map(str, first[2].tiles)), x=first[4], y=second[4],
                    a=mine, b=theirs)
    if kind == "started":
        return Said("lockstep.leads", round=found.round, x=first[2] + 1, y=second[2] + 1,
                    a=mine, b=theirs)
    if kind == "thrown in":
        return Said("lockstep.thrown", round=found.round, a=mine if first[1] else theirs,
                    b=theirs if first[1] else mine)
    if kind == "deal":
        return Said("lockstep.deal", round=found.round, x=first[3], y=second[3], a=mine,
                    b=theirs)
    return Said("lockstep.other", round=found.round, x=str(first[1:]), y=str(second[1:]),
                a=mine, b=theirs)


def _ends(found: Parting, mine: str, theirs: str) -> Said:
    """The two steps are of other kinds: with one rule the engine stops, the match or the
    round ends, or a redeal is offered, where with the other a seat is to move."""
    pair = ((found.first, mine, theirs), (found.second, theirs, mine))
    for kind in ("stops", "ended", "written", "redeal offered", "turn"):
        for event, whose, other in pair:
            if event is not None and event[0] == kind:
                return _ending(kind, event, found.round, whose, other)
    return Said("lockstep.other", round=found.round, x=str(found.first), y=str(found.second),
                a=mine, b=theirs)


def _ending(kind: str, event: Event, number: int, whose: str, other: str) -> Said:
    if kind == "stops":
        return Said("lockstep.stops", round=number, a=whose, b=other, why=first_line(event[1]))
    if kind == "ended":
        return Said("lockstep.match ends", round=number, a=whose, b=other)
    if kind == "written":
        return Said("lockstep.round ends", round=number, a=whose, b=other)
    if kind == "redeal offered":
        return Said("lockstep.offered", round=number, seat=event[1] + 1, a=whose, b=other)
    return Said("lockstep.choice", round=number, seat=event[1] + 1, a=whose, b=other,
                moves=_moves(event[2]))


def _written(number: int, first: Event, second: Event, mine: str, theirs: str) -> Said:
    """The first field of the round's sheet that differs, for the first side it differs for."""
    for name, x, y in zip(SEEN, first[1:], second[1:]):
        if x == y:
            continue
        if name in PER_SIDE:
            side = next(i for i, (u, v) in enumerate(zip(x, y)) if u != v)
            field = Said(PER_SIDE[name], side=side + 1)
            x, y = x[side], y[side]
        else:
            field = Said(WHOLE.get(name, "lockstep.field"), field=name)
        return Said("lockstep.sheet", round=number, field=field, x=_shown(name, x),
                    y=_shown(name, y), a=mine, b=theirs)
    return Said("lockstep.other", round=number, x="", y="", a=mine, b=theirs)


def _shown(name: str, value: Any) -> Any:
    """A value as the sheet shows it: sides from 1, yes and no as words."""
    if name in ("goat", "winner"):
        return Said("lockstep.sides", sides=", ".join(str(s + 1) for s in value)) if value \
            else Said("lockstep.nobody")
    if name in ("seat", "leader"):
        return Said("lockstep.seat", seat=value + 1)
    if isinstance(value, bool):
        return Said("lockstep.yes" if value else "lockstep.no")
    return str(value)


def _turn(number: int, first: Event, second: Event, mine: str, theirs: str) -> Said:
    """A seat is offered another set of moves: a move one rule allows and the other not."""
    if first[1] != second[1]:
        return Said("lockstep.mover", round=number, x=first[1] + 1, y=second[1] + 1, a=mine,
                    b=theirs)
    only_first = sorted(set(first[2]) - set(second[2]))
    whose, other, moves = (mine, theirs, only_first) if only_first else \
        (theirs, mine, sorted(set(second[2]) - set(first[2])))
    return Said("lockstep.turn", round=number, seat=first[1] + 1, a=whose, b=other,
                moves=_moves(moves))


def _moves(texts: Sequence[str]) -> Any:
    """Moves as a player names them: the tiles laid, a draw, a knock (in the reader's
    language; a tile laid at either end once)."""
    shown: list[Any] = []
    for text in texts:
        words = text.split()
        item: Any = words[1] if words[0] == "play" else Said(f"lockstep.{words[0]}")
        if item not in shown:
            shown.append(item)
    return said_list(shown)
