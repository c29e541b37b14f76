"""One round: deal (and redeal), the leader and the lead, turns until out or fish.

Everything a variant decides comes from its slots: `redeal`, `lead match`/`lead round`,
`lead tile`, `fish`; the table knows only the physics. Scoring is in scoring.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol, Sequence

from . import tileset as ts
from .asking import StrategyError, ask, shown as ask_shown
from .events import Listener
from .lot import Leads, draw_lot
from .moves import DRAW, LEAD_MOVES, PLAY, IllegalMove, Move, moves_text
from .outcomes import RoundLog
from .setup import Setup
from .shuffling import shuffle
from .situations import DealSituation, HandSituation, NextSituation
from .stops import RuleStop
from .words import Said, seat_indexed, seat_said
from .table import Table
from .views import HandView, SeatView

if TYPE_CHECKING:
    from .players import Player

MAX_REDEALS = 1000  # a variant that throws in every deal must stop, not loop
MAX_MOVES = 2000  # with `pass`, players could knock around forever


class Dealer(Protocol):
    """Where deals come from: a shuffled set, or a record being replayed."""

    def start_round(self, number: int) -> None:
        """A new round (1-based) begins."""

    def deal(self, players: int, size: int) -> tuple[list[int], list[int]]:
        """Return the hands (tile sets) and the stock in drawing order."""

    def settle(self, thrown_in: bool) -> None:
        """The engine has decided whether the last deal is thrown in."""

    def has_round(self, number: int) -> bool:
        """Whether a round with this number can be dealt."""


class ShuffleDealer:
    """Deals from the 28 tiles shuffled by a seeded random generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.tiles = list(range(ts.TILE_COUNT))

    def start_round(self, number: int) -> None:
        """Nothing to prepare."""

    def deal(self, players: int, size: int) -> tuple[list[int], list[int]]:
        """Shuffle; each seat in turn gets `size` tiles; the rest is the stock."""
        tiles = self.tiles
        shuffle(self.rng, tiles)
        hands = [ts.set_of(tiles[seat * size:(seat + 1) * size]) for seat in range(players)]
        return hands, tiles[players * size:]

    def settle(self, thrown_in: bool) -> None:
        """Any deal is acceptable."""

    def has_round(self, number: int) -> bool:
        """A shuffled set never runs out."""
        return True

    def draw_lot(self, players: int, leads: Leads) -> int:
        """Draw a seat by lot, each as likely (asked only by a variant that uses `lot`)."""
        return self.rng.randrange(players)


@dataclass(frozen=True)
class Previous:
    """How the previous round ended, for `lead round`."""

    end: str
    seat: int
    leader: int
    losers: int = 0  # the sides that lost it, a group
    tie: Callable[[], bool] = lambda: False  # its `tie`, asked only where a rule reads it


@dataclass
class PlayedRound:
    """The physics of a finished round, before it is scored."""

    table: Table
    leader: int
    end: str
    seat: int
    log: RoundLog
    played: tuple[int, ...] = ()  # per side, the points scored at moves (`move score`)


