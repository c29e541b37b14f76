"""The situations a rule is applied in: one small object per context of interpreter/language/slots.py.

A term of the context is an attribute (or property) of the object; so is each fact a built-in
function reads (`hands`, `seating`, `values`: functions.py), which is called with them.
Something undefined raises Undefined. `describe()` writes the situation in
domino terms for a stop message. The `play` context is the Table itself (table.py).
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Sequence

from . import tileset as ts
from .evaluate import Undefined
from .words import Count, Kept, Said, joined, seat_said, side_said


class Seating:
    """Seats in clockwise order and the sides they form (partners opposite, or each alone)."""

    def __init__(self, players: int, partners: bool) -> None:
        self.players = players
        self.partners = partners
        self.sides = 2 if partners else players
        self.side_of = tuple(seat % 2 if partners else seat for seat in range(players))
        self.seats_of = tuple(tuple(s for s in range(players) if self.side_of[s] == side)
                              for side in range(self.sides))
        self.all = (1 << self.sides) - 1
        # SIDES_IN[group]: the sides of a group (a bit mask of sides), looked up, not computed
        self.sides_in = tuple(tuple(side for side in range(self.sides) if group >> side & 1)
                              for group in range(1 << self.sides))

    def side_text(self, side: int) -> Said:
        """A side for people, numbered from 1 with its seats where sides are pairs
        (`side 1 (seats 1 and 3)`, `сторона 1 (места 1 и 3)`)."""
        return side_said(side, self.seats_of[side] if self.partners else ())

    def side_kept(self, side: int) -> str:
        """A side in the engine's words, as the JSON has it (`side 0 (seats 0+2)`)."""
        return kept_side(side, self.seats_of[side] if self.partners else ())


def kept_side(side: int, seats: Sequence[int] = ()) -> str:
    """A side as the JSON names it, from 0: `side 0`, or `side 0 (seats 0+2)` when the sides
    are pairs (the words of a stop's situation and of a witness's goat)."""
    return f"side {side} (seats {'+'.join(map(str, seats))})" if seats else f"side {side}"


class SideValues:
    """A column of the sides' hand values looked up one side at a time (functions.py reads
    only the sides it needs: a hand value undefined elsewhere does not matter)."""

    __slots__ = ("_value_of",)

    def __init__(self, value_of: Callable[[int], int]) -> None:
        self._value_of = value_of

    def __getitem__(self, side: int) -> int:
        return self._value_of(side)


class SetupSituation:
    """The `setup` context: only the number of players."""

    def __init__(self, players: int) -> None:
        self.players = players

    def describe(self) -> Kept:
        """The situation for messages."""
        return Kept(f"{self.players} players", Count(self.players, "players"))


class HandSituation:
    """The `hand` context: one hand (for `redeal` and `hand value`)."""

    __slots__ = ("players", "first", "hand", "seat")

    def __init__(self, players: int, first: bool) -> None:
        self.players, self.first, self.hand, self.seat = players, first, 0, -1

    def facts(self, context: str) -> dict[str, object]:
        """The situation as data, for a stop."""
        return {"seat": self.seat, "first": self.first} if self.seat >= 0 else {}

    def describe(self) -> Kept:
        """The situation for messages."""
        owner = f"seat {self.seat}'s hand" if self.seat >= 0 else "the hand"
        kept = f"{owner}: {ts.set_text(self.hand)}{'; first round' if self.first else ''}"
        first = Said("sit.first round") if self.first else ""
        tiles = ts.set_said(self.hand)
        return Kept(kept, Said("sit.hand", seat=seat_said(self.seat), tiles=tiles, first=first)
                    if self.seat >= 0 else Said("sit.the hand", tiles=tiles, first=first))


