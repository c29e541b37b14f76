"""Dynamic properties, checked by playing matches through the engine (Hypothesis chooses the
player count, the options and the seeds; the engine is the interpreter under test).

Per move and per round a listener checks: a player never knocks while holding a tile that
fits (unless the variant lets him pass) or while he could draw; a fish leaves both ends equal
(where Z3 proved that it must); every `claim play` holds, and every `claim move` after each
move that lays a tile; and each match, written as a kozel-record/1, replays to the same result. A violation is a finding whose witness is the
record of the match. A rule stop (a gap of the variant met in play) is expected where the
checker found one statically; elsewhere it is reported too.
"""

from __future__ import annotations

import random
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Collection, Iterator

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

from interpreter.engine import Listener, Move, RuleStop, play_match, prepare
from interpreter.engine.evaluate import Env, Undefined, compile_expr
from interpreter.engine.moves import PLAY
from interpreter.engine.tileset import WITH
from interpreter.engine.words import Count, seat_no
from interpreter.language.ast import Pos
from interpreter.language.errors import KozelError
from interpreter.language.model import Case, Variant
from interpreter.language.slots import CLAIM_CONTEXTS
from interpreter.engine.players import RandomPlayer
from interpreter.engine.records import new_record, parse_record, record_json
from interpreter.language.summary import case_text
from interpreter.language.typing_rules import option_type, symbols_with_options

from ..reporting.about import ClaimRef, Named, PropertyRef, RuleAt
from ..reporting.catalogue import Said, first_line
from ..search.cause import named_by
from ..reporting.findings import Finding
from ..search.games import Target, Tee, Writer, shuffled
from ..reporting.kinds import Kind
from ..search.witnesses import At, Witness, made, setting_of

ROUNDS_PER_MATCH = 8  # enough to reach the rounds after the first, small enough for speed


@dataclass
class Violation(Exception):
    """A dynamic property that failed in one match."""

    slot: str
    message: str
    line: int = 0
    column: int = 0
    record: dict[str, Any] | None = None
    at: dict[str, int] | None = None  # where in the record the property failed
    file: str = ""  # the file of line:column (a claim may be inherited from another file)
    claim: str | None = None  # the text of the claim that failed
    built_in: str | None = None  # else the property every match must keep that failed
    named: Named = Named()  # the seats, tiles and parts of the line its message names


@dataclass
class PlayoutStats:
    """What the playouts did, for the summary line."""

    matches: int = 0
    rounds: int = 0
    stops: dict[str, int] = field(default_factory=dict)
    stop_messages: dict[str, str] = field(default_factory=dict)
    stop_games: dict[str, Witness] = field(default_factory=dict)  # the first, as witness
    # the unspecified cases play reached: (file, line) of the case -> the case, the stop and
    # the game that reached it
    reached: dict[tuple[str, int], tuple[Case, str, Witness]] = field(
        default_factory=dict)

    def stopped(self, stop: RuleStop, game: Witness) -> None:
        """Count a rule stop; keep the first message and game per slot and every unspecified
        case reached."""
        self.stops[stop.slot] = self.stops.get(stop.slot, 0) + 1
        self.stop_messages.setdefault(stop.slot, str(stop))
        self.stop_games.setdefault(stop.slot, game)
        if stop.kind == "unspecified":
            for case in stop.cases:
                self.reached.setdefault((case.pos.file, case.pos.line), (case, str(stop), game))

    def text(self) -> str:
        """Return e.g. `20 playouts, 113 rounds, 3 rule stops` (the JSON's words, kept as
        they always were), in Russian with each word agreeing with its number."""
        stops = sum(self.stops.values())
        return Said("playout stats",
                    matches=Count(self.matches, "playouts", f"{self.matches} playouts"),
                    rounds=Count(self.rounds, "rounds", f"{self.rounds} rounds"),
                    stops=Count(stops, "rule stops", f"{stops} rule stops"))


