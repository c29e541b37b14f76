"""Variants of different tables compared on what does not depend on the table.

Two variants that share no player count (or no deal size) never meet in one situation, so the
slot-by-slot diff (diff.py) cannot ask both rules of a slot in the same moment. Here each rule
is asked at each variant's table in turn: at A's table (A's players, how it seats them and how
many tiles it deals) with B's rules otherwise as written, and at B's table likewise. Each
comparison is the ordinary one (both encodings over one situation, a game of the table's
variant shown where they part, replaying through the engine under that variant's own rules).

What the two results say depends on what the slot's rules read:

* a rule that reads nothing of the table (no players, seats, sides, stock, who holds what) is
  a function of its own inputs alone (a hand, a total, the line, a round's end for one side):
  a difference at either table is a difference of the rules, "compared on a hand alone" (or a
  total, ...), and the same at both tables is the same;
* a rule that reads the table is compared at both: the same at both is the same (at each
  variant's own table, the other's rule agrees with it), a difference at both is a difference
  ("compared at each variant's table"), and a difference at one table only stays
  `incomparable`: it comes from asking a rule at a table its variant never plays.

`sides` and `deal` make the table: they are compared on the rules alone, each variant's answer
at its own table, each shown by a set-up game of its variant.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from interpreter.engine import RuleStop, prepare
from interpreter.engine.situations import SetupSituation
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant
from interpreter.language.reads import case_parts, functions_called, names_read
from interpreter.language.slots import (DEAL_FUNCTIONS, END_FUNCTIONS, MATCH_FUNCTIONS,
                                        SEAT_FUNCTIONS)

from ..reporting.catalogue import Said
from ..questions.conditions import slot_situation
from .diff_games import answer_of
from ..search.games import Hints, Target, search, seed_of
from ..search.realise import GameBudget, witness_of_game
from ..search.witnesses import NoValue, Witness, setting_of

TABLE_SLOTS = ("sides", "deal")  # the slots that make a table: compared on the rules alone
# What a rule may read and still not depend on the table: everything but these terms and
# functions (players, seats, sides and groups of sides, the tiles of other hands or the stock).
TABLE_NAMES = frozenset({"players", "dealt", "stock", "lot", "winner", "fisher", "leader",
                         "losers", "hands", "blocked", "all", "tie", "side", "others"})
TABLE_FUNCTIONS = frozenset({*DEAL_FUNCTIONS, *SEAT_FUNCTIONS, *END_FUNCTIONS,
                             *MATCH_FUNCTIONS, "seat"})
# What a table-free rule is compared on, by the situation its slot is asked in.
BASIS = {"setup": "rule", "turn": "turn", "hand": "hand", "hand-end": "hand",
         "lead": "leader's hand", "play": "line", "move": "line", "round": "round",
         "end": "side", "scored": "side", "recorded": "side", "match": "totals"}
EACH_TABLE = "each table"
OWN_TABLE = "own table"  # `sides`, `deal`: each variant's rule at its own table
SETUP_GAMES = 4  # set-up games tried per variant for `sides` and `deal` (a count, not seconds)


@dataclass
class AtTable:
    """One slot compared at one variant's table (the other variant's rule asked there)."""

    table: str  # the variant whose table it is
    players: tuple[int, ...]
    status: str
    witness: Witness | None = None

    def as_json(self) -> dict[str, Any]:
        """The table's entry of a slot's `across` in `kozel diff --format json`."""
        return {"table": self.table, "players": list(self.players), "status": self.status,
                "witness": self.witness.to_json() if self.witness else None}


@dataclass
class Across:
    """How a slot of two variants of different tables was compared: on what (`on`), and at
    which tables with what result."""

    on: str
    tables: list[AtTable] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """A slot's `across` in `kozel diff --format json`."""
        return {"on": self.on, "words": Said(f"sizes.on {self.on}").in_lang("en"),
                "tables": [t.as_json() for t in self.tables]}


def apart(a: Variant, b: Variant) -> bool:
    """Whether two variants sit at no common table: no player count in common, or other deal
    rules (then a situation of one is never a situation of the other)."""
    return not set(a.players) & set(b.players) or \
        [c.value for c in a.cases("deal")] != [c.value for c in b.cases("deal")]


def seated(variant: Variant, at: Variant) -> Variant:
    """The variant's rules at another variant's table: its players, its `sides` and `deal`,
    with the options those rules name that the variant lacks (at the table's own values and
    default: `sides: partners when teams` needs `teams`); every other rule and option as the
    variant writes it."""
    table = {name: at.cases(name) for name in TABLE_SLOTS}
    slots = tuple((name, table.get(name, cases)) for name, cases in variant.slots
                  if name not in table or table[name])
    slots += tuple((name, cases) for name, cases in table.items()
                   if cases and not variant.cases(name))
    named = names_read(*case_parts(c for cases in table.values() for c in cases))
    borrowed = tuple(o for o in at.options if o.name in named and variant.option(o.name) is None)
    return replace(variant, players=at.players, slots=slots, options=variant.options + borrowed)


