"""Both languages in a real browser: Chromium, driven by Playwright, reads the built site over
HTTP at a desktop width and at 400 px, as a reader would: the page's language, the theme's words,
the language switch, and search that finds pages of the reader's language only.

Playwright drives Debian's Chromium (the binary .ci/run installs), not a browser of its own;
without either the test is skipped, saying why.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_docs_browser import served  # noqa: E402,F401  (the built site on 127.0.0.1)

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists()
                                        else None)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium (/usr/bin/chromium) is not installed; "
                             ".ci/run installs it with `apt-get install -y chromium`")

WIDTHS = {"desktop": (1280, 900), "400px": (400, 800)}
PREFIX = {"en": "", "ru": "ru/"}
# The theme's own words for its search field and its language button, in each language.
CHROME = {"en": ("Search", "Select language"), "ru": ("Поиск", "Выберите язык")}
# A word each language's pages use, and the other language's do not.
QUERY = {"en": "goat", "ru": "рыба"}
# What the theme's search says once its index is loaded and before anything is typed.
READY = {"en": "Type to start searching", "ru": "Начните печатать для поиска"}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for the module."""
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(params=list(WIDTHS), ids=list(WIDTHS))
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    """A fresh page at one of the widths."""
    width, height = WIDTHS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    opened = context.new_page()
    opened.set_default_timeout(30_000)
    try:
        yield opened
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_page_is_in_its_language_with_the_theme_in_it_too(
        served: tuple[str, Path], page: Any, lang: str) -> None:
    base, _ = served
    page.goto(f"{base}/{PREFIX[lang]}variants/minsk/")
    assert page.evaluate("document.documentElement.lang") == lang
    search, select = CHROME[lang]
    assert page.get_attribute("input.md-search__input", "placeholder") == search
    assert page.get_attribute(".md-select > button", "aria-label") == select
    heading = page.inner_text("article h1")
    assert ("Домино" in heading) == (lang == "ru") and ("Dominoes" in heading) == (lang == "en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_language_switch_leads_to_the_same_page(
        served: tuple[str, Path], page: Any, lang: str) -> None:
    base, _ = served
    other = "ru" if lang == "en" else "en"
    page.goto(f"{base}/{PREFIX[lang]}variants/pairs/")
    page.click(".md-select > button")  # focus opens the list
    page.click(f"a.md-select__link[hreflang={other}]")
    page.wait_for_url(f"{base}/{PREFIX[other]}variants/pairs/")
    assert page.evaluate("document.documentElement.lang") == other
    assert page.get_attribute("input.md-search__input", "placeholder") == CHROME[other][0]


# One page of search per screen width and language, opened once for every query: the theme
# builds its index (megabytes of JSON) anew in every page it opens.
_SEARCH_PAGES: dict[tuple[int, str], Any] = {}


def _search_page(page: Any, base: str, lang: str) -> Any:
    """The search page of a language at this page's width, opened with its index loaded."""
    width = page.viewport_size["width"]
    if (width, lang) not in _SEARCH_PAGES:
        opened = page.context.browser.new_page(viewport=page.viewport_size)
        opened.set_default_timeout(30_000)
        opened.goto(f"{base}/{PREFIX[lang]}glossary/")
        opened.wait_for_function(  # a query typed while the index still loads is lost
            "ready => document.querySelector('.md-search-result__meta').textContent.trim()"
            " === ready", arg=READY[lang])
        opened.keyboard.press("/")  # the theme's shortcut opens search at every width
        _SEARCH_PAGES[(width, lang)] = opened
    return _SEARCH_PAGES[(width, lang)]


