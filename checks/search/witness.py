"""Witnesses in domino terms: drawn as tiles for people, and as kozel-record/1 where the
situation is a first deal (a record `kozel replay` accepts and stops at the same point).

A witness is a `Witness` (checks/search/witnesses.py); this module reads its fields and makes the
words, seats and sides counted from 1."""

from __future__ import annotations

import re
from typing import Any, Iterable

from interpreter.language import catalogue
from interpreter.engine.tiles import Tile
from interpreter.engine.words import seat_no, seat_said, side_said
from interpreter.language.model import Variant
from interpreter.language.file_words import SlotValue, VariantName

from ..reporting.catalogue import said_in
from .witnesses import (NO_VALUE, SEAT_FACTS, At, NoValue, SeatIs, Side, SideIs, Stated,
                        Witness, answer_json)

ORDER = ("round", "first", "previous", "winner", "fisher", "leader", "round leader",
         "seat to lead", "lot", "end", "lead", "last", "left", "right", "carried", "side", "seat",
         "written", "totals", "goat", "won")


def _said(word: str, lang: str) -> str:
    """The fixed words of a drawn witness (the catalogue's "witness."), a fact's name as given."""
    key = f"witness.{word}"
    return catalogue.text(key, lang) if catalogue.has(key) else word


def _tiles(tiles: Iterable[object], lang: str = "en") -> str:
    return " ".join(map(str, tiles)) or _said("none", lang)


def _options(witness: Witness, lang: str = "en") -> str:
    if witness.by_variant:
        return "; ".join(f"{variant_named(name, lang)}: {_setting(dict(setting), lang)}"
                         for name, setting in witness.by_variant)
    return _setting(dict(witness.options), lang)


def _setting(options: dict[str, Any], lang: str) -> str:
    # option values as a rule file writes them (yes/no): names and values of the language,
    # quoted as code beside the words of another language
    quote = "" if lang == "en" else "`"
    return ", ".join(f"{quote}{k}={_word(v)}{quote}" for k, v in options.items()) \
        or _said("no options", lang)


def variant_named(name: str, lang: str) -> str:
    """A variant's name under one of its readings, `minsk (added)`, in a language."""
    return VariantName(name).in_lang(lang)


def _word(value: Any, lang: str = "en") -> str:
    return _said("yes" if value else "no", lang) if isinstance(value, bool) \
        else str(value)


def _sides(sides: tuple[Side, ...], lang: str) -> str:
    """The sides of a `goat` or `won` fact, for people: from 1, with their seats."""
    return ", ".join(said_in(side_said(s.number, s.seats or ()), lang) for s in sides)


def _fact(key: str, value: Any, lang: str) -> str:
    """One fact of a witness for people: a seat or a side numbered from 1, words in `lang`."""
    if key in SEAT_FACTS and type(value) is int:
        shown = said_in(seat_said(value), lang)
        return f"{_said(key, lang)} {shown}" if lang == "ru" else f"{key} {seat_no(value)}"
    if key == "side" and type(value) is int:
        shown = str(value + 1)
    elif key in ("goat", "won") and isinstance(value, tuple):
        shown = _sides(value, lang)
    elif key.startswith("under ") and lang == "ru":  # a diff's game replayed under B
        return f"по правилам {variant_named(key[len('under '):], lang)}: {said_in(value, lang)}"
    elif key in ("end", "previous") and lang == "ru":
        shown = _said(str(value), lang)
    elif isinstance(value, tuple) and lang != "en":
        shown = ", ".join(map(str, value))
    else:  # a list of numbers as the JSON writes it
        shown = _word(list(value) if isinstance(value, tuple) else value, lang)
    return f"{_said(key, lang)} {said_in(shown, lang)}"


def draw_witness(witness: Witness, lang: str = "en") -> list[str]:
    """Return the witness as lines: players, options, hands per seat, stock, line, ends."""
    lines = [f"{_said('players', lang)} {witness.players}; "
             f"{_said('options', lang)}: {_options(witness, lang)}"]
    for seat, hand in enumerate(witness.hands):
        lines.append(f"{_said('seat', lang)} {seat_no(seat)}: {_tiles(hand, lang)}")
    for key, label in (("hand", "hand"), ("in_hands", "in hands"), ("line", "line"),
                       ("stock", "stock")):
        if witness.has(key):
            lines.append(f"{_said(label, lang)}: {_tiles(getattr(witness, key), lang)}")
    facts = _facts(witness)
    keys = [k for k in ORDER if k in facts] + [k for k in facts if k not in ORDER]
    if keys:
        lines.append("; ".join(_fact(k, facts[k], lang) for k in keys))
    return lines + _told(witness, lang)