class _Watcher(Listener):
    """Checks the per-move and per-round properties while a match is played."""

    def __init__(self, setup: Any, claims: list[tuple[Any, Callable[[Any], Any]]],
                 fish_equal: bool, move_claims: list[tuple[Any, Callable[[Any], Any]]]
                 ) -> None:
        self.setup, self.claims, self.fish_equal = setup, claims, fish_equal
        self.move_claims = move_claims  # `claim move`: after every move that lays a tile
        self.rounds = 0

    def moved(self, seat: int, move: Move, drawn: int, table: Any) -> None:
        """A knock needs a hand without a fitting tile and a stock that cannot be drawn."""
        if move.kind == "knock" and not table.may_pass_at(seat):
            if table.held[seat] & (WITH[table.left] | WITH[table.right]):
                raise Violation("pass", Said("playout.knocked fits", seat=seat_no(seat),
                                             left=table.left, right=table.right),
                                built_in="knock-holding", named=Named(seats=(seat,), ends=True))
            if table.can_draw(seat):
                raise Violation("draw", Said("playout.knocked stock", seat=seat_no(seat)),
                                built_in="knock-drawing", named=Named(seats=(seat,)))
        for claim, holds in self.claims:
            self._claim(claim, holds, table)
        if move.kind == PLAY:  # the table is the move's situation: laid, ends, hand, scored
            for claim, holds in self.move_claims:
                self._claim(claim, holds, table)

    def _claim(self, claim: Any, holds: Callable[[Any], Any], table: Any) -> None:
        detail: str = ""
        try:
            ok = holds(table)
        except Undefined as why:
            ok, detail = False, Said("playout.undefined", why=str(why))
        if not ok:
            raise Violation("", Said("playout.claim fails", claim=repr(claim.text),
                                     detail=detail, left=table.left, right=table.right),
                            claim.pos.line, claim.pos.column, file=claim.pos.file,
                            claim=claim.text, named=replace(named_by([claim.expr]), ends=True))

    def round_ended(self, result: Any, table: Any) -> None:
        """Where Z3 proved it, a fish leaves the same value at both ends."""
        self.rounds += 1
        if self.fish_equal and result.end == "fish" and table.left != table.right:
            raise Violation("fish", Said("playout.fish", left=table.left, right=table.right),
                            built_in="fish-ends-equal", named=Named(ends=True))


def _play_claims(variant: Variant, setup: Any, skip: frozenset[int], word: str = "play"
                 ) -> list[tuple[Any, Callable[[Any], Any]]]:
    """The claims of a context word (`play`, `move`), compiled in its slot context."""
    values = {o.name: o.values for o in variant.options}
    types = {n: option_type(v, n) for n, v in values.items()}
    env = Env(CLAIM_CONTEXTS[word], setup.options, types, symbols_with_options(values),
              setup.players)
    return [(c, compile_expr(c.expr, env)) for k, c in enumerate(variant.claims)
            if c.context == word and k not in skip]


def play_one(variant: Variant, players: int, options: dict[str, Any], seed: int, *,
             fish_equal: bool, stats: PlayoutStats, skip: frozenset[int] = frozenset()) -> None:
    """Play one match and check every property; raise Violation (or RuleStop) with the
    match's record up to that moment."""
    setup = prepare(variant, players, options)
    watcher = _Watcher(setup, _play_claims(variant, setup, skip), fish_equal,
                       _play_claims(variant, setup, skip, "move"))
    seats = [RandomPlayer(seed * 7 + s) for s in range(players)]
    writer = Writer(setup, Target(), shuffled(random.Random(seed)), ROUNDS_PER_MATCH)
    try:
        result = play_match(setup, seats, dealer=writer, listener=Tee(writer, watcher))
    except Violation as violation:
        violation.record, violation.at = writer.record(), writer.at()
        raise
    except RuleStop as stop:
        writer.interrupted(stop)  # a stop at `move score`: the move laid is in the record
        stop.game = (writer.record(), writer.at())  # type: ignore[attr-defined]
        raise
    finally:
        stats.matches += 1
        stats.rounds += watcher.rounds
    _check_replay(variant, result)


