"""Realise the solver's candidates as games: the engine is the judge of every witness.

The Z3 situations over-approximate play (hands seen together, totals taken as any value), so
a refuted condition is only a candidate until a game shows it. `realise` searches for such a
game (checks/search/games.py) toward the candidate; the witness is then read off the engine, with
the game's kozel-record/1, and the record is replayed once more before it is trusted. A candidate
that no game shows within the budget stays a candidate: the finding becomes `unconfirmed`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Any, Callable

from interpreter.engine import RuleStop
from interpreter.engine import tileset as ts
from interpreter.engine.referee import replay
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant
from interpreter.language.slots import SLOTS, TILE
from interpreter.engine.records import parse_record
from interpreter.engine.tiles import Laid

from ..questions.budget import GameBudget
from ..reporting.catalogue import Said, first_line
from .cause import PROPERTY_READS, case_exprs, cause_of, stop_answers
from ..questions.conditions import Condition
from .games import Game, Hints, Moment, Searched, Target, search, seed_of
from .laying import MOVE_SLOT, after_a_play
from .moment_situations import slot_situations
from .point import candidates_differ, candidates_part
from .targets import target_for
from .witnesses import At, Side, Stated, Witness, answer_from, made, setting_of


@dataclass
class Realised:
    """A candidate's fate: the game that shows it, or why none was found."""

    game: Game | None
    witness: Witness | None
    reason: str = ""


def realise(variant: Variant, cond: Condition, candidate: Witness | None,
            budget: GameBudget, ambiguous: tuple[int, int] | None = None) -> Realised:
    """Search a game that shows a refuted condition; check its record by replaying it.
    `ambiguous`: the line and column of a part with two answers, whose game must hold its
    candidates where the rule's answers part (checks/search/point.py); failing that, any game that
    stops there, its note saying that it does not show the point."""
    target = target_for(variant, cond)
    if target is None:
        return Realised(None, None, Said("no target"))
    hints = hints_of(candidate or Witness())
    seed = seed_of(variant.name, cond.query, cond.slot, cond.case, cond.other, cond.claim,
                   cond.situation)
    point = _candidates_apart(variant, cond, ambiguous) if ambiguous else None
    searched = search(variant, replace(target, stopped=point) if point else target, hints,
                      games=budget.games, seed=seed)
    if point is not None and searched.game is None:
        searched = _apart_by_a_swap(variant, replace(target, stopped=point), hints,
                                    seed) or searched
    unshown = point is not None and searched.game is None
    if unshown:  # no game within the budget holds them apart: today's game, said to be so
        searched = search(variant, target, hints, games=budget.games, seed=seed)
    game = searched.game
    if game is None:
        return Realised(None, None, searched.why_not())
    trouble = replay_trouble(variant, game)
    if trouble:
        return Realised(None, None, Said("no replay", trouble=trouble))
    witness = witness_of_game(game)
    if unshown:
        witness = witness.adding(note=Said("witpoint.candidates together", played=budget.games))
    witness = witness.adding(cause=cause_of(witness, _rules_of(variant, cond, game),
                                            stop_answers(game.stop) if game.stop else (),
                                            PROPERTY_READS.get(cond.query, frozenset())))
    return Realised(game, witness)


def _apart_by_a_swap(variant: Variant, target: Target, hints: Hints, seed: int
                     ) -> Searched | None:
    """A game of the candidate's deal with one tile of a seat exchanged for one of another
    seat, each exchange in turn (at most 7 × 7 for each pair of seats, a deal each): where the
    solver's candidate holds an ambiguity's tied tiles in one hand, moving one of them to
    another is the nearest deal that can hold them apart."""
    hands = hints.hands
    for s, t in itertools.combinations(range(len(hands)), 2):
        for a, b in itertools.product(hands[s], hands[t]):
            swapped = [list(hand) for hand in hands]
            swapped[s] = sorted([x for x in hands[s] if x != a] + [b])
            swapped[t] = sorted([x for x in hands[t] if x != b] + [a])
            found = search(variant, target, replace(hints, hands=swapped), games=1, seed=seed)
            if found.game is not None:
                return found
    return None


def _candidates_apart(variant: Variant, cond: Condition, at: tuple[int, int]
                      ) -> Callable[[RuleStop, Moment], bool] | None:
    """The test of a stop at an ambiguous part: its tied candidates give the rule different
    answers in the situation the engine stopped in (None: the part is not one of ties)."""
    found = candidates_part(variant, cond.slot, cond.case or 0, *at)
    if found is None:
        return None
    case, part = found

    def apart(stop: RuleStop, moment: Moment) -> bool:
        options = tuple(sorted(moment.setup.options.items()))
        return any(candidates_differ(variant, case, part, situation, options,
                                     moment.setup.players)
                   for situation in slot_situations(cond.slot, moment, moment.setup))
    return apart


def _rules_of(variant: Variant, cond: Condition, game: Game) -> list[Any]:
    """The expressions a finding is about: the claim, else the cases the engine stopped at,
    else the condition's cases of its slot."""
    if cond.query == "claim" and cond.claim is not None:
        return [variant.claims[cond.claim].expr]
    if game.stop is not None and game.stop.cases:
        return case_exprs(game.stop.cases)
    cases = variant.cases(cond.slot) if cond.slot else []
    return case_exprs(cases[i] for i in (cond.case, cond.other)
                      if i is not None and i < len(cases))


