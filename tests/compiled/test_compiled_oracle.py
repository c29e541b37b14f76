"""The compiled match against its oracle, the engine: the same seeds give equal MatchPlays.

Equal means the same finished rounds (every field a statistic reads: ends, seats, leaders,
leads, points, carries, the threshold's state, totals, losers, goats, the tiles left, redeals
and moves), the same match result, and the same rule stop (rule, kind and message) after the
same rounds; and, when records are asked for, the same record of every round. The seed
variants are compiled in every combination of their options and every player count they
allow; they are played, with the random and the greedy strategy, in a set of those settings
that has every pair of option values (and every player count with every option value) in
some setting (pairs' 768 settings come to a few dozen), and in settings drawn from all of them
by Hypothesis; random type-checked variants (tests/strategies.py) are played too, `move score`
among their slots (the variants written to score at moves: test_move_score.py).
"""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from interpreter.compiled import compile_match, play_fast_or_engine, reason
from interpreter.engine import RuleStop, Setup, prepare
from interpreter.engine.playing import MatchPlay, play_for_statistics
from interpreter.language.errors import UsageError
from kozel.loading import library_with_spec
from interpreter.language.resolve import parse_variant_file
from interpreter.language import ast
from interpreter.language.model import Case, Variant
from interpreter.language.reads import slot_names
from strategies import variants
from tiers import examples

SEED_VARIANTS = ("gambler-1v1", "kozel-classic", "minsk", "pairs")
GOOD = Path(__file__).parents[1] / "golden" / "good"


def _seed_settings() -> dict[str, tuple[Variant, int, dict[str, Any]]]:
    """Every seed variant at every player count in every combination of its options, by a
    label (prepared only when a test plays it: collecting the tests stays quick)."""
    library = library_with_spec()
    settings_ = {}
    for name in SEED_VARIANTS:
        variant = library.resolve(name)
        domains = [[(o.name, value) for value in o.values] for o in variant.options]
        for players in variant.players:
            for chosen in itertools.product(*domains):
                label = f"{name} {players}p " + " ".join(f"{k}={v}" for k, v in chosen)
                settings_[label.strip()] = (variant, players, dict(chosen))
    return settings_


SETTINGS = _seed_settings()
LABELS = list(SETTINGS)


def pairwise(labels: list[str]) -> list[str]:
    """Settings of each variant, chosen greedily in order, until every pair of its factors'
    values (the player count is a factor) is in some chosen setting: a combination of
    options that plays differently from its parts shows in a pair far more often than only
    in a triple, and Hypothesis draws from the rest."""
    chosen: list[str] = []
    for name in SEED_VARIANTS:
        mine = [label for label in labels if label.split(" ")[0] == name]
        factors = {label: label.split(" ")[1:] for label in mine}
        wanted = {pair for words in factors.values() for pair in itertools.combinations(words, 2)}
        while wanted or not any(label in chosen for label in mine):
            best = max(mine, key=lambda label: len(wanted & set(
                itertools.combinations(factors[label], 2))))
            wanted -= set(itertools.combinations(factors[best], 2))
            chosen.append(best)
    return chosen


PLAYED = pairwise(LABELS)


@functools.lru_cache(maxsize=None)
def seed_setup(label: str) -> Setup:
    """The prepared setup of a seed setting."""
    variant, players, options = SETTINGS[label]
    return prepare(variant, players, options)


def outcome(play: Any) -> Any:
    """What a MatchPlay (or the exception a match raised) comes to, for comparison."""
    if isinstance(play, BaseException):
        return ("raised", type(play).__name__, str(play))
    stop = play.stop
    stopped = (stop.rule, stop.kind, str(stop)) if stop is not None else None
    return play.rounds, play.result, stopped


def _attempt(play: Any, seed: int) -> Any:
    """A match's MatchPlay, or the exception it raised (which must be the same in both)."""
    try:
        return play(seed)
    except Exception as error:
        return error


def _logs(play: Any) -> Any:
    """The records of a match's finished rounds (what `kozel play --save` writes from)."""
    return [r.log for r in play.rounds] if isinstance(play, MatchPlay) else None


