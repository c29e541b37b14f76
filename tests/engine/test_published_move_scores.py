"""Points at a move in the published games (spec/published: All Fives, Fives and Threes, the
block game for four in partnerships), re-derived from the records by a scorer of the test's own.

Each match is played by the engine with seeded random players and written as a
kozel-record/1; the record is replayed (a few through `kozel replay RECORD --format json`, run
in-process through kozel's main(), the rest through the replay API). The scorer below knows
nothing of the engine: it walks each round's moves keeping the line's two end values and
whether the tile at each end is a double, counts the ends as the games' texts say (the two
values added up, a double across an end counting both halves, a lone lead all its pips), and
scores the count as the game does. Every play must carry the "points" the scorer gives it (none
where it gives 0), each round's "move points" of the replay must be the scorer's per side, and
its "points", the totals, the number of rounds and the winner must be what the scorer gets by
adding the end of each hand as the texts score it (the hands left are the record's deal, plus
the draws, less the plays).

50 matches of each game in the normal tier (a quarter in the fast one), 1,000 in the slow one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

from interpreter.engine import play_match, prepare
from interpreter.engine.players import RandomPlayer
from interpreter.engine.records import parse_record, record_json, record_text
from interpreter.engine.referee import replay
from interpreter.language.errors import RecordError
from interpreter.language.model import Variant
from kozel.cli import main
from kozel.loading import load_variant_arg
from tiers import examples

PUBLISHED = Path(__file__).resolve().parents[2] / "spec" / "published"


def round_to_5(x: int) -> int:
    """x to the nearest multiple of 5 (x is never 2.5 off one: whole numbers)."""
    return (2 * x + 5) // 10 * 5


def all_fives_at_move(ends: int) -> int:
    return ends if ends % 5 == 0 else 0


def fives_and_threes_at_move(ends: int) -> int:
    return (ends // 5 if ends % 5 == 0 else 0) + (ends // 3 if ends % 3 == 0 else 0)


@dataclass(frozen=True)
class Game:
    """How one published game scores, as its source text says it."""

    file: str
    players: int
    target: int
    at_move: Callable[[int], int]  # the count at the ends → what the move scores
    out: Callable[[int], int]  # the losers' pips → what the side that went out writes
    fish: Callable[[int, int], int]  # (own pips, the others') → what the lower side writes
    options: tuple[tuple[str, str], ...] = ()

    @property
    def id(self) -> str:
        return f"{self.file}-{self.players}p" + "".join(f"-{k}={v}" for k, v in self.options)


GAMES = (
    Game("all-fives", 2, 61, all_fives_at_move, round_to_5,
         lambda own, other: round_to_5(other - own)),
    Game("all-fives", 2, 250, all_fives_at_move, round_to_5,
         lambda own, other: round_to_5(other - own), (("target", "250"),)),
    Game("fives-and-threes", 2, 61, fives_and_threes_at_move, lambda _: 1, lambda *_: 1),
    Game("fives-and-threes", 4, 61, fives_and_threes_at_move, lambda _: 1, lambda *_: 1),
    Game("block-partners", 4, 100, lambda _: 0, lambda other: other, lambda _, other: other),
)


def pips(tile: str) -> tuple[int, int]:
    low, high = tile.split("-")
    return int(low), int(high)


@dataclass
class Line:
    """The two open ends of the line, and whether the tile lying at each is a double."""

    left: int = -1
    right: int = -1
    left_double: bool = False
    right_double: bool = False
    tiles: int = 0

    def lay(self, tile: str, end: str | None) -> None:
        a, b = pips(tile)
        double = a == b
        if self.tiles == 0:  # the lead: a-b lies with a on the left
            self.left, self.right, self.left_double, self.right_double = a, b, double, double
        elif end == "left":
            assert self.left in (a, b), (tile, self.left)
            self.left, self.left_double = a + b - self.left, double
        else:  # "right", or no end: both ends show the same value
            assert end == "right" or self.left == self.right, (tile, end)
            assert self.right in (a, b), (tile, self.right)
            self.right, self.right_double = a + b - self.right, double
        self.tiles += 1

    @property
    def ends(self) -> int:
        if self.tiles == 1:  # a lone lead counts its pips
            return self.left + self.right
        return self.left * (1 + self.left_double) + self.right * (1 + self.right_double)


@dataclass
class Derived:
    """What the scorer derives of a record: per round, the move points and the points per
    side; the totals; the rounds the match lasts; its winner."""

    move_points: list[list[int]]
    points: list[list[int]]
    totals: list[int]
    rounds: int
    winner: list[int]
    seen: dict[str, int]  # what the record exercised (scoring plays, doubles at the ends, ...)


def derive(game: Game, record: dict[str, Any]) -> Derived:
    """Score a record as the game's text says, checking each play's "points" on the way."""
    sides = 2  # two players each alone, or four in two partnerships: seat s plays for s % 2
    totals = [0, 0]
    move_points: list[list[int]] = []
    points: list[list[int]] = []
    seen = {"scoring plays": 0, "lead scored": 0, "double at an end scored": 0,
            "out": 0, "fish": 0, "fish tied": 0}
    winner: list[int] = []
    rounds = 0
    for number, rnd in enumerate(record["rounds"], 1):
        assert not winner, f"round {number} is played after the match was won"
        rounds = number
        hands = [set(hand) for hand in rnd["hands"]]
        line = Line()
        at_moves = [0] * sides
        for index, move in enumerate(rnd["moves"]):
            seat = move["seat"]
            if "draw" in move:
                hands[seat].add(move["draw"])
                continue
            if "knock" in move:
                continue
            tile = move["play"]
            assert isinstance(tile, str), "no variant here lays two doubles at once"
            hands[seat].remove(tile)
            line.lay(tile, move.get("end"))
            scored = game.at_move(line.ends)
            written = move.get("points", 0)
            assert written == scored, (
                f"round {number}, move {index + 1}: {tile} leaves {line.ends} at the ends, "
                f"which scores {scored}; the record says {written}")
            assert "points" not in move or written > 0, "a play that scored 0 says no points"
            at_moves[seat % sides] += scored
            if scored:
                seen["scoring plays"] += 1
                seen["lead scored"] += line.tiles == 1
                seen["double at an end scored"] += line.tiles > 1 and (
                    line.left_double or line.right_double)
        left = [sum(sum(pips(t)) for s, hand in enumerate(hands) if s % sides == side
                    for t in hand) for side in range(sides)]
        at_end = [0] * sides
        out = [s for s, hand in enumerate(hands) if not hand]
        if out:
            assert len(out) == 1
            seen["out"] += 1
            side = out[0] % sides
            at_end[side] = game.out(left[1 - side])
        else:
            seen["fish"] += 1
            if left[0] == left[1]:
                seen["fish tied"] += 1
            else:
                low = 0 if left[0] < left[1] else 1
                at_end[low] = game.fish(left[low], left[1 - low])
        move_points.append(at_moves)
        points.append([m + e for m, e in zip(at_moves, at_end)])
        totals = [t + p for t, p in zip(totals, points[-1])]
        winner = [s for s in range(sides)
                  if totals[s] >= game.target and totals[s] > totals[1 - s]]
    return Derived(move_points, points, totals, rounds, winner, seen)


def compare(game: Game, derived: Derived, replayed: dict[str, Any], record: dict[str, Any]
            ) -> None:
    """The replay's sheet must be the scorer's, round by round."""
    assert len(replayed["rounds"]) == derived.rounds == len(record["rounds"])
    for number, (row, moves, points) in enumerate(
            zip(replayed["rounds"], derived.move_points, derived.points), 1):
        # a round whose moves scored nothing may leave "move points" out
        assert row.get("move points", [0] * len(moves)) == moves, f"round {number}"
        assert row["points"] == points, f"round {number}"
    assert replayed["scores"] == derived.totals
    assert derived.winner, "the match ends when a side has won it"
    assert replayed["winner"] == derived.winner
    if game.file == "block-partners":  # no move scores: no play of the record says points
        assert not any("points" in move for rnd in record["rounds"] for move in rnd["moves"])


def variant_of(game: Game) -> Variant:
    return load_variant_arg(str(PUBLISHED / f"{game.file}.kozel"))


def play_record(variant: Variant, game: Game, seed: int) -> dict[str, Any]:
    setup = prepare(variant, game.players, dict(game.options))
    result = play_match(setup, [RandomPlayer(seed * 10 + s) for s in range(game.players)],
                        seed=seed)
    record = json.loads(json.dumps(record_json(result)))
    assert record["format"] == "kozel-record/1"
    return record


def check_matches(game: Game, matches: int, through_cli: int = 0, capsys: Any = None,
                  tmp_path: Path | None = None) -> dict[str, int]:
    """Play, record, replay and re-derive `matches` matches; the first `through_cli` are
    replayed by `kozel replay RECORD --format json`."""
    variant = variant_of(game)
    seen: dict[str, int] = {}
    for seed in range(matches):
        record = play_record(variant, game, seed)
        if seed < through_cli:
            assert capsys is not None and tmp_path is not None
            path = tmp_path / f"{game.id}-{seed}.json"
            path.write_text(record_text(record), encoding="utf-8")
            capsys.readouterr()
            code = main(["replay", str(PUBLISHED / f"{game.file}.kozel"), str(path),
                         "--format", "json"])
            out = capsys.readouterr().out
            assert code == 0, out
            replayed = json.loads(out)
        else:
            replayed = replay(variant, parse_record(record)).as_json()
        derived = derive(game, record)
        compare(game, derived, replayed, record)
        for key, count in derived.seen.items():
            seen[key] = seen.get(key, 0) + count
    return seen


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_score_of_a_published_game_is_what_its_text_gives(
        game: Game, capsys: Any, tmp_path: Path) -> None:
    seen = check_matches(game, examples(50), through_cli=3, capsys=capsys, tmp_path=tmp_path)
    assert seen["out"] and seen["fish"]
    if game.file != "block-partners":  # the matches exercised what the scorer counts
        assert seen["scoring plays"] and seen["lead scored"] and seen["double at an end scored"]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_score_of_1000_matches_of_a_published_game(game: Game) -> None:
    seen = check_matches(game, 1000)
    assert seen["fish tied"]  # a blocked hand with equal pips came, and scored nothing


def test_the_scorers_say_what_the_texts_say() -> None:
    # Fives and Threes: "15 on the ends scores 8: three fives and five threes"
    assert [fives_and_threes_at_move(n) for n in (3, 5, 6, 9, 10, 12, 15, 18, 20, 24)] == \
        [1, 1, 2, 3, 2, 4, 8, 6, 4, 8]
    assert fives_and_threes_at_move(7) == fives_and_threes_at_move(0) == 0
    # All Fives: "ten on the ends scores ten"; the hand's pips to the nearest five
    assert [all_fives_at_move(n) for n in (5, 10, 12, 20)] == [5, 10, 0, 20]
    assert [round_to_5(n) for n in (12, 13, 15, 17, 18)] == [10, 15, 15, 15, 20]
    # the line: a double across an end counts both halves, a lone lead all its pips
    line = Line()
    line.lay("5-5", None)
    assert line.ends == 10
    line.lay("0-5", "right")
    assert line.ends == 10  # 5-5 still lies across the left end
    line.lay("4-5", "left")
    assert line.ends == 4
    line.lay("4-4", "left")
    assert line.ends == 8


@pytest.mark.parametrize("seed", range(3))
def test_a_changed_record_points_fail_the_replay(seed: int) -> None:
    """The replay checks a play's "points": one more than scored is an error."""
    game = GAMES[2]
    variant = variant_of(game)
    record = play_record(variant, game, seed)
    move = next(m for rnd in record["rounds"] for m in rnd["moves"] if m.get("points"))
    move["points"] += 1
    with pytest.raises(RecordError, match="scored .*, but under this variant it scores"):
        replay(variant, parse_record(record))
