"""The person at the terminal as a player: `kozel play --human SEAT` asks them for each move."""

from __future__ import annotations

import sys
from typing import Any, Callable, Sequence, TextIO

from interpreter.engine.moves import PLAY, Move
from interpreter.engine.views import HandView, SeatView
from interpreter.engine.words import joined, said_in, seat_said
from interpreter.language.errors import KozelError

from .words import Said, say


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


def move_said(move: Move) -> Said:
    """A move for the person choosing it, in their language: `play 3-5 left`, `knock`."""
    if move.kind != PLAY:
        return Said(f"human.{move.kind}")
    end = Said("human.end", end=Said(f"end.{move.end}")) if move.end else ""
    return Said("human.play", tiles="+".join(str(t) for t in move.tiles), end=end)


YES, NO, QUIT = ("y", "yes", "д", "да"), ("n", "no", "н", "нет"), ("q", "quit", "в", "выйти")


class HumanPlayer:
    """Asks a person at the terminal: the legal moves are listed by number."""

    trusted = True

    def __init__(self, read: Callable[[str], str] | None = None,
                 out: TextIO | None = None, lang: str = "en") -> None:
        self.read = read or input
        self.out = out or sys.stdout
        self.lang = lang

    def _say(self, key: str, **args: Any) -> None:
        print("  " + say(self.lang, key, **args), file=self.out)

    def _ask(self, key: str, **args: Any) -> str:
        try:
            return self.read("  " + say(self.lang, key, **args)).strip()
        except EOFError:
            raise Abandoned(Said("human.input ended")) from None

    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """Show the hand, the line and the numbered moves; read a number."""
        self._say("human.hand", seat=seat_said(view.seat),
                  tiles=" ".join(str(t) for t in view.hand))
        self._say("human.line", line=view.table.line_said())
        held = joined(Said("human.held seat", seat=seat_said(seat), count=size)
                      for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
        self._say("human.held", held=held, stock=view.stock_size)
        for number, move in enumerate(moves, 1):
            print(f"    {number}. {said_in(move_said(move), self.lang)}", file=self.out)
        while True:
            answer = self._ask("human.ask", count=len(moves))
            if answer.lower() in QUIT:
                raise Abandoned(Said("human.abandoned"))
            chosen = move_number(answer, len(moves))
            if chosen is not None:
                return moves[chosen - 1]
            self._say("human.again", count=len(moves))

    def accept_redeal(self, view: HandView) -> bool:
        """Ask whether to throw the deal in."""
        hand = " ".join(str(t) for t in view.hand)
        while True:
            answer = self._ask("human.redeal", tiles=hand).lower()
            if answer in YES + NO:
                return answer in YES
            if answer in QUIT:
                raise Abandoned(Said("human.abandoned"))
