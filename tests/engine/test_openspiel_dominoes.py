"""An independent check of the engine: OpenSpiel's own two domino games against their
encodings in the rule language (spec/published), game by game.

OpenSpiel (the `open-spiel` package) ships `python_block_dominoes` (two players, seven tiles
each, fourteen out of play) and `python_team_dominoes` (four players in two teams, all 28 tiles
dealt). spec/published/openspiel-block.kozel and openspiel-team.kozel say the same games in
the language, from the project's own account of OpenSpiel's code. Each game here is dealt by
OpenSpiel's chance outcomes (seeded), and the kozel engine is given the very same hands; then
at every decision of the engine the legal moves of both must be the same set, one of them is
chosen at random and made in both, and at the end OpenSpiel's returns must be what the kozel
match wrote. Nothing is modelled here: the rules are OpenSpiel's code on one side and the
engine playing the rule file on the other.

A move is compared as (tile, pip of the end it is laid on): OpenSpiel names an end by its pips,
kozel by left or right (a lead has no end: None in both). A kozel knock is OpenSpiel passing
the seat over without asking it: OpenSpiel must then have no legal action for that seat, and
the seat it asks next must be the one kozel asks next.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import pytest

from interpreter.engine import MatchResult, Move, SeatView, play_match, prepare
from interpreter.engine import tileset as ts
from interpreter.engine.moves import KNOCK, LEFT, PLAY
from interpreter.engine.tiles import Tile
from interpreter.language.model import Variant
from kozel.loading import load_variant_arg
from tiers import examples

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed: the OpenSpiel games to compare with are not here")
# importing the package registers OpenSpiel's Python games, python_block_dominoes among them
pytest.importorskip("open_spiel.python.games", reason="open-spiel has no Python games here")

PUBLISHED = Path(__file__).resolve().parents[2] / "spec" / "published"
GAMES = {  # OpenSpiel's game → the rule file that encodes it
    "python_block_dominoes": PUBLISHED / "openspiel-block.kozel",
    "python_team_dominoes": PUBLISHED / "openspiel-team.kozel",
}
# OpenSpiel's name of an action: "p0 tile:(3.0, 5.0) pip:5.0" (pip:None for the lead)
_ACTION = re.compile(r"p(\d) tile:\((\d)\.0, (\d)\.0\) pip:(None|\d)(?:\.0)?$")

Key = tuple[str, int | None]  # (tile, pips of the end it goes on; None for a lead)


class Disagreement(AssertionError):
    """OpenSpiel and the engine part: what differs, with the game so far."""


def kozel_returns(result: MatchResult, side_of: Sequence[int]) -> list[int]:
    """OpenSpiel's returns, read off the kozel match: a seat's return is its side's total less
    the other side's. (The variants write the winner the loser's pips, the loser 0 and both 0 on
    a tie, spec/published: the language writes no negative points, so the loser's minus is
    this difference.)"""
    totals = result.scores
    return [totals[side] - sum(t for other, t in enumerate(totals) if other != side)
            for side in side_of]


def _openspiel_moves(state: Any, seat: int) -> dict[Key, int]:
    """The legal actions OpenSpiel gives the seat to move, by (tile, pip)."""
    found: dict[Key, int] = {}
    for action in state.legal_actions():
        match = _ACTION.match(state.action_to_string(seat, action))
        assert match and int(match[1]) == seat, state.action_to_string(seat, action)
        pip = None if match[4] == "None" else int(match[4])
        found[(str(Tile.of(int(match[2]), int(match[3]))), pip)] = action
    return found


def _kozel_key(move: Move, view: SeatView) -> Key:
    """A kozel move as (tile, pip of the end it is laid on); a knock or a draw as its word."""
    ends = view.ends
    if move.kind != PLAY:
        return (move.kind, None)
    if move.end is None or ends is None:
        return (str(move.tile), None)
    return (str(move.tile), ends[0] if move.end == LEFT else ends[1])


@dataclass
class Lockstep:
    """The dealer and every seat's player of one kozel match, with OpenSpiel's state beside it:
    deals OpenSpiel's hands, and at each decision compares the legal moves, chooses one at
    random and makes it in OpenSpiel too."""

    state: Any
    rng: random.Random
    log: list[str] = field(default_factory=list)  # the deal, then every move made

    wants_forced_moves = True  # a knock and a single legal move are asked too: both compared
    trusted = True  # called by the engine directly: a Disagreement gets out as it is

    # ---- the dealer ----------------------------------------------------------------------
    def start_round(self, number: int) -> None:
        """Only one round is dealt (has_round)."""

    def has_round(self, number: int) -> bool:
        """OpenSpiel's game is one hand."""
        return number == 1

    def deal(self, players: int, size: int) -> tuple[list[int], list[int]]:
        """OpenSpiel's hands, seat by seat; the tiles it did not deal are the stock."""
        hands = [ts.set_of(Tile.of(int(a), int(b)).index for a, b in hand)
                 for hand in self.state.hands]
        self.log += [f"seat {seat} holds {ts.set_text(hand)}" for seat, hand in enumerate(hands)]
        self.check(len(hands) == players and all(h.bit_count() == size for h in hands),
                   f"kozel deals {players} hands of {size}")
        dealt = 0
        for hand in hands:
            dealt |= hand
        return hands, list(ts.members(ts.FULL_SET & ~dealt))

    def settle(self, thrown_in: bool) -> None:
        """OpenSpiel never throws a deal in."""
        self.check(not thrown_in, "kozel threw the deal in")

    # ---- every seat's player -------------------------------------------------------------
    def accept_redeal(self, view: Any) -> bool:
        """Never offered by these variants."""
        raise Disagreement(f"kozel offers seat {view.seat} a redeal\n{self.text()}")

    def choose(self, view: SeatView, moves: Sequence[Move]) -> Move:
        """Compare the legal moves with OpenSpiel's, make one at random in both."""
        state, seat = self.state, view.seat
        self.check(not state.is_terminal(), f"OpenSpiel's game is over, kozel asks seat {seat}")
        if [m.kind for m in moves] == [KNOCK]:
            self.check(state.current_player() != seat and not state.get_legal_actions(seat),
                       f"seat {seat} knocks in kozel, OpenSpiel asks seat "
                       f"{state.current_player()}")
            self.log.append(f"seat {seat}: knock")
            return moves[0]
        self.check(state.current_player() == seat,
                   f"kozel asks seat {seat}, OpenSpiel asks seat {state.current_player()}")
        ours = {_kozel_key(m, view): m for m in moves}
        theirs = _openspiel_moves(state, seat)
        self.check(len(ours) == len(moves) and set(ours) == set(theirs),
                   f"seat {seat}: kozel {sorted(ours, key=str)}, OpenSpiel {sorted(theirs, key=str)}")
        key = sorted(theirs, key=str)[self.rng.randrange(len(theirs))]
        state.apply_action(theirs[key])
        self.log.append(f"seat {seat}: {ours[key].text()}"
                        + (f" (on {key[1]})" if key[1] is not None else ""))
        return ours[key]

    def check(self, holds: bool, what: str) -> None:
        """Raise a Disagreement, with the game so far, unless `holds`."""
        if not holds:
            raise Disagreement(f"{what}\n{self.text()}")

    def text(self) -> str:
        """The game so far: the deal and the moves, one a line."""
        return "the game so far (seats from 0, as OpenSpiel numbers its players):\n  " + \
            "\n  ".join(self.log)


