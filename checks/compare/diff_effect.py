"""Whether a difference changes anything a player sees: `different` with the game that shows
it, or `no difference found` with what was searched. Never "same" from a sample.

Two rules of a slot that answer differently (the solver's situation, or a game reaching it)
matter only if something a player sees changes: a legal move or redeal offered, a deal thrown
in, who leads, whether a round or the match ends, a number on the sheet (remembered and hanging
points included), who is the goat. That is asked of the engine alone, by lockstep play
(checks/compare/lockstep.py): each variant against itself with the one slot's rule taken from
the other (the "swapped" variant: everything else stays, so what parts them is that rule's
doing), in both directions, from the same deals with the same choices, until a step differs.

The search is bounded by a count (`MATCHES` per slot, same input, same output): the first
matches continue the diff's game (its deals and moves, then chance), the others are played at
every table size and at each variant's own option setting, then at other settings. The first
parting is the slot's game (`effect`); none is `no difference found`, its note saying how many
matches were played and where: a search, not a proof.

A rule that asks another at the moment (`fish` reading `blocked`, which is the variant's own
`draw` and `pass`: ASKED_TERMS) is, swapped alone, asked where its own variant never plays; where
those rules are worded otherwise, the parting's direction is searched again with them taken
from the other on both sides, and a parting that is then not found is `reached through` them
(`through`).

Not searched: a slot whose rule has the same words in both (a difference the solver shows comes
through the slots it reads: checks/compare/diff_reads.py; one it leaves open is `same`, the
same text), a difference shown by a game of B, and one compared across table sizes
(checks/compare/diff_sizes.py). A rule one variant leaves partly `unspecified` is searched,
and stays `different` without a parting (a rule left open against one decided is a
difference in itself).

An option whose default differs and that no differing slot shows is played too (option_played):
one variant offering both values, at each variant's default, side by side.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from interpreter.engine import RuleStop, Setup
from interpreter.engine.records import MatchRecord, RecordError, RoundRecord, parse_record
from interpreter.engine.referee import replay
from interpreter.language.errors import KozelError
from interpreter.language.file_words import SlotName
from interpreter.language.model import Variant
from interpreter.language.reads import case_parts, names_read
from interpreter.language.slots import SLOTS
from interpreter.language.summary import case_text

from ..reporting.catalogue import Said, said_list
from ..search.games import seed_of, settings_of
from ..search.witnesses import At, Witness, made, setting_of
from .lockstep import SEEN, Parting, Party, options_of, parting_of, setup_of
from .parting_text import what_parts, parting_said, searched_said

MATCHES = 48  # lockstep matches per slot judged (a count: the same report under any load)
JUDGED = ("different", "unconfirmed", "unknown")  # what the solver leaves for the engine


@dataclass(frozen=True)
class Compared:
    """The two variants of a diff and the names its witnesses give them."""

    a: Variant
    b: Variant
    names: tuple[str, str]


@dataclass(frozen=True)
class Table:
    """One kind of lockstep match of a search: which direction, how many players, the
    settings, and the game to continue (None: shuffled from the first deal)."""

    first: Party
    second: Party
    players: int
    prefix: MatchRecord | None = None


def judged(compared: Compared, slots: list[Any]) -> list[Any]:
    """The diff's slots, each one the solver leaves open or shows different judged by lockstep
    play: `different` with the game that shows a player the change, else `no difference
    found`. (The slots are diff.SlotDiff: not imported, diff.py imports this.)"""
    return [_judged(compared, entry) for entry in slots]


def _judged(compared: Compared, entry: Any) -> Any:
    if entry.status not in JUDGED or entry.across is not None:
        return entry
    if _same_words(compared, entry.slot):  # a difference only through what it reads, if any
        return entry if entry.status == "different" else \
            replace(entry, status="same", note=Said("note.same text"), candidate=None)
    witness = entry.witness or entry.candidate
    if entry.witness is not None and _game_of_b(compared, entry.witness):
        return entry
    tables = tables_of(compared, entry.slot, witness)
    found, played, through = _searched(compared, entry.slot, tables)
    if found is None and entry.status == "different" and (
            _unspecified(compared.a, entry.slot) or _unspecified(compared.b, entry.slot)):
        return entry  # a rule left open against one decided: a difference in itself
    if found is None:
        why = searched_said(entry.slot, compared.names, played)
        note = Said("joined", a=entry.note, b=why) if entry.note and entry.status != \
            "different" else why
        return replace(entry, status="no difference found", note=note, witness=None,
                       candidate=entry.candidate or entry.witness)
    shown = effect_witness(compared, entry.slot, found)
    note = parting_said(entry.slot, found)
    if through:
        names = said_list([SlotName(name, quoted=False) for name in through.split(", ")])
        note = Said("joined", a=Said("lockstep.through", slot=entry.slot, through=names,
                                     a=found.names[0], b=found.names[1],
                                     matches=MATCHES), b=note)
        return replace(entry, status="different", effect=shown, note=note, through=through,
                       witness=entry.witness or shown, candidate=None)
    if entry.witness is None:  # the solver's situation had no game: the parting is the game
        return replace(entry, status="different", witness=shown, effect=shown, note=note,
                       candidate=None)
    return replace(entry, status="different", effect=shown,
                   note=Said("joined", a=entry.note, b=note) if entry.note else note)


# the terms whose value is another rule asked at the moment (not a result of play so far):
# `blocked` is whether anyone may lay or draw, by the variant's own `draw` and `pass`
ASKED_TERMS = {"blocked": ("draw", "pass")}


def inputs_apart(compared: Compared, slot: str) -> tuple[str, ...]:
    """The rules a slot's rule asks at the moment through a term (`blocked`: `draw`,
    `pass`) that are worded otherwise in the two variants: swapped alone, the rule is asked
    where its own variant's rules would never put it (minsk's `fish: blocked` where
    gambler-1v1's players may still draw)."""
    a, b = compared.a, compared.b
    named = names_read(*case_parts(a.cases(slot)), *case_parts(b.cases(slot)))
    asked = {maker for term in named for maker in ASKED_TERMS.get(term, ())}
    return tuple(name for name in SLOTS if name in asked and
                 [case_text(c) for c in a.cases(name)] != [case_text(c) for c in b.cases(name)])


