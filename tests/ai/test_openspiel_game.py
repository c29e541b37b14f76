"""python_kozel, every variant an OpenSpiel game (kozel/openspiel): OpenSpiel's own checks on
every seed variant and a house rule, and the game against the engine playing the same deals
and choices: the same question at every step, the same legal moves, the same end."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Sequence

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed (pip install 'kozel[ai]')")

from open_spiel.python.observation import make_observation  # noqa: E402

import kozel.openspiel  # noqa: E402,F401  registers python_kozel
from interpreter.engine import RuleStop  # noqa: E402
from interpreter.engine.match import play_match  # noqa: E402
from interpreter.engine.moves import Move  # noqa: E402
from interpreter.engine.outcomes import MatchResult  # noqa: E402
from interpreter.engine.views import HandView, SeatView  # noqa: E402
from kozel.openspiel.game import KozelGame  # noqa: E402

PAIRS = "draw_each=one, full_fish=yes, double_lead=no"
SEEDS = [("minsk", 2, ""), ("minsk", 3, ""), ("minsk", 4, "target=300"), ("pairs", 4, PAIRS),
         ("kozel-classic", 2, ""), ("kozel-classic", 4, ""), ("gambler-1v1", 2, "target=101")]
LOWEST = "first_dealt([1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-0])"
HOUSE = f"""
variant minsk-six "Минск, по шесть камней" extends minsk {{
  deal: 6     assume "a house rule: six tiles each"
  lead match: holder({LOWEST})   assume "a house rule: the lowest double dealt leads"
  lead tile: [{LOWEST}] when first   assume "a house rule: and leads with it"
  lead tile: doubles(hand) when not first and count(doubles(hand) - [0-0, 6-6]) > 0
      assume "as minsk"
  lead tile: hand when not first and count(doubles(hand) - [0-0, 6-6]) = 0   assume "as minsk"
  lead round: winner when previous = out   assume "a house rule: the winner leads"
  lead round: fisher when previous = fish   assume "as minsk"
}}
"""
# `draw` that reads the turn (the hand): a rule the compiled round declines, so the engine plays
TURN_DRAW = """
variant kozel-turn "Козёл, тянут с малой рукой" extends kozel-classic {
  draw: until_playable when count(hand) < 4   assume "a house rule: only a small hand draws"
  draw: none otherwise   assume "a house rule"
}
"""


def _load(variant: str, players: int, options: str = "", **more: Any) -> Any:
    return pyspiel.load_game("python_kozel", {"variant": variant, "players": players,
                                              "options": options, **more})


def _house(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.kozel"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("variant,players,options", SEEDS)
def test_every_seed_variant_passes_openspiel_random_simulations(variant: str, players: int,
                                                                  options: str) -> None:
    game = _load(variant, players, options)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


@pytest.mark.parametrize("text", [HOUSE, TURN_DRAW], ids=["extends minsk", "engine only"])
def test_a_house_rule_passes_them_too(tmp_path: Path, text: str) -> None:
    game = _load(_house(tmp_path, text), 2)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_the_compiler_declines_a_draw_that_reads_the_turn(tmp_path: Path) -> None:
    """So that the test above plays that house rule with the engine."""
    assert KozelGame({"variant": _house(tmp_path, TURN_DRAW), "players": 2}).rules.rounds is None
    assert _load("minsk", 2).rules.rounds is not None


def test_parameters_as_the_command_line_takes_them(tmp_path: Path) -> None:
    game = _load("minsk", 4, "target=300")
    assert game.get_parameters()["options"] == "target:300"  # `=` would end the parameter
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.rules.setup.options == {"target": 300}
    house = _house(tmp_path, HOUSE)
    assert _load(f"{house}:minsk-six", 2).rules.setup.deal == 6
    assert _load("minsk", 0).num_players() == 4  # the most the variant allows
    with pytest.raises(Exception, match="NAME=VALUE"):
        _load("minsk", 2, "target 300")


# ---- the game against the engine ---------------------------------------------------------
def _random_game(game: Any, seed: int) -> tuple[Any, list[tuple[int, int]], list[Any]]:
    """A game played at random: its end, every (player, action), and at each decision the
    seat and its legal actions as text."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    history, asked = [], []
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            legal = state.legal_actions()
            asked.append((player, sorted(state.action_to_string(player, a) for a in legal)))
            action = rng.choice(legal)
        history.append((player, action))
        state.apply_action(action)
    return state, history, asked


