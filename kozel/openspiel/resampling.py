"""resample_from_infostate: the tiles a seat has not seen dealt anew, consistently with all it saw.

What a seat knows of the current deal: its own hand, the tiles it drew, every tile laid and by
whom, every draw and knock of the others. A new deal keeps what it knows and places the
other tiles at random, under what the others' moves say of their hands:

- a tile a seat laid was in its hand: it goes to one of that seat's places in the deal;
  a tile laid by its drawer just after a draw is the tile drawn (a drawn tile that fits must
  be laid at once);
- a seat that drew, or knocked where the variant lets nobody knock who can lay a tile, held
  nothing that fit either end then: a tile it still holds (never laid) fits neither end at
  any such moment, and a tile it drew (and kept) fit neither end when drawn nor later.

The round is then played again with the new deal (the others' hidden redeal answers given
anew: a kept deal was kept by everyone asked), and the new position is taken only when the
seat would see exactly what it saw (the same information state, the same seat to act): a
rule that reads the hidden hands (which tile a leader may open with, say) is honoured by
that test. Thrown-in deals of the round are kept as they were (nothing after them depends
on them), and so are earlier rounds, which the Start sums up. A search over what a seat
cannot see therefore never learns a hidden tile. In the rare position where no consistent
deal turns up in MAX_TRIES tries, the position itself is returned.
"""

from __future__ import annotations

import random

from interpreter.engine import tileset as ts
from interpreter.engine.codes import (DECLINE_CODE, DOUBLES_BASE, DRAW_CODE, KNOCK_CODE,
                                      LEFT_BASE, RIGHT_BASE)

from .position import ANSWERING, DEALING, MOVING, TERMINAL, Position
from .seen import information_text

MAX_TRIES = 200


def resample_position(position: Position, seat: int, rng: random.Random) -> Position:
    """A position the seat cannot tell from this one, drawn with `rng`."""
    if position.node.player == TERMINAL or not position.actions:
        return position.copy()
    plan = position.memo.get(("plan", seat))  # a search resamples one position many times
    if plan is None:
        plan = position.memo[("plan", seat)] = _Plan(position, seat)
    wanted = (information_text(position, seat), position.node.player)
    for _ in range(MAX_TRIES):
        tiles = plan.deal(rng)
        if tiles is None:
            continue
        other = plan.replay(tiles)
        if other is not None and (information_text(other, seat), other.node.player) == wanted:
            return other
    return position.copy()


