"""The person at the terminal as a player: `kozel play --human SEAT` asks them for each move."""

from __future__ import annotations

import sys
from typing import Callable, Sequence, TextIO

from ..engine.moves import Move
from ..engine.views import HandView, SeatView
from ..language.errors import KozelError


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
