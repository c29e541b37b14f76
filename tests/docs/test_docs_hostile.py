"""A variant whose words carry HTML, Markdown links and images, attribute lists, table pipes and
backticks, with a source text that does too: the site shows every one of them as text, on every
page it reaches, in the search index and in a browser, where no script of theirs runs (issues 9
and 33).

The hostile variant is tests/corpus/site/hostile.kozel; it extends gambler-1v1, copied beside
it into a temporary spec folder that the docs hook reads through KOZEL_DOCS_ROOT, and its source
text (tests/corpus/site/hostile-source.txt) is copied under the hostile name its `source` gives.
The pages are checked twice: each generated page rendered by the site's own Markdown in this
process (quick, every page), and the real site build.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from interpreter.language.concordance import concordance  # noqa: E402
from interpreter.language.model import Variant  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from site_build import LANG_ROOTS, page_file  # noqa: E402
from interpreter.language import ast  # noqa: E402
from interpreter.language.parser import parse_text  # noqa: E402
from interpreter.language.resolve import load_paths  # noqa: E402

CORPUS = ROOT / "tests" / "corpus" / "site"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
# The hosts the corpus's links and images lead to (a login page, a tracking pixel)
HOSTILE_HOSTS = ("злой.рф", "track.example")
URL_ATTRIBUTES = ("href", "src", "srcset", "action", "formaction", "data", "poster")


class Elements(HTMLParser):
    """Every element of a page with its attributes and its text as a reader sees it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, dict[str, str], list[str]]] = []
        self.found: list[tuple[str, dict[str, str], str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag in VOID:
            self.found.append((tag, values, ""))
        else:
            self.open.append((tag, values, []))

    def handle_data(self, data: str) -> None:
        for _, _, text in self.open:
            text.append(data)

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, attrs, text = self.open.pop()
            self.found.append((name, attrs, "".join(text)))
            if name == tag:
                break


def elements(page: Path) -> list[tuple[str, dict[str, str], str]]:
    """Return the elements of a built page."""
    return elements_of_html(page.read_text(encoding="utf-8"))


def elements_of_html(markup: str) -> list[tuple[str, dict[str, str], str]]:
    """Return the elements of a piece of HTML."""
    parser = Elements()
    parser.feed(markup)
    parser.close()
    return parser.found


def markup_of(found: list[tuple[str, dict[str, str], str]]) -> list[object]:
    """What in a page's elements is markup a rule text made: an image, bold text, a script
    that calls alert, an event handler, a link or a source that runs script, or leads to the
    corpus's hosts. Empty on a page that shows the texts as text."""
    made: list[object] = []
    for tag, attrs, text in found:
        if tag in ("img", "b") or (tag == "script" and "alert(" in text):
            made.append((tag, attrs))
        for name, value in attrs.items():
            if name.startswith("on") or (name not in URL_ATTRIBUTES and "alert(" in value) or (
                    name in URL_ATTRIBUTES and _leads_astray(value)):
                made.append((tag, name, value))
    return made


def _leads_astray(value: str) -> bool:
    """Whether a link or a source runs script or leads to one of the corpus's hosts (a link
    to https://example.org/ whose path reads `alert(16)` is only a link)."""
    url = urlsplit(value.strip())
    return url.scheme.lower() in ("javascript", "data", "vbscript") or \
        url.hostname in HOSTILE_HOSTS


@pytest.fixture(scope="module")
def hostile_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder whose spec/variants holds the hostile variant, its parent and its source."""
    root = tmp_path_factory.mktemp("hostile")
    spec = root / "spec" / "variants"
    spec.mkdir(parents=True)
    shutil.copy(ROOT / "spec" / "variants" / "gambler-1v1.kozel", spec)
    shutil.copy(CORPUS / "hostile.kozel", spec)
    # the texts go under the names the variant gives them (a folder `s`<script>…<` and a file):
    # its source, and the file a `cite ... from` quotes, holding that quote
    (decl,) = parse_text((CORPUS / "hostile.kozel").read_text(encoding="utf-8"),
                         "hostile.kozel").variants
    texts = {i.path: (CORPUS / "hostile-source.txt").read_text(encoding="utf-8")
             for i in decl.items if isinstance(i, ast.SourceDecl)}
    texts |= {p.source: p.quote + "\n" for i in decl.items for p in getattr(i, "provenance", ())
              if isinstance(p, ast.Cite) and p.source is not None}
    for name, text in texts.items():
        (spec / name).parent.mkdir(parents=True, exist_ok=True)
        (spec / name).write_text(text, encoding="utf-8")
    return root


def hostile_variant(root: Path) -> Variant:
    """The hostile variant as the site loads it (with its source text found)."""
    library, _ = load_paths([root / "spec" / "variants"])
    variant = library.resolve("hostile")
    assert variant.source_file is not None
    return variant


@functools.cache
def site_markdown() -> tuple[list[object], dict[str, object]]:
    """The Markdown extensions of the site and their settings, as mkdocs.yml gives them."""
    from mkdocs.config import load_config
    config = load_config(str(ROOT / "mkdocs.yml"))
    return list(config.markdown_extensions), dict(config.mdx_configs)


def as_shown(reason: str) -> str:
    """An aside's reason as a reader sees it: its paired `code spans` drawn as code (their
    backticks not shown), every other character as written (kozel/publish/text.md_text_coded)."""
    parts = reason.split("`")
    return "".join(parts) if len(parts) % 2 else reason


def rendered(page: str) -> str:
    """A generated page made HTML by the site's Markdown, as the build makes it."""
    import markdown
    extensions, settings = site_markdown()
    return markdown.Markdown(extensions=extensions, extension_configs=settings).convert(page)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_generated_page_shows_the_rule_texts_as_text(hostile_root: Path,
                                                           lang: str) -> None:
    """Every page the site generates, rendered in this process (the checker left out)."""
    from kozel.publish.findings import not_checked
    from kozel.publish.site import build_site
    variant = hostile_variant(hostile_root)
    reports = {name: not_checked("not checked here") for name in ("hostile", "gambler-1v1")}
    site = build_site(hostile_root, lang, reports=reports)
    assert "sources/hostile.md" in site.pages and "variants/hostile.md" in site.pages
    for path, page in site.pages.items():
        assert markup_of(elements_of_html(rendered(page))) == [], path
    cells = [text for tag, _, text in elements_of_html(rendered(site.pages["sources/hostile.md"]))
             if tag == "td"]
    found = concordance(variant)
    assert found is not None
    for entry in found.entries:  # every sentence and every reason, as written
        assert entry.sentence.text in cells
        for reason, ru in entry.asides:
            assert as_shown(ru if lang == "ru" and ru else reason) in cells


@pytest.fixture(scope="module")
def hostile(hostile_root: Path) -> tuple[Variant, Path]:
    """Build the site from the hostile variant and its parent; return it and the site folder."""
    out = hostile_root / "site"
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=900,
                         # no PDFs: this build is read for its pages (the PDFs: test_docs_pdf)
                         env={**os.environ, "KOZEL_DOCS_ROOT": str(hostile_root),
                              "KOZEL_CHROMIUM": ""})
    assert run.returncode == 0, run.stdout + run.stderr
    return hostile_variant(hostile_root), out


