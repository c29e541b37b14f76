"""Outcomes as data: what a round and a match came to, and what a record needs of a round."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..language.ast import OptionValue
from .tiles import Tile
from .moves import Move
from .tileset import tiles_of


@dataclass(frozen=True)
class RoundLog:
    """A round as played, for a record: thrown-in deals, the deal, the stock, the moves."""

    redeals: tuple[tuple[int, ...], ...]  # each deal: one tile set (bit mask) per seat
    hands: tuple[int, ...]
    pile: tuple[int, ...]  # the stock in drawing order
    moves: tuple[tuple[int, Move, int], ...]  # (seat, move, tile drawn or -1)
    # (index in `moves`, points) of each move that scored (`move score`), in order
    scored: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class RoundResult:
    """One finished round: how it ended, what each side wrote, what is carried over."""

    number: int  # 1-based
    end: str  # "out" or "fish"
    seat: int  # the seat that went out, or the fisher
    leader: int
    lead: Tile
    points: tuple[int, ...]  # written per side (after bonus, carried points, threshold)
    carry: int  # left hanging for the next round
    remembered: tuple[int, ...]  # per side, after the round
    opened: tuple[bool, ...]  # per side, after the round
    scores: tuple[int, ...]  # per side, totals after the round
    losers: tuple[bool, ...]  # per side
    goat: tuple[int, ...]  # sides that lost the match with this round (empty: play on)
    # the tiles left in each hand, as the engine keeps them (a bit mask per seat; `left` gives
    # them as tiles): kept as masks so that a round's end costs the fast paths nothing
    held: tuple[int, ...] = field(repr=False)
    redeals: int
    moves: int
    log: RoundLog = field(compare=False, repr=False)
    winner: tuple[int, ...] = ()  # sides that won the match with this round (`wins`)
    # `tie` of the round, asked only when the next round's `lead round` reads it (it needs every
    # hand's value, which a variant need not otherwise ask)
    tie: Callable[[], bool] = field(default=lambda: False, compare=False, repr=False)
    # per side, the points scored at moves in this round (`move score`; part of `points`);
    # empty for a variant that scores no move
    played: tuple[int, ...] = ()

    @property
    def left(self) -> tuple[tuple[Tile, ...], ...]:
        """The tiles left in each hand at the round's end, by seat (from 0), lowest first."""
        return tuple(tuple(tiles_of(hand)) for hand in self.held)

    @property
    def loser_group(self) -> int:
        """The sides that lost the round, as a group (a bit mask of sides)."""
        return sum(1 << side for side, lost in enumerate(self.losers) if lost)

    def as_json(self, *, threshold: bool) -> dict[str, Any]:
        """The round as `kozel replay --format json` writes it (docs/records.md)."""
        data: dict[str, Any] = {"end": self.end, "seat": self.seat, "points": list(self.points),
                                "carry": self.carry}
        if threshold:
            data["remembered"] = list(self.remembered)
        if self.played:
            data["move points"] = list(self.played)
        return data


@dataclass(frozen=True)
class MatchResult:
    """A match: its rounds, the final totals, and the goat (None while the match is not over)."""

    variant: str
    players: int
    options: tuple[tuple[str, OptionValue], ...]
    sides: int
    rounds: tuple[RoundResult, ...]
    scores: tuple[int, ...]
    goat: tuple[int, ...] | None
    threshold: bool = False
    # (round, moves played in it) where a record broken off in the middle of a round ends
    # (`kozel replay --partial`, the checker's witnesses); None for a match played out
    unfinished: tuple[int, int] | None = None
    # the sides that won the match (`wins`; None while the match is not over), and whether the
    # variant names winners at all: only then does the JSON carry "winner" (docs/records.md)
    winner: tuple[int, ...] | None = None
    names_winners: bool = False

    @property
    def over(self) -> bool:
        """True when the match ended: a side became the goat or won."""
        return bool(self.goat) or bool(self.winner)

    def as_json(self) -> dict[str, Any]:
        """The match as `kozel replay --format json` writes it (docs/records.md)."""
        data: dict[str, Any] = {
            "rounds": [r.as_json(threshold=self.threshold) for r in self.rounds],
            "scores": list(self.scores),
            "goat": list(self.goat) if self.goat is not None else None}
        if self.names_winners:
            data["winner"] = list(self.winner) if self.winner is not None else None
        if self.unfinished is not None:
            data["unfinished"] = {"round": self.unfinished[0], "moves": self.unfinished[1]}
        return data
