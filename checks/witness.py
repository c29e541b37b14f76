"""Witnesses in domino terms: drawn as tiles for people, and as kozel-record/1 where the
situation is a first deal (a record `kozel replay` accepts and stops at the same point)."""

from __future__ import annotations

from typing import Any

from interpreter.language.model import Variant

from .catalogue import said_in

ORDER = ("round", "first", "previous", "winner", "fisher", "leader", "round leader",
         "seat to lead", "lot", "end", "lead", "last", "left", "right", "carried", "side", "seat",
         "written", "totals", "goat", "won")
WORDS = {"first": "first round of the match", "previous": "previous round ended",
         "leader": "previous leader", "round leader": "led the round",
         "seat to lead": "seat to lead", "lot": "the lot fell to seat", "carried": "carried points",
         "written": "written this round", "totals": "totals", "won": "won the match"}


def _tiles(tiles: list[str]) -> str:
    return " ".join(tiles) if tiles else "(none)"


def _list(value: list[Any]) -> str:
    return " | ".join(map(str, value))


def _options(options: dict[str, Any]) -> str:
    if options and all(isinstance(v, dict) for v in options.values()):
        return "; ".join(f"{k}: {_options(v)}" for k, v in options.items())
    return ", ".join(f"{k}={_word(v)}" for k, v in options.items()) or "none"


def _word(value: Any) -> str:
    return {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) \
        else str(value)


# The fixed labels of a drawn witness in Russian (`kozel check --lang ru`); facts stay as given.
LABELS_RU = {"players": "игроков", "options": "опции", "seat": "место", "hand": "рука",
             "in hands": "на руках", "line": "на столе", "stock": "базар",
             "the game shows": "партия показывает"}


def draw_witness(witness: dict[str, Any], lang: str = "en") -> list[str]:
    """Return the witness as lines: players, options, hands per seat, stock, line, ends."""
    said = (lambda w: LABELS_RU.get(w, w)) if lang == "ru" else (lambda w: w)
    lines = [f"{said('players')} {witness.get('players')}; "
             f"{said('options')}: {_options(witness.get('options', {}))}"]
    for seat, hand in enumerate(witness.get("hands", [])):
        lines.append(f"{said('seat')} {seat}: {_tiles(hand)}")
    for key, label in (("hand", "hand"), ("in_hands", "in hands"), ("line", "line"),
                       ("stock", "stock")):
        if key in witness:
            lines.append(f"{said(label)}: {_tiles(witness[key])}")
    facts = [f"{WORDS.get(k, k)} {_word(witness[k])}" for k in ORDER if k in witness]
    rest = [k for k in witness if k not in ORDER and k not in _SHOWN]
    facts += [f"{k} {_word(witness[k])}" for k in rest]
    if facts:
        lines.append("; ".join(facts))
    if "does" in witness:
        lines.append("does: " + "; ".join(f"{k}: {_show(v)}" for k, v in witness["does"].items()))
    if "values" in witness:
        lines.append("values: " + "; ".join(f"{k}: {_show(v)}"
                                            for k, v in witness["values"].items()))
    if "note" in witness:
        lines.append(f"note: {witness['note']}")
    if "shows" in witness:
        lines.append(f"{said('the game shows')}: {said_in(witness['shows'], lang)}")
    if "at" in witness:
        lines.append(f"game: {_game_words(witness['at'])}")
    if "then" in witness:
        lines.append(f"after that moment the engine stops: {witness['then']}")
    return lines


def _game_words(at: dict[str, int]) -> str:
    """Where in its record a witness game stops, for `kozel replay --partial`."""
    if not at.get("round"):
        return "the match as set up (no round dealt)"
    return (f"round {at['round']}, after {at.get('moves', 0)} moves "
            "(its record replays with `kozel replay --partial`)")


def _show(value: Any) -> str:
    return _tiles(value) if isinstance(value, list) else _word(value)


_SHOWN = {"players", "options", "hands", "hand", "in_hands", "line", "stock", "values", "note",
          "record", "does", "shows", "at", "situation", "then"}


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
