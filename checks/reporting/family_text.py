"""The family check for people: each pair's differences, then the family table (slots × pairs),
in English or Russian (the catalogue's section "checks: family")."""

from __future__ import annotations

import json
from typing import Any

from interpreter.language.file_words import SlotName, SlotValue
from interpreter.language.slots import SLOTS

from .catalogue import Said, said_in
from ..search.witness import show_value
from ..search.witnesses import At, Answer, NoValue, SeatIs, SideIs, answer_json

CELL = {"same": "=", "different": "≠", "incomparable": "~", "unconfirmed": "?",
        "unknown": "…", "no difference found": "≈"}


def _say(key: str, lang: str, **args: Any) -> str:
    return Said(key, **args).in_lang(lang)


def family_lines(comparisons: list[dict[str, Any]], lang: str = "en") -> list[str]:
    """Every pair's account, then the family table; nothing for a single variant."""
    if not comparisons:
        return []
    lines = [_say("family.title", lang)]
    for comparison in comparisons:
        lines += pair_lines(comparison, lang)
    return lines + [""] + family_table(comparisons, lang)


def pair_lines(comparison: dict[str, Any], lang: str) -> list[str]:
    """One pair: its counts, how its options were set, and each difference."""
    a, b = comparison["a"], comparison["b"]
    found = comparison["differences"]
    different = sum(1 for d in found if d["status"] == "different")
    lines = ["", _say("family.pair", lang, a=a, b=b, different=different,
                      same=len(comparison["same"]), other=len(found) - different)]
    for name in (a, b):
        lines.append("  " + _say("family.options", lang, name=name,
                                 options=_options(comparison["options"][name], lang)))
    for entry in found:
        lines += ["  " + line for line in difference_lines(entry, a, b, lang)]
    return lines


def _options(options: dict[str, dict[str, Any]], lang: str) -> str:
    if not options:
        return _say("family.none", lang)
    shown = []
    for name, how in options.items():
        if how["set"] == "default":
            shown.append(_say("family.default", lang, option=name, value=_value(how["value"])))
        else:
            values = ", ".join(f"`{_value(v)}`" for v in how["values"]) if lang != "en" \
                else how["values"]  # the English has always listed them as the JSON does
            shown.append(_say("family.open", lang, option=name, values=values))
    return "; ".join(shown)


def _value(value: Any) -> str:
    return {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) \
        else str(value)


def difference_lines(entry: dict[str, Any], a: str, b: str, lang: str) -> list[str]:
    """A difference: its status and note, the cases of both, what each does in its game."""
    status = _say(f"status.{entry['status']}", lang)
    note = said_in(entry.get("note") or "", lang)
    lines = [_say("family.difference", lang, slot=SlotName(entry["slot"], quoted=False),
                  status=status)
             + (f" ({note})" if note else "")]
    for name, cases in ((a, entry["a_cases"]), (b, entry["b_cases"])):
        lines.append("    " + _say("family.cases", lang, name=name,
                                   cases=", ".join(cases) or "-"))
    if entry.get("through"):
        lines.append("    " + _say("family.through", lang,
                                     through=_through(str(entry["through"]), lang)))
    witness = entry.get("witness")
    if witness:
        lines += ["    " + line for line in _game_lines(witness, a, lang)]
    elif entry.get("why") and not note:
        lines.append("    " + said_in(entry["why"], lang))
    across = entry.get("across")  # different tables: the other table's result and game
    for table in across.tables if across is not None else ():
        if table.witness is not None and table.witness is not witness:
            players = ", ".join(map(str, table.players))
            lines.append("    " + _say("sizes.at table", lang, table=table.table,
                                       players=players, status=Said(f"status.{table.status}")))
            lines += ["      " + line for line in _game_lines(table.witness, table.table, lang)]
    return lines


def _game_lines(witness: Any, a: str, lang: str) -> list[str]:
    """What each variant does in a game, and where the game stands (whose game it is)."""
    does = "; ".join(f"{n}: {_does(v, lang)}" for n, v in witness.does)
    at = witness.at or At()
    key = "family.game" if at.round else "family.game set up"
    whose = (witness.record or {}).get("variant", a)  # B's, where A leaves it unspecified
    return [_say("family.does", lang, does=does),
            _say(key, lang, name=whose, round=at.round, moves=at.moves)]


def _does(value: Answer, lang: str) -> str:
    """What a variant does, for people: a seat or side from 1, no value said in words; a word
    of the language (`until_playable`) and tiles as the JSON writes them."""
    if isinstance(value, (SeatIs, SideIs, NoValue)):
        return show_value(value, lang)
    if isinstance(value, bool) and lang != "en":  # English has always shown true / false
        return show_value(value, lang)
    written = answer_json(value)
    if isinstance(written, str) and lang != "en":  # a slot's word: the rulebook's words
        return SlotValue(written).in_lang(lang)
    return json.dumps(written, ensure_ascii=False)


def _through(through: str, lang: str) -> str:
    """What a difference follows from: an option the cases read, or the slots they read."""
    if lang == "en":
        return through
    if through.startswith("option "):
        return f"опции `{through[len('option '):]}`"
    return ", ".join(SlotName(slot, quoted=False).in_lang(lang) if slot in SLOTS else slot
                     for slot in through.split(", "))


def family_table(comparisons: list[dict[str, Any]], lang: str = "en") -> list[str]:
    """Rows: the slots; columns: the pairs, numbered, each cell the slot's status."""
    columns = []
    for comparison in comparisons:
        statuses = {slot: "same" for slot in comparison["same"]}
        statuses.update({d["slot"]: d["status"] for d in comparison["differences"]})
        columns.append(statuses)
    names = {slot: SlotName(slot, quoted=False).in_lang(lang) for slot in SLOTS}
    width = max(len(s) for s in [*names.values(), _say("family.slot", lang)])
    heads = [str(i + 1) for i in range(len(comparisons))]
    lines = [_say("family.table", lang),
             _say("family.slot", lang).ljust(width) + " " + " ".join(h.rjust(2) for h in heads)]
    for slot in SLOTS:
        cells = [CELL.get(column.get(slot, ""), " ") for column in columns]
        lines.append(names[slot].ljust(width) + " " + " ".join(c.rjust(2) for c in cells))
    lines += [_say("family.column", lang, column=i + 1, a=c["a"], b=c["b"])
              for i, c in enumerate(comparisons)]
    in_effect = any("no difference found" in column.values() for column in columns)
    return lines + [_say("family.legend", lang)] + (
        [_say("difftruth.legend", lang)] if in_effect else [])  # ≈: checks/compare/diff_effect.py
