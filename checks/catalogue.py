"""The checker's message catalogue: every message of checks/messages.py in English and Russian.

A message is a `Said`: a str whose value is the English text (what the JSON and the CLI print
by default, so every reader of `Finding.message` keeps working), carrying the catalogue key and
the arguments that say it in another language (`said.in_lang("ru")`). Arguments are text as
written (rules, claim texts: never translated), numbers, or other `Said` pieces.
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.words import ENGINE_EN, ENGINE_RU, Written, said_in
from interpreter.engine.words import Said as EngineSaid
from interpreter.engine.words import render as render_in

from .catalogue_family import FAMILY_EN, FAMILY_RU
from .catalogue_games import GAMES_EN, GAMES_RU
from .conditions import INVARIANT_WORDS, SITUATION_WORDS

EN: dict[str, str] = {
    "line": "line {line}",
    "line of file": "line {line} of {file}",
    "rule": "`{rule}` ({line})",
    "answers.two": "two answers",
    "answers.none": "no answer",
    "undefined part": "`{slot}`: `{part}` has {answers} when {when}, in {rule}",
    "undefined": "`{slot}`: it has {answers} when {when}, in {rule}",
    "conflict": "`{slot}`: two cases apply and disagree: {rule} and {other}",
    "claim refuted": "claim {claim} is refuted: `{expr}` does not hold in the example",
    "two goats": "the text does not say what happens when two sides pass the target in the same "
                 "round: by {rules} each of them loses the match, as in the example",
    "two winners": "the text does not say what happens when two sides reach the end of the match "
                   "in the same round: by {rules} each of them wins the match, as in the example",
    "fish ends": "for information, not required by the text: a fish can leave different values "
                 "at the two ends, as in the example",
    "built-in refuted": "{words} (a rule every variant must keep)",
    "no case": "`{slot}`: none of its cases applies in some {where}, so the text gives no "
               "answer there",
    "unspecified reached": "`{slot}`: play reaches a case the text leaves unspecified: {rule}",
    "lead empty": "`{slot}`: the leader can hold none of the tiles `{slot}` allows him to lead",
    "stuck": "`{slot}`: play can get stuck: nobody can lay a tile or draw, and `{slot}` does "
             "not end the round",
    "wider": "{message} (the example may go beyond real play: see its note)",
    "otherwise never": "`{slot}`: the `otherwise` case never applies: the other cases cover "
                       "every {where} ({line})",
    "unspecified never": "`{slot}`: play never reaches {rule}, the case the text leaves "
                         "unspecified{guard} in any {where}",
    "never applies": "`{slot}`: {rule} never applies{guard} in any {where}",
    "guard never holds": ": `{guard}` never holds",
    "claim proved": "claim {claim} is proved: it holds in every {where}",
    "fish ends proved": "proved: a fish always leaves the same value at both ends",
    "undecided": "undecided ({reason}): whether {asked}; not counted as proved",
    "reason.timeout": "out of time",
    "reason.steps": "out of steps (raise --effort)",
    "claim vacuous": "claim {claim} holds only vacuously: {why}",
    "slot vacuous": "`{slot}` is never applied: {why}",
    "built-in vacuous": "built-in: that {words} holds only vacuously: {why}",
    "property vacuous": "for information, not required by the text: that {words} holds only "
                        "vacuously: {why}",
    "no situation": "no {where} is ever reached{because}",
    "because": ", because {blamed}",
    "blamed.slot": "of `{slot}`",
    "blamed.unspecified": "`{slot}` is unspecified ({line})",
    "blamed.says": "of what `{slot}` says ({line})",
    "and": "{a} and {b}",
    "unconfirmed": "not confirmed by a game ({reason}); the solver's candidate: {kind}: "
                   "{message}",
    "q.defined": "{rule} always has a single answer",
    "q.no-case": "some case of `{slot}` applies in every {where}",
    "q.reachable": "{rule} ever applies",
    "q.unspecified": "play ever reaches {rule}",
    "q.conflict": "{rule} and {other} can disagree",
    "q.lead-empty": "the leader always holds a tile `{slot}` allows",
    "q.stuck": "play can get stuck while `{slot}` says the round goes on",
    "q.claim": "claim {claim} holds in every {where}",
    "q.built-in": "a built-in check holds",
    "situation": "situation",
    "built-in.tile-set": "the set of tiles is not 28 tiles with 168 pips",
    "built-in.deal-fits": "`deal` gives some player no tile, or more tiles than the set has for "
                          "every hand",
    "built-in.partners-four": "`sides` plays in partners with other than 4 players",
    "built-in.reserve-fits": "`reserve` holds back more tiles than the stock has",
    "built-in.points-nonnegative": "a side can write negative points for a round",
    "built-in.other": "a built-in check",
    "hazard.undealt": "{tile} was not dealt, so nobody holds it",
    "hazard.none dealt": "none of the tiles it lists was dealt",
    "hazard.no partners": "the game is played without partners",
    "hazard.previous fish": "the previous round ended in a fish, so nobody went out",
    "hazard.previous out": "the previous round ended with a player out, not in a fish",
    "hazard.no tile": "there is no tile to choose from",
    "hazard.tie most": "two tiles share the most pips",
    "hazard.tie fewest": "two tiles share the fewest pips",
    "hazard.no seat": "the table has no `seat({seat})`",
    "hazard.no such seat": "the table has no such seat",
    "hazard.empty group": "the group of sides it looks at is empty",
    "hazard.fish": "the round ended in a fish, so nobody went out",
    "hazard.out": "the round ended with a player out, not in a fish",
    **{f"situation.{key}": words for key, words in SITUATION_WORDS.items()},
    **{f"invariant.{key}": words for key, words in INVARIANT_WORDS.items()},
}

RU: dict[str, str] = {
    "line": "строка {line}",
    "line of file": "строка {line} файла {file}",
    "rule": "`{rule}` ({line})",
    "answers.two": "два ответа",
    "answers.none": "нет ответа",
    "undefined part": "`{slot}`: у `{part}` {answers}, когда {when}, в {rule}",
    "undefined": "`{slot}`: {answers}, когда {when}, в {rule}",
    "conflict": "`{slot}`: применяются два случая, и они расходятся: {rule} и {other}",
    "claim refuted": "утверждение {claim} опровергнуто: `{expr}` не выполняется в примере",
    "two goats": "текст не говорит, что будет, если две стороны перейдут предел в одном "
                 "раунде: по {rules} обе проигрывают матч, как в примере",
    "two winners": "текст не говорит, что будет, если две стороны дойдут до конца матча в одном "
                   "раунде: по {rules} обе выигрывают матч, как в примере",
    "fish ends": "для сведения, текст этого не требует: «рыба» может оставить на концах разные "
                 "значения, как в примере",
    "built-in refuted": "{words} (правило, которое обязан соблюдать каждый вариант)",
    "no case": "`{slot}`: ни один случай не подходит в некоторой ситуации ({where}), и текст "
               "не даёт там ответа",
    "unspecified reached": "`{slot}`: игра доходит до случая, о котором текст молчит: {rule}",
    "lead empty": "`{slot}`: у заходящего может не оказаться ни одного камня, которым `{slot}` "
                  "разрешает зайти",
    "stuck": "`{slot}`: игра может застрять: никто не может ни положить камень, ни взять, а "
             "`{slot}` не заканчивает раунд",
    "wider": "{message} (пример может выходить за пределы настоящей игры: см. его примечание)",
    "otherwise never": "`{slot}`: случай `otherwise` никогда не применяется: остальные случаи "
                       "покрывают любую ситуацию ({where}) ({line})",
    "unspecified never": "`{slot}`: игра никогда не доходит до {rule}, случая, о котором текст "
                         "молчит{guard}, ни в какой ситуации ({where})",
    "never applies": "`{slot}`: {rule} никогда не применяется{guard} ни в какой ситуации "
                     "({where})",
    "guard never holds": ": `{guard}` никогда не выполняется",
    "claim proved": "утверждение {claim} доказано: оно выполняется в любой ситуации ({where})",
    "fish ends proved": "доказано: «рыба» всегда оставляет на обоих концах одно значение",
    "undecided": "не решено ({reason}): {asked}; не считается доказанным",
    "reason.timeout": "время вышло",
    "reason.steps": "не хватило шагов решателя (увеличьте --effort)",
    "claim vacuous": "утверждение {claim} выполняется лишь формально: {why}",
    "slot vacuous": "`{slot}` никогда не применяется: {why}",
    "built-in vacuous": "обязательное свойство «{words}» выполняется лишь формально: {why}",
    "property vacuous": "для сведения, текст этого не требует: свойство «{words}» выполняется "
                        "лишь формально: {why}",
    "no situation": "ситуация ({where}) никогда не наступает{because}",
    "because": ", потому что {blamed}",
    "blamed.slot": "так решает `{slot}`",
    "blamed.unspecified": "`{slot}` не указано в тексте ({line})",
    "blamed.says": "так говорит `{slot}` ({line})",
    "and": "{a} и {b}",
    "unconfirmed": "не подтверждено партией ({reason}); кандидат решателя: `{kind}`: {message}",
    "q.defined": "всегда ли у {rule} один ответ",
    "q.no-case": "всегда ли подходит какой-то случай `{slot}` (ситуация: {where})",
    "q.reachable": "применяется ли когда-нибудь {rule}",
    "q.unspecified": "доходит ли игра до {rule}",
    "q.conflict": "могут ли {rule} и {other} разойтись",
    "q.lead-empty": "всегда ли у заходящего есть камень, который разрешает `{slot}`",
    "q.stuck": "может ли игра застрять, пока `{slot}` говорит, что раунд продолжается",
    "q.claim": "выполняется ли утверждение {claim} в любой ситуации ({where})",
    "q.built-in": "выполняется ли обязательная проверка",
    "situation": "ситуация",
    "built-in.tile-set": "набор камней — не 28 камней со 168 очками",
    "built-in.deal-fits": "`deal` не даёт кому-то ни одного камня или раздаёт больше камней, "
                          "чем есть в наборе",
    "built-in.partners-four": "`sides` играет парами не вчетвером",
    "built-in.reserve-fits": "`reserve` откладывает больше камней, чем есть в базаре",
    "built-in.points-nonnegative": "сторона может записать за раунд отрицательные очки",
    "built-in.other": "обязательная проверка",
    "situation.setup": "начало матча: число игроков и опции",
    "situation.hand": "розданная рука",
    "situation.deal": "первая раздача матча",
    "situation.deal-any": "раздача",
    "situation.next": "раздача следующего раунда",
    "situation.lead": "раздача и заходящий",
    "situation.play": "момент игры",
    "situation.hand-end": "рука в конце раунда",
    "situation.round": "конец раунда",
    "situation.end": "конец раунда для одной стороны",
    "situation.scored": "очки стороны за раунд",
    "situation.recorded": "запись неоткрывшейся стороны",
    "situation.recorded-any": "запись стороны за раунд",
    "situation.match": "конец раунда для одной стороны с её очками и итогом",
    "situation.match-all": "конец раунда с итогами всех сторон",
    "hazard.undealt": "{tile} не роздан, и ни у кого его нет",
    "hazard.none dealt": "ни один из перечисленных камней не роздан",
    "hazard.no partners": "игра идёт без напарников",
    "hazard.previous fish": "предыдущий раунд кончился «рыбой», и никто не вышел",
    "hazard.previous out": "предыдущий раунд кончился выходом игрока, а не «рыбой»",
    "hazard.no tile": "выбирать не из чего: камней нет",
    "hazard.tie most": "у двух камней одинаково больше всего очков",
    "hazard.tie fewest": "у двух камней одинаково меньше всего очков",
    "hazard.no seat": "за столом нет `seat({seat})`",
    "hazard.no such seat": "за столом нет такого места",
    "hazard.empty group": "группа сторон, на которую правило смотрит, пуста",
    "hazard.fish": "раунд кончился «рыбой», и никто не вышел",
    "hazard.out": "раунд кончился выходом игрока, а не «рыбой»",
    "invariant.tile-set": "в наборе 28 камней и 168 очков",
    "invariant.deal-fits": "каждый игрок получает хотя бы один камень, и deal × игроков <= 28",
    "invariant.partners-four": "парами играют только вчетвером",
    "invariant.reserve-fits": "отложенные камни помещаются в базаре",
    "invariant.points-nonnegative": "очки, записанные за раунд, не отрицательны",
    "invariant.one-goat": "в одном раунде козлом становится не больше одной стороны",
    "invariant.one-winner": "в одном раунде матч выигрывает не больше одной стороны",
    "invariant.fish-ends-equal": "«рыба» оставляет на обоих концах одно значение",
}
EN.update(GAMES_EN)
RU.update(GAMES_RU)
EN.update(FAMILY_EN)
RU.update(FAMILY_RU)
EN.update({k: v for k, v in ENGINE_EN.items() if k not in EN})
RU.update({k: v for k, v in ENGINE_RU.items() if k not in RU})
CATALOGUE = {"en": EN, "ru": RU}


class Said(EngineSaid):
    """A message of the checker: its English text as a str, and how to say it in any language
    (the engine's `Said`, with the checker's catalogue, which holds the engine's entries too)."""

    catalogue = CATALOGUE


def render(key: str, args: dict[str, Any], lang: str) -> str:
    """Return a catalogue entry in a language, its arguments said in the same language."""
    return render_in(CATALOGUE, key, args, lang)


def is_translated(message: Any, lang: str) -> bool:
    """True when a message can be said in the language (its words are in the catalogue)."""
    return lang == "en" or isinstance(message, EngineSaid)


def first_line(text: str) -> str:
    """Return a message's first line: a one-line `Said` stays whole, so it keeps its language."""
    return text if "\n" not in text else text.splitlines()[0]


def said_list(items: list[Any]) -> Any:
    """Return items joined by ", ", each said in the reader's language ('' for none)."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        joined = Said("list", a=joined, b=item)
    return joined
