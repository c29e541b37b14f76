"""Games through the engine that stop where something happens: the checker's witnesses.

A search plays matches of a variant (the engine is the only judge of what happens at the
table) and watches for a `Target`: a rule stop of a given slot, or a test of the situation
after a deal, after a move or after a round. Every game is written down as it goes, so the
moment the target shows, the game so far is a kozel-record/1 that `kozel replay --partial`
accepts up to that very moment (or stops at the very rule the target names).

Steering comes from the solver's candidate situation (`Hints`): its player count and options
first, its hands dealt where they fit, its line laid where the moves allow; then any other
setting. Nothing the search finds is taken from the candidate: it is read off the engine.
"""

from __future__ import annotations

import copy
import random
import re
import zlib
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from interpreter.engine import (Listener, Move, RuleStop, ShuffleDealer, play_match, prepare,
                                settle_options)
from interpreter.engine import tileset as ts
from interpreter.engine.moves import PLAY
from interpreter.engine.outcomes import RoundLog, RoundResult
from interpreter.engine.setup import SETUP_RULES, Setup
from interpreter.engine.shuffling import shuffle
from interpreter.engine.situations import RoundSituation
from interpreter.engine.table import Table
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant
from interpreter.engine.records import new_record, round_json

from ..reporting.catalogue import Said, said_list
from .laying import laid_in_progress

MATCH_ROUNDS = 60  # a match-level target needs whole matches; longer ones are cut short


@dataclass
class Target:
    """What a witness game must show, judged by the engine.

    `stop` accepts a rule stop; `when` says at which moment `test` is asked ("setup",
    "deal", "move" or "round"); `rounds` caps how many rounds one match may take."""

    stop: Callable[[RuleStop], bool] | None = None
    when: str = ""  # setup, deal, move, side (a side's written round) or round
    test: Callable[["Moment"], str | None] | None = None
    rounds: int = 3
    first_only: bool = False
    # asked as the players sit down, before any rule is applied: (variant, players, options)
    seated: Callable[[Variant, int, dict[str, Any]], str | None] | None = None
    # a slot whose every question the engine puts during play is noted (Moment.asked): a
    # witness of what that rule decides must be a moment the engine really asked it
    asks: str = ""
    # a stop `stop` accepts must also pass this test of the match where it stopped (the
    # candidates of an ambiguity held in different hands: checks/search/point.py)
    stopped: Callable[[RuleStop, "Moment"], bool] | None = None


@dataclass
class Moment:
    """Where a match is when the target is asked: its setup, round, table and sheet."""

    setup: Setup
    number: int
    hands: list[int]
    pile: list[int]
    redeals: list[tuple[int, ...]]
    table: Table | None = None
    result: RoundResult | None = None
    before: RoundResult | None = None  # the previous round's result (the sheet before)
    leader: int = -1  # the round's leader, once known
    move: tuple[int, Move, int] | None = None  # the move just made: (seat, move, tile drawn)
    side: RoundSituation | None = None  # a side just written, its goat to be asked ("side")
    asked: list[Any] | None = None  # the situations the engine asked `Target.asks` in, this round
    record: Callable[[], dict[str, Any]] | None = None  # the game so far, as kozel-record/1


@dataclass
class Hints:
    """The solver's candidate, as far as it can steer a search (all of it optional)."""

    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    hands: list[list[int]] = field(default_factory=list)  # per seat (a deal, or what is left)
    line: frozenset[int] = frozenset()
    kept: frozenset[int] = frozenset()  # tiles the candidate keeps in hands
    first: bool | None = None


@dataclass
class Game:
    """A game the engine played up to the target: its record and what it shows there."""

    record: dict[str, Any]
    setup: Setup | None  # None: the match could not even be set up (a setup rule stopped)
    moment: Moment | None
    stop: RuleStop | None
    shows: str  # what the target saw, in words
    at: dict[str, int]
    then: str = ""  # a rule the engine stops at right after the moment (the record's end)


