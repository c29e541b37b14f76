"""compile_match: one setup and strategy become one generated Python function for a whole match.

The function is written as source text (match_source.py, score_source.py, move_source.py
for a variant that scores at moves, the rules by rule_source.py, the settled facts from
facts.py), compiled once and kept per setup. It returns the MatchPlay the engine returns
for the same seed (engine/playing.py), without per-move objects. Where the engine would stop
(a gap, a conflict, an unspecified or undefined rule, a cap), the compiled match gives up and
the engine plays the whole match again from the same seed: the engine names the rule and the
situation, and a match is a function of its seed, so the answer is the engine's. Records are
written only when asked (`play(seed, records=True)`, a second function with the logging lines).
"""

from __future__ import annotations

import builtins
import dataclasses
import random
import re
from typing import Any, Callable

from ..engine import tileset as ts
from ..engine.evaluate import Env, Undefined, runtime
from ..engine.match import MAX_ROUNDS
from ..engine.moves import (DRAW_MOVE, KNOCK_MOVE, LEAD_MOVES, LEFT_MOVES, RIGHT_MOVES,
                            TWO_DOUBLES)
from ..engine.outcomes import MatchResult, RoundLog, RoundResult
from ..engine.playing import MatchPlay, play_for_statistics
from ..engine.setup import Setup
from ..language.slots import SLOTS
from ..engine.tiles import ALL_TILES, Tile
from ..language.typing_rules import option_type, symbols_with_options
from .facts import Facts, Rules, facts_of
from .match_source import GREEDY, RANDOM, Strategy, can_draw_source, round_lines
from .rule_source import NotCompiled, check_slots_known, rule_source
from .score_source import score_lines
from .terms import names_for, runtime_for

STRATEGIES: dict[str, Strategy] = {"random": RANDOM, "greedy": GREEDY}

# A compiled match played for statistics writes no record: its rounds carry this empty log
# (RoundResult.__eq__ ignores the log). Ask for records with `play(seed, records=True)`.
UNRECORDED = RoundLog((), (), (), ())


class _Handover(Exception):
    """The engine would stop here (or the compiler would have to describe something)."""


def _tables() -> dict[str, Any]:
    """Look-up tables of the line, indexed [left][right]: the tiles that fit either end, the
    tile that fits both (listed twice, left then right), the tiles that go on the left."""
    fits = tuple(tuple(ts.WITH[a] | ts.WITH[b] for b in range(7)) for a in range(7))
    both = tuple(tuple(1 << ts.INDEX[Tile.of(a, b)] if a != b else 0 for b in range(7))
                 for a in range(7))
    onleft = tuple(tuple(ts.WITH[a] if a != b else 0 for b in range(7)) for a in range(7))
    return {"_FITS": fits, "_BOTH": both, "_ONLEFT": onleft, "_WITH": ts.WITH,
            "_PIPS": ts.PIPS, "_LOW": ts.LOW, "_HIGH": ts.HIGH, "_DOUBLE_OF": ts.DOUBLE_OF,
            "_DOUBLES": ts.DOUBLES_SET,
            "_B": tuple(1 << i for i in range(ts.TILE_COUNT)),
            # how many times a tile counts at an open end it lies across (`ends`: move_source)
            "_TWICE": tuple(2 if ts.LOW[t] == ts.HIGH[t] else 1 for t in range(ts.TILE_COUNT))}


# Bound as default arguments of the generated function: fast locals in its loop.
_LOCALS = ("_FITS", "_BOTH", "_ONLEFT", "_WITH", "_PIPS", "_LOW", "_HIGH", "_DOUBLE_OF", "_B",
           "_NEXT")
_MOVE_LOCALS = ("_TWICE", "_SIDE_OF")  # besides, where the match asks `move score`


def bound_locals(facts: Facts) -> str:
    """The generated function's default arguments: `_FITS=_FITS, ...`."""
    names = _LOCALS + (_MOVE_LOCALS if facts.scores_moves else ())
    return ", ".join(f"{name}={name}" for name in names)


def _start_lines(seeded: int) -> list[str]:
    """One seeded generator for the dealer and the seats' seeds: the engine seeds two, the
    dealer's Random(seed) and seat_players' Random(seed), which give the same 32-bit words.
    The seats' seeds are its first words (getrandbits(64): the first word is the low half);
    the dealer's first shuffle draws those words again, each getrandbits(k <= 32) being one
    word shifted right by 32 - k, and then goes on with the generator itself."""
    words = [f"w{i}" for i in range(2 * seeded)]
    return ["dealer = _Random(seed)", "deal_bits = dealer.getrandbits"] + [
        f"{word} = deal_bits(32)" for word in words] + [
        f"grb = _words_then(({''.join(w + ', ' for w in words)}), deal_bits)"]


