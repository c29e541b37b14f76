"""The source text of one compiled match: deal, redeal, lead, turns, drawing, fish, scoring.

Written for one setup (variant, player count, options) and one built-in strategy, it plays
exactly as engine/match.py plays with the players of interpreter/engine/players.py: the same random
numbers drawn in the same order (the dealer's shuffle, each seat's own generator asked only
when the seat has more than one legal move), so that it returns the engine's MatchPlay. What
a setup settles is a constant (the deal size, the seats and sides, whether anything is ever
drawn: no code for drawing when nothing can be drawn); hands, the line and the stock are bit
masks; the legal moves of a turn are counted from look-up tables and a random move is picked
straight from the mask, in the engine's order of moves (tiles lowest first, left before right,
then two doubles, then a knock). The rules come from rule_source.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..engine.round import MAX_MOVES, MAX_REDEALS
from ..engine.tileset import TILE_COUNT
from . import move_source
from .facts import Facts, Rules


def _log(facts: Facts, entry: str) -> list[str]:
    """A line that writes a move into the round's record (none when records are not asked)."""
    return [f"log.append({entry})"] if facts.records else []


def can_draw_source(facts: Facts) -> str:
    """Whether a player may draw now, as source over the count of tiles drawn."""
    return f"v_drawn < {facts.drawable}" if facts.drawable else "False"


def _indent(lines: list[str], depth: int) -> list[str]:
    return [" " * (4 * depth) + line for line in lines]


