"""Players: a small strategy protocol and the built-in strategies random, greedy and human.

A player is asked only when it has a choice; the engine checks every answer against the legal
moves (IllegalMove otherwise). `accept_redeal` is asked when a variant makes a redeal optional.
A player may set `time_limit` (seconds per answer; None for none). A player that raises, takes
longer or answers no move is stopped with a StrategyError naming its seat (engine/asking.py);
the project's own players say `trusted = True` and are called directly.
"""

from __future__ import annotations

import random
import sys
from typing import Callable, Protocol, Sequence, TextIO

from .moves import PLAY, Move
from .views import HandView, SeatView
from ..language.errors import KozelError

STRATEGIES = ("random", "greedy")


class Player(Protocol):
    """A strategy: given what a seat sees and its legal moves, choose one."""

    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """Return one of the legal moves."""
        ...

    def accept_redeal(self, view: HandView) -> bool:
        """Return True to throw in a deal the variant lets this hand redeal."""
        ...


class RandomPlayer:
    """Chooses uniformly among the legal moves (seeded, so matches are reproducible)."""

    trusted = True

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """Return a random legal move."""
        return moves[int(self.rng.random() * len(moves))]

    def accept_redeal(self, view: HandView) -> bool:
        """Accept an optional redeal half of the time."""
        return self.rng.random() < 0.5


def _greedy_key(move: Move) -> tuple[int, int, int]:
    if move.kind != PLAY:
        return (-1, 0, 0)  # knock only when the variant allows passing and nothing else helps
    singles_first = 0 if len(move.tiles) == 1 and move.tile.is_double else 1
    return (len(move.tiles), singles_first, move.pips)


class GreedyPlayer:
    """Lays its heaviest tile, keeping doubles for last; two doubles at once when it can."""

    trusted = True

    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """Return the heaviest play (non-doubles first); the first such move on a tie."""
        return max(moves, key=_greedy_key)

    def accept_redeal(self, view: HandView) -> bool:
        """Throw in a hand with four or more doubles (it is hard to get rid of)."""
        return view.doubles >= 4


class Abandoned(KozelError):
    """A person stopped the match (end of input or `q`)."""


def move_number(answer: str, count: int) -> int | None:
    """Return the move number 1..count typed in ASCII digits, or None for anything else."""
    # str.isdigit() also admits '²' and '①', which int() refuses, and int() refuses numbers
    # longer than 4,300 digits: only a short run of 0-9 is read as a number.
    if not 0 < len(answer) <= 9 or not all("0" <= ch <= "9" for ch in answer):
        return None
    number = int(answer)
    return number if 1 <= number <= count else None


class HumanPlayer:
    """Asks a person at the terminal: the legal moves are listed by number."""

    trusted = True

    def __init__(self, read: Callable[[str], str] | None = None,
                 out: TextIO | None = None) -> None:
        self.read = read or input
        self.out = out or sys.stdout

    def _ask(self, prompt: str) -> str:
        try:
            return self.read(prompt).strip()
        except EOFError:
            raise Abandoned("input ended: the match was abandoned") from None

    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """Show the hand, the line and the numbered moves; read a number."""
        print(f"  your hand (seat {view.seat}): {' '.join(str(t) for t in view.hand)}",
              file=self.out)
        print(f"  line: {view.line}", file=self.out)
        others = ", ".join(f"seat {seat}: {size}" for seat, size in enumerate(view.hand_sizes)
                           if seat != view.seat)
        print(f"  tiles held: {others}; stock: {view.stock_size}", file=self.out)
        for number, move in enumerate(moves, 1):
            print(f"    {number}. {move.text()}", file=self.out)
        while True:
            answer = self._ask(f"  your move (1-{len(moves)}, q to quit): ")
            if answer.lower() in ("q", "quit"):
                raise Abandoned("the match was abandoned")
            chosen = move_number(answer, len(moves))
            if chosen is not None:
                return moves[chosen - 1]
            print(f"  please type a number from 1 to {len(moves)} (digits 0-9)", file=self.out)

    def accept_redeal(self, view: HandView) -> bool:
        """Ask whether to throw the deal in."""
        hand = " ".join(str(t) for t in view.hand)
        while True:
            answer = self._ask(f"  your hand: {hand} — throw the deal in? (y/n): ").lower()
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            if answer in ("q", "quit"):
                raise Abandoned("the match was abandoned")


def make_player(strategy: str, seed: int | None = None) -> Player:
    """Return a built-in strategy by name: random or greedy."""
    if strategy == "random":
        return RandomPlayer(seed)
    if strategy == "greedy":
        return GreedyPlayer()
    raise ValueError(f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES)}")


__all__ = ["Abandoned", "GreedyPlayer", "HumanPlayer", "Player", "RandomPlayer", "STRATEGIES",
           "make_player", "move_number", "seat_players"]


def seat_players(strategy: str, players: int, seed: int | None) -> list[Player]:
    """Return one built-in player per seat, each seeded from the match seed."""
    rng = random.Random(seed)
    return [make_player(strategy, rng.getrandbits(64)) for _ in range(players)]