class Found(Exception):
    """The target showed: stop the match here."""

    def __init__(self, shows: str, moment: Moment) -> None:
        super().__init__(shows)
        self.shows, self.moment = shows, moment


# A search's match whose round has been thrown in this many times in a row is given up, named
# by the `redeal` rule as if the engine had stopped it: the engine deals up to 1000 times
# (round.MAX_REDEALS) before it stops a round, and a search of a variant that throws in nearly
# every deal would otherwise deal a thousand times per match it tries (minutes for nothing).
# A target that asks for a rule stop keeps the engine's own limit, since that stop may be it.
ABANDON_AFTER_REDEALS = 24


class Abandoned(Exception):
    """A search's match given up before the engine would stop it (not a game's outcome)."""

    def __init__(self, rule: Any) -> None:
        super().__init__(str(rule))
        self.rule = rule


class Writer(Listener):
    """The dealer's deals and the players' moves, written down as a record goes."""

    def __init__(self, setup: Setup, target: Target, deals: Callable[[int, int, int], Any],
                 cap: int, lots: random.Random | None = None) -> None:
        self.setup, self.target, self.deals, self.cap = setup, target, deals, cap
        # its own source, so that drawing lots leaves the deals and moves of every game
        # of a variant without `lot` as they were
        self.lots = lots or random.Random(0)
        self.rounds: list[RoundLog] = []  # written out only when a record is asked for
        self.number = 0
        self.pending: tuple[list[int], list[int]] = ([], [])
        self.redeals: list[tuple[int, ...]] = []
        self.moves: list[tuple[int, Move, int]] = []
        self.table: Table | None = None
        self.previous: RoundResult | None = None
        self.asked: list[tuple[int, Any]] = []  # (round, situation) of `target.asks`
        self.leader = -1
        self.most_redeals: int | None = None  # see ABANDON_AFTER_REDEALS

    # ---- the dealer ----------------------------------------------------------------------
    def has_round(self, number: int) -> bool:
        """Deal at most `cap` rounds."""
        return number <= self.cap

    def start_round(self, number: int) -> None:
        """A new round: nothing dealt, nothing moved yet."""
        self.number, self.redeals, self.moves, self.table = number, [], [], None
        self.pending, self.leader = ([], []), -1

    def deal(self, players: int, size: int) -> tuple[list[int], list[int]]:
        """Deal (steered by the hints) and remember the deal."""
        if self.most_redeals is not None and len(self.redeals) >= self.most_redeals:
            raise Abandoned(RuleStop("endless", "redeal", "", cases=self.setup.variant.cases(
                "redeal")).rule)  # counted under the rule the engine's stop names
        hands, pile = self.deals(self.number, players, size)
        self.pending = (list(hands), list(pile))
        return list(hands), list(pile)

    def draw_lot(self, players: int, leads: Any) -> int:
        """A seat by lot (asked only by a variant that uses `lot`): the solver takes any
        seat, so the games try them all, each as likely."""
        return self.lots.randrange(players)

    def settle(self, thrown_in: bool) -> None:
        """A thrown-in deal goes to the round's redeals."""
        if thrown_in:
            self.redeals.append(tuple(self.pending[0]))

    # ---- the listener --------------------------------------------------------------------
    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        """Ask a deal-time target; one asked at the first deal only, that did not show
        there, ends the match: no later moment of it is asked (the rest of the match
        would be played for nothing, and is not counted as a stop)."""
        self.table, self.leader = table, leader
        if self.target.when == "deal":
            self._ask(self.moment())
            if self.target.first_only and self.target.stop is None:
                raise Abandoned(None)

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        """Write the move; ask a move-time target."""
        self.moves.append((seat, move, drawn))
        if self.target.when == "move":
            self._ask(self.moment())

    def side_scored(self, situation: RoundSituation) -> None:
        """Ask a target about a side's written round (the `match` context)."""
        if self.target.when == "side":
            moment = self.moment()
            moment.side = situation
            self._ask(moment)

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """Close the round in the record; ask a round-time target."""
        self.rounds.append(result.log)
        moment = self.moment(result) if self.target.when == "round" else None
        self.previous = result
        if moment is not None:
            self._ask(moment)

    def interrupted(self, stop: RuleStop) -> None:
        """A stop between a tile laid and the move told (laying.py): the move is written."""
        move = laid_in_progress(stop, self.table)
        if move is not None:
            self.moves.append(move)

    def _ask(self, moment: Moment) -> None:
        assert self.target.test is not None
        if self.target.first_only and moment.number != 1:
            return
        shows = self.target.test(moment)
        if shows:
            raise Found(shows, moment)

    def moment(self, result: RoundResult | None = None) -> Moment:
        """The match as it stands."""
        hands, pile = self.pending
        asked = [s for n, s in self.asked if n == self.number] if self.target.asks else None
        return Moment(self.setup, self.number, hands, pile, list(self.redeals), self.table,
                      result, self.previous, self.leader,
                      self.moves[-1] if self.moves and result is None else None, None, asked,
                      self.record)

    def record(self) -> dict[str, Any]:
        """The game so far as kozel-record/1 (the round in progress, if any, broken off)."""
        rounds = [round_json(log) for log in self.rounds]
        if len(rounds) < self.number and self.pending[0]:
            hands, pile = self.pending
            log = RoundLog(tuple(self.redeals), tuple(hands), tuple(pile), tuple(self.moves))
            rounds.append(round_json(log))
        return new_record(self.setup.variant.name, self.setup.players, self.setup.options,
                          rounds)

    def at(self) -> dict[str, int]:
        """The round (1-based) and how many of its moves were made."""
        return {"round": max(self.number, 1) if self.pending[0] else 0,
                "moves": len(self.moves)}


