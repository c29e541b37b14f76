"""The situations the checker reasons about include every situation the engine reaches.

Matches of the seed variants are played through the engine; each deal, each moment of play
and each end of a round is then fixed in the checker's situation of that context, which must
be satisfiable (else a proof over it would be unsound), and the terms the rules read must have
the engine's values there.
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from checks.z3_encode import Session
from checks.z3_encode.session import evaluate
from interpreter.language import ast
from interpreter.engine import Listener, RuleStop, ShuffleDealer, play_match, prepare
from interpreter.engine.players import RandomPlayer
from interpreter.language.resolve import load_paths

SPEC = Path(__file__).resolve().parents[2] / "spec" / "variants"
TRUE = ast.BoolLit(True)


def bits(mask: int) -> set[int]:
    return {i for i in range(28) if mask >> i & 1}


class Snapshots(Listener):
    """Collects deals, moments of play and ends of rounds as zone sets and scalars."""

    def __init__(self, threshold: bool) -> None:
        self.threshold = threshold
        self.deals: list[tuple[dict, dict]] = []
        self.plays: list[tuple[dict, dict, bool]] = []
        self.ends: list[tuple[dict, dict]] = []
        self.sides: list[tuple[dict, dict]] = []
        self.sheets: list[tuple[dict, dict]] = []  # a side's total before and after the round
        self.number = 0
        self.carried = 0
        self.totals: tuple[int, ...] = ()

    def round_started(self, number: int, table: Any, redeals: Any, leader: int) -> None:
        self.number = number
        zones = {f"seat{s}": bits(h) for s, h in enumerate(table.held)}
        zones["stock"] = set(table.pile)
        self.deals.append((zones, {"first": number == 1}))

    def moved(self, seat: int, move: Any, drawn: int, table: Any) -> None:
        if move.kind == "knock" or not all(table.held) or len(self.plays) > 40:
            return
        zones = {"line": bits(table.line), "hands": bits(table.hands),
                 "stock": set(table.pile[table.drawn:])}
        self.plays.append((zones, {"left": table.left, "right": table.right}, table.blocked))

    def round_ended(self, result: Any, table: Any) -> None:
        zones = {f"seat{s}": bits(h) for s, h in enumerate(table.held)}
        zones.update(line=bits(table.line), stock=set(table.pile[table.drawn:]))
        scalars = {"end": 0 if result.end == "out" else 1, "lead": result.lead.index,
                   "last": table.last, "left": table.left, "right": table.right,
                   "first": result.number == 1,
                   ("winner" if result.end == "out" else "fisher"): result.seat}
        self.ends.append((zones, scalars))
        for side, loser in enumerate(result.losers):
            facts = {**scalars, "carried": self.carried if result.number > 1 else 0,
                     "side": side, "loser": loser}
            if not self.threshold:  # what is written is the points: score + bonus
                facts.update(points=result.points[side], remembered=0)
            self.sides.append((zones, facts))
            before = self.totals[side] if self.totals else 0
            self.sheets.append((zones, {**facts, "total before": before,
                                        "total": result.scores[side]}))
        self.carried = result.carry
        self.totals = tuple(result.scores)


@lru_cache(maxsize=None)
def variant(name: str):  # type: ignore[no-untyped-def]
    library, _ = load_paths([SPEC])
    return library.resolve(name)


OPTIONS = {"pairs": {"draw_each": "one", "full_fish": "yes", "double_lead": "yes",
                     "bonuses": "yes"}}


def played(name: str, players: int, seed: int) -> tuple[Snapshots, dict[str, Any]]:
    setup = prepare(variant(name), players, OPTIONS.get(name, {}))
    snaps = Snapshots(setup.threshold)
    for attempt in range(8):  # until some round ends (a rule stop may end a match early)
        try:
            play_match(setup, [RandomPlayer(seed + attempt + s) for s in range(players)],
                       dealer=ShuffleDealer(random.Random(seed * 100 + attempt)),
                       listener=snaps, max_rounds=4)
        except RuleStop:
            pass  # a gap of the variant: what was seen up to there still counts
        if snaps.ends:
            break
    return snaps, dict(setup.options)


CASES = [("minsk", 4, 1), ("minsk", 3, 2), ("pairs", 4, 3), ("gambler-1v1", 2, 4),
         ("kozel-classic", 3, 5), ("kozel-classic", 4, 6)]


@pytest.mark.parametrize("name,players,seed", CASES)
def test_engine_situations_are_checker_situations(name: str, players: int, seed: int) -> None:
    snaps, options = played(name, players, seed)
    session = Session.of(variant(name), options=options)
    count = {"players": players}
    for zones, scalars in snaps.deals:
        evaluate(session, "deal-any", TRUE, zones, {**scalars, **count})
    for zones, scalars, blocked in snaps.plays:
        _, value = evaluate(session, "play", ast.Name("blocked"), zones, {**scalars, **count})
        assert value == blocked
    assert snaps.ends, "no round ended"
    for zones, scalars in snaps.ends:
        evaluate(session, "round", TRUE, zones, {**scalars, **count})
    for zones, scalars in snaps.sides:  # the encoded loser, score and bonus give the same
        evaluate(session, "recorded-any", TRUE, zones, {**scalars, **count})
    for zones, scalars in snaps.sheets:  # the first round included: no earlier goat there
        evaluate(session, "match", TRUE, zones, {**scalars, **count})
