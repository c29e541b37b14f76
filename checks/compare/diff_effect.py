"""Whether a difference changes anything a player sees: "different" or "same in effect".

Two rules of a slot that answer differently at a moment (a diff's game) matter only if
something a player sees changes: a legal move, who leads, whether the round or the match ends,
a number written, who is the goat. That is asked of the engine with A's own rules and one
change: the slot's rule swapped for B's (the "swapped" variant, B's options it reads set as
B's game has them). Everything else stays A's, so what changes is that rule's doing alone.

* A's game up to the moment is replayed under A and under the swapped variant: a move one of
  them refuses, a round that ends elsewhere, a number, a leader or a goat written otherwise is
  seen at once.
* Else the effect may come later (a remembered point, a record opened, points carried):
  matches of A are played on (EFFECT_GAMES of them, a count, at the game's player count) and
  every round's sheet so far is replayed under both; the first that differs is the game that
  shows it.
* A slot whose answer is itself what a player sees or is offered (SEEN_AS_ANSWER: a lead, a
  redeal, a move allowed, an end) is not replayed: a record keeps the choices made, not those
  offered, so a replay could not see an optional redeal or move that is new.
* If none does, the slot is "same in effect": its rule answers otherwise, but in none of
  those games does a player see a change (the reason says how many were played).

A slot whose rule has the same words in both is not judged either: swapping it changes
nothing by construction, so the swap could show nothing; its difference comes through the
slots it reads (checks/compare/diff_reads.py), and stays `different`.

A swapped variant the engine cannot set up (B's rule reads what A's table lacks) is left
"different": no claim is made that it changes nothing. So is a difference shown by a game of B
(a rule A leaves `unspecified`: A's game never reaches it), a rule A leaves partly
unspecified (A's games stop at that case: kozel-classic's score at a fish), or one compared
across table sizes.

`judged` is the one hook checks/compare/diff.py calls, on the slots it compared: each `different`
one is kept, given the later game that shows it (`effect`), or made `same in effect`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from interpreter.engine import RuleStop, prepare
from interpreter.engine.records import parse_record
from interpreter.engine.referee import replay
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant
from interpreter.language.summary import case_text

from ..reporting.catalogue import Said
from ..search.games import Game, Hints, Moment, Target, search, seed_of
from ..search.realise import witness_of_game
from ..search.witnesses import Witness

# slots whose answer is itself what a player sees or is offered (who sits with whom, a redeal
# offered or made, who leads and with what, a move allowed, the round's or the match's end):
# answered otherwise at both own tables, a player sees it; a replay could not (a record keeps
# the choices made, not the ones offered)
SEEN_AS_ANSWER = ("sides", "deal", "reserve", "pass", "two doubles", "redeal", "lead match",
                  "lead round", "lead tile", "fish", "goat", "wins")
EFFECT_GAMES = 12  # matches of A played on to see a later effect of the swapped rule
SEEN = ("number", "end", "seat", "leader", "lead", "points", "scores", "losers", "goat",
        "winner", "redeals", "moves")  # what a round's result shows a player


@dataclass(frozen=True)
class Compared:
    """The two variants of a diff and the names its witnesses give them."""

    a: Variant
    b: Variant
    names: tuple[str, str]


def judged(compared: Compared, slots: list[Any]) -> list[Any]:
    """The diff's slots, each `different` one judged by what a player sees (the others as
    they are): `same in effect` with its reason, or `different` with a later game if its own
    shows no change yet. (The slots are diff.SlotDiff: not imported, diff.py imports this.)"""
    return [_judged(compared, entry) for entry in slots]


def _judged(compared: Compared, entry: Any) -> Any:
    if entry.status != "different" or entry.witness is None or entry.witness.record is None \
            or entry.across is not None or _game_of_b(compared, entry.witness) \
            or _unspecified(compared.a, entry.slot) or _same_words(compared, entry.slot):
        return entry
    unseen, later = effect_of(compared, entry.slot, entry.witness)
    if unseen is not None:
        return replace(entry, status="same in effect",
                       note=Said("joined", a=entry.note, b=unseen) if entry.note else unseen)
    return replace(entry, effect=later) if later is not None else entry


def _same_words(compared: Compared, slot: str) -> bool:
    """The slot's rule reads word for word the same in both: swapping it is no change."""
    return [case_text(c) for c in compared.a.cases(slot)] == \
        [case_text(c) for c in compared.b.cases(slot)]


