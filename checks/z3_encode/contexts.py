"""Situations per context: the table's physical variables plus, per variant, the environment
that gives every term and function of the context its meaning (interpreter/language/slots.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import z3

from interpreter.language.slots import BOOL, END, GROUP, INT, SEAT, SIDE, TILE, TILES
from interpreter.engine.tiles import ALL_TILES

from ..reporting.kinds import Kind
from ..reporting.catalogue import Said
from . import tables as T
from . import terms as z3t
from . import values as V
from ..questions.budget import Budget
from .expressions import symbol_code
from .forms import registered
from .order import order_functions
from .rules import ContextEnv, SlotSyms, VariantEnc, const
from .tables import D, MAX_SEATS, N, Table
from .values import Hazard, Sym

OUT, FISH = symbol_code("out", END, {}), symbol_code("fish", END, {})
PARTNERS = symbol_code("partners", "sides-kind", {})
NONE_DRAW = symbol_code("none", "draw-kind", {})
AUTOMATIC = symbol_code("automatic", "redeal-kind", {})


@dataclass
class Situation:
    """A reachable situation of one context, shared by one or two variants (diff)."""

    table: Table
    encs: list[VariantEnc]
    envs: list[ContextEnv]
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def declared(self) -> list[Any]:
        """The domains of the options declared so far (rules.VariantEnc): asked with every
        question, since a question's formula may declare one."""
        return [fact for enc in self.encs for fact in enc.domain]


# ---- setup -----------------------------------------------------------------------------------


def setup_env(enc: VariantEnc) -> ContextEnv:
    """Return the setup environment (players and options)."""
    return ContextEnv("setup", enc, {"players": const(Sym(N, INT))})


def setup_slot(enc: VariantEnc, slot: str) -> SlotSyms:
    """Return a setup slot of the variant (cached: setup does not depend on the table)."""
    cache: dict[str, SlotSyms] = enc.__dict__.setdefault("_setup", {})
    if slot not in cache:
        cache[slot] = enc.slot(slot, setup_env(enc))
    return cache[slot]


def base_facts(enc: VariantEnc) -> list[Any]:
    """Return the facts every situation of the variant has: its player counts (the options'
    domains go with each question, as the options are declared: rules.VariantEnc)."""
    return [z3t.Or(*[N == p for p in enc.variant.players])]


def add_base(table: Table, enc: VariantEnc) -> None:
    """Give a base table the variant's players."""
    table.facts += base_facts(enc)


def partners(enc: VariantEnc, table: Table) -> Any:
    """Return: the variant plays in partners (needs the `sides` slot to give a value)."""
    sides = setup_slot(enc, "sides")
    table.need(sides.ok, "sides")
    return z3t.Eq(sides.value.value, PARTNERS)


def build_setup(encs: list[VariantEnc]) -> Situation:
    """Return the setup situation: every player count and option combination at once."""
    table = Table("setup")
    for enc in encs:
        add_base(table, enc)
    return Situation(table, encs, [setup_env(e) for e in encs])


Pairs = list[tuple[int, int]]


# The pairs of the facts last enumerated (or the give-up): a check asks the same variant's
# pairs in several sessions (its conditions, readings, endings), and a give-up spends the
# whole budget each time it is asked. Keyed by the facts' text and the budget: the same
# question, the same answer.
_KNOWN_COMBOS: dict[tuple[tuple[str, ...], Budget], "Pairs | T.Undecided"] = {}


def forget_combos() -> None:
    """Start again without the pairs enumerated so far, as a new process does: a question
    answered from here is one the solver is not asked, so every later question of the
    process would meet other term numbers, and could get another model (fresh.py)."""
    _KNOWN_COMBOS.clear()


