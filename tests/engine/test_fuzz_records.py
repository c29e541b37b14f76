"""Mutated records (Hypothesis): replay gives a result, a RecordError or a RuleStop, nothing else.

The seeds are real matches played through the engine by random players (minsk, gambler-1v1,
pairs with two doubles at once), cut to their first rounds to keep a replay to milliseconds.
Each input changes one to three places of a seed record (a value replaced, removed, doubled,
swapped; an end flipped; knocks added after a round), or cuts and splices its JSON text.
Generated inputs per run: STRUCTURE_EXAMPLES + TEXT_EXAMPLES (5,000; a quarter of them in the
fast tier: tests/tiers.py). Hypothesis draws the seed record and a number that drives the
changes: cheap to draw (thousands fit in seconds), and a failure shows the record it made.

The compiled setup of a (variant, players, options) is reused between inputs (prepare costs
more than a short replay); the rest of the replay runs as `kozel replay` runs it.
"""

from __future__ import annotations

import copy
import json
import random
from functools import lru_cache
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.engine import RuleStop, play_match, prepare
from interpreter.engine import referee
from interpreter.engine.outcomes import MatchResult
from interpreter.language.errors import RecordError
from interpreter.engine.players import RandomPlayer
from interpreter.engine.records import parse_record, record_from_text, record_json
from engine_support import seed
from tiers import examples

STRUCTURE_EXAMPLES, TEXT_EXAMPLES = examples(3000), examples(2000)
ROUNDS = 2  # rounds kept of each seed record
SEEDS: list[tuple[str, int, dict[str, Any]]] = [
    ("minsk", 4, {}), ("gambler-1v1", 2, {"target": 101}),
    ("pairs", 4, {"two_doubles": "yes", "draw_each": "one", "full_fish": "no",
                  "double_lead": "yes"})]
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@lru_cache(maxsize=None)
def seed_records() -> tuple[tuple[str, str], ...]:
    """(variant name, record JSON text) of matches played by random players."""
    made = []
    for name, players, options in SEEDS:
        setup = prepare(seed(name), players, options)
        for match in range(2):
            result = play_match(setup, [RandomPlayer(10 * match + s) for s in range(players)],
                                seed=match)
            data = record_json(result)
            data["rounds"] = data["rounds"][:ROUNDS]
            made.append((name, json.dumps(data)))
    return tuple(made)


@lru_cache(maxsize=256)
def _prepared(variant: Any, players: int, options: str) -> Any:
    return prepare(variant, players, json.loads(options))


def _cached_prepare(variant: Any, players: int | None = None,
                    options: dict[str, Any] | None = None) -> Any:
    return _prepared(variant, players, json.dumps(options or {}, sort_keys=True))


