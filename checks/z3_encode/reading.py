"""Read a Z3 model back as a situation in domino terms (never raw solver terms)."""

from __future__ import annotations

from typing import Any

import z3

from interpreter.engine.tiles import ALL_TILES

from .contexts import FISH, OUT, Situation
from .tables import MAX_SEATS, N

END_WORDS = {OUT: "out", FISH: "fish"}
ONLY_LATER = {"previous", "winner", "fisher", "leader", "previous tie",
              *(f"previous loser {k}" for k in range(MAX_SEATS))}


def _tiles(model: Any, zone: tuple) -> list[str]:
    return [str(ALL_TILES[i]) for i, b in enumerate(zone)
            if z3.is_true(model.eval(b, model_completion=True))]


def _int(model: Any, term: Any) -> int:
    return model.eval(term, model_completion=True).as_long()


def read_scalar(model: Any, term: Any, shape: str) -> Any:
    """Return a scalar as a plain value: a tile as "3-5", an end as "out"/"fish"."""
    value = model.eval(term, model_completion=True)
    if shape == "bool":
        return z3.is_true(value)
    number = value.as_long()
    if shape == "tile":
        return str(ALL_TILES[number]) if 0 <= number < len(ALL_TILES) else None
    if shape == "end":
        return END_WORDS.get(number, number)
    return number


def read_sym(model: Any, sym: Any) -> Any:
    """Return a symbolic value in a model as a plain value ("3-5", ["1-1"], "fish", 12)."""
    from interpreter.language.slots import GROUP, SYMBOLS, TILES
    from .expressions import SYMBOL_CODES
    if sym.type == TILES:
        return _tiles(model, sym.value)
    if sym.type == GROUP:
        return [k for k, b in enumerate(sym.value) if z3.is_true(model.eval(b, model_completion=True))]
    if sym.type in ("bool", "tile", "end"):
        return read_scalar(model, sym.value, sym.type)
    number = _int(model, sym.value)
    if sym.type in ("seat", "side"):
        return f"{sym.type} {number}"
    names = [n for n, t in SYMBOLS.items() if t == sym.type and SYMBOL_CODES[n] == number]
    return names[0] if names else number


def witness_of(sit: Situation, model: Any) -> dict[str, Any]:
    """Return the situation of a model: players, options, hands, stock, line, ends, ..."""
    players = _int(model, N)
    found: dict[str, Any] = {"players": players}
    if len(sit.encs) == 1:
        found["options"] = _options(sit.encs[0], model)
    else:
        found["options"] = {e.tag.rstrip(":"): _options(e, model) for e in sit.encs}
    zones = sit.table.zones
    if "seat0" in zones:
        found["hands"] = [_tiles(model, zones[f"seat{s}"]) for s in range(min(players, MAX_SEATS))]
    for name, key in (("hand", "hand"), ("hands", "in_hands"), ("line", "line"),
                      ("stock", "stock")):
        if name in zones:
            found[key] = _tiles(model, zones[name])
    found.update(_scalars(sit, model))
    if sit.note:
        found["note"] = sit.note
    return found


def _options(enc: Any, model: Any) -> dict[str, Any]:
    return {name: enc.option_value(name, model) for name in enc.options}


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
        values = {k: v for k, v in values.items()
                  if not (k.startswith("side ") and k.split()[1].isdigit()
                          and int(k.split()[1]) >= sides)}
    return values