def _search(page: Any, base: str, lang: str, query: str) -> list[str]:
    """Type a query into the search box of a language's site; return the results' links."""
    searching = _search_page(page, base, lang)
    box = searching.locator("input.md-search__input")
    box.fill("")  # the last query's results go; the theme says it is ready again
    box.press("End")
    searching.wait_for_function(
        "ready => document.querySelector('.md-search-result__meta').textContent.trim()"
        " === ready", arg=READY[lang])
    box.focus()
    searching.keyboard.type(query, delay=30)
    # Letters beyond the US layout are inserted without key events, and the theme searches
    # on a key going up: one more key, as a reader's last letter would be.
    searching.keyboard.press("End")
    searching.wait_for_selector(".md-search-result__list a", state="attached")
    links: list[str] = searching.eval_on_selector_all(".md-search-result__list a",
                                                      "links => links.map(a => a.href)")
    return links


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_search_finds_pages_of_the_readers_language_only(
        served: tuple[str, Path], page: Any, lang: str) -> None:
    base, _ = served
    for query in (QUERY[lang], "minsk"):  # a word of this language; a name both languages use
        links = _search(page, base, lang, query)
        assert links, query
        for link in links:
            assert link.startswith(f"{base}/{PREFIX[lang]}"), (query, link)
            assert lang == "ru" or not link.startswith(f"{base}/ru/"), (query, link)
        counted = _search_page(page, base, lang).inner_text(".md-search-result__meta")
        assert (lang == "ru") == ("Найден" in counted), counted  # the theme's words again


# What a Russian reader types, and the section of every rulebook it must find: another form of
# the word, a capital, «ё» written as «е» (as most people type it), the quotes of the titles.
RUSSIAN_QUERIES = [("рыба", "slot-fish"), ("рыбу", "slot-fish"), ("Рыба", "slot-fish"),
                   ("«рыба»", "slot-fish"), ("козел", "slot-goat"), ("козёл", "slot-goat")]
RULEBOOKS = ["minsk", "kozel-classic", "pairs", "gambler-1v1"]


@pytest.mark.parametrize("query,section", RUSSIAN_QUERIES, ids=[q for q, _ in RUSSIAN_QUERIES])
def test_russian_search_finds_the_rulebooks_sections(
        served: tuple[str, Path], page: Any, query: str, section: str) -> None:
    base, _ = served
    links = _search(page, base, "ru", query)
    found = {link.removeprefix(f"{base}/ru/") for link in links}
    wanted = {f"variants/{name}/#{section}" for name in RULEBOOKS}
    assert wanted <= found, (query, sorted(wanted - found))


# The generated pages beyond the rulebooks: a variant's statistics (plots as SVG, tables of
# figures), the comparison's summary (a wide table in its own scrolling box) and a pair's page.
GENERATED = ["statistics/minsk/", "variants/compare/", "variants/compare-minsk-pairs/"]
# Every element of the page's content that reaches past the right edge of the screen, unless
# a box that scrolls (or clips) holds it: what a reader would have to scroll the page for.
PAST_THE_EDGE = """() => {
  const edge = window.innerWidth + 1;
  const held = el => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  const past = [...document.querySelectorAll('.md-content *')].filter(el => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.right > edge && !held(el);
  }).map(el => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(
      el.getBoundingClientRect().right)} px)`);
  return {page: document.documentElement.scrollWidth, screen: window.innerWidth, past};
}"""


@pytest.mark.parametrize("path", GENERATED)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_generated_pages_are_in_their_language_fit_the_screen_and_switch_language(
        served: tuple[str, Path], page: Any, lang: str, path: str) -> None:
    base, _ = served
    page.goto(f"{base}/{PREFIX[lang]}{path}")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.get_attribute("input.md-search__input", "placeholder") == CHROME[lang][0]
    heading = page.inner_text("article h1")
    assert bool(re.search("[а-яё]", heading, re.I)) == (lang == "ru"), heading
    seen = page.evaluate(PAST_THE_EDGE)
    assert seen["page"] <= seen["screen"] + 1, seen  # the page itself never scrolls sideways
    assert not seen["past"], seen
    # the language switch leads to the same generated page (one visit of these large pages)
    other = "ru" if lang == "en" else "en"
    page.click(".md-select > button")
    page.click(f"a.md-select__link[hreflang={other}]")
    page.wait_for_url(f"{base}/{PREFIX[other]}{path}")
    assert page.evaluate("document.documentElement.lang") == other
