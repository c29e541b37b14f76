"""Diff witnesses as games: a match of variant A at whose moment A's rule and B's rule, each
compiled by the engine for its own variant, give different answers.

The game is played by A's rules (its record replays under A up to the moment); whether it is
also a game of B is said in the witness. As in the solver's comparison, B's rule is asked on
the same inputs as A's (the same hands, line, loser, points and totals), so that a difference
comes from the rule itself; options both variants have take the same value.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator

from interpreter.engine import RuleStop, prepare
from interpreter.engine.referee import replay
from interpreter.engine.setup import Setup
from interpreter.engine.words import Said as EngineSaid
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant
from interpreter.language.open_options import is_open, nearest
from interpreter.engine.records import parse_record
from interpreter.language.slots import MATCH_END_SLOTS, SLOTS

from ..reporting.catalogue import Said
from ..search.cause import case_exprs, cause_of, differing_cases
from ..questions.conditions import SLOT_SITUATION, slot_situation
from .diff_own import TABLE_SITUATIONS, OwnTables, Spent
from .diff_unfound import unfound_words
from ..search.games import MATCH_ROUNDS, Abandoned, Game, Moment, Searched, Target, search, seed_of
from ..search.moment_situations import slot_situations  # noqa: F401 (API: assumed.py, tests)
from ..search.realise import GameBudget, hints_of, replay_trouble, witness_of_game
from ..search.witnesses import Answer, NoValue, Witness, answer_from, answer_json, setting_of

WHEN = {"setup": "setup", "hand": "deal", "deal": "deal", "next": "deal", "lead": "deal",
        "play": "move", "move": "move", "turn": "move"}
STOCK_SLOTS = ("draw", "reserve")


@dataclass(frozen=True)
class Pair:
    """The two variants compared, their names, and the options fixed or shared."""

    a: Variant
    b: Variant
    names: tuple[str, str]
    fixed_a: dict[str, Any]
    fixed_b: dict[str, Any]
    linked: tuple[str, ...]
    nearest: bool = True  # options of the same name: the nearest value, not the candidate's
    points: bool = False  # the game must also show different points written (readings)


def realise_diff(pair: Pair, slot: str, candidate: Witness, budget: GameBudget
                 ) -> tuple[Witness | None, str]:
    """Return a game witness where the two rules of a slot differ, or None and why not.

    Options of the same name take the nearest values first (the boundary where two
    thresholds part); half the budget later, the solver's candidate setting. A rule that
    reads the table is first asked at B's own table (a game of both); where B's table
    reaches none of the moments, at A's tiles with B's physics (the witness's `under` says
    that the game is not one of B)."""
    half = GameBudget(max(1, budget.games // 2))
    asked = [0]  # the moments where both rules were asked: what the games saw of the slot
    tables = own_tables(pair, slot)  # a rule reading the table: asked at B's own (diff_own)
    searched = _searches(pair, slot, candidate, half, asked, tables)
    if searched.game is None and tables is not None and tables.replays:
        searched = _searches(pair, slot, candidate, half, [0], None)
    game = searched.game
    if game is None or game.setup is None:
        return None, Said("named", name=pair.names[0], text=unfound_words(searched, asked[0]))
    trouble = replay_trouble(pair.a, game)
    if trouble:
        return None, Said("no replay", trouble=trouble)
    return _witness(pair, game, candidate, slot), ""


def _searches(pair: Pair, slot: str, candidate: Witness, half: GameBudget, asked: list[int],
              tables: OwnTables | None) -> Searched:
    """The nearest values' search, then (with nothing found) the candidate setting's."""
    searched = _search(pair, slot, candidate, half, asked, tables)
    if searched.game is None and not (tables and tables.spent):
        more = _search(replace(pair, nearest=False), slot, candidate, half, asked, tables)
        stops = dict(searched.stops)  # in the order played, never a set's (hash) order
        for rule, count in more.stops.items():
            stops[rule] = stops.get(rule, 0) + count
        searched = Searched(more.game, stops, searched.played + more.played)
    return searched


def own_tables(pair: Pair, slot: str) -> OwnTables | None:
    """Where B's rule of a slot must be asked at B's own table (it reads the table's
    physics), the search's record of those replays; None where A's inputs are B's too."""
    return OwnTables(pair.b, slot) \
        if slot_situation(slot, pair.a, pair.b) in TABLE_SITUATIONS else None