@pytest.fixture(autouse=True)
def reuse_setups(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(referee, "prepare", _cached_prepare)


def replays_or_fails_cleanly(name: str, record: Callable[[], Any], partial: bool,
                             shown: Any) -> None:
    """The property: only the project's own errors escape a replay."""
    try:
        result = referee.replay(seed(name), record(), partial=partial)
    except (RecordError, RuleStop) as error:
        assert str(error)
        return
    except Exception as error:
        raise AssertionError(f"{name}: {json.dumps(shown)[:5000]}") from error
    assert isinstance(result, MatchResult)
    json.dumps(result.as_json())


def tile_text(rng: random.Random) -> str:
    return f"{rng.randint(-1, 7)}-{rng.randint(0, 7)}"


def a_move(rng: random.Random) -> dict[str, Any]:
    """A move as a record writes it, of any seat and tile (often an illegal one)."""
    move: dict[str, Any] = {"seat": rng.randint(-1, 4)}
    kind = rng.choice(["knock", "draw", "play", "play"])
    move[kind] = True if kind == "knock" else tile_text(rng)
    if kind == "play" and rng.random() < 0.7:
        move["end"] = rng.choice(["left", "right"])
    return move


VALUES: list[Callable[[random.Random], Any]] = [
    tile_text, a_move, lambda rng: rng.randint(-1, 4), lambda rng: rng.choice(
        ["left", "right", "minsk", "kozel-record/1", None, True, False, 10**60, 1.5, "", {}, []]),
    lambda rng: [tile_text(rng) for _ in range(rng.randint(0, 8))]]


def place(data: Any, rng: random.Random) -> list[Any]:
    """A place in a JSON value, as the keys and indices that lead there: a random walk down
    that mostly goes into the rounds and their moves, and below the second level stops at each
    level with chance 1/4."""
    where: list[Any] = []
    node: Any = data
    while isinstance(node, (dict, list)) and node and (len(where) < 2 or rng.random() < 0.75):
        keys: list[Any] = list(node) if isinstance(node, dict) else list(range(len(node)))
        liked = [k for k in ("rounds", "moves") if k in keys]
        key: Any = liked[0] if liked and rng.random() < 0.7 else rng.choice(keys)
        where.append(key)
        node = node[key]
    return where


def mutate(data: Any, rng: random.Random) -> None:
    """Change one place of a record: replace, remove, double or swap it, flip an end, or add
    knocks after it."""
    where = place(data, rng)
    if not where:
        return
    parent: Any = data
    for key in where[:-1]:
        parent = parent[key]
    last = where[-1]
    how = rng.choice(["replace", "remove", "double", "swap", "flip", "knocks"])
    if how == "replace":
        parent[last] = rng.choice(VALUES)(rng)
    elif how == "remove":
        del parent[last]
    elif how == "double" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif how == "swap" and isinstance(parent, list):
        other = rng.randrange(len(parent))
        parent[last], parent[other] = parent[other], parent[last]
    elif how == "flip" and last == "end":
        parent[last] = {"left": "right", "right": "left"}.get(parent[last], "left")
    elif how == "knocks" and isinstance(parent, list):
        knocks = [{"seat": rng.randint(-1, 4), "knock": True} for _ in range(rng.randint(1, 5))]
        parent[last + 1:last + 1] = knocks


@settings(FUZZ, max_examples=STRUCTURE_EXAMPLES)
@given(st.sampled_from(seed_records()), st.integers(0, 2**32), st.integers(1, 3), st.booleans())
def test_mutated_records_replay_or_fail_with_our_errors(seeded: tuple[str, str], number: int,
                                                        changes: int, partial: bool) -> None:
    name, text = seeded
    data, rng = json.loads(text), random.Random(number)
    for _ in range(changes):
        mutate(data, rng)
    replays_or_fails_cleanly(name, lambda: parse_record(data), partial, data)


NOISE = ["", "[", "]", "{", "}", ",", "\"", "\\", "\\u0000", "\x01", "\ufeff", "9" * 5000,
         "[" * 3000, "NaN", "-1", "1e999", "null", "é", "\udcff"]


def spliced(text: str, rng: random.Random) -> str:
    """The text with a piece replaced by noise, a piece doubled, or its tail cut off."""
    at = rng.randrange(len(text) + 1)
    end = min(len(text), at + rng.randrange(200))
    how = rng.randrange(3)
    if how == 0:
        return text[:at] + rng.choice(NOISE) + text[end:]
    return text[:end] + text[at:] if how == 1 else text[:at]


@settings(FUZZ, max_examples=TEXT_EXAMPLES)
@given(st.sampled_from(seed_records()), st.integers(0, 2**32), st.booleans())
def test_spliced_record_texts_replay_or_fail_with_our_errors(seeded: tuple[str, str],
                                                             number: int, partial: bool) -> None:
    name, text = seeded
    broken = spliced(text, random.Random(number))
    replays_or_fails_cleanly(name, lambda: record_from_text(broken), partial, broken)


def test_the_seed_records_replay() -> None:
    for name, text in seed_records():
        assert referee.replay(seed(name), record_from_text(text)).rounds
