"""Rules in plain words: phrases from expression trees, in English and Russian."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from interpreter.language.catalogue import LANGS  # noqa: E402
from interpreter.language.resolve import load_paths, load_variant  # noqa: E402
from kozel.publish import wording  # noqa: E402
from kozel.publish.findings import not_checked  # noqa: E402
from kozel.publish.rulebook import Rulebook  # noqa: E402
from kozel.publish.sentences import Sentences  # noqa: E402

SAMPLE = '''
variant sample "Sample" {
  players 2..4
  option target: 100 | 300 = 100
  option bonuses: yes | no = no
  sides: partners when players = 4
  sides: individual otherwise
  deal: 7
  draw: until_playable
  reserve: 2
  redeal: automatic when count(doubles(hand)) >= 5
  redeal: never otherwise
  lead match: holder(1-1)
  lead round: partner(winner) when previous = out
  lead round: unspecified otherwise
  lead tile: doubles(hand) - [0-0, 6-6] when not first and count(doubles(hand)) > 0
  lead tile: [1-1] otherwise
  fish: blocked
  hand value: if hand = [0-0] then 25 else pips(hand)
  loser: side != team(winner) when end = out
  loser: value(side) > highest(others) otherwise
  score: value(side) when loser
  score: 0 otherwise
  bonus: 50 when bonuses and loser and last in [0-0, 6-6]
  goat: total > target
}
'''


def _plain(html: str) -> str:
    """Drop the markup, keeping a tile as its text."""
    html = re.sub(r'<span class="kz-t">.*?<span class="kz-tile-text">(.*?)</span></span>',
                  r" \1 ", html)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))
    return re.sub(r" ([.,:;])", r"\1", text).replace("( ", "(").strip()


@pytest.fixture(scope="module")
def sample():  # type: ignore[no-untyped-def]
    return load_variant(SAMPLE, "sample.kozel")


def _sentence(variant, lang: str, slot: str, index: int = 0) -> str:  # type: ignore[no-untyped-def]
    return _plain(Sentences(variant, lang).case(variant.cases(slot)[index]))


@pytest.mark.parametrize("slot,index,lang,expected", [
    ("lead match", 0, "en", "The first move of the match is made by the player holding 1-1."),
    ("lead match", 0, "ru", "Первый ход в матче делает игрок, у которого 1-1."),
    ("deal", 0, "ru", "Каждый игрок получает 7 камней."),
    ("reserve", 0, "ru", "2 камня базара никогда не берут."),
    ("sides", 1, "en", "In every other case: each player plays for themselves."),
    ("redeal", 0, "en", "If the number of doubles in the hand is at least 5: the tiles are dealt again."),
    ("redeal", 0, "ru", "Если число дублей на руке не меньше 5: камни сдаются заново."),
    ("lead round", 0, "ru", "Если предыдущий раунд закончился выходом игрока: первый ход в "
                            "следующем раунде делает партнёр вышедшего в предыдущем раунде игрока."),
    ("lead tile", 1, "en", "In every other case: the round is opened with 1-1."),
    ("hand value", 0, "en", "A hand left at the end of the round counts 25 if there is only 0-0 "
                            "in the hand, otherwise the pips of the hand."),
    ("loser", 0, "ru", "Если раунд закончился выходом игрока: сторона проигрывает раунд, если "
                       "эта сторона — не сторона вышедшего игрока."),
    ("bonus", 0, "en", "If “bonuses” is on and this side lost the round and the last tile "
                       "laid is one of 0-0 6-6: the side writes extra: 50."),  # no `say`: fallback
    ("goat", 0, "ru", "Сторона становится «козлом» (проигрывает матч), если общий счёт стороны "
                      "больше оговорённого перед партией числа (100 или 300)."),
])
def test_sentences_read_as_plain_language(sample, slot: str, index: int, lang: str,  # type: ignore[no-untyped-def]
                                          expected: str) -> None:
    assert _sentence(sample, lang, slot, index) == expected


def test_a_gap_says_what_the_text_does_not(sample) -> None:  # type: ignore[no-untyped-def]
    assert _sentence(sample, "en", "lead round", 1) == (
        "In every other case: the text does not say who makes the first move of a later round; "
        "play that reaches this point stops.")


def test_negated_conjunctions_read_without_ambiguity() -> None:
    variant = load_variant(SAMPLE.replace("fish: blocked", "fish: not (blocked or left = right)"))
    assert _sentence(variant, "en", "fish") == (
        "The round ends as a fish when some player can still lay a tile or draw one and the "
        "value on the left end differs from the value on the right end.")


@pytest.mark.parametrize("lang", LANGS)
def test_no_seed_rule_falls_back_to_a_formula(lang: str) -> None:
    library, names = load_paths([ROOT / "spec" / "variants"])
    for name in names:
        variant = library.resolve(name)
        book = Rulebook(variant, lang, not_checked("test"), ROOT)
        book.page()
        assert book.sentences.fallbacks() == [], name


@pytest.mark.parametrize("count,noun", [(1, "камень"), (2, "камня"), (5, "камней"),
                                        (11, "камней"), (21, "камень"), (14, "камней")])
def test_russian_plural_of_tiles(count: int, noun: str) -> None:
    assert wording.tiles_noun("ru", count) == noun


def test_the_generator_names_no_particular_variant() -> None:
    """Everything on a rulebook comes from the Variant: no seed's name or source in the code."""
    library, names = load_paths([ROOT / "spec" / "variants"])
    sources = {library.resolve(n).source for n in names} - {None}
    code = "\n".join(p.read_text(encoding="utf-8")
                     for p in (ROOT / "kozel" / "publish").glob("*.py"))
    code += (ROOT / "docs" / "hooks.py").read_text(encoding="utf-8")
    for word in sources:
        assert word not in code, word
    for name in names:  # as a string: "pairs" is also an English word
        assert f'"{name}"' not in code and f"'{name}'" not in code, name