def openspiel_deal(game: Any, rng: random.Random) -> Any:
    """A new OpenSpiel state dealt by its own chance outcomes, each drawn by `rng`."""
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = [action for action, _ in state.chance_outcomes()]
        state.apply_action(outcomes[rng.randrange(len(outcomes))])
    return state


def play_both(game: Any, variant: Variant, seed: int) -> None:
    """One game in lockstep (seeded): raise a Disagreement where OpenSpiel and the engine
    part, in the legal moves, whose turn it is, the end, or the returns."""
    rng = random.Random(seed)
    step = Lockstep(openspiel_deal(game, rng), rng)
    setup = prepare(variant, game.num_players(), {})
    result = play_match(setup, [step] * setup.players, dealer=step)
    step.log.append(f"end: {result.rounds[-1].end if result.rounds else 'none'}, "
                    f"kozel totals {list(result.scores)}")
    step.check(step.state.is_terminal(), "kozel's round is over, OpenSpiel's game is not")
    step.check(result.over and len(result.rounds) == 1, "kozel's match did not end with its hand")
    theirs = [int(r) for r in step.state.returns()]
    ours = kozel_returns(result, setup.seating.side_of)
    step.check(ours == theirs, f"returns: kozel {ours}, OpenSpiel {theirs}")
    best = {setup.seating.side_of[s] for s, r in enumerate(theirs) if r == max(theirs)}
    step.check(set(result.winner or ()) == best,
               f"kozel's winners {result.winner}, OpenSpiel's best sides {sorted(best)}")


def play_many(name: str, variant: Variant, games: int, first_seed: int = 0) -> None:
    """`games` games of OpenSpiel's `name` against the variant, seeds from first_seed."""
    game = pyspiel.load_game(name)
    for seed in range(first_seed, first_seed + games):
        try:
            play_both(game, variant, seed)
        except Disagreement as parted:
            raise Disagreement(f"{name}, seed {seed}: {parted}") from None


def published(name: str) -> Variant:
    """The rule file of spec/published that encodes OpenSpiel's game `name`."""
    return load_variant_arg(str(GAMES[name]))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_engine_plays_openspiel_games_move_for_move(name: str) -> None:
    """300 random games (a quarter in the fast tier): the same legal moves at every step, the
    same returns at the end."""
    play_many(name, published(name), examples(300))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_engine_plays_10000_openspiel_games_move_for_move(name: str) -> None:
    """The issue's count: 10,000 random games of each, other seeds than the normal tier's."""
    play_many(name, published(name), 10_000, first_seed=1_000_000)


# A rule changed in the published variant (a house rule on it, read beside the file so that
# its source is found) must part from OpenSpiel within a few games: the comparison can fail.
BROKEN = [
    ("python_block_dominoes", "pass: yes", "a seat may knock while it can lay a tile"),
    ("python_block_dominoes", "draw: one", "a seat that cannot lay a tile draws"),
    ("python_team_dominoes", "lead tile: doubles(hand) + (if count(doubles(hand)) = 0 then hand"
     " else [])", "the first player must lead a double when he has one"),
    ("python_team_dominoes", "replace score when not loser and not tie: value(all)",
     "the winners write every pip left, their own too"),
]


@pytest.mark.parametrize(("name", "rule", "why"), BROKEN, ids=[b[2] for b in BROKEN])
def test_a_changed_rule_parts_from_openspiel(name: str, rule: str, why: str,
                                             tmp_path: Path) -> None:
    """Each change is caught within 200 games, with the game shown."""
    parent = published(name)
    house = tmp_path / "broken.kozel"
    house.write_text(f'use "{GAMES[name]}"\nvariant broken extends {parent.name} {{\n'
                     f'  {rule}\n    assume "{why}"\n}}\n', encoding="utf-8")
    with pytest.raises(Disagreement, match="the game so far"):
        play_many(name, load_variant_arg(str(house)), 200)