class _Script:
    """The engine's dealer and every seat's player, following a game's actions: a deal takes
    the chance actions that follow, a lot the next, a question the next decision, written
    down with the moves the engine offered."""

    wants_forced_moves = True
    trusted = True

    def __init__(self, history: list[tuple[int, int]], rounds: int, dealt: int) -> None:
        self.history, self.at, self.rounds, self.dealt = history, 0, rounds, dealt
        self.asked: list[Any] = []

    def _next(self) -> tuple[int, int]:
        self.at += 1
        return self.history[self.at - 1]

    def start_round(self, number: int) -> None:
        """Nothing to prepare."""

    def has_round(self, number: int) -> bool:
        """As many rounds as the game allows."""
        return number <= self.rounds

    def settle(self, thrown_in: bool) -> None:
        """Any deal."""

    def deal(self, players: int, size: int) -> tuple[list[int], list[int]]:
        """The tiles chance dealt, then the rest lowest first."""
        tiles = [self._next()[1] for _ in range(self.dealt)]
        order = tiles + [t for t in range(28) if t not in tiles]
        hands = [sum(1 << t for t in order[s * size:(s + 1) * size]) for s in range(players)]
        return hands, order[players * size:]

    def draw_lot(self, players: int, leads: Any) -> int:
        """The seat chance drew (28 + seat)."""
        return self._next()[1] - 28

    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """The game's move."""
        self.asked.append((view.seat, sorted(m.text() for m in moves)))
        text = self._text(self._next()[1])
        return next(m for m in moves if m.text() == text)

    def accept_redeal(self, view: HandView) -> bool:
        """The game's answer."""
        self.asked.append((view.seat, ["keep the deal", "throw the deal in"]))
        return self._text(self._next()[1]) == "throw the deal in"

    def _text(self, action: int) -> str:
        return pyspiel.load_game("python_kozel").new_initial_state().action_to_string(0, action)


def _returns(setup: Any, result: MatchResult) -> list[float]:
    """The documented returns of a match's end (kozel/openspiel/__init__.py)."""
    sides = set(range(setup.seating.sides))
    losers = set(result.goat or ()) | (sides - set(result.winner) if result.winner else set())
    if not losers or losers == sides:
        return [0.0] * setup.players
    return [-1.0 if setup.seating.side_of[s] in losers else 1.0 for s in range(setup.players)]


def _engine_check(game: Any, seed: int) -> str:
    """Play a random game, then the engine with its deals and choices; compare. The end."""
    state, history, asked = _random_game(game, seed)
    setup = game.rules.setup
    # chance deals the hands, then the stock as far as it can be drawn (docs/openspiel.md)
    stock = 28 - setup.players * setup.deal
    dealt = setup.players * setup.deal + (0 if setup.draw == "none" else stock - setup.reserve)
    script = _Script(history, game.rules.max_rounds, dealt)
    try:
        result = play_match(setup, [script] * setup.players, dealer=script)
    except RuleStop:
        assert script.asked == asked
        assert state.returns() == [0.0] * setup.players
        return "stop"
    assert script.asked == asked
    assert script.at == len(history)
    if not result.over:  # the game's cap: max_rounds rounds and no end
        assert len(result.rounds) == game.rules.max_rounds
        assert state.returns() == [0.0] * setup.players
        return "cap"
    assert state.returns() == _returns(setup, result)
    play = state.position.match_play()
    assert play.result is not None and play.result.scores == result.scores
    assert play.rounds == result.rounds
    return "match"


@pytest.mark.parametrize("variant,players,options", SEEDS)
def test_the_game_asks_what_the_engine_asks_and_ends_as_it_ends(variant: str, players: int,
                                                                 options: str) -> None:
    game = _load(variant, players, options, max_rounds=12)
    ends = [_engine_check(game, seed) for seed in range(6)]
    assert "match" in ends or "stop" in ends


@pytest.mark.parametrize("text", [HOUSE, TURN_DRAW], ids=["extends minsk", "engine only"])
def test_a_house_rule_asks_what_the_engine_asks(tmp_path: Path, text: str) -> None:
    game = _load(_house(tmp_path, text), 2, max_rounds=12)
    for seed in range(4):
        _engine_check(game, seed)


