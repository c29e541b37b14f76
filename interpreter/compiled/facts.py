"""What a setup settles for a compiled match (Facts), and how the generated code asks each rule
(Rules): read by every module that writes the match's source text."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.setup import Setup
from ..engine.tileset import TILE_COUNT

Rules = dict[str, str]  # slot name → the expression that asks it


@dataclass(frozen=True)
class Facts:
    """What a setup settles for every round, as the generator needs it."""

    players: int
    sides: int
    seats_of: tuple[tuple[int, ...], ...]
    deal: int
    drawable: int  # how many stock tiles can ever be drawn (0: no drawing code at all)
    until_playable: bool
    may_pass: bool
    two_doubles: bool
    records: bool = False  # whether the match writes each round's RoundLog
    lot: bool = False  # a seat is drawn by lot before each round's leader (engine/lot.py)
    scores_moves: bool = False  # the variant writes `move score` (move_source.py)


def facts_of(setup: Setup, *, records: bool = False) -> Facts:
    """The settled facts of a prepared setup (`draw` and `pass` settled: compiler.py checks)."""
    stock = TILE_COUNT - setup.players * setup.deal
    drawable = max(0, stock - setup.reserve) if setup.draw != "none" else 0
    return Facts(setup.players, setup.seating.sides, setup.seating.seats_of, setup.deal,
                 drawable, setup.draw == "until_playable", bool(setup.may_pass),
                 setup.two_doubles, records, setup.lot,
                 bool(setup.variant.cases("move score")))
