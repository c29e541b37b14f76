"""The readings of an ambiguous sentence: in words on the rule of the rulebook ("In another
reading: …"), and for rule authors every reading with its name and its rule as written."""

from __future__ import annotations

from html import escape
from typing import Callable

from interpreter.language import catalogue
from interpreter.language.model import Case
from interpreter.language.readings import choose_reading
from interpreter.language.summary import case_text

from . import cards
from .text import md_text, said_html

WORDS = catalogue.by_language("readings.", "site: readings")  # the catalogue's


# What a player reads beside a rule whose sentence can be read in more than one way.
PLAIN = catalogue.by_language("readings plain.", "site: readings")


def readings_words(case: Case, lang: str, sentence: Callable[[Case], str]) -> list[str]:
    """Return the readings of the case's sentence in words only: how it is read here, and each
    other reading as the rule it would make (none without readings)."""
    found = []
    for reading in case.readings:
        why = md_text(reading.text_ru or reading.text if lang == "ru" else reading.text)
        if reading.chosen:
            text = escape(PLAIN[lang]["chosen"]).replace("{why}", why)
        else:
            rule = sentence(choose_reading(case, {reading.name})).rstrip(".")
            rule = rule[:1].lower() + rule[1:]  # it goes on after "In another reading:"
            text = escape(PLAIN[lang]["other"]).replace("{rule}", rule).replace("{why}", why)
        kind = "reading-chosen" if reading.chosen else "reading-other"
        found.append(f'<p class="kz-remark kz-remark-{kind}">{text}</p>')
    return found


def readings_remarks(case: Case, lang: str, sentence: Callable[[Case], str]) -> list[str]:
    """Return one paragraph per reading of the case's sentence (none without readings)."""
    if not case.readings:
        return []
    words = WORDS[lang]
    found = [f'<p class="kz-remark kz-readings">{said_html(words["intro"])}</p>']
    for reading in case.readings:
        read = case if reading.chosen else choose_reading(case, {reading.name})
        status = words["chosen"] if reading.chosen else words["other"]
        why = reading.text_ru or reading.text if lang == "ru" else reading.text
        kind = "reading-chosen" if reading.chosen else "reading-other"
        found.append(
            f'<p class="kz-remark kz-remark-{kind}">'
            f"{_reading_badge(kind, words['reading'], reading.name)} "
            f"<em>{escape(status)}</em> — {md_text(why)}<br>{sentence(read)} "
            f'<span class="kz-meta">{escape(words["as_rule"])}: '
            f"<code>{escape(case.slot)}: {escape(case_text(read))}</code></span></p>")
    return found


def _reading_badge(kind: str, label: str, name: str) -> str:
    """A reading's badge: its label in the page's language, its name as the rule file writes it
    (code, as `--reading NAME` takes it)."""
    return cards.badge(kind, label).replace("</span>", f" <code>{escape(name)}</code></span>")