def _shuffle_lines() -> list[str]:
    """random.Random.shuffle of the dealer's list, unrolled (the same draws of getrandbits)."""
    lines = []
    for i in range(TILE_COUNT - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        lines += [f"j = grb({k})", f"while j >= {n}: j = grb({k})",
                  f"tiles[{i}], tiles[j] = tiles[j], tiles[{i}]"]
    return lines + ["grb = deal_bits"]  # past the words the seats' seeds were read from


def _deal_lines(facts: Facts, rules: Rules, accepts: Callable[[int], str],
                shuffled: Callable[[], list[str]]) -> list[str]:
    """Deal until no hand throws the deal in; leaves v_hands, v_dealt, v_stock, redealt."""
    size = facts.deal
    hands = []
    for seat in range(facts.players):
        bits = " | ".join(f"_B[tiles[{seat * size + k}]]" for k in range(size))
        hands.append(f"h{seat} = {bits}")
    deal = shuffled() + hands
    if rules["redeal"] == repr("never"):
        lines = ["redealt = 0"] + (["thrown = []"] if facts.records else []) + deal
    else:
        tests = []
        for seat in range(facts.players):
            keep = f"thrown.append(({''.join(f'h{s}, ' for s in range(facts.players))})); " \
                if facts.records else ""
            tests += [f"v_hand = h{seat}", f"kind = {rules['redeal']}",
                      f"if kind == 'automatic' or kind == 'optional' and {accepts(seat)}: "
                      f"{keep}continue"]
        lines = ["thrown = []"] if facts.records else []
        lines += [f"for redealt in range({MAX_REDEALS}):"] + _indent(deal + tests + ["break"], 1)
        lines += ["else:", "    raise _Handover"]
    seats = [f"h{seat}" for seat in range(facts.players)]
    lines += [f"v_hands = [{', '.join(seats)}]", f"v_dealt = {' | '.join(seats)}",
              f"v_stock = {(1 << TILE_COUNT) - 1} ^ v_dealt"]
    if facts.drawable:
        lines += [f"pile = tiles[{facts.players * size}:]", "v_drawn = 0"]
    return lines


def _lead_lines(facts: Facts, rules: Rules, pick: Callable[[str, str], list[str]],
                drawn: Callable[[int], str]) -> list[str]:
    """The leader and the tile it opens with; leaves leader and v_lead. A variant that draws
    lots draws one every round, after the deal, from the dealer's generator (ShuffleDealer)."""
    lot = [f"v_lot = {drawn(facts.players)}"] if facts.lot else []
    return lot + [
        "if v_first:", f"    leader = {rules['lead match']}",
        "else:", f"    leader = {rules['lead round']}",
        "v_leader = leader", "v_hand = v_hands[leader]",
        f"lead_set = ({rules['lead tile']}) & v_hand",
        "if not lead_set: raise _Handover",
        *pick("lead_set", "leader"),
        "v_lead = t",
    ]


def _open_lines(facts: Facts, rules: Rules) -> list[str]:
    """The lead goes down; the round may already be over."""
    return (["log = [(leader, _LEAD_MOVES[t], -1)]"] if facts.records else []) + [
        "bit = 1 << t", "v_hands[leader] ^= bit", "v_line = bit", "v_inhands = v_dealt ^ bit",
        "v_left = _LOW[t]", "v_right = _HIGH[t]", "v_last = t", "layer = leader", "moves = 1",
        *move_source.lead_lines(facts, rules),
        "if not v_hands[leader]:", "    v_end = 'out'; v_ended_by = leader",
        f"elif {rules['fish']}:", "    v_end = 'fish'; v_ended_by = leader",
    ]


def _count_lines(facts: Facts) -> list[str]:
    """The number of legal plays: each fitting tile once, the tile fitting both ends twice."""
    lines = ["hand = v_hands[seat]"]
    if facts.drawable:
        lines += ["if must >= 0:", "    fit = 1 << must", "else:",
                  "    fit = hand & _FITS[v_left][v_right]"]
    else:
        lines += ["fit = hand & _FITS[v_left][v_right]"]
    lines += ["both = fit & _BOTH[v_left][v_right]", "plays = fit.bit_count() + (both != 0)"]
    if facts.two_doubles:
        free = " and must < 0" if facts.drawable else ""
        lines += [f"pair = v_left != v_right{free} and hand >> _DOUBLE_OF[v_left] & 1 "
                  "and hand >> _DOUBLE_OF[v_right] & 1", "plays += pair"]
    return lines


def _lay_lines(facts: Facts, rules: Rules) -> list[str]:
    """Lay the chosen tile `bit` on its end; going out is checked before the fish."""
    return [
        "t = bit.bit_length() - 1",
        "if onleft: v_left = _PIPS[t] - v_left" + move_source.end_counts(facts, rules, True),
        "else: v_right = _PIPS[t] - v_right" + move_source.end_counts(facts, rules, False),
        "hand ^= bit",
        *_log(facts, "(seat, (_LEFT_MOVES if onleft else _RIGHT_MOVES)[t], -1)"),
        *_after_play_lines(facts, rules),
    ]


def _after_play_lines(facts: Facts, rules: Rules) -> list[str]:
    # only `fish` and `move score` see the line
    keep = "v_line" in rules["fish"] or move_source.keeps_line(facts, rules)
    line = ["v_line |= bit"] if keep else []
    must = ["must = -1"] if facts.drawable else []
    return [
        "v_hands[seat] = hand", *line, "v_inhands ^= bit", "v_last = t",
        "layer = seat", *must, "knocks = 0", "moves += 1",
        *move_source.play_lines(facts, rules),
        "if not hand:", "    v_end = 'out'; v_ended_by = seat; break",
        "seat = _NEXT[seat]",
        f"if {rules['fish']}:", "    v_end = 'fish'; v_ended_by = layer; break",
        "continue",
    ]


def _tile_at_lines() -> list[str]:
    """The idx-th play of the listed moves as a tile (`bit`) and an end (`onleft`)."""
    return [
        "if both:",
        "    below = (fit & (both - 1)).bit_count()",
        "    onleft = idx <= below",  # the tile fitting both ends: left, then right
        "    if idx > below: idx -= 1",
        "while idx: fit &= fit - 1; idx -= 1",
        "bit = fit & -fit",
        "if bit != both: onleft = _ONLEFT[v_left][v_right] & bit",
    ]


def _knock_lines(facts: Facts, blocked: str) -> list[str]:
    return [*_log(facts, "(seat, _KNOCK_MOVE, -1)"), "knocks += 1", "moves += 1",
            f"if knocks >= {facts.players} and {blocked}: raise _Handover",
            "seat = _NEXT[seat]", "continue"]


def _draw_lines(facts: Facts, rules: Rules) -> list[str]:
    follow = [] if facts.until_playable else ["else: seat = _NEXT[seat]"]
    return [
        "t = pile[v_drawn]", "v_drawn += 1", "bit = 1 << t", "v_stock ^= bit",
        *_log(facts, "(seat, _DRAW_MOVE, t)"),
        "v_hands[seat] = hand | bit", "v_inhands |= bit", "knocks = 0", "moves += 1",
        "if _FITS[v_left][v_right] & bit: must = t", *follow,
        f"if {rules['fish']}:", "    v_end = 'fish'; v_ended_by = layer; break",
        "continue",
    ]


def _pair_lines(facts: Facts, rules: Rules) -> list[str]:
    """Two doubles at once, each on the end showing its value: the ends do not change."""
    return [*_log(facts, "(seat, _TWO_DOUBLES[v_left][v_right], -1)"),
            "bit = 1 << _DOUBLE_OF[v_left]", "t = _DOUBLE_OF[v_right]", "bit |= 1 << t",
            "hand ^= bit", *move_source.pair_lines(facts, rules),
            *_after_play_lines(facts, rules)]


def _turn_lines(facts: Facts, rules: Rules, strategy: "Strategy", blocked: str) -> list[str]:
    """The turns after the lead, until out or fish (or a stop: handed to the engine)."""
    stuck = strategy.forced("_KNOCK_CODE") + _knock_lines(facts, blocked)
    drawing = strategy.forced("_DRAW_CODE") + _draw_lines(facts, rules)
    no_play = (["if v_drawn < %d:" % facts.drawable] + _indent(drawing, 1)
               if facts.drawable else []) + stuck
    body = _count_lines(facts) + ["if not plays:"] + _indent(no_play, 1)
    body += strategy.choose(facts, rules, blocked)
    body += _lay_lines(facts, rules)
    return ["seat = _NEXT[leader]", "knocks = 0", "must = -1",
            f"for _turn in range({MAX_MOVES}):"] + _indent(body, 1) + [
            "else:", "    raise _Handover"]


def round_lines(facts: Facts, rules: Rules, strategy: "Strategy") -> list[str]:
    """One round up to its end: leaves v_end, v_ended_by, v_lead, v_last, moves, redealt."""
    blocked = f"not (v_inhands & _FITS[v_left][v_right]) and not ({can_draw_source(facts)})"
    turns = _turn_lines(facts, rules, strategy, blocked)
    return (_deal_lines(facts, rules, strategy.accepts, strategy.deal)
            + _lead_lines(facts, rules, strategy.pick_lead, strategy.lot)
            + _open_lines(facts, rules) + ["else:"] + _indent(turns, 1))


@dataclass(frozen=True)
class Strategy:
    """How a built-in strategy's choices are written: players, redeal answers, lead, move."""

    setup: Callable[[int], list[str]]  # lines that seat the players from `seed`
    accepts: Callable[[int], str]  # the seat's answer to an optional redeal (v_hand)
    pick_lead: Callable[[str, str], list[str]]  # lines that set t from a set of leads
    # lines that set the tile (`bit`) and its end (`onleft`), or play two doubles, or knock
    choose: Callable[[Facts, Rules, str], list[str]]
    seeded: bool  # whether the players are seeded from the match seed
    # lines that put the next deal in `tiles` (the dealer's shuffle), the seat drawn by lot,
    # and lines run before a move the seat is forced to make (a draw or a knock: its code's
    # name), which a built-in strategy is never asked about
    deal: Callable[[], list[str]] = _shuffle_lines
    lot: Callable[[int], str] = lambda players: f"dealer.randrange({players})"
    forced: Callable[[str], list[str]] = lambda code: []


def _random_setup(players: int) -> list[str]:
    """Each seat's generator, seeded as players.seat_players does: from 64 bits of a
    Random(seed), which is the dealer's own stream (see compiler._start_lines)."""
    return [f"rand{s} = _Random(w{2 * s} | w{2 * s + 1} << 32).random" for s in range(players)] + [
        f"rand = ({''.join(f'rand{s}, ' for s in range(players))})"]


def _random_lead(leads: str, seat: str) -> list[str]:
    return [f"if {leads} & ({leads} - 1):",
            f"    m = {leads}",
            f"    for _ in range(int(rand[{seat}]() * {leads}.bit_count())): m &= m - 1",
            "    t = (m & -m).bit_length() - 1",
            "else:", f"    t = {leads}.bit_length() - 1"]


def _random_choose(facts: Facts, rules: Rules, blocked: str) -> list[str]:
    """Uniform among the legal moves, asked only when there is more than one."""
    if facts.may_pass:  # a knock is listed last, except for a drawn tile that must be laid
        free = "must < 0" if facts.drawable else "True"
        lines = [f"listed = plays + 1 if {free} else plays",
                 "idx = int(rand[seat]() * listed) if listed > 1 else 0",
                 "if idx == plays:"] + _indent(_knock_lines(facts, blocked), 1)
    else:
        lines = ["idx = int(rand[seat]() * plays) if plays > 1 else 0"]
    if facts.two_doubles:
        lines += ["if pair and idx == plays - 1:"] + _indent(_pair_lines(facts, rules), 1)
    return lines + _tile_at_lines()


def _heaviest_lines(tiles: str) -> list[str]:
    """The greedy pick of players.GreedyPlayer: the heaviest non-double (a double only when
    there is nothing else), the first listed (lowest tile) among equals; sets `bit`."""
    return [f"m = {tiles} & ~_DOUBLES or {tiles}", "best = -1",
            "while m:", "    low = m & -m", "    pips = _PIPS[low.bit_length() - 1]",
            "    if pips > best: best = pips; bit = low", "    m ^= low"]


def _greedy_choose(facts: Facts, rules: Rules, blocked: str) -> list[str]:
    """Two doubles at once whenever it can, else the heaviest tile; never a knock by choice.
    The tile fitting both ends is listed left first, so that is where it goes."""
    lines = ["if pair:"] + _indent(_pair_lines(facts, rules), 1) if facts.two_doubles else []
    return lines + _heaviest_lines("fit") + [
        "onleft = bit == both or _ONLEFT[v_left][v_right] & bit"]


def _greedy_lead(leads: str, seat: str) -> list[str]:
    return _heaviest_lines(leads) + ["t = bit.bit_length() - 1"]

RANDOM = Strategy(_random_setup, lambda seat: f"rand{seat}() < 0.5", _random_lead,
                  _random_choose, True)
GREEDY = Strategy(lambda players: [], lambda seat: "(v_hand & _DOUBLES).bit_count() >= 4",
                  _greedy_lead, _greedy_choose, False)
