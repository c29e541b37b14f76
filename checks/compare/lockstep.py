"""Two variants played side by side from the same deal, with the same choices, until a player
sees something differ: the engine's own judgement of whether two rule sets part.

A lockstep match plays the first party's match to its end (or to `ROUNDS` rounds), writing
down every step a player sees as an `Event` and every choice made at it (a deal, a lot, a
redeal answer, a move). The second party's match is then played with those very choices, step
by step: while its steps are the same events, it is given the same answers; the first step
that differs is the `Parting`. Nothing is modelled twice: both matches are the engine's.

A lot is a choice like any other: the driver draws it (the second party gets the same seat),
so over the matches of a search every seat is tried. Deals follow a given record (the
solver's witness game) for the rounds it holds, shuffled after; so do moves while the
record's move is legal, so that the first matches continue the very state where the two rules
answer differently.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from interpreter.engine import (Listener, Move, RuleStop, ShuffleDealer, play_match, prepare)
from interpreter.engine.lot import seat_leading
from interpreter.engine.moves import PLAY
from interpreter.engine.outcomes import MatchResult, RoundResult
from interpreter.engine.records import MatchRecord, RecordedMove
from interpreter.engine.setup import Setup
from interpreter.engine.table import Table
from interpreter.engine import tileset as ts
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant

from ..search.games import Target, Tee, Writer

ROUNDS = 30  # a lockstep match is cut after this many rounds (a count: same input, same output)
# what a round's result shows a player: the numbers on the sheet (remembered and hanging
# points included), how and by whom it ended, who led with what, the goat and the winner
# (whether a record is open is not: it shows in the points written)
SEEN = ("number", "end", "seat", "leader", "lead", "points", "carry", "remembered", "scores",
        "losers", "goat", "winner", "redeals", "moves")

Event = tuple[Any, ...]  # one step a player sees: its kind first, then its facts


@dataclass(frozen=True)
class Party:
    """One side of a lockstep: a variant, the options it plays with, the name it is shown by."""

    variant: Variant
    options: tuple[tuple[str, Any], ...]
    name: str


@dataclass(frozen=True)
class Parting:
    """The first step a player sees differently: each party's event there (None: its match
    had ended), and the game both played alike up to it (plus the first party's next move
    where the parting is a move one of them refuses)."""

    round: int
    first: Event | None
    second: Event | None
    record: dict[str, Any]
    players: int
    seed: int
    names: tuple[str, str] = ("", "")  # whose rule each party plays (set by the search)


class Parted(BaseException):
    """The second party's step differs from the first's: stop its match here (a
    BaseException: the engine turns a player's Exception into a StrategyError)."""

    def __init__(self, index: int, event: Event | None) -> None:
        super().__init__(index)
        self.index, self.event = index, event


@dataclass
class Script:
    """The first party's match, step by step: what a player saw and the choice made there."""

    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)


def result_event(result: RoundResult) -> Event:
    """A finished round as a player sees it on the sheet."""
    return ("written",) + tuple(getattr(result, name) for name in SEEN)


class _Steps(Listener):
    """The events of a match; a leader writes them into the script, a follower checks them
    against it and takes its answers."""

    def __init__(self, script: Script, follow: bool, cap: int) -> None:
        self.script, self.follow, self.cap = script, follow, cap
        self.at = 0  # the follower's next step in the script
        self.led: Parted | None = None  # a parting at who leads, until the leader has moved

    def step(self, event: Event, answer: Any = None) -> Any:
        """Write down (leader) or check (follower) one step; return the choice made there."""
        script = self.script
        if not self.follow:
            script.events.append(event)
            script.answers.append(answer)
            return answer
        if self.led is not None:  # parted at who leads: the new leader's move is wanted
            if event[0] in ("moved", "stops"):
                raise self.led
            return None
        index = self.at
        while index < len(script.events) and script.events[index][0] == "lot" != event[0]:
            index += 1  # a lot only the first draws is no step a player sees
        if index >= len(script.events) or script.events[index] != event:
            if event[0] == "started":  # a record cannot hold a lot: its first move shows it
                self.led = Parted(index, event)
                return None
            raise Parted(index, event)
        self.at = index + 1
        return script.answers[index]

    def next_is(self, kind: str) -> bool:
        """Whether the first party's next step is of this kind (a follower's question)."""
        events = self.script.events
        return self.at < len(events) and events[self.at][0] == kind

    def next_leader(self) -> int | None:
        """The first party's leader of the round about to start (None: not known)."""
        events = self.script.events[self.at:self.at + 2]
        return next((e[2] for e in events if e[0] == "started"), None)

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        """Who leads the round (thrown-in deals are steps of their own)."""
        self.step(("started", number, leader))

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        """A move made (the tile drawn is a choice of the deal's, already the same), with what
        it scored (`move score`: the points are written as the tile is laid)."""
        self.step(("moved", seat, move, drawn, table.scored if move.kind == PLAY else 0))

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """The round's sheet."""
        self.step(result_event(result))

    def match_ended(self, result: MatchResult) -> None:
        """Who is the goat, who won."""
        self.step(("ended", result.goat, result.winner, result.scores))