def combos(encs: list[VariantEnc], budget: Budget) -> Pairs:
    """Return the (players, deal) pairs where every variant deals that many tiles (raise
    tables.Undecided where the solver gives up within the budget)."""
    facts: list[Any] = []
    for enc in encs:
        deal = setup_slot(enc, "deal")
        facts += base_facts(enc) + [deal.ok, deal.value.value == D] + enc.domain
    key = (tuple(f.sexpr() if hasattr(f, "sexpr") else repr(f) for f in facts), budget)
    if key not in _KNOWN_COMBOS:
        if len(_KNOWN_COMBOS) >= 32:
            _KNOWN_COMBOS.clear()
        try:
            _KNOWN_COMBOS[key] = T.enumerate_combos(facts, budget)
        except T.Undecided as error:
            _KNOWN_COMBOS[key] = error
    known = _KNOWN_COMBOS[key]
    if isinstance(known, T.Undecided):
        raise known
    return list(known)


def dealt_table(kind: str, encs: list[VariantEnc], pairs: Pairs) -> Table:
    """Return a table with the players, options and deal size of the variants fixed."""
    table = Table(kind)
    for enc in encs:
        deal = setup_slot(enc, "deal")
        add_base(table, enc)
        table.need(deal.ok, "deal")
        table.need(deal.value.value == D)
    if not pairs:
        table.need(V.FALSE, "deal")
    return table


# ---- hands and deals ------------------------------------------------------------------------


def hand_env(enc: VariantEnc, hand: V.Tiles, first: Any) -> ContextEnv:
    """Return the hand environment for one hand."""
    return ContextEnv("hand", enc, {"players": const(Sym(N, INT)),
                                    "hand": const(Sym(hand, TILES)),
                                    "first": const(Sym(first, BOOL))})


def build_hand(encs: list[VariantEnc], pairs: Pairs) -> Situation:
    """Return a dealt hand of `deal` tiles (the context of `redeal` and of hand claims)."""
    table = dealt_table("hand", encs, pairs)
    hand = V.tiles_vars("hand")
    table.zones["hand"] = hand
    first = table.scalar("first", z3.Bool("first"), "bool")
    table.need(T.per_combo(pairs, lambda p, k: [T.pb_count(hand, "=", k)]), "deal")
    return Situation(table, encs, [hand_env(e, hand, first) for e in encs])


def _no_automatic_redeal(enc: VariantEnc, table: Table, first: Any) -> None:
    """A deal that is played was not thrown in: no hand calls for an automatic redeal."""
    if not enc.variant.cases("redeal"):
        return
    for s in range(MAX_SEATS):
        redeal = enc.slot("redeal", hand_env(enc, table.seat_zone(s), first))
        table.need(z3t.Implies(N > s, z3t.And(redeal.ok, redeal.value.value != AUTOMATIC)),
                   "redeal")


def deal_env(enc: VariantEnc, table: Table, first: Any, context: str = "deal") -> ContextEnv:
    """Return the deal environment: dealt tiles, stock, holder(), first_dealt(), hand_of()."""
    dealt = table.seats_union()
    terms = {"players": const(Sym(N, INT)), "first": const(Sym(first, BOOL)),
             "dealt": const(Sym(dealt, TILES)), "stock": const(Sym(table.zones["stock"], TILES))}
    if context in ("deal", "next"):
        terms["lot"] = lambda pos: Sym(_lot(table), SEAT)
    functions = registered({
        "holder": lambda a, pos: _holder(table, a[0], pos),
        "first_dealt": lambda a, pos: _first_dealt(dealt, a, pos),
        "hand_of": lambda a, pos: Sym(table.hand_of(a[0].value), TILES, a[0].hazards)})
    return ContextEnv(context, enc, terms, functions)


def _lot(table: Table) -> Any:
    """The seat drawn by lot: any seat at the table, one for the whole deal (made on first
    use, so that a variant without `lot` has no such unknown in its situations)."""
    if "lot" not in table.scalars:
        lot = table.scalar("lot", z3.Int("lot"), "seat")
        table.need(T.seat_range(lot))
    return table.scalars["lot"][0]