def _search(pair: Pair, slot: str, candidate: Witness, budget: GameBudget,
            asked: list[int], tables: OwnTables | None = None) -> Searched:
    names = pair.names
    b_options = {**_candidate_options(candidate, names[1]), **pair.fixed_b}
    where = slot_situation(slot, pair.a, pair.b)
    target = Target(when=WHEN.get(where, "round"),
                    test=_differs(pair, slot, b_options, asked, tables),
                    rounds=MATCH_ROUNDS if slot in MATCH_END_SLOTS else 4,
                    first_only=where == "deal")  # the match's first deal (moment_situations)
    hints = hints_of(replace(candidate, by_variant=(),
                             options=setting_of(_candidate_options(candidate, names[0]))))
    shared = sorted(set(pair.a.players) & set(pair.b.players))
    if slot in STOCK_SLOTS and shared:  # the fewest players leave the most stock to draw
        hints.players = shared[0]
    try:
        return search(pair.a, target, hints, games=budget.games,
                      seed=seed_of(pair.a.name, pair.b.name, slot, pair.nearest),
                      fixed=pair.fixed_a)
    except Spent:  # every replay under B is used (diff_own.py): the search ends here
        assert tables is not None
        tables.spent = True
        return Searched(None, {}, 0)


def _witness(pair: Pair, game: Game, candidate: Witness, slot: str) -> Witness:
    names = pair.names
    assert game.setup is not None and isinstance(game.shows, Differs)
    b_options = {**_candidate_options(candidate, names[1]), **pair.fixed_b}
    settings = {names[0]: game.record["options"],
                names[1]: options_for(pair, game.setup.options, b_options)}
    witness = witness_of_game(game).adding(
        does=tuple(zip(names, game.shows.answers)),
        shows=Said("shows.differs", slot=slot),  # the game's first line, in words
        by_variant=tuple((name, setting_of(s)) for name, s in settings.items()),
        under=(names[1], _replays_under(pair.b, game.record, settings[names[1]])))
    rules = case_exprs(differing_cases(pair.a.cases(slot), pair.b.cases(slot)))
    return witness.adding(cause=cause_of(witness, rules, game.shows.answers))


def _candidate_options(candidate: Witness, name: str) -> dict[str, Any]:
    return dict(dict(candidate.by_variant).get(name, ()))


def options_for(pair: Pair, a_options: dict[str, Any], hinted: dict[str, Any]
                 ) -> dict[str, Any]:
    """B's setting: what is fixed for B, else the value A plays wherever B has that option
    and that value, else the candidate's, else B's default, else its first value."""
    chosen = {}
    for option in pair.b.options:
        if option.name in pair.fixed_b:
            chosen[option.name] = pair.fixed_b[option.name]
        elif option.name in pair.linked or a_options.get(option.name) in option.values:
            chosen[option.name] = a_options[option.name]
        elif pair.nearest and _number(a_options.get(option.name)) \
                and (is_open(option.values) or all(map(_number, option.values))):
            # a threshold both variants have with other values: the nearest, so that the
            # game sits where the two rules part (100 against 101, not against 301); in an
            # open range, the value itself where the range holds it, else its nearer end
            chosen[option.name] = nearest(option.values, int(a_options[option.name]))
        elif option.name in hinted and hinted[option.name] in option.values:
            chosen[option.name] = hinted[option.name]
        else:
            chosen[option.name] = option.usual_value()
    return chosen


