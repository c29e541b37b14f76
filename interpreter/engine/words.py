"""The engine's own words for people, in English and Russian: why play stopped (rule stops),
what a rule could not answer, and how seats and sides are named.

A text is a `Said`: a str whose value is the English text (what the JSON, the records and every
old reader of a message keep), carrying a catalogue key and the arguments that say it in another
language (`said.in_lang("ru")`). checks/catalogue.py builds its catalogue on this class (the
engine may not import the checker).

One numbering for people: a seat or a side is named from 1 (`seat_said`, `side_said`) in every
text a person reads; the JSON, the records and the Python API keep the engine's numbers, from 0.
An error raised to a program (IllegalMove) names both: `seat 1 (index 0)` (`seat_indexed`).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterable

from ..language.numbers import counted
from ..language.said import Said as FrontSaid, render, said_in  # noqa: F401 (their home)

ENGINE_EN: dict[str, str] = {
    "seat": "seat {no}",
    "seat index": "seat {no} (index {index})",
    "side": "side {no}",
    "side seats": "side {no} (seats {seats})",
    "seats and": "{a} and {b}",
    "list": "{a}, {b}",
    "value.yes": "yes",
    "value.no": "no",
    "record.at": "{where}{message}",
    "record.thrown in": "the deal played should have been thrown in: a hand of it must be "
                        "redealt",
    "record.not thrown": "the record throws in deal {deal}, but no hand of it may be redealt",
    "record.ends early": "the record ends after move {move}, but the round is not over ({seat} "
                         "to play)",
    "record.wrong seat": "the record has {seat} move, but it is {turn}'s turn",
    "record.illegal": "{seat} cannot {move}; legal moves: {moves}",
    "record.not held": "{seat} does not hold {tile}",
    "record.nothing to draw": "{seat} draws {tile}, but there is nothing to draw",
    "record.not the top": "{seat} draws {tile}, but the top of the stock is {top}",
    "record.two doubles": "{seat} cannot lay {laid} at once on the ends {left} and {right}",
    "record.both ends": "{tile} fits both ends ({left} and {right}): the record must say \"end\"",
    "record.after end": "a move after the round ended ({how})",
    "record.went out": "{seat} went out at move {move}",
    "record.fish after": "a fish after {seat}'s tile at move {move}; only knocks in turn by "
                         "seats that cannot move may follow it",
    "record.knocks after fish": "{seat} knocks after the round ended in a fish, but it can still "
                                "lay a tile or draw",
    "stop": "{where}{kind}: {rule}: {detail}",
    "playout stats": "{matches}, {rounds}, {stops}",
    "stop.round": "round {round}: ",
    "stop.move": "round {round}, move {move}: ",
    "stop.rule": "`{slot}` at {refs}",
    "stop.slot": "`{slot}`",
    "kind.unspecified": "the variant leaves this unspecified",
    "kind.gap": "no rule applies (a gap of the variant)",
    "kind.conflict": "rules conflict",
    "kind.undefined": "a rule uses something undefined here",
    "kind.stuck": "play is stuck",
    "kind.endless": "play does not end",
    "kind.invalid": "a rule gives an impossible value",
    "detail.gap": "none of its cases ({lines}) applies",
    "detail.silent": "the text is silent here{quote}{note}",
    "detail.note": " — {note}",
    "detail.conflict": "{first} gives {a} but {second} gives {b}",
    "detail.undefined": "its {part} `{text}`: {error}",
    "part.condition": "condition",
    "part.value": "value",
    "detail.endless moves": "the round did not end within {moves} moves",
    "detail.stuck": "every seat knocked in turn, nobody can lay or draw a tile, and `fish` "
                    "does not end the round",
    "detail.redeals": "{deals} deals in a row were thrown in",
    "detail.no lead": "{seat} leads but holds none of the tiles it may open with ([{tiles}])",
    "detail.partners": "partners need 4 players, not {count}",
    "detail.deal": "{count} hands of {deal} tiles cannot be dealt from {tiles} tiles",
    "detail.reserve": "cannot keep {reserve} tiles back",
    "detail.no goat": "no side became the goat{won} within {rounds} rounds (totals {totals})",
    "detail.or won": " or won",
    "undefined.empty": "{name}() of an empty set of tiles is undefined",
    "undefined.tie most": "{name}({tiles}) is undefined: {a} and {b} share the most pips",
    "undefined.tie fewest": "{name}({tiles}) is undefined: {a} and {b} share the fewest pips",
    "undefined.seat": "seat({number}) is undefined: a table of {players} players has only "
                      "seat(0)..seat({last})",
    "undefined.none dealt": "first_dealt(...) is undefined: none of {tiles} was dealt",
    "undefined.list not dealt": "first_dealt(...) is undefined: no tile of its list was dealt",
    "undefined.partner": "partner({seat}) is undefined: this game has no partners",
    "undefined.first from": "first_from({seat}, ...) is undefined: the group has no side",
    "undefined.no side": "{name}() of no side is undefined",
    "undefined.lot": "`lot` is undefined: no seat was drawn by lot for this deal",
    "undefined.holder": "holder({tile}) is undefined: {tile} was not dealt",
    "undefined.winner previous": "`winner` is undefined: the previous round ended in a fish",
    "undefined.fisher previous": "`fisher` is undefined: the previous round did not end in a "
                                 "fish",
    "undefined.winner": "`winner` is undefined: the round ended in a fish",
    "undefined.fisher": "`fisher` is undefined: the round did not end in a fish",
    "stop.situation": "{head}\n  situation: {situation}",
    "tiles.none": "none",
    "hand": "{seat}: {tiles}",
    "hands list": "{a}; {b}",
    "line.empty": "(empty)",
    "sit.hand": "{seat}'s hand: {tiles}{first}",
    "sit.the hand": "the hand: {tiles}{first}",
    "sit.first round": "; first round",
    "sit.deal": "{first}{leads}hands: {hands}; stock: {stock}",
    "sit.deal first": "first round; ",
    "sit.leads": "{seat} leads; ",
    "sit.next": "previous round: {how}, led by {leader}; {deal}",
    "sit.previous out": "out by {seat}",
    "sit.previous fish": "fish by {seat}",
    "sit.out": "{seat} went out",
    "sit.fish": "fish (last tile laid by {seat})",
    "sit.round": "{how}; lead {lead}, last {last}; hands left: {hands}{carried}{totals}{side}",
    "sit.carried": "; carried {points}",
    "sit.totals": "; totals {totals}",
    "sit.totals list": "{a} | {b}",
    "sit.for side": "; for {side}",
    "sit.table": "{turn}line {line}{ends}; hands: {hands}; stock (top first): {stock}{reserve}",
    "sit.to play": "{seat} to play; ",
    "sit.ends": " (ends {left} and {right})",
    "sit.stock empty": "empty",
    "sit.reserve": ", {reserve} never drawn",
    "sit.turn": "{seat} to play, holding {hand}; stock: {stock}",
    "sit.nothing": "nothing",
    "strategy.too long": "{seat}: the strategy took more than {limit} s to {question}",
    "strategy.failed": "{seat}: the strategy failed to {question}: {error}",
    "strategy.not a redeal answer": "{seat}: the strategy answered {answer} to the redeal "
                                    "question; only True or False is an answer",
    "question.move": "choose a move",
    "question.redeal": "answer the redeal question",
    "illegal.no move": "{seat} answered {answer}, which is not a move; legal moves: {moves}",
    "illegal.chosen": "{seat} chose {move}, which is not legal here; legal moves: {moves}",
    "illegal.game": "{seat} cannot make the move {move}: the legal moves are {moves}",
    "moves.none": "none",
    "record.deal size": "round {round}, deal: {seat} holds {held}, but the variant deals {size}",
    "record.over": "round {round}: the match was over after round {last} (goat: {goat}{won})",
    "record.over won": "; winner: {sides}",
    "record.nobody": "none",
}

ENGINE_RU: dict[str, str] = {
    "seat": "место {no}",
    "seat index": "место {no} (индекс {index})",
    "side": "сторона {no}",
    "side seats": "сторона {no} (места {seats})",
    "seats and": "{a} и {b}",
    "list": "{a}, {b}",
    "value.yes": "да",
    "value.no": "нет",
    "record.at": "{where}{message}",
    "record.thrown in": "сыгранную сдачу надо было пересдать: одна из её рук требует пересдачи",
    "record.not thrown": "запись пересдаёт сдачу {deal}, но ни одну её руку пересдавать нельзя",
    "record.ends early": "запись кончается после хода {move}, а раунд не окончен (ходит {seat})",
    "record.wrong seat": "в записи ходит {seat}, а очередь — {turn}",
    "record.illegal": "{seat} не может сделать ход `{move}`; возможные ходы: `{moves}`",
    "record.not held": "у игрока ({seat}) нет {tile}",
    "record.nothing to draw": "{seat} берёт {tile}, но брать нечего",
    "record.not the top": "{seat} берёт {tile}, но сверху в базаре лежит {top}",
    "record.two doubles": "{seat} не может положить {laid} сразу на концы {left} и {right}",
    "record.both ends": "{tile} подходит к обоим концам ({left} и {right}): запись должна "
                        "назвать конец (\"end\")",
    "record.after end": "ход после конца раунда ({how})",
    "record.went out": "{seat} вышел на ходе {move}",
    "record.fish after": "«рыба» после камня, который положил {seat} на ходе {move}; после неё "
                         "могут идти только стуки по очереди тех, кому нечем ходить",
    "record.knocks after fish": "{seat} стучит после «рыбы», хотя ещё может положить или взять "
                                "камень",
    "stop": "{where}{kind}: {rule}: {detail}",
    "playout stats": "{matches}, {rounds}, {stops}",
    "stop.round": "раунд {round}: ",
    "stop.move": "раунд {round}, ход {move}: ",
    "stop.rule": "`{slot}` в {refs}",
    "stop.slot": "`{slot}`",
    "kind.unspecified": "вариант оставляет это неоговорённым",
    "kind.gap": "ни одно правило не подходит (пробел варианта)",
    "kind.conflict": "правила противоречат друг другу",
    "kind.undefined": "правило опирается на то, что здесь не определено",
    "kind.stuck": "игра застряла",
    "kind.endless": "игра не кончается",
    "kind.invalid": "правило даёт невозможное значение",
    "detail.gap": "ни один из его случаев ({lines}) не подходит",
    "detail.silent": "текст здесь молчит{quote}{note}",
    "detail.note": " — {note}",
    "detail.conflict": "{first} даёт {a}, а {second} даёт {b}",
    "detail.undefined": "{part} `{text}`: {error}",
    "part.condition": "его условие",
    "part.value": "его значение",
    "detail.endless moves": "раунд не кончился за {moves} ходов",
    "detail.stuck": "все по очереди постучали, никто не может ни положить, ни взять камень, "
                    "а `fish` не заканчивает раунд",
    "detail.redeals": "{deals} сдач подряд пересданы",
    "detail.no lead": "заходит {seat}, но у него нет ни одного камня, которым можно зайти "
                      "([{tiles}])",
    "detail.partners": "парами играют вчетвером, а игроков {count}",
    "detail.deal": "{count} рук по {deal} камней не раздать из {tiles} камней",
    "detail.reserve": "нельзя отложить {reserve} камней",
    "detail.no goat": "ни одна сторона не стала козлом{won} за {rounds} раундов (итоги {totals})",
    "detail.or won": " и не выиграла",
    "undefined.empty": "`{name}()` пустого набора камней не определено",
    "undefined.tie most": "`{name}({tiles})` не определено: у {a} и {b} одинаково больше всего "
                          "очков",
    "undefined.tie fewest": "`{name}({tiles})` не определено: у {a} и {b} одинаково меньше всего "
                            "очков",
    "undefined.seat": "`seat({number})` не определено: за столом из {players} игроков есть только "
                      "seat(0)..seat({last})",
    "undefined.none dealt": "`first_dealt(...)` не определено: ни один из {tiles} не роздан",
    "undefined.list not dealt": "`first_dealt(...)` не определено: ни один камень списка не роздан",
    "undefined.partner": "у игрока ({seat}) нет напарника: в этой игре нет напарников",
    "undefined.first from": "`first_from` от игрока ({seat}) не определено: в группе нет ни одной "
                            "стороны",
    "undefined.no side": "`{name}()` без единой стороны не определено",
    "undefined.lot": "`lot` не определено: в этой сдаче жребий не бросали",
    "undefined.holder": "`holder({tile})` не определено: {tile} не роздан",
    "undefined.winner previous": "`winner` не определено: предыдущий раунд кончился «рыбой»",
    "undefined.fisher previous": "`fisher` не определено: предыдущий раунд кончился не «рыбой»",
    "undefined.winner": "`winner` не определено: раунд кончился «рыбой»",
    "undefined.fisher": "`fisher` не определено: раунд кончился не «рыбой»",
    "stop.situation": "{head}\n  ситуация: {situation}",
    "tiles.none": "нет",
    "hand": "{seat}: {tiles}",
    "hands list": "{a}; {b}",
    "line.empty": "(пусто)",
    "sit.hand": "рука ({seat}): {tiles}{first}",
    "sit.the hand": "рука: {tiles}{first}",
    "sit.first round": "; первый раунд",
    "sit.deal": "{first}{leads}руки: {hands}; базар: {stock}",
    "sit.deal first": "первый раунд; ",
    "sit.leads": "заходит {seat}; ",
    "sit.next": "предыдущий раунд: {how}, заходил игрок ({leader}); {deal}",
    "sit.previous out": "вышел игрок ({seat})",
    "sit.previous fish": "«рыба», последний камень положил игрок ({seat})",
    "sit.out": "вышел игрок ({seat})",
    "sit.fish": "«рыба» (последний камень положил игрок: {seat})",
    "sit.round": "{how}; первый камень {lead}, последний {last}; осталось на руках: {hands}"
                 "{carried}{totals}{side}",
    "sit.carried": "; повисло {points}",
    "sit.totals": "; итоги {totals}",
    "sit.totals list": "{a} | {b}",
    "sit.for side": "; считается для: {side}",
    "sit.table": "{turn}на столе {line}{ends}; руки: {hands}; базар (сверху вниз): {stock}"
                 "{reserve}",
    "sit.to play": "ходит {seat}; ",
    "sit.ends": " (концы {left} и {right})",
    "sit.stock empty": "пусто",
    "sit.reserve": ", отложено и не берётся: {reserve}",
    "sit.turn": "ходит {seat}, на руках {hand}; базар: {stock}",
    "sit.nothing": "ничего",
    "strategy.too long": "{seat}: стратегия думала дольше {limit} с, чтобы {question}",
    "strategy.failed": "{seat}: стратегия не смогла {question}: {error}",
    "strategy.not a redeal answer": "{seat}: стратегия ответила {answer} на вопрос о "
                                    "пересдаче; ответ — только `True` или `False`",
    "question.move": "выбрать ход",
    "question.redeal": "ответить, пересдавать ли",
    "illegal.no move": "{seat} ответил {answer}, а это не ход; возможные ходы: `{moves}`",
    "illegal.chosen": "{seat} выбрал ход `{move}`, а он здесь невозможен; возможные ходы: "
                      "`{moves}`",
    "illegal.game": "{seat} не может сделать ход `{move}`: возможные ходы — `{moves}`",
    "moves.none": "нет",
    "record.deal size": "раунд {round}, сдача: у игрока ({seat}) {held}, а вариант сдаёт по "
                        "{size}",
    "record.over": "раунд {round}: партия кончилась после раунда {last} (козёл: {goat}{won})",
    "record.over won": "; выиграли: {sides}",
    "record.nobody": "никто",
}


class Said(FrontSaid):
    """A text for people: its English as a str, and how to say it in any language (the front
    end's text, interpreter/language/said.py, with the engine's catalogue)."""

    catalogue: ClassVar[dict[str, dict[str, str]]] = {"en": ENGINE_EN, "ru": ENGINE_RU}


def joined(items: Iterable[Any], key: str = "list") -> Any:
    """Return items joined by ", " (or another pair entry), each said in the reader's language."""
    items = list(items)
    if not items:
        return ""
    together = items[0]
    for item in items[1:]:
        together = Said(key, a=together, b=item)
    return together


