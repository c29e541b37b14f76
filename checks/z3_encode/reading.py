"""Read a Z3 model back as a situation in domino terms (never raw solver terms)."""

from __future__ import annotations

from typing import Any

import z3

from interpreter.engine.tiles import ALL_TILES, Laid, Tile

from ..search.witnesses import Answer, SeatIs, SideIs, Witness, made, setting_of
from .contexts import FISH, OUT, Situation
from .tables import MAX_SEATS, N

END_WORDS = {OUT: "out", FISH: "fish"}
ONLY_LATER = {"previous", "winner", "fisher", "leader", "previous tie",
              *(f"previous loser {k}" for k in range(MAX_SEATS))}


def _tiles(model: Any, zone: tuple) -> tuple[Tile, ...]:
    return tuple(ALL_TILES[i] for i, b in enumerate(zone)
                 if z3.is_true(model.eval(b, model_completion=True)))


def _int(model: Any, term: Any) -> int:
    return model.eval(term, model_completion=True).as_long()


def read_scalar(model: Any, term: Any, shape: str) -> Any:
    """Return a scalar as a value: a tile as a Tile, an end as "out"/"fish"."""
    value = model.eval(term, model_completion=True)
    if shape == "bool":
        return z3.is_true(value)
    number = value.as_long()
    if shape == "tile":
        return ALL_TILES[number] if 0 <= number < len(ALL_TILES) else None
    if shape == "end":
        return END_WORDS.get(number, number)
    return number


def read_sym(model: Any, sym: Any) -> Answer:
    """Return a symbolic value in a model as a value (a tile, tiles, a seat, "fish", 12)."""
    from interpreter.language.slots import GROUP, SYMBOLS, TILES
    from .expressions import SYMBOL_CODES
    if sym.type == TILES:
        return _tiles(model, sym.value)
    if sym.type == GROUP:
        return tuple(k for k, b in enumerate(sym.value)
                     if z3.is_true(model.eval(b, model_completion=True)))
    if sym.type in ("bool", "tile", "end"):
        return read_scalar(model, sym.value, sym.type)
    number = _int(model, sym.value)
    if sym.type == "seat":
        return SeatIs(number)
    if sym.type == "side":
        return SideIs(number)
    names = [n for n, t in SYMBOLS.items() if t == sym.type and SYMBOL_CODES[n] == number]
    return names[0] if names else number


def witness_of(sit: Situation, model: Any) -> Witness:
    """Return the situation of a model: players, options, hands, stock, line, ends, ..."""
    players = _int(model, N)
    parts: list[tuple[str, Any]] = [("players", players)]
    if len(sit.encs) == 1:
        parts.append(("options", setting_of(_options(sit.encs[0], model))))
    else:
        parts.append(("by_variant", tuple((e.tag.rstrip(":"), setting_of(_options(e, model)))
                                          for e in sit.encs)))
    zones = sit.table.zones
    if "seat0" in zones:
        parts.append(("hands", tuple(_tiles(model, zones[f"seat{s}"])
                                     for s in range(min(players, MAX_SEATS)))))
    for name, key in (("hand", "hand"), ("hands", "in_hands"), ("line", "line"),
                      ("stock", "stock")):
        if name in zones:
            tiles = _tiles(model, zones[name])  # the line's order is not known: as sorted
            parts.append((key, tuple(Laid(t.low, t.high) for t in tiles) if key == "line"
                          else tiles))
    parts += _scalars(sit, model).items()
    if sit.note:
        parts.append(("note", sit.note))
    return made(*parts)


def _options(enc: Any, model: Any) -> dict[str, Any]:
    return {o.name: enc.shown_option(o.name, model) for o in enc.variant.options}


def _scalars(sit: Situation, model: Any) -> dict[str, Any]:
    values = {name: read_scalar(model, term, shape)
              for name, (term, shape) in sit.table.scalars.items()}
    if values.get("first") is True:
        for name in ONLY_LATER:
            if sit.table.kind in ("lead", "next"):
                values.pop(name, None)
    if "previous" in values:
        values.pop("winner" if values["previous"] == "fish" else "fisher", None)
    if "end" in values:
        values.pop("winner" if values["end"] == "fish" else "fisher", None)
    sides = values.pop("sides", None)
    if sides is not None:  # per-side values of sides that are not at this table
        values = {k: v for k, v in values.items() if sit.table.side_of.get(k, -1) < sides}
    return values