def _facts(witness: Witness) -> dict[str, Any]:
    """The facts a drawn witness lists after its tiles, in the order the witness has them."""
    found: dict[str, Any] = {}
    facts = dict(witness.facts)
    for key in witness.keys:
        if key in facts:
            found[key] = facts[key]
        elif key in ("round", "first", "left", "right"):
            found[key] = getattr(witness, key)
        elif witness.under is not None and key == f"under {witness.under[0]}":
            found[key] = witness.under[1]
    return found


def _told(witness: Witness, lang: str) -> list[str]:
    """The witness's sentences: what each variant does, what the game shows, where it stops."""
    lines = []
    for key in ("does", "values"):
        if witness.has(key):
            lines.append(f"{_said(key, lang)}: " + "; ".join(
                f"{_value_name(k, lang)}: {_show(v, lang)}" for k, v in getattr(witness, key)))
    if witness.note:
        lines.append(f"{_said('note', lang)}: {said_in(witness.note, lang)}")
    if witness.shows is not None:
        lines.append(f"{_said('the game shows', lang)}: {said_in(witness.shows, lang)}")
    if witness.has("at"):
        lines.append(f"{_said('game', lang)}: {_game_words(witness.at or At(), lang)}")
    if witness.then:
        lines.append(f"{_said('then', lang)}: {said_in(witness.then, lang)}")
    return lines


def _value_name(key: str | int, lang: str) -> str:
    """A conflict's value is the answer of a rule, by its line: say it for people."""
    return _said("line no", lang).format(n=key) if isinstance(key, int) \
        else variant_named(key, lang)


def _game_words(at: At, lang: str = "en") -> str:
    """Where in its record a witness game stops, for `kozel replay --partial`."""
    if not at.round:
        return _said("as set up", lang)
    return _said("stops at", lang).format(round=at.round, moves=at.moves)


def _show(value: Any, lang: str = "en") -> str:
    if isinstance(value, (SeatIs, SideIs)):
        said = seat_said(value.seat) if isinstance(value, SeatIs) else side_said(value.side)
        return said_in(said, lang)
    if isinstance(value, NoValue):  # what a rule stop gives, and how it stopped
        kind_words = _said(f"stop.{value.kind}", lang) if value.kind else ""
        return _said("no value", lang) + (f" ({kind_words})" if value.kind else "")
    if isinstance(value, Stated):  # a conflict's answer: a seat or side from 1, else as worded
        return _show(value.value, lang) if isinstance(value.value, (SeatIs, SideIs)) \
            else _code(value.words, lang)
    if isinstance(value, str):
        return _code(value, lang)
    if isinstance(value, tuple):
        return _tiles(value, lang) if all(isinstance(v, Tile) for v in value) \
            else _word(answer_json(value), lang)
    return _tiles(value, lang) if isinstance(value, list) else _word(value, lang)


def show_value(value: Any, lang: str = "en") -> str:
    """A rule's answer (a seat, tiles, yes, no value, ...), for people."""
    return _show(value, lang)


def _code(value: str, lang: str) -> str:
    """A word of the language (`until_playable`) is code, shown as such beside other words."""
    if lang == "en" or not re.fullmatch(r"[a-z_]+", value):
        return value
    return SlotValue(value, "`").in_lang(lang)


def record_of(variant: Variant, witness: Witness) -> dict[str, Any] | None:
    """Return a kozel-record/1 for a witness that is the first deal of a match, else None."""
    if not witness.has("hands") or not witness.has("stock") or witness.first is not True:
        return None
    if witness.has("line"):  # the end of a round: the moves that lead there are not known
        return None
    return {"format": "kozel-record/1", "variant": variant.name,
            "players": witness.players, "options": dict(witness.options),
            "rounds": [{"redeals": [], "hands": [[str(t) for t in hand] for hand in witness.hands],
                        "stock": [str(t) for t in witness.stock], "moves": []}]}