def table_free(a: Variant, b: Variant, slot: str) -> bool:
    """Whether neither variant's rule for the slot reads anything of the table."""
    parts = case_parts([*a.cases(slot), *b.cases(slot)])
    return not (names_read(*parts) & TABLE_NAMES or functions_called(*parts) & TABLE_FUNCTIONS)


@dataclass
class Tables:
    """The two variants of a diff and, for each table, the comparison of slots there (each
    variant seated at the other's table once: the same objects for every slot, as the game
    search keeps a variant's compiled setups by identity), made when a slot first asks it."""

    a: Variant
    b: Variant
    names: tuple[str, str]
    fixed_a: dict[str, Any]
    fixed_b: dict[str, Any]
    budget: Any
    one_table: Callable[..., Callable[[str, GameBudget | None], Any]]  # diff.at_one_table
    sessions: dict[str, Callable[[str, GameBudget | None], Any]] = field(default_factory=dict)

    def at(self, host: str, slot: str, games: GameBudget | None) -> Any:
        """The slot compared at one variant's table ("a" or "b"): a diff.SlotDiff, its game
        one of the host's, the guest's rule asked there."""
        first = host == "a"
        if host not in self.sessions:
            hosting, guest = (self.a, self.b) if first else (self.b, self.a)
            fixed = (self.fixed_a, self.fixed_b) if first else (self.fixed_b, self.fixed_a)
            self.sessions[host] = self.one_table(hosting, seated(guest, hosting),
                                                 self.names if first else self.names[::-1],
                                                 fixed, self.budget)
        result = self.sessions[host](slot, games)
        names = self.names if first else self.names[::-1]
        if result.witness is not None and result.witness.under is not None:
            players = (self.a if first else self.b).players
            result.witness = result.witness.without("under").adding(under=(
                names[1], Said("sizes.asked at", table=names[0],
                               players=", ".join(map(str, players)))))
        return result


def tables_of(session: Any, names: tuple[str, str], pair: Any,
              one_table: Callable[..., Any]) -> Tables:
    """The Tables of a diff's session (made once per session, kept with it)."""
    kept = session.__dict__.get("_tables")
    if kept is None:
        a, b = (enc.variant for enc in session.encs)
        fixed_a, fixed_b = (pair.fixed_a, pair.fixed_b) if pair is not None else ({}, {})
        kept = session.__dict__["_tables"] = Tables(a, b, names, fixed_a, fixed_b,
                                                    session.budget, one_table)
    return kept


def across_sizes(session: Any, slot: str, names: tuple[str, str], games: GameBudget | None,
                 pair: Any, one_table: Callable[..., Any]
                 ) -> tuple[str, Witness | None, str, Witness | None, Across]:
    """Compare a slot of two variants of different tables (`one_table`: diff.at_one_table):
    its status, game, note (saying first on what it was compared), the solver's candidate of
    `unconfirmed`, and how it was compared at each table."""
    status, witness, note, candidate, across = _compared(
        tables_of(session, names, pair, one_table), slot, games)
    said = Said(f"sizes.on {across.on}")
    return status, witness, Said("joined", a=said, b=note) if note else said, candidate, across


def _compared(tables: Tables, slot: str, games: GameBudget | None
              ) -> tuple[str, Any, Any, Any, Across]:
    if slot in TABLE_SLOTS:
        return _on_rules(tables, slot, games)
    a, b, names = tables.a, tables.b, tables.names
    at_a, at_b = tables.at("a", slot, games), tables.at("b", slot, games)
    free = table_free(a, b, slot)
    on = BASIS.get(slot_situation(slot, a, b), "rule") if free else EACH_TABLE
    across = Across(on, [AtTable(names[0], a.players, at_a.status, at_a.witness),
                         AtTable(names[1], b.players, at_b.status, at_b.witness)])
    return (*_verdict(at_a, at_b, free, names), across)


