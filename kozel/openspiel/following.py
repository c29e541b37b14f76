"""The engine playing one round of a Position: its dealer and every seat's player follow the
round's actions, and stop the engine at the first one not yet taken.

The engine asks its players from inside its own loop (engine/round.py), so the round is
played again from its start each time: `_Waiting`, a BaseException, leaves the engine at
the first question without an answer (an Exception from a player would become a
StrategyError), carrying the node the game is at.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from interpreter.compiled.stepping import Start
from interpreter.engine import tileset as ts
from interpreter.engine.codes import ACCEPT_CODE, CODE_OF, MOVE_OF, REDEAL_CODES
from interpreter.engine.lot import Leads
from interpreter.engine.match import Standing, play_next_round
from interpreter.engine.moves import Move
from interpreter.engine.outcomes import RoundResult
from interpreter.engine.round import Previous
from interpreter.engine.scoring import Ledger
from interpreter.engine.stops import RuleStop
from interpreter.engine.views import HandView, SeatView

from .nodes import ANSWERING, CHANCE, DEALING, DRAWING_LOT, LOT_BASE, MOVING, Mark, Node, Rules


class Waiting(NamedTuple):
    """The round waits for an action: what each action so far was, and the node."""

    marks: list[Mark]
    node: Node


class Finished(NamedTuple):
    """The round ended: its result, and the next round's Start."""

    result: RoundResult
    start: Start


class _Waiting(BaseException):
    """The round needs an action it has not been given: the node it waits at."""

    def __init__(self, node: Node) -> None:
        super().__init__(node.kind)
        self.node = node


class _Follow:
    """The dealer, and the player of every seat, of one round replayed from its actions."""

    trusted = True  # called directly: _Waiting must leave the engine as it is
    wants_forced_moves = True  # every move is an action of the game, a forced one too

    def __init__(self, rules: Rules, actions: list[int]) -> None:
        self.rules, self.actions = rules, actions
        self.marks: list[Mark] = []
        self.deals = 0

    def _next(self, mark: Mark, node: Node) -> int:
        if len(self.marks) == len(self.actions):
            raise _Waiting(node)
        self.marks.append(mark)
        return self.actions[len(self.marks) - 1]

    # ---- the dealer ----------------------------------------------------------------------
    def start_round(self, number: int) -> None:
        """Nothing to prepare."""

    def has_round(self, number: int) -> bool:
        """Any round can be dealt."""
        return True

    def settle(self, thrown_in: bool) -> None:
        """Any deal is acceptable."""

    def deal(self, players: int, size: int) -> tuple[list[int], list[int]]:
        """The tiles chance dealt for this deal, one action each."""
        tiles: list[int] = []
        dealt = 0
        while len(tiles) < self.rules.dealt:
            tile = self._next(Mark(DEALING, deal=self.deals, place=len(tiles)),
                              Node(CHANCE, DEALING, dealt=dealt))
            if not 0 <= tile < ts.TILE_COUNT or dealt >> tile & 1:
                raise ValueError(f"{tile} is not a tile still to deal")
            dealt |= 1 << tile
            tiles.append(tile)
        self.deals += 1
        order = self.rules.deal_order(tiles)
        hands = [ts.set_of(order[seat * size:(seat + 1) * size]) for seat in range(players)]
        return hands, order[players * size:]

    def draw_lot(self, players: int, leads: Leads) -> int:
        """The seat chance drew."""
        seat = self._next(Mark(DRAWING_LOT), Node(CHANCE, DRAWING_LOT)) - LOT_BASE
        if not 0 <= seat < players:
            raise ValueError(f"{seat + LOT_BASE} is not a seat drawn by lot")
        return seat

    # ---- the players ---------------------------------------------------------------------
    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """The move the actions give."""
        offered = tuple(CODE_OF[move] for move in moves)
        code = self._next(Mark(MOVING, view.seat), Node(view.seat, MOVING, offered))
        if code not in offered:
            raise ValueError(f"action {code} is not a legal move of seat {view.seat}")
        move = MOVE_OF[code]
        assert move is not None
        return move

    def accept_redeal(self, view: HandView) -> bool:
        """The answer the actions give."""
        code = self._next(Mark(ANSWERING, view.seat), Node(view.seat, ANSWERING, REDEAL_CODES))
        return code == ACCEPT_CODE


def _standing(start: Start, sides: int) -> Standing:
    """The engine's standing of a Start."""
    ledger = Ledger(sides, list(start.totals), list(start.opened), list(start.remembered),
                    start.carried)
    if start.previous_end is None:
        return Standing(ledger, None, start.number)
    tie, seat, leader = start.previous_tie, start.previous_seat, start.previous_leader
    assert seat is not None and leader is not None  # a previous round has both
    previous = Previous(start.previous_end, seat, leader, start.previous_losers, lambda: tie)
    return Standing(ledger, previous, start.number)


def play_round_by_engine(rules: Rules, start: Start, actions: list[int]
                         ) -> Waiting | RuleStop | Finished:
    """Replay a round with the engine from its Start and actions: what each action was and
    the node it waits at, or the stop it reached, or the round's result and the next
    round's Start."""
    follow = _Follow(rules, actions)
    try:
        result = play_next_round(rules.setup, _standing(start, rules.sides), follow,
                                 [follow] * rules.setup.players)
    except _Waiting as waiting:
        return Waiting(follow.marks, waiting.node)
    except RuleStop as stop:
        return stop
    if len(follow.marks) < len(actions):
        raise ValueError("actions were given past the end of the round")
    tie = False
    if rules.reads_tie and not (result.goat or result.winner):
        try:
            tie = bool(result.tie())
        except RuleStop as stop:  # the next round's lead would stop on it
            return stop
    return Finished(result, Start(start.number + 1, tuple(result.scores), tuple(result.opened),
                                  tuple(result.remembered), result.carry, result.end,
                                  result.seat, result.leader, result.loser_group, tie))
