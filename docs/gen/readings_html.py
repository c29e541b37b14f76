"""The readings of an ambiguous sentence on a rule's card: every reading, the chosen one marked,
each in plain words (the rule as that reading makes it) and with the author's explanation."""

from __future__ import annotations

from html import escape
from typing import Callable

from interpreter.language.model import Case
from interpreter.language.readings import choose_reading
from interpreter.language.summary import case_text

from . import cards

WORDS = {
    "en": {"reading": "Reading", "chosen": "chosen: the variant plays this one",
           "other": "another reading", "as_rule": "rule", "intro":
           "The sentence can be read in more than one way; the checker shows a game where the "
           "readings differ. Another reading is played with --reading NAME."},
    "ru": {"reading": "Прочтение", "chosen": "выбрано: вариант играет так",
           "other": "другое прочтение", "as_rule": "правило", "intro":
           "Фразу можно понять по-разному; проверка показывает партию, где прочтения "
           "расходятся. Другое прочтение играется с --reading ИМЯ."},
}


def readings_remarks(case: Case, lang: str, sentence: Callable[[Case], str]) -> list[str]:
    """Return one paragraph per reading of the case's sentence (none without readings)."""
    if not case.readings:
        return []
    words = WORDS[lang]
    found = [f'<p class="kz-remark kz-readings">{escape(words["intro"])}</p>']
    for reading in case.readings:
        read = case if reading.chosen else choose_reading(case, {reading.name})
        status = words["chosen"] if reading.chosen else words["other"]
        why = reading.text_ru or reading.text if lang == "ru" else reading.text
        kind = "reading-chosen" if reading.chosen else "reading-other"
        found.append(
            f'<p class="kz-remark kz-remark-{kind}">'
            f"{cards.badge(kind, words['reading'] + ' ' + reading.name)} "
            f"<em>{escape(status)}</em> — {escape(why)}<br>{sentence(read)} "
            f'<span class="kz-meta">{escape(words["as_rule"])}: '
            f"<code>{escape(case.slot)}: {escape(case_text(read))}</code></span></p>")
    return found

