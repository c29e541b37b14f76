"""The rulebook says what house rules and the fish-leader rule say: several goats beside the
number of players (in both languages), and the new words of `lead round` in prose."""

from __future__ import annotations

import sys
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from interpreter.language.resolve import parse_variant_file  # noqa: E402
from kozel.publish.findings import not_checked  # noqa: E402
from kozel.publish.rulebook import Rulebook  # noqa: E402

GOOD = ROOT / "tests" / "golden" / "good"


def _page(lang: str, name: str = "fish-leader") -> str:
    """The rulebook's page with its character references read, as a reader sees its texts (the
    author's are written with references: kozel/publish/text.md_text)."""
    variant, = [v for f in ("fish-leader", "house") for v in parse_variant_file(GOOD / f"{f}.kozel")
                if v.name == name]
    return unescape(Rulebook(variant, lang, not_checked("not checked in this test"), ROOT).page())


@pytest.mark.parametrize("lang,words", [
    ("en", "Several sides may become the goat in the same round"),
    ("ru", "В одном раунде козлами могут стать сразу несколько сторон")])
def test_the_rulebook_says_several_goats_beside_the_players(lang: str, words: str) -> None:
    page = _page(lang)
    assert words in page
    assert page.index('id="rule-players"') < page.index('id="rule-several-goats"')



def test_the_several_goats_card_shows_its_assumption_in_the_page_language() -> None:
    assert "домашнее правило: козлы все, кто перешёл предел" in _page("ru", "minsk-house")
    assert "a house rule: every side over the target is a goat" in _page("en", "minsk-house")


@pytest.mark.parametrize("lang,words", [
    ("en", "the sides that lost the previous round"),
    ("ru", "проигравших предыдущий раунд сторон")])
def test_the_rulebook_words_the_previous_losers(lang: str, words: str) -> None:
    assert words in _page(lang)