def seat_no(seat: int) -> int:
    """Return a seat's number for people: the engine's seat 0 is seat 1 at the table."""
    return seat + 1


def seat_said(seat: int) -> Said:
    """Name a seat for people, numbered from 1: `seat 1` / `место 1`."""
    return Said("seat", no=seat_no(seat))


def seat_indexed(seat: int) -> Said:
    """Name a seat in an error a program's author reads: `seat 1 (index 0)`, the number people
    count beside the value the program holds (`Game.seat`, `IllegalMove.seat`)."""
    return Said("seat index", no=seat_no(seat), index=seat)


def side_said(side: int, seats: Iterable[int] = ()) -> Said:
    """Name a side for people, numbered from 1, with its seats where it has several:
    `side 1 (seats 1 and 3)` / `сторона 1 (места 1 и 3)`."""
    seats = tuple(seats)
    if len(seats) > 1:
        return Said("side seats", no=side + 1,
                    seats=joined([str(seat_no(s)) for s in seats], "seats and"))
    return Said("side", no=side + 1)


class Kept(Said):
    """A text whose str stays what the JSON and the records have always carried (the engine's
    numbers, from 0), while people read it through the catalogue, seats from 1, in their
    language: a situation under a stop, a side's name in a witness."""

    _args: dict[str, Any] | None
    _build: Callable[[], Any] | None

    def __new__(cls, kept: str, said: Any) -> "Kept":
        text = str.__new__(cls, kept)
        text.key, text._args, text._build = "", {"kept": kept, "said": said}, None
        return text

    @classmethod
    def later(cls, kept: str, build: Callable[[], Any]) -> "Kept":
        """A kept text whose words for people are built by `build` only when first read: a
        search's rule stops are counted, and seldom read (so `build` must hold a copy of
        what it says, not a situation the engine goes on changing)."""
        text = str.__new__(cls, kept)
        text.key, text._args, text._build = "", None, build
        return text

    @property  # type: ignore[override]
    def args(self) -> dict[str, Any]:
        """{"kept": the str, "said": the text for people}, as for any `Kept`."""
        if self._args is None:
            assert self._build is not None
            self._args, self._build = {"kept": str.__str__(self), "said": self._build()}, None
        return self._args

    @args.setter
    def args(self, value: dict[str, Any]) -> None:
        self._args, self._build = value, None

    def in_lang(self, lang: str) -> str:
        """Return the text for people in a language (English too is numbered from 1)."""
        return said_in(self.args["said"], lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Kept, (self.args["kept"], self.args["said"]))


