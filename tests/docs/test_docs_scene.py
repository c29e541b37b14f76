"""Witnesses drawn as table scenes: the real checker's games on minsk, replayed by the engine.

Each scene is checked against what the witness itself says (the checker read it off the engine
when it found the game): the line left to right, each seat's hand, the stock; and against what a
person reads: seats from 1, the marked tiles are the ones the finding names, the sheet adds up.
"""

from __future__ import annotations

import json
import re
import sys
from html import unescape
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.publish.scene import scene_of  # noqa: E402
from kozel.publish.scene_html import SIGNS, record_text, witness_html  # noqa: E402
from kozel.publish.scene_words import scene_word  # noqa: E402
from kozel.publish.scene_marks import marks_of  # noqa: E402
from interpreter.language.model import Variant  # noqa: E402
from interpreter.engine.tiles import Laid, Tile  # noqa: E402
from checks.search.cause import Cause  # noqa: E402
from checks.search.witnesses import At, Side, made  # noqa: E402

pytest.importorskip("checks.running.run", reason="the checker is not installed")
from seed_reports import seed_report, seeds  # noqa: E402


@pytest.fixture(scope="module")
def minsk() -> Variant:
    return seeds()["minsk"]  # as `kozel check spec/variants` names its file


@pytest.fixture(scope="module")
def findings(minsk: Variant) -> list[Any]:
    """The real checker's findings on minsk that come with a game."""
    found = [f for f in seed_report("minsk").findings if f.witness and f.witness.record]
    assert len(found) >= 5
    return found


def test_the_replayed_table_is_the_one_the_checker_saw(minsk: Variant, findings: list[Any]
                                                       ) -> None:
    laid = 0
    for finding in findings:
        witness, scene = finding.witness, scene_of(finding.witness, minsk)
        if witness.line:
            assert [Laid(t.left, t.right) for t in scene.line] == list(witness.line)
            orders = sorted(t.order for t in scene.line)
            assert orders == list(range(1, len(scene.line) + 1)), orders  # each laid once
            laid += 1
        if witness.has("hands"):
            assert scene.hands == list(witness.hands)
        if witness.has("stock"):
            assert scene.stock == witness.stock
    assert laid >= 2, "some witnesses stop with tiles on the table"


def test_the_score_sheet_agrees_with_the_witness(minsk: Variant, findings: list[Any]) -> None:
    sheets = 0
    for finding in findings:
        scene = scene_of(finding.witness, minsk)
        if scene.scores and finding.witness.has("totals"):
            assert [r.total for r in scene.scores] == list(finding.witness.fact("totals"))
            assert [r.this_round for r in scene.scores] == list(finding.witness.fact("written"))
            sheets += 1
    assert sheets >= 1


MARKED = re.compile(r'<span class="kz-mark"><span class="kz-t"><svg class="kz-tile" '
                    r'data-tile="([0-6]-[0-6])"')


def test_the_tiles_that_cause_a_finding_are_marked_and_no_others(minsk: Variant,
                                                                  findings: list[Any]) -> None:
    named = [f for f in findings if re.search(r"holder\(1-1\)", f.message)]
    assert named, "minsk's lead match names 1-1"
    for finding in named:
        assert finding.witness.cause.tiles == (Tile(1, 1),), finding.witness.cause
        html = witness_html(finding.witness, "en", variant=minsk)
        assert MARKED.findall(html) == ["1-1"]
    # a lone 6-6 decides the readings of `hand value`: it is marked, the other tiles are not
    reading = next(f for f in findings if f.kind == "reading" and f.slot == "hand value")
    tiles = [str(t) for t in reading.witness.cause.tiles]
    assert "6-6" in tiles and len(tiles) <= 2, tiles
    html = witness_html(reading.witness, "ru", variant=minsk)
    assert set(MARKED.findall(html)) <= set(tiles) and "6-6" in MARKED.findall(html)
    # the ends are marked where the rule reads them (a fish), and only there
    for finding in findings:
        ends = marks_of(finding.witness).ends
        assert ends == bool(finding.witness.cause and finding.witness.cause.ends)
        laid = re.findall(r'<span class="kz-lt([^"]*)"',
                          witness_html(finding.witness, "ru", variant=minsk))
        if ends and laid:
            assert "kz-mark" in laid[0] and "kz-mark" in laid[-1]
    assert any(marks_of(f.witness).ends for f in findings), "minsk's fish claim reads the ends"
    said_out = [f for f in findings if f.witness.fact("end") == "out"
                and not f.witness.cause.ends]
    assert said_out, "a round that ends out does not mark the line's ends"