class Tee(Listener):
    """Several listeners in turn (the writer first, so a later one's exception finds the
    game written down up to that moment)."""

    def __init__(self, *listeners: Listener) -> None:
        self.listeners = listeners

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        """Tell every listener."""
        for listener in self.listeners:
            listener.round_started(number, table, redeals, leader)

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        """Tell every listener."""
        for listener in self.listeners:
            listener.moved(seat, move, drawn, table)

    def side_scored(self, situation: RoundSituation) -> None:
        """Tell every listener."""
        for listener in self.listeners:
            listener.side_scored(situation)

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """Tell every listener."""
        for listener in self.listeners:
            listener.round_ended(result, table)

    def match_ended(self, result: Any) -> None:
        """Tell every listener."""
        for listener in self.listeners:
            listener.match_ended(result)


def shuffled(rng: random.Random) -> Callable[[int, int, int], tuple[list[int], list[int]]]:
    """Plain shuffled deals: the engine's ShuffleDealer, whatever the round."""
    dealer = ShuffleDealer(rng)
    return lambda number, players, size: dealer.deal(players, size)


class Steered:
    """A player that prefers laying the candidate's line and keeping the candidate's hands."""

    trusted = True

    def __init__(self, rng: random.Random, hints: Hints) -> None:
        self.rng, self.hints = rng, hints
        self.laid = laid_of(hints)
        self.random = rng.random

    def choose(self, view: Any, moves: Sequence[Move]) -> Move:
        """A move toward the candidate most of the time, any legal move otherwise."""
        if self.hints.line and self.random() < 0.75:
            laid = self.laid  # a move whose every tile is one of them (most lay one tile)
            wanted = [m for m in moves if m.kind == PLAY and laid >> m.tiles[0].index & 1
                      and (len(m.tiles) == 1 or all(laid >> t.index & 1 for t in m.tiles))]
            if wanted:
                return wanted[int(self.random() * len(wanted))]
        return moves[int(self.random() * len(moves))]

    def accept_redeal(self, view: Any) -> bool:
        """Accept an optional redeal half of the time."""
        return self.rng.random() < 0.5


# the last hints' tiles to lay (a search asks for them for every seat of every match)
_LAID: list[tuple[frozenset[int], frozenset[int], int]] = []


