"""Does IS-MCTS beat greedy? Matches of IS-MCTS against the greedy strategy, seats swapped: not a
test.

    .venv/bin/python benchmarks/ismcts_vs_greedy.py [--variant minsk | --house] [--players 2]
        [--deals 250] [--budget 200] [--option NAME=VALUE ...]

Each deal seed is played twice by the engine (engine/match.py), IS-MCTS
(kozel/openspiel/players.py, `--budget` simulations a decision) at seat 1 and greedy at seat 2,
then the other way round, the same shuffles both times; with more than two players IS-MCTS
takes the seats of one side. A match ends with a goat (IS-MCTS's side won or lost), or where
the variant gives no answer (a stop: minsk with two players stops whenever 1-1 is left
undealt, and after every round won by going out, as `lead round: partner(winner)` has no
partner: nobody wins those). The figure is IS-MCTS's share of the decided matches with its
Wilson 95% interval, and how long IS-MCTS took a decision (CPU time, decisions with a choice:
the engine asks a seat only then). `--house` plays instead HOUSE, a house rule of minsk where
every match of two is played out: the lowest double dealt opens the match, and the winner of a
round leads the next.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from interpreter.engine import RuleStop, prepare  # noqa: E402
from interpreter.engine.match import play_match  # noqa: E402
from interpreter.engine.moves import Move  # noqa: E402
from interpreter.engine.players import GreedyPlayer  # noqa: E402
from interpreter.engine.views import SeatView  # noqa: E402
from interpreter.simulation.figures import wilson  # noqa: E402
from kozel.commands.play import parse_options  # noqa: E402
from kozel.loading import load_variant_arg  # noqa: E402
from kozel.openspiel.players import BotPlayer, ismcts_player  # noqa: E402


HOUSE = """variant minsk-lowest "Минск, заходит младший дубль" extends minsk {
  lead match: holder(first_dealt([1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-0]))
      assume "a house rule: the lowest double dealt opens the match"
  lead tile: [first_dealt([1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-0])] when first
      assume "a house rule: with that double"
  lead tile: doubles(hand) when not first and count(doubles(hand) - [0-0, 6-6]) > 0
      assume "as minsk"
  lead tile: hand when not first and count(doubles(hand) - [0-0, 6-6]) = 0   assume "as minsk"
  lead round: winner when previous = out   assume "a house rule: with two players the winner leads"
  lead round: fisher when previous = fish   assume "as minsk"
}
"""


class Timed:
    """An IS-MCTS player whose every decision is timed (CPU seconds)."""

    def __init__(self, player: BotPlayer, times: list[float]) -> None:
        self.player, self.times = player, times

    def __getattr__(self, name: str) -> Any:
        return getattr(self.player, name)

    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """The player's move, timed."""
        start = time.process_time()
        move = self.player.choose(view, moves)
        self.times.append(time.process_time() - start)
        return move


def one_match(setup: Any, deal: int, first: bool, budget: int, times: list[float]) -> str:
    """"win", "loss" or "stop: RULE" for IS-MCTS in one match."""
    side = 0 if first else 1
    bot = ismcts_player(seed=deal * 2 + side, budget=budget)
    timed = Timed(bot, times)
    seats = [timed if setup.seating.side_of[s] == side else GreedyPlayer()
             for s in range(setup.players)]
    # the engine hears the bot itself (a Listener), and is asked through the timing shell
    try:
        result = play_match(setup, seats, seed=deal, listener=bot)
    except RuleStop as stop:
        return f"stop: {stop.slot}"
    return "loss" if side in result.goat else "win"


def main() -> None:
    """Play, then print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="minsk")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--budget", type=int, default=200)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--house", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if args.house:
            args.variant = str(Path(folder) / "minsk-lowest.kozel")
            Path(args.variant).write_text(HOUSE, encoding="utf-8")
        variant = load_variant_arg(args.variant)
    if args.house:
        args.variant = "minsk-lowest (--house)"
    setup = prepare(variant, args.players, parse_options(args.option))
    times: list[float] = []
    outcomes: dict[str, int] = {}
    start = time.process_time()
    for deal in range(args.deals):
        for first in (True, False):
            outcome = one_match(setup, deal, first, args.budget, times)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    spent = time.process_time() - start
    wins, losses = outcomes.get("win", 0), outcomes.get("loss", 0)
    decided = wins + losses
    low, high = wilson(wins, decided) or (0.0, 0.0)
    print(f"{args.variant}, {setup.players} players{''.join(f', {o}' for o in args.option)}: "
          f"IS-MCTS ({args.budget} simulations a decision) against greedy, {args.deals} deals "
          f"x 2 seatings = {2 * args.deals} matches, {spent:.0f} CPU-s; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"  outcomes: {dict(sorted(outcomes.items()))}")
    if decided:
        print(f"  IS-MCTS wins {wins} of {decided} decided matches: {wins / decided:.1%} "
              f"[{low:.1%}..{high:.1%}] (Wilson 95%)")
    if times:
        ordered = sorted(times)
        print(f"  IS-MCTS decisions with a choice: {len(times)}, mean "
              f"{statistics.mean(times) * 1000:.0f} ms, median "
              f"{statistics.median(times) * 1000:.0f} ms, 95th percentile "
              f"{ordered[int(0.95 * (len(ordered) - 1))] * 1000:.0f} ms, max "
              f"{ordered[-1] * 1000:.0f} ms ({len(times) / sum(times):.1f} decisions/s)")


if __name__ == "__main__":
    main()
