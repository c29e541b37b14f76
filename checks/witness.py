"""Witnesses in domino terms: drawn as tiles for people, and as kozel-record/1 where the
situation is a first deal (a record `kozel replay` accepts and stops at the same point)."""

from __future__ import annotations

import re
from typing import Any

from interpreter.language import catalogue
from interpreter.engine.words import seat_no, seat_said, side_said
from interpreter.language.model import Variant

from .catalogue import said_in

ORDER = ("round", "first", "previous", "winner", "fisher", "leader", "round leader",
         "seat to lead", "lot", "end", "lead", "last", "left", "right", "carried", "side", "seat",
         "written", "totals", "goat", "won")
# the facts whose value is a seat or a side: shown for people, numbered from 1
SEAT_FACTS = {"winner", "fisher", "leader", "round leader", "seat to lead", "lot", "seat",
              "seat to play"}
NO_VALUE = "no value (a gap, a conflict or an unspecified case)"  # checks/diff_games.py's
SIDE = re.compile(r"\bside (\d+)(?: \(seats ([\d+]+)\))?")


def _said(word: str, lang: str) -> str:
    """The fixed words of a drawn witness (the catalogue's "witness."), a fact's name as given."""
    key = f"witness.{word}"
    return catalogue.text(key, lang) if catalogue.has(key) else word


def _tiles(tiles: list[str], lang: str = "en") -> str:
    return " ".join(tiles) if tiles else _said("none", lang)


def _options(options: dict[str, Any], lang: str = "en") -> str:
    if options and all(isinstance(v, dict) for v in options.values()):
        return "; ".join(f"{k}: {_options(v, lang)}" for k, v in options.items())
    # option values as a rule file writes them (yes/no): names and values of the language
    return ", ".join(f"{k}={_word(v)}" for k, v in options.items()) or _said("no options", lang)


def _word(value: Any, lang: str = "en") -> str:
    return _said("yes" if value else "no", lang) if isinstance(value, bool) \
        else str(value)


def _sides(value: Any, lang: str) -> str:
    """The sides of a `goat` or `won` fact (the engine's words, from 0), for people."""
    def person(match: re.Match[str]) -> str:
        seats = [int(n) for n in match.group(2).split("+")] if match.group(2) else ()
        return said_in(side_said(int(match.group(1)), seats), lang)
    return ", ".join(SIDE.sub(person, str(v)) for v in value) if isinstance(value, list) \
        else SIDE.sub(person, str(value))


def _fact(key: str, value: Any, lang: str) -> str:
    """One fact of a witness for people: a seat or a side numbered from 1, words in `lang`."""
    if key in SEAT_FACTS and isinstance(value, int) and not isinstance(value, bool):
        shown = said_in(seat_said(value), lang)
        return f"{_said(key, lang)} {shown}" if lang == "ru" else f"{key} {seat_no(value)}"
    if key == "side" and isinstance(value, int) and not isinstance(value, bool):
        shown = str(value + 1)
    elif key in ("goat", "won"):
        shown = _sides(value, lang)
    elif key.startswith("under ") and lang == "ru":  # a diff's game replayed under B
        return f"по правилам {key[len('under '):]}: {said_in(value, lang)}"
    elif key in ("end", "previous") and lang == "ru":
        shown = _said(str(value), lang)
    elif isinstance(value, list) and lang != "en":
        shown = ", ".join(map(str, value))
    else:
        shown = _word(value, lang)
    return f"{_said(key, lang)} {said_in(shown, lang)}"