def laid_of(hints: Hints) -> int:
    """The tiles a steered player would lay, as a set (mask) of tile indices: the candidate's
    line but not what it keeps in hands (made once per search's hints, not per seat)."""
    line, kept = hints.line, hints.kept
    if _LAID and _LAID[0][0] is line and _LAID[0][1] is kept:  # the same sets, kept alive here
        return _LAID[0][2]
    tiles = frozenset(map(ts.tile_of, line)) - frozenset(map(ts.tile_of, kept))
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    _LAID[:] = [(line, kept, mask)]
    return mask


def steered_deal(rng: random.Random, hints: Hints, exact: bool
                 ) -> Callable[[int, int, int], tuple[list[int], list[int]]]:
    """Deals that give each seat the candidate's tiles where they fit, the rest shuffled."""
    plain = shuffled(rng)

    def deal(number: int, players: int, size: int) -> tuple[list[int], list[int]]:
        wanted = hints.hands if len(hints.hands) == players else []
        tiles = list(range(ts.TILE_COUNT))
        shuffle(rng, tiles)
        if exact and number == (1 if hints.first is not False else 2) and wanted and all(
                len(h) == size for h in wanted):
            dealt = {t for h in wanted for t in h}
            return [ts.set_of(h) for h in wanted], [t for t in tiles if t not in dealt]
        if not wanted or rng.random() < 0.4:
            return plain(number, players, size)
        return _around(tiles, wanted, size)
    return deal


def _around(tiles: list[int], wanted: list[list[int]], size: int
            ) -> tuple[list[int], list[int]]:
    """Each seat starts from its wanted tiles (as many as fit), then takes shuffled ones."""
    hands: list[list[int]] = [list(h[:size]) for h in wanted]
    taken = {t for h in hands for t in h}
    rest = [t for t in tiles if t not in taken]
    for hand in hands:
        while len(hand) < size:
            hand.append(rest.pop())
    return [ts.set_of(h) for h in hands], rest


def settings_of(variant: Variant, rng: random.Random, limit: int = 64
                ) -> list[tuple[int, dict[str, Any]]]:
    """Player counts × option values (a sample where there are too many to try all)."""
    found: dict[str, tuple[int, dict[str, Any]]] = {}
    for _ in range(limit * 4):  # sampled: the product of many options is too big to list
        players = rng.choice(variant.players)
        options = {o.name: rng.choice(o.values) for o in variant.options}
        found.setdefault(repr((players, options)), (players, options))
        if len(found) >= limit:
            break
    return list(found.values())


def float_seed(drawn: float) -> int:
    """The int that random.Random(drawn) seeds itself with on a 64-bit CPython: the float's
    hash, modulo 2**61 - 1. A 32-bit Python (Pyodide's, in the playground) hashes modulo
    2**31 - 1, so seeding with the float itself played other games there."""
    modulus = 2 ** 61 - 1
    top, bottom = drawn.as_integer_ratio()  # drawn >= 0 (random()); bottom a power of 2
    return top % modulus * pow(bottom, -1, modulus) % modulus


def seed_of(*parts: Any) -> int:
    """A seed that is the same in every run (str hashes are not)."""
    return zlib.crc32(repr(parts).encode("utf-8"))


@dataclass
class Searched:
    """What a search did: the game that shows the target (or None), the rule stops the other
    matches ran into, and how many matches were played."""

    game: Game | None
    stops: dict[str, int]
    played: int
    # the slots whose rules its matches read (evaluated, or their constant read), those that
    # set a match up among them: its matches rest on these rules and the options they name
    # (diff_reads.options_read), not on the others
    asked: frozenset[str] = frozenset()

    def why_not(self) -> str:
        """Why no game was found, in words."""
        text = Said("unfound", played=self.played)
        if self.stops:
            common = sorted(self.stops.items(), key=stop_order)[:2]
            stops = said_list([Said("unfound.stop", rule=r, count=n) for r, n in common])
            text = Said("unfound.stops", text=text, stops=stops)
        return text


