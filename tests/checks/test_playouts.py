"""Hypothesis playouts: every seed variant, every player count, every option combination.

For each match: every move the engine offers is exactly what line-domino physics allows (an
independent oracle below), the 28 tiles are conserved, the line's ends match its tiles, each
round ends within a bound, the match ends (or stops at a point the rules leave open, which must
be an UnspecifiedRule), and replaying the saved record gives the same result.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.engine import Listener, Move, RuleStop, play_match, prepare
from interpreter.engine import tileset as ts
from interpreter.engine.referee import replay
from interpreter.engine.table import Table
from interpreter.language.errors import UnspecifiedRule
from interpreter.engine.players import GreedyPlayer, RandomPlayer
from interpreter.engine.records import parse_record, record_json
from interpreter.language.resolve import load_variant
from engine_support import seed
from tiers import examples

SEEDS = ("minsk", "pairs", "kozel-classic", "gambler-1v1")
RULE_STOPS = {"unspecified", "gap", "conflict", "undefined", "stuck"}
MAX_MOVES_PER_ROUND = 28 * 2 + 4 * 28  # every tile laid and drawn once, knocks in between

# A variant that uses what no seed does: pass, a reserve, two doubles, optional redeals.
EXERCISE = """
variant exercise {
  players 2..4
  option many: yes | no = no
  sides: partners when players = 4
  sides: individual otherwise
  deal: 5
  draw: until_playable when many
  draw: one otherwise
  reserve: 2
  pass: yes
  two doubles: yes
  redeal: optional when count(doubles(hand)) >= 3
  redeal: never otherwise
  lead match: holder(first_dealt([0-0, 1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-1, 0-2, 0-3, 0-4, 0-5,
    0-6, 1-2, 1-3, 1-4, 1-5, 1-6, 2-3, 2-4, 2-5, 2-6, 3-4, 3-5, 3-6, 4-5, 4-6, 5-6]))
  lead round: winner when previous = out
  lead round: next(fisher) otherwise
  lead tile: hand
  fish: blocked or left = right and count(with(hands + stock, left)) = 0
  hand value: pips(hand)
  loser: value(side) = highest(all)
  score: value(all) - value(side) + carried
  carry: value(all) when tie
  carry: 0 otherwise
  opens: points >= 10
  remember: remembered + points
  goat: total > 150
}
"""


def oracle(table: Table, seat: int) -> set[str]:
    """The legal moves by the physics alone, written as text (independent of table.py)."""
    hand = ts.tiles_of(table.held[seat])
    left, right = table.left, table.right
    if table.must_play >= 0:
        hand = [ts.tile_of(table.must_play)]
    plays = set()
    for tile in hand:
        if tile.shows(left) and tile.shows(right) and left == right:
            plays.add(f"play {tile} right")
            continue
        if tile.shows(left):
            plays.add(f"play {tile} left")
        if tile.shows(right):
            plays.add(f"play {tile} right")
    doubles = {t for t in hand if t.is_double}
    if table.two_doubles and table.must_play < 0 and left != right and \
            {ts.tile_of(ts.DOUBLE_OF[left]), ts.tile_of(ts.DOUBLE_OF[right])} <= doubles:
        plays.add(f"play {ts.tile_of(ts.DOUBLE_OF[left])}+{ts.tile_of(ts.DOUBLE_OF[right])}")
    stock_left = len(table.pile) - table.drawn - table.reserve
    if not plays:
        return {"draw" if table.draw_kind != "none" and stock_left > 0 else "knock"}
    return plays | ({"knock"} if table.may_pass and table.must_play < 0 else set())


class Checked:
    """Wraps a player: is asked for every move and checks the offer against the oracle."""

    wants_forced_moves = True

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def choose(self, view: Any, moves: Sequence[Move]) -> Move:
        table: Table = view.table
        if table.lead_tile >= 0:
            assert {m.text() for m in moves} == oracle(table, view.seat)
            assert len(moves) == len({m.text() for m in moves})
        else:
            assert all(table.held[view.seat] >> m.tiles[0].index & 1 for m in moves)
        return self.inner.choose(view, moves) if len(moves) > 1 else moves[0]

    def accept_redeal(self, view: Any) -> bool:
        return self.inner.accept_redeal(view)


class Invariants(Listener):
    """After every move: 28 tiles conserved, line ends consistent; rounds end in time."""

    def __init__(self) -> None:
        self.moves = 0

    def round_started(self, number: int, table: Table, redeals: list, leader: int) -> None:
        self.moves = 0
        self._conserved(table)

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        self.moves += 1
        assert self.moves <= MAX_MOVES_PER_ROUND
        self._conserved(table)
        line = table.line_tiles()
        assert (line[0][0], line[-1][1]) == (table.left, table.right)
        assert all(a[1] == b[0] for a, b in zip(line, line[1:]))
        assert ts.set_of(ts.INDEX[ts.Tile.of(*pair)] for pair in line) == table.line

    @staticmethod
    def _conserved(table: Table) -> None:
        parts = list(table.held) + [table.line, table.stock]
        union = 0
        for part in parts:
            assert union & part == 0  # no tile in two places
            union |= part
        assert union == ts.FULL_SET
        assert table.stock == ts.set_of(table.pile[table.drawn:])


def _play_and_replay(variant: Any, players: int, options: dict, match_seed: int,
                     greedy: bool) -> None:
    setup = prepare(variant, players, options)
    inner = [GreedyPlayer() if greedy else RandomPlayer(match_seed + s) for s in range(players)]
    try:
        result = play_match(setup, [Checked(p) for p in inner], seed=match_seed,
                            listener=Invariants())
    except RuleStop as stop:
        assert isinstance(stop, UnspecifiedRule) and stop.kind in RULE_STOPS, str(stop)
        return
    assert result.goat, "a match ends with a goat"
    assert all(r.goat == () for r in result.rounds[:-1])
    assert list(result.scores) == [sum(r.points[s] for r in result.rounds)
                                   for s in range(setup.seating.sides)]
    record = json.loads(json.dumps(record_json(result)))
    assert replay(variant, parse_record(record)).as_json() == result.as_json()


def matches(variant: Any) -> st.SearchStrategy:
    options = st.fixed_dictionaries({o.name: st.sampled_from(o.values) for o in variant.options})
    return st.tuples(st.sampled_from(variant.players), options,
                     st.integers(0, 2**32), st.booleans())


PLAYOUT = settings(max_examples=examples(30), deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", SEEDS)
def test_seed_playouts(name: str) -> None:
    variant = seed(name)

    @PLAYOUT
    @given(matches(variant))
    def check(case: tuple) -> None:
        _play_and_replay(variant, *case)
    check()


def test_exercise_playouts() -> None:
    variant = load_variant(EXERCISE, "exercise.kozel")

    @PLAYOUT
    @given(matches(variant))
    def check(case: tuple) -> None:
        _play_and_replay(variant, *case)
    check()