def assert_same(setup: Setup, seed: int, strategy: str = "random") -> None:
    """The compiled match and the engine agree on one seed, and so do their records."""
    compiled = compile_match(setup, strategy)
    assert compiled is not None, reason(setup, strategy)
    engine = _attempt(lambda s: play_for_statistics(setup, strategy, s), seed)
    assert outcome(_attempt(compiled.play, seed)) == outcome(engine)
    recorded = _attempt(lambda s: compiled.play(s, records=True), seed)
    assert outcome(recorded) == outcome(engine)
    assert _logs(recorded) == _logs(engine)


def test_every_seed_setting_compiles() -> None:
    # gambler: 3 targets; kozel-classic: 3 player counts x teams; minsk: 3 x 3 targets;
    # pairs: 4 players, minsk's 3 targets x 2^8 of its own options
    assert len(LABELS) == 3 + 6 + 9 + 3 * 256
    assert [label for label in LABELS if reason(seed_setup(label), "random")] == []


def test_the_played_settings_have_every_pair_of_values() -> None:
    assert len(set(PLAYED)) == len(PLAYED) < len(LABELS) // 10
    for name in SEED_VARIANTS:
        words = [label.split(" ")[1:] for label in LABELS if label.startswith(name + " ")]
        played = [label.split(" ")[1:] for label in PLAYED if label.startswith(name + " ")]
        pairs = {p for w in words for p in itertools.combinations(w, 2)}
        assert pairs == {p for w in played for p in itertools.combinations(w, 2)}, name
        assert {v for w in words for v in w} == {v for w in played for v in w}, name


@pytest.mark.parametrize("label", PLAYED)
def test_seed_setting_plays_as_the_engine(label: str) -> None:
    setup = seed_setup(label)
    compiled = compile_match(setup, "random")
    assert compiled is not None
    for seed in (0, 1, 2 ** 63 + 5):
        engine = _attempt(lambda s: play_for_statistics(setup, "random", s), seed)
        assert outcome(_attempt(compiled.play, seed)) == outcome(engine), (label, seed)
    assert_same(setup, 3, "greedy")


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(label=st.sampled_from(LABELS), seed=st.integers(0, 2 ** 64 - 1),
       strategy=st.sampled_from(("random", "greedy")))
def test_any_seed_plays_as_the_engine(label: str, seed: int, strategy: str) -> None:
    assert_same(seed_setup(label), seed, strategy)


def test_minsk_is_played_by_the_compiled_match_itself() -> None:
    """The equality above must not come from handing every match to the engine."""
    setup = seed_setup("minsk 4p target=100")
    compiled = compile_match(setup, "random")
    assert compiled is not None
    plays = [compiled.play(seed) for seed in range(100)]
    assert compiled.handovers == 0
    assert sum(len(play.rounds) for play in plays) > 100


def test_a_stop_is_the_engines_stop() -> None:
    """kozel-classic leaves the fish unspecified: the compiled match stops where the engine
    does, with the same rule and message, after the same finished rounds."""
    setup = seed_setup("kozel-classic 4p teams=True")
    compiled = compile_match(setup, "random")
    assert compiled is not None
    stops = [play.stop for play in map(compiled.play, range(40)) if play.stop is not None]
    assert stops and all(stop.slot in ("loser", "score") for stop in stops)
    assert compiled.handovers == len(stops)
    for seed in range(40):
        assert_same(setup, seed)