def stop_order(counted: tuple[str, int]) -> tuple[int, list[Any]]:
    """The order stop places are listed in: most games first, then by the rule's slot, file
    and line (numbers as numbers), so that ties never follow a dict's or a set's order."""
    rule, count = counted
    parts = re.split(r"(\d+)", rule)  # text and numbers alternate: parts compare pairwise
    return -count, [int(p) if i % 2 else p for i, p in enumerate(parts)]


def search(variant: Variant, target: Target, hints: Hints, *, games: int,
           seed: int = 0, fixed: dict[str, Any] | None = None) -> Searched:
    """Play up to `games` matches until one shows the target (a count: the same search finds
    the same game on any machine); the options in `fixed` keep their values in every match.
    A match-long target (`rounds` beyond a few) gets twice the matches: its matches are long
    and few of them reach the situation."""
    rng = random.Random(seed)
    settings = [(p, {**o, **(fixed or {})}) for p, o in settings_of(variant, rng)]
    hinted = (hints.players, hints.options) if hints.players else None
    usual = {o.name: o.default for o in variant.options if o.default is not None}
    usual.update(fixed or {})  # options the caller fixes keep their values in every match
    games *= 2 if target.rounds > 4 else 1  # match-long targets: twice the matches
    stops: dict[str, int] = {}
    prepared = _setups_of(variant)
    for setup in prepared.values():  # what this search's matches ask, counted from here
        for rule in getattr(setup, "rules", {}).values():
            rule.forget_asked()
    for attempt in range(games):
        players, options = _setting(attempt, hinted, settings, usual)
        game = _attempt(variant, target, hints, players, options, rng, attempt, prepared)
        if isinstance(game, Game):
            return Searched(game, stops, attempt + 1, _asked(prepared))
        if game:
            stops[game] = stops.get(game, 0) + 1
    return Searched(None, stops, games, _asked(prepared))


def _asked(prepared: dict[str, Setup | KozelError]) -> frozenset[str]:
    """The slots whose rules the matches of a search read, in any setting it prepared (those
    that set a match up always: a setup prepared by an earlier search read them before this
    one began counting)."""
    return SETUP_RULES | {name for setup in prepared.values()
                          for name, rule in getattr(setup, "rules", {}).items()
                          if rule.asked()}



def _setting(attempt: int, hinted: tuple[int, dict[str, Any]] | None,
             settings: list[tuple[int, dict[str, Any]]], usual: dict[str, Any]
             ) -> tuple[int, dict[str, Any]]:
    """One match in four with the candidate's own setting; one with its player count (its
    situation is one of that many players) and the options tables usually play (the
    variant's defaults: the solver's candidate may have picked values at which the moment is
    far rarer, a target of 500 for a moment that needs a match to end); one with its player
    count and sampled options; one with a sampled setting."""
    if hinted is None or not settings:
        return hinted or settings[attempt % len(settings)]
    if attempt % 4 == 0:
        return hinted
    players, options = settings[attempt % len(settings)]
    if attempt % 4 == 1:
        return hinted[0], {**options, **usual}
    return (hinted[0], options) if attempt % 4 == 2 else (players, options)


# The setups of the variants searched last, by identity (a check searches one variant many
# times, a diff two): compiling a variant's rules for a setting costs more than a short match.
_RECENT_SETUPS: list[tuple[Variant, dict[str, Setup | KozelError]]] = []


def _setups_of(variant: Variant) -> dict[str, Setup | KozelError]:
    """Return the setups prepared so far for this very variant object."""
    for known, setups in _RECENT_SETUPS:
        if known is variant:
            return setups
    fresh: dict[str, Setup | KozelError] = {}
    _RECENT_SETUPS.insert(0, (variant, fresh))
    del _RECENT_SETUPS[4:]
    return fresh