class DealSituation:
    """The `deal` context (and, with `hand`, the `lead` context): a deal just made."""

    def __init__(self, seating: Seating, hands: list[int], pile: list[int], first: bool) -> None:
        self.seating = seating
        self.players = seating.players
        self.hands = hands
        self.first = first
        self.dealt = 0
        for hand in hands:
            self.dealt |= hand
        self.stock = ts.set_of(pile)
        self.hand = 0  # the leader's hand, once the leader is known (`lead tile`)
        self.leading = -1  # the leader, once known
        self.drawn_lot: int | None = None  # the seat drawn by lot (engine/lot.py), if any

    @property
    def lot(self) -> int:
        """The seat drawn by lot for this round."""
        if self.drawn_lot is None:
            raise Undefined(Said("undefined.lot"))
        return self.drawn_lot

    def facts(self, context: str) -> dict[str, object]:
        """The situation as data, for a stop."""
        found: dict[str, object] = {"first": self.first}
        if self.leading >= 0:
            found["seat to lead"] = self.leading
        if self.drawn_lot is not None:  # a variant that draws lots: the seat the lot fell to
            found["lot"] = self.drawn_lot
        return found

    def describe(self) -> Kept:
        """The deal for messages."""
        hands = ts.hands_text(self.hands)
        first = "first round; " if self.first else ""
        leads = f"seat {self.leading} leads; " if self.leading >= 0 else ""
        kept = f"{first}{leads}hands: {hands}; stock: {ts.set_text(self.stock)}"
        return Kept(kept, Said(
            "sit.deal", first=Said("sit.deal first") if self.first else "",
            leads=Said("sit.leads", seat=seat_said(self.leading)) if self.leading >= 0 else "",
            hands=ts.hands_said(self.hands), stock=ts.set_said(self.stock)))


class NextSituation(DealSituation):
    """The `next` context: a new deal plus how the previous round went."""

    def __init__(self, seating: Seating, hands: list[int], pile: list[int], *,
                 previous: str, seat: int, leader: int, losers: int = 0,
                 tie: Callable[[], bool] = lambda: False) -> None:
        super().__init__(seating, hands, pile, False)
        self.previous = previous
        self.ended_by = seat  # the winner after out, the fisher after a fish
        self.leader = leader
        self.losers = losers  # the sides that lost the previous round, a group
        self._tie = tie

    @property
    def winner(self) -> int:
        """The seat that went out in the previous round."""
        if self.previous != "out":
            raise Undefined(Said("undefined.winner previous"))
        return self.ended_by

    @property
    def tie(self) -> bool:
        """In the previous round two or more sides shared the highest hand value."""
        return self._tie()

    @property
    def fisher(self) -> int:
        """The seat that laid the last tile before the previous round's fish."""
        if self.previous != "fish":
            raise Undefined(Said("undefined.fisher previous"))
        return self.ended_by

    def facts(self, context: str) -> dict[str, object]:
        """The situation as data, for a stop."""
        ended = "winner" if self.previous == "out" else "fisher"
        return {**super().facts(context), "previous": self.previous, ended: self.ended_by,
                "leader": self.leader}

    def describe(self) -> Kept:
        """The deal and the previous round for messages."""
        deal = super().describe()
        kept = (f"previous round: {self.previous} by seat {self.ended_by}, led by seat "
                f"{self.leader}; {deal}")
        how = Said("sit.previous out" if self.previous == "out" else "sit.previous fish",
                   seat=seat_said(self.ended_by))
        return Kept(kept, Said("sit.next", how=how, leader=seat_said(self.leader), deal=deal))


# How far into the scoring of one side a context sees: `end` the side, `scored` its loser
# flag, `recorded` its points, `match` its total.
SIDE_DEPTH = {"end": 1, "scored": 2, "recorded": 3, "match": 4}