def _tile_word(tile: Any) -> str:
    return str(ALL_TILES[tile.as_long()]) if V.is_concrete(tile) else "the tile"


def _holder(table: Table, tile: Sym, pos: Any) -> Sym:
    seat: Any = z3.IntVal(0)
    for s in range(1, MAX_SEATS):
        seat = z3t.If(V.member(tile.value, table.seat_zone(s)), s, seat)
    undealt = V.member(tile.value, table.zones["stock"])
    word = _tile_word(tile.value)
    hazard = Hazard(undealt, Kind.GAP, Said("hazard.undealt", tile=word), pos)
    return Sym(seat, SEAT, tile.hazards + (hazard,))


def _first_dealt(dealt: V.Tiles, items: list[Sym], pos: Any) -> Sym:
    result: Any = items[-1].value if items else z3.IntVal(0)
    for item in reversed(items[:-1]):
        result = z3t.If(V.member(item.value, dealt), item.value, result)
    none = z3t.Not(z3t.Or(*[V.member(i.value, dealt) for i in items]))
    hazard = Hazard(none, Kind.GAP, Said("hazard.none dealt"), pos)
    return Sym(result, TILE, _reached_hazards(dealt, items) + (hazard,))


def _reached_hazards(dealt: V.Tiles, items: list[Sym]) -> tuple[Hazard, ...]:
    """The items' hazards where each is reached: as in the engine, an item is looked at only
    while none before it was dealt (`first_dealt([0-0, heaviest(stock)])` has a value when
    0-0 was dealt, whatever the stock)."""
    if not any(item.hazards for item in items[1:]):  # a written list: nothing to restrict
        return V.all_hazards(*items)
    reached: Any = V.TRUE
    found: list[Hazard] = []
    for item in items:
        found += V.when(reached, item.hazards)
        reached = z3t.And(reached, item.defined(), z3t.Not(V.member(item.value, dealt)))
    return tuple(found)


def build_deal_base(encs: list[VariantEnc], pairs: Pairs) -> Situation:
    """Return a deal that is played (after redeals): all hands and the stock; `first` free."""
    table = dealt_table("deal", encs, pairs)
    T.zones(table, [*T.SEAT_ZONES, "stock"], "")
    table.need(T.per_combo(pairs, T.deal_sizes(table)), "deal")
    first = table.scalar("first", z3.Bool("first"), "bool")
    for enc in encs:
        _no_automatic_redeal(enc, table, first)
    return Situation(table, encs, [deal_env(e, table, first) for e in encs])


def derive_deal(base: Situation, kind: str, first: bool | None) -> Situation:
    """Return the base deal as a situation of its own, the first round or a later one."""
    table = base.table.fork(kind)
    first_term = table.scalars["first"][0]
    if first is not None:
        table.need(first_term == first)
    return Situation(table, base.encs, [deal_env(e, table, first_term) for e in base.encs])


# ---- seats and sides ------------------------------------------------------------------------


def seat_functions(enc: VariantEnc, table: Table) -> dict[str, Any]:
    """Return partner(), next(), team(), first_from() and earliest()."""
    def partner(a: list[Sym], pos: Any) -> Sym:
        seat = a[0].value
        hazard = Hazard(z3t.Not(partners(enc, table)), Kind.GAP,
                        Said("hazard.no partners"), pos)
        return Sym(z3t.If(seat >= 2, seat - 2, seat + 2), SEAT, a[0].hazards + (hazard,))
    return registered({
        "partner": partner,
        "next": lambda a, pos: Sym(z3t.If(a[0].value + 1 >= N, 0, a[0].value + 1), SEAT,
                                   a[0].hazards),
        "team": lambda a, pos: Sym(team_of(enc, table, a[0].value), SIDE, a[0].hazards),
        **order_functions(lambda seat: team_of(enc, table, seat))})


def team_of(enc: VariantEnc, table: Table, seat: Any) -> Any:
    """Return the side of a seat: seats 0+2 and 1+3 with partners, else the seat itself."""
    return z3t.If(partners(enc, table), z3t.If(z3t.Ge(seat, 2), seat - 2, seat), seat)


