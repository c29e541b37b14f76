"""What a game must show to confirm a finding: each condition of conditions.py as a Target.

A finding about a rule (a gap, an undefined value, a conflict, an unspecified case met, a
stuck table) is confirmed by the engine stopping at that very rule. A refuted claim or
built-in is confirmed by the engine's own evaluation of it at a moment of the game: the
claim's expression compiled by the engine, evaluated on the engine's situation object.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterator

from interpreter.engine import RuleStop
from interpreter.engine.evaluate import Env, Undefined, compile_expr
from interpreter.engine.lot import lot_for_leader
from interpreter.engine.round import PlayedRound
from interpreter.engine.scoring import round_situation
from interpreter.engine.situations import (DealSituation, HandSituation, RoundSituation,
                                           SetupSituation)
from interpreter.engine.setup import Setup
from interpreter.language.model import Variant
from interpreter.language.slots import CLAIM_CONTEXTS
from interpreter.language.typing_rules import option_type, symbols_with_options

from interpreter.engine.words import seat_no, side_said as people_side

from ..reporting.catalogue import Said, said_list
from ..questions.conditions import Condition
from .games import MATCH_ROUNDS, Moment, Target
from .laying import after_a_play

STOP_KIND = {"defined": "undefined", "no-case": "gap", "unspecified": "unspecified",
             "conflict": "conflict", "lead-empty": "gap", "stuck": "stuck",
             "deal-fits": "invalid", "partners-four": "invalid", "reserve-fits": "invalid"}
# How many rounds a match may need before the situation of a context can come up.
ROUNDS = {"setup": 1, "turn": 2, "hand": 1, "deal": 1, "deal-any": 2, "lead": 2, "next": 3,
          "play": 2, "move": 2, "moved": 2, "hand-end": 2, "round": 3, "end": 3, "scored": 3,
          "recorded": 4, "recorded-any": 4, "match": MATCH_ROUNDS, "match-all": MATCH_ROUNDS}

# When a claim of a context is asked in a game (the others: as each side's round is written).
CLAIM_WHEN = {"hand": "deal", "deal": "deal", "play": "move", "moved": "move"}


def target_for(variant: Variant, cond: Condition) -> Target | None:
    """Return what a game must show to confirm a refuted condition (None: nothing can)."""
    rounds = ROUNDS.get(cond.situation, 3)
    first = cond.situation == "deal"
    if cond.query in STOP_KIND:
        return Target(stop=_stop_test(variant, cond), rounds=rounds, first_only=first)
    if cond.query == "claim":
        claim = variant.claims[cond.claim or 0]
        return _claim_target(claim, rounds)
    builtin = BUILTINS.get(cond.query)
    if builtin is None:
        return None
    when, test = builtin
    return Target(when=when, test=test, rounds=rounds)


def _stop_test(variant: Variant, cond: Condition) -> Callable[[RuleStop], bool]:
    """The engine stops at this slot, for this reason, at this case (or pair of cases)."""
    cases = variant.cases(cond.slot)
    wanted = {cases[i].pos for i in (cond.case, cond.other) if i is not None}
    kind = STOP_KIND[cond.query]

    def test(stop: RuleStop) -> bool:
        if stop.slot != cond.slot or stop.kind != kind:
            return False
        return not wanted or {c.pos for c in stop.cases} == wanted
    return test


# ---- claims ----------------------------------------------------------------------------------

def _claim_target(claim: Any, rounds: int) -> Target:
    context = CLAIM_CONTEXTS[claim.context]

    def fails(setup: Setup, situation: Any) -> str | None:
        holds = compile_in(claim.expr, context, setup.variant,
                         tuple(sorted(setup.options.items())), setup.players)
        return _judge(claim, holds, situation)

    if context == "setup":
        def seated(variant: Variant, players: int, options: dict[str, Any]) -> str | None:
            holds = compile_in(claim.expr, context, variant, tuple(sorted(options.items())),
                             players)
            return _judge(claim, holds, SetupSituation(players))
        return Target(when="setup", seated=seated, rounds=rounds)

    def test(moment: Moment) -> str | None:
        for situation in _situations(context, moment):
            shown = fails(moment.setup, situation)
            if shown:
                return shown
        return None
    when = CLAIM_WHEN.get(context, "side")
    return Target(when=when, test=test, rounds=rounds)


def _judge(claim: Any, holds: Callable[[Any], Any], situation: Any) -> str | None:
    """What the engine's evaluation of a claim shows in a situation: nothing when it holds."""
    try:
        return None if holds(situation) else Said("shows.claim false", claim=repr(claim.text))
    except Undefined as why:
        return Said("shows.claim undefined", claim=repr(claim.text), why=str(why))


# Compiled expressions by the identity of the expression and of the variant (both kept alive
# here, so that an id is never another's): every moment of a game's search asks for them, and
# the lru_cache's key, the objects themselves, hashed the whole variant each time (0.1 ms).
_COMPILED: dict[tuple[int, str, int, tuple, int], tuple[Any, Variant, Callable[[Any], Any]]] = {}


