"""Whether every round and every match ends: a proof, or the cycle that keeps a match going
with a game where it comes round (kind `endless`).

A round ends: every move lays a tile or draws one from a finite stock, and a player with
nothing to lay or draw knocks; when every seat has knocked in turn on a blocked line, `fish`
must end the round (the `stuck` question of checks/questions/conditions.py says whether it does).
Only `pass`, which lets a player knock while he could lay, can keep a round going: the players
may knock in turn for ever (the engine stops such a round after its move limit as `endless`).

A match ends when the sheet cannot stand still: if every round that does not end the match
writes at least `m` points to the sheet, and a side with `T` points ends it, no match lasts
beyond sides·(T−1)/m + 1 rounds. Where a round can write nothing and leave the match going
(a fish with equal hands, points remembered instead of written), that round can come again
after it, and the match goes on for as long as the deal allows: for information when other
rounds write points (the deal ends the match in the end), a finding `--strict` fails on when
no round after the first writes anything, or no round ends the match at all. The solver sees
one round with any sheet before it (an over-approximation: said in the message); the engine
shows the idle round in a game (kozel simulate stops a match that never ends as `endless`).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence

from interpreter.language.ast import Pos
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant
from interpreter.language.open_options import bounds, is_open
from interpreter.language.reads import case_parts
from interpreter.language.slots import MATCH_END_SLOTS
from interpreter.engine.match import MAX_ROUNDS
from interpreter.engine.moves import KNOCK_MOVE

from ..reporting.about import PropertyRef, RuleAt
from .budget import Budget, GameBudget
from ..reporting.catalogue import Said
from .conditions import slot_situation
from ..reporting.findings import Finding
from ..search.games import Hints, Moment, Target, search, seed_of
from ..reporting.kinds import Kind
from ..search.realise import replay_trouble, witness_of_game
from ..search.witnesses import Witness
from ..z3_encode.ending import Ending, ending_of, every_deal_thrown_in, pass_holds

IDLE_ROUNDS = 8  # rounds a match may take to show a round that writes nothing (round 2 on)


def ending_findings(variant: Variant, budget: Budget,
                    games: GameBudget | None) -> list[Finding]:
    """The rounds' and the match's end: a proof, or `endless` with its cycle and game (an
    `unknown` where the solver gave up on the situations it asks)."""
    try:
        found = _round_findings(variant, budget, games)
        ending = ending_of(variant, budget, thresholds(variant))
    except KozelError as error:  # the encoding's or the solver's (Undecided, EncodingError)
        slot, at, cases = _at(variant, next(
            (s for s in MATCH_END_SLOTS if variant.cases(s)), "goat"))
        return [Finding(kind=Kind.UNKNOWN, slot=slot, at=at, cases=cases, strict=False,
                        about=PropertyRef("match-ends"),
                        message=Said("reader.ending undecided", reason=str(error)))]
    return found + [_match_finding(variant, ending, games)]


def thresholds(variant: Variant) -> tuple[int, ...]:
    """The totals tried as the one from which the match is over: each number the end of the
    match or an option names, and the one after it (a count, not a search)."""
    numbers = {v for o in variant.options for v in _named_values(o.values)
               if isinstance(v, int) and not isinstance(v, bool)}
    for slot in MATCH_END_SLOTS:
        numbers |= _numbers(case_parts(variant.cases(slot)))
    return tuple(sorted({n + d for n in numbers if n >= 0 for d in (0, 1)}))


def _named_values(values: Sequence[Any]) -> Sequence[Any]:
    """An option's values, an open range by its two ends (it may hold a billion numbers)."""
    return bounds(values) if is_open(values) else values  # type: ignore[arg-type]


def _numbers(node: object, depth: int = 0) -> set[int]:
    """The whole numbers written in an expression tree."""
    if isinstance(node, bool) or depth > 40:
        return set()
    if isinstance(node, int):
        return {node}
    if isinstance(node, (tuple, list)):
        return set().union(*[_numbers(n, depth + 1) for n in node]) if node else set()
    fields = getattr(node, "__dataclass_fields__", None)
    if not fields:
        return set()
    return set().union(set(), *[_numbers(getattr(node, f), depth + 1) for f in fields
                                if f != "pos"])


def _at(variant: Variant, slot: str) -> tuple[str, Pos, tuple[RuleAt, ...]]:
    """Where an ending finding is written: the slot's first case, else the variant's line."""
    cases = variant.cases(slot)
    pos = cases[0].pos if cases else variant.pos
    return slot, Pos(pos.line, pos.column, pos.file or variant.file), tuple(
        RuleAt.of(c) for c in cases)


def _round_findings(variant: Variant, budget: Budget,
                    games: GameBudget | None) -> list[Finding]:
    """`pass` that can let a player knock while he could lay keeps a round going for ever;
    `redeal` that throws in every deal keeps it from starting."""
    found = []
    if variant.cases("pass") and pass_holds(
            variant, budget, slot_situation("pass", variant)) == "sat":
        found.append(_knocking(variant, games))
    if variant.cases("redeal") and every_deal_thrown_in(variant, budget):
        slot, at, cases = _at(variant, "redeal")
        found.append(Finding(kind=Kind.ENDLESS, slot=slot, at=at, cases=cases,
                             about=PropertyRef("round-ends"),
                             message=Said("reader.endless redeal", deals=_max_redeals())))
    return found


