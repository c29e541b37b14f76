"""python_kozel: the OpenSpiel game of a variant (registered by `import kozel.openspiel`).

The module docstring of kozel/openspiel/__init__.py says what the game is; this module is
OpenSpiel's side of it: the game type, its parameters, the state (a thin shell around a
Position) and the observer.
"""

from __future__ import annotations

import random
import re
from collections import OrderedDict
from typing import Any

import numpy as np
import pyspiel

from interpreter.engine import prepare
from interpreter.engine.codes import CODE_COUNT, code_text
from interpreter.engine.match import MAX_ROUNDS
from interpreter.engine.round import MAX_MOVES, MAX_REDEALS
from interpreter.engine.setup import Setup
from interpreter.engine.tileset import TILE_COUNT, tile_of
from interpreter.language.errors import UsageError
from interpreter.language.model import value_text
from interpreter.language.readings import read

from ..loading import load_variant_arg
from . import seen
from .position import CHANCE, KNOWN, LOT_BASE, TERMINAL, Position, Rules
from .resampling import resample_position

NAME = "python_kozel"
DEFAULT_MAX_ROUNDS = 30
PARAMETERS = {"variant": "minsk", "players": 0, "options": "", "reading": "",
              "max_rounds": DEFAULT_MAX_ROUNDS}
MOST_PLAYERS = TILE_COUNT  # a deal of one tile each

GAME_TYPE = pyspiel.GameType(
    short_name=NAME, long_name="Kozel: a variant of the domino game Козёл (kozel)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MOST_PLAYERS, min_num_players=1,
    provides_information_state_string=True, provides_information_state_tensor=True,
    provides_observation_string=True, provides_observation_tensor=True,
    parameter_specification=PARAMETERS)

_OPTION = re.compile(r"([^\s=:,;]+)\s*[=:]\s*([^\s=:,;]+)")


def parse_options(text: str) -> dict[str, str]:
    """`target=300, autodraw=no` (or `target:300 autodraw:no`) as a dict; UsageError else."""
    left = _OPTION.sub("", text).strip(" ,;\t\n")
    if left:
        raise UsageError(f"python_kozel's options are NAME=VALUE pairs, not {text!r}")
    return {found.group(1): found.group(2) for found in _OPTION.finditer(text)}


def options_text(options: dict[str, Any]) -> str:
    """Options as the game's parameter keeps them: `autodraw:no target:300` (an `=` or a
    comma would end the parameter in OpenSpiel's game string)."""
    return " ".join(f"{name}:{value_text(value)}" for name, value in sorted(options.items()))


_RULES: "OrderedDict[str, Rules]" = OrderedDict()  # the last games loaded, by their key
_KEEP = 16


def _rules(params: dict[str, Any]) -> Rules:
    """The game's rules: its variant loaded and prepared, its round compiled (kept for the
    games loaded last: deserializing a state loads its game again)."""
    key = repr(sorted(params.items()))
    rules = _RULES.get(key)
    if rules is None:
        max_rounds = int(params["max_rounds"])
        if not 1 <= max_rounds <= MAX_ROUNDS:
            raise UsageError(f"max_rounds is a number of rounds from 1 to {MAX_ROUNDS}")
        variant = read(load_variant_arg(str(params["variant"])),
                       str(params["reading"]).replace(",", " ").split())
        setup = prepare(variant, int(params["players"]) or None,
                        parse_options(str(params["options"])))
        rules = Rules(setup, max_rounds, key=key)
        _RULES[key] = KNOWN[key] = rules
        while len(_RULES) > _KEEP:
            KNOWN.pop(_RULES.popitem(last=False)[0], None)
    _RULES.move_to_end(key)
    return rules


def zero_sum(setup: Setup) -> bool:
    """Whether every end gives returns that add up to 0: two sides of as many seats."""
    seats = setup.seating.seats_of
    return len(seats) == 2 and len(seats[0]) == len(seats[1])


