"""Every Russian page on a phone and on a desktop, in a real browser (Playwright driving Debian's
Chromium, as test_docs_browser_languages does): the page never scrolls sideways (a wide table
scrolls in its own box), no table is squeezed to a word a line, and the statistics plots' text
is 12 px or more where the screen shows it, with no label cut at the image's edge."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_docs_browser import served  # noqa: E402,F401  (the built site on 127.0.0.1)
from test_docs_browser_languages import CHROMIUM, browser, page  # noqa: E402,F401

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium (/usr/bin/chromium) is not installed; "
                             ".ci/run installs it with `apt-get install -y chromium`")

# What a reader would have to fight with: the page wider than the screen; a table cell of
# three words or more shown a word a line (as many lines as words); a word of code broken.
LAYOUT = """() => {
  const lines = el => {  // the rows its text is laid out in (a cell is as tall as its row)
    const range = document.createRange();
    range.selectNodeContents(el);
    const bottoms = [...range.getClientRects()].filter(r => r.width > 0)
      .map(r => r.bottom).sort((a, b) => a - b);
    return bottoms.filter((b, i) => i === 0 || b - bottoms[i - 1] > 8).length;
  };
  const squeezed = [...document.querySelectorAll('.md-content td')].filter(td => {
    const words = td.innerText.trim().split(/\\s+/).filter(Boolean).length;
    const written = td.innerText.trim().split('\\n').length;  // lines the cell itself breaks
    const narrow = td.clientWidth < 8 * parseFloat(getComputedStyle(td).fontSize);
    return words >= 3 && written < words && lines(td) >= words && narrow;
  }).map(td => td.innerText.trim().slice(0, 40));
  const broken = [...document.querySelectorAll('.md-content td code')].filter(code =>
    !/\\s/.test(code.textContent.trim()) && code.getClientRects().length > 1
  ).map(code => code.textContent);
  return {page: document.documentElement.scrollWidth, screen: window.innerWidth,
          squeezed: squeezed.slice(0, 5), broken: broken.slice(0, 5)};
}"""

# Each plot drawn inline at the size its image is shown, so that its text can be measured:
# the rendered size of every text (its font size times the scale the image is shown at), and
# whether any text reaches past the image's edge.
PLOTS = """async () => {
  const found = [];
  for (const img of document.querySelectorAll('.md-content img[src$=".svg"]')) {
    const shown = img.getBoundingClientRect();
    const text = await (await fetch(img.src)).text();
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    svg.setAttribute('width', shown.width); svg.setAttribute('height', shown.height);
    const holder = document.createElement('div');
    holder.style.cssText = 'position:absolute;left:0;top:0;';
    holder.appendChild(document.adoptNode(svg));
    document.body.appendChild(holder);
    const edge = svg.getBoundingClientRect();
    const texts = [...svg.querySelectorAll('text')].map(t => {
      const m = t.getScreenCTM(), b = t.getBoundingClientRect();
      return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b),
              cut: b.left < edge.left - 1 || b.right > edge.right + 1 ||
                   b.top < edge.top - 1 || b.bottom > edge.bottom + 1};
    });
    holder.remove();
    found.push({src: img.src.split('/').pop(), width: shown.width, right: shown.right, texts});
  }
  return found;
}"""


def _russian_pages(out: Path) -> list[str]:
    """Every page of the Russian site, as its folder URL under ru/."""
    return sorted(p.parent.relative_to(out / "ru").as_posix() + "/"
                  for p in (out / "ru").rglob("index.html"))


def test_no_russian_page_is_wider_than_the_screen_or_squeezes_a_table(
        served: tuple[str, Path], page: Any) -> None:
    base, out = served
    pages = _russian_pages(out)
    assert len(pages) >= 20
    faults = []
    for path in pages:
        page.goto(f"{base}/ru/{path.removeprefix('./')}")
        seen = page.evaluate(LAYOUT)
        if seen["page"] > seen["screen"] + 1 or seen["squeezed"] or seen["broken"]:
            faults.append((path, seen))
    assert not faults, faults


def test_the_plots_text_is_readable_and_whole(served: tuple[str, Path], page: Any) -> None:
    base, out = served
    plots = []
    for path in [p for p in _russian_pages(out) if p.startswith("statistics/") and p.count("/") > 1]:
        page.goto(f"{base}/ru/{path}")
        plots += page.evaluate(PLOTS)
    assert len(plots) >= 16, "four plots for each of the four variants"
    width = page.viewport_size["width"]
    for plot in plots:
        assert plot["right"] <= width + 1, plot["src"]
        assert plot["texts"], plot["src"]
        small = [(t["text"], round(t["px"], 1)) for t in plot["texts"] if t["px"] < 12]
        cut = [t["text"] for t in plot["texts"] if t["cut"]]
        assert not small, (plot["src"], plot["width"], small)
        assert not cut, (plot["src"], cut)