class Written(Said):
    """A rule file's own words (an assumption's reason, a case's note), with their Russian
    where the file gives it (`ru "..."`): said in either language without a catalogue entry.
    Where the file has no Russian, the Russian text says so and quotes the author's English."""

    def __new__(cls, en: str, ru: str | None = None) -> "Written":
        said = str.__new__(cls, en)
        said.key, said.args = "", {"en": en, "ru": ru}
        return said

    def in_lang(self, lang: str) -> str:
        """Return the words in a language: the Russian ones for "ru", else the English."""
        if lang != "ru":
            return str(self.args["en"])
        return self.args["ru"] or f"(в файле правил это сказано только по-английски) \"{self.args['en']}\""

    def __reduce__(self) -> tuple[Any, ...]:
        return (Written, (self.args["en"], self.args["ru"]))


# Words that agree with a count, per language, by CLDR plural category (Babel decides which).
COUNTED: dict[str, dict[str, dict[str, str]]] = {
    "playouts": {"en": {"one": "playout", "other": "playouts"},
                 "ru": {"one": "разыгранная партия", "few": "разыгранные партии",
                        "many": "разыгранных партий"}},
    "rounds": {"en": {"one": "round", "other": "rounds"},
               "ru": {"one": "раунд", "few": "раунда", "many": "раундов"}},
    "tiles": {"en": {"one": "tile", "other": "tiles"},
              "ru": {"one": "камень", "few": "камня", "many": "камней"}},
    "moves": {"en": {"one": "move", "other": "moves"},
              "ru": {"one": "ход", "few": "хода", "many": "ходов"}},
    "deals": {"en": {"one": "deal", "other": "deals"},
              "ru": {"one": "сдача", "few": "сдачи", "many": "сдач"}},
    "pips": {"en": {"one": "pip", "other": "pips"},
             "ru": {"one": "очко", "few": "очка", "many": "очков"}},
    "matches": {"en": {"one": "match", "other": "matches"},
                "ru": {"one": "партия", "few": "партии", "many": "партий"}},
    # after "of" (Russian «из»): the genitive, which takes other forms than the nominative
    "of rounds": {"en": {"one": "round", "other": "rounds"},
                  "ru": {"one": "раунда", "few": "раундов", "many": "раундов"}},
    "of matches": {"en": {"one": "match", "other": "matches"},
                   "ru": {"one": "партии", "few": "партий", "many": "партий"}},
    "of completed": {"en": {"one": "completed match", "other": "completed matches"},
                     "ru": {"one": "доигранной партии", "few": "доигранных партий",
                            "many": "доигранных партий"}},
    "players": {"en": {"one": "player", "other": "players"},
                "ru": {"one": "игрок", "few": "игрока", "many": "игроков"}},
    "rule stops": {"en": {"one": "rule stop", "other": "rule stops"},
                   "ru": {"one": "остановка игры", "few": "остановки игры",
                          "many": "остановок игры"}},
}


class Count(Said):
    """A count with its word agreeing in the reader's language («1 раунд, 5 раундов»); the
    English str is `english` when given (a text the JSON has always carried)."""

    def __new__(cls, count: int, word: str, english: str | None = None) -> "Count":
        said = str.__new__(cls, english if english is not None else
                           counted(count, COUNTED[word]["en"], "en"))
        said.key, said.args = "", {"count": count, "word": word, "english": english}
        return said

    def in_lang(self, lang: str) -> str:
        """Return the count and its word in the form the language gives that number."""
        forms = COUNTED[self.args["word"]]
        return counted(self.args["count"], forms.get(lang, forms["en"]), lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Count, (self.args["count"], self.args["word"], self.args["english"]))