def test_kozel_classic_unscored_fish_ends_the_game_with_nothing_won() -> None:
    """The text never says who loses a fish: the engine stops there, and so does the game."""
    game = _load("kozel-classic", 2)
    for seed in range(200):
        state, _, _ = _random_game(game, seed)
        stop = state.position.ending.stop
        if stop is not None and stop.slot == "loser":
            assert state.is_terminal() and state.returns() == [0.0, 0.0]
            assert stop.kind == "unspecified"
            assert "ended: stop" in str(state)
            return
    pytest.fail("no game of 200 reached kozel-classic's unscored fish")


def test_a_capped_match_is_a_draw() -> None:
    game = _load("gambler-1v1", 2, max_rounds=1)
    ends = set()
    for seed in range(10):
        state, _, _ = _random_game(game, seed)
        ends.add(state.position.ending.how)
        if state.position.ending.how == "cap":
            assert state.returns() == [0.0, 0.0]
    assert "cap" in ends


# ---- history, serialization, information -------------------------------------------------
def test_a_state_is_its_history_replayed() -> None:
    game = _load("kozel-classic", 3)
    rng = random.Random(5)
    state = game.new_initial_state()
    for step in range(200):
        if state.is_terminal():
            break
        again = game.new_initial_state()
        for action in state.history():
            again.apply_action(action)
        assert str(again) == str(state) and again.history() == state.history()
        restored = game.deserialize_state(state.serialize())
        assert str(restored) == str(state) and restored.legal_actions() == state.legal_actions()
        _, both = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert str(both) == str(state)
        state.apply_action(rng.choice(state.legal_actions()) if not state.is_chance_node()
                           else rng.choice([a for a, _ in state.chance_outcomes()]))


def test_a_seat_sees_its_hand_not_the_others() -> None:
    game = _load("minsk", 4)
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    seat = state.current_player()
    mine = state.information_state_string(seat)
    theirs = state.information_state_string((seat + 1) % 4)
    assert mine != theirs and f"seat {seat}" in mine
    tensor = state.observation_tensor(seat)
    assert len(tensor) == len(state.observation_tensor(0)) and sum(tensor[4:4 + 28]) == 7
    assert len(state.information_state_tensor(seat)) == game.information_state_tensor_size()


@pytest.mark.parametrize("variant,players,options", [s for s in SEEDS if s[1] in (2, 4)])
def test_a_resampled_state_looks_the_same_to_its_seat(variant: str, players: int,
                                                      options: str) -> None:
    """resample_from_infostate deals the unseen tiles anew: the seat sees the same, the
    others' hands differ (in some of the samples)."""
    game = _load(variant, players, options)
    rng = random.Random(3)
    changed = checked = 0
    for seed in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            seat = state.current_player()
            sampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(
                seed, 0.0, 1.0))
            assert sampled.information_state_string(seat) == state.information_state_string(seat)
            assert sampled.current_player() == seat
            assert sampled.legal_actions() == state.legal_actions()
            checked += 1
            changed += str(sampled) != str(state)
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked and changed > checked // 2


def test_an_observer_without_private_information_shows_no_hand() -> None:
    game = _load("kozel-classic", 2)
    rng = random.Random(4)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 20:
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()])
                           if state.is_chance_node() else rng.choice(state.legal_actions()))
    seat = state.current_player()
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))
    hidden = public.string_from(state, seat)
    assert "deal 1" in hidden and "deal 1:" not in hidden
    assert hidden != state.information_state_string(seat)
    assert "hand" not in public.dict and "drawn" not in public.dict


@pytest.mark.parametrize("name,players", [
    ("openspiel-block", 2), ("openspiel-team", 4), ("all-fives", 2), ("fives-and-threes", 2),
    ("fives-and-threes", 4), ("block-partners", 4)])
def test_the_published_games_pass_them_too(name: str, players: int) -> None:
    """The published games (spec/published: OpenSpiel's own dominoes written as variants, and
    the games that score at a move) are OpenSpiel games here too."""
    rules = Path(__file__).resolve().parents[2] / "spec" / "published" / f"{name}.kozel"
    game = _load(str(rules), players)
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)