def _number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _differs(pair: Pair, slot: str, hinted: dict[str, Any], asked: list[int] | None = None,
             tables: OwnTables | None = None) -> Callable[[Moment], str | None]:
    asked = [0] if asked is None else asked  # counts the moments both rules were asked
    setups: dict[str, Setup | None] = {}
    b = pair.b
    # B's setup for each of A's setups a search shares among its matches (asked at every
    # moment of every match: B's setting is worked out once per A's setup, which is kept
    # here with it, so that its id is never another's)
    by_setup: dict[int, tuple[Setup, Setup | None]] = {}

    def b_setup(moment: Moment) -> Setup | None:
        known = by_setup.get(id(moment.setup))
        if known is not None and known[0] is moment.setup:
            return known[1]
        options = options_for(pair, moment.setup.options, hinted)
        key = repr((moment.setup.players, options))
        if key not in setups:
            try:
                setups[key] = prepare(b, moment.setup.players, options)
            except (RuleStop, KozelError):
                setups[key] = None
        if len(by_setup) >= 64:  # a search that notes a rule's questions copies its setup
            by_setup.clear()
        by_setup[id(moment.setup)] = (moment.setup, setups[key])
        return setups[key]

    where = slot_situation(slot, pair.a, b)

    def test(moment: Moment) -> str | None:
        other = b_setup(moment)
        if other is None or moment.setup.players not in b.players:
            return None
        pairs = zip(slot_situations(slot, moment, moment.setup, where),
                    slot_situations(slot, moment, other, where))
        for sit_a, sit_b in pairs:
            asked[0] += 1
            value_a = answer_of(moment.setup, slot, sit_a)
            value_b = answer_of(other, slot, sit_b)
            if value_a != value_b and (not pair.points or _points_differ(pair, moment, other)):
                return Differs.of(slot, value_a, value_b) if tables is None \
                    else _at_own_table(tables, slot, moment, other, where)
        return None
    return test


def _at_own_table(tables: OwnTables, slot: str, moment: Moment, other: Setup, where: str
                  ) -> str | None:
    """A's answer against B's, each asked at its own table (B's: A's game replayed under B's
    rules up to the moment); None where B's table does not reach the moment or agrees."""
    own = tables.moment_of(moment, other)
    if own is None:  # B's table never comes here; nor to any later moment of this match
        raise Abandoned(None)
    situations = slot_situations(slot, moment, moment.setup, where)
    answers: list[tuple[Answer, Answer]]
    if isinstance(own, RuleStop):  # B's own rule gives no answer here
        answers = [(answer_of(moment.setup, slot, s), NoValue(own.kind)) for s in situations]
    else:
        answers = [(answer_of(moment.setup, slot, sit_a), answer_of(other, slot, sit_b))
                   for sit_a, sit_b in zip(situations, slot_situations(slot, own, other, where))]
    for value_a, value_b in answers:
        if value_a != value_b:
            tables.parted += 1
            return Differs.of(slot, value_a, value_b)
    return None


def _points_differ(pair: Pair, moment: Moment, other: Setup) -> bool:
    """The game so far writes other totals under B (replayed) than A wrote playing it."""
    if moment.record is None or moment.result is None:
        return False  # no round written yet at this moment: no points to compare
    under_b = written_totals(pair.b, moment.record(), other.options)
    return under_b is not None and under_b != tuple(moment.result.scores)


def written_totals(variant: Variant, record: dict[str, Any], options: dict[str, Any]
                   ) -> tuple[int, ...] | None:
    """The totals a record writes under a variant (replayed up to where it ends), or None
    when it is not a game of that variant."""
    try:
        return tuple(replayed_under(variant, record, options).scores)
    except KozelError:
        return None


def replayed_under(variant: Variant, record: dict[str, Any], options: dict[str, Any]) -> Any:
    """Replay another variant's record (up to where it ends) under a variant and options."""
    return replay(variant, parse_record({**record, "variant": variant.name, "options": options}),
                  partial=True)


class Differs(str):
    """What a diff's game shows (its words: the slot and both answers as the JSON writes
    them), with the two answers as values."""

    answers: tuple[Answer, Answer]

    @classmethod
    def of(cls, slot: str, a: Answer, b: Answer) -> "Differs":
        """The two answers of a slot at a moment."""
        shown = cls(f"`{slot}` answers differently here\n{json.dumps(answer_json(a))}\n"
                    f"{json.dumps(answer_json(b))}")
        shown.answers = (a, b)
        return shown


def answer_of(setup: Setup, slot: str, situation: Any) -> Answer:
    """A rule's answer as a value (a seat, tiles, yes, ...), or why it gives none."""
    try:
        value = setup.rules[slot](situation)
    except RuleStop as stop:
        return NoValue(stop.kind)
    return answer_from(SLOTS[slot].type, value)


def _replays_under(b: Variant, record: dict[str, Any], options: dict[str, Any]) -> str:
    """Whether A's game is also a game of B up to the same moment."""
    try:
        replayed_under(b, record, options)
    except RuleStop as stop:
        return Said("under.stops", rule=stop.rule)
    except KozelError as error:
        why = error.args[0] if error.args and isinstance(error.args[0], EngineSaid) \
            else str(error)
        return Said("under.not a game", name=b.name, error=why)
    return Said("under.both")
