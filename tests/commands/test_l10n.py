"""Localisation and words: a title's translation and a source's title in the rule language, one
word per concept (the glossary), and the checker's message catalogue in both languages."""

from __future__ import annotations

import pickle
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from checks.reporting.catalogue import Said, said_in  # noqa: E402
from checks.reporting.kinds import Kind  # noqa: E402
from interpreter.language.errors import RuleFileError  # noqa: E402
from interpreter.language.printer import format_variant  # noqa: E402
from interpreter.language.resolve import load_paths, load_variant  # noqa: E402
from kozel.cli import main  # noqa: E402
from kozel.publish.glossary import GAME_TERMS, glossary_page  # noqa: E402

PLANTED = ROOT / "tests" / "golden" / "checks" / "planted.kozel"
CYRILLIC = re.compile("[а-яё]", re.I)


def _minsk_with(header: str, source: str) -> str:
    text = (ROOT / "spec" / "variants" / "minsk.kozel").read_text(encoding="utf-8")
    text = re.sub(r'^variant minsk .*\{$', header, text, count=1, flags=re.M)
    return re.sub(r'^  source .*$', source, text, count=1, flags=re.M)


def test_a_title_in_another_language_and_a_named_source_print_back_as_written() -> None:
    text = _minsk_with('variant minsk "Минск" en "Minsk \\"box\\"" {',
                       '  source "m.txt" title "Правила «М»" link "https://example.org/m"')
    variant = load_variant(text, "m.kozel")
    assert variant.title_in("en") == 'Minsk "box"' and variant.title_in("ru") == "Минск"
    assert (variant.source, variant.source_title, variant.source_link) == (
        "m.txt", "Правила «М»", "https://example.org/m")
    printed = format_variant(variant)
    assert 'variant minsk "Минск" en "Minsk \\"box\\"" {' in printed
    assert load_variant(printed, "p.kozel") == variant


def test_a_variant_inherits_its_parents_source_title_unless_it_names_its_own() -> None:
    library, _ = load_paths([ROOT / "spec" / "variants"])
    pairs, minsk = library.resolve("pairs"), library.resolve("minsk")
    assert pairs.source_title and pairs.source_title != minsk.source_title
    assert dict(pairs.titles)["en"] != dict(minsk.titles)["en"]


@pytest.mark.parametrize("header", ['variant v "t" de "x" {', 'variant v en "x" {'])
def test_a_misplaced_title_translation_is_a_positioned_error(header: str) -> None:
    with pytest.raises(RuleFileError) as error:
        load_variant(_minsk_with(header, '  source "m.txt"'), "m.kozel")
    assert re.search(r"m\.kozel:5:\d+: error:", str(error.value)), str(error.value)


def test_every_kind_of_finding_has_one_word_in_each_language() -> None:
    for kind in Kind:
        assert kind.word("en") == kind.value  # the English word is the JSON value
        assert CYRILLIC.search(kind.word("ru")) and CYRILLIC.search(kind.table.meanings["ru"])
    russian = [k.word("ru") for k in Kind]
    assert len(set(russian)) == len(russian)  # no word names two concepts


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_glossary_lists_every_kind_and_the_games_words(lang: str) -> None:
    page = glossary_page(lang)
    for kind in Kind:
        assert f"`{kind.value}`" in page
    for word in ("рыба", "козёл", "базар", "дубль", "яйца", "стучать", "заход"):
        assert word in page
    assert {t.word("ru") for t in GAME_TERMS} >= {"рыба", "козёл", "базар", "дубль", "яйца",
                                                   "стучать", "заход"}


def test_a_message_is_its_english_text_and_survives_a_worker_process() -> None:
    said = Said("conflict", slot="goat", rule=Said("rule", rule="goat: total > 100",
                                                   line=Said("line", line=7)), other="x")
    assert said == "`goat`: two cases apply and disagree: `goat: total > 100` (line 7) and x"
    assert said_in(said, "ru") == ("`goat`: применяются два случая, и они расходятся: "
                                   "`goat: total > 100` (строка 7) и x")
    again = pickle.loads(pickle.dumps(said))
    assert again == said and said_in(again, "ru") == said_in(said, "ru")
    assert said_in("plain text", "ru") == "plain text"


def test_kozel_check_speaks_russian_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    # the checks' messages; the comparisons' Russian: test_russian_output.py
    args = ["check", str(PLANTED), "--playouts", "0", "--jobs", "1", "--no-compare"]
    assert main(args) == 0
    english = capsys.readouterr().out
    assert main([*args, "--lang", "ru"]) == 0
    russian = capsys.readouterr().out
    assert ": conflict: " in english and ": противоречие: " in russian
    assert "применяются два случая, и они расходятся" in russian
    assert "(строка " in russian and "two cases apply" not in russian


def test_what_a_witness_game_shows_is_said_in_russian_too() -> None:
    """The defaults, readings and built-ins say what their game shows from the catalogue: the
    English as the JSON has always had it, the Russian for the Russian rulebook."""
    from seed_reports import seed_report

    findings = seed_report("minsk").findings  # as `kozel check spec/variants` gives them
    said = {f.kind: f for f in findings if f.witness and isinstance(f.witness.shows, Said)}
    assert {"default", "reading", "claim-refuted", "assumption"} <= set(said), sorted(said)
    for kind in ("default", "reading", "claim-refuted", "assumption"):
        finding = said[kind]  # an assumption's message is the author's own reason
        texts = [finding.witness.shows] + ([] if kind == "assumption" else [finding.message])
        for text in texts:
            assert isinstance(text, Said) and CYRILLIC.search(said_in(text, "ru")), text
            assert said_in(text, "en") == str(text) != said_in(text, "ru")
    default = next(f for f in findings if f.kind == "default" and f.slot == "two doubles")
    assert default.message == ("`two doubles` is not written, so the language's default "
                               "applies: two doubles are never laid in one move")
    assert re.fullmatch(r"seat \d holds \d-\d and \d-\d for the two ends, and lays one at a "
                        r"time", default.witness.shows)
    assert re.fullmatch(r"у игрока на месте \d есть \d-\d и \d-\d для двух концов, и он "
                        r"кладёт их по одному", said_in(default.witness.shows, "ru"))


def test_why_no_game_was_found_is_said_in_both_languages() -> None:
    from checks.search.games import Searched

    why = Searched(None, {"`loser` at m.kozel:7": 3}, 10).why_not()
    assert why == ("no game of the 10 played reached it; games "
                   "stopped first at `loser` at m.kozel:7 (3×)")
    assert said_in(why, "ru") == ("ни одна из сыгранных партий (10) до этого не дошла; "
                                  "партии раньше останавливались на `loser` at m.kozel:7 (3×)")
    unconfirmed = Said("unconfirmed", reason=why, kind="gap", message="x")
    assert "ни одна из сыгранных партий" in said_in(unconfirmed, "ru")
