"""A compiled round played from outside: every chance and every choice asked of the caller.

`compile_rounds(setup)` writes, from the same source text as the compiled match
(match_source.py, score_source.py), one generator function per setup that plays one round
and scores it, starting from where a match stands between rounds (`Start`), and yields at
every point the compiled match would draw a random number or ask its built-in strategy:

    rounds = compile_rounds(setup)            # None: not covered (see compiler.reason)
    play = rounds.start(FIRST)                # the round from where the match stands
    asked = next(play)
    asked is DEAL   -> send the shuffled order of the 28 tiles (hands in seat order, then
                       the stock in drawing order)
    asked is LOT    -> send the seat drawn by lot
    (seat, codes)   -> send one of the codes (engine/codes.py): the seat's legal moves in the
                       engine's order, or its answer to an optional redeal
    StopIteration   -> its value is (RoundResult, Start of the next round)

`rounds.play_on(start, seed, max_rounds)` plays the rest of a match from a Start at random
(every chance and every choice uniform, as the random strategy chooses, one generator seeded
with `seed` for all of them), without a question, at the compiled match's speed: the goat's
and the winners' sides, None when `max_rounds` rounds pass first, Handover (or Undefined)
where the engine would stop. A search's playouts (kozel/openspiel/players.py) use it.

Every move is asked, a forced one too (a single legal move, a draw, a knock): the caller sees
each move as the engine's player that `wants_forced_moves` sees it. The caller must send a
code it was offered; nothing else is checked. Where the engine would stop (a gap, a
conflict, an undefined rule, a cap) the round raises `Handover` (or the rules' Undefined):
the engine's own round, played with the same chances and choices, says where and why.
"""

from __future__ import annotations

from typing import Any, Callable, Generator, NamedTuple

from ..engine import codes
from ..engine import tileset as ts
from ..engine.evaluate import Undefined
from ..engine.setup import Setup
from .compiler import (_check_settled, _Handover, _namespace, _result_lines, _rules_of,
                       bound_locals)
from .facts import Facts, Rules, facts_of
from .match_source import RANDOM, Strategy, _knock_lines, _pair_lines, round_lines
from .rule_source import NotCompiled, check_slots_known
from .score_source import score_lines

Handover = _Handover  # the engine would stop here: play the round with the engine instead
STOPPED = (_Handover, Undefined)  # what a compiled round raises where the engine would stop
DEAL = "deal"  # yielded for a deal (sent back: the 28 tiles in dealing order)
LOT = "lot"  # yielded for a lot (sent back: the seat drawn)

Asked = Any  # DEAL, LOT or (seat, codes)
Round = Generator[Asked, Any, tuple[Any, "Start"]]


class Start(NamedTuple):
    """Where a match stands between rounds: what the next round's rules and the sheet read."""

    number: int  # the round about to be played, from 1
    totals: tuple[int, ...]
    opened: tuple[bool, ...]
    remembered: tuple[int, ...]
    carried: int
    previous_end: str | None  # how the previous round ended ("out", "fish"); None before
    previous_seat: int | None  # who went out, or the fisher
    previous_leader: int | None
    previous_losers: int  # the sides that lost it, a group (bit mask)
    previous_tie: bool  # its `tie`, kept only where `lead round` reads it


def first_start(sides: int) -> Start:
    """The start of a match: round 1, nothing written."""
    return Start(1, (0,) * sides, (False,) * sides, (0,) * sides, 0, None, None, None, 0, False)


def _outside_lead(leads: str, seat: str) -> list[str]:
    return [f"t = yield ({seat}, _tiles_in({leads}))"]


def _outside_choose(facts: Facts, rules: Rules, blocked: str) -> list[str]:
    """Offer every legal move's code, in the engine's order; apply the one sent back."""
    lines = ["acts = []", "m = fit", "while m:", "    low = m & -m",
             "    acts += _PLACE_CODES[v_left][v_right][low.bit_length() - 1]", "    m ^= low"]
    if facts.two_doubles:
        lines += [f"if pair: acts.append({codes.DOUBLES_BASE} + 7 * v_left + v_right)"]
    if facts.may_pass:  # a knock by choice, except with a drawn tile that must be laid
        lines += ["if must < 0: acts.append(_KNOCK_CODE)" if facts.drawable
                  else "acts.append(_KNOCK_CODE)"]
    lines += ["code = yield (seat, acts)"]
    if facts.may_pass:
        lines += ["if code == _KNOCK_CODE:"] + ["    " + x for x in _knock_lines(facts, blocked)]
    if facts.two_doubles:
        lines += [f"if code >= {codes.DOUBLES_BASE}:"] + [
            "    " + x for x in _pair_lines(facts, rules)]
    return lines + [f"bit = 1 << code % {ts.TILE_COUNT}", f"onleft = code < {codes.RIGHT_BASE}"]


