"""The comparison page: every pair of variants compared, in words first, each difference shown
by its game. The pairs' data is `kozel check`'s own comparison (checks/family.py: compare_pair,
read back from the build's cache or computed when it is not there); the page is read from the
real generator, and the table of rules as written from the real site build."""

from __future__ import annotations

import re
import sys
from html import escape, unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from docs.gen.comparison import Comparison  # noqa: E402
from docs.gen.wording import SLOT_LABELS  # noqa: E402
from docs.gen.site import load_variants  # noqa: E402
from interpreter.language.slots import SLOTS  # noqa: E402
from site_build import built_site, page_file  # noqa: E402

pytest.importorskip("checks.family", reason="the checker is not installed")

SEEDS = ("gambler-1v1", "kozel-classic", "minsk", "pairs")
# what the Russian page must not say in English (the checker's statuses, `kozel diff`'s lines)
ENGLISH = re.compile(r"\b(same|different|differs?|unconfirmed|incomparable|unknown|only in|"
                     r"option|default|not written|players|rule)\b", re.I)


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    """The seeds compared as the site compares them (their files named as the site names them)."""
    return Comparison(load_variants(ROOT))


@pytest.fixture(scope="module")
def pages(comparison: Comparison) -> dict[str, str]:
    return {lang: comparison.page(lang) for lang in ("en", "ru")}


def _section(page: str, anchor: str) -> str:
    """The part of the page from a pair's heading to the next heading."""
    start = page.index(f"{{#{anchor}}}")
    end = page.find("\n## ", start)
    return page[start:end if end > 0 else len(page)]


def _block(section: str, anchor: str) -> str:
    start = section.index(f'id="{anchor}"')
    end = section.find('<div class="kz-diff ', start + 1)
    return section[start:end if end > 0 else len(section)]


def test_every_pair_of_the_seeds_is_compared_once_in_site_order(comparison: Comparison) -> None:
    names = [v.name for v in comparison.variants]
    assert set(SEEDS) <= set(names)
    pairs = [(a.name, b.name) for a, b in comparison.pairs]
    expected = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    assert pairs == expected and len(pairs) == len(names) * (len(names) - 1) // 2
    for (a, b), data in zip(pairs, comparison.comparisons):
        assert data is not None, (a, b)
        assert (data["a"], data["b"]) == (a, b)  # the family check's entry for the pair
        assert {"same", "differences", "options"} <= set(data)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_pair_says_in_words_what_differs_and_shows_each_game(
        comparison: Comparison, pages: dict[str, str], lang: str) -> None:
    page = pages[lang]
    games = 0
    for (i, j), (a, b), data in zip(comparison.indices, comparison.pairs, comparison.comparisons):
        section = _section(page, f"pair-{i + 1}-{j + 1}")
        words = section[section.index('class="kz-pair-words"'):]
        words = words[:words.index("</div>")]
        assert f"<code>{a.name}</code>" in words and f"<code>{b.name}</code>" in words
        for entry in data["differences"]:
            label = escape(SLOT_LABELS[entry["slot"]][lang])
            assert label in words, (a.name, b.name, entry["slot"])  # named in plain words
            anchor = f"pair-{i + 1}-{j + 1}-{entry['slot'].replace(' ', '-')}"
            block = _block(section, anchor)
            assert block.count('class="kz-sentence"') == 2, anchor  # what each variant says
            assert 'class="kz-diff-texts"' in block, anchor  # the rules as written
            if entry["witness"]:
                assert 'class="kz-witness kz-scene' in block, anchor  # the game drawn
                if entry["witness"].hands or entry["witness"].line:
                    assert '<circle class="pip"' in block, anchor  # with the site's tiles
                assert 'class="kz-does"' in block, anchor
                games += 1
            else:
                assert 'kz-no-game"' in block, anchor  # and why no game shows it
    assert games >= 30, "the seeds differ in many rules, each shown by a game"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_overview_counts_each_pair_and_links_to_it(
        comparison: Comparison, pages: dict[str, str], lang: str) -> None:
    page = pages[lang]
    table = page[page.index('class="kz-compare kz-overview"'):]
    table = table[:table.index("</table>")]
    rows = re.findall(r"<tr><th>\d+\. (.*?)</tr>", table)
    assert len(rows) == len(comparison.variants)
    for (i, j), data in zip(comparison.indices, comparison.comparisons):
        different = sum(1 for d in data["differences"] if d["status"] == "different")
        for row in (rows[i], rows[j]):  # both halves of the matrix link to the pair
            link = re.search(rf'<a href="#pair-{i + 1}-{j + 1}">([^<]*)</a>', row)
            assert link and link.group(1).split(" + ")[0] == str(different), (i, j, row)


def test_the_russian_page_is_in_russian(pages: dict[str, str]) -> None:
    text = re.sub(r"<pre>.*?</pre>|<code>.*?</code>|`[^`]*`|<[^>]+>", " ", pages["ru"], flags=re.S)
    found = sorted({m.group(0) for m in ENGLISH.finditer(text)})
    assert not found, found
    assert 'lang="en"' not in pages["ru"]  # no checker message left untranslated
    assert "different" in pages["en"] and "Rules in which" in pages["en"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_rule_as_written_is_a_row_and_every_variant_a_column(comparison: Comparison,
                                                                   lang: str) -> None:
    out, errors = built_site()
    assert not errors, errors
    page = page_file(out, lang, "variants", "compare").read_text(encoding="utf-8")
    table = page[page.index('<table class="kz-compare kz-as-written">'):]
    table = table[:table.index("</table>")]
    for variant in comparison.variants:
        assert f'href="../{variant.name}/"' in table
    rows = re.findall(r"<tr>\s*<th>[^<]*<code>([^<]*)</code></th>", table)
    assert set(SLOTS) <= set(rows)
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]:
        assert row.count("<td") == len(comparison.variants)
    assert page.count('id="pair-') >= 6  # every pair's section survives the build


def test_a_place_in_a_rule_file_and_a_source_file_are_code_on_the_russian_page(
        comparison: Comparison, pages: dict[str, str]) -> None:
    """The engine's stops name `spec/variants/minsk.kozel:47` bare; the page shows it as code."""
    page = unescape(pages["ru"])  # the texts' characters, as a reader sees them
    prose = re.sub(r"<code>.*?</code>|`[^`]*`", " ", page, flags=re.S)
    assert "spec/variants/" in page and not re.search(r"\.kozel:\d", prose)
    assert not re.search(r"<cite>[^<]*\.txt", page)  # a source is named by its title
    minsk = next(v for v in comparison.variants if v.name == "minsk")
    assert f"<cite>{minsk.source_title} (<code>{minsk.source}</code>)</cite>" \
        in page  # pairs quotes the text of minsk, which it extends
