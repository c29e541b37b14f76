"""A witness as a value: the situation a finding is shown in, typed, frozen, written as JSON once.

The Z3 reader (z3_encode/reading.py) and the engine's games (realise.py, diff_games.py,
playouts.py) each make a `Witness`; every reader (the text report, the JSON, the site) reads its
fields. Tiles are `Tile` values (a tile on the line is `Laid`, its left half first), seats and
sides are ints counted from 0, and words for people are made only where a witness is drawn
(checks/search/witness.py, kozel/publish/scene_html.py). `to_json` writes the JSON that `kozel check
--format json` and `kozel diff --format json` have always written, key for key and in the
same order (`keys`: which parts a witness has, in the order its maker gave them).

The record is the kozel-record/1 JSON object the engine's record writer makes
(interpreter/engine/records.py: `record_json`, `new_record`): the engine's parsed
`MatchRecord` keeps tile sets as bit masks and cannot write a record back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Union

from interpreter.engine import tileset as ts
from interpreter.engine.situations import kept_side
from interpreter.engine.tiles import Laid, Tile

from interpreter.language.slots import BOOL, SEAT, SIDE, TILES

from .cause import Cause

NO_VALUE = "no value (a gap, a conflict or an unspecified case)"
# the facts whose value is a seat (from 0): a person reads it from 1
SEAT_FACTS = frozenset({"winner", "fisher", "leader", "round leader", "seat to lead", "lot",
                        "seat", "seat to play"})
TILE_PARTS = ("hands", "hand", "in_hands", "line", "stock")  # the parts that lie on the table


@dataclass(frozen=True)
class Side:
    """A side (from 0) and, when the players sit in pairs, its seats (from 0)."""

    number: int
    seats: tuple[int, ...] = ()

    def __str__(self) -> str:  # the words the JSON has always had for a side
        return kept_side(self.number, self.seats)


@dataclass(frozen=True)
class SeatIs:
    """A rule's answer that is a seat (from 0)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat}"


@dataclass(frozen=True)
class SideIs:
    """A rule's answer that is a side (from 0)."""

    side: int

    def __str__(self) -> str:
        return f"side {self.side}"


@dataclass(frozen=True)
class NoValue:
    """A rule that gives no value; `kind` says how it stopped (gap, conflict, ...), if known."""

    kind: str = ""

    def __str__(self) -> str:
        return f"{NO_VALUE} ({self.kind})" if self.kind else NO_VALUE


@dataclass(frozen=True)
class Stated:
    """An answer a rule gave where the engine stopped (a conflict's), with the engine's words
    for it, which the JSON has always carried (`seat 0`, `[3-5 4-4]`, `yes`)."""

    value: "Answer"
    words: str

    def __str__(self) -> str:
        return self.words


# A fact of the table (`end`, `winner`, `totals`, `goat`, `lead`, ...) and a rule's answer.
Fact = Union[int, bool, str, Tile, tuple[int, ...], tuple[Side, ...], None]
Answer = Union[SeatIs, SideIs, NoValue, Stated, Tile, tuple[Tile, ...], tuple[int, ...], bool, int, str,
               None]
OptionValue = Union[int, bool, str]
Setting = tuple[tuple[str, OptionValue], ...]


@dataclass(frozen=True)
class At:
    """Where in its record a witness game stops: the round (0: as set up) and moves made."""

    round: int = 0
    moves: int = 0