def test_a_tie_marks_the_two_tiles_that_tie() -> None:
    tie = next(f for f in seed_report("kozel-classic").findings
               if f.kind == "ambiguity" and f.slot == "lead match" and f.witness)
    # which two tiles tie depends on the game the search found (3-6 and 4-5, or 2-6 and 3-5):
    # two tiles of the same weight, and only they are marked
    tied = sorted(tie.witness.cause.tiles)
    assert len(tied) == 2 and len({t.pips for t in tied}) == 1, tied
    shown = witness_html(tie.witness, "ru", variant=seeds()["kozel-classic"])
    assert sorted(MARKED.findall(shown)) == [str(t) for t in tied]


def test_the_legend_explains_every_sign_the_scene_draws(minsk: Variant,
                                                         findings: list[Any]) -> None:
    for finding in findings:
        html = witness_html(finding.witness, "ru", variant=minsk)
        legend = re.search(r'<details class="kz-scene-legend">.*?</details>', html)
        drawing = html.replace(legend.group(0), "") if legend else html
        for sign, word in SIGNS:
            used = re.search(rf'class="[^"]*(?<![\w-]){sign}(?![\w-])', drawing) is not None
            assert used == (legend is not None and scene_word("ru", word) in legend.group(0)), \
                (sign, finding.slot)


def test_the_record_is_indented_json_broken_only_between_values(minsk: Variant,
                                                                 findings: list[Any]) -> None:
    for finding in findings:
        text = record_text(finding.witness.record)
        assert json.loads(text) == finding.witness.record
        for line in text.splitlines():
            assert not re.search(r'"[0-6]-$|^\s*[0-6]"', line), line  # no tile cut in two
        assert "\n  " in text


def test_a_reading_is_named_by_what_it_says(minsk: Variant, findings: list[Any]) -> None:
    reading = next(f for f in findings if f.kind == "reading" and f.slot == "hand value")
    html = unescape(witness_html(reading.witness, "ru", variant=minsk))  # as a reader sees it
    assert "В другом прочтении («к 12 очкам одинокого 6-6 прибавляется 50»)" in html
    assert "minsk (added)" not in html and "(added)" not in html


@pytest.mark.parametrize("lang,seat", [("en", "Seat"), ("ru", "Место")])
def test_seats_are_numbered_from_one(minsk: Variant, findings: list[Any], lang: str,
                                     seat: str) -> None:
    for finding in findings:
        html = witness_html(finding.witness, lang, variant=minsk)
        players = finding.witness.players
        names = re.findall(rf"<strong>{seat} (\d)</strong>", html)
        if finding.witness.hands:
            assert names == [str(n) for n in range(1, players + 1)]


def test_long_scenes_are_folded_and_short_ones_open(minsk: Variant, findings: list[Any]) -> None:
    drawn = [witness_html(f.witness, "en", variant=minsk) for f in findings]
    folded = [h for h in drawn if '<details class="kz-scene-box">' in h]
    opened = [h for h in drawn if '<details class="kz-scene-box" open>' in h]
    assert folded and opened and len(folded) + len(opened) == len(drawn)


def test_without_a_variant_the_witness_facts_are_the_scene() -> None:
    tile = Tile.parse
    witness = made(players=2, hands=((tile("0-6"), tile("2-2")), (tile("5-5"),)),
                   line=(Laid(1, 3), Laid(3, 3)), stock=(tile("1-1"),), at=At(1, 2),
                   shows="ends 1 and 3", cause=Cause((tile("2-2"),)))
    html = witness_html(witness, "en")
    assert 'data-tile="1-3"' in html and 'data-tile="3-3"' in html
    assert re.search(r'kz-mark"><span class="kz-t"><svg class="kz-tile" data-tile="2-2"', html)
    assert "Seat 2" in html and "Seat 0" not in html


def test_the_sides_a_witness_names_are_drawn_from_one_and_marked() -> None:
    """The goat and the match's winners are sides (from 0 in the witness): the scene says them
    from 1, and marks the goat's row of the sheet."""
    witness = made(("players", 4), ("totals", (30, 120)), ("written", (0, 40)),
                   ("goat", (Side(1, (1, 3)),)), ("won", (Side(0, (0, 2)),)))
    html = witness_html(witness, "en")
    assert "<dt>The goat</dt><dd>Side 2</dd>" in html
    assert "<dt>won the match</dt><dd>Side 1</dd>" in html
    assert marks_of(witness).sides == {1}
    assert "side 0" not in html and "seats 0" not in html
