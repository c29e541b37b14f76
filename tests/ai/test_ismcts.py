"""Players that think (kozel/openspiel/players.py): OpenSpiel's IS-MCTS on python_kozel, any
OpenSpiel bot as the engine's player, and `--strategy ismcts` in `kozel play` and `simulate`."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _kozel(*args: str, hide_open_spiel: bool = False) -> subprocess.CompletedProcess[str]:
    """Run the command line in a fresh process (with open-spiel hidden from it, if asked)."""
    hide = "import sys; sys.modules['pyspiel'] = None; " if hide_open_spiel else ""
    code = f"{hide}from kozel.cli import main; raise SystemExit(main({list(args)!r}))"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_without_open_spiel_ismcts_is_a_usage_error_that_says_what_to_install() -> None:
    """Runs with or without open-spiel: the import is refused in the child process."""
    for command in ("play", "simulate"):
        extra = ["--matches", "1"] if command == "simulate" else ["--seed", "1"]
        done = _kozel(command, "minsk", "--strategy", "ismcts", *extra, hide_open_spiel=True)
        assert done.returncode == 2, done.stderr
        assert "pip install 'kozel[ai]'" in done.stderr and "Traceback" not in done.stderr


def test_a_budget_is_for_ismcts_alone() -> None:
    done = _kozel("simulate", "minsk", "--matches", "1", "--budget", "5")
    assert done.returncode == 2 and "--budget" in done.stderr


pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed (pip install 'kozel[ai]')")

from open_spiel.python.algorithms import ismcts  # noqa: E402

import kozel.openspiel  # noqa: E402,F401  registers python_kozel
from interpreter.engine import RuleStop, prepare  # noqa: E402
from interpreter.engine.match import play_match  # noqa: E402
from interpreter.engine.players import GreedyPlayer, make_player  # noqa: E402
from kozel.commands.play import DEFAULT_BUDGET  # noqa: E402
from kozel.loading import load_variant_arg  # noqa: E402
from kozel.openspiel import players  # noqa: E402
from kozel.openspiel.players import BotPlayer, ismcts_bot, ismcts_player  # noqa: E402


def _searched_moves(seed: int, budget: int = 20, steps: int = 40) -> list[int]:
    """OpenSpiel's IS-MCTS choosing for every seat of a minsk game, chance from `seed`."""
    game = pyspiel.load_game("python_kozel", {"variant": "minsk", "players": 4})
    bot = ismcts_bot(game, seed, budget)
    assert isinstance(bot, ismcts.ISMCTSBot)
    rng = random.Random(seed)
    state, chosen = game.new_initial_state(), list[int]()
    while not state.is_terminal() and len(chosen) < steps:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        chosen.append(int(action))
        state.apply_action(action)
    return chosen


def test_ismcts_plays_legal_moves_the_same_for_the_same_seed() -> None:
    first = _searched_moves(7)
    assert len(first) == 40
    assert _searched_moves(7) == first


def _match(setup: Any, seed: int, budget: int) -> Any:
    seats = [ismcts_player(seed=seed, budget=budget)] + [
        GreedyPlayer() for _ in range(setup.players - 1)]
    try:
        return play_match(setup, seats, seed=seed)
    except RuleStop as stop:
        return str(stop)


def test_an_ismcts_player_plays_a_match_of_the_engine_the_same_for_the_same_seed() -> None:
    setup = prepare(load_variant_arg("minsk"), 4)
    results = [_match(setup, seed, 10) for seed in (3, 4, 3)]
    assert results[0] == results[2] and results[0] != results[1]
    assert all(r.over for r in results)


def test_any_openspiel_bot_is_a_player() -> None:
    """A C++ bot of OpenSpiel's (uniform random) plays a match through the adapter."""
    setup = prepare(load_variant_arg("minsk"), 4)
    uniform = BotPlayer(make_bot=lambda game, seat: pyspiel.make_uniform_random_bot(seat, 7))
    result = play_match(setup, [uniform, GreedyPlayer(), uniform, GreedyPlayer()], seed=2)
    assert result.over
    again = play_match(setup, [uniform, GreedyPlayer(), uniform, GreedyPlayer()], seed=2)
    assert again.rounds == result.rounds  # a match begins with bots made anew


def test_an_optional_redeal_is_answered_by_the_search() -> None:
    """gambler-1v1 lets a hand of four doubles throw the deal in: the adapter asks the bot."""
    setup = prepare(load_variant_arg("gambler-1v1"), 2, {"target": 101})
    player = ismcts_player(seed=1, budget=5)
    asked = []
    original = player.accept_redeal

    def answer(view: Any) -> bool:
        asked.append(view.hand_set)
        return original(view)
    player.accept_redeal = answer  # type: ignore[method-assign]
    for seed in range(60):
        try:
            play_match(setup, [player, GreedyPlayer()], seed=seed)
        except RuleStop:
            pass
        if asked:
            return
    pytest.fail("no hand of four doubles in 60 matches")


def test_a_strategy_by_importable_name() -> None:
    name = players.ismcts_strategy(7)
    assert name == "kozel.openspiel.players:ismcts:7"
    made = make_player(name, 5)
    assert isinstance(made, BotPlayer)
    assert players.DEFAULT_BUDGET == DEFAULT_BUDGET  # the command line's default is the same


def test_kozel_simulate_and_play_take_ismcts() -> None:
    done = _kozel("simulate", "minsk", "--players", "4", "--matches", "2", "--workers", "1",
                  "--strategy", "ismcts", "--budget", "3", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["strategy"] == "ismcts" and data["budget"] == 3 and data["played"] == 2
    schema = ROOT / "interpreter" / "schemas" / "kozel-simulate.schema.json"
    jsonschema.validate(data, json.loads(schema.read_text(encoding="utf-8")))
    again = _kozel("simulate", "minsk", "--players", "4", "--matches", "2", "--workers", "1",
                   "--strategy", "ismcts", "--budget", "3", "--format", "json")
    clock = ("seconds", "rounds_per_second")  # what the machine's speed decides
    timeless = [{k: v for k, v in json.loads(out).items() if k not in clock}
                for out in (done.stdout, again.stdout)]
    assert timeless[0] == timeless[1]
    played = _kozel("play", "minsk", "--players", "4", "--seed", "3", "--strategy", "ismcts",
                    "--budget", "3")
    assert played.returncode == 0, played.stderr
