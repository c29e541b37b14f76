"""A diff's game replayed through the engine, as the diff's search saw it: at each moment of A's
record, A's rule and B's rule asked (each compiled by the engine for its own variant), and the
first moment where they answer otherwise."""

from __future__ import annotations

import random
from typing import Any

from checks.compare.diff_games import WHEN, Pair, _differs
from checks.compare.diff_own import OwnTables
from checks.questions.conditions import slot_situation
from checks.search.games import Found, Moment, Target, Writer
from interpreter.engine import RuleStop, prepare
from interpreter.engine.records import parse_record
from interpreter.engine.referee import replay


class Watch(Writer):
    """Replaying a record: the moments a target is asked at, as a search sees them."""

    def round_started(self, number: int, table: Any, redeals: list, leader: int) -> None:
        self.number, self.moves = number, []
        self.pending = (list(table.held), list(table.pile))
        self.redeals = [tuple(r) for r in redeals]
        super().round_started(number, table, redeals, leader)


def parting(pair: Pair, slot: str, record: dict[str, Any],
            tables: OwnTables | None = None) -> Found | None:
    """The first moment of A's record where the two rules part (B's at its own table, given
    `tables`), or None."""
    test = _differs(pair, slot, pair.fixed_b, None, tables)
    setup = prepare(pair.a, record["players"], record["options"])
    when = WHEN.get(slot_situation(slot, pair.a, pair.b), "round")
    if when == "setup":
        moment = Moment(setup, 0, [], [], [])
        shows = test(moment)
        return Found(shows, moment) if shows else None
    watch = Watch(setup, Target(when=when, test=test), lambda *_: ([], []), 99,
                  random.Random(0))
    try:
        replay(pair.a, parse_record(record), listener=watch, partial=True)
    except Found as found:
        return found
    except RuleStop:
        return None
    return None
