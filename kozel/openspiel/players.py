"""Players that think: OpenSpiel's IS-MCTS over python_kozel, and any OpenSpiel bot as a player.

    from kozel.openspiel.players import BotPlayer, ismcts_player
    players = [ismcts_player(seed=1, budget=200), GreedyPlayer()]
    result = play_match(setup, players, seed=7)

`BotPlayer` is the engine's Player (engine/players.py) for a pyspiel.Bot: it hears the match
(a player that is a Listener does, engine/match.py) and, when asked, sets out the current round
as a python_kozel state (the sheet as the round began, the kept deal, the lot, every move)
and asks the bot to step there. The state holds the true deal, as every OpenSpiel state does:
a bot that searches only what its seat may know (IS-MCTS resamples from the information state)
learns no hidden tile from it. An optional redeal is asked before the round's deal is known
to anyone: the state then holds the seat's hand and the others' tiles drawn at random.

`ismcts_player` is OpenSpiel's Python IS-MCTS (open_spiel.python.algorithms.ismcts) with a
budget of simulations per decision, evaluating a new node by one random playout of the rest of
the match on the compiled round (RolloutEvaluator), and resampling with resampling.py; its
random numbers (the search's, the playouts', the resampling's) all come from its seed, so the
same seed gives the same moves. `kozel play` and `kozel simulate` take it as
`--strategy ismcts --budget N`: the worker processes of a simulation build it by the
importable name `ismcts_strategy(N)` gives (engine/players.py make_player).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

import numpy as np
from open_spiel.python.algorithms import ismcts as open_spiel_ismcts, mcts

from interpreter.compiled.stepping import STOPPED, CompiledRounds, Start, first_start
from interpreter.engine import tileset as ts
from interpreter.engine.codes import ACCEPT_CODE, CODE_OF, DECLINE_CODE, MOVE_OF
from interpreter.engine.events import Listener
from interpreter.engine.moves import Move
from interpreter.engine.outcomes import RoundResult
from interpreter.engine.setup import Setup
from interpreter.engine.stops import RuleStop
from interpreter.engine.table import Table
from interpreter.engine.views import HandView, SeatView

from .game import DEFAULT_MAX_ROUNDS, KozelGame, KozelState
from .position import (ANSWERING, DEALING, DRAWING_LOT, LOT_BASE, TERMINAL, Ending, Position,
                       seat_returns)
from .resampling import resample_position

DEFAULT_BUDGET = 100  # simulations per decision: every decision under 100 ms in minsk (benchmarks)
UCT_C = 2.0  # exploration of IS-MCTS's UCT (returns lie in [-1, 1])
MAKE_BOT = Callable[[KozelGame, int], Any]  # (game, seat) → a pyspiel.Bot for that seat


class RolloutEvaluator(mcts.Evaluator):
    """Values a state by random playouts of the rest of the match (chance and every seat
    uniformly at random), played on the state's Position: no OpenSpiel call per move."""

    def __init__(self, rng: random.Random, rollouts: int = 1) -> None:
        self.rng, self.rollouts = rng, rollouts

    def evaluate(self, state: KozelState) -> np.ndarray:
        """The mean returns of the playouts."""
        total = np.zeros(state.get_game().num_players())
        for _ in range(self.rollouts):
            total += play_out(state.position.copy(take=True), self.rng)
        return total / self.rollouts

    def prior(self, state: KozelState) -> list[tuple[int, float]]:
        """Every legal action as likely."""
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def play_out(position: Position, rng: random.Random) -> list[float]:
    """Play a (copied) position to its end at random; its returns. The current round is
    played on, then the rest of the match by the compiled round's `play_on`; where the
    engine would stop, the playout ends there, unnamed (Position.rough)."""
    random_, number = rng.random, position.start.number
    compiled = position.rules.rounds
    position.rough = True
    while True:
        node = position.node
        if node.player == TERMINAL:
            return position.returns()
        if compiled is not None and (position.start.number != number or not position.actions):
            return _played_on(position, compiled, rng)
        if node.player >= 0:
            offered = node.offered
            position.apply_all((offered[int(random_() * len(offered))],))
        elif node.kind == DEALING:
            position.deal_at_random(rng)
        else:
            outcomes = position.chance_outcomes()
            position.apply_all((outcomes[int(random_() * len(outcomes))][0],))


