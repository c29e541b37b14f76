"""Where the language's own defaults settle what a variant's text leaves open, say so.

A slot a variant does not write takes the language's default (docs/language.md), and the
engine settles a few things no slot names (a player who cannot lay a tile and finds the stock
empty knocks). Each such default that play depends on is a finding of kind `default`, with a
game where the default decides what happens, when one is found within the budget.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from interpreter.engine import tileset as ts
from interpreter.engine.moves import DRAW, KNOCK, PLAY
from interpreter.engine.words import seat_no
from interpreter.language.ast import Pos
from interpreter.language.model import Variant

from ..reporting.catalogue import Said
from ..reporting.findings import Finding
from ..reporting.kinds import Kind
from ..search.games import Game, Hints, Moment, Target, search, seed_of
from ..search.realise import GameBudget, replay_trouble, witness_of_game
from ..search.witnesses import Witness


@dataclass(frozen=True)
class Default:
    """One default: when it applies to a variant, what it says, and the moment it decides."""

    slot: str
    applies: Callable[[Variant], bool]
    says: Said
    decides: Callable[[Moment], str | None]


def _unwritten(slot: str) -> Callable[[Variant], bool]:
    return lambda variant: not variant.cases(slot)


def _may_draw(variant: Variant) -> bool:
    """Some case of `draw` lets a player draw (a symbol other than `none`, or an option)."""
    return any(getattr(c.value, "name", "none") != "none" for c in variant.cases("draw"))


def _last_move(moment: Moment) -> str:
    return moment.move[1].kind if moment.move is not None else ""


def _could_lay(moment: Moment) -> str | None:
    table = moment.table
    if table is None or _last_move(moment) != PLAY or moment.move is None:
        return None
    return Said("shows.could lay", seat=seat_no(moment.move[0]),
                tile=str(ts.tile_of(table.last)))


def _drew_the_last(moment: Moment) -> str | None:
    table = moment.table
    if table is None or _last_move(moment) != DRAW or table.drawn != len(table.pile):
        return None
    return Said("shows.drew last")


def _holds_both_doubles(moment: Moment) -> str | None:
    table = moment.table
    if table is None or table.left == table.right or table.left < 0 or not all(table.held):
        return None
    for seat, hand in enumerate(table.held):
        if hand >> ts.DOUBLE_OF[table.left] & 1 and hand >> ts.DOUBLE_OF[table.right] & 1:
            return Said("shows.both doubles", seat=seat_no(seat),
                        a=str(ts.tile_of(ts.DOUBLE_OF[table.left])), b=str(ts.tile_of(ts.DOUBLE_OF[table.right])))
    return None


def _knocked_on_an_empty_stock(moment: Moment) -> str | None:
    table = moment.table
    if table is None or moment.move is None or _last_move(moment) != KNOCK \
            or table.draw_kind == "none" or table.can_draw():
        return None
    return Said("shows.knocked", seat=seat_no(moment.move[0]))


DEFAULTS = (
    Default("pass", _unwritten("pass"), Said("default.pass"), _could_lay),
    Default("reserve", lambda v: _unwritten("reserve")(v) and _may_draw(v),
            Said("default.reserve"), _drew_the_last),
    Default("two doubles", _unwritten("two doubles"), Said("default.two doubles"),
            _holds_both_doubles),
    Default("draw", _may_draw, Said("default.draw"), _knocked_on_an_empty_stock),
)


def default_findings(variant: Variant, games: GameBudget | None) -> list[Finding]:
    """A `default` finding for every default play depends on, with a game where it decides."""
    found = []
    stated = {d.slot for d in variant.stated_defaults}  # `default SLOT stated`: the text says it
    for default in DEFAULTS:
        if not default.applies(variant) or default.slot in stated:
            continue
        cases = variant.cases(default.slot)
        pos = cases[0].pos if cases else variant.pos
        witness = _game(variant, default, games) if games is not None else None
        found.append(Finding(kind=Kind.DEFAULT, slot=default.slot,
                             at=Pos(pos.line, pos.column, pos.file or variant.file),
                             message=default.says, witness=witness, strict=False))
    return found


def _game(variant: Variant, default: Default, games: GameBudget) -> Witness | None:
    budget = GameBudget(max(1, games.games // 4))
    target = Target(when="move", test=default.decides, rounds=2)
    game = search(variant, target, Hints(), games=budget.games,
                     seed=seed_of(variant.name, "default", default.slot)).game
    if game is None or replay_trouble(variant, game):
        return None
    return witness_of_game(game)


__all__ = ["DEFAULTS", "Default", "default_findings", "Game"]