def draw_witness(witness: dict[str, Any], lang: str = "en") -> list[str]:
    """Return the witness as lines: players, options, hands per seat, stock, line, ends."""
    lines = [f"{_said('players', lang)} {witness.get('players')}; "
             f"{_said('options', lang)}: {_options(witness.get('options', {}), lang)}"]
    for seat, hand in enumerate(witness.get("hands", [])):
        lines.append(f"{_said('seat', lang)} {seat_no(seat)}: {_tiles(hand, lang)}")
    for key, label in (("hand", "hand"), ("in_hands", "in hands"), ("line", "line"),
                       ("stock", "stock")):
        if key in witness:
            lines.append(f"{_said(label, lang)}: {_tiles(witness[key], lang)}")
    keys = [k for k in ORDER if k in witness] + [k for k in witness
                                                  if k not in ORDER and k not in _SHOWN]
    facts = [_fact(k, witness[k], lang) for k in keys]
    if facts:
        lines.append("; ".join(facts))
    return lines + _told(witness, lang)


def _told(witness: dict[str, Any], lang: str) -> list[str]:
    """The witness's sentences: what each variant does, what the game shows, where it stops."""
    lines = []
    for key in ("does", "values"):
        if key in witness:
            lines.append(f"{_said(key, lang)}: " + "; ".join(
                f"{_value_name(k, lang)}: {_show(v, lang)}" for k, v in witness[key].items()))
    if "note" in witness:
        lines.append(f"{_said('note', lang)}: {said_in(witness['note'], lang)}")
    if "shows" in witness:
        lines.append(f"{_said('the game shows', lang)}: {said_in(witness['shows'], lang)}")
    if "at" in witness:
        lines.append(f"{_said('game', lang)}: {_game_words(witness['at'], lang)}")
    if "then" in witness:
        lines.append(f"{_said('then', lang)}: {said_in(witness['then'], lang)}")
    return lines


def _value_name(key: str, lang: str) -> str:
    """A conflict's value is keyed `line N` (machine words of the JSON); say it for people."""
    match = re.fullmatch(r"line (\d+)", key)
    return _said("line no", lang).format(n=match.group(1)) if match else key


def _game_words(at: dict[str, int], lang: str = "en") -> str:
    """Where in its record a witness game stops, for `kozel replay --partial`."""
    if not at.get("round"):
        return _said("as set up", lang)
    return _said("stops at", lang).format(round=at["round"], moves=at.get("moves", 0))


def _show(value: Any, lang: str = "en") -> str:
    if isinstance(value, str):
        return _people_value(value, lang)
    return _tiles(value, lang) if isinstance(value, list) else _word(value, lang)


def show_value(value: Any, lang: str = "en") -> str:
    """A slot's value as the JSON writes it (`seat 0`, a list of tiles, true), for people."""
    return _show(value, lang)


def _people_value(value: str, lang: str) -> str:
    """A value the JSON writes in the engine's words (`seat 0`, `side 1`, no value), for
    people."""
    if value.startswith(NO_VALUE):  # what a rule stop gives: its kind follows in brackets
        kind = value[len(NO_VALUE):].strip(" ()")
        kind_words = _said(f"stop.{kind}", lang)
        return _said("no value", lang) + (f" ({kind_words})" if kind else "")
    match = re.fullmatch(r"(seat|side) (\d+)", value)
    if not match:  # a word of the language (`until_playable`) is code, shown as such
        return f"`{value}`" if lang != "en" and re.fullmatch(r"[a-z_]+", value) else value
    said = seat_said(int(match.group(2))) if match.group(1) == "seat" \
        else side_said(int(match.group(2)))
    return said_in(said, lang)


_SHOWN = {"players", "options", "hands", "hand", "in_hands", "line", "stock", "values", "note",
          "record", "does", "shows", "at", "situation", "then",
          "cause"}  # what the site marks (checks/cause.py): the text names its tiles itself


def record_of(variant: Variant, witness: dict[str, Any]) -> dict[str, Any] | None:
    """Return a kozel-record/1 for a witness that is the first deal of a match, else None."""
    if "hands" not in witness or "stock" not in witness or witness.get("first") is not True:
        return None
    if "line" in witness:  # the end of a round: the moves that lead there are not known
        return None
    options = witness.get("options", {})
    return {"format": "kozel-record/1", "variant": variant.name,
            "players": witness["players"], "options": options,
            "rounds": [{"redeals": [], "hands": witness["hands"], "stock": witness["stock"],
                        "moves": []}]}
