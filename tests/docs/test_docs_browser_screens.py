"""The statistics plots on a phone and on a desktop, in a real browser (Playwright driving
Debian's Chromium, as test_docs_browser_languages does): their text is 12 px or more where the
screen shows it, with no label cut at the image's edge. (That no Russian page scrolls sideways
is tested where every Russian page is read: test_docs_browser_russian.)"""

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