def side_count(enc: VariantEnc, table: Table) -> Any:
    """Return the number of sides."""
    return z3t.If(partners(enc, table), 2, N)


# ---- the next round ------------------------------------------------------------------------


def next_terms(table: Table) -> dict[str, Any]:
    """Return previous, winner, fisher, leader of the previous round (and their facts)."""
    previous = table.scalar("previous", z3.Int("previous"), "end")
    winner = table.scalar("winner", z3.Int("winner"), "seat")
    fisher = table.scalar("fisher", z3.Int("fisher"), "seat")
    leader = table.scalar("leader", z3.Int("leader"), "seat")
    table.need(z3t.Or(previous == OUT, previous == FISH))
    for seat in (winner, fisher, leader):
        table.need(T.seat_range(seat))
    return {"previous": const(Sym(previous, END)),
            "winner": lambda pos: Sym(winner, SEAT, (Hazard(
                previous == FISH, Kind.GAP, Said("hazard.previous fish"), pos),)),
            "fisher": lambda pos: Sym(fisher, SEAT, (Hazard(
                previous == OUT, Kind.GAP, Said("hazard.previous out"), pos),)),
            "leader": const(Sym(leader, SEAT)),
            "losers": lambda pos: Sym(_previous_losers(table), GROUP),
            "tie": lambda pos: Sym(_previous_tie(table), BOOL)}


def _previous_losers(table: Table) -> Any:
    """The sides that lost the previous round: any sides at the table (an over-approximation
    the witness game settles), made on first use so that a variant that does not read them
    has no such unknowns in its situations."""
    names = [f"previous loser {k}" for k in range(MAX_SEATS)]
    if names[0] not in table.scalars:
        for k, name in enumerate(names):
            table.need(z3t.Implies(table.scalar(name, z3.Bool(name), "bool"), N > k))
    return tuple(table.scalars[name][0] for name in names)


def _previous_tie(table: Table) -> Any:
    """Whether the previous round was a tie: either, as the solver finds (made on first use)."""
    if "previous tie" not in table.scalars:
        table.scalar("previous tie", z3.Bool("previous tie"), "bool")
    return table.scalars["previous tie"][0]


def next_env(enc: VariantEnc, table: Table, first: Any, terms: dict[str, Any]) -> ContextEnv:
    """Return the next-round environment: the deal plus the previous round."""
    return deal_env(enc, table, first, "next").extended("next", terms,
                                                        seat_functions(enc, table))


def build_next(base: Situation) -> Situation:
    """Return a later round's deal with how the previous round ended."""
    sit = derive_deal(base, "next", False)
    terms = next_terms(sit.table)
    first = sit.table.scalars["first"][0]
    sit.envs = [next_env(e, sit.table, first, terms) for e in sit.encs]
    return sit


def build_lead(base: Situation) -> Situation:
    """Return a deal, who leads it (lead match or lead round) and the leader's hand."""
    sit = derive_deal(base, "lead", None)
    table = sit.table
    first = table.scalars["first"][0]
    terms = next_terms(table)
    envs = []
    for enc in sit.encs:
        leader = table.scalar(f"{enc.tag}seat to lead", z3.Int(f"{enc.tag}lead seat"), "seat")
        match = enc.slot("lead match", deal_env(enc, table, first))
        later = enc.slot("lead round", next_env(enc, table, first, terms))
        table.need(z3t.Implies(first, z3t.And(match.ok, leader == match.value.value)),
                   "lead match")
        table.need(z3t.Implies(z3t.Not(first), z3t.And(later.ok, leader == later.value.value)),
                   "lead round")
        hand = table.hand_of(leader)
        envs.append(deal_env(enc, table, first, "lead").extended(
            "lead", {"hand": const(Sym(hand, TILES))}))
    sit.envs = envs
    return sit