def _verdict(at_a: Any, at_b: Any, free: bool, names: tuple[str, str]
             ) -> tuple[str, Any, Any, Any]:
    """(status, witness, note, candidate) from the two tables' comparisons."""
    statuses = (at_a.status, at_b.status)
    if statuses == ("same", "same"):
        return "same", None, at_a.note, None
    parted = [r for r in (at_a, at_b) if r.status == "different"]
    # a guest's rule that names nothing at the host's table (the holder of a tile the host
    # leaves undealt, the partner at a table without partners) parts only because it is asked
    # where its variant is never played: for a rule that reads the table, no difference
    shown = [r for r in parted if free or not _guest_silent(r)]
    if shown and (free or len(shown) == 2):
        return "different", shown[0].witness, shown[0].note, None
    if parted:
        table = names[0] if (shown or parted)[0] is at_a else names[1]
        other = names[1] if table == names[0] else names[0]
        return "incomparable", None, Said("sizes.one table", table=table, other=other), None
    for status in ("unconfirmed", "unknown"):
        for result in (at_a, at_b):
            if result.status == status:
                return status, None, result.note, result.candidate
    return "incomparable", None, Said("note.never shared"), None


def _guest_silent(result: Any) -> bool:
    """Whether a table's difference is the guest's rule giving no value there."""
    does = dict(result.witness.does) if result.witness is not None else {}
    return len(does) == 2 and isinstance(list(does.values())[1], NoValue)


def _on_rules(tables: Tables, slot: str, games: GameBudget | None
              ) -> tuple[str, Any, Any, Any, Across]:
    """`sides` or `deal`: each variant's answer at its own table, shown by a set-up game."""
    sides = [(tables.a, tables.names[0], tables.fixed_a), (tables.b, tables.names[1],
                                                           tables.fixed_b)]
    found_a, found_b = (_setup_answers(v, slot, fixed) for v, _, fixed in sides)
    across = Across(OWN_TABLE)
    if found_a is None or found_b is None:
        return "unknown", None, Said("sizes.cannot set up"), None, across
    answers = [found_a, found_b]
    settings = {name: _options(variant, fixed) for variant, name, fixed in sides}
    status = "same" if set(found_a.values()) == set(found_b.values()) else "different"
    witnesses = []
    for variant, name, fixed in sides:
        witness = None
        if status == "different" and games is not None:
            witness = _setup_game(variant, name, slot, fixed, answers, settings)
        across.tables.append(AtTable(name, variant.players, status, witness))
        witnesses.append(witness)
    if status == "different" and None in witnesses:
        return "unconfirmed", None, Said("sizes.no setup"), None, across
    return status, witnesses[0], "", None, across


def _setup_answers(variant: Variant, slot: str, fixed: dict[str, Any]
                   ) -> dict[int, Any] | None:
    """The slot's answer at each of the variant's player counts (None when it cannot be set
    up at one of them)."""
    found = {}
    for players in variant.players:
        try:
            setup = prepare(variant, players, _options(variant, fixed))
        except (RuleStop, KozelError):
            return None
        found[players] = answer_of(setup, slot, SetupSituation(players))
    return found


def _options(variant: Variant, fixed: dict[str, Any]) -> dict[str, Any]:
    return {o.name: fixed.get(o.name, o.usual_value()) for o in variant.options}


def _setup_game(variant: Variant, name: str, slot: str, fixed: dict[str, Any],
                answers: list[dict[int, Any]], settings: dict[str, dict[str, Any]]
                ) -> Witness | None:
    """A match of the variant set up at its own table, showing the slot's answer there (the
    witness says each variant's setting, each at its own table)."""
    players = variant.players[0]
    shows = Said("sizes.shows rule", slot=slot, name=name)
    target = Target(when="setup", test=lambda moment: shows)
    searched = search(variant, target, Hints(players, _options(variant, fixed)),
                      games=SETUP_GAMES, seed=seed_of(name, slot), fixed=fixed)
    if searched.game is None:
        return None
    does = tuple((n, next(iter(a.values()))) for n, a in zip(settings, answers))
    return witness_of_game(searched.game).adding(
        does=does, shows=shows,
        by_variant=tuple((n, setting_of(s)) for n, s in settings.items()))


def other_table_lines(entry: Any, lang: str) -> list[str]:
    """For `kozel diff`'s text: each table's result beside the one the entry's game shows,
    with that table's game (a game of that table's variant)."""
    return tables_lines(entry.across, entry.witness, lang)


def tables_lines(across: Across | None, shown: Witness | None, lang: str) -> list[str]:
    """Each table's result and game, but the game already `shown` (diff's and check's text)."""
    from ..search.witness import draw_witness

    lines: list[str] = []
    if across is None:
        return lines
    for table in across.tables:
        if table.witness is None or table.witness is shown:
            continue
        lines.append("    " + Said("sizes.at table", table=table.table,
                                   players=", ".join(map(str, table.players)),
                                   status=Said(f"status.{table.status}")).in_lang(lang))
        lines += ["      " + line for line in draw_witness(table.witness, lang)]
    return lines
