"""The comparison pages: a summary that says every pair of variants in a sentence, by their
titles, with the family table; each pair's page in words first, each difference shown by its
game; every rule as written on a page of its own. The pairs' data is `kozel check`'s own
comparison (checks/compare/family.py: compare_pair, read back from the build's cache or computed
when it is not there); the pages are read from the real generator, and the table of rules as written
from the real site build."""

from __future__ import annotations

import re
import sys
from html import escape, unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from checks.reporting.family_text import CELL  # noqa: E402
from kozel.publish.comparison import PAGE, WRITTEN, Comparison  # noqa: E402
from kozel.publish.comparison_pair import pair_page  # noqa: E402
from kozel.publish.wording import SLOT_LABELS  # noqa: E402
from kozel.publish.site import load_variants  # noqa: E402
from interpreter.language.slots import SLOTS  # noqa: E402
from site_build import built_site, page_file  # noqa: E402

pytest.importorskip("checks.compare.family", reason="the checker is not installed")

SEEDS = ("gambler-1v1", "kozel-classic", "minsk", "pairs")
# what the Russian page must not say in English (the checker's statuses, `kozel diff`'s lines)
ENGLISH = re.compile(r"\b(same|different|differs?|unconfirmed|incomparable|unknown|only in|"
                     r"option|default|not written|players|rule)\b", re.I)


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    """The seeds compared as the site compares them (their files named as the site names them)."""
    return Comparison(load_variants(ROOT))


@pytest.fixture(scope="module")
def pages(comparison: Comparison) -> dict[str, dict[str, str]]:
    """Every page of the comparison, by language, then by name."""
    return {lang: comparison.pages(lang) for lang in ("en", "ru")}


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
        comparison: Comparison, pages: dict[str, dict[str, str]], lang: str) -> None:
    games = 0
    for (i, j), (a, b), data in zip(comparison.indices, comparison.pairs, comparison.comparisons):
        section = pages[lang][pair_page(a, b)]  # the pair's own page
        assert re.search(rf"^# .*\{{#pair-{i + 1}-{j + 1}\}}$", section, re.M)  # its heading
        assert 'href="../compare/#pair-' in section  # and its way back to the summary
        words = section[section.index('class="kz-pair-words"'):]
        words = words[:words.index("</div>")]
        assert escape(a.title_in(lang)) in words and escape(b.title_in(lang)) in words
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
                if entry["witness"].does:  # the solver's moment: what each rule answers
                    assert 'class="kz-does"' in block, anchor
                else:  # a lockstep game: the first thing a player sees differently, in words
                    assert entry["witness"] is entry.get("effect"), anchor
                    assert 'class="kz-remark"' in block, anchor
                games += 1
            else:
                assert 'kz-no-game"' in block, anchor  # and why no game shows it
    assert games >= 30, "the seeds differ in many rules, each shown by a game"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_summary_says_each_pair_by_its_titles_counts_and_links_to_it(
        comparison: Comparison, pages: dict[str, dict[str, str]], lang: str) -> None:
    summary = pages[lang][PAGE]
    sentences = re.findall(r'<li id="pair-(\d+)-(\d+)">(.*?)</li>', summary)
    assert [(int(i) - 1, int(j) - 1) for i, j, _ in sentences] == comparison.indices
    for (_, _, sentence), (a, b), data in zip(sentences, comparison.pairs,
                                              comparison.comparisons):
        assert sentence.startswith(f'<a href="../{pair_page(a, b)}/">')
        assert escape(a.title_in(lang)) in sentence and escape(b.title_in(lang)) in sentence
        assert f">{a.name}<" not in sentence  # a name for people, not the variant's id
        different = [d["slot"] for d in data["differences"] if d["status"] == "different"]
        counted = re.search(r"(?:differ in|расходятся в) (\d+) ", sentence)
        assert counted and counted.group(1) == str(len(different)), sentence
        for slot in different:  # each rule that differs named, linking to its block
            assert f'#pair-{sentence_anchor(comparison, a, b)}-{slot.replace(" ", "-")}"' \
                in sentence, slot
        agree = re.search(r"(?:agree in|совпадают в) (\d+)", sentence)
        assert agree and agree.group(1) == str(len(data["same"])), sentence


