"""`kozel rulebook` prints an author's long text whole (issue 45, item 8): an `assume` of 6,000
characters was cut in the PDF after some 900 of its 1,000 words, a 40,000-word note after 449,
because a rule was one block that typst may not break across pages. Long text flows onto further
pages; a word too long for a line breaks between letters instead of running off the page.

The PDF's text is read back by poppler's pdftotext and its pages drawn by pdftoppm (.ci/run
installs poppler-utils); the HTML page is printed by headless Chromium. Without them the tests
are skipped, saying so.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.publish.printed import Document, Rule  # noqa: E402
from kozel.publish.printed_out import pdf_bytes  # noqa: E402

POPPLER = shutil.which("pdftotext") and shutil.which("pdftoppm")
needs_poppler = pytest.mark.skipif(
    not POPPLER, reason="needs poppler-utils (pdftotext, pdftoppm); .ci/run installs them")
CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium is not installed; "
                             ".ci/run installs it with `apt-get install -y chromium`")
PAGE_NUMBER = re.compile(r"^\s*\d+\s*/\s*\d+\s*$", re.M)  # "2 / 5" at a page's foot


def _words(count: int, stem: str) -> list[str]:
    """`count` distinct words, numbered in order: w00001, w00002, …"""
    return [f"{stem}{i:05d}" for i in range(1, count + 1)]


def _house(folder: Path, remark: str) -> Path:
    """A house rule over minsk whose one option carries `remark` (an assume or a note)."""
    rules = folder / "house.kozel"
    rules.write_text(f'variant house "Дом" extends minsk {{\n  option target: 150\n'
                     f"      {remark}\n}}\n", encoding="utf-8")
    return rules


def _rulebook(rules: Path, *args: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": "",
           "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run([sys.executable, "-m", "kozel.cli", "rulebook", rules.name, *args],
                         cwd=rules.parent, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr


def _text(pdf: Path) -> str:
    """The PDF's text in the order it was set (-raw: not regrouped by position), without its
    page numbers."""
    text = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    return PAGE_NUMBER.sub("", text)


def _printed_words(pdf: Path, stem: str) -> list[str]:
    return re.findall(rf"\b{stem}\d{{5}}\b", _text(pdf))


def _ink_at_right_edge(pdf: Path, folder: Path) -> list[int]:
    """The pages with anything printed in the outer 0.75 cm of their right margin."""
    subprocess.run(["pdftoppm", "-r", "50", "-gray", str(pdf), str(folder / "page")],
                   check=True, capture_output=True)
    inked = []
    for number, path in enumerate(sorted(folder.glob("page-*.pgm")), 1):
        found = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", path.read_bytes())
        assert found, path
        width, height = int(found[1]), int(found[2])
        pixels = path.read_bytes()[found.end():]
        strip = [pixels[y * width + x] for y in range(height) for x in range(width - 15, width)]
        if min(strip) < 245:
            inked.append(number)
    return inked


@needs_poppler
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_assumption_of_a_thousand_words_is_printed_whole(tmp_path: Path, lang: str) -> None:
    stem = "w" if lang == "en" else "слово"
    words = _words(1000, stem)
    said = " ".join(words)  # some 6,000 characters: more than a page
    _house(tmp_path, f'assume "{said}"' if lang == "en" else f'assume "x" ru "{said}"')
    _rulebook(tmp_path / "house.kozel", "--lang", lang, "--pdf", "house.pdf")
    assert _printed_words(tmp_path / "house.pdf", stem) == words


@needs_poppler
def test_a_note_of_twenty_thousand_words_flows_over_many_pages(tmp_path: Path) -> None:
    words = _words(20000, "w")
    _house(tmp_path, f'note "{" ".join(words)}"')
    _rulebook(tmp_path / "house.kozel", "--pdf", "house.pdf")
    assert _printed_words(tmp_path / "house.pdf", "w") == words


@needs_poppler
def test_a_word_longer_than_a_line_breaks_and_stays_on_the_page(tmp_path: Path) -> None:
    word = "".join(_words(1000, "w"))  # 6,000 letters and digits with no space
    _house(tmp_path, f'assume "{word}"')
    _rulebook(tmp_path / "house.kozel", "--pdf", "house.pdf")
    assert word in "".join(_text(tmp_path / "house.pdf").split())
    pages = tmp_path / "pages"
    pages.mkdir()
    assert _ink_at_right_edge(tmp_path / "house.pdf", pages) == []


@needs_poppler
@needs_chromium
def test_the_html_page_prints_a_long_word_and_a_long_text_whole(tmp_path: Path) -> None:
    words = _words(1000, "w")
    word = "".join(_words(300, "x"))
    _house(tmp_path, f'assume "{" ".join(words)}" note "{word}"')
    _rulebook(tmp_path / "house.kozel", "--html", "house.html")
    pdf = tmp_path / "printed.pdf"
    subprocess.run([CHROMIUM or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-dev-shm-usage", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", (tmp_path / "house.html").as_uri()],
                   capture_output=True, timeout=120, check=True)
    assert _printed_words(pdf, "w") == words
    assert word in "".join(_text(pdf).split())
    pages = tmp_path / "pages"
    pages.mkdir()
    assert _ink_at_right_edge(pdf, pages) == []


@needs_poppler
def test_a_short_rule_is_still_kept_on_one_page(tmp_path: Path) -> None:
    """Only a long rule may break: each of 150 rules of one to six lines is on one page."""
    doc = Document("en", "Short rules")
    for rule in range(150):
        sentence = " ".join(f"r{rule:03d}k{k:02d}" for k in range(8 + rule * 7 % 45))
        doc.blocks.append(Rule(sentence, "assumed", (("Note", f"r{rule:03d}end"),)))
    pdf = tmp_path / "short.pdf"
    pdf.write_bytes(pdf_bytes(doc))
    pages = _text(pdf).split("\f")
    assert len(pages) > 5  # rules were laid across many page breaks
    for rule in range(150):
        on = [number for number, page in enumerate(pages) if f"r{rule:03d}" in page]
        assert len(on) == 1, f"rule {rule} is split over pages {on}"