def compile_in(expr: Any, context: str, variant: Variant, options: tuple,
               players: int) -> Callable[[Any], Any]:
    """The expression compiled for the engine's situations of a context, in the variant at
    the options (sorted name, value pairs) and player count."""
    key = (id(expr), context, id(variant), options, players)
    known = _COMPILED.get(key)
    if known is None or known[0] is not expr or known[1] is not variant:
        if len(_COMPILED) >= 1024:
            _COMPILED.clear()
        known = _COMPILED[key] = (expr, variant,
                                  _compile_in(expr, context, variant, options, players))
    return known[2]


@lru_cache(maxsize=256)  # equal copies of an expression compile alike
def _compile_in(expr: Any, context: str, variant: Variant, options: tuple,
                players: int) -> Callable[[Any], Any]:
    values = {o.name: o.values for o in variant.options}
    types = {n: option_type(v, n) for n, v in values.items()}
    env = Env(context, dict(options), types, symbols_with_options(values), players)
    return compile_expr(expr, env)


def _situations(context: str, moment: Moment) -> Iterator[Any]:
    """The engine's situation objects of a context at a moment of the game."""
    setup = moment.setup
    if context == "hand":
        for deal in [*moment.redeals, tuple(moment.hands)]:
            for seat, hand in enumerate(deal):
                one = HandSituation(setup.players, moment.number == 1)
                one.hand, one.seat = hand, seat
                yield one
    elif context == "deal":
        situation = DealSituation(setup.seating, list(moment.hands), list(moment.pile),
                                  moment.number == 1)
        if moment.number == 1:  # the lot that made the round's leader lead it
            lot_for_leader(setup, situation, "lead match", moment.leader)
        yield situation
    elif context == "play":
        table = moment.table
        if table is not None and all(table.held):  # a moment of play: nobody is out yet
            yield table
    elif context == "moved":  # right after a move that laid a tile: `scored` is the table's
        table = after_a_play(moment)
        if table is not None:
            yield table
    elif moment.side is not None:  # `match`: the side as the engine writes it
        yield moment.side


def side_situations(moment: Moment) -> Iterator[tuple[int, RoundSituation]]:
    """The finished round seen from each side, as the scoring saw it (the `match` context)."""
    setup, result, table, before = moment.setup, moment.result, moment.table, moment.before
    assert result is not None and table is not None
    played = PlayedRound(table, result.leader, result.end, result.seat, result.log)
    situation = round_situation(setup, played, result.number == 1,
                                before.carry if before else 0)
    situation.totals = list(result.scores)
    for side in range(setup.seating.sides):
        situation.for_side(side, opened=before.opened[side] if before else False,
                           remembered=before.remembered[side] if before else 0)
        situation.loser = result.losers[side]
        situation.points = (int(setup.rules["score"](situation))
                            + int(setup.rules["bonus"](situation)))
        situation.total = result.scores[side]
        yield side, situation


# ---- built-in properties -----------------------------------------------------------------------

def side_said(seating: Any, side: int) -> Any:
    """Name a side for people, numbered from 1, in any language: `side 1 (seats 1 and 3)`."""
    return people_side(side, seating.seats_of[side] if seating.partners else ())


def _several_goats(moment: Moment) -> str | None:
    result = moment.result
    if result is not None and len(result.goat) > 1:
        sides = said_list([side_said(moment.setup.seating, s) for s in result.goat])
        return Said("shows.goats", round=result.number, sides=sides)
    return None


def _several_winners(moment: Moment) -> str | None:
    result = moment.result
    if result is not None and len(result.winner) > 1:
        sides = said_list([side_said(moment.setup.seating, s) for s in result.winner])
        return Said("shows.winners", round=result.number, sides=sides)
    return None


def _negative_points(moment: Moment) -> str | None:
    side = moment.side  # as the engine wrote it: its points are score + bonus
    if side is not None and side.points < 0:
        return Said("shows.negative", side=side_said(moment.setup.seating, side.side),
                    points=side.points)
    return None


def _negative_move_points(moment: Moment) -> str | None:
    table = after_a_play(moment)  # the points the engine wrote for the move just made
    if table is not None and table.scored < 0:
        return Said("shows.negative move", seat=seat_no(table.last_layer), points=table.scored)
    return None


def _fish_ends_differ(moment: Moment) -> str | None:
    result, table = moment.result, moment.table
    if result is not None and table is not None and result.end == "fish" \
            and table.left != table.right:
        return Said("shows.fish ends", left=table.left, right=table.right)
    return None


BUILTINS: dict[str, tuple[str, Callable[[Moment], str | None]]] = {
    "one-goat": ("round", _several_goats),
    "one-winner": ("round", _several_winners),
    "points-nonnegative": ("side", _negative_points),
    "move-points-nonnegative": ("move", _negative_move_points),
    "fish-ends-equal": ("round", _fish_ends_differ),
}