NEW_WORDS = '''
variant words "Words" {
  players 2..4
  option draw_each: one | until_playable = one
  sides: individual
  deal: 5
  draw: draw_each
  lead match: seat(0)
  lead round: next(leader)
  lead tile: hand
  fish: blocked
  hand value: round_to(pips(hand), 5)
  loser: value(side) > lowest(all)
  score: value(side)
  goat: highest_total(others) >= 61
  claim end "rounded": not loser or points = round_to(points, 5)
}
'''


@pytest.mark.parametrize("slot,lang,expected", [
    ("lead match", "en", "The first move of the match is made by the player in seat 1."),
    ("lead match", "ru", "Первый ход в матче делает игрок на месте 1."),
    ("hand value", "en", "A hand left at the end of the round counts the pips of the hand "
                         "rounded to the nearest multiple of 5 (halves up)."),
    ("hand value", "ru", "Рука, оставшаяся в конце раунда, стоит: значение суммы очков руки, "
                         "округлённое до ближайшего кратного 5 (половина — вверх)."),
    ("loser", "en", "A side loses the round when the hand value of this side is greater than "
                    "the lowest hand value among all sides."),
    ("loser", "ru", "Сторона проигрывает раунд, если сумма очков на руках этой стороны больше "
                    "наименьшей суммы очков среди всех сторон."),
    ("goat", "en", "A side is the goat (loses the match) when the highest total on the sheet "
                   "among the other sides is at least 61."),
    ("goat", "ru", "Сторона становится «козлом» (проигрывает матч), если наибольший общий счёт "
                   "среди остальных сторон не меньше 61."),
    ("draw", "en", "As agreed before the match: “one” — a player who cannot lay a tile draws "
                   "one tile from the stock and lays it if it fits; otherwise the turn passes; "
                   "“until_playable” — a player who cannot lay a tile draws from the stock until "
                   "a tile fits (or the stock runs out) and lays it."),
])
def test_later_words_read_as_plain_language(slot: str, lang: str, expected: str) -> None:
    variant = load_variant(NEW_WORDS, "words.kozel")
    sentences = Sentences(variant, lang)
    assert _plain(sentences.case(variant.cases(slot)[0])) == expected
    assert sentences.fallbacks() == []


@pytest.mark.parametrize("lang", LANGS)
def test_an_end_claim_reads_in_the_match_context(lang: str) -> None:
    variant = load_variant(NEW_WORDS, "words.kozel")
    book = Rulebook(variant, lang, not_checked("test"), ROOT)
    html = book.claims()
    assert "kz-formula" not in html  # every word of the claim has a phrase
    page = _plain(html)
    assert ("once the round is written down" in page and "this side did not lose the round" in page
            and "rounded to the nearest multiple of 5" in page) if lang == "en" else (
        "после записи его очков" in page and "очки стороны за раунд" in page)


WORDS = SAMPLE.replace("option bonuses: yes | no = no", (
    'option bonuses: yes | no = no\n      say yes "with bonuses" ru "с бонусами"\n'
    '      say no "without bonuses" ru "без бонусов"'))


@pytest.mark.parametrize("lang,expected", [
    ("en", "If with bonuses and this side lost the round"),
    ("ru", "Если с бонусами и сторона проиграла раунд")])
def test_an_option_reads_as_the_words_its_file_gives(lang: str, expected: str) -> None:
    """`say` gives the words; the identifier stays only in the small print of the option."""
    variant = load_variant(WORDS, "words.kozel")
    assert _sentence(variant, lang, "bonus").startswith(expected)
    page = Rulebook(variant, lang, not_checked("test"), ROOT).page()
    first = page[:page.index("{#authors}")]
    card = first[first.index('id="option-bonuses"'):]
    card = card[:card.index("</small>")]
    assert ("<strong>With bonuses</strong> or <strong>without bonuses</strong>" if lang == "en"
            else "<strong>С бонусами</strong> или <strong>без бонусов</strong>") in card
    text = re.sub(r"<[^>]+>", "", re.sub(r"<small.*?</small>", "", first, flags=re.S))
    said = text.count("with bonuses") + text.count("With bonuses") + text.count("without bonuses")
    assert text.count("bonuses") == (said if lang == "en" else 0)


@pytest.mark.parametrize("lang,words", [("en", "the player in seat 1"),
                                        ("ru", "игрок на месте 1")])
def test_a_seat_is_read_counted_from_1(lang: str, words: str) -> None:
    """Issue 45, item 16: `seat(0)` read «игрока на месте 0»; a person counts seats from 1."""
    variant = load_variant(SAMPLE.replace("lead match: holder(1-1)", "lead match: seat(0)"))
    sentence = _sentence(variant, lang, "lead match")
    assert words in sentence and "seat 0" not in sentence and "месте 0" not in sentence
