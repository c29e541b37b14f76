"""The words of a drawn witness (a table scene) and of the comparison page, in both languages.

All of them are here, keyed by language, so that a message catalogue can take them over whole.
Seats and sides are numbered from 1 in everything people read (records number them from 0).
"""

from __future__ import annotations

SCENE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        # the scene
        "title": "A game that shows it", "players": "Players", "options": "Options",
        "seat n": "Seat {n}", "side n": "Side {n}", "side seats": "Side {n} (seats {seats})",
        "hand": "Hand", "in_hands": "In the hands", "line": "On the table",
        "stock": "Stock", "stock top": "top first", "empty": "—",
        "laid": "laid as tile {n} of the round", "lead tile": "the opening tile", "last tile": "the last tile laid",
        "marked": "Marked: what shows it", "scores": "Score sheet",
        "before": "Before", "this round": "This round", "total": "Total",
        "goat": "The goat", "at": "Where the game stops",
        "at words": "round {round}, after {moves} moves", "at setup": "as the players sit down",
        "record": "The game's record (kozel-record/1)", "shows": "What the game shows",
        "then": "After that moment", "values": "Values", "does": "What each variant does",
        # roles of a seat at the moment
        "winner": "went out", "fisher": "made the fish", "leader": "led the previous round", "round leader": "led the round",
        "won": "won the match",
        "seat to lead": "leads", "lot": "the lot fell to this seat", "seat to play": "to play", "seat": "this seat's rule",
        # facts
        "first": "First round of the match", "previous": "Previous round",
        "end": "The round ended", "lead": "Opening tile", "last": "Last tile laid",
        "left": "Left end", "right": "Right end", "carried": "Carried points",
        "side": "Side", "note": "Note", "round": "Round", "written": "Written this round",
        "totals": "Totals", "loser": "Loses", "points": "Points", "opened": "Record opened",
        "remembered": "Remembered points", "situation": "Situation",
        # the comparison page
        "compare title": "All variants side by side",
        "compare intro": "Every rule slot of every variant, one row per slot, the cases as "
                         "written. Each variant is compared with the one to its left by the "
                         "checker, as `kozel diff` does: a cell is marked where the checker "
                         "finds the two rules different (without the checker, where their text "
                         "differs), and under the table every difference comes with a game that "
                         "shows it.",
        "slot": "Rule", "same": "same", "different": "different",
        "unconfirmed": "not confirmed by a game", "unknown": "undecided (out of steps)",
        "incomparable": "never in the same situation", "not written": "not written (default)",
        "differs": "differs from the variant to its left", "diff of": "{a} and {b}",
        "diff counts": "{different} different, {same} same, {other} other",
        "no checker": "The checker is not available here, so the differences are not shown "
                      "by games.",
        "players row": "Players", "options row": "Options",
    },
    "ru": {
        "title": "Партия, которая это показывает", "players": "Игроков", "options": "Опции",
        "seat n": "Место {n}", "side n": "Сторона {n}",
        "side seats": "Сторона {n} (места {seats})",
        "hand": "Рука", "in_hands": "На руках", "line": "На столе",
        "stock": "Базар", "stock top": "сверху вниз", "empty": "—",
        "laid": "выложен {n}-м в раунде", "lead tile": "первый камень", "last tile": "последний камень",
        "marked": "Выделено: то, что это показывает", "scores": "Запись очков",
        "before": "До раунда", "this round": "В этом раунде", "total": "Итог",
        "goat": "Козёл", "at": "Где партия останавливается",
        "at words": "раунд {round}, после {moves} ходов", "at setup": "игроки только сели",
        "record": "Запись партии (kozel-record/1)", "shows": "Что показывает партия",
        "then": "После этого момента", "values": "Значения", "does": "Что делает каждый вариант",
        "winner": "вышел", "fisher": "поставил «рыбу»", "leader": "начинал предыдущий раунд", "round leader": "начинал раунд",
        "won": "выиграли матч",
        "seat to lead": "заходит", "lot": "жребий выпал этому месту", "seat to play": "ходит", "seat": "правило этого места",
        "first": "Первый раунд матча", "previous": "Предыдущий раунд",
        "end": "Раунд закончился", "lead": "Первый камень", "last": "Последний камень",
        "left": "Левый конец", "right": "Правый конец", "carried": "Перенесённые очки",
        "side": "Сторона", "note": "Примечание", "round": "Раунд",
        "written": "Записано в этом раунде", "totals": "Итоги", "loser": "Проигрывает",
        "points": "Очки", "opened": "Запись открыта", "remembered": "Запомненные очки",
        "situation": "Ситуация",
        "compare title": "Все варианты рядом",
        "compare intro": "Каждое правило каждого варианта, по строке на правило, случаи — как "
                         "записаны. Каждый вариант проверка сравнивает с соседом слева, как "
                         "`kozel diff`: ячейка выделена, где проверка находит правила разными "
                         "(без проверки — где различается их текст), а под таблицей каждое "
                         "отличие показано партией.",
        "slot": "Правило", "same": "одинаково", "different": "различается",
        "unconfirmed": "не подтверждено партией", "unknown": "не решено (не хватило шагов решателя)",
        "incomparable": "не встречаются в одной ситуации",
        "not written": "не написано (по умолчанию)",
        "differs": "отличается от варианта слева", "diff of": "{a} и {b}",
        "diff counts": "различий: {different}, совпадений: {same}, прочего: {other}",
        "no checker": "Проверка здесь недоступна, поэтому отличия не показаны партиями.",
        "players row": "Игроков", "options row": "Опции",
    },
}


def scene_word(lang: str, key: str, **values: object) -> str:
    """Return a word of the scene or the comparison page in a language, filled in."""
    text = SCENE_WORDS[lang].get(key, key)
    return text.format(**values) if values else text
