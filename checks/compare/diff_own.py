"""The second variant asked at its own table: A's game replayed under B's own rules.

The game search of a diff (diff_games.py) plays A's matches and, at each moment, asks B's rule
on A's inputs: a cheap test that finds where the two rules could part. For a rule that reads
the table itself (`fish` reads `blocked`, a turn's `draw` or `pass` reads the stock), A's
inputs carry A's physics: whether a player can still draw is A's draw rule, and a line laid
after draws is no line of a variant that never draws. For those rules a moment is a difference
only if B's own table reaches it: the same deal and moves, replayed under B's rules (its draw,
its stock, its options) up to the same moment, with B's rule asked in the situation that
replay made. Where B's replay breaks off first (a draw B does not allow, a round B ends
sooner), the two parted at an earlier slot: that one is the difference, not this one.
Rules that read only what the table produced (a hand, a round's end, the totals) are asked on
A's inputs, and the witness says whether A's game is also a game of B (`under`).

Each confirmation is one replay of the game so far; a search confirms at most
MAX_OWN_TABLE_REPLAYS moments (a count), and keeps what it saw for the words of a slot it
could not show.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

from interpreter.engine import Listener, Move, RuleStop
from interpreter.engine.outcomes import RoundResult
from interpreter.engine.records import parse_record
from interpreter.engine.referee import replay
from interpreter.engine.setup import Setup
from interpreter.engine.table import Table
from interpreter.engine.words import Said as EngineSaid
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant

from ..reporting.catalogue import Said
from ..search.games import Moment

MAX_OWN_TABLE_REPLAYS = 40  # parting moments of one search asked at B's own table
# the situations whose rules read the table's physics (A's draw rule is in A's table)
TABLE_SITUATIONS = ("play", "move", "turn")


class Spent(Exception):
    """A search's replays under B are all used: the search stops here (a count, so that a
    search whose every parting moment B's table does not reach ends as soon as it is clear)."""


class _OwnTable(Listener):
    """What B's replay of A's game did: its rounds, its table and leader where it ended."""

    def __init__(self) -> None:
        self.number, self.moves, self.leader = 0, 0, -1
        self.table: Table | None = None
        self.results: list[RoundResult] = []
        self.last_move: tuple[int, Move, int] | None = None

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        """A round of B's replay was dealt."""
        self.number, self.table, self.leader, self.moves = number, table, leader, 0
        self.last_move = None

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        """A move of B's replay."""
        self.moves += 1
        self.last_move = (seat, move, drawn)

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """A round B's replay finished."""
        self.results.append(result)


@dataclass
class OwnTables:
    """A search's confirmations under B's own rules: how many, and why B's table did not
    reach the moments it could not confirm (the first such reason, in words)."""

    b: Variant
    slot: str
    replays: int = 0
    unreached: int = 0
    parted: int = 0  # moments where B's own rule, at its own table, answers otherwise
    spent: bool = False  # the search ended with every replay used
    broken: tuple[int, int] = (0, 0)  # where B's last failed replay broke: (round, moves)
    broken_rounds: str = ""  # A's game up to there (JSON)
    why: Any = ""

    def moment_of(self, moment: Moment, other: Setup) -> Moment | RuleStop | None:
        """A's moment as B's own table has it (B's setup, table, rounds and leader); the stop
        of the very slot compared, where B's rule gives no answer on the way there; None when
        B's replay of the game does not reach it (or the count of replays is spent)."""
        if moment.record is None:  # the match as set up: B's own setup is its table
            return Moment(other, 0, [], [], []) if moment.number == 0 else None
        written = moment.record()
        if self.replays >= MAX_OWN_TABLE_REPLAYS:
            raise Spent()
        self.replays += 1  # a moment asked, replayed or known to break as the last did
        if self._dead(written):
            self.unreached += 1
            return None
        own = _OwnTable()
        record = {**written, "variant": self.b.name, "options": dict(other.options)}
        try:
            replay(self.b, parse_record(record), listener=own, partial=True)
        except RuleStop as stop:
            if stop.slot == self.slot and stop.round_no in (None, moment.number):
                return stop  # B's own rule stops at this very point: its answer is none
            return self._unreached(Said("under.stops", rule=stop.rule), written, own)
        except KozelError as error:
            why = error.args[0] if error.args and isinstance(error.args[0], EngineSaid) \
                else str(error)
            return self._unreached(Said("under.not a game", name=self.b.name, error=why),
                                   written, own)
        if not _same_point(moment, written, own):
            return self._unreached(Said("difftruth.parts sooner", name=self.b.name,
                                        round=moment.number))
        return _own_moment(moment, other, own)

    def _unreached(self, why: Any, record: dict[str, Any] | None = None,
                   own: _OwnTable | None = None) -> Moment | None:
        """Count a moment B's table does not reach; None (what moment_of returns for it)."""
        self.unreached += 1
        if not self.why:
            self.why = why
        if record is not None and own is not None:
            self.broken = _broken_at(own)
            self.broken_rounds = _prefix(record, self.broken)
        return None

    def _dead(self, record: dict[str, Any]) -> bool:
        """The game so far begins with the part of A's game in which B's last failed replay
        broke: a later moment of the same match breaks there too (a replay is deterministic)."""
        return self.broken != (0, 0) and _prefix(record, self.broken) == self.broken_rounds


def _broken_at(own: _OwnTable) -> tuple[int, int]:
    """The rounds and moves of a failed replay that decided its failure: the round in play
    up to the move after the last one made; or, between rounds, the next round's deal."""
    finished = {r.number for r in own.results}
    if own.number == 0 or own.number in finished:
        return own.number + 1, 0
    return own.number, own.moves + 1


def _prefix(record: dict[str, Any], upto: tuple[int, int]) -> str:
    """A's record up to a round and a number of its moves, as JSON (a key to compare)."""
    number, moves = upto
    rounds = record["rounds"][:number]
    if len(rounds) == number and rounds:
        rounds = rounds[:-1] + [{**rounds[-1], "moves": rounds[-1]["moves"][:moves]}]
    return json.dumps(rounds)


def _same_point(moment: Moment, record: dict[str, Any], own: _OwnTable) -> bool:
    """B's replay stopped where A's moment is: the same round and as many of its moves (a
    round A has over is over in B too; after a move, B's own rules may end the round there)."""
    finished = [r.number for r in own.results]
    if own.number != moment.number:
        return False
    if moment.result is not None:
        return moment.number in finished
    rounds = record["rounds"]
    moves = len(rounds[-1]["moves"]) if rounds else 0
    return own.moves == moves


def _own_moment(moment: Moment, other: Setup, own: _OwnTable) -> Moment:
    result = next((r for r in own.results if r.number == moment.number), None) \
        if moment.result is not None else None
    before = next((r for r in own.results if r.number == moment.number - 1), None)
    return Moment(other, moment.number, moment.hands, moment.pile, moment.redeals, own.table,
                  result, before, own.leader, own.last_move if result is None else None,
                  None, None, moment.record)


def with_physics(setup: Setup, table: Table) -> Table:
    """A's table (the same hands, line and stock) with B's physics: B's draw and knock rules,
    its reserve and its two doubles, so that `blocked` asked for B means what it means at B's
    table (a variant that never draws is blocked when nobody can lay a tile)."""
    own = setup.table(list(table.held), list(table.pile))
    theirs = copy.copy(table)
    for name in ("draw_kind", "reserve", "two_doubles", "may_pass", "draw_rule", "pass_rule"):
        setattr(theirs, name, getattr(own, name))
    return theirs