def _knocking(variant: Variant, games: GameBudget | None) -> Finding:
    """The solver's turn where `pass` lets a player knock with a tile to lay, shown by a game
    where every player may knock at once (the round can then go round for ever); without
    such a game the solver's turn, which may be one no game reaches, is only unconfirmed."""
    slot, at, cases = _at(variant, "pass")
    made = partial(Finding, slot=slot, at=at, cases=cases, about=PropertyRef("round-ends"))
    if games is None:  # the solver's answer only (tests): no game asked for
        return made(kind=Kind.ENDLESS, message=Said("reader.endless pass",
                                                    moves=_max_moves(),
                                                    shown=Said("reader.turn only")))
    target = Target(when="move", test=_knocking_test, rounds=IDLE_ROUNDS)
    game = search(variant, target, Hints(), games=games.games,
                  seed=seed_of(variant.name, "round-ends")).game
    if game is None or replay_trouble(variant, game):
        return made(kind=Kind.UNCONFIRMED, strict=False,
                    message=Said("reader.knock unconfirmed", games=games.games))
    witness = witness_of_game(game)
    return made(kind=Kind.ENDLESS, witness=witness, message=Said(
        "reader.endless pass", moves=_max_moves(),
        shown=Said("reader.shown", cycle=game.shows, round=witness.round or "?")))


def _knocking_test(moment: Moment) -> str | None:
    """A table where every seat may knock (the engine's own list of moves) and one of them
    could lay a tile instead: knocking in turn leaves it as it was, for ever."""
    table = moment.table
    if table is None or table.must_play >= 0 or table.left < 0:
        return None
    moves = [table.legal_moves(seat) for seat in range(moment.setup.players)]
    if not all(KNOCK_MOVE in seat_moves for seat_moves in moves):
        return None
    layers = [seat for seat, seat_moves in enumerate(moves) if len(seat_moves) > 1]
    if not layers:
        return None
    return Said("reader.cycle knocks", seat=layers[0] + 1)


def _max_redeals() -> int:
    from interpreter.engine.round import MAX_REDEALS
    return MAX_REDEALS


def _max_moves() -> int:
    from interpreter.engine.round import MAX_MOVES
    return MAX_MOVES


def _match_finding(variant: Variant, ending: Ending, games: GameBudget | None) -> Finding:
    slot = next((s for s in MATCH_END_SLOTS if variant.cases(s)), "goat")
    slot, at, cases = _at(variant, slot)
    made = partial(Finding, slot=slot, at=at, cases=cases, about=PropertyRef("match-ends"))
    if ending.ends == "unsat":
        return _never_over(variant, slot, games, made)
    if ending.idle == "unsat":
        return _proved(variant, ending, made)
    if ending.idle != "sat":
        return made(kind=Kind.UNKNOWN, strict=False,
                    message=Said("reader.ending unknown", reason=ending.reason or "?"))
    return _idle(variant, ending, games, made)


def _never_over(variant: Variant, slot: str, games: GameBudget | None,
                made: partial) -> Finding:
    """No round ends the match: with a game whose later round leaves the sheet as it was."""
    game = _idle_game(variant, games) if games is not None else None
    shown: Said | str = "" if game is None else Said(
        "reader.shown", cycle=game[1], round=game[0].round or "?")
    return made(kind=Kind.ENDLESS, witness=game[0] if game else None,
                message=Said("reader.endless never over", slot=slot, shown=shown,
                             rounds=MAX_ROUNDS))


def _proved(variant: Variant, ending: Ending, made: partial) -> Finding:
    """Every round that goes on writes points: a bound on the rounds, where a total ends it."""
    if ending.over_from is None:
        return made(kind=Kind.UNKNOWN, strict=False,
                    message=Said("reader.ending no threshold", least=ending.least))
    sides = max(variant.players)
    rounds = (sides * (ending.over_from - 1)) // ending.least + 1
    return made(kind=Kind.PROPERTY_PROVED, strict=False,
                message=Said("reader.ends proved", least=ending.least,
                             total=ending.over_from, rounds=rounds))


def _idle(variant: Variant, ending: Ending, games: GameBudget | None,
          made: partial) -> Finding:
    """A round that writes nothing can come round again: shown by a game where it does."""
    forced = ending.writes == "unsat"
    key = "reader.endless nothing written" if forced else "reader.endless by the deal"
    if games is None:  # the solver's answer only (tests): no game asked for
        return made(kind=Kind.ENDLESS, strict=forced,
                    message=Said(key, cycle=Said("reader.cycle unseen"), round="?"))
    game = _idle_game(variant, games)
    if game is None:
        return made(kind=Kind.UNCONFIRMED, strict=False,
                    message=Said("reader.idle unconfirmed", games=games.games))
    witness, shows = game
    return made(kind=Kind.ENDLESS, strict=forced, witness=witness,
                message=Said(key, cycle=shows, round=witness.round or "?"))


def _idle_test(moment: Moment) -> str | None:
    """A round after the first that leaves every total as it was and the match going; the
    cycle it is, in words."""
    result, before = moment.result, moment.before
    if result is None or before is None or result.goat or result.winner:
        return None
    if result.scores != before.scores:
        return None
    if result.end == "fish":
        return Said("reader.cycle fish carried" if result.carry else "reader.cycle fish")
    if result.remembered != before.remembered:
        return Said("reader.cycle remembered")
    return Said("reader.cycle nothing")


def _idle_game(variant: Variant, games: GameBudget) -> tuple[Witness, str] | None:
    """A game whose round (the second or later) writes nothing, replayed by the engine."""
    target = Target(when="round", test=_idle_test, rounds=IDLE_ROUNDS)
    searched = search(variant, target, Hints(), games=games.games,
                      seed=seed_of(variant.name, "match-ends"))
    game = searched.game
    if game is None or replay_trouble(variant, game):
        return None
    return witness_of_game(game), game.shows


__all__ = ["ending_findings", "thresholds"]
