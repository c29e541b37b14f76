"""Random games per second of python_kozel against OpenSpiel's own python_block_dominoes, in
the same run, and IS-MCTS decisions per second: not a test.

    .venv/bin/python benchmarks/openspiel_speed.py [--repeat 5] [--seconds 2] [--budget 200]

Every game is played through OpenSpiel's Python API the same way (a uniformly random chance
outcome and a uniformly random legal action at each node, `apply_action` on one state, no
clones), so both games pay OpenSpiel's price per call. The games, interleaved in each
repetition, each for `--seconds` of CPU time:

- python_block_dominoes: one hand of two-player block dominoes (7 tiles each, 14 dealt);
- python_kozel minsk, 2 players, max_rounds=1: one round of minsk (7 tiles each, 14 dealt, a
  player who cannot lay knocks) — half its games stop at the deal (1-1 not dealt, so
  nobody may open: the variant gives no answer), which makes them short: compare per action;
- python_kozel minsk-lowest, 2 players, max_rounds=1: a house rule of minsk whose first
  round is opened by the lowest double dealt, so every round is played out (the like of a
  block dominoes hand);
- python_kozel minsk, 4 players: a whole match to 100 points.

Figures are medians of the repetitions, in games and in actions (chance outcomes and moves)
per CPU second. Then IS-MCTS (kozel/openspiel/players.py, `--budget` simulations) chooses at
decision states of random minsk games (2 and 4 players) with more than one legal action: its
decisions per second and milliseconds per decision. Last, what drives the game: random matches
of minsk for 4 played on the game's Position directly (no OpenSpiel call), by the compiled
round (the game's engine) and by the engine replaying the round at each action (its fallback
where the compiler declines a setup), in actions per CPU second.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pyspiel  # noqa: E402
from open_spiel.python.games import block_dominoes  # noqa: E402,F401  registers it

import kozel.openspiel  # noqa: E402,F401  registers python_kozel
from interpreter.engine import prepare  # noqa: E402
from kozel.loading import load_variant_arg  # noqa: E402
from kozel.openspiel.nodes import Rules  # noqa: E402
from kozel.openspiel.players import ismcts_bot  # noqa: E402
from kozel.openspiel.position import TERMINAL, Position  # noqa: E402

HOUSE = """
variant minsk-lowest "Минск, заходит младший дубль" extends minsk {
  lead match: holder(first_dealt([1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-0]))
      assume "a house rule: the lowest double dealt opens the match"
  lead tile: [first_dealt([1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-0])] when first
      assume "a house rule: with that double"
  lead tile: doubles(hand) when not first and count(doubles(hand) - [0-0, 6-6]) > 0
      assume "as minsk"
  lead tile: hand when not first and count(doubles(hand) - [0-0, 6-6]) = 0   assume "as minsk"
}
"""


def games(house: str) -> dict[str, Any]:
    """The games measured, by label."""
    return {
        "python_block_dominoes": pyspiel.load_game("python_block_dominoes"),
        "python_kozel minsk, 2 players, one round": pyspiel.load_game(
            "python_kozel", {"variant": "minsk", "players": 2, "max_rounds": 1}),
        "python_kozel minsk-lowest, 2 players, one round": pyspiel.load_game(
            "python_kozel", {"variant": house, "players": 2, "max_rounds": 1}),
        "python_kozel minsk, 4 players, a match": pyspiel.load_game(
            "python_kozel", {"variant": "minsk", "players": 4}),
    }


def play(game: Any, rng: random.Random) -> int:
    """One game at random through OpenSpiel's API; the actions applied."""
    state, actions = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        actions += 1
    return actions


def rate(run: Callable[[], int], seconds: float) -> tuple[float, float]:
    """(games, actions) per CPU second of `run` played for about `seconds`."""
    start, played, actions = time.process_time(), 0, 0
    while time.process_time() - start < seconds:
        actions += run()
        played += 1
    spent = time.process_time() - start
    return played / spent, actions / spent


def decision_states(game: Any, count: int, seed: int) -> list[Any]:
    """States of random games where the seat to act has a choice."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                found.append(state.clone())
            state.apply_action(rng.choice(legal))
    return found


def search_speed(players: int, budget: int, count: int) -> float:
    """CPU seconds per decision of IS-MCTS in minsk."""
    game = pyspiel.load_game("python_kozel", {"variant": "minsk", "players": players})
    states = decision_states(game, count, seed=players)
    bot = ismcts_bot(game, 1, budget)
    start = time.process_time()
    for state in states:
        bot.step(state)
    return (time.process_time() - start) / len(states)


def drive(rules: Rules, rng: random.Random) -> int:
    """One random match on a Position; the actions applied."""
    position, actions = Position(rules), 0
    while position.node.player != TERMINAL:
        legal = position.legal()
        position.apply(legal[int(rng.random() * len(legal))])
        actions += 1
    return actions


def engines(repeat: int, seconds: float) -> None:
    """The compiled round against the engine replayed, on the Position itself."""
    setup = prepare(load_variant_arg("minsk"), 4)
    ways = {"compiled round": Rules(setup, 30), "engine, replayed": Rules(setup, 30,
                                                                          engine_only=True)}
    rates: dict[str, list[float]] = {way: [] for way in ways}
    for repetition in range(repeat):
        for way, rules in ways.items():
            rng = random.Random(repetition)
            rates[way].append(rate(lambda: drive(rules, rng), seconds)[1])
    print("\nminsk, 4 players, random matches on the Position (no OpenSpiel call):")
    for way, figures in rates.items():
        print(f"  {way}: {statistics.median(figures):.0f} actions/s")


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--budget", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        house = Path(folder) / "minsk-lowest.kozel"
        house.write_text(HOUSE, encoding="utf-8")
        measured = games(str(house))
        print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
              f", open-spiel {getattr(pyspiel, '__version__', '?')}; load average "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        rows: dict[str, list[tuple[float, float]]] = {label: [] for label in measured}
        for repetition in range(args.repeat):
            for label, game in measured.items():
                rng = random.Random(repetition)
                rows[label].append(rate(lambda: play(game, rng), args.seconds))
        block = statistics.median(g for g, _ in rows["python_block_dominoes"])
        block_actions = statistics.median(a for _, a in rows["python_block_dominoes"])
        print(f"\nrandom games, medians of {args.repeat} repetitions of {args.seconds:g} CPU-s "
              "each, interleaved:")
        print("| game | games/s | actions/s | games/s ÷ block | actions/s ÷ block |")
        print("|---|---|---|---|---|")
        for label, figures in rows.items():
            per_game = statistics.median(g for g, _ in figures)
            per_action = statistics.median(a for _, a in figures)
            print(f"| {label} | {per_game:.0f} | {per_action:.0f} | {per_game / block:.2f} | "
                  f"{per_action / block_actions:.2f} |")
    print(f"\nIS-MCTS, {args.budget} simulations a decision, {args.decisions} decisions with a "
          "choice, from random games:")
    for players in (2, 4):
        seconds = search_speed(players, args.budget, args.decisions)
        print(f"  minsk, {players} players: {1 / seconds:.1f} decisions/s, "
              f"{seconds * 1000:.0f} ms a decision")
    engines(args.repeat, args.seconds)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
