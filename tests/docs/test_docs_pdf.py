"""The rulebooks as PDFs: the site build typesets each rulebook with typst (no browser), and the
Russian minsk PDF reads as a printed rulebook should: at most 12 pages of rules, its text is text
(pdftotext finds the rulebook's Russian words), its tiles are drawn, and nothing is cut at the
margins (the outermost rows and columns of every page are white). pdftotext and pdftoppm are
poppler-utils, which .ci/run installs with apt; without them the test is skipped, saying so."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from site_build import LANG_ROOTS, built_site  # noqa: E402
from kozel.publish.pdf import pdf_name  # noqa: E402

RULEBOOKS = ["minsk", "kozel-classic", "pairs", "gambler-1v1"]
POPPLER = shutil.which("pdftoppm") and shutil.which("pdftotext")
needs_tools = pytest.mark.skipif(
    not POPPLER, reason="needs poppler-utils (pdftotext, pdftoppm); .ci/run installs them")


def _pdf(lang: str, name: str) -> Path:
    out, errors = built_site()
    assert not errors, errors
    return out.joinpath(LANG_ROOTS[lang], "variants", name, pdf_name(name, lang))


@needs_tools
def test_every_rulebook_is_printed_in_both_languages_and_linked_from_its_page() -> None:
    for lang in ("en", "ru"):
        for name in RULEBOOKS:
            pdf = _pdf(lang, name)
            assert pdf.read_bytes()[:5] == b"%PDF-", pdf
            html = (pdf.parent / "index.html").read_text(encoding="utf-8")
            assert f'href="{pdf.name}"' in html, (lang, name)


@needs_tools
def test_the_russian_minsk_pdf_is_selectable_russian_text() -> None:
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(_pdf("ru", "minsk")), "-"],
                          capture_output=True, text=True, check=True).stdout
    words = set(re.findall(r"[а-яё]+", text.lower()))
    # the title, a cited sentence of the source text, the rulebook's own words
    for word in ("домино", "деревянной", "коробке", "количество", "игроков", "рыба", "козёл"):
        assert word in words, word
    assert "Количество игроков: от двух до четырех." in " ".join(text.split())


def _pages(pdf: Path, folder: Path, dpi: int) -> list[tuple[int, int, bytes]]:
    """Every page of a PDF as an RGB raster: (width, height, three bytes a pixel)."""
    folder.mkdir(exist_ok=True)
    subprocess.run(["pdftoppm", "-r", str(dpi), str(pdf), str(folder / "page")],
                   check=True, capture_output=True)
    pages = []
    for path in sorted(folder.glob("page-*.ppm")):
        found = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", path.read_bytes())
        assert found, path
        pages.append((int(found[1]), int(found[2]), path.read_bytes()[found.end():]))
    return pages


def _white(pixels: bytes) -> bool:
    return min(pixels) >= 245


# A tile's face (#fffdf4, docs/stylesheets/kozel.css: --kz-tile-face) is a warm white that
# no text, card or quote of the page is printed in.
def _is_face(r: int, g: int, b: int) -> bool:
    return r >= 253 and 250 <= g <= 254 and 238 <= b <= 248


@needs_tools
def test_the_russian_minsk_pdf_draws_tiles_and_cuts_nothing_at_the_margins(
        tmp_path: Path) -> None:
    pages = _pages(_pdf("ru", "minsk"), tmp_path, 50)
    assert 3 <= len(pages) <= 12
    with_tiles = 0
    for number, (width, height, pixels) in enumerate(pages, 1):
        row = 3 * width
        edges = [pixels[:row], pixels[(height - 1) * row:]]  # the top and bottom rows
        edges += [b"".join(pixels[y * row + x:y * row + x + 3] for y in range(height))
                  for x in (0, row - 3)]  # the left and right columns
        for edge in edges:
            assert _white(edge), f"page {number}: something is printed at the very edge"
        faces = sum(_is_face(*pixels[i:i + 3]) for i in range(0, len(pixels), 3))
        with_tiles += faces >= 40
    # the rules draw the tiles they name on most pages (the last may be a few lines)
    assert with_tiles >= len(pages) // 2, f"tiles drawn on {with_tiles} of {len(pages)} pages"
