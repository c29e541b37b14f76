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
        "compare intro": "Every pair of variants is compared rule by rule by the checker, as "
                         "`kozel check spec/variants` does, each variant with its options at their "
                         "defaults. The table says how many rules differ in each pair; the pair's "
                         "section names them, says what each variant writes there and shows a "
                         "game, played by the engine, in which the two rules answer differently. "
                         "Every rule of every variant, as written, is at the end of the page.",
        "slot": "Rule", "same": "same", "different": "different",
        "unconfirmed": "not confirmed by a game", "unknown": "undecided (out of steps)",
        "incomparable": "never in the same situation", "not written": "not written (default)",
        "diff of": "{a} and {b}",
        "no checker": "The checker is not available here, so the differences are not shown "
                      "by games.",
        "players row": "Players", "options row": "Options",
        # the overview and the pairs
        "overview": "How many rules differ in each pair",
        "overview hint": "A number is the count of rules in which the two variants answer "
                         "differently (a game shows each); “+ n” counts the rules the checker "
                         "could not settle either way. Each number links to the pair.",
        "as written": "Every rule as written",
        "pair differs": "Rules in which {a} and {b} differ ({n}): {slots}.",
        "pair agrees": "{a} and {b} agree in every rule the checker could compare.",
        "pair same": "In the other rules ({n}) they agree.",
        "pair unsettled": "Rules the checker could not settle ({n}): {slots}.",
        "pair incomparable": "Rules that cannot be compared, because the two variants never "
                             "meet in the same situation ({n}): {slots}.",
        "pair players": "Number of players: {a} — {pa}, {b} — {pb}.",
        "pair options": "How the comparison sets the options: {listed}.",
        "options of": "{name}: {options}", "no options": "{name} has none",
        "option default": "{option} = {value} (its default)",
        "options open": "left open, having no default (the game shows which value): {options}",
        "in variant": "In {name}", "says": "what each variant says",
        "through option": "The words of this rule are the same in both variants; it answers "
                          "differently because option {option} is set differently.",
        "through slot": "The words of this rule are the same in both variants; it answers "
                        "differently because an earlier rule differs: {slot}.",
        "in the game": "In the game below",
        "no value": "no answer (play stops at this rule)",
        "no game": "No game shows this difference: {why}.",
        "texts": "The rules as written",
        "default applies": "not written: the language's default applies",
        "compare failed": "The checker could not compare these two variants.",
        "under": "Under the rules of {name}",
        "under reading": "Under the other reading ({text})",
        "as run": "{name}", "as run reading": "In the reading “{text}”",
        "line no": "The rule on line {n}",
        # the legend of a scene: every sign it draws
        "signs": "The signs of this drawing",
        "sign mark": "outlined in colour: a tile that makes this happen",
        "sign lead": "bold number under a tile of the line: the opening tile",
        "sign last": "bold number under the last tile laid",
        "sign order": "small number under a tile of the line: when it was laid in the round",
        "sign double": "a tile across the line: a double",
        "sign seat": "coloured bar beside a seat: the seat that acts at this moment",
        "sign role": "coloured word beside a seat: what it does at this moment",
        "sign row": "coloured side on the score sheet: the side the rule is about",
        "sign empty": "—: nothing there (an empty hand, no stock)",
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
        "compare intro": "Проверка сравнивает каждую пару вариантов правило за правилом, как "
                         "`kozel check spec/variants`, и у каждого варианта опции стоят по "
                         "умолчанию. Таблица показывает, сколько правил различается в каждой "
                         "паре; в разделе пары названы эти правила, сказано, что пишет о них "
                         "каждый вариант, и показана партия, сыгранная движком, в которой два "
                         "правила отвечают по-разному. Все правила всех вариантов, как они "
                         "записаны, — в конце страницы.",
        "slot": "Правило", "same": "одинаково", "different": "различается",
        "unconfirmed": "не подтверждено партией", "unknown": "не решено (не хватило шагов решателя)",
        "incomparable": "не встречаются в одной ситуации",
        "not written": "не написано (по умолчанию)",
        "diff of": "{a} и {b}",
        "no checker": "Проверка здесь недоступна, поэтому отличия не показаны партиями.",
        "players row": "Игроков", "options row": "Опции",
        "overview": "Сколько правил различается в каждой паре",
        "overview hint": "Число — сколько правил в двух вариантах отвечают по-разному (каждое "
                         "показано партией); «+ n» — сколько правил проверка не смогла решить ни "
                         "так, ни иначе. Каждое число ведёт к разделу пары.",
        "as written": "Все правила, как они записаны",
        "pair differs": "Правила, в которых {a} и {b} различаются ({n}): {slots}.",
        "pair agrees": "{a} и {b} совпадают во всех правилах, которые проверка смогла сравнить.",
        "pair same": "В остальных правилах ({n}) они совпадают.",
        "pair unsettled": "Правила, которые проверка не смогла решить ({n}): {slots}.",
        "pair incomparable": "Правила, которые нельзя сравнить, потому что два варианта "
                             "никогда не оказываются в одной ситуации ({n}): {slots}.",
        "pair players": "Число игроков: {a} — {pa}, {b} — {pb}.",
        "pair options": "Как в сравнении стоят опции: {listed}.",
        "options of": "{name}: {options}", "no options": "у {name} опций нет",
        "option default": "{option} = {value} (по умолчанию)",
        "options open": "не заданы, так как умолчания нет (какое значение — видно в партии): "
                        "{options}",
        "in variant": "В {name}", "says": "что говорит каждый вариант",
        "through option": "Слова этого правила в обоих вариантах одни и те же; оно отвечает "
                          "по-разному, потому что опция {option} стоит по-разному.",
        "through slot": "Слова этого правила в обоих вариантах одни и те же; оно отвечает "
                        "по-разному, потому что различается более раннее правило: {slot}.",
        "in the game": "В партии ниже",
        "no value": "ответа нет (на этом правиле игра останавливается)",
        "no game": "Ни одна партия этого отличия не показала: {why}.",
        "texts": "Правила, как они записаны",
        "default applies": "не написано: действует умолчание языка",
        "compare failed": "Проверка не смогла сравнить эти два варианта.",
        "under": "По правилам {name}",
        "under reading": "В другом прочтении («{text}»)",
        "as run": "{name}", "as run reading": "В прочтении «{text}»",
        "line no": "Правило в строке {n}",
        "signs": "Обозначения на рисунке",
        "sign mark": "обведён цветом: камень, из-за которого это происходит",
        "sign lead": "жирная цифра под камнем на столе: первый (заходный) камень",
        "sign last": "жирная цифра под последним выложенным камнем",
        "sign order": "маленькая цифра под камнем на столе: каким по счёту он выложен в раунде",
        "sign double": "камень поперёк линии: дубль",
        "sign seat": "цветная полоса у места: место, которое действует в этот момент",
        "sign role": "цветное слово у места: что оно делает в этот момент",
        "sign row": "цветная строка в записи очков: сторона, о которой правило",
        "sign empty": "«—»: ничего нет (пустая рука, пустой базар)",
    },
}


def scene_word(lang: str, key: str, **values: object) -> str:
    """Return a word of the scene or the comparison page in a language, filled in."""
    text = SCENE_WORDS[lang].get(key, key)
    return text.format(**values) if values else text
