"""Whether a witness game shows its point: the rule it is about is asked there AND its answer
shows in what the table does (the points written, who draws or knocks, who leads).

An assumption's game used to be any moment where the assumed case applies; a case can apply
and still decide nothing a player sees (a bonus of the points carried over, asked in a round
where nothing was carried; a rule for points below the threshold, asked for a side that scored
0). An ambiguity's game used to be any moment where the ambiguous part has two candidates;
when both candidates lie in one hand, every choice between them names the same seat.

The tests here are judged on the engine's own situations (the questions it really put, or the
table as it stands): nothing is taken from the solver.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

from interpreter.engine import tileset as ts
from interpreter.engine.evaluate import Undefined
from interpreter.engine.moves import DRAW, KNOCK
from interpreter.engine.words import seat_said, side_said
from interpreter.language import ast
from interpreter.language.model import Case, Variant
from interpreter.language.slots import SLOTS

from ..reporting.catalogue import Said
from .targets import compile_in


# ---- assumptions -------------------------------------------------------------------------------

def answer_shows(variant: Variant, case: Case, situation: Any, options: tuple,
                 players: int) -> bool:
    """The answer of an assumed case, asked in a situation, changes what is written there:
    an added amount that is not 0; points below a threshold that there are (kept or written
    off, the two differ only for a side that scored some); other slots as asked."""
    spec = SLOTS[case.slot]
    try:
        if spec.additive and case.value is not None:
            own = compile_in(case.value, spec.context, variant, options, players)(situation)
            return int(own) != 0
        if case.slot == "remember":  # kept (remembered + points) against written off (0)
            return int(situation.remembered) + int(situation.points) != 0
    except Undefined:
        return False
    return True


def answer_words(variant: Variant, case: Case, situation: Any, options: tuple, players: int,
                 value: Any) -> Said:
    """What a game shows of an assumed case whose answer shows (`value`: the slot's answer
    in words): the case's own part of an added amount, or the points kept or written off."""
    spec = SLOTS[case.slot]
    if spec.additive and case.value is not None:
        own = int(compile_in(case.value, spec.context, variant, options, players)(situation))
        if str(own) != str(value):  # other cases add to it: say this case's part
            return Said("witpoint.shows part", slot=case.slot, value=value, part=own)
    if case.slot == "remember":
        seating = situation.seating
        side = side_said(situation.side,
                         seating.seats_of[situation.side] if seating.partners else ())
        return Said("witpoint.shows remembered", slot=case.slot, value=value, side=side,
                    points=int(situation.remembered) + int(situation.points))
    return Said("shows.assumed", slot=case.slot, value=value)


def draw_words(moment: Any, applies: str) -> Said:
    """What a game shows at a draw or a knock: who, how many tiles were left to draw."""
    table, (seat, move, _) = moment.table, moment.move
    left = len(table.pile) - table.drawn
    key = "witpoint.shows knock" if move.kind == KNOCK else "witpoint.shows draw"
    return Said(key, seat=seat_said(seat), left=left, rule=applies)


def draw_shows(moment: Any) -> bool:
    """A player with no tile to lay met tiles not dealt or not drawn yet: he draws, or knocks
    although tiles are left, as the rule of drawing says (an empty stock decides nothing)."""
    table, move = moment.table, moment.move
    if table is None or move is None:
        return False
    kind = move[1].kind
    if kind == DRAW:
        return True
    return kind == KNOCK and len(table.pile) - table.drawn > table.reserve


# ---- ambiguities --------------------------------------------------------------------------------

EXTREMES = {"heaviest": max, "lightest": min}


def candidates_part(variant: Variant, slot: str, case_index: int, line: int, column: int
                    ) -> tuple[Case, ast.Call] | None:
    """The case and the call with two answers (`heaviest(dealt)`) written at line:column."""
    from ..questions.rule_text import expression_at

    cases = variant.cases(slot)
    if case_index >= len(cases):
        return None
    part = expression_at(cases[case_index], line, column)
    return (cases[case_index], part) \
        if isinstance(part, ast.Call) and part.func in EXTREMES else None


def candidates_differ(variant: Variant, case: Case, part: ast.Call, situation: Any,
                      options: tuple, players: int) -> bool:
    """The tied candidates of `part` give the case different answers (holders in different
    hands, or different tiles led): which one the rule means changes the game."""
    context = SLOTS[case.slot].context
    try:
        mask = compile_in(part.args[0], context, variant, options, players)(situation)
    except Undefined:
        return False
    tiles = list(ts.members(int(mask)))
    if len(tiles) < 2:
        return False
    best = EXTREMES[part.func](ts.PIPS[t] for t in tiles)
    tied = [t for t in tiles if ts.PIPS[t] == best]
    if len(tied) < 2:
        return False
    whole = case.value if case.value is not None and _contains(case.value, part) else case.guard
    if whole is None:
        return False
    answers = set()
    for tile in tied:
        chosen = _chosen(whole, part, tile)
        try:
            answers.add(repr(compile_in(chosen, context, variant, options, players)(situation)))
        except Undefined:
            answers.add("undefined")
    return len(answers) > 1


# The expressions with a tied candidate put in the part's place, by the identity of the
# expression and the part (kept alive here): made once, not at every moment of every game,
# and the same objects each time, which compile_in knows again by their identity.
_CHOSEN: dict[tuple[int, int, int], tuple[Any, Any, Any]] = {}


def _chosen(whole: Any, part: ast.Call, tile: int) -> Any:
    """`whole` with the tile (an index) written in place of `part`."""
    key = (id(whole), id(part), tile)
    known = _CHOSEN.get(key)
    if known is None or known[0] is not whole or known[1] is not part:
        if len(_CHOSEN) >= 1024:
            _CHOSEN.clear()
        shown = ts.tile_of(tile)
        known = _CHOSEN[key] = (whole, part, _put(whole, part, ast.TileLit(shown.low, shown.high,
                                                                          part.pos)))
    return known[2]


def _contains(expr: Any, part: Any) -> bool:
    return expr is part or _put(expr, part, None) is not expr


def _put(expr: Any, part: Any, new: Any) -> Any:
    """The expression with `part` (by identity) replaced by `new` (a copy; itself if absent)."""
    if expr is part:
        return new
    if isinstance(expr, tuple):
        items = tuple(_put(e, part, new) for e in expr)
        return items if any(a is not b for a, b in zip(items, expr)) else expr
    if not is_dataclass(expr) or isinstance(expr, (type, ast.Pos)):
        return expr
    changed = {}
    for field in fields(expr):
        value = getattr(expr, field.name)
        put = _put(value, part, new)
        if put is not value:
            changed[field.name] = put
    return replace(expr, **changed) if changed else expr
