"""A variant whose words carry HTML, Markdown links, table pipes and backticks: the real site
build shows every one of them as text, on every page it reaches (issue 9).

The hostile variant is tests/corpus/site/hostile.kozel; it extends gambler-1v1, copied beside
it into a temporary spec folder that the docs hook reads through KOZEL_DOCS_ROOT.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from interpreter.language.model import Variant  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from site_build import page_file  # noqa: E402
from interpreter.language.resolve import load_paths  # noqa: E402

CORPUS = ROOT / "tests" / "corpus" / "site"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


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


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Variant, Path]:
    """Build the site from the hostile variant and its parent; return it and the site folder."""
    root = tmp_path_factory.mktemp("hostile")
    spec = root / "spec" / "variants"
    spec.mkdir(parents=True)
    shutil.copy(ROOT / "spec" / "variants" / "gambler-1v1.kozel", spec)
    shutil.copy(CORPUS / "hostile.kozel", spec)
    out = root / "site"
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=900,
                         # no PDFs: this build is read for its pages (the PDFs: test_docs_pdf)
                         env={**os.environ, "KOZEL_DOCS_ROOT": str(root), "KOZEL_CHROMIUM": ""})
    assert run.returncode == 0, run.stdout + run.stderr
    library, _ = load_paths([spec])
    return library.resolve("hostile"), out


def test_nothing_of_the_variant_becomes_markup_or_a_link(hostile: tuple[Variant, Path]) -> None:
    _, site = hostile
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 7
    for page in pages:
        for tag, attrs, text in elements(page):
            assert tag not in ("img", "b"), (page, tag, attrs)
            assert not (tag == "script" and "alert(" in text), page
            for name, value in attrs.items():
                assert not name.startswith("on"), (page, tag, name)
                assert "javascript:" not in value and "alert(" not in value, (page, tag, value)


def test_the_title_is_text_in_the_nav_the_heading_and_the_index(
        hostile: tuple[Variant, Path]) -> None:
    variant, site = hostile
    assert variant.title and "|" in variant.title and "](javascript:" in variant.title
    for page in sorted(site.rglob("*.html")):  # the nav lists every rulebook on every page
        links = [text.strip() for tag, _, text in elements(page) if tag == "a"]
        assert variant.title in links, page
    for lang in ("en", "ru"):
        found = elements(page_file(site, lang, "variants", "hostile"))
        assert any(tag == "h1" and text.strip().rstrip("¶") == variant.title
                   for tag, _, text in found)  # ¶ is the permalink
        assert any(tag == "title" and text == f"{variant.title} - kozel" for tag, _, text in found)
        index = elements(page_file(site, lang, "variants"))
        rows = [tag for tag, _, _ in index if tag == "tr"]
        cells = [text for tag, _, text in index if tag in ("td", "th")]
        assert len(cells) == 6 * len(rows)  # no pipe split a row
        assert variant.title in cells


def test_source_quotes_notes_and_claims_are_text(hostile: tuple[Variant, Path]) -> None:
    variant, site = hostile
    cases = [c for _, cs in variant.slots for c in cs if c.origin == "hostile"]
    quotes = [c.quote for case in cases for c in case.cites]
    sources = [c.source for case in cases for c in case.cites if c.source]
    claim = next(c for c in variant.claims if "onerror" in c.text)
    for lang in ("en", "ru"):
        found = elements(page_file(site, lang, "variants", "hostile"))
        texts = [text for _, _, text in found]
        assert any(tag == "code" and text == variant.source for tag, _, text in found)
        for quote in quotes:
            assert any(text == f"«{quote}»" for text in texts), quote
        for words in sources + [f"«{claim.text}»"]:
            assert words in texts, words
        for case in cases:
            note = case.note_ru if lang == "ru" and case.note_ru else case.note
            reason = (case.assumption_ru if lang == "ru" and case.assumption_ru
                      else case.assumption)
            for said in filter(None, (note, reason)):
                assert any(text.endswith(f": {said}") for text in texts), said