def _searched(compared: Compared, slot: str, tables: list[Table]
              ) -> tuple[Parting | None, Played, str]:
    """The slot's search, and what its parting is reached through ('' where it is the
    rule's own). Where what the rule reads is worded otherwise in the two variants, the
    parting's direction is searched again with the other's rules of those inputs on both
    sides: a rule asked where its own variant's inputs would never put it (minsk's
    `fish: blocked` where gambler-1v1's players may still draw) is no difference of its own
    when, so asked, the two are not told apart."""
    seed = seed_of(*compared.names, slot, "lockstep")
    found, played = search(tables, seed)
    inputs = inputs_apart(compared, slot)
    if found is None or not inputs:
        return found, played, ""
    first, other = (compared.a, compared.b) if found.names[0] == compared.names[0] else \
        (compared.b, compared.a)
    for name in inputs:
        first = swapped(first, other, name)
    again = [replace(t, first=replace(t.first, variant=first),
                     second=replace(t.second, variant=swapped(first, other, slot)))
             for t in tables if t.first.name == found.names[0]]
    own, rechecked = search(again, seed_of(*compared.names, slot, "own inputs"))
    if own is not None or rechecked.matches < MATCHES:  # parted, or not played in full
        return found, played, ""
    return found, played, ", ".join(inputs)


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
    """A with the slot's rule taken from B (and B's options A lacks, for that rule to read);
    where A leaves the slot to the language's default, B's rule is added."""
    slots = tuple((name, b.cases(slot) if name == slot else cases) for name, cases in a.slots)
    if slot not in dict(a.slots):
        slots += ((slot, b.cases(slot)),)
    slots = tuple((name, cases) for name, cases in slots if cases)
    mine = {o.name for o in a.options}
    options = a.options + tuple(o for o in b.options if o.name not in mine)
    return replace(a, slots=slots, options=options)


def tables_of(compared: Compared, slot: str, witness: Witness | None) -> list[Table]:
    """The kinds of match a slot's search plays, in order: the diff's game continued in both
    directions, then every table size at each variant's own setting, then other settings."""
    (a, b), (na, nb) = (compared.a, compared.b), compared.names
    given = dict(witness.by_variant) if witness is not None else {}
    on = {na: dict(given.get(na, ())), nb: dict(given.get(nb, ()))}
    prefix = _prefix(witness, a.name)
    shared = [p for p in a.players if p in b.players]  # a rule is asked at its own tables
    tables: list[Table] = []
    for first, other, mine, theirs in ((a, b, na, nb), (b, a, nb, na)):
        with_rule = swapped(first, other, slot)

        usual = {o.name: o.usual_value() for o in with_rule.options}  # open ones set too

        def table(players: int, options: dict[str, Any], record: Any = None) -> Table:
            options = {**usual, **options}
            return Table(Party(first, options_of(first, options), mine),
                         Party(with_rule, options_of(with_rule, options), theirs), players,
                         record)
        if witness is not None and witness.players in shared:
            tables.append(table(witness.players, {**on[theirs], **on[mine]}, prefix))
        tables += [table(players, {}) for players in shared]
        rng = random.Random(seed_of(mine, theirs, slot))
        tables += [table(p, o) for p, o in settings_of(with_rule, rng, limit=8) if p in shared]
    first_ones = [t for t in tables if t.prefix is not None]
    return first_ones + [t for t in tables if t.prefix is None]


def _prefix(witness: Witness | None, name: str) -> MatchRecord | None:
    """The game to continue: the witness's record, else the solver's candidate deal (the
    hands and stock where the two rules answer differently) as a first round to play."""
    record = witness.record if witness is not None else None
    if not record:
        return _candidate_deal(witness, name)
    try:
        return parse_record({**record, "variant": name})
    except (RecordError, KozelError):
        return None