def _after_last_move(game: Game, stop: RuleStop) -> bool:
    """The replay stopped at a rule only once every move of the record was played."""
    rounds = game.record["rounds"]
    if not rounds:  # a moment as the players sat down: a setup rule stops right after
        return not game.at["round"] and stop.round_no in (None, 0)
    return stop.round_no == len(rounds) == game.at["round"] \
        and (stop.move_no or 0) >= len(rounds[-1]["moves"]) == game.at["moves"]


def replay_trouble(variant: Variant, game: Game) -> str:
    """Return why the game's record does not replay to the same moment ('' when it does)."""
    try:
        result = replay(variant, parse_record(game.record), partial=True)
    except RuleStop as stop:
        if game.stop is not None and stop.slot == game.stop.slot \
                and stop.kind == game.stop.kind and stop.cases == game.stop.cases:
            return ""
        if game.stop is None and _after_last_move(game, stop):
            game.then = stop.headline()
            return ""  # every move replayed: the situation was reached, then a rule stopped
        return Said("replay.stops instead", rule=stop.rule)
    except KozelError as error:
        return str(error)
    if game.stop is not None:
        return Said("replay.no stop", rule=game.stop.rule)
    at = game.at
    if result.unfinished is not None and at["moves"] and \
            result.unfinished != (at["round"], at["moves"]):
        return Said("replay.ends", got=str(result.unfinished), at=str(at))
    return ""


# ---- hints from the candidate ---------------------------------------------------------------

def hints_of(candidate: Witness) -> Hints:
    """What of the solver's candidate can steer a search: setting, hands, line."""
    hands = [sorted(t.index for t in h) for h in candidate.hands]
    if candidate.hand:
        hands = [sorted(t.index for t in candidate.hand)]
    kept = frozenset(t for h in hands for t in h) | {t.index for t in candidate.in_hands}
    return Hints(candidate.players, dict(candidate.options), hands,
                 frozenset(laid.tile.index for laid in candidate.line), kept,
                 candidate.first)  # a comparison's settings are one per variant: none steers


# ---- the witness, read off the engine ------------------------------------------------------

def witness_of_game(game: Game) -> Witness:
    """The situation where the game stopped, in domino terms, with the record to replay."""
    record = game.record
    parts: list[tuple[str, Any]] = [("players", record["players"]),
                                    ("options", setting_of(record["options"]))]
    moment = game.moment
    if moment is not None and moment.number:
        parts += _table_facts(moment) + _move_facts(game)
    parts.append(("shows", first_line(game.shows)))
    stop = game.stop
    if stop is not None:
        parts += stop.facts.items()
        if stop.values:
            parts.append(("values", tuple((c.pos.line, _stated(stop.slot, raw, words))
                                          for c, raw, words in zip(stop.cases, stop.answers,
                                                                   stop.values))))
        if stop.situation:
            parts.append(("situation", stop.situation))
    if game.then:
        parts.append(("then", game.then))
    parts.append(("at", At(game.at.get("round", 0), game.at.get("moves", 0))))
    parts.append(("record", record))
    return made(*parts)


def _stated(slot: str, value: Any, words: str) -> Stated:
    """A conflict's answer: the value, and the engine's words for it."""
    kind = SLOTS[slot].type
    return Stated(ts.tile_of(value) if kind == TILE else answer_from(kind, value), words)


def _table_facts(moment: Moment) -> list[tuple[str, Any]]:
    """Hands, line (as laid), stock and ends; the round's end and the sheet where known."""
    facts: list[tuple[str, Any]] = [("round", moment.number), ("first", moment.number == 1)]
    if moment.leader >= 0 and getattr(moment.setup, "lot", False):
        facts.append(("seat to lead", moment.leader))  # chosen by lot: the record starts there
    table = moment.table
    if table is None or table.lead_tile < 0:
        facts.append(("hands", tuple(tuple(ts.tiles_of(h)) for h in moment.hands)))
        facts.append(("stock", tuple(ts.tile_of(t) for t in moment.pile)))
        return facts
    facts.append(("hands", tuple(tuple(ts.tiles_of(h)) for h in table.held)))
    facts.append(("line", tuple(Laid(a, b) for a, b in table.line_tiles())))
    facts.append(("stock", tuple(ts.tile_of(t) for t in table.pile[table.drawn:])))
    facts += [("left", table.left), ("right", table.right)]
    if moment.side is not None:  # a side's written round, just before its goat is asked
        facts += moment.side.facts("match").items()
        facts.append(("totals", tuple(moment.side.totals)))
    result = moment.result
    if result is not None:
        facts.append(("end", result.end))
        facts.append(("winner" if result.end == "out" else "fisher", result.seat))
        facts.append(("written", tuple(result.points)))
        facts.append(("totals", tuple(result.scores)))
        seating = moment.setup.seating
        if result.goat:
            facts.append(("goat", tuple(_side(seating, s) for s in result.goat)))
        if result.winner:  # `winner` is the seat that went out: the match's winners are `won`
            facts.append(("won", tuple(_side(seating, s) for s in result.winner)))
    return facts


def _move_facts(game: Game) -> list[tuple[str, Any]]:
    """Right after a move that laid a tile, in a variant that scores moves: the count at the
    ends, and what the move scored (unless the engine stopped at that very rule)."""
    moment = game.moment
    if moment is None or not moment.setup.variant.cases(MOVE_SLOT):
        return []
    table = after_a_play(moment)
    if table is None:
        return []
    stopped = game.stop is not None and game.stop.slot == MOVE_SLOT
    return [("ends", table.ends)] + ([] if stopped else [("scored", table.scored)])


def _side(seating: Any, side: int) -> Side:
    """A side with its seats, when the players sit in pairs."""
    return Side(side, tuple(seating.seats_of[side]) if seating.partners else ())
