"""The words of `kozel replay` and `kozel play` for people, in English and Russian: the score
sheet, the table as a match is played, the prompts of a person playing a seat.

Built on the engine's `Said` (interpreter/engine/words.py), whose entries it holds too: seats
and sides are named there, from 1 (`seat_said`, `side_said`); the JSON and the records keep the
engine's numbers, from 0.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..engine.words import ENGINE_EN, ENGINE_RU, Said as EngineSaid

COMMANDS_EN: dict[str, str] = {
    # the score sheet (`kozel replay`)
    "sheet.round": "round",
    "sheet.how": "how it ended",
    "sheet.carry": "carry",
    "sheet.remembered": "remembered",
    "sheet.total": "total",
    "sheet.seats": "seats {seats}",
    "sheet.out": "{seat} went out",
    "sheet.fish": "fish ({seat})",
    "sheet.breaks off": "the record breaks off after {moves} (the round is not over)",
    "sheet.goat": "goat: {sides}",
    "sheet.winner": "winner: {sides}",
    "sheet.not over": "none yet (the match is not over)",
    "sheet.nobody": "nobody",
    "sheet.moves": "moves:",
    "move.knocks": "{seat} knocks",
    "move.draws": "{seat} draws {tile}",
    "move.lays": "{seat} lays {tiles}{end}",
    "end.left": "left",
    "end.right": "right",
    "replay.other variant": "a record of '{record}' replayed under '{variant}'",
    # the table (`kozel play`)
    "play.head": "{variant}: {players}, seed {seed}{options}",
    "play.round": "Round {round}",
    "play.thrown in": "{deals} thrown in",
    "play.hand": "{seat}{side}: {tiles}",
    "play.side": " (side {no})",
    "play.stock": "stock: {tiles}",
    "play.knocks": "{seat} knocks",
    "play.draws": "{seat} draws {tile}",
    "play.a tile": "a tile",
    "play.leads": "{seat} leads {tiles}",
    "play.lays": "{seat} lays {tiles}{end}",
    "play.on end": " on the {end}",
    "play.out": "{seat} is out",
    "play.fish": "fish! ({seat} laid the last tile)",
    "play.left in hands": "left in hands: {hands}",
    "play.left hand": "{seat}: {tiles} ({counts})",
    "play.no value": "{pips}; no hand value",
    "play.value pips": "{value}; {pips}",
    "play.sheet": "sheet: {sides}",
    "play.sheet side": "{side} +{points} = {total}",
    "play.hanging": "hanging: {points}",
    "play.remembered": "remembered: {points}",
    "play.goat": "Goat: {sides} after {rounds}; totals {totals}",
    "play.winner": "Winner: {sides} after {rounds}; totals {totals}",
    "play.saved": "saved the record to {path}",
    "play.not saved": "error: {error}; the match was not saved",
    # a person at the terminal (`kozel play --human SEAT`)
    "human.hand": "your hand ({seat}): {tiles}",
    "human.line": "line: {line}",
    "human.held": "tiles held: {held}; stock: {stock}",
    "human.held seat": "{seat}: {count}",
    "human.ask": "your move (1-{count}, q to quit): ",
    "human.again": "please type a number from 1 to {count} (digits 0-9)",
    "human.redeal": "your hand: {tiles} — throw the deal in? (y/n): ",
    "human.abandoned": "the match was abandoned",
    "human.input ended": "input ended: the match was abandoned",
    "human.play": "play {tiles}{end}",
    "human.end": " {end}",
    "human.draw": "draw",
    "human.knock": "knock",
}

COMMANDS_RU: dict[str, str] = {
    "sheet.round": "раунд",
    "sheet.how": "чем кончился",
    "sheet.carry": "повисло",
    "sheet.remembered": "запомнено",
    "sheet.total": "итого",
    "sheet.seats": "места {seats}",
    "sheet.out": "{seat}: вышел",
    "sheet.fish": "«рыба» ({seat})",
    "sheet.breaks off": "запись обрывается после {moves} (раунд не окончен)",
    "sheet.goat": "козёл: {sides}",
    "sheet.winner": "выиграли: {sides}",
    "sheet.not over": "пока нет (партия не окончена)",
    "sheet.nobody": "никто",
    "sheet.moves": "ходы:",
    "move.knocks": "{seat} стучит",
    "move.draws": "{seat} берёт {tile}",
    "move.lays": "{seat} кладёт {tiles}{end}",
    "end.left": "слева",
    "end.right": "справа",
    "replay.other variant": "запись партии варианта '{record}' проверена по правилам "
                            "'{variant}'",
    "play.head": "{variant}: {players}, зерно случайности {seed}{options}",
    "play.round": "Раунд {round}",
    "play.thrown in": "пересдано: {deals}",
    "play.hand": "{seat}{side}: {tiles}",
    "play.side": " (сторона {no})",
    "play.stock": "базар: {tiles}",
    "play.knocks": "{seat}: стучит",
    "play.draws": "{seat}: берёт {tile}",
    "play.a tile": "камень",
    "play.leads": "{seat}: заходит {tiles}",
    "play.lays": "{seat}: кладёт {tiles}{end}",
    "play.on end": " {end}",
    "play.out": "{seat}: вышел, камней на руках нет",
    "play.fish": "«рыба»! (последний камень положило {seat})",
    "play.left in hands": "осталось на руках: {hands}",
    "play.left hand": "{seat}: {tiles} ({counts})",
    "play.no value": "{pips}; `hand value` не определено",
    "play.value pips": "{value}; {pips}",
    "play.sheet": "счёт: {sides}",
    "play.sheet side": "{side} +{points} = {total}",
    "play.hanging": "повисло: {points}",
    "play.remembered": "запомнено: {points}",
    "play.goat": "Козёл: {sides}; сыграно раундов: {count}; итоги {totals}",
    "play.winner": "Выиграли: {sides}; сыграно раундов: {count}; итоги {totals}",
    "play.saved": "запись партии сохранена в {path}",
    "play.not saved": "ошибка: {error}; партия не сохранена",
    "human.hand": "ваша рука ({seat}): {tiles}",
    "human.line": "на столе: {line}",
    "human.held": "камней на руках: {held}; в базаре: {stock}",
    "human.held seat": "{seat}: {count}",
    "human.ask": "ваш ход (1-{count}, q — выйти): ",
    "human.again": "наберите число от 1 до {count} (цифрами 0-9)",
    "human.redeal": "ваша рука: {tiles} — пересдать? (д/н): ",
    "human.abandoned": "партия брошена",
    "human.input ended": "ввод кончился: партия брошена",
    "human.play": "положить {tiles}{end}",
    "human.end": " {end}",
    "human.draw": "взять из базара",
    "human.knock": "постучать",
}

CATALOGUE = {"en": {**ENGINE_EN, **COMMANDS_EN}, "ru": {**ENGINE_RU, **COMMANDS_RU}}


class Said(EngineSaid):
    """A text of the commands: its English as a str, and how to say it in any language."""

    catalogue = CATALOGUE


def say(lang: str, key: str, **args: Any) -> str:
    """Return a catalogue entry said in a language, its arguments in the same language."""
    return Said(key, **args).in_lang(lang)


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """Add `--lang en|ru`, as `kozel diff` has it: the text in that language, the JSON the same."""
    parser.add_argument("--lang", choices=("en", "ru"), default="en",
                        help="language of the text output (default en); the JSON is the same "
                             "in both")