def _check_replay(variant: Variant, result: Any) -> None:
    """The match's record replays to the same rounds, totals and goat."""
    from interpreter.engine.referee import replay

    record = record_json(result)
    try:
        again = replay(variant, parse_record(record))
    except KozelError as error:
        raise Violation("", Said("playout.no replay", error=str(error)), record=record,
                        built_in="replay")
    if again.as_json() != result.as_json():
        raise Violation("", Said("playout.other result"), record=record, built_in="replay")


def _options_strategy(variant: Variant) -> Any:
    return st.fixed_dictionaries({o.name: st.integers(o.values.start, o.values.stop - 1)
                                  if isinstance(o.values, range) else st.sampled_from(o.values)
                                  for o in variant.options})


@contextmanager
def _storage_elsewhere() -> Iterator[None]:
    """Point Hypothesis's storage at a temporary folder while the playouts run.

    `database=None` keeps no examples, but Hypothesis still caches what it learns about the
    code under `.hypothesis/` in the current folder: a check must write nothing there.
    """
    with tempfile.TemporaryDirectory(prefix="kozel-hypothesis-") as folder:
        set_hypothesis_home_dir(folder)
        try:
            yield
        finally:
            set_hypothesis_home_dir(None)  # back to the default (or HYPOTHESIS_STORAGE_DIRECTORY)


@contextmanager
def _no_local_constants() -> Iterator[None]:
    """Recent Hypothesis versions now and then draw a number found in the source of the modules
    it takes for the user's own: here kozel's, ~130 of them, parsed anew by every checking
    process (0.7 s of a seed's 2 s check) and only where kozel runs from a checkout, not
    from site-packages. The matches to play are the variant's, not kozel's source: none are
    drawn, and the values cached with those drawn before are forgotten, before and after.
    (Private parts of Hypothesis: where they are missing, nothing is changed.)"""
    from hypothesis.internal.conjecture import providers

    found = getattr(providers, "_get_local_constants", None)
    empty = getattr(providers, "Constants", None)
    cached: Any = getattr(getattr(providers, "CONSTANTS_CACHE", None), "cache", None)
    if found is None or empty is None or not hasattr(cached, "clear"):
        yield
        return
    providers._get_local_constants = empty  # type: ignore[attr-defined]
    cached.clear()
    try:
        yield
    finally:
        providers._get_local_constants = found  # type: ignore[attr-defined]
        cached.clear()


def run_playouts(variant: Variant, budget: int, *, fish_equal: bool,
                 skip: frozenset[int] = frozenset()) -> tuple[list[Violation], PlayoutStats]:
    """Play `budget` matches chosen by Hypothesis; return the first violation of each
    property. `skip`: claims already refuted statically (their failure in play is no news)."""
    stats = PlayoutStats()
    found: list[Violation] = []

    @settings(max_examples=budget, database=None, derandomize=True, deadline=None,
              phases=(Phase.generate,), suppress_health_check=list(HealthCheck))
    @given(players=st.sampled_from(variant.players), options=_options_strategy(variant),
           seed=st.integers(0, 2 ** 31))
    def match(players: int, options: dict[str, Any], seed: int) -> None:
        # Hypothesis derives the matches from this function's code (derandomize): a change to
        # it, but for its comments, changes the matches every check plays and what it finds.
        try:
            play_one(variant, players, options, seed, fish_equal=fish_equal, stats=stats,
                     skip=skip)
        except RuleStop as stop:
            stats.stopped(stop, _stop_witness(variant, stop, players, options))
        except KozelError as error:  # the engine failed on a legal match: report, not crash
            found.append(Violation("", f"the engine failed: {error}",
                                   record={"players": players, "options": options,
                                           "seed": seed}))
        except Violation as violation:  # keep playing: other properties may fail too
            found.append(violation)

    with _storage_elsewhere(), _no_local_constants():
        match()
    first: dict[tuple[str, str], Violation] = {}
    for violation in found:  # one finding per property (the first match that broke it)
        first.setdefault((violation.slot, violation.message.split(" (")[0]), violation)
    return list(first.values()), stats


