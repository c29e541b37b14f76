"""Sentences for the rule slots and the words of the rulebook pages, in English and Russian.

A slot's sentence templates are keyed by what its value is: a yes/no literal (`yes`, `no`), a
symbol (`partners`, `automatic`, ...), a written number (`zero`; `count`, with `{tiles}` agreeing
with it), a written list of tiles (`one`, `any`), or anything else (`value`). `{v}` is the value's
phrase. Templates start in lower case; the page capitalises them after a condition is put
before them.
"""

from __future__ import annotations

from interpreter.language import catalogue
from interpreter.language.catalogue import LANGS
from interpreter.language.model import Variant
from interpreter.language.numbers import plural_word


# The words of the rulebook pages: the catalogue's section "site: rulebook"
# (interpreter/language/words/*.json).
WORDS_SECTION = "site: rulebook"


def _in_each(key: str) -> dict[str, str]:
    """A catalogue entry in each language, by language."""
    return {lang: catalogue.text(key, lang) for lang in LANGS}


def _named(prefix: str) -> tuple[str, ...]:
    """The names the section's keys `<prefix><name>` or `<prefix><name>.<key>` give, in order."""
    return tuple(dict.fromkeys(key.split(".")[0] for key in
                               catalogue.keys_under(prefix, WORDS_SECTION)))


# The sections of a rulebook, in the order of play: who plays, the tiles and the deal, who
# leads, the moves, the stock, the end of a round, scoring, the goat. Each slot of slots.py is in
# one (tests/language/test_slot_table.py); a slot missing here would go to "other".
SECTIONS: tuple[tuple[str, dict[str, str], tuple[str, ...]], ...] = tuple(
    (key, _in_each(f"rulebook section.{key}"), slots) for key, slots in (
        ("players", ("sides",)),
        ("table", ("deal", "redeal")),
        ("lead", ("lead match", "lead round", "lead tile")),
        ("moves", ("pass", "two doubles", "spinner", "arms")),
        ("draw", ("draw", "reserve")),
        ("play", ("fish",)),
        ("scoring", ("move score", "hand value", "loser", "score", "bonus", "carry", "opens", "remember")),
        ("match", ("goat", "wins"))))
# A slot that matters only where another is written: a variant without that one has no card of
# it (`arms` of a spinner, in a game without one, would only confuse a reader).
ONLY_WITH = {"arms": "spinner"}


def shown(variant: Variant, slot: str) -> bool:
    """Whether a rulebook of the variant has a card of the slot (see ONLY_WITH)."""
    needed = ONLY_WITH.get(slot)
    return needed is None or bool(variant.cases(needed) or variant.cases(slot))


# Where the options agreed before a match are explained: after the players, before the deal.
OPTIONS_SECTION = _in_each("rulebook section.options")
OTHER_SECTION = _in_each("rulebook section.other")

# A slot's label on its card, and the question its rules answer.
SLOT_LABELS: dict[str, dict[str, str]] = {
    slot: _in_each(f"slot label.{slot}") for slot in _named("slot label.")}
SLOT_QUESTIONS: dict[str, dict[str, str]] = {
    slot: _in_each(f"slot question.{slot}") for slot in _named("slot question.")}

SENTENCES: dict[str, dict[str, dict[str, str]]] = {
    slot: {lang: catalogue.keys_under(f"sentence.{slot}.", WORDS_SECTION, lang) for lang in LANGS}
    for slot in _named("sentence.")}

OPTION_CHOICES = _in_each("rulebook.option choices")
GENERIC_SENTENCE = _in_each("rulebook.generic")
GUARDED = _in_each("rulebook.guarded")
OTHERWISE = _in_each("rulebook.otherwise")
GAP = _in_each("rulebook.gap")
# What a rulebook says of an optional slot the variant does not write (sentences.unwritten).
UNWRITTEN: dict[str, dict[str, str]] = {
    slot: _in_each(f"rulebook unwritten.{slot}") for slot in _named("rulebook unwritten.")}

TILE_NOUNS = {lang: dict(catalogue.forms("count.tiles", lang)) for lang in LANGS}


def tiles_noun(lang: str, count: int) -> str:
    """Return the word "tile" agreeing with a number, by Babel's plural rules of the language
    (Russian has three forms: 1 камень, 2 камня, 5 камней)."""
    return plural_word(count, TILE_NOUNS[lang], lang)


# Claims: what a claim's context quantifies over.
CLAIM_SCOPES = {context: _in_each(f"claim scope.{context}") for context in _named("claim scope.")}
