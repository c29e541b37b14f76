"""Where a game of python_kozel stands, played by the variant's own compiled round (or engine).

A Position is the match so far: where the match stood when the current round began (a
`Start`: the sheet, how the previous round ended), the finished rounds' results, and the
current round's actions (chance outcomes and decisions, as codes: engine/codes.py). It is
driven by the compiled round of interpreter/compiled/stepping.py, a generator that asks for
every chance and every choice: applying an action sends it in, so a move costs what the
compiled round spends on it. A copy shares everything but the generator; the first action
applied to a copy replays the current round into a new generator (never the rounds before:
the Start holds all they left behind). Where the compiler declines a setup, or a round
reaches a point where the engine would stop, the round is played by the engine itself
(engine/match.py play_next_round, with the driver of following.py), replayed from the round's
start at each action: the engine gives the stop, or the next question, exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from interpreter.compiled.stepping import DEAL, LOT, STOPPED, Round, Start, first_start
from interpreter.engine import tileset as ts
from interpreter.engine.codes import REDEAL_CODES
from interpreter.engine.match import endless_stop
from interpreter.engine.outcomes import MatchResult, RoundResult
from interpreter.engine.playing import MatchPlay
from interpreter.engine.scoring import Ledger
from interpreter.engine.setup import Setup
from interpreter.engine.stops import RuleStop

from .following import Finished, Waiting, play_round_by_engine
from .nodes import (ANSWERING, CHANCE, DEALING, DRAWING_LOT, ENDED, LOT_BASE, MOVING, TERMINAL,
                    Mark, Node, Rules)


@dataclass(frozen=True)
class Ending:
    """How the game ended: the goat's and the winners' sides, a stop, or the cap."""

    how: str  # "match", "stop" or "cap"
    goat: tuple[int, ...] = ()
    winner: tuple[int, ...] = ()
    stop: RuleStop | None = None


def seat_returns(setup: Setup, ending: Ending | None) -> list[float]:
    """Each seat's return for how a game ended (kozel/openspiel/__init__.py says why)."""
    if ending is None or ending.how != "match":
        return [0.0] * setup.players
    sides = set(range(setup.seating.sides))
    losers = set(ending.goat) | (sides - set(ending.winner) if ending.winner else set())
    if not losers or losers == sides:
        return [0.0] * setup.players
    return [-1.0 if setup.seating.side_of[seat] in losers else 1.0
            for seat in range(setup.players)]