def _unspecified(variant: Variant, slot: str) -> bool:
    """A leaves a case of the rule open: A's games stop there, so none can show what B's rule
    does in that case (a rule left open against one decided is a difference in itself)."""
    return any(case.value is None for case in variant.cases(slot))


def _game_of_b(compared: Compared, witness: Witness) -> bool:
    """The game shown is B's (a rule A leaves `unspecified`: checks/compare/diff_options.py)."""
    return (witness.record or {}).get("variant", compared.a.name) != compared.a.name


def swapped(a: Variant, b: Variant, slot: str) -> Variant:
    """A with the slot's rule taken from B (and B's options A lacks, for that rule to read)."""
    slots = tuple((name, b.cases(slot) if name == slot else cases) for name, cases in a.slots)
    mine = {o.name for o in a.options}
    options = a.options + tuple(o for o in b.options if o.name not in mine)
    return replace(a, slots=slots, options=options)


def seen_in(variant: Variant, record: dict[str, Any], options: dict[str, Any]) -> Any:
    """What a player sees of a record replayed under a variant: each finished round's
    result, where the record breaks off, or the words of the move or rule it stops at."""
    try:
        result = replay(variant, parse_record({**record, "variant": variant.name,
                                               "options": options}), partial=True)
    except (RuleStop, KozelError) as error:
        return ("stops", str(error))
    rounds = tuple(tuple(getattr(r, name) for name in SEEN) for r in result.rounds)
    return rounds, result.unfinished


def effect_of(pair: Compared, slot: str, witness: Witness, games: int = EFFECT_GAMES
              ) -> tuple[Said | None, Witness | None]:
    """(None, None) when the witness's own game shows a change; (None, game) when a later
    game does; (reason, None) when no game shows one: the slot is the same in effect."""
    if slot in SEEN_AS_ANSWER:
        return None, None
    record = dict(witness.record or {})
    settings = dict(witness.by_variant)
    a_options = dict(settings.get(pair.names[0], ()))
    b_options = dict(settings.get(pair.names[1], ()))
    other = swapped(pair.a, pair.b, slot)
    options = {**b_options, **a_options}
    options = {o.name: options[o.name] for o in other.options if o.name in options}
    try:
        prepare(other, record["players"], options)
    except (RuleStop, KozelError):
        return None, None  # B's rule cannot sit at A's table: no claim either way
    if seen_in(pair.a, record, a_options) != seen_in(other, record, options):
        return None, None
    game = _later(pair, slot, other, record["players"], a_options, options, games)
    if game is not None:
        return None, witness_of_game(game)
    return Said("difftruth.nothing seen", slot=slot, a=pair.names[0], b=pair.names[1],
                    games=games), None


def _later(pair: Compared, slot: str, other: Variant, players: int, a_options: dict[str, Any],
           options: dict[str, Any], games: int) -> Game | None:
    """A match of A at whose round end the sheet so far reads otherwise under the swapped
    rule (None when none of `games` matches shows it)."""
    def test(moment: Moment) -> str | None:
        if moment.record is None or moment.setup.players != players:
            return None
        record = moment.record()
        if seen_in(pair.a, record, dict(moment.setup.options)) == seen_in(other, record,
                                                                          options):
            return None
        return Said("difftruth.seen", slot=slot, round=moment.number)

    target = Target(when="round", test=test, rounds=4)
    hints = Hints(players=players, options=a_options)
    searched = search(pair.a, target, hints, games=games,
                      seed=seed_of(pair.a.name, pair.b.name, slot, "effect"), fixed=a_options)
    return searched.game