def sentence_anchor(comparison: Comparison, a: object, b: object) -> str:
    """The 1-based numbers of a pair in site order, as its anchors write them."""
    i, j = comparison.indices[comparison.pairs.index((a, b))]  # type: ignore[arg-type]
    return f"{i + 1}-{j + 1}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_family_table_marks_every_slot_of_every_pair_as_the_checker_does(
        comparison: Comparison, pages: dict[str, dict[str, str]], lang: str) -> None:
    summary = pages[lang][PAGE]
    table = summary[summary.index('<table class="kz-compare kz-family">'):]
    table = table[:table.index("</table>")]
    heads = re.findall(r'<th scope="col"><a href="../([^/]*)/"[^>]*>(\d+)</a></th>', table)
    assert heads == [(pair_page(a, b), str(n + 1)) for n, (a, b) in enumerate(comparison.pairs)]
    rows = re.findall(r'<tr><th scope="row">([^<]*)</th>(.*?)</tr>', table)
    assert [label for label, _ in rows] == [escape(SLOT_LABELS[s][lang]) for s in SLOTS]
    for slot, (_, cells) in zip(SLOTS, rows):
        marks = re.findall(r"<td[^>]*>(?:<a [^>]*>)?([^<]*)(?:</a>)?</td>", cells)
        expected = []
        for data in comparison.comparisons:
            status = {d["slot"]: d["status"] for d in data["differences"]}.get(slot) or \
                ("same" if slot in data["same"] else "")
            expected.append(escape(CELL[status]) if status else "")
        assert marks == expected, (slot, marks, expected)


def test_the_russian_pages_are_in_russian(pages: dict[str, dict[str, str]]) -> None:
    for name, page in pages["ru"].items():
        text = re.sub(r"<pre>.*?</pre>|<code>.*?</code>|`[^`]*`|<[^>]+>", " ", page, flags=re.S)
        found = sorted({m.group(0) for m in ENGLISH.finditer(text)})
        assert not found, (name, found)
        assert 'lang="en"' not in page, name  # no checker message left untranslated
    english = "".join(pages["en"].values())
    assert "different" in english and "Rules in which" in english


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_rule_as_written_is_a_row_and_every_variant_a_column(comparison: Comparison,
                                                                   lang: str) -> None:
    out, errors = built_site()
    assert not errors, errors
    page = page_file(out, lang, "variants", WRITTEN).read_text(encoding="utf-8")
    table = page[page.index('<table class="kz-compare kz-as-written">'):]
    table = table[:table.index("</table>")]
    for variant in comparison.variants:
        assert f'href="../{variant.name}/"' in table
    rows = re.findall(r"<tr>\s*<th>[^<]*<code>([^<]*)</code></th>", table)
    assert set(SLOTS) <= set(rows)
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]:
        assert row.count("<td") == len(comparison.variants)
    summary = page_file(out, lang, "variants", PAGE).read_text(encoding="utf-8")
    assert f'href="../{WRITTEN}/"' in summary  # the summary leads to it
    for (i, j), (a, b) in zip(comparison.indices, comparison.pairs):
        built = page_file(out, lang, "variants", pair_page(a, b)).read_text(encoding="utf-8")
        assert f'id="pair-{i + 1}-{j + 1}"' in built  # every pair's page survives the build
        assert f'href="../{pair_page(a, b)}/"' in summary


def test_a_place_in_a_rule_file_and_a_source_file_are_code_on_the_russian_page(
        comparison: Comparison, pages: dict[str, dict[str, str]]) -> None:
    """The engine's stops name `spec/variants/minsk.kozel:47` bare; the page shows it as code."""
    page = unescape("".join(pages["ru"].values()))  # the texts' characters, as a reader sees
    prose = re.sub(r"<code>.*?</code>|`[^`]*`", " ", page, flags=re.S)
    assert "spec/variants/" in page and not re.search(r"\.kozel:\d", prose)
    assert not re.search(r"<cite>[^<]*\.txt", page)  # a source is named by its title
    minsk = next(v for v in comparison.variants if v.name == "minsk")
    assert f"<cite>{minsk.source_title} (<code>{minsk.source}</code>)</cite>" \
        in page  # pairs quotes the text of minsk, which it extends