def _words_then(words: tuple[int, ...], then: Callable[[int], int]) -> Callable[[int], int]:
    """getrandbits over words already drawn, then over the generator they came from."""
    left = iter(words)

    def bits(k: int) -> int:
        for word in left:
            return word >> (32 - k)
        return then(k)
    return bits


def _match_source(setup: Setup, facts: Facts, rules: Rules, strategy: Strategy) -> list[str]:
    """The generated `play_match(seed)`: its locals bound once, then round after round."""
    sides = facts.sides
    head = [f"def play_match(seed, {bound_locals(facts)}):"]
    seeded = facts.players if strategy.seeded else 0
    start = _start_lines(seeded) + strategy.setup(facts.players) + [
        f"tiles = list(range({ts.TILE_COUNT}))",
        f"totals = [0] * {sides}", f"opened = [False] * {sides}",
        f"remembered = [0] * {sides}", "carried = 0", "rounds = []",
        "v_prev_end = v_prev_by = v_prev_leader = None", "v_prev_losers, v_prev_tie = 0, False"]
    result = _result_lines(facts) + [
        "rounds.append(result)",
        "if goat or winner:",
        "    return _MatchPlay(tuple(rounds), _MatchResult(_NAME, _PLAYERS, _OPTIONS, "
        f"{sides}, tuple(rounds), tuple(totals), goat, _THRESHOLD, winner=winner, "
        "names_winners=_NAMES_WINNERS))",
        "v_prev_end, v_prev_by, v_prev_leader = v_end, v_ended_by, leader",
        "v_prev_losers = sum(1 << side for side, lost in enumerate(losers) if lost)"]
    if "v_prev_tie" in rules["lead round"]:  # the values are computed for it (score_source)
        result.append("v_prev_tie = _tie(v_values)")
    body = ["v_first = number == 1"] + round_lines(facts, rules, strategy)
    body += score_lines(facts, rules) + result
    loop = [f"for number in range(1, {MAX_ROUNDS + 1}):"] + ["    " + line for line in body]
    return head + ["    " + line for line in start + loop + ["raise _Handover"]]


# The fields of a RoundResult, as the generated match knows them.
_RESULT_FIELDS = {
    "number": "number", "end": "v_end", "seat": "v_ended_by", "leader": "leader",
    "lead": "_TILE[v_lead]", "points": "written", "carry": "carried",
    "remembered": "tuple(remembered)", "opened": "tuple(opened)", "scores": "tuple(totals)",
    "losers": "losers", "goat": "goat", "held": "tuple(v_hands)", "redeals": "redealt",
    "moves": "moves", "log": "_UNRECORDED", "winner": "winner", "tie": "_TIE_NOT_KEPT",
    "played": "()"}  # a variant that scores no move keeps none (see _result_lines)


def _tie_not_kept() -> bool:
    """A compiled round's result does not answer `tie`: the generated match keeps the tie for
    the next round in its own local (v_prev_tie), and nothing else asks a compiled result."""
    raise NotCompiled("`tie` of a compiled round is not kept")


def _result_lines(facts: Facts) -> list[str]:
    """A RoundResult made without its frozen __init__ (a call of object.__setattr__ per field
    costs a seventh of a round): the same fields in the instance's dict, so an equal object."""
    fields = [f.name for f in dataclasses.fields(RoundResult)]
    if set(fields) != set(_RESULT_FIELDS) or hasattr(RoundResult, "__slots__"):
        raise NotCompiled("RoundResult has changed its fields; update compiler._RESULT_FIELDS")
    sources = dict(_RESULT_FIELDS)
    if facts.scores_moves:  # the points of its moves, per side (move_source.py)
        sources["played"] = "tuple(played)"
    if facts.records:
        dealt = "".join(f"h{seat}, " for seat in range(facts.players))
        pile = f"tuple(tiles[{facts.players * facts.deal}:])"
        scored = ", tuple(scored)" if facts.scores_moves else ""
        sources["log"] = f"_RoundLog(tuple(thrown), ({dealt}), {pile}, tuple(log){scored})"
    given = ", ".join(f"{name}={sources[name]}" for name in fields)
    return ["result = _new(_RoundResult)", f"result.__dict__.update({given})"]


# The expression compiler writes `s.NAME` where it knows no local (engine/evaluate.py): a
# construct added to the language since, which a compiled match has no situation `s` for.
_SITUATION = re.compile(r"(?<![\w.'])s\.\w")

# Slots a prepared setup settles for the whole match (Setup.deal, .draw, ...): facts, not code.
_SETTLED_CONTEXTS = ("setup", "turn")


