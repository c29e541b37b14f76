"""The comparison's summary in a real browser (Playwright driving Debian's Chromium, as
test_docs_browser_languages does): at most five screens tall on a desktop, its family table's
cells each on one line on a phone (the table scrolling in its own box, never the page), and
every pair reached from it on a page of its own, named by its variants' titles.

A screen is 800 px tall: the phone's screen of test_docs_browser_languages (400 × 800), and
the lower of its two heights, so that five of them is the stricter bound at 1,280 px too.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from kozel.publish.site import load_variants  # noqa: E402
from test_docs_browser import served  # noqa: E402,F401  (the built site on 127.0.0.1)
from test_docs_browser_languages import CHROMIUM, PREFIX, browser  # noqa: E402,F401

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium (/usr/bin/chromium) is not installed; "
                             ".ci/run installs it with `apt-get install -y chromium`")

SCREEN = 800  # px: one screen's height
SCREENS = 5  # the summary's bound, in screens, at 1,280 px
ROOT = Path(__file__).resolve().parents[2]

# Every cell of the family table whose text takes more than one line (its text's boxes span
# more than one and a half lines), the table's box and whether it scrolls, the page's width.
TABLE = """() => {
  const table = document.querySelector('table.kz-family');
  const wrapped = [...table.querySelectorAll('td, th')].filter(cell => {
    const range = document.createRange(); range.selectNodeContents(cell);
    const boxes = [...range.getClientRects()].filter(b => b.width > 0);
    if (!boxes.length) return false;
    const style = getComputedStyle(cell);
    const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
    const tall = Math.max(...boxes.map(b => b.bottom)) - Math.min(...boxes.map(b => b.top));
    return tall > 1.5 * line;
  }).map(cell => cell.textContent);
  const box = table.parentElement;
  return {wrapped, rows: table.querySelectorAll('tbody tr').length,
          marks: table.querySelectorAll('tbody td').length,
          scrolls: ['auto', 'scroll'].includes(getComputedStyle(box).overflowX),
          boxRight: box.getBoundingClientRect().right,
          page: document.documentElement.scrollWidth, screen: window.innerWidth,
          height: document.documentElement.scrollHeight};
}"""


@pytest.fixture(params=[1280, 400], ids=["1280px", "400px"])
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    """A fresh page one screen tall, at a desktop's width or a phone's."""
    context = browser.new_context(viewport={"width": request.param, "height": SCREEN})
    opened = context.new_page()
    opened.set_default_timeout(60_000)
    try:
        yield opened
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_summary_is_short_and_its_table_never_wraps_a_cell(
        served: tuple[str, Path], page: Any, lang: str) -> None:
    base, _ = served
    page.goto(f"{base}/{PREFIX[lang]}variants/compare/")
    seen = page.evaluate(TABLE)
    width = page.viewport_size["width"]
    assert seen["rows"] >= 20 and seen["marks"] >= 20 * 6, seen  # every slot × every pair
    assert not seen["wrapped"], seen["wrapped"]
    assert seen["page"] <= width + 1, "the table scrolls in its own box; the page does not"
    assert seen["boxRight"] <= width + 1 and seen["scrolls"], seen
    if width == 1280:
        assert seen["height"] <= SCREENS * SCREEN, seen["height"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_pair_is_named_by_its_titles_and_leads_to_its_page(
        served: tuple[str, Path], page: Any, lang: str) -> None:
    base, _ = served
    variants = load_variants(ROOT)
    page.goto(f"{base}/{PREFIX[lang]}variants/compare/")
    sentences = page.locator("ol.kz-pair-list > li")
    pairs = [(a, b) for i, a in enumerate(variants) for b in variants[i + 1:]]
    assert sentences.count() == len(pairs)
    for n, (a, b) in enumerate(pairs):
        text = sentences.nth(n).inner_text()
        assert a.title_in(lang) in text and b.title_in(lang) in text, text
        assert a.name not in text.replace(a.title_in(lang), ""), text  # titles, not ids
    if page.viewport_size["width"] == 400:
        return  # one visit of the large pair page is enough
    sentences.nth(len(pairs) - 1).locator("a").first.click()
    a, b = pairs[-1]
    page.wait_for_url(f"{base}/{PREFIX[lang]}variants/compare-{a.name}-{b.name}/")
    heading = page.inner_text("article h1")
    assert a.title_in(lang) in heading and b.title_in(lang) in heading, heading
    assert page.locator(".kz-diff .kz-scene").count() >= 1  # the details: games drawn