def _played_on(position: Position, compiled: CompiledRounds, rng: random.Random) -> list[float]:
    """The returns of the rest of the match from a round's start, played at random."""
    try:
        ended = compiled.play_on(position.start, rng.getrandbits(64), position.rules.max_rounds)
    except STOPPED:
        return [0.0] * position.rules.setup.players
    return seat_returns(position.rules.setup, None if ended is None else Ending("match", *ended))


def ismcts_bot(game: KozelGame, seed: int, budget: int = DEFAULT_BUDGET) -> Any:
    """OpenSpiel's IS-MCTS on the game, every random number drawn from `seed`."""
    rng = random.Random(seed)
    bot = open_spiel_ismcts.ISMCTSBot(game, RolloutEvaluator(random.Random(rng.getrandbits(64))),
                           UCT_C, budget,
                           random_state=np.random.RandomState(rng.getrandbits(32)))
    resampling = random.Random(rng.getrandbits(64))
    bot.set_resampler(lambda state, player: KozelState(
        state.get_game(), resample_position(state.position, player, resampling)))
    return bot


class BotPlayer(Listener):
    """A pyspiel.Bot as a player of the engine (see the module's docstring): `bot` for a bot
    of a game already made (it plays every seat this player takes), or `make_bot(game,
    seat)` to make a seat's bot when the match begins (OpenSpiel's bots are made for a seat).
    One player may take several seats: a side's."""

    trusted = True  # the project's own: asked directly, without a time limit

    def __init__(self, bot: Any = None, *, game: KozelGame | None = None,
                 make_bot: MAKE_BOT | None = None, seed: int = 0,
                 max_rounds: int = DEFAULT_MAX_ROUNDS) -> None:
        if (bot is None) == (make_bot is None) or (bot is not None and game is None):
            raise ValueError("give a bot and its game, or make_bot")
        self.bot, self.game, self.make_bot = bot, game, make_bot
        self.bots: dict[int, Any] = {}  # each seat's bot, made by make_bot
        self.max_rounds, self.rng = max_rounds, random.Random(seed)
        self.start: Start | None = None
        self._clear()

    def _clear(self) -> None:
        self.hands: list[int] = []
        self.pile: list[int] = []
        self.leader = -1
        self.codes: list[int] = []
        self.answers: dict[int, bool] = {}  # the seat's own redeal answers, by hand

    # ---- hearing the match ---------------------------------------------------------------
    def match_started(self, setup: Setup) -> None:
        """A match begins: the game of its setup (and a bot for it), nothing seen yet."""
        if self.make_bot is not None:
            self.game, self.bots = KozelGame.of_setup(setup, self.max_rounds), {}
        self.start = first_start(setup.seating.sides)
        self._clear()

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        """The kept deal and its stock, and who leads."""
        self.hands, self.pile, self.leader, self.codes = list(table.held), list(table.pile), \
            leader, []

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        """One move more."""
        self.codes.append(CODE_OF[move])

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """Where the match stands for the next round."""
        assert self.start is not None and self.game is not None
        tie = False
        if self.game.rules.reads_tie and not (result.goat or result.winner):
            try:
                tie = bool(result.tie())
            except RuleStop:
                tie = False  # the engine stops at the next lead: no question follows
        self.start = Start(self.start.number + 1, tuple(result.scores), tuple(result.opened),
                           tuple(result.remembered), result.carry, result.end, result.seat,
                           result.leader, result.loser_group, tie)
        self._clear()

    # ---- answering -----------------------------------------------------------------------
    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """The bot's move in the round as it stands."""
        position = self._round()
        offered = {CODE_OF[move] for move in moves}
        if position.node.player != view.seat or set(position.node.offered) != offered:
            raise RuntimeError("the bot's game does not stand where the match does")
        action = self._step(position)
        move = MOVE_OF[action]
        assert move is not None and action in offered
        return move

    def accept_redeal(self, view: HandView) -> bool:
        """The bot's answer, in a deal whose other hands are drawn at random."""
        position = self._question(view)
        answer = position is not None and self._step(position) == ACCEPT_CODE
        self.answers[view.hand_set] = answer
        return answer

    def _step(self, position: Position) -> int:
        """Ask the bot of the seat to act."""
        assert self.game is not None  # made when the match began
        seat, bot = position.node.player, self.bot
        if self.make_bot is not None:
            bot = self.bots.get(seat)
            if bot is None:
                bot = self.bots[seat] = self.make_bot(self.game, seat)
        return int(bot.step(KozelState(self.game, position)))

    def _round(self) -> Position:
        """The current round as a position: the kept deal, the answers, the lot, the moves."""
        assert self.game is not None and self.start is not None
        rules = self.game.rules
        position = Position(rules, self.start)
        order = [t for hand in self.hands for t in ts.members(hand)] + self.pile
        for tile in order[:rules.dealt]:
            position.apply(tile)
        self._keep(position)
        if position.node.kind == DRAWING_LOT:
            position.apply(LOT_BASE + self._lot(position))
        for code in self.codes:
            position.apply(code)
        return position

    @staticmethod
    def _keep(position: Position) -> None:
        """Answer the kept deal's redeal questions: everyone asked kept it."""
        while position.node.kind == ANSWERING:
            position.apply(DECLINE_CODE)

    def _lot(self, position: Position) -> int:
        """The seat drawn by lot that makes the round's leader lead."""
        for seat in range(position.rules.setup.players):
            trial = position.copy()
            trial.apply(LOT_BASE + seat)
            if trial.node.player == self.leader:
                return seat
        return 0

    def _question(self, view: HandView, tries: int = 100) -> Position | None:
        """A deal where the seat holds its hand and is asked to throw it in (the others'
        tiles drawn at random); None where none turns up."""
        assert self.game is not None and self.start is not None
        rules, size = self.game.rules, self.game.rules.setup.deal
        mine = list(ts.members(view.hand_set))
        others = [t for t in range(ts.TILE_COUNT) if not view.hand_set >> t & 1]
        for _ in range(tries):
            self.rng.shuffle(others)
            order = others[:view.seat * size] + mine + others[view.seat * size:]
            position = Position(rules, self.start)
            for tile in order[:rules.dealt]:
                position.apply(tile)
            while position.node.kind == ANSWERING and position.node.player != view.seat:
                position.apply(DECLINE_CODE)
            if position.node.kind == ANSWERING:
                return position
        return None


def ismcts_player(seed: int = 0, budget: int = DEFAULT_BUDGET,
                  max_rounds: int = DEFAULT_MAX_ROUNDS) -> BotPlayer:
    """A player that searches with OpenSpiel's IS-MCTS, `budget` simulations a decision."""
    rng = random.Random(seed)
    bot_seed, own_seed = rng.getrandbits(64), rng.getrandbits(64)
    return BotPlayer(make_bot=lambda game, seat: ismcts_bot(game, bot_seed + seat, budget),
                     seed=own_seed, max_rounds=max_rounds)


def ismcts(seed: int | None, argument: str) -> BotPlayer:
    """The factory engine/players.make_player calls for `ismcts_strategy(budget)`."""
    return ismcts_player(seed or 0, int(argument) if argument else DEFAULT_BUDGET)


def ismcts_strategy(budget: int = DEFAULT_BUDGET) -> str:
    """The importable name of the IS-MCTS strategy with a budget, as make_player takes it."""
    return f"{__name__}:ismcts:{budget}"


__all__ = ["BotPlayer", "DEFAULT_BUDGET", "RolloutEvaluator", "ismcts_bot", "ismcts_player",
           "ismcts_strategy", "play_out"]
