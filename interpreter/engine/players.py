"""Players: a small strategy protocol and the built-in strategies random and greedy.

A player is asked only when it has a choice; the engine checks every answer against the legal
moves (IllegalMove otherwise). `accept_redeal` is asked when a variant makes a redeal optional.
A player may set `time_limit` (seconds per answer; None for none). A player that raises, takes
longer or answers no move is stopped with a StrategyError naming its seat (engine/asking.py);
the project's own players say `trusted = True` and are called directly. The person at the
terminal is a player of the commands (kozel/commands/human.py), not of the engine.

A strategy is named by a word (random, greedy) or, for a player defined above the engine (the
IS-MCTS player of kozel/openspiel), by where its factory is: `MODULE:FUNCTION` or
`MODULE:FUNCTION:ARGUMENT`, the function called as FUNCTION(seed, ARGUMENT). A name is all a
worker process or a cluster node needs to seat the same players, and the engine imports
nothing of the application.
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol, Sequence

from .moves import PLAY, Move
from .views import HandView, SeatView

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


def make_player(strategy: str, seed: int | None = None) -> Player:
    """Return a built-in strategy by name (random, greedy), or the player an importable
    factory makes (`MODULE:FUNCTION[:ARGUMENT]`, see the module's docstring)."""
    if strategy == "random":
        return RandomPlayer(seed)
    if strategy == "greedy":
        return GreedyPlayer()
    module, colon, rest = strategy.partition(":")
    if colon and module and rest:
        function, _, argument = rest.partition(":")
        factory = getattr(importlib.import_module(module), function)
        player: Player = factory(seed, argument)
        return player
    raise ValueError(f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES)}")


__all__ = ["GreedyPlayer", "Player", "RandomPlayer", "STRATEGIES", "make_player", "seat_players"]


def seat_players(strategy: str, players: int, seed: int | None) -> list[Player]:
    """Return one built-in player per seat, each seeded from the match seed."""
    rng = random.Random(seed)
    return [make_player(strategy, rng.getrandbits(64)) for _ in range(players)]