class _Driver:
    """The dealer and every seat's player of one lockstep match: the leader chooses (from the
    record where it holds, else at random), the follower repeats the leader's choices."""

    wants_forced_moves = True  # a seat with one legal move is asked too: its moves are seen

    def __init__(self, steps: _Steps, seed: int, prefix: MatchRecord | None) -> None:
        self.steps, self.prefix = steps, prefix
        self.shuffler = ShuffleDealer(random.Random(seed))
        self.rng = random.Random(seed ^ 0x5EED)
        self.number, self.deals, self.moves = 0, 0, 0

    # ---- the dealer ----------------------------------------------------------------------
    def has_round(self, number: int) -> bool:
        """At most `cap` rounds."""
        return number <= self.steps.cap

    def start_round(self, number: int) -> None:
        """A new round: its deals and moves are counted from the first."""
        self.number, self.deals, self.moves = number, 0, 0

    def deal(self, players: int, size: int) -> tuple[list[int], list[int]]:
        """The record's deal for this round where it has one, else a shuffle."""
        dealt = None if self.steps.follow else self._recorded_deal(players, size)
        if dealt is None and not self.steps.follow:
            dealt = self.shuffler.deal(players, size)
        self.deals += 1
        hands, pile = self.steps.step(("deal", self.number, players, size), dealt)
        return list(hands), list(pile)

    def _recorded_deal(self, players: int, size: int) -> tuple[list[int], list[int]] | None:
        played = self._round()
        if played is None or players != self.prefix.players:  # type: ignore[union-attr]
            return None
        deals = list(played.redeals) + [played.hands]
        if self.deals >= len(deals) or any(len(h) != size for h in deals[self.deals]):
            return None
        hands = [ts.set_of(t.index for t in hand) for hand in deals[self.deals]]
        dealt = 0
        for hand in hands:
            if dealt & hand:
                return None  # a tile in two hands: no deal
            dealt |= hand
        rest = ts.FULL_SET & ~dealt
        pile = [t.index for t in played.pile] if self.deals == len(deals) - 1 else []
        if not all(rest >> t & 1 for t in pile) or len(set(pile)) != len(pile):
            return None
        return hands, pile + [t for t in ts.members(rest) if t not in pile]

    def _round(self) -> Any:
        prefix = self.prefix
        return prefix.rounds[self.number - 1] if prefix and self.number <= len(prefix.rounds) \
            else None

    def settle(self, thrown_in: bool) -> None:
        """Whether the deal is thrown in is a step a player sees."""
        self.steps.step(("thrown in", thrown_in))

    def draw_lot(self, players: int, leads: Any) -> int:
        """A lot is the driver's choice: the record's leader, else any seat; a lot only the
        follower draws is drawn to make another seat lead than the first's leader."""
        if self.steps.follow and not self.steps.next_is("lot"):
            leader = self.steps.next_leader()
            return next((s for s in range(players) if leads(s) != leader), 0)
        played = self._round()
        seat = None
        if not self.steps.follow:
            seat = seat_leading(players, leads, played.moves[0].seat) \
                if played is not None and played.moves else self.rng.randrange(players)
        return int(self.steps.step(("lot", players), seat))

    # ---- every seat's player -------------------------------------------------------------
    def accept_redeal(self, view: Any) -> bool:
        """An offered redeal: taken half of the time."""
        answer = None if self.steps.follow else self.rng.random() < 0.5
        return bool(self.steps.step(("redeal offered", view.seat), answer))

    def choose(self, view: Any, moves: Sequence[Move]) -> Move:
        """The record's next move where it is legal, else any legal move."""
        event = ("turn", view.seat, tuple(sorted({str(m) for m in moves})))
        choice = None if self.steps.follow else self._recorded_move(moves)
        if choice is None and not self.steps.follow:
            choice = moves[self.rng.randrange(len(moves))]
        self.moves += 1
        chosen = self.steps.step(event, choice)
        return chosen if chosen is not None else moves[0]  # past a parting: any move

    def _recorded_move(self, moves: Sequence[Move]) -> Move | None:
        played = self._round()
        if played is None or self.moves >= len(played.moves):
            return None
        wanted: RecordedMove = played.moves[self.moves]
        for move in moves:
            if move.kind == wanted.kind and (move.kind != PLAY or (
                    move.tiles == wanted.tiles and wanted.end in (None, move.end))):
                return move
        return None