class KozelGame(pyspiel.Game):
    """A variant played by a number of players with some options, as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None, *,
                 rules: Rules | None = None) -> None:
        given = {**PARAMETERS, **(params or {})}
        self.rules = rules or _rules(given)
        setup = self.rules.setup
        given.update(players=setup.players, options=options_text(setup.options))
        game_type = GAME_TYPE if not zero_sum(setup) else pyspiel.GameType(
            **{**_type_fields(GAME_TYPE), "utility": pyspiel.GameType.Utility.ZERO_SUM})
        info = pyspiel.GameInfo(
            num_distinct_actions=CODE_COUNT, max_chance_outcomes=LOT_BASE + setup.players,
            num_players=setup.players, min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if zero_sum(setup) else None,
            max_game_length=self.rules.max_rounds * (MAX_MOVES + MAX_REDEALS * setup.players))
        super().__init__(game_type, info, given)

    @classmethod
    def of_setup(cls, setup: Setup, max_rounds: int = DEFAULT_MAX_ROUNDS) -> "KozelGame":
        """The game of a prepared setup (a variant from anywhere, a reading chosen): its
        states cannot be deserialized, as no parameters load it again."""
        return cls({"variant": setup.variant.name, "max_rounds": max_rounds},
                   rules=Rules(setup, max_rounds))

    def new_initial_state(self) -> "KozelState":
        """The match before its first deal."""
        return KozelState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "Observer":
        """The observer of OpenSpiel's observation API."""
        return Observer(self.rules, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


def _type_fields(game_type: Any) -> dict[str, Any]:
    names = ("short_name", "long_name", "dynamics", "chance_mode", "information", "utility",
             "reward_model", "max_num_players", "min_num_players",
             "provides_information_state_string", "provides_information_state_tensor",
             "provides_observation_string", "provides_observation_tensor",
             "parameter_specification")
    return {name: getattr(game_type, name) for name in names}


class KozelState(pyspiel.State):
    """A state of python_kozel: a Position (its only attribute, so a clone copies little)."""

    def __init__(self, game: KozelGame, position: Position | None = None) -> None:
        super().__init__(game)
        self.position = position or Position(game.rules)

    def current_player(self) -> int:
        """The seat to act, CHANCE or TERMINAL (OpenSpiel's ids)."""
        return self.position.node.player

    def _legal_actions(self, player: int) -> list[int]:
        return self.position.legal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next tile of the deal (each still undealt tile as likely), or the lot."""
        return self.position.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.position.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"lot: seat {action - LOT_BASE}" if action >= LOT_BASE else \
                f"deal {tile_of(action)}"
        return code_text(action)

    def is_terminal(self) -> bool:
        """Whether the match ended, stopped, or reached max_rounds."""
        return self.position.node.player == TERMINAL

    def returns(self) -> list[float]:
        """Each seat's return (0 until the end)."""
        return self.position.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "KozelState":
        """A state the seat cannot tell from this one, the others' tiles dealt anew
        (resampling.py); the sampler (a callable giving numbers in [0, 1)) seeds the deal."""
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        return KozelState(self.get_game(), resample_position(self.position, player_id, rng))

    def __str__(self) -> str:
        return seen.state_text(self.position)


class Observer:
    """OpenSpiel's observer: the tensor (named parts) and the string of what a seat sees
    (the string holds the public part even where only private information is asked for)."""

    def __init__(self, rules: Rules, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"python_kozel's observer takes no parameters, not {params}")
        self.recall = iig_obs_type.perfect_recall
        self.public = iig_obs_type.public_info
        self.private = iig_obs_type.private_info
        parts = seen.pieces(rules.setup.players, rules.sides, recall=self.recall,
                            private=self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER,
                            public=self.public)
        size = sum(int(np.prod(shape)) for _, shape in parts)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in parts:
            count = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + count].reshape(shape)
            at += count

    def set_from(self, state: KozelState, player: int) -> None:
        """Write what `player` sees of `state` into the tensor."""
        self.tensor.fill(0)
        seen.write(self.dict, state.position, player)

    def string_from(self, state: KozelState, player: int) -> str:
        """What `player` sees of `state`, as text."""
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return seen.state_text(state.position)
        private = self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if self.recall:
            return seen.information_text(state.position, player, private)
        return seen.observation_text(state.position, player, private)


def register() -> None:
    """Register python_kozel with OpenSpiel (once per process)."""
    if NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, KozelGame)