OUTSIDE = Strategy(
    setup=lambda players: [],
    accepts=lambda seat: f"(yield ({seat}, _REDEAL_CODES)) == _ACCEPT_CODE",
    pick_lead=_outside_lead, choose=_outside_choose, seeded=False,
    deal=lambda: ["tiles = yield _DEAL"], lot=lambda players: "(yield _LOT)",
    forced=lambda code: [f"yield (seat, ({code},))"])


def _unpacked_start() -> list[str]:
    """The match's locals from a Start."""
    return [f"({', '.join(Start._fields)}) = start",
            "v_prev_end, v_prev_by, v_prev_leader = previous_end, previous_seat, previous_leader",
            "v_prev_losers, v_prev_tie = previous_losers, previous_tie",
            "totals, opened, remembered = list(totals), list(opened), list(remembered)"]


def _round_source(setup: Setup, facts: Facts, rules: Rules) -> list[str]:
    """The generated `play_round(start)`."""
    head = [f"def play_round(start, {bound_locals(facts)}):"]
    body = _unpacked_start() + ["v_first = number == 1"]
    body += round_lines(facts, rules, OUTSIDE) + score_lines(facts, rules) + _result_lines(facts)
    if "v_prev_tie" in rules["lead round"]:  # the next round's lead reads this round's tie
        body += ["if not (goat or winner): v_prev_tie = _tie(v_values)"]
    body += ["losers_group = sum(1 << side for side, lost in enumerate(losers) if lost)",
             "return result, _Start(number + 1, tuple(totals), tuple(opened), "
             "tuple(remembered), carried, v_end, v_ended_by, leader, losers_group, v_prev_tie)"]
    return head + ["    " + line for line in body]


def _play_on_source(setup: Setup, facts: Facts, rules: Rules) -> list[str]:
    """The generated `play_on(start, seed, max_rounds)`: the random strategy's rounds, every
    seat drawing from the dealer's generator."""
    head = [f"def play_on(start, seed, max_rounds, {bound_locals(facts)}):"]
    seats = ", ".join(["draw"] * facts.players)
    body = _unpacked_start() + [
        "dealer = _Random(seed)", "grb = deal_bits = dealer.getrandbits", "draw = dealer.random",
        *[f"rand{seat} = draw" for seat in range(facts.players)], f"rand = ({seats},)",
        f"tiles = list(range({ts.TILE_COUNT}))", "first_number = number",
        "for number in range(first_number, max_rounds + 1):", "    v_first = number == 1"]
    loop = round_lines(facts, rules, RANDOM) + score_lines(facts, rules) + [
        "if goat or winner: return goat, winner",
        "v_prev_end, v_prev_by, v_prev_leader = v_end, v_ended_by, leader",
        "v_prev_losers = sum(1 << side for side, lost in enumerate(losers) if lost)"]
    if "v_prev_tie" in rules["lead round"]:
        loop.append("v_prev_tie = _tie(v_values)")
    body += ["    " + line for line in loop] + ["return None"]
    return head + ["    " + line for line in body]


def _source(setup: Setup) -> str:
    """Both generated functions (NotCompiled when the setup is not covered)."""
    check_slots_known(setup.variant)
    _check_settled(setup)
    facts = facts_of(setup)
    rules, definitions = _rules_of(setup, facts)
    lines = definitions + _round_source(setup, facts, rules) + _play_on_source(setup, facts, rules)
    return "\n".join(lines) + "\n"


class CompiledRounds:
    """One setup's round as a generator function: `start(where)` begins a round."""

    def __init__(self, setup: Setup, source: str) -> None:
        self.setup, self.source = setup, source
        namespace = _namespace(setup)
        namespace.update(_DEAL=DEAL, _LOT=LOT, _Start=Start, _PLACE_CODES=codes.PLACE_CODES,
                         _KNOCK_CODE=codes.KNOCK_CODE, _DRAW_CODE=codes.DRAW_CODE,
                         _REDEAL_CODES=codes.REDEAL_CODES, _ACCEPT_CODE=codes.ACCEPT_CODE,
                         _tiles_in=lambda tiles: list(ts.members(tiles)))
        exec(compile(source, f"<compiled round {setup.variant.name}>", "exec"), namespace)
        self._play: Callable[[Start], Round] = namespace["play_round"]
        self.play_on: Callable[[Start, int, int], Any] = namespace["play_on"]

    def start(self, where: Start) -> Round:
        """A round from where the match stands (not yet begun: call next() on it)."""
        return self._play(where)


def compile_rounds(setup: Setup) -> CompiledRounds | None:
    """The setup's round compiled for play from outside; None where the compiler declines it
    (the same setups compile_match declines: compiler.reason says why)."""
    try:
        return CompiledRounds(setup, _source(setup))
    except NotCompiled:
        return None


__all__ = ["CompiledRounds", "DEAL", "Handover", "LOT", "OUTSIDE", "STOPPED", "Start",
           "compile_rounds", "first_start"]