def _play(setup: Setup, steps: _Steps, seed: int, prefix: MatchRecord | None,
          writer: Writer | None = None) -> None:
    """One party's match, every step through `steps` (a rule stop is a step too)."""
    driver = _Driver(steps, seed, prefix)
    listener: Listener = steps
    if writer is not None:
        writer.deals = lambda number, players, size: driver.deal(players, size)
        listener = Tee(writer, steps)  # the writer first: a parting finds the game written
        dealer: Any = _WritingDealer(writer, driver)
    else:
        dealer = driver
    try:
        play_match(setup, [driver] * setup.players, dealer=dealer, listener=listener)
    except RuleStop as stop:  # two games that both stop are alike: a player sees no move
        try:
            steps.step(("stops",), stop.headline())
        except Parted as parted:
            raise Parted(parted.index, ("stops", stop.headline())) from None


class _WritingDealer:
    """The driver's deals, written down by the writer (which keeps thrown-in deals too)."""

    def __init__(self, writer: Writer, driver: _Driver) -> None:
        self.writer, self.driver = writer, driver

    def has_round(self, number: int) -> bool:
        """As the driver says."""
        return self.driver.has_round(number)

    def start_round(self, number: int) -> None:
        """Both start the round."""
        self.writer.start_round(number)
        self.driver.start_round(number)

    def deal(self, players: int, size: int) -> tuple[list[int], list[int]]:
        """The writer asks the driver and keeps the deal."""
        return self.writer.deal(players, size)

    def settle(self, thrown_in: bool) -> None:
        """Both settle."""
        self.writer.settle(thrown_in)
        self.driver.settle(thrown_in)

    def draw_lot(self, players: int, leads: Any) -> int:
        """The driver draws."""
        return self.driver.draw_lot(players, leads)


def setup_of(party: Party, players: int) -> Setup | None:
    """The party's table at this size and its options (None: it cannot sit down there)."""
    try:
        return prepare(party.variant, players, dict(party.options))
    except (RuleStop, KozelError):
        return None


def parting_of(setups: tuple[Setup, Setup], seed: int, prefix: MatchRecord | None = None,
               rounds: int = ROUNDS) -> Parting | None:
    """Play two parties side by side, each at its table already set up (a search sets each
    table up once); the first step a player sees differently, or None when the two matches
    are the same step for step."""
    script = Script()
    _play(setups[0], _Steps(script, False, rounds), seed, prefix)
    follower = _Steps(script, True, rounds)
    writer = Writer(setups[1], Target(), lambda n, p, s: ([], []), rounds)
    try:
        _play(setups[1], follower, seed, prefix, writer)
    except Parted as parted:
        return _parting(script, parted, writer, setups[0], seed)
    if follower.at < len(script.events):
        return _parting(script, Parted(follower.at, None), writer, setups[0], seed)
    return None


def _parting(script: Script, parted: Parted, writer: Writer, setup: Setup, seed: int
             ) -> Parting:
    """The parting, with the game up to it as a record of the first party's variant at its
    setting; where the parting is a turn, one more move that shows it (a move only one of
    the two allows, else the first party's next move)."""
    index = parted.index
    first = script.events[index] if index < len(script.events) else None
    if first == ("stops",):
        first = ("stops", script.answers[index])
    move = _showing_move(script, index, first, parted.event)
    if move is not None:
        writer.moves.append(move)
    if "redeal offered" in (first or ("",))[0] + (parted.event or ("",))[0]:
        writer.redeals.append(tuple(writer.pending[0]))  # taken: only one may take it
    record = {**writer.record(), "variant": setup.variant.name,
              "options": dict(setup.options)}
    return Parting(writer.number, first, parted.event, record, setup.players, seed)


def _showing_move(script: Script, index: int, first: Event | None, second: Event | None
                  ) -> tuple[int, Move, int] | None:
    """The move to write after the game so far: (seat, move, tile drawn)."""
    if first is not None and first[0] == "moved" and second is not None \
            and second[0] == "stops":  # the second stopped at the move (`move score`): the
        return first[1], first[2], first[3]  # writer heard of no move, the record needs it
    if first is None or first[0] not in ("turn", "started") or (
            first[0] == "started" and second is not None and second[0] == "started"):
        return None  # a new leader's move is already written (_Steps.step)
    if second is not None and second[0] == "turn" == first[0] and second[1] == first[1]:
        only = sorted(set(first[2]) - set(second[2])) or sorted(set(second[2]) - set(first[2]))
        if only and only[0] != "draw":  # a draw's tile is the deal's: taken from the script
            return first[1], Move.parse(only[0]), -1
    later = (e for e in script.events[index + 1:] if e[0] == "moved")
    moved = next(later, None)
    return (moved[1], moved[2], moved[3]) if moved is not None else None


def options_of(variant: Variant, given: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The variant's options as given, in its own order (those it lacks left out)."""
    return tuple((o.name, given[o.name]) for o in variant.options if o.name in given)
