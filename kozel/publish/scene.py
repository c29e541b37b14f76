"""A witness as a table scene: what lies where at the moment the checker's game stops.

The witness's own record (kozel-record/1) is replayed through the engine (`replay(...,
partial=True)`), and a listener keeps the table as the replay leaves it: the line with the order
in which its tiles were laid, each seat's hand, the stock, and the rounds written so far. Where
there is no record, or the moment comes before a table is laid (a rule stopping at the deal),
the witness's own fields (`hands`, `line`, `stock`, ...) are the scene. The tiles that show
the finding are marked from the witness's `cause` and the sides its facts name
(scene_marks.py); nothing here knows any particular variant.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from interpreter.engine import Listener, RuleStop, prepare
from interpreter.engine import tileset as ts
from interpreter.engine.moves import PLAY, Move
from interpreter.engine.outcomes import RoundResult
from interpreter.engine.referee import replay
from interpreter.engine.table import Table
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant
from interpreter.engine.records import parse_record
from interpreter.engine.tiles import Tile

from checks.search.witnesses import Witness

SEAT_ROLES = ("winner", "fisher", "leader", "seat to lead", "lot", "seat to play", "seat")
Tiles = tuple[Tile, ...]


@dataclass(frozen=True)
class LaidTile:
    """A tile of the line: its left and right halves as it lies, and when it was laid (1..)."""

    left: int
    right: int
    order: int  # 0 when the order is not known (no record to replay)

    @property
    def tile(self) -> Tile:
        """The tile, whichever way round it lies."""
        return Tile.of(self.left, self.right)


@dataclass(frozen=True)
class ScoreRow:
    """One side's line of the score sheet: before this round, this round, the total."""

    side: int
    seats: tuple[int, ...]
    before: int | None
    this_round: int | None
    total: int | None


@dataclass
class Scene:
    """Everything a drawn witness shows, in no language yet; seats and sides from 0."""

    players: int | None
    options: dict[str, Any]  # a comparison's game: each variant's options, by its name
    at: tuple[int, int]  # (round, moves played in it); round 0: as the players sit down
    line: list[LaidTile] = field(default_factory=list)
    hands: list[Tiles] = field(default_factory=list)
    stock: Tiles | None = None
    scores: list[ScoreRow] = field(default_factory=list)
    roles: dict[int, list[str]] = field(default_factory=dict)  # seat → what it does here
    partners: bool = False


class _Watcher(Listener):
    """Keeps the table of the round being replayed and the rounds written so far."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.number = 0
        self.laid: list[int] = []  # tile indices in the order they were laid this round
        self.finished: list[RoundResult] = []

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        self.table, self.number, self.laid = table, number, []

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        if move.kind == PLAY:
            self.laid.extend(t.index for t in move.tiles)

    def round_ended(self, result: RoundResult, table: Table) -> None:
        self.finished.append(result)


def _replayed(variant: Variant, record: dict[str, Any]) -> _Watcher | None:
    """Replay a witness's record up to its moment; None when it does not replay."""
    watcher = _Watcher()
    try:
        replay(variant, parse_record(record), listener=watcher, partial=True)
    except RuleStop:
        pass  # the moment a rule stops at is the moment the witness shows
    except KozelError:
        return None
    return watcher


def _line_of(table: Table, laid: list[int]) -> list[LaidTile]:
    """The line left to right, each tile with its place in the order of laying."""
    order = {tile: number for number, tile in enumerate(laid, 1)}
    return [LaidTile(a, b, order.get(ts.INDEX[Tile.of(a, b)], 0))
            for a, b in table.line_tiles()]


def _line_of_facts(witness: Witness) -> list[LaidTile]:
    """The line as the witness has it (each tile as it lies), order unknown."""
    return [LaidTile(laid.left, laid.right, 0) for laid in witness.line]


def _partners(variant: Variant | None, witness: Witness) -> bool:
    """Whether the match of the witness is played by pairs (asked of the variant's rules)."""
    if variant is None or not witness.players:
        return False
    try:  # a comparison's game: the first variant's options
        return prepare(variant, witness.players, witness.setting).seating.partners
    except (KozelError, RuleStop, ValueError):
        return False


def _sides(players: int | None, partners: bool) -> list[tuple[int, ...]]:
    """The seats of each side."""
    if not players:
        return []
    if partners:
        return [tuple(s for s in range(players) if s % 2 == side) for side in range(2)]
    return [(seat,) for seat in range(players)]


def _score_rows(watcher: _Watcher | None, witness: Witness, at: tuple[int, int],
                sides: list[tuple[int, ...]]) -> list[ScoreRow]:
    """The score sheet at the moment: before this round, written in it, the totals."""
    done = watcher.finished if watcher else []
    this = next((r for r in done if r.number == at[0]), None)
    earlier = [r for r in done if r.number < at[0]]
    before = list(earlier[-1].scores) if earlier else [0] * len(sides)
    written = list(this.points) if this else _numbers(witness.fact("written"))
    totals = list(this.scores) if this else _numbers(witness.fact("totals"))
    if not earlier and written is None and totals is None:
        return []  # the first round, not written yet: nothing on the sheet
    rows = []
    for side, seats in enumerate(sides):
        now = written[side] if written and side < len(written) else None
        total = totals[side] if totals and side < len(totals) else (
            before[side] if now is None and side < len(before) else None)
        rows.append(ScoreRow(side, seats, before[side] if side < len(before) else None, now,
                             total))
    return rows


def _numbers(value: Any) -> list[int] | None:
    """A fact that is a row of numbers (points of each side), or None."""
    return list(value) if isinstance(value, tuple) else None


def _roles(witness: Witness) -> dict[int, list[str]]:
    """What each seat does at the moment (went out, leads, to play, ...)."""
    roles: dict[int, list[str]] = {}
    seats = witness.seat_facts()
    for key in SEAT_ROLES:
        seat = seats.get(key)
        if seat is not None and seat >= 0:
            roles.setdefault(seat, []).append(key)
    return roles


_CACHE: dict[str, Scene] = {}


def scene_of(witness: Witness, variant: Variant | None = None) -> Scene:
    """Return the scene of a witness, replaying its record under the variant when given."""
    record = witness.record
    key = json.dumps([variant.name if variant else None, witness.to_json()], sort_keys=True,
                     default=str)
    if key in _CACHE:
        return _CACHE[key]
    at = (witness.at.round, witness.at.moves) if witness.at else (0, 0)
    watcher = None
    if variant is not None and isinstance(record, dict) and record.get("variant") == variant.name:
        watcher = _replayed(variant, record)
    partners = _partners(variant, witness)
    options = ({name: dict(setting) for name, setting in witness.by_variant}
               if witness.by_variant else dict(witness.options))
    scene = Scene(witness.players, options, at, partners=partners, roles=_roles(witness))
    table = watcher.table if watcher and watcher.number == at[0] and at[0] else None
    if table is not None and watcher is not None:
        scene.line = _line_of(table, watcher.laid)
        scene.hands = [tuple(ts.tiles_of(h)) for h in table.held]
        scene.stock = tuple(ts.tile_of(t) for t in table.pile[table.drawn:])
    else:
        scene.line = _line_of_facts(witness)
        scene.hands = list(witness.hands)
        scene.stock = witness.stock if witness.has("stock") else None
    scene.scores = _score_rows(watcher, witness, at, _sides(scene.players, partners))
    _CACHE[key] = scene
    return scene