@dataclass(frozen=True)
class Witness:
    """The situation a finding is shown in: who plays with what options, the tiles where they
    lie, the line's ends, the facts of the moment, what each rule answers, and (for a game)
    what it shows, where it stops, its record and what causes the finding."""

    players: int | None = None
    options: Setting = ()
    by_variant: tuple[tuple[str, Setting], ...] = ()  # a comparison: each variant's setting
    round: int | None = None
    first: bool | None = None
    hands: tuple[tuple[Tile, ...], ...] = ()  # per seat, from seat 0
    hand: tuple[Tile, ...] = ()  # the one hand a `hand` rule reads
    in_hands: tuple[Tile, ...] = ()
    line: tuple[Laid, ...] = ()  # as laid, from its left end
    stock: tuple[Tile, ...] = ()  # top first
    left: int | None = None
    right: int | None = None
    facts: tuple[tuple[str, Fact], ...] = ()
    shows: str | None = None  # what the game shows (a text of the catalogue)
    values: tuple[tuple[str | int, Answer], ...] = ()  # a rule's line (int) or a query's name
    situation: str | None = None  # the engine's words for the situation a rule stopped in
    then: str | None = None
    note: str | None = None
    at: At | None = None
    record: Mapping[str, Any] | None = None
    does: tuple[tuple[str, Answer], ...] = ()  # a comparison: what each variant answers
    under: tuple[str, str] | None = None  # a comparison: the game replayed under B (name, said)
    cause: Cause | None = None
    keys: tuple[str, ...] = field(default=(), compare=False)  # the parts, in the JSON's order

    def fact(self, name: str) -> Fact:
        """The value of a fact (None when the witness does not have it)."""
        return dict(self.facts).get(name)

    def has(self, name: str) -> bool:
        """Whether the witness has a part or a fact of this JSON name."""
        return name in self.keys

    @property
    def setting(self) -> dict[str, OptionValue]:
        """The options the game is played with (of the first variant, in a comparison)."""
        return dict(self.options) if not self.by_variant else dict(self.by_variant[0][1])

    def seat_facts(self) -> dict[str, int]:
        """The facts whose value is a seat (from 0): who won, fished, led, ..."""
        return {k: v for k, v in self.facts if k in SEAT_FACTS and type(v) is int}

    def sides_named(self) -> frozenset[int]:
        """The sides (from 0) the facts name: the goat's and the side being scored."""
        goat = self.fact("goat")
        found = {s.number for s in goat if isinstance(s, Side)} if isinstance(goat, tuple) \
            else set()
        side = self.fact("side")
        return frozenset(found | ({side} if type(side) is int else set()))

    def totals(self) -> list[int]:
        """The sides' totals the witness shows (a round's sheet, or one side's total)."""
        totals, total = self.fact("totals"), self.fact("total")
        if isinstance(totals, tuple):
            return [int(t) for t in totals if isinstance(t, int)]
        return [total] if type(total) is int else []

    def on_table(self) -> set[Tile]:
        """Every tile the witness shows: hands, line, stock."""
        shown = {t for hand in self.hands for t in hand} | set(self.hand) | set(self.in_hands)
        return shown | set(self.stock) | {laid.tile for laid in self.line}

    def held(self) -> set[Tile]:
        """The tiles in the hands it shows."""
        return {t for hand in self.hands for t in hand} | set(self.hand)

    def adding(self, *entries: tuple[str, Any], **parts: Any) -> "Witness":
        """A copy with parts (by field name) or facts (by name) set: one not there yet goes
        last in the JSON, one there already keeps its place and takes the new value."""
        fields: dict[str, Any] = {}
        facts = dict(self.facts)
        keys = list(self.keys)
        for name, value in [*entries, *parts.items()]:
            if name in PARTS:
                fields[name] = value
            else:
                facts[name] = value
            key = _json_name(name, value)
            if key not in keys:
                keys.append(key)
        return replace(self, **fields, facts=tuple(facts.items()), keys=tuple(keys))

    def parts(self) -> list[tuple[str, Any]]:
        """Every part and fact as (its JSON name, its value), in the JSON's order: what a
        reader that lists them all (the site's facts) goes through."""
        facts = dict(self.facts)
        return [(key, facts[key] if key in facts else self._part(key)) for key in self.keys]

    def _part(self, key: str) -> Any:
        if key == "options" and self.by_variant:
            return self.by_variant
        if self.under is not None and key == f"under {self.under[0]}":
            return self.under[1]
        return getattr(self, key)

    def without(self, name: str) -> "Witness":
        """A copy without a part (its field emptied, its JSON key gone)."""
        empty: Any = Witness.__dataclass_fields__[name].default
        keys = tuple(k for k in self.keys if k != name)
        return replace(self, **{name: empty, "keys": keys})

    def to_json(self) -> dict[str, Any]:
        """The witness as `kozel check --format json` writes it."""
        facts = dict(self.facts)
        return {key: _fact_json(facts[key]) if key in facts else self._part_json(key)
                for key in self.keys}

    def _part_json(self, key: str) -> Any:
        if key == "options":
            return ({name: dict(s) for name, s in self.by_variant} if self.by_variant
                    else dict(self.options))
        if key == "hands":
            return [[str(t) for t in hand] for hand in self.hands]
        if key in TILE_PARTS:
            return [str(t) for t in getattr(self, key)]
        if key in ("values", "does"):
            return {_value_key(k): answer_json(v) for k, v in getattr(self, key)}
        if key == "at":
            return {"round": self.at.round, "moves": self.at.moves} if self.at else {}
        if key == "cause":
            return self.cause.to_json() if self.cause else {}
        if self.under is not None and key == f"under {self.under[0]}":
            return self.under[1]
        return getattr(self, key)


def _json_name(name: str, value: Any) -> str:
    """The JSON key of a part: `under` is keyed by the variant replayed, `by_variant` is the
    comparison's `options`."""
    return f"under {value[0]}" if name == "under" else \
        "options" if name == "by_variant" else name


def _value_key(key: str | int) -> str:
    return f"line {key}" if isinstance(key, int) else key


def _fact_json(value: Fact) -> Any:
    if isinstance(value, tuple):
        return [str(v) if isinstance(v, Side) else v for v in value]
    return str(value) if isinstance(value, Tile) else value


def answer_json(value: Answer) -> Any:
    """A rule's answer as the JSON writes it: `seat 0`, `side 1`, `3-5`, a list, true, 12."""
    if isinstance(value, (SeatIs, SideIs, NoValue, Stated, Tile)):
        return str(value)
    if isinstance(value, tuple):
        return [str(v) if isinstance(v, Tile) else v for v in value]
    return value


def answer_from(kind: str, value: Any) -> Answer:
    """An engine's value of a slot's type (a tile set as a mask, a seat as an int) as an
    answer."""
    if kind == TILES:
        return tuple(ts.tiles_of(value))
    if kind == BOOL:
        return bool(value)
    if kind == SEAT:
        return SeatIs(value)
    if kind == SIDE:
        return SideIs(value)
    return value if isinstance(value, int) else str(value)  # a tile: its index, as ever


def setting_of(options: Mapping[str, Any]) -> Setting:
    """Options as a frozen setting (name and value, in the order given)."""
    return tuple((str(k), v) for k, v in options.items())


def made(*entries: tuple[str, Any], **parts: Any) -> Witness:
    """A witness of the parts (by field name) and facts (by name) given, its JSON in the
    order given."""
    return Witness().adding(*entries, **parts)


PARTS = frozenset(f for f in Witness.__dataclass_fields__ if f not in ("facts", "keys"))