class RoundSituation:
    """The `round` context and, with a side set, `end`/`scored`/`recorded`/`match`."""

    def __init__(self, seating: Seating, *, first: bool, end: str, seat: int, lead: int,
                 last: int, hands: list[int], carried: int,
                 hand_value: Callable[[int, int], int], leader: int = -1) -> None:
        self.seating = seating
        self.leader = leader  # the seat that led this round
        self.players, self.first, self.end, self.ended_by = seating.players, first, end, seat
        self.lead, self.last, self.hands, self.carried = lead, last, hands, carried
        self.all = seating.all
        self._hand_value = hand_value
        self._seat_values: list[int | None] = [None] * seating.players
        self.side = -1
        self.others = self.opened = self.remembered = self.loser = self.points = self.total = 0
        self.totals: list[int] = []  # every side's total after this round (the `match` context)

    @property
    def winner(self) -> int:
        """The seat that went out."""
        if self.end != "out":
            raise Undefined(Said("undefined.winner"))
        return self.ended_by

    @property
    def fisher(self) -> int:
        """The seat that laid the last tile before the fish."""
        if self.end != "fish":
            raise Undefined(Said("undefined.fisher"))
        return self.ended_by

    def seat_value(self, seat: int) -> int:
        """The `hand value` of a seat's remaining hand (evaluated once, when first needed)."""
        value = self._seat_values[seat]
        if value is None:
            value = self._seat_values[seat] = self._hand_value(seat, self.hands[seat])
        return value

    def side_value(self, side: int) -> int:
        """The hand value of a side: the sum over its seats."""
        total = 0
        for seat in self.seating.seats_of[side]:
            total += self.seat_value(seat)
        return total

    @property
    def values(self) -> "SideValues":
        """Every side's hand value, each worked out when a function first reads it."""
        return SideValues(self.side_value)

    @property
    def tie(self) -> bool:
        """Two or more sides share the highest hand value."""
        values = [self.side_value(side) for side in range(self.seating.sides)]
        return values.count(max(values)) >= 2

    def for_side(self, side: int, *, opened: bool, remembered: int) -> "RoundSituation":
        """Look at the round from one side (the `end` context); return self."""
        self.side, self.others = side, self.all & ~(1 << side)
        self.opened, self.remembered = opened, remembered
        return self

    def facts(self, context: str) -> dict[str, object]:
        """The finished round as data, for a stop, as far as a context sees it."""
        found: dict[str, object] = {
            "end": self.end, "winner" if self.end == "out" else "fisher": self.ended_by,
            "carried": self.carried}
        if self.leader >= 0:
            found["round leader"] = self.leader
        depth = SIDE_DEPTH.get(context, 0)
        if self.side >= 0 and depth:
            found.update(side=self.side, opened=self.opened, remembered=self.remembered)
            found.update(list({"loser": self.loser, "points": self.points,
                               "total": self.total}.items())[:depth - 1])
        return found

    def describe(self) -> Kept:
        """The finished round for messages."""
        how = (f"seat {self.ended_by} went out" if self.end == "out"
               else f"fish (last tile laid by seat {self.ended_by})")
        hands = ts.hands_text(self.hands)
        side = f"; for {self.seating.side_kept(self.side)}" if self.side >= 0 else ""
        carried = f"; carried {self.carried}" if self.carried else ""
        sheet = f"; totals {' | '.join(map(str, self.totals))}" if self.totals else ""
        kept = (f"{how}; lead {ts.tile_of(self.lead)}, last {ts.tile_of(self.last)}; "
                f"hands left: {hands}{carried}{sheet}{side}")
        # the words for people are built when read (a search counts its stops by rule and
        # reads few of them), from a copy: the scoring goes on changing this situation
        return Kept.later(kept, partial(_round_said, self.seating, self.end, self.ended_by,
                                        self.lead, self.last, tuple(self.hands), self.carried,
                                        tuple(self.totals), self.side))


def _round_said(seating: Seating, end: str, ended_by: int, lead: int, last: int,
                hands: tuple[int, ...], carried: int, totals: tuple[int, ...], side: int
                ) -> Said:
    """A finished round for people, seats and sides from 1."""
    seat = seat_said(ended_by)
    return Said(
        "sit.round", how=Said("sit.out" if end == "out" else "sit.fish", seat=seat),
        lead=str(ts.tile_of(lead)), last=str(ts.tile_of(last)), hands=ts.hands_said(hands),
        carried=Said("sit.carried", points=carried) if carried else "",
        totals=Said("sit.totals", totals=joined(map(str, totals), "sit.totals list"))
        if totals else "",
        side=Said("sit.for side", side=seating.side_text(side)) if side >= 0 else "")