class Turns:
    """Runs the turns of one round on a table, asking the players and checking their moves."""

    def __init__(self, setup: Setup, table: Table, players: Sequence["Player"],
                 listener: Listener | None, scores: tuple[int, ...]) -> None:
        self.setup, self.table, self.players = setup, table, players
        self.listener, self.scores = listener, scores
        self.fish = setup.rules["fish"].evaluate
        self.log: list[tuple[int, Move, int]] = []
        overridden = listener is not None and type(listener).moved is not Listener.moved
        self.on_move = listener.moved if overridden else None  # type: ignore[union-attr]
        self.ask_always = [getattr(p, "wants_forced_moves", False) for p in players]
        self.trusted = [getattr(p, "trusted", False) for p in players]
        # points at a move, only where the variant writes `move score` (else nothing to ask)
        self.move_score = setup.rules["move score"].evaluate \
            if setup.variant.cases("move score") else None
        self.played = [0] * setup.seating.sides
        self.scored: list[tuple[int, int]] = []  # (index of the move in the log, its points)

    def score_move(self, seat: int) -> None:
        """Ask `move score` of the tile just laid; write it to the mover's side."""
        points = int(self.move_score(self.table))  # type: ignore[misc]
        self.table.scored = points
        if points:
            self.played[self.setup.seating.side_of[seat]] += points
            self.scored.append((len(self.log), points))

    def choose(self, seat: int, moves: list[Move]) -> Move:
        """Ask a seat's player; never trust the answer (an untrusted player is also guarded;
        the left of two equal ends is legal)."""
        player, view = self.players[seat], SeatView(self.table, seat, self.scores)
        if self.trusted[seat]:
            chosen = player.choose(view, moves)
        else:
            chosen = ask(player, seat, Said("question.move"), lambda: player.choose(view, moves))
        if not isinstance(chosen, Move):
            raise IllegalMove(Said("illegal.no move", seat=seat_indexed(seat),
                                   answer=ask_shown(chosen), moves=moves_text(moves)),
                              seat=seat, move=chosen, legal=moves)
        if chosen not in moves and not self.table.left_twin(chosen, moves):
            raise IllegalMove(Said("illegal.chosen", seat=seat_indexed(seat),
                                   move=repr(chosen.text()), moves=moves_text(moves)),
                              seat=seat, move=chosen, legal=moves)
        return chosen

    def record(self, seat: int, move: Move, drawn: int = -1) -> None:
        """Log a move for the record and tell the listener."""
        self.log.append((seat, move, drawn))
        if self.on_move is not None:
            self.on_move(seat, move, drawn, self.table)

    def lead(self, leader: int, lead_set: int) -> tuple[str, int] | None:
        """The leader opens the line; return the round's end if that already ends it."""
        table = self.table
        table.turn = leader
        leads = [LEAD_MOVES[t] for t in ts.members(lead_set)]
        move = leads[0] if len(leads) == 1 and not self.ask_always[leader] else \
            self.choose(leader, leads)
        table.lead(leader, move.tiles[0].index)
        if self.move_score is not None:
            self.score_move(leader)
        self.record(leader, move)
        if not table.held[leader]:
            return "out", leader
        return ("fish", leader) if self.fish(table) else None

    def run(self, leader: int, lead_set: int) -> tuple[str, int]:
        """Play the round to its end; return (end, seat): out by a seat, or fish by the fisher.

        The hot path of the engine, kept in one function on purpose (a call per step would
        cost more than the step): locals instead of attributes, and the strategy is asked only
        when a seat has a choice."""
        ended = self.lead(leader, lead_set)
        if ended:
            return ended
        table, players, fish, log = self.table, self.setup.players, self.fish, self.log
        ask_always, on_move = self.ask_always, self.on_move
        until_playable = self.setup.draw == "until_playable"
        by_turn = self.setup.draw is None  # `draw` reads the turn: asked again after a draw
        seat, knocks = (leader + 1) % players, 0
        for _ in range(MAX_MOVES):
            table.turn = seat
            moves = table.legal_moves(seat)
            move = moves[0] if len(moves) == 1 and not ask_always[seat] else \
                self.choose(seat, moves)
            kind, drawn = move.kind, -1
            if kind == PLAY:
                laid = move.tiles
                if len(laid) == 1:
                    table.lay(seat, laid[0].index, move.end)  # type: ignore[arg-type]
                else:
                    table.lay_doubles(seat, laid[0].index, laid[1].index)
                if self.move_score is not None:
                    self.score_move(seat)
                knocks = 0
            elif kind == DRAW:
                drawn = table.draw(seat)
                knocks = 0
            else:
                knocks += 1
            log.append((seat, move, drawn))
            if on_move is not None:
                on_move(seat, move, drawn, table)
            if kind == PLAY:
                if not table.held[seat]:
                    return "out", seat
                seat = (seat + 1) % players
            elif kind == DRAW:
                if table.fits(drawn):
                    table.must_play = drawn  # the drawer must lay it: same seat again
                elif not (until_playable or by_turn and table.can_draw(seat)
                          and table.draw_kind_at(seat) == "until_playable"):
                    seat = (seat + 1) % players
            else:
                if knocks >= players and table.blocked:
                    raise self.stuck()
                seat = (seat + 1) % players
                continue  # a knock changes nothing the fish rule looks at
            if fish(table):
                return "fish", table.last_layer
        raise RuleStop("endless", "pass", Said("detail.endless moves", moves=MAX_MOVES),
                       cases=self.setup.variant.cases("pass"), situation=table.describe())

    def stuck(self) -> RuleStop:
        """Every seat knocked in turn and `fish` says no: a gap of the variant."""
        return RuleStop("stuck", "fish", Said("detail.stuck"),
                        cases=self.setup.variant.cases("fish"), situation=self.table.describe())


