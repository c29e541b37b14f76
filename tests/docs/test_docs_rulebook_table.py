"""Each variant's rulebook, as built, reads as a rulebook a club would print: before the heading
«Для составителей правил» / "For rule authors" there are no file names, no slot names as code,
no command flags and no option identifiers outside the small print, and the sections of play
come in the order of play."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.publish import wording  # noqa: E402
from kozel.publish.ui import word  # noqa: E402
from interpreter.language.model import Variant  # noqa: E402
from interpreter.language.slots import SLOTS  # noqa: E402
from site_build import page_file  # noqa: E402
from test_docs_build import LANGS, VARIANTS, site  # noqa: E402,F401  (the shared build)


def _first_part(site: Path, lang: str, name: str) -> str:
    """The article of a rulebook page up to the heading of the part for rule authors."""
    page = page_file(site, lang, "variants", name).read_text(encoding="utf-8")
    start = page.index(f'<div lang="{lang}"')
    heading = page.index('id="authors"', start)
    assert word(lang, "authors") in page[heading:heading + 300]
    return page[start:page.rindex("<h2", start, heading)]


def _text(html: str) -> str:
    """The words a reader sees, without the drawings of tiles and without the small print."""
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    html = re.sub(r"<small.*?</small>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_first_part_has_no_file_names_slot_names_or_flags(site: Path, variant: Variant,
                                                              lang: str) -> None:
    first = _first_part(site, lang, variant.name)
    assert ".kozel" not in first and ".txt" not in first
    for slot in SLOTS:
        assert not re.search(rf"<code>{re.escape(slot)}\b", first), slot
    assert "--" not in _text(first)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_options_are_named_only_in_the_small_print(site: Path, variant: Variant,
                                                   lang: str) -> None:
    first = _first_part(site, lang, variant.name)
    text = _text(first)
    for option in variant.options:
        name = re.escape(option.name)
        assert not re.search(rf"<code[^>]*>{name}</code>", re.sub(r"<small.*?</small>", "",
                                                                  first, flags=re.S)), option.name
        assert not re.search(rf"[«“\"']{name}[»”\"']", text), option.name
        if lang == "ru":  # in Russian no Latin word at all may be an option's name
            assert not re.search(rf"\b{name}\b", text), option.name
        small = re.findall(r"<small[^>]*>(.*?)</small>", first, flags=re.S)
        assert any(re.sub(r"</?code>", "", s).endswith(f": {option.name}") for s in small), \
            option.name  # the identifier in small print only, written as code
        for value, en, ru in option.words:  # the words the rule file gives each value
            assert (ru if lang == "ru" else en)[1:] in text, (option.name, value)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_sections_of_play_come_in_the_order_of_play(site: Path, variant: Variant,
                                                       lang: str) -> None:
    first = _first_part(site, lang, variant.name)
    keys = [key for key, _, _ in wording.SECTIONS]
    places = [first.index(f'id="section-{key}"') for key in keys]
    assert places == sorted(places), keys
    for (key, title, slots), start, end in zip(wording.SECTIONS, places,
                                               places[1:] + [len(first)]):
        assert title[lang] in first[start:start + 300], key
        for slot in slots:  # each slot's rules inside its section, in words, not by name
            anchor = f'id="slot-{slot.replace(" ", "-")}"'
            if not wording.shown(variant, slot):  # the arms of a spinner in a game without one
                assert anchor not in first, slot
                continue
            assert start < first.index(anchor) < end, slot
    if variant.options:
        assert places[0] < first.index('id="options"') < places[1]
    assert first.index('id="rule-players"') < places[1]