def test_nothing_of_the_variant_becomes_markup_or_a_link(hostile: tuple[Variant, Path]) -> None:
    _, site = hostile
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 7
    assert page_file(site, "ru", "sources", "hostile") in pages
    for page in pages:
        assert markup_of(elements(page)) == [], page


def language_of(site: Path, page: Path) -> str:
    """The language of a built page: Russian under ru/, English elsewhere."""
    return "ru" if page.relative_to(site).parts[0] == LANG_ROOTS["ru"] else "en"


def test_the_title_is_text_in_the_nav_the_heading_and_the_index(
        hostile: tuple[Variant, Path]) -> None:
    variant, site = hostile
    for lang in ("en", "ru"):
        title = variant.title_in(lang)
        assert "|" in title and "](" in title and title != variant.title_in("en" if lang == "ru"
                                                                            else "ru")
    for page in sorted(site.rglob("*.html")):  # the nav lists every rulebook on every page
        links = [text.strip() for tag, _, text in elements(page) if tag == "a"]
        assert variant.title_in(language_of(site, page)) in links, page
    for lang in ("en", "ru"):
        title = variant.title_in(lang)
        found = elements(page_file(site, lang, "variants", "hostile"))
        assert any(tag == "h1" and text.strip().rstrip("¶") == title
                   for tag, _, text in found)  # ¶ is the permalink
        assert any(tag == "title" and text == f"{title} - kozel" for tag, _, text in found)
        index = elements(page_file(site, lang, "variants"))
        rows = [tag for tag, _, _ in index if tag == "tr"]
        cells = [text for tag, _, text in index if tag in ("td", "th")]
        assert len(cells) == 6 * len(rows)  # no pipe split a row
        assert title in cells


def test_source_quotes_notes_options_and_claims_are_text(hostile: tuple[Variant, Path]) -> None:
    variant, site = hostile
    cases = [c for _, cs in variant.slots for c in cs if c.origin == "hostile"]
    quotes = [c.quote for case in cases for c in case.cites]
    sources = [c.source for case in cases for c in case.cites if c.source]
    claim = next(c for c in variant.claims if "onerror" in c.text)
    option = next(o for o in variant.options if o.name == "hostile_words")
    for lang in ("en", "ru"):
        found = elements(page_file(site, lang, "variants", "hostile"))
        texts = [text for _, _, text in found]
        assert any(tag == "code" and text == variant.source for tag, _, text in found)
        assert variant.source_title in texts
        assert any(tag == "a" and attrs.get("href") == variant.source_link
                   for tag, attrs, _ in found)
        for quote in quotes:
            assert any(text == f"«{quote}»" for text in texts), quote
        for words in sources + [f"«{claim.text}»"]:
            assert words in texts, words
        for value in option.values:  # the option's words at the table, in bold
            assert any(tag == "strong" and text == option.said(value, lang)
                       for tag, _, text in found), value
        for item in (*cases, option, claim):
            note = item.note_ru if lang == "ru" and item.note_ru else item.note
            reason = (item.assumption_ru if lang == "ru" and item.assumption_ru
                      else item.assumption)
            for said in filter(None, (note, reason)):
                assert any(text.endswith(f": {said}") for text in texts), said