def _candidate_deal(witness: Witness | None, name: str) -> MatchRecord | None:
    """A candidate's first-round deal, where it names every hand and the stock (a deal the
    engine refuses, e.g. of another size, is shuffled instead: lockstep._Driver.deal)."""
    if witness is None or not witness.hands or witness.players is None \
            or witness.first is False or witness.line:
        return None
    dealt = RoundRecord((), tuple(tuple(sorted(h)) for h in witness.hands),
                        tuple(witness.stock), ())
    return MatchRecord(name, witness.players, {}, (dealt,))


@dataclass
class Played:
    """What a search played: matches in all, per table size, and how many ran into a stop."""

    matches: int = 0
    sizes: tuple[int, ...] = ()
    continued: int = 0  # matches that continued the diff's game


def search(tables: list[Table], seed: int, matches: int = MATCHES
           ) -> tuple[Parting | None, Played]:
    """The first lockstep match of `matches` (over the tables in turn) whose parties part."""
    played = Played()
    sizes: set[int] = set()
    seated = _Seated(tables)
    for index in range(matches):
        at = seated.at(index)
        if at is None:  # no table sets up: nothing is played
            break
        table, setups = at
        sizes.add(table.players)
        played.matches += 1
        played.continued += table.prefix is not None
        played.sizes = tuple(sorted(sizes))
        found = parting_of(setups, seed + index, table.prefix)
        if found is not None:
            return _named(found, table), played
    return None, played


class _Seated:
    """The tables of a search that set up, each set up once and only when a match first
    needs it: most searches part in their first matches, and setting a table up (compiling
    both parties' rules) costs more than a match. The match of each index is the one an
    eager setup of every table gives: the index-th table that sets up, in turn once every
    table is known."""

    def __init__(self, tables: list[Table]) -> None:
        self.left = list(reversed(tables))  # the tables not set up yet, the next one last
        self.ready: list[tuple[Table, tuple[Setup, Setup]]] = []

    def at(self, index: int) -> tuple[Table, tuple[Setup, Setup]] | None:
        """The table of the index-th match and its setups; None where no table sets up."""
        while len(self.ready) <= index and self.left:
            table = self.left.pop()
            first = _set_up(table.first, table.players)
            second = _set_up(table.second, table.players) if first else None
            if first and second:
                self.ready.append((table, (first, second)))
        if not self.ready:
            return None
        return self.ready[index % len(self.ready)]


# The parties set up last, by their variant's identity (kept alive here, so that its id is
# never another's), table size and options: a comparison's two variants play in the search of
# every slot, and a Setup is only read while a match is played (as games.py shares its own).
_SET_UP: dict[tuple[int, int, str], tuple[Variant, Setup | None]] = {}


def _set_up(party: Party, players: int) -> Setup | None:
    """setup_of, once per party's setting."""
    key = (id(party.variant), players, repr(party.options))
    known = _SET_UP.get(key)
    if known is None or known[0] is not party.variant:
        if len(_SET_UP) >= 64:
            _SET_UP.clear()
        known = _SET_UP[key] = (party.variant, setup_of(party, players))
    return known[1]


def _named(found: Parting, table: Table) -> Parting:
    return replace(found, names=(table.first.name, table.second.name))


def effect_witness(compared: Compared, slot: str, found: Parting) -> Witness:
    """The game that shows the parting, replayable under both parties' rules."""
    record = found.record
    options = dict(record.get("options", {}))
    mine, theirs = found.names
    other = compared.b if compared.a.name == record["variant"] else compared.a
    settings = ((mine, setting_of(options)),
                (theirs, setting_of({o.name: options.get(o.name, o.usual_value())
                                     for o in other.options})))
    return made(("players", found.players), ("by_variant", settings),
                ("round", found.round), ("shows", parting_said(slot, found)),
                ("at", At(found.round, len(record["rounds"][-1]["moves"])
                          if record.get("rounds") else 0)),
                ("record", record))


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


def option_played(compared: Compared, name: str) -> tuple[Said, Witness] | None:
    """An option whose default differs, played at each variant's default side by side (in
    one variant that offers both values, so that nothing else differs): the parting in
    words and its game, or None when none of `MATCHES` matches parts (or none sets up)."""
    (a, b), names = (compared.a, compared.b), compared.names
    oa, ob = a.option(name), b.option(name)
    if oa is None or ob is None or oa.usual_value() == ob.usual_value():
        return None
    values = (oa.usual_value(), ob.usual_value())
    host = next((v for v, o in ((b, ob), (a, oa)) if all(x in o.values for x in values)),
                None)
    if host is None:
        return None
    usual = {o.name: o.usual_value() for o in host.options}
    parties = [Party(host, options_of(host, {**usual, name: value}), shown)
               for value, shown in zip(values, names)]
    tables = [Table(parties[0], parties[1], players) for players in host.players]
    found, _ = search(tables, seed_of(*names, "option", name))
    if found is None:
        return None
    said = Said("lockstep.option parts", option=name, a=names[0], va=values[0], b=names[1],
                vb=values[1], players=found.players, what=what_parts(found))
    return said, effect_witness(compared, name, found)