def _rules_of(setup: Setup, facts: Facts) -> tuple[Rules, list[str]]:
    """Each slot as an expression over the match's locals, and the functions they call."""
    variant = setup.variant
    values = {o.name: o.values for o in variant.options}
    option_types = {name: option_type(v, name) for name, v in values.items()}
    symbols = symbols_with_options(values)
    calls, definitions = {}, []
    for name, spec in SLOTS.items():
        if spec.context in _SETTLED_CONTEXTS:
            continue
        names = names_for(spec.context, can_draw_source(facts), lot=facts.lot)
        env = Env(spec.context, setup.options, option_types, symbols, setup.players, names)
        source = rule_source(setup.rules[name], env)
        if _SITUATION.search(source.call + source.definition):
            raise NotCompiled(f"`{name}` is written over the engine's situation (a construct "
                              "the compiler does not know)")
        calls[name] = source.call
        if source.definition:
            definitions.append(source.definition)
    return calls, definitions


def _check_settled(setup: Setup) -> None:
    """Decline `draw` or `pass` asked at each turn (they read the turn: engine/turns.py), and
    a line with a spinner (four open ends: the engine's SpinnerTable plays it)."""
    for slot, settled in (("draw", setup.draw), ("pass", setup.may_pass)):
        if settled is None:
            raise NotCompiled(f"`{slot}` reads the turn (asked at each turn): not compiled")
    if setup.spinner:
        raise NotCompiled("a `spinner` (a line with four open ends) is not compiled")


def generate(setup: Setup, strategy: str, *, records: bool = False) -> str:
    """The whole generated module for a setup and strategy (NotCompiled when not covered);
    with `records`, each round's RoundLog is written too."""
    check_slots_known(setup.variant)
    _check_settled(setup)
    if strategy not in STRATEGIES:
        raise NotCompiled(f"the strategy {strategy!r} is not compiled (only "
                          f"{', '.join(STRATEGIES)})")
    facts = facts_of(setup, records=records)
    rules, definitions = _rules_of(setup, facts)
    match = _match_source(setup, facts, rules, STRATEGIES[strategy])
    return "\n".join(definitions + match) + "\n"


def _namespace(setup: Setup) -> dict[str, Any]:
    """The names the generated module sees: the rules' runtime, the tables, the outcomes."""
    namespace = runtime()
    namespace.update(runtime_for(setup.seating))
    namespace.update(_tables())
    namespace.update(
        __builtins__=builtins, _Random=random.Random, _Handover=_Handover,
        _MISSING=object(), _RoundResult=RoundResult, _new=object.__new__,
        _words_then=_words_then, _MatchResult=MatchResult, _MatchPlay=MatchPlay,
        _TILE=ALL_TILES, _UNRECORDED=UNRECORDED, _RoundLog=RoundLog, _TIE_NOT_KEPT=_tie_not_kept,
        _LEAD_MOVES=LEAD_MOVES, _LEFT_MOVES=LEFT_MOVES, _RIGHT_MOVES=RIGHT_MOVES,
        _TWO_DOUBLES=TWO_DOUBLES, _DRAW_MOVE=DRAW_MOVE, _KNOCK_MOVE=KNOCK_MOVE,
        _SIDE_OF=setup.seating.side_of,
        _NAME=setup.variant.name, _PLAYERS=setup.players,
        _OPTIONS=tuple(setup.options.items()), _THRESHOLD=setup.threshold,
        _NAMES_WINNERS=bool(setup.variant.cases("wins")))
    return namespace


def _load(setup: Setup, source: str) -> Callable[[int], MatchPlay]:
    namespace = _namespace(setup)
    exec(compile(source, f"<compiled {setup.variant.name}>", "exec"), namespace)
    return namespace["play_match"]  # type: ignore[no-any-return]


class CompiledMatch:
    """A setup and strategy compiled into one function; `play(seed)` is the engine's answer."""

    def __init__(self, setup: Setup, strategy: str, source: str) -> None:
        self.setup, self.strategy, self.source = setup, strategy, source
        self._play = _load(setup, source)
        self._recorded: Callable[[int], MatchPlay] | None = None  # compiled when first asked
        self.handovers = 0  # matches the engine played (a stop, or a cap reached)

    def play(self, seed: int, *, records: bool = False) -> MatchPlay:
        """Play one match; equal to play_for_statistics(setup, strategy, seed). With
        `records`, each round's log is the engine's record of it, else UNRECORDED."""
        play = self._play
        if records:
            if self._recorded is None:
                source = generate(self.setup, self.strategy, records=True)
                self._recorded = _load(self.setup, source)
            play = self._recorded
        try:
            return play(seed)
        except (_Handover, Undefined):
            self.handovers += 1
        return play_for_statistics(self.setup, self.strategy, seed)


def compile_match(setup: Setup, strategy: str) -> CompiledMatch | None:
    """Compile a setup for a strategy; None when something is not covered (see `reason`)."""
    try:
        return CompiledMatch(setup, strategy, generate(setup, strategy))
    except NotCompiled:
        return None


def reason(setup: Setup, strategy: str) -> str | None:
    """Why compile_match declines this setup and strategy; None when it compiles."""
    try:
        generate(setup, strategy)
    except NotCompiled as error:
        return str(error)
    return None


__all__ = ["CompiledMatch", "NotCompiled", "UNRECORDED", "compile_match", "generate",
           "reason"]
