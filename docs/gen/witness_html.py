"""A checker's witness drawn for people: seats with their tiles, the stock, the table, the facts.

A witness is the checker's dict (see checks/witness.py): `players`, `options`, `hands` (one list
of tiles per seat), `hand`, `in_hands`, `line` (the tiles on the table), `stock`, scalar facts
(`first`, `previous`, `winner`, `left`, ...) and `values` (what the rule's terms were worth).
Tiles are drawn; facts are labelled in the page's language; unknown keys are shown as given.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from interpreter.tiles import Tile

from . import lexicon as lx
from .tiles_svg import tiles_html

TILE_TEXT = re.compile(r"^[0-6]-[0-6]$")
LABELS: dict[str, dict[str, str]] = {
    "en": {"title": "A game that shows it", "players": "Players", "options": "Options",
           "seat": "Seat", "hand": "Hand", "in_hands": "In the hands", "line": "On the table",
           "stock": "Stock", "first": "First round of the match", "previous": "Previous round",
           "winner": "Went out", "fisher": "Made the fish", "leader": "Led the previous round",
           "round leader": "Led the round",
           "seat to lead": "Seat to lead", "end": "The round ended", "lead": "Opening tile",
           "last": "Last tile laid", "left": "Left end", "right": "Right end",
           "carried": "Carried points", "side": "Side", "note": "Note", "values": "Values",
           "round": "Round", "written": "Written this round", "totals": "Totals",
           "goat": "The goat", "won": "Won the match", "shows": "What the game shows", "at": "Where the game stops",
           "then": "After that moment", "seat to play": "Seat to play", "loser": "Loses",
           "points": "Points", "total": "Total", "opened": "Record opened",
           "remembered": "Remembered points", "record": "The game's record (kozel-record/1)",
           "at words": "round {round}, after {moves} moves"},
    "ru": {"title": "Партия, которая это показывает", "players": "Игроков", "options": "Опции",
           "seat": "Место", "hand": "Рука", "in_hands": "На руках", "line": "На столе",
           "stock": "Базар", "first": "Первый раунд матча", "previous": "Предыдущий раунд",
           "winner": "Вышел", "fisher": "Поставил «рыбу»", "leader": "Начинал предыдущий раунд",
           "round leader": "Начинал раунд",
           "seat to lead": "Ходит первым", "end": "Раунд закончился", "lead": "Первый камень",
           "last": "Последний камень", "left": "Левый конец", "right": "Правый конец",
           "carried": "Перенесённые очки", "side": "Сторона", "note": "Примечание",
           "values": "Значения", "round": "Раунд", "written": "Записано в этом раунде",
           "totals": "Итоги", "goat": "Козёл", "won": "Выиграли матч", "shows": "Что показывает партия",
           "at": "Где партия останавливается", "then": "После этого момента",
           "seat to play": "Ходит", "loser": "Проигрывает", "points": "Очки",
           "total": "Итог", "opened": "Запись открыта", "remembered": "Запомненные очки",
           "record": "Запись партии (kozel-record/1)",
           "at words": "раунд {round}, после {moves} ходов"},
}
TILE_KEYS = ("hand", "in_hands", "line", "stock")
# `situation` repeats the drawn facts in English words; `at` and `record` are drawn apart
SKIPPED = {"players", "options", "hands", "values", "record", "situation", "at", *TILE_KEYS}


def value_html(value: Any, lang: str) -> str:
    """Return one value of a witness: tiles drawn, yes/no and symbols in words."""
    if isinstance(value, bool):
        return lx.YES_NO[lang][0 if value else 1]
    if isinstance(value, str) and TILE_TEXT.match(value):
        return tiles_html([Tile.parse(value)])
    if isinstance(value, list) and all(isinstance(v, str) and TILE_TEXT.match(v) for v in value):
        return tiles_html([Tile.parse(v) for v in value])
    if isinstance(value, str) and value in lx.ENDINGS:  # how a round ended: out / fish
        return escape(lx.SYMBOLS[value][lang])
    if isinstance(value, dict):
        return "; ".join(f"<code>{escape(str(k))}</code> = {option_html(v, lang)}"
                         for k, v in value.items())
    return escape(str(value))


def option_html(value: Any, lang: str) -> str:
    """Return an option's value: yes/no in words, anything else as written in the rule text."""
    if isinstance(value, bool):
        return lx.YES_NO[lang][0 if value else 1]
    if isinstance(value, dict):
        return value_html(value, lang)
    return f"<code>{escape(str(value))}</code>"


def witness_html(witness: dict[str, Any], lang: str) -> str:
    """Return a witness as a small table: who plays, each seat's tiles, the rest, the facts."""
    labels = LABELS[lang]
    rows = []
    if "players" in witness:
        rows.append(_row(labels["players"], value_html(witness["players"], lang)))
    if witness.get("options"):
        rows.append(_row(labels["options"], value_html(witness["options"], lang)))
    for seat, hand in enumerate(witness.get("hands", [])):
        rows.append(_row(f"{labels['seat']} {seat}", value_html(list(hand), lang)
                         if hand else "—"))
    for key in TILE_KEYS:
        if key in witness:
            rows.append(_row(labels[key], value_html(list(witness[key]), lang)
                             if witness[key] else "—"))
    for key, value in witness.items():
        if key not in SKIPPED:
            rows.append(_row(labels.get(key, escape(key)), value_html(value, lang)))
    for key, value in (witness.get("values") or {}).items():
        rows.append(_row(f"<code>{escape(str(key))}</code>", value_html(value, lang)))
    if witness.get("at", {}).get("round"):
        rows.append(_row(labels["at"], escape(labels["at words"].format(**witness["at"]))))
    return (f'<div class="kz-witness"><p class="kz-witness-title">{escape(labels["title"])}</p>'
            f'<table class="kz-witness-table">{"".join(rows)}</table>'
            f'{record_html(witness.get("record"), labels["record"])}</div>')


def record_html(record: Any, label: str) -> str:
    """The witness game's record, folded, to copy for `kozel replay --partial`."""
    if not record:
        return ""
    text = json.dumps(record, ensure_ascii=False)
    return (f'<details class="kz-witness-record"><summary>{escape(label)}</summary>'
            f'<pre><code>{escape(text)}</code></pre></details>')


def _row(label: str, content: str) -> str:
    return f"<tr><th>{label}</th><td>{content}</td></tr>"
