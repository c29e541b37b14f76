"""A match played one decision at a time, for programs that hold the table themselves.

    game = Game(variant, players=4, seed=7)
    while not game.over:
        if game.question == "redeal":
            game.redeal(False)
        else:
            game.play(game.legal_moves()[0])
    game.result.goat, game.record()

The engine plays a match by asking its players (engine/match.py); a game server or a notebook
wants the opposite: to be asked nothing, and to say the next move when it likes. `Game` turns
one into the other by replaying: every decision so far is kept, and the match is played again
from its seed up to the first decision not yet made, where it stops. The engine stays the one
that plays, so a Game follows the variant exactly as `kozel play` does (the same deal for the
same seed, the same forced moves, the same record), at the price of replaying the match so far
at each move (a few milliseconds for a whole match of minsk).

A seat is asked only when it has a choice: a single legal move is played by the engine. Two
questions can be asked (`question`): which move to make (`legal_moves()`, `play(move)`), and,
where a variant makes a redeal optional, whether to throw the deal in (`redeal(yes)`).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..language.model import Variant
from ..language.ast import OptionValue
from .events import Listener
from .match import play_match
from .moves import IllegalMove, Move
from .outcomes import MatchResult
from .records import record_json
from .setup import Setup, prepare
from .views import HandView, SeatView
from .words import Said, seat_indexed


MOVE, REDEAL = "move", "redeal"  # the two questions a seat can be asked
Decision = Move | bool  # a move made, or an answer to "throw the deal in?"


class _Asked(Exception):
    """Raised out of the engine at the first decision not yet made: what is asked, of whom."""

    def __init__(self, question: str, view: SeatView | HandView,
                 moves: Sequence[Move] = ()) -> None:
        super().__init__(f"a decision is needed: {question}")
        self.question, self.view, self.moves = question, view, tuple(moves)


class _Script:
    """The player of every seat: answers with the decisions made so far, then stops the match."""

    trusted = True  # called directly by the engine (engine/asking.py): _Asked must get out

    def __init__(self, decisions: Sequence[Decision]) -> None:
        self.decisions, self.next = decisions, 0

    def _answer(self, asked: _Asked) -> Decision:
        if self.next == len(self.decisions):
            raise asked
        self.next += 1
        return self.decisions[self.next - 1]

    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """The next decision made so far, else stop here."""
        answer = self._answer(_Asked(MOVE, view, moves))
        assert isinstance(answer, Move)  # decisions are replayed in the order they were asked
        return answer

    def accept_redeal(self, view: HandView) -> bool:
        """The next answer given so far, else stop here."""
        answer = self._answer(_Asked(REDEAL, view))
        assert isinstance(answer, bool)
        return answer


class Game:
    """A match of a variant, played one move at a time: ask the legal moves, play one."""

    def __init__(self, variant: Variant, *, players: int | None = None,
                 options: Mapping[str, OptionValue] | None = None,
                 seed: int | None = None, listener: Listener | None = None) -> None:
        self.setup: Setup = prepare(variant, players, options or {})
        self.seed = seed
        # told every event of each replay, from the match's first deal: a table that shows the
        # moves (the playground's) reads the events past those it has shown
        self.listener = listener
        self.decisions: list[Decision] = []  # the moves made and redeal answers, in order
        self._asked: _Asked | None = None
        self.result: MatchResult | None = None  # set when the match is over
        self._advance()

    @property
    def over(self) -> bool:
        """True when the match has ended (a side is the goat, or wins)."""
        return self.result is not None

    @property
    def question(self) -> str:
        """What the seat to move is asked: "move" (play one of legal_moves()) or "redeal"."""
        return self._pending().question

    @property
    def view(self) -> SeatView | HandView:
        """What the seat sees: its hand, and for a move the line, the others' hands, the stock."""
        return self._pending().view

    @property
    def seat(self) -> int:
        """The seat to move (seats are numbered from 0 here, as in records)."""
        return self._pending().view.seat

    def legal_moves(self) -> list[Move]:
        """The moves the seat to move may make (always two or more)."""
        return list(self._asked_for(MOVE).moves)

    def play(self, move: Move | str) -> None:
        """Make a move of `legal_moves()`, given as the Move or its text (`play 3-5 right`).

        Raises IllegalMove for any other move, and RuleStop where the variant gives no answer
        to what happens next (the game then stays where it was)."""
        moves = self._asked_for(MOVE).moves
        chosen = next((m for m in moves if m == move or m.text() == move), None)
        if chosen is None:
            legal = ", ".join(m.text() for m in moves)
            raise IllegalMove(Said("illegal.game", seat=seat_indexed(self.seat),
                                   move=repr(str(move)), moves=legal),
                              seat=self.seat, move=move, legal=moves)
        self._decide(chosen)

    def redeal(self, accept: bool) -> None:
        """Answer an optional redeal: True throws the deal in (RuleStop as for play)."""
        self._asked_for(REDEAL)
        self._decide(bool(accept))

    @property
    def moves(self) -> list[Move]:
        """The moves made through this game, in order."""
        return [d for d in self.decisions if isinstance(d, Move)]

    def record(self) -> dict[str, object]:
        """The finished match as a kozel-record/1 object (docs/records.md)."""
        if self.result is None:
            raise ValueError("the match is not over: a record is written when it ends")
        return record_json(self.result)

    def _pending(self) -> _Asked:
        if self._asked is None:
            raise ValueError("the match is over: no seat is to move")
        return self._asked

    def _asked_for(self, question: str) -> _Asked:
        asked = self._pending()
        if asked.question != question:
            raise ValueError(f"seat {asked.view.seat} is asked for a {asked.question}, "
                             f"not a {question}")
        return asked

    def _decide(self, decision: Decision) -> None:
        self.decisions.append(decision)
        try:
            self._advance()
        except BaseException:
            self.decisions.pop()
            raise

    def _advance(self) -> None:
        """Play the match again from its seed, with the decisions made, up to the next one."""
        script = _Script(self.decisions)
        try:
            self.result = play_match(self.setup, [script] * self.setup.players, seed=self.seed,
                                     listener=self.listener)
            self._asked = None
        except _Asked as asked:
            self._asked = asked