def playout_findings(variant: Variant, budget: int, *, fish_equal: bool = False,
                     skip: frozenset[int] = frozenset()) -> tuple[list[Finding], PlayoutStats]:
    """Return the findings of the playouts of a variant, and what they did."""
    violations, stats = run_playouts(variant, budget, fish_equal=fish_equal, skip=skip)
    findings = [_refuted(variant, v) for v in violations]
    return findings, stats


def _refuted(variant: Variant, violation: Violation) -> Finding:
    """The finding of a property a match broke: a claim, or one every match must keep (naming
    neither, the engine failed on a legal match)."""
    v = violation
    at = Pos(v.line or variant.pos.line, v.column or variant.pos.column,
             (v.file if v.line else "") or variant.file)
    kind = Kind.CLAIM_REFUTED if v.claim else Kind.PROPERTY_REFUTED
    return Finding(kind=kind, slot=v.slot, at=at,
                   message=Said("playout", message=v.message),
                   witness=_witness(v.record, v.at, v.message) if v.record else None,
                   about=ClaimRef(v.claim) if v.claim else PropertyRef(v.built_in or "engine"),
                   named=v.named)


def _witness(record: dict[str, Any], at: dict[str, int] | None, shows: str) -> Witness:
    """A playout's match as a witness: its setting, what it shows and its record."""
    return made(players=record["players"], options=setting_of(record["options"]),
                shows=first_line(shows),
                at=At(at.get("round", 0), at.get("moves", 0)) if at else None, record=record)


def _stop_witness(variant: Variant, stop: RuleStop, players: int,
                  options: dict[str, Any]) -> Witness:
    record, at = getattr(stop, "game", (None, None))
    if record is None:  # stopped while the match was set up: no round was dealt
        record = new_record(variant.name, players, options)
    return _witness(record, at, stop.message()).adding(*stop.facts.items())


def unexpected_stops(variant: Variant, stats: PlayoutStats, static_slots: set[str],
                     static_unspecified: Collection[tuple[str, int]] = ()) -> list[Finding]:
    """Rule stops in play at slots where the checker found no gap: report them too. A stop at
    a case the text leaves unspecified is that case reached (kind `unspecified`, at the case),
    unless the static check said so already (`static_unspecified`: (file, line) of cases)."""
    found = [_reached(variant, case, message, game)
             for place, (case, message, game) in stats.reached.items()
             if place not in static_unspecified]
    reported = {f.slot for f in found}
    for slot, message in stats.stop_messages.items():
        if slot in static_slots or slot in reported:
            continue
        cases = variant.cases(slot)
        pos = cases[0].pos if cases else variant.pos
        found.append(Finding(kind=Kind.GAP, slot=slot,
                             at=Pos(pos.line, pos.column, pos.file or variant.file),
                             message=Said("playout.stopped", message=message.splitlines()[0]),
                             witness=stats.stop_games.get(slot)))
    return found


def _reached(variant: Variant, case: Case, message: str, game: Witness) -> Finding:
    """A playout reached a case the text leaves unspecified that the static check missed."""
    pos = case.pos
    return Finding(kind=Kind.UNSPECIFIED, slot=case.slot,
                   at=Pos(pos.line, pos.column, pos.file or variant.file),
                   message=Said("playout.reached", slot=case.slot, case=case_text(case),
                                line=pos.line, message=message.splitlines()[0]),
                   witness=game, strict=False, cases=(RuleAt.of(case),))