class Position:
    """A game of python_kozel so far (see the module's docstring)."""

    __slots__ = ("rules", "start", "rounds", "actions", "marks", "node", "ending", "memo",
                 "rough", "_live", "_asked", "_fed", "_deals", "_dealing", "_engine")

    def __init__(self, rules: Rules, start: Start | None = None) -> None:
        self.rules = rules
        self.start = start or first_start(rules.sides)
        self.rounds: tuple[RoundResult, ...] = ()
        self.actions: list[int] = []  # the current round's actions
        self.marks: list[Mark] = []  # what each of them was
        self.ending: Ending | None = None
        self._live: Round | None = None
        self._engine = False  # the current round is played by the engine
        self._asked: Any = None
        self._fed = 0
        self._deals = 0
        self._dealing: list[int] = []  # the tiles of the deal being dealt
        # a playout's copy (players.py): where the compiled round hands over to the engine
        # (the engine would stop), the game ends there unnamed, without the engine's replay
        self.rough = False
        self.node = Node(CHANCE, DEALING)
        self.memo: dict[Any, Any] = {}  # what readers computed of this position (seen.py)
        if self.start.number > rules.max_rounds:
            self._end(Ending("cap"))

    # ---- reading --------------------------------------------------------------------------
    @property
    def player(self) -> int:
        """The seat to act, CHANCE or TERMINAL."""
        return self.node.player

    def legal(self) -> list[int]:
        """The codes the seat to act may choose (sorted), or the chance outcomes' actions."""
        node = self.node
        if node.player >= 0:
            return sorted(node.offered)
        return [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each outcome of a chance node with its probability (uniform)."""
        node = self.node
        if node.kind == DRAWING_LOT:
            players = self.rules.setup.players
            return [(LOT_BASE + seat, 1.0 / players) for seat in range(players)]
        if node.kind != DEALING:
            return []
        left = [t for t in range(ts.TILE_COUNT) if not node.dealt >> t & 1]
        return [(t, 1.0 / len(left)) for t in left]

    def returns(self) -> list[float]:
        """Each seat's return: see kozel/openspiel/__init__.py (0 until the end)."""
        return seat_returns(self.rules.setup, self.ending)

    def match_play(self) -> MatchPlay:
        """The finished game as `kozel simulate` counts a match (rounds, result or stop)."""
        setup, ending = self.rules.setup, self.ending
        if ending is None:
            raise ValueError("the game is not over")
        if ending.how == "match":
            result = MatchResult(setup.variant.name, setup.players, tuple(setup.options.items()),
                                 setup.seating.sides, self.rounds, self.start.totals,
                                 ending.goat, setup.threshold, winner=ending.winner,
                                 names_winners=bool(setup.variant.cases("wins")))
            return MatchPlay(self.rounds, result)
        stop = ending.stop or endless_stop(setup, self.rules.max_rounds,
                                           Ledger(setup.seating.sides, list(self.start.totals)))
        return MatchPlay(self.rounds, None, stop)

    # ---- copying ------------------------------------------------------------------------
    def copy(self, *, take: bool = False) -> "Position":
        """The same position. The copy replays the current round when an action is first
        applied to it; with `take` it takes this position's live round instead (this one
        replays then, if it is played on: a playout's copy, players.py)."""
        other = Position.__new__(Position)
        other.rules, other.start, other.rounds = self.rules, self.start, self.rounds
        other.actions, other.marks = list(self.actions), list(self.marks)
        other.node, other.ending, other._engine = self.node, self.ending, self._engine
        other.memo = self.memo  # computed of this very position: true of the copy as well
        other._live, other._asked, other._fed, other._deals = None, None, 0, 0
        other._dealing, other.rough = [], False
        if take and self._live is not None:
            other._live, other._asked, other._fed = self._live, self._asked, self._fed
            other._deals, other._dealing = self._deals, list(self._dealing)
            self._live = None
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> "Position":
        return self.copy()  # what OpenSpiel's clone of a Python state calls

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel's serialization of a Python state) as the game's key, the
        Start, the round's actions and how the game ended: the rest is replayed."""
        ending = self.ending
        ended = (ending.how, ending.goat, ending.winner) if ending is not None else None
        return (restore, (self.rules.key, self.start, tuple(self.actions), ended))

    # ---- playing ------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply a chance outcome or a decision (ValueError when it is not one of the node's)."""
        node = self.node
        if node.player == TERMINAL:
            raise ValueError("the game is over")
        if node.kind == DEALING:
            if not (0 <= action < ts.TILE_COUNT) or node.dealt >> action & 1:
                raise ValueError(f"{action} is not a tile still to deal")
        elif node.kind == DRAWING_LOT:
            if not 0 <= action - LOT_BASE < self.rules.setup.players:
                raise ValueError(f"{action} is not a seat drawn by lot")
        elif action not in node.offered:
            raise ValueError(f"{action} is not a legal action of seat {node.player}")
        self.apply_all((action,))

    def apply_all(self, actions: Sequence[int]) -> None:
        """Apply actions in turn, each checked where it is taken (ValueError: the position is
        then not to be used)."""
        if self.node.player == TERMINAL:
            raise ValueError("the game is over")
        self.actions.extend(actions)
        self.memo = {}
        if self._engine:
            self._replay_by_engine()
        elif self._live is None:
            self._replay()
        else:
            self._feed()

    def deal_at_random(self, rng: Any) -> None:
        """At a deal: deal the rest of it, each order as likely (`rng.shuffle`)."""
        node = self.node
        left = [t for t in range(ts.TILE_COUNT) if not node.dealt >> t & 1]
        rng.shuffle(left)
        self.apply_all(left[:self.rules.dealt - node.dealt.bit_count()])

    def _replay(self) -> None:
        """Start the current round's compiled generator again and feed it every action."""
        compiled = self.rules.rounds
        if compiled is None:
            self._engine = True
            self._replay_by_engine()
            return
        self.marks, self._fed, self._deals, self._dealing = [], 0, 0, []
        self._live = compiled.start(self.start)
        try:
            self._asked = next(self._live)
        except STOPPED:
            self._hand_over()
            return
        self._feed()

    def _feed(self) -> None:
        """Send the live round the actions it has not seen, each checked; stop where one
        more is needed."""
        while True:
            asked, fed, actions = self._asked, self._fed, self.actions
            if asked is DEAL:
                reply: Any = self._take_deal()
                if reply is None:
                    return
            elif fed == len(actions):
                self.node = Node(CHANCE, DRAWING_LOT) if asked is LOT else \
                    Node(asked[0], ANSWERING if asked[1] is REDEAL_CODES else MOVING,
                         tuple(asked[1]))
                return
            elif asked is LOT:
                reply, self._fed = actions[fed] - LOT_BASE, fed + 1
                if not 0 <= reply < self.rules.setup.players:
                    raise ValueError(f"{actions[fed]} is not a seat drawn by lot")
                self.marks.append(Mark(DRAWING_LOT))
            else:
                reply, self._fed = actions[fed], fed + 1
                if reply not in asked[1]:
                    raise ValueError(f"{reply} is not a legal action of seat {asked[0]}")
                self.marks.append(Mark(ANSWERING if asked[1] is REDEAL_CODES else MOVING,
                                       asked[0]))
            try:
                self._asked = self._live.send(reply)  # type: ignore[union-attr]
            except StopIteration as done:
                self._round_over(*done.value)
                if self._live is None:
                    return
            except STOPPED:
                self._hand_over()
                return

    def _take_deal(self) -> list[int] | None:
        """The whole order of the deal asked for, once chance has dealt it; else None (the
        node is then the next tile's)."""
        tiles, marks, actions, deal = self._dealing, self.marks, self.actions, self._deals
        dealt = ts.set_of(tiles)
        end = min(len(actions), self._fed + self.rules.dealt - len(tiles))
        for tile in actions[self._fed:end]:
            if not 0 <= tile < ts.TILE_COUNT or dealt >> tile & 1:
                raise ValueError(f"{tile} is not a tile still to deal")
            dealt |= 1 << tile
            marks.append(Mark(DEALING, deal=deal, place=len(tiles)))
            tiles.append(tile)
        self._fed = end
        if len(tiles) < self.rules.dealt:
            self.node = Node(CHANCE, DEALING, dealt=dealt)
            return None
        self._deals, self._dealing = deal + 1, []
        return self.rules.deal_order(tiles)

    def _round_over(self, result: RoundResult, start: Start) -> None:
        """A round was scored: keep it, and end the game or set out the next round's deal."""
        if self._fed < len(self.actions) and not self._engine:
            raise ValueError("actions were given past the end of the round")
        self.rounds += (result,)
        self.start, self._live = start, None
        self.actions, self.marks, self._fed, self._deals, self._dealing = [], [], 0, 0, []
        if result.goat or result.winner:
            self._end(Ending("match", result.goat, result.winner))
            return
        if start.number > self.rules.max_rounds:
            self._end(Ending("cap"))
            return
        self.node = Node(CHANCE, DEALING)
        compiled = self.rules.rounds
        self._engine = compiled is None
        if compiled is not None:
            self._live = compiled.start(start)
            self._asked = next(self._live)  # a round begins with its deal

    def _end(self, ending: Ending) -> None:
        self.ending, self.node, self._live = ending, Node(TERMINAL, ENDED), None

    def _hand_over(self) -> None:
        """The compiled round met a point where the engine stops: the engine plays it (a
        playout's rough copy just ends there)."""
        self._engine, self._live = True, None
        if self.rough:
            self._end(Ending("stop"))
            return
        self._replay_by_engine()

    def _replay_by_engine(self) -> None:
        """Play the current round again with the engine, up to its next question or its end."""
        played = play_round_by_engine(self.rules, self.start, self.actions)
        if isinstance(played, Waiting):
            self.marks, self.node = played
        elif isinstance(played, Finished):
            self._round_over(*played)
        else:
            self._end(Ending("stop", stop=played))


# Rules by their game's key, for positions read back from OpenSpiel's serialization (the
# game is loaded first, and puts its rules here)
KNOWN: dict[str, Rules] = {}


def restore(key: str, start: Start, actions: tuple[int, ...],
            ended: tuple[str, tuple[int, ...], tuple[int, ...]] | None) -> Position:
    """A pickled Position: the same Start, the round's actions replayed."""
    rules = KNOWN.get(key)
    if rules is None:
        raise ValueError(f"no python_kozel game {key!r} is loaded: load it before its states")
    position = Position(rules, start)
    if ended is not None and ended[0] == "match":
        position._end(Ending("match", ended[1], ended[2]))
    elif actions:
        position.actions = list(actions)
        position._replay()
    return position