def _table_cases(data: Any, players: int) -> list[tuple[str, tuple[Case, ...]]]:
    """Setup slots a table can play (most random ones cannot deal): drawn from the legal."""
    deal = data.draw(st.integers(1, 28 // players))
    values: dict[str, ast.Expr] = {
        "sides": ast.Name(data.draw(st.sampled_from(
            ("individual", "partners") if players == 4 else ("individual",)))),
        "deal": ast.IntLit(deal),
        "draw": ast.Name(data.draw(st.sampled_from(("none", "one", "until_playable")))),
        "reserve": ast.IntLit(data.draw(st.integers(0, 2))),
        "pass": ast.BoolLit(data.draw(st.booleans())),
        "two doubles": ast.BoolLit(data.draw(st.booleans()))}
    return [(slot, (Case(slot, value),)) for slot, value in values.items()]


def _call(name: str, *args: ast.Expr) -> ast.Call:
    return ast.Call(name, args)


# An `otherwise` for the slots a random variant leaves with a gap most of the time, so that
# many random matches get past the deal and play; their own cases still decide when they apply.
OTHERWISE: dict[str, ast.Expr] = {
    "redeal": ast.Name("never"), "lead match": _call("seat", ast.IntLit(0)),
    "lead round": _call("seat", ast.IntLit(0)), "lead tile": ast.Name("hand"),
    "fish": ast.Name("blocked"), "move score": ast.IntLit(0),
    "hand value": _call("pips", ast.Name("hand")),
    "loser": ast.Compare(">=", _call("value", ast.Name("side")),
                         _call("highest", ast.Name("all"))),
    "score": _call("value", ast.Name("side")), "carry": ast.IntLit(0),
    "goat": ast.Compare(">", ast.Name("total"), ast.IntLit(100))}
OVER = OTHERWISE["goat"]
# The slots and terms of a line with a spinner: the compiler leaves a variant that writes or
# reads them to the engine (compiler._check_settled, terms.Names), so a random variant here
# keeps the plain line of two ends.
NOT_COMPILED = ("spinner", "arms")
SPINNER_TERMS = frozenset(("covered", "up", "down"))


def _playable(slot: str, cases: tuple[Case, ...]) -> tuple[Case, ...]:
    """Random cases with an `otherwise` where they have none, and `goat` or-ed with
    `total > 100`, so that most random matches end before the cap of rounds."""
    if slot == "goat":
        cases = tuple(replace(c, value=ast.AnyOf((c.value, OVER)) if c.value else None)
                      for c in cases)
    if slot in OTHERWISE and not any(c.otherwise for c in cases):
        return cases + (Case(slot, OTHERWISE[slot], otherwise=True),)
    return cases


def slot_reads(variant: Variant) -> frozenset[str]:
    """The names the variant's rules read (its claims are not compiled)."""
    return frozenset().union(*(slot_names(variant, name) for name, _ in variant.slots))


def _random_setup(variant: Variant, data: Any) -> Setup | None:
    """A random variant at one of its player counts, with setup slots a table can play and
    options given where it has no default."""
    if slot_reads(variant) & SPINNER_TERMS:
        return None
    players = data.draw(st.sampled_from(variant.players))
    table = _table_cases(data, players)
    kept = [(name, _playable(name, cases)) for name, cases in variant.slots
            if name not in dict(table) and name not in NOT_COMPILED]
    if not variant.cases("goat"):  # a variant that ends by `wins` alone: a goat over 100 too
        kept.append(("goat", (Case("goat", OVER, otherwise=True),)))
    options = {o.name: data.draw(st.sampled_from(o.values)) for o in variant.options}
    try:
        return prepare(replace(variant, slots=tuple(kept + table)), players, options)
    except (RuleStop, UsageError):
        return None


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(variant=variants(), data=st.data(), seed=st.integers(0, 2 ** 64 - 1),
       strategy=st.sampled_from(("random", "greedy")))
def test_random_variant_plays_as_the_engine(variant: Variant, data: Any, seed: int,
                                            strategy: str) -> None:
    setup = _random_setup(variant, data)
    assume(setup is not None)
    assert setup is not None
    assert_same(setup, seed, strategy)


def test_what_is_not_compiled_is_declined_with_its_reason() -> None:
    """A strategy the compiler does not know (a person's, or one added later) is declined:
    None and a reason, never a match played some other way."""
    setup = seed_setup("minsk 4p target=100")
    assert compile_match(setup, "human") is None
    assert "human" in (reason(setup, "human") or "")
    assert reason(setup, "random") is None and reason(setup, "greedy") is None


def test_play_fast_or_engine_answers_as_the_engine_either_way() -> None:
    setup = seed_setup("gambler-1v1 2p target=101")
    for strategy in ("random", "greedy"):
        play = play_fast_or_engine(setup, strategy)
        for seed in range(5):
            expected: MatchPlay = play_for_statistics(setup, strategy, seed)
            assert outcome(play(seed)) == outcome(expected)


@pytest.mark.parametrize("label", ["minsk 3p target=300", "gambler-1v1 2p target=101",
                                   "kozel-classic 2p teams=False"])
def test_records_are_written_by_the_compiled_match(label: str) -> None:
    """Records asked for are the engine's records (drawing and knocking included), written by
    the compiled match itself, not by handing the match to the engine."""
    setup = seed_setup(label)
    compiled = compile_match(setup, "random")
    assert compiled is not None
    seeds = [random.Random(7).getrandbits(64) + k for k in range(20)]
    plays = {seed: compiled.play(seed, records=True) for seed in seeds}
    played_here = [seed for seed, play in plays.items() if play.stop is None]
    assert compiled.handovers == len(seeds) - len(played_here) and played_here
    for seed in played_here:
        engine = play_for_statistics(setup, "random", seed)
        assert _logs(plays[seed]) == _logs(engine)
        assert all(r.log.moves for r in plays[seed].rounds)


# Variants of the language's second edition: `wins`, `leader` at the end of a round, the order
# and tie functions (first_from, earliest, with_lowest, tie_lowest, highest_total, ...), and
# `lot`, a seat drawn by lot from the dealer's generator.
EDITION_TWO = [(file, variant.name, players)
               for file in ("match-end", "order", "ties", "by-lot")
               for variant in parse_variant_file(GOOD / f"{file}.kozel")
               for players in variant.players]


@pytest.mark.parametrize("file,name,players", EDITION_TWO)
def test_second_edition_variants_play_as_the_engine(file: str, name: str, players: int) -> None:
    variant = {v.name: v for v in parse_variant_file(GOOD / f"{file}.kozel")}[name]
    setup = prepare(variant, players)
    compiled = compile_match(setup, "random")
    assert compiled is not None, reason(setup, "random")
    for seed in range(12):
        engine = _attempt(lambda s: play_for_statistics(setup, "random", s), seed)
        assert outcome(_attempt(compiled.play, seed)) == outcome(engine), seed
    assert compiled.handovers < 12  # played by the compiled match itself, mostly
    assert_same(setup, 99, "greedy")


def test_a_variant_ending_by_wins_names_its_winners_as_the_engine_does() -> None:
    variant = {v.name: v for v in parse_variant_file(GOOD / "match-end.kozel")}["first-to-61"]
    setup = prepare(variant, 3)
    compiled = compile_match(setup, "random")
    assert compiled is not None
    plays = [compiled.play(seed) for seed in range(20)]
    assert compiled.handovers == 0
    assert all(p.result and p.result.winner and p.result.names_winners for p in plays)
    assert plays == [play_for_statistics(setup, "random", seed) for seed in range(20)]


def test_draw_and_pass_read_at_each_turn_are_declined_with_their_reason() -> None:
    """`turn.kozel` asks `draw` and `pass` at each turn: not compiled, so played by the engine."""
    for variant in parse_variant_file(GOOD / "turn.kozel"):
        setup = prepare(variant, 2)
        assert compile_match(setup, "random") is None
        assert "reads the turn" in (reason(setup, "random") or "")
        play = play_fast_or_engine(setup, "random")
        assert outcome(play(5)) == outcome(play_for_statistics(setup, "random", 5))


def test_only_the_words_a_rule_uses_are_asked_of_the_compiler(monkeypatch: Any) -> None:
    """A word the compiler lacks (here one taken out of its table, as a word added to the
    language would be missing) declines a variant only when one of its rules uses it: minsk
    and a claim that reads it do not matter; the `loser` rule that reads it declines, with
    the word and its context as the reason."""
    from interpreter.compiled import terms
    ties = {v.name: v for v in parse_variant_file(GOOD / "ties.kozel")}["lowest-wins-fish"]
    monkeypatch.delitem(terms._ROUND, "fn_tie_lowest")  # read by a claim only
    assert reason(prepare(ties, 3), "random") is None
    monkeypatch.delitem(terms._ROUND, "fn_with_lowest")  # read by `loser`
    assert reason(seed_setup("minsk 4p target=100"), "random") is None
    assert compile_match(prepare(ties, 3), "random") is None
    assert reason(prepare(ties, 3), "random") == (
        "with_lowest() in the `end` context is not compiled")