def deal_round(setup: Setup, dealer: Dealer, players: Sequence["Player"], first: bool
               ) -> tuple[list[int], list[int], list[tuple[int, ...]]]:
    """Deal until no hand throws the deal in; return hands, stock and the thrown-in deals."""
    redeals: list[tuple[int, ...]] = []
    redeal = setup.rules["redeal"]
    never = redeal.constant == "never"
    situation = HandSituation(setup.players, first)
    for _ in range(MAX_REDEALS):
        hands, pile = dealer.deal(setup.players, setup.deal)
        thrown = not never and _thrown_in(redeal, situation, hands, players)
        dealer.settle(thrown)
        if not thrown:
            return hands, pile, redeals
        redeals.append(tuple(hands))
    raise RuleStop("endless", "redeal", Said("detail.redeals", deals=MAX_REDEALS),
                   cases=setup.variant.cases("redeal"))


def _thrown_in(redeal: object, situation: HandSituation, hands: list[int],
               players: Sequence["Player"]) -> bool:
    """Apply `redeal` to each hand in seat order: automatic, or optional and accepted."""
    for seat, hand in enumerate(hands):
        situation.hand, situation.seat = hand, seat
        kind = redeal(situation)  # type: ignore[operator]
        if kind == "automatic":
            return True
        if kind == "optional" and _accepts(players[seat], HandView(seat, hand, situation.first)):
            return True
    return False


def _accepts(player: "Player", view: HandView) -> bool:
    """Ask a player whether to throw in its deal; only True or False is an answer."""
    if getattr(player, "trusted", False):
        return player.accept_redeal(view)
    answer = ask(player, view.seat, Said("question.redeal"),
                 lambda: player.accept_redeal(view))
    if not isinstance(answer, bool):
        raise StrategyError(Said("strategy.not a redeal answer", seat=seat_indexed(view.seat),
                                 answer=ask_shown(answer)), view.seat)
    return answer


def find_leader(setup: Setup, hands: list[int], pile: list[int],
                previous: Previous | None, dealer: Dealer | None = None) -> tuple[int, int]:
    """Return the leader and the tiles it may open with (`lead tile` ∩ its hand)."""
    if previous is None:
        situation: DealSituation = DealSituation(setup.seating, hands, pile, True)
        draw_lot(setup, dealer, situation, "lead match")
        leader = setup.rules["lead match"](situation)
    else:
        situation = NextSituation(setup.seating, hands, pile, previous=previous.end,
                                  seat=previous.seat, leader=previous.leader,
                                  losers=previous.losers, tie=previous.tie)
        draw_lot(setup, dealer, situation, "lead round")
        leader = setup.rules["lead round"](situation)
    situation.hand, situation.leading = hands[leader], leader
    allowed = setup.rules["lead tile"](situation)
    lead_set = allowed & hands[leader]
    if not lead_set:
        raise RuleStop("gap", "lead tile", Said("detail.no lead", seat=seat_said(leader),
                                                tiles=ts.set_text(allowed)),
                       cases=setup.variant.cases("lead tile"), situation=situation.describe(),
                       facts=situation.facts("lead"))
    return leader, lead_set


def play_round(setup: Setup, number: int, previous: Previous | None, dealer: Dealer,
               players: Sequence["Player"], listener: Listener | None = None,
               scores: tuple[int, ...] = ()) -> PlayedRound:
    """Deal and play one round (no scoring); raise RuleStop or IllegalMove."""
    dealer.start_round(number)
    hands, pile, redeals = deal_round(setup, dealer, players, previous is None)
    leader, lead_set = find_leader(setup, hands, pile, previous, dealer)
    table = setup.table(hands, pile)
    if listener is not None:
        listener.round_started(number, table, redeals, leader)
    turns = Turns(setup, table, players, listener, scores)
    end, seat = turns.run(leader, lead_set)
    log = RoundLog(tuple(redeals), tuple(hands), tuple(pile), tuple(turns.log),
                   tuple(turns.scored))
    played = tuple(turns.played) if turns.move_score is not None else ()
    return PlayedRound(table, leader, end, seat, log, played)
