"""Statistics that stream: every figure of a run as integer counts, merged chunk by chunk.

A run of any length keeps the same small object: match lengths as a histogram (a match lasts
at most a few hundred rounds), goats and first-lead effects as counts per seat or side, stops
as a count per rule with the example of the lowest-numbered match. Integer counts add up in any
order, and the example is chosen by match number, so a run split into chunks over any number
of workers (or a cluster) gives exactly the same tally as one process playing in order.

`kozel balance` reads more of a run than `kozel simulate` prints (the points written per round,
who led each match, how the first leader's side and each half of the table fared) as
histograms and counts of the same kind; simulate's report reads none of them, so its output is
the same as before they were kept.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine import RoundResult, RuleStop
from ..engine.playing import MatchPlay


@dataclass
class StopCount:
    """Matches stopped under one rule, with the message of the first of them (by number)."""

    rule: str
    kind: str
    count: int
    first: int  # the number (0-based) of the first match that stopped here
    example: str

    def merge(self, other: "StopCount") -> None:
        """Add another chunk's count; keep the example of the lower-numbered match."""
        self.count += other.count
        if other.first < self.first:
            self.first, self.example = other.first, other.example


def _zeros(count: int) -> list[int]:
    return [0] * count


def losers(goat: tuple[int, ...] | None, winner: tuple[int, ...] | None,
           sides: int) -> tuple[int, ...]:
    """The sides that lost a match: its goats, or, where it ended by a win (`wins`), every side
    that did not win."""
    if goat:
        return tuple(goat)
    return tuple(s for s in range(sides) if s not in winner) if winner else ()


@dataclass
class Tally:
    """What the matches of a run came to, as counts (a stopped match's finished rounds too)."""

    seats: int
    side_of: tuple[int, ...]
    matches: int = 0
    completed: int = 0
    rounds: int = 0
    stopped_rounds: int = 0  # finished rounds of matches that stopped later
    fish: int = 0
    redealt: int = 0  # rounds that needed at least one redeal
    leader_lost: int = 0  # rounds lost by the side of the seat that led them
    other_lost: int = 0  # (round, another side) pairs that lost
    others: int = 0  # (round, another side) pairs
    lengths: Counter[int] = field(default_factory=Counter)  # completed match length → matches
    goat_side: list[int] = field(default_factory=list)
    goat_seat: list[int] = field(default_factory=list)  # matches in which the seat's side lost
    goat_after_first: list[int] = field(default_factory=list)  # by seats after the first leader
    win_side: list[int] = field(default_factory=list)  # matches each side won (`wins`)
    stops: dict[str, StopCount] = field(default_factory=dict)
    # for `kozel balance` (interpreter/simulation/balance.py):
    points: Counter[int] = field(default_factory=Counter)  # points written in a round → rounds
    first_leader: list[int] = field(default_factory=list)  # completed matches each seat led
    # (sides that lost, whether the first leader's side is among them) → completed matches
    lead_lost: Counter[tuple[int, int]] = field(default_factory=Counter)
    # completed matches each side lost: its goats, or where a match ends by its winner
    # (`wins`), the sides that did not win (goat_side counts goats only)
    lost_side: list[int] = field(default_factory=list)
    # completed matches lost by one half of the table alone: [half 0, half 1], where side s of
    # match n is in half (s + n) % 2 (a pairing of strategies seats them so: tasks.py)
    half_lost: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        sides = max(self.side_of) + 1
        self.goat_side = self.goat_side or _zeros(sides)
        self.goat_seat = self.goat_seat or _zeros(self.seats)
        self.goat_after_first = self.goat_after_first or _zeros(self.seats)
        self.win_side = self.win_side or _zeros(sides)
        self.first_leader = self.first_leader or _zeros(self.seats)
        self.half_lost = self.half_lost or _zeros(2)
        self.lost_side = self.lost_side or _zeros(sides)

    @property
    def sides(self) -> int:
        """How many sides play (one per seat, or two pairs of partners)."""
        return len(self.goat_side)

    @property
    def stopped(self) -> int:
        """Matches that a rule stopped."""
        return self.matches - self.completed

    def empty(self) -> "Tally":
        """A tally of nothing for the same seating (a chunk starts from one)."""
        return Tally(self.seats, self.side_of)

    def add(self, number: int, play: MatchPlay) -> None:
        """Count match `number` (0-based, in the run's order of seeds)."""
        self.matches += 1
        for finished in play.rounds:
            self._round(finished)
        if play.stop is not None:
            self.stopped_rounds += len(play.rounds)
            self._stop(number, play.stop)
            return
        assert play.result is not None
        self.completed += 1
        self.lengths[len(play.rounds)] += 1
        goat = play.result.goat or ()
        for side in goat:
            self.goat_side[side] += 1
        for side in play.result.winner or ():
            self.win_side[side] += 1
        first = play.rounds[0].leader if play.rounds else 0
        for seat in range(self.seats):
            lost = self.side_of[seat] in goat
            self.goat_seat[seat] += lost
            self.goat_after_first[(seat - first) % self.seats] += lost
        self._balance(number, first, losers(play.result.goat, play.result.winner, self.sides))

    def _balance(self, number: int, first: int, lost: tuple[int, ...]) -> None:
        """What `kozel balance` reads of a completed match: who led it, and who lost it."""
        self.first_leader[first] += 1
        for side in lost:
            self.lost_side[side] += 1
        self.lead_lost[len(lost), int(self.side_of[first] in lost)] += 1
        halves = {(side + number) % 2 for side in lost}
        if len(halves) == 1:
            self.half_lost[halves.pop()] += 1

    def _round(self, result: RoundResult) -> None:
        self.rounds += 1
        self.points[sum(result.points)] += 1
        self.fish += result.end == "fish"
        self.redealt += result.redeals > 0
        leader_side = self.side_of[result.leader]
        for side, lost in enumerate(result.losers):
            if side == leader_side:
                self.leader_lost += lost
            else:
                self.other_lost += lost
                self.others += 1

    def _stop(self, number: int, stop: RuleStop) -> None:
        # the message as a text people read in their language; its str is what the JSON keeps
        entry = StopCount(stop.rule, stop.kind, 1, number, stop.said())
        known = self.stops.get(stop.rule)
        if known is None:
            self.stops[stop.rule] = entry
        else:
            known.merge(entry)

    def merge(self, other: "Tally") -> None:
        """Add another tally of the same seating (a chunk played elsewhere)."""
        for name in ("matches", "completed", "rounds", "stopped_rounds", "fish", "redealt",
                     "leader_lost", "other_lost", "others"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.lengths.update(other.lengths)
        self.points.update(other.points)
        self.lead_lost.update(other.lead_lost)
        for mine, theirs in ((self.goat_side, other.goat_side),
                             (self.goat_seat, other.goat_seat),
                             (self.goat_after_first, other.goat_after_first),
                             (self.win_side, other.win_side),
                             (self.first_leader, other.first_leader),
                             (self.half_lost, other.half_lost),
                             (self.lost_side, other.lost_side)):
            for index, count in enumerate(theirs):
                mine[index] += count
        for rule, entry in other.stops.items():
            known = self.stops.get(rule)
            if known is None:
                self.stops[rule] = StopCount(**vars(entry))
            else:
                known.merge(entry)
