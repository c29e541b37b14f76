"""An assumption is shown at work: a game where the assumed rule decides what happens.

An assumption is where the encoding chose one reading of a text that does not say; the reader
of the report needs to see where that choice matters at the table. For every case that rests
on an assumption, the engine plays matches until one reaches a moment where the case applies
(the engine asks its slot there, and its `when` holds) and its answer shows in what the table
does (checks/search/point.py: an added amount that is not 0, points below the threshold that a side
has, a player who knocks or draws with tiles left); the witness says what the slot gives
there. A rule the engine never asks in a game (`remember` where every record opens at once)
decides nothing in it, so the game is not one that shows the assumption. Where no game of the
budget shows the answer, the game is one where the case only applies, and its note says so.
What the other reading would give needs that reading written as a rule of its own (the
language's alternative readings); until then the witness shows the assumed reading alone.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable

from interpreter.engine.evaluate import Undefined
from interpreter.language.model import Case, Variant
from interpreter.language.reads import variant_names
from interpreter.engine.words import seat_said, side_said
from interpreter.language.slots import MATCH_END_SLOTS, SLOTS

from ..reporting.about import OptionRef, RuleAt
from ..reporting.catalogue import Said
from .conditions import slot_situation
from ..compare.diff_games import WHEN, answer_of
from ..search.moment_situations import slot_situations
from ..reporting.findings import Finding
from ..search.games import MATCH_ROUNDS, Game, Hints, Moment, Target, search, seed_of
from ..search.point import answer_shows, answer_words, draw_shows, draw_words
from ..reporting.kinds import Kind
from ..search.realise import GameBudget, replay_trouble, witness_of_game
from ..search.targets import compile_in
from ..search.witnesses import Answer, NoValue, SeatIs, SideIs, Witness


# Contexts whose rules the engine settles as the match is set up (or, for the turn's rules,
# may settle there): their questions cannot be noted during play. A move's rule needs no
# noting: the table right after the move, where a game's test looks, is its very situation.
NOT_NOTED = ("setup", "turn", "move")


def assumption_games(variant: Variant, findings: list[Finding], budget: GameBudget
                     ) -> list[Finding]:
    """The findings, each assumption about a case with a game where that case applies (or
    the reason it has none)."""
    small = GameBudget(max(1, budget.games // 4))
    assumed = {RuleAt.of(c): c for _, cs in variant.slots for c in cs if c.assumption}
    return [_with_game(variant, f, assumed, small) if f.kind is Kind.ASSUMPTION else f
            for f in findings]


def _with_game(variant: Variant, finding: Finding, assumed: dict[RuleAt, Case],
               budget: GameBudget) -> Finding:
    """An assumption with its game (`assumed`: the cases that rest on one), or its message
    saying why it has none."""
    if isinstance(finding.about, OptionRef) and finding.about.name not in variant_names(variant):
        return _no_game(finding, Said("assumed.option"))
    case = assumed.get(finding.cases[0]) if finding.cases else None
    if case is None or case.unspecified:
        return finding
    witness = _applied_game(variant, case, budget)
    if witness is None:
        return _no_game(finding, Said("assumed.unasked", played=budget.games))
    return replace(finding, witness=witness)


def _no_game(finding: Finding, why: Said) -> Finding:
    """An assumption that says why it comes without a game."""
    return replace(finding, message=Said("assumed.no game", reason=finding.message, why=why))


def _applied_game(variant: Variant, case: Case, budget: GameBudget) -> Witness | None:
    """A game where the case applies and its answer shows in what is written (point.py);
    failing that within the budget, one where it only applies, its note saying so."""
    game = _search_applied(variant, case, budget, shown=True)
    unshown = game is None
    if unshown:
        game = _search_applied(variant, case, budget, shown=False)
    if game is None or replay_trouble(variant, game):
        return None
    witness = witness_of_game(game)
    if unshown:
        witness = witness.adding(note=Said("witpoint.unshown", slot=case.slot,
                                           played=budget.games))
    return witness


def _search_applied(variant: Variant, case: Case, budget: GameBudget, *, shown: bool
                    ) -> Game | None:
    key = slot_situation(case.slot, variant)
    asks = case.slot if SLOTS[case.slot].context not in NOT_NOTED else ""
    test = _applies(variant, case, shown)
    when = WHEN.get(key, "round")
    if shown and case.slot == "draw":  # asked at a turn: shown where a player draws or knocks
        when, test = "move", _at_a_draw(test)
    target = Target(when=when, test=test,
                    rounds=MATCH_ROUNDS if case.slot in MATCH_END_SLOTS else 4, asks=asks)
    return search(variant, target, Hints(), games=budget.games,
                  seed=seed_of(variant.name, "assumption", case.slot, case.pos.line)).game


def _at_a_draw(test: Callable[[Moment], str | None]) -> Callable[[Moment], str | None]:
    """The case's test at a move where a player without a tile to lay met tiles left."""
    def at_a_draw(moment: Moment) -> str | None:
        applies = test(moment) if draw_shows(moment) else None
        return draw_words(moment, applies) if applies else None
    return at_a_draw


def _applies(variant: Variant, case: Case, shown: bool = False
             ) -> Callable[[Moment], str | None]:
    """The case applies where its slot is asked (its `when` holds; for `otherwise`, no other
    case's does): say what the slot gives there. `shown`: and its answer changes what is
    written there (point.py)."""
    cases = variant.cases(case.slot)
    others = [c.guard for c in cases if c is not case and not c.otherwise and c.guard]
    guards = others if case.otherwise else [case.guard] if case.guard is not None else []

    def test(moment: Moment) -> str | None:
        context = SLOTS[case.slot].context
        options = tuple(sorted(moment.setup.options.items()))
        compiled = [compile_in(g, context, variant, options, moment.setup.players)
                    for g in guards]
        key = slot_situation(case.slot, variant)
        asked = moment.asked  # what the engine really asked, where it can be noted
        for situation in (asked if asked is not None else
                          slot_situations(case.slot, moment, moment.setup, key)):
            if not _holds(compiled, situation, case.otherwise):
                continue
            if shown and not answer_shows(variant, case, situation, options,
                                          moment.setup.players):
                continue
            value = answer_of(moment.setup, case.slot, situation)
            if isinstance(value, NoValue):
                continue  # the slot stops here: the case does not decide anything
            if shown:
                return answer_words(variant, case, situation, options, moment.setup.players,
                                    _words(value))
            return Said("shows.assumed", slot=case.slot, value=_words(value))
        return None
    return test


def _holds(guards: list[Callable[[Any], Any]], situation: Any, otherwise: bool) -> bool:
    """A case's guard holds (or, for `otherwise`, none of the other cases' guards does)."""
    try:
        results = [bool(g(situation)) for g in guards]
    except Undefined:
        return False
    return not any(results) if otherwise else all(results)


def _words(value: Answer) -> Any:
    """A slot's answer in words: tiles and numbers as written, yes/no and "no tile" said."""
    if isinstance(value, tuple):
        return " ".join(map(str, value)) or Said("value.no tile")
    if isinstance(value, bool):
        return Said("value.yes" if value else "value.no")
    if isinstance(value, SeatIs):  # the engine's seat or side, from 0: for people, from 1
        return seat_said(value.seat)
    if isinstance(value, SideIs):
        return side_said(value.side)
    if isinstance(value, str) and re.fullmatch(r"[a-z_]+", value):  # a word of the language
        return f"`{value}`"  # (partners, none): code
    return str(value)