class _Plan:
    """What the seat knows of the current deal, and how a new one is drawn and played."""

    def __init__(self, position: Position, seat: int) -> None:
        self.position, self.seat = position, seat
        setup = position.rules.setup
        self.players, self.size = setup.players, setup.deal
        marks, actions = position.marks, position.actions
        last = max(m.deal for m in marks if m.kind == DEALING)
        first = next(i for i, m in enumerate(marks) if m.kind == DEALING and m.deal == last)
        self.prefix = actions[:first]  # the thrown-in deals, as they were
        dealt = [i for i in range(first, len(marks)) if marks[i].kind == DEALING]
        self.dealt = [actions[i] for i in dealt]
        self.after = list(zip(actions[dealt[-1] + 1:], marks[dealt[-1] + 1:]))
        self.own_answers = [a for a, m in self.after if m.kind == ANSWERING and m.seat == seat]
        self.loose_ok = setup.may_pass is False  # a knock says the knocker could not lay
        self._read_moves()
        self._seats()

    def _read_moves(self) -> None:
        """Who laid what, who drew which place of the stock, and when each could not lay."""
        players, size = self.players, self.size
        place = players * size  # the next place of the deal a draw takes
        left = right = -1
        self.laid: list[dict[int, int]] = [{} for _ in range(players)]  # tile → when laid
        self.pinned: dict[int, int] = {}  # place of the deal → tile known there
        self.drawn: list[list[tuple[int, int]]] = [[] for _ in range(players)]  # (place, move)
        self.voids: list[list[tuple[int, int]]] = [[] for _ in range(players)]  # (move, fits)
        moves = [(m.seat, a) for a, m in self.after if m.kind == MOVING]
        for index, (who, code) in enumerate(moves):
            fits = ts.WITH[left] | ts.WITH[right] if left >= 0 else 0
            if code < DOUBLES_BASE:
                tile = code % ts.TILE_COUNT
                self.laid[who][tile] = index
                if code < LEFT_BASE:
                    left, right = ts.LOW[tile], ts.HIGH[tile]
                elif code < RIGHT_BASE:
                    left = ts.PIPS[tile] - left
                else:
                    right = ts.PIPS[tile] - right
            elif code < DRAW_CODE:
                low, high = divmod(code - DOUBLES_BASE, 7)
                self.laid[who].update({ts.DOUBLE_OF[low]: index, ts.DOUBLE_OF[high]: index})
            elif code == DRAW_CODE:
                self.voids[who].append((index, fits))
                following = moves[index + 1] if index + 1 < len(moves) else None
                if who == self.seat:
                    self.pinned[place] = self.dealt[place]
                elif following and following[0] == who and following[1] < DOUBLES_BASE:
                    self.pinned[place] = following[1] % ts.TILE_COUNT
                else:
                    self.drawn[who].append((place, index))
                place += 1
            elif code == KNOCK_CODE and self.loose_ok:
                self.voids[who].append((index, fits))
        self.draws_taken = place

    def _seats(self) -> None:
        """For each other seat: its places in the deal so far (the hand's, held from the deal
        on, and those of the draws it kept, each held from its draw on), where each tile it
        laid could have been, and the tiles each place cannot hold if it is not laid."""
        count, pinned = len(self.dealt), set(self.pinned.values())
        self.known: list[int | None] = [None] * count
        for place in range(self.seat * self.size, min(count, (self.seat + 1) * self.size)):
            self.known[place] = self.dealt[place]
        for place, tile in self.pinned.items():
            self.known[place] = tile
        self.options: list[list[tuple[int, list[int]]]] = []  # per seat: (tile, places)
        self.forbidden: dict[int, int] = {}  # place → the tiles it cannot keep
        for who in range(self.players):
            places = [(p, -1) for p in range(who * self.size, (who + 1) * self.size)
                      if p < count] if who != self.seat else []
            places += [(p, when) for p, when in self.drawn[who] if p < count]
            self.options.append([(tile, [p for p, since in places
                                         if self._could_hold(who, tile, since, when)])
                                 for tile, when in sorted(self.laid[who].items())
                                 if tile not in pinned] if who != self.seat else [])
            for place, since in places:
                self.forbidden[place] = self._fits_from(who, since)

    def deal(self, rng: random.Random) -> list[int] | None:
        """A new order of the deal's places so far, or None when the draw led nowhere."""
        tiles = list(self.known)
        taken: set[int] = set()
        for options in self.options:  # each seat's laid tiles, the most constrained first
            order = list(options)
            rng.shuffle(order)
            order.sort(key=lambda option: len(option[1]))
            for tile, where in order:
                open_places = [p for p in where if p not in taken]
                if not open_places:
                    return None
                place = open_places[int(rng.random() * len(open_places))]
                taken.add(place)
                tiles[place] = tile
        placed = {tile for tile in tiles if tile is not None}
        pool = [t for t in range(ts.TILE_COUNT) if t not in placed]
        slots = [(p, self.forbidden.get(p, 0)) for p in range(len(tiles)) if tiles[p] is None]
        rng.shuffle(slots)
        slots.sort(key=lambda slot: -slot[1].bit_count())
        for place, forbidden in slots:
            choices = [t for t in pool if not forbidden >> t & 1] if forbidden else pool
            if not choices:
                return None
            tile = choices[int(rng.random() * len(choices))]
            pool.remove(tile)
            tiles[place] = tile
        return tiles  # type: ignore[return-value]

    def _could_hold(self, who: int, tile: int, since: int, until: int) -> bool:
        """Whether `who` could have held the tile from `since` until it laid it at `until`
        (it fit neither end whenever `who` could not lay a tile meanwhile)."""
        return since < until and not any(since <= moment < until and fits >> tile & 1
                                         for moment, fits in self.voids[who])

    def _fits_from(self, who: int, since: int) -> int:
        """The tiles that fit an end at some moment from `since` on when `who` could not
        lay: a tile it kept from then on is none of them."""
        fits = 0
        for moment, ends in self.voids[who]:
            if moment >= since:
                fits |= ends
        return fits

    def replay(self, tiles: list[int]) -> Position | None:
        """The round played again with the new deal; None where it cannot be."""
        position = self.position
        other = Position(position.rules, position.start)
        answers = list(self.own_answers)
        try:
            other.apply_all(self.prefix + tiles)
            public = [action for action, mark in self.after if mark.kind != ANSWERING]
            if public:  # a deal's questions come before its lot and its moves
                self._answer(other, answers, others=True)
                other.apply_all(public)
            node = position.node
            self._answer(other, answers, others=not (node.kind == ANSWERING
                                                     and node.player != self.seat))
        except ValueError:
            return None
        return other

    def _answer(self, other: Position, answers: list[int], *, others: bool) -> None:
        """Answer the redeal questions of the kept deal: the seat as it did, the others
        (`others`) keeping it, as everyone asked did."""
        while other.node.kind == ANSWERING:
            if other.node.player == self.seat:
                if not answers:
                    return  # the seat is asked now: the position's own question
                other.apply(answers.pop(0))
            elif others:
                other.apply(DECLINE_CODE)
            else:
                return


__all__ = ["MAX_TRIES", "resample_position"]