def test_the_source_page_quotes_the_text_and_the_asides_reasons(
        hostile: tuple[Variant, Path]) -> None:
    variant, site = hostile
    found = concordance(variant)
    assert found is not None
    for lang in ("en", "ru"):
        page = elements(page_file(site, lang, "sources", "hostile"))
        cells = [text for tag, _, text in page if tag == "td"]
        assert any(tag == "code" and text == variant.source for tag, _, text in page)
        for entry in found.entries:
            assert entry.sentence.text in cells  # `--8<--` too: a snippet is not included
            for reason, ru in entry.asides:
                assert as_shown(ru if lang == "ru" and ru else reason) in cells


def test_the_search_index_holds_the_texts_as_text(hostile: tuple[Variant, Path]) -> None:
    """The theme's search shows a result's title and text as HTML: the index holds the rule
    texts escaped, so they show as written there too."""
    variant, site = hostile
    found = concordance(variant)
    assert found is not None
    for lang in ("en", "ru"):
        index = json.loads((site / LANG_ROOTS[lang] / "search" / "search_index.json")
                           .read_text(encoding="utf-8"))
        texts = []
        for doc in index["docs"]:
            for field in ("title", "text"):
                shown = elements_of_html(f"<div>{doc[field]}</div>")
                assert markup_of(shown) == [], (doc["location"], field)
                texts.append(shown[-1][2])
        for reason, ru in (a for entry in found.entries for a in entry.asides):
            assert any(as_shown(ru if lang == "ru" and ru else reason) in text for text in texts)
        assert any(variant.title_in(lang) in text for text in texts)


# Records what a script of the page's text would do: every dialog it opens, and a prepend of the
# page's host to the body (the payload, `document.body.prepend(document.domain)`).
RECORDER = """
window.kzRan = [];
for (const name of ["alert", "confirm", "prompt", "print"]) {
  window[name] = (...args) => { window.kzRan.push(name + "(" + args.join(",") + ")"); };
}
"""
RAN = """() => {
  const first = document.body.firstChild;
  const prepended = first && first.nodeType === Node.TEXT_NODE
    && first.textContent.trim() === document.domain;
  const handlers = Array.from(document.querySelectorAll("*")).flatMap(e =>
    Array.from(e.attributes).filter(a => /^on/i.test(a.name)
      || /^\\s*(javascript|data|vbscript):/i.test(a.value)).map(a => e.tagName + " " + a.name));
  return {ran: window.kzRan, prepended: !!prepended, handlers: handlers,
          images: document.images.length};
}"""
BROWSED = ["variants/hostile/", "sources/hostile/", "variants/", "variants/compare/",
           "variants/compare-gambler-1v1-hostile/"]  # the pair's page: its titles, their rules
# A word of the hostile texts that each language's search finds (its index keeps the words of
# its own alphabet), and what the theme's search says when its index is loaded.
SEARCHED = {"en": "onmouseover", "ru": "трубка"}
READY = {"en": "Type to start searching", "ru": "Начните печатать для поиска"}


def test_no_script_of_the_rule_texts_runs_in_a_browser(hostile: tuple[Variant, Path]) -> None:
    """Headless Chromium loads the hostile pages of both languages and searches their words:
    no dialog opens, nothing is prepended, no element carries a handler or a script link."""
    playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    from test_docs_browser import CHROMIUM, serving
    if CHROMIUM is None:
        pytest.skip("headless Chromium (/usr/bin/chromium) is not installed")
    _, site = hostile
    with serving(site) as base, playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM,
                                         args=["--no-sandbox", "--disable-dev-shm-usage"])
        try:
            page = browser.new_page()
            page.set_default_timeout(30_000)
            page.add_init_script(RECORDER)
            for lang in ("en", "ru"):
                for path in BROWSED:
                    page.goto("/".join(p for p in (base, LANG_ROOTS[lang], path) if p),
                              wait_until="load")
                    seen = page.evaluate(RAN)
                    assert seen == {"ran": [], "prepended": False, "handlers": [],
                                    "images": 0}, (lang, path, seen)
                _search(page, lang, SEARCHED[lang])  # results show the texts' words as HTML
                seen = page.evaluate(RAN)
                assert (seen["ran"], seen["handlers"], seen["images"]) == ([], [], 0), seen
        finally:
            browser.close()


def _search(page: Any, lang: str, query: str) -> None:
    """Type a query into the theme's search once its index is loaded; wait for its results."""
    page.wait_for_function(  # a query typed while the index still loads is lost
        "ready => document.querySelector('.md-search-result__meta').textContent.trim()"
        " === ready", arg=READY[lang])
    page.keyboard.press("/")  # the theme's shortcut opens search
    page.locator("input.md-search__input").focus()
    page.keyboard.type(query, delay=30)
    page.keyboard.press("End")  # the theme searches on a key going up (as a reader's last key)
    page.wait_for_selector(".md-search-result__list a[href*='/hostile/']", state="attached")
