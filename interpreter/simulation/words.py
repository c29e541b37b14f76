"""The words of `kozel simulate` for people, in English and Russian: the report's lines, its
warnings, what another reading of a sentence changes. Numbers and percents are written as the
language writes them (interpreter/language/numbers.py, by Babel), counts agree with their
words, seats and sides are numbered from 1 (the engine's `seat_said`, `side_said`). The JSON
keeps its English and the engine's numbers."""

from __future__ import annotations

from typing import Any

from ..engine.words import ENGINE_EN, ENGINE_RU, Said as EngineSaid

SIMULATE_EN: dict[str, str] = {
    "head": "{variant}: {players}, {strategy} play, seed {seed}{state}",
    "strategy.random": "random",
    "strategy.greedy": "greedy",
    "interrupted": ", INTERRUPTED",
    "warning": "WARNING: {text}",
    "matches": "matches: {played} ({completed} completed, {stopped} stopped){asked}",
    "asked": " of {matches} asked",
    "rounds": "rounds: {rounds} in {seconds} s ({speed} rounds/s){later}",
    "later": "; {rounds} of them in matches that stopped later",
    "interval": "{rate} [{low}..{high}] of {of}",
    "interval short": "{rate} [{low}..{high}]",
    "nothing": "n/a (nothing to count)",
    "nothing short": "n/a",
    "fish": "fish rate: {rate}",
    "redeal": "redeal rate: {rate}",
    "length": "match length: {mean} rounds on average [{low}..{high}] (spread {stdev}, median "
              "{median}, {min}..{max}; of {of})",
    "goat": "goat: {rates} (of {of})",
    "side rate": "{side} {rate}",
    "goat side": "{side}: {rate}",
    "by seat": "by seat: {rates}",
    "seat rate": "{seat} {rate}",
    "after first": "by seats after the first leader (+0 led the match): {rates}",
    "offset rate": "+{offset} {rate}",
    "wins": "wins: {rates}",
    "first lead": "first lead: the leader's side loses {leader}, another side {other}; the side "
                  "that led the match is the goat in {goat}",
    "stopped": "stopped {count}x ({kind}): {rule}",
    "example": "e.g. {example}",
    "warn.interrupted": "interrupted (Ctrl-C) after {played} of {matches}: the figures are "
                        "those of the matches that finished",
    "warn.stopped": "{stopped} of {played} ({share}) stopped where the variant gives no answer "
                    "({rules}): the match length and goat figures rest on the {completed} only, "
                    "and every rate on the {rounds} that finished; a round that stopped is in "
                    "no rate, so the rate of a situation those rules govern reads too low",
    "warn.none completed": "no match completed: there is no match length or goat figure",
    "readings none": "readings: the variant reads every sentence one way",
    "reading": "reading {reading} instead of {instead}: changes {rounds} of rounds ({changed} "
               "of {of}) and {matches} of matches",
    "interrupted outputs": "interrupted: --csv and --plot are written only when a run completes",
    "error": "error: {error}",
}

SIMULATE_RU: dict[str, str] = {
    "head": "{variant}: {players}, ходы {strategy}, зерно случайности {seed}{state}",
    "strategy.random": "случайные",
    "strategy.greedy": "жадные (сперва самый тяжёлый камень)",
    "interrupted": ", ПРЕРВАНО",
    "warning": "ВНИМАНИЕ: {text}",
    "matches": "партий: {played} (доиграно {completed}, остановлено {stopped}){asked}",
    "asked": " из {matches} заказанных",
    "rounds": "раундов: {rounds} за {seconds} с (в секунду: {speed}){later}",
    "later": "; из них {rounds} — в партиях, которые потом остановились",
    "interval": "{rate} [{low}..{high}] из {of}",
    "interval short": "{rate} [{low}..{high}]",
    "nothing": "нет данных (нечего считать)",
    "nothing short": "нет данных",
    "fish": "доля «рыбы»: {rate}",
    "redeal": "доля пересдач: {rate}",
    "length": "длина партии в раундах: в среднем {mean} [{low}..{high}] (разброс {stdev}, "
              "медиана {median}, от {min} до {max}; из {of})",
    "goat": "козёл: {rates} (из {of})",
    "side rate": "{side} — {rate}",
    "goat side": "{side}: {rate}",
    "by seat": "по местам: {rates}",
    "seat rate": "{seat} — {rate}",
    "after first": "по местам от первого заходящего (+0 — тот, кто зашёл первым в партии): "
                   "{rates}",
    "offset rate": "+{offset} — {rate}",
    "wins": "победы: {rates}",
    "first lead": "первый заход: сторона заходящего проигрывает {leader}, другая сторона — "
                  "{other}; сторона, зашедшая первой в партии, становится козлом в {goat}",
    "stopped": "остановок: {count} ({words}): {rule}",
    "example": "например: {example}",
    "warn.interrupted": "прервано (Ctrl-C) после {played} из {matches}: цифры — только по "
                        "доигранным партиям",
    "warn.stopped": "из {played} остановлено {stopped} ({share}) там, где вариант не даёт "
                    "ответа ({rules}): длина партии и доля козлов взяты только из {completed}, "
                    "а каждая доля — из {rounds}, которые доиграны; остановленный раунд не входит "
                    "ни в одну долю, так что доля ситуаций, которыми правят эти правила, занижена",
    "warn.none completed": "ни одна партия не доиграна: нет ни длины партии, ни доли козлов",
    "readings none": "прочтения: вариант читает каждое предложение одним способом",
    "reading": "прочтение {reading} вместо {instead}: меняет {rounds} раундов ({changed} из "
               "{of}) и {matches} партий",
    "interrupted outputs": "прервано: --csv и --plot пишутся, только когда прогон закончен",
    "error": "ошибка: {error}",
}

CATALOGUE = {"en": {**ENGINE_EN, **SIMULATE_EN}, "ru": {**ENGINE_RU, **SIMULATE_RU}}


class Said(EngineSaid):
    """A text of the simulation's report: its English as a str, said in any language."""

    catalogue = CATALOGUE


def say(lang: str, key: str, **args: Any) -> str:
    """Return a catalogue entry said in a language, its arguments in the same language."""
    return Said(key, **args).in_lang(lang)
