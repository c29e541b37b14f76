"""Chance: `lot`, a seat drawn by lot for a round (`lead match: lot`).

The engine draws the seat from the match's seeded random source, and only for a variant whose
`lead match` or `lead round` uses `lot`, so that every other variant's seeded games stay as
they were. A record needs nothing more: `lot` only decides who leads, and who leads a round is
the seat of its first move, so a replay takes a seat by lot that makes that seat the leader.
"""

from __future__ import annotations

from typing import Any, Callable

from ..language.model import Variant
from ..language.reads import slot_names
from .evaluate import Undefined
from .stops import RuleStop

LOT_SLOTS = ("lead match", "lead round")
Leads = Callable[[int], "int | None"]  # a seat drawn by lot → the leader it makes (None: none)


def uses_lot(variant: Variant) -> bool:
    """Whether a rule of the variant leaves who leads to a lot."""
    return any("lot" in slot_names(variant, slot) for slot in LOT_SLOTS)


def _leads(rule: Callable[[Any], Any], situation: Any) -> Leads:
    def leads(seat: int) -> int | None:
        situation.drawn_lot = seat
        try:
            return int(rule(situation))
        except (RuleStop, Undefined):
            return None
    return leads


def draw_lot(setup: Any, dealer: Any, situation: Any, slot: str) -> None:
    """Draw the round's lot where the variant uses one: the dealer draws it (a shuffle draws
    from its random source; a replay takes the seat its record's leader calls for)."""
    if not getattr(setup, "lot", False):
        return
    drawing = getattr(dealer, "draw_lot", None)
    seat = drawing(setup.players, _leads(setup.rules[slot], situation)) if drawing else 0
    situation.drawn_lot = seat


def lot_for_leader(setup: Any, situation: Any, slot: str, leader: int) -> None:
    """Give a situation rebuilt from a played round the lot that made `leader` lead it."""
    if not getattr(setup, "lot", False) or leader < 0:
        return
    leads = _leads(setup.rules[slot], situation)
    situation.drawn_lot = next((s for s in range(setup.players) if leads(s) == leader), None)


def seat_leading(players: int, leads: Leads, leader: int | None) -> int:
    """The first seat drawn by lot that makes `leader` lead (any seat when none is known)."""
    for seat in range(players):
        if leader is None or leads(seat) == leader:
            return seat
    return 0  # no lot makes that seat lead: the replay then names the move out of turn