def _prepare(variant: Variant, players: int, options: dict[str, Any],
             prepared: dict[str, Setup | KozelError]) -> Setup:
    """`prepare`, once per setting of a variant: a Setup is only read while a match is
    played, so every search of the variant shares it."""
    key = repr((players, sorted(options.items())))
    if key not in prepared:
        try:
            prepared[key] = prepare(variant, players, options)
        except KozelError as error:  # a RuleStop too: the same setting stops the same way
            prepared[key] = error
    found = prepared[key]
    if isinstance(found, KozelError):
        raise found
    return found


def _attempt(variant: Variant, target: Target, hints: Hints, players: int,
             options: dict[str, Any], rng: random.Random, attempt: int,
             prepared: dict[str, Setup | KozelError]) -> Game | str | None:
    """One match; return the game if it showed the target, else the rule it stopped at."""
    if target.seated is not None:
        return _seated(variant, target, players, options)
    try:
        setup = _prepare(variant, players, options, prepared)
    except RuleStop as stop:
        if target.stop is not None and target.stop(stop):
            return _setup_game(variant, players, options, stop)
        return stop.rule
    except KozelError:
        return None
    if target.when == "setup":  # the match is set up: nothing dealt yet
        assert target.test is not None
        shows = target.test(Moment(setup, 0, [], [], []))
        if not shows:
            return None
        record = new_record(variant.name, players, setup.options)
        return Game(record, setup, None, None, shows, {"round": 0, "moves": 0})
    game_rng = random.Random(float_seed(rng.random()))
    writer = Writer(setup, target, steered_deal(game_rng, hints, attempt < 2), target.rounds,
                    random.Random(attempt))
    if target.stop is None:  # a game that ends at the engine's redeal limit cannot show it
        writer.most_redeals = ABANDON_AFTER_REDEALS
    seats = [Steered(random.Random(float_seed(game_rng.random())), hints)
             for _ in range(players)]
    if target.asks:
        setup = _noting(setup, target.asks, writer)
    try:
        play_match(setup, seats, dealer=writer, listener=writer)
    except Found as found:
        return Game(writer.record(), setup, found.moment, None, found.shows, writer.at())
    except RuleStop as stop:
        writer.interrupted(stop)
        if target.stop is not None and target.stop(stop) and (
                target.stopped is None or target.stopped(stop, writer.moment())):
            moment = writer.moment()
            return Game(writer.record(), setup, moment, stop, stop.headline(), writer.at())
        return stop.rule
    except Abandoned as abandoned:
        return abandoned.rule
    except KozelError:
        return None
    return None


class _Noted:
    """A slot's rule that notes every situation the engine asks it in (a copy: the engine
    reuses its situation objects), then answers as the rule does."""

    def __init__(self, rule: Any, writer: Writer) -> None:
        self.rule, self.writer = rule, writer

    def __call__(self, situation: Any) -> Any:
        """Note the question, then answer it."""
        self.writer.asked.append((self.writer.number, copy.copy(situation)))
        return self.rule(situation)

    evaluate = __call__  # the engine keeps `rule.evaluate` of some slots (the fish)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rule, name)


def _noting(setup: Setup, slot: str, writer: Writer) -> Setup:
    """A copy of a match's setup whose rule of `slot` notes its questions in the writer."""
    noted: Any = _Noted(setup.rules[slot], writer)  # answers as the SlotRule it wraps
    return replace(setup, rules={**setup.rules, slot: noted})


def _seated(variant: Variant, target: Target, players: int, options: dict[str, Any]
            ) -> Game | None:
    """The players sit down with their options: a target of the setup is asked there."""
    assert target.seated is not None
    try:
        settled = settle_options(variant, options)
    except KozelError:
        return None
    shows = target.seated(variant, players, settled)
    if not shows:
        return None
    return Game(new_record(variant.name, players, settled), None, None, None, shows,
                {"round": 0, "moves": 0})


def _setup_game(variant: Variant, players: int, options: dict[str, Any],
                stop: RuleStop) -> Game:
    """A stop while the match is set up: the record has no round at all."""
    return Game(new_record(variant.name, players, options), None, None, stop, stop.headline(),
                {"round": 0, "moves": 0})
