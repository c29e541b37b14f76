"""A real browser renders the tiles: headless Chromium loads a built rulebook over HTTP.

The site is built (once, shared with test_docs_build), served by http.server on 127.0.0.1, and a copy of one rulebook gets a small
probe script that measures, after layout, every drawn tile and its pips. Chromium's --dump-dom
hands the probe's result back, and a screenshot shows the page is not blank. Chromium is
installed by .ci/run (Debian's `chromium`); without the binary the test is skipped, saying so.
"""

from __future__ import annotations

import contextlib
import functools
import html
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
import zlib
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from site_build import LANG_ROOTS, built_site  # noqa: E402  (one build for both test files)

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists()
                                        else None)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium (/usr/bin/chromium) is not installed; "
                             ".ci/run installs it with `apt-get install -y chromium`")

PROBE = """
<script>
window.addEventListener("load", function () {
  var tiles = Array.from(document.querySelectorAll("svg.kz-tile"));
  var result = tiles.map(function (svg) {
    var box = svg.getBoundingClientRect();
    var pips = Array.from(svg.querySelectorAll("circle.pip")).filter(function (c) {
      var b = c.getBoundingClientRect();
      return b.width > 0 && b.height > 0 && getComputedStyle(c).fill !== "none";
    });
    return {tile: svg.dataset.tile, width: box.width, height: box.height, pips: pips.length,
            laid: svg.closest(".kz-lt") !== null};
  });
  var out = document.createElement("pre");
  out.id = "kz-probe";
  out.textContent = JSON.stringify(result);
  document.body.appendChild(out);
});
</script>
"""


SCENE_PROBE = """
<script>
window.addEventListener("load", function () {
  var height = document.documentElement.scrollHeight;
  document.querySelectorAll("details.kz-scene-box").forEach(function (d) { d.open = true; });
  function box(e) { var b = e.getBoundingClientRect(); return b; }
  var marked = Array.from(document.querySelectorAll(".kz-scene .kz-mark svg.kz-tile"))
    .map(function (svg) { var b = box(svg);
      return {tile: svg.dataset.tile, width: b.width, height: b.height}; });
  var lines = Array.from(document.querySelectorAll(".kz-scene .kz-line-tiles"))
    .map(function (line) {
      var rows = Array.from(line.children).map(function (c) {
        var b = box(c); return Math.round(b.top + b.height / 2); });
      return {tiles: rows.length, rows: new Set(rows).size, right: box(line).right};
    });
  var host = window.parent.document;  // inside the narrow frame, the page around it reads it
  var out = host.createElement("pre");
  out.id = "kz-probe";
  out.textContent = JSON.stringify({height: height, viewport: window.innerWidth,
    width: document.documentElement.scrollWidth, marked: marked, lines: lines,
    scenes: document.querySelectorAll(".kz-scene").length});
  host.body.appendChild(out);
});
</script>
"""


COMPARE_PROBE = """
<script>
window.addEventListener("load", function () {
  var box = document.querySelector(".kz-compare-wrap");  // the summary's family table
  var wrap = box ? box.getBoundingClientRect() : {right: 0};
  var marked = Array.from(document.querySelectorAll("td.kz-differs")).filter(function (td) {
    var b = td.getBoundingClientRect(); return b.width > 20 && b.height > 10; }).length;
  var host = window.parent.document;
  var out = host.createElement("pre");
  out.id = "kz-probe";
  out.textContent = JSON.stringify({viewport: window.innerWidth, marked: marked,
    width: document.documentElement.scrollWidth, wrapRight: wrap.right,
    scenes: document.querySelectorAll(".kz-diff .kz-scene").length});
  host.body.appendChild(out);
});
</script>
"""

PAIR_PAGE = "compare-gambler-1v1-minsk"  # a pair's page (kozel/publish/comparison.py)


def _chromium(*args: str) -> subprocess.CompletedProcess[str]:
    command = [CHROMIUM or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-dev-shm-usage", "--hide-scrollbars", "--virtual-time-budget=8000",
               *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def _url_of(lang: str, path: str) -> str:
    """The path of a page of one language's site from the site's root."""
    return f"{LANG_ROOTS[lang]}/{path}".lstrip("/")


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, Path]]:
    """Build the site, add the probe page, and serve it on 127.0.0.1; yield (base URL, dir)."""
    out, errors = built_site()
    assert not errors, errors
    page = out / "ru" / "variants" / "minsk" / "index.html"
    probe = page.with_name("probe.html")
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"),
                     encoding="utf-8")
    for lang in ("en", "ru"):
        _with_probe(out.joinpath(LANG_ROOTS[lang], "variants", "minsk"), SCENE_PROBE, "scenes.html")
        for compared in ("compare", PAIR_PAGE):  # the summary, and one pair's page of details
            _with_probe(out.joinpath(LANG_ROOTS[lang], "variants", compared), COMPARE_PROBE,
                        "probe.html")
    with serving(out) as base:
        yield base, out


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """Serve a built site on 127.0.0.1 for the length of a with block; yield its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _with_probe(folder: Path, probe: str, name: str) -> None:
    """Write a copy of a built page with a probe script before </body>."""
    text = (folder / "index.html").read_text(encoding="utf-8")
    (folder / name).write_text(text.replace("</body>", probe + "</body>"), encoding="utf-8")


def _probe(out: Path, base: str, page: str, width: int) -> dict:  # type: ignore[type-arg]
    """Load a probe page in a frame of a given width; return what its probe measured.

    Headless Chromium keeps a window at least 500 px wide, so a narrow screen is a frame (its
    own viewport: media queries and layout answer to the frame's width)."""
    frame = out / f"frame-{width}.html"
    frame.write_text(f'<!doctype html><html><body style="margin:0"><iframe src="{page}" '
                     f'style="border:0;width:{width}px;height:900px"></iframe></body></html>',
                     encoding="utf-8")
    run = _chromium("--window-size=1400,1000", "--dump-dom", f"{base}/{frame.name}")
    found = re.search(r'<pre id="kz-probe">(.*?)</pre>', run.stdout, re.S)
    assert found, f"the probe did not run:\n{run.stderr[-2000:]}"
    result: dict = json.loads(html.unescape(found.group(1)))  # type: ignore[type-arg]
    return result


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that drops a connection (one ended after --dump-dom) is no fault of the
        page: only other errors are printed, with their traceback."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def test_the_browser_lays_out_every_tile_with_its_pips(served: tuple[str, Path]) -> None:
    base, _ = served
    run = _chromium("--dump-dom", f"{base}/ru/variants/minsk/probe.html")
    found = re.search(r'<pre id="kz-probe">(.*?)</pre>', run.stdout, re.S)
    assert found, f"the probe did not run:\n{run.stderr[-2000:]}"
    tiles = json.loads(found.group(1).replace("&quot;", '"'))
    assert len(tiles) >= 10
    for tile in tiles:
        a, b = map(int, tile["tile"].split("-"))
        assert tile["width"] > 10 and tile["height"] > 10, tile
        if not (tile["laid"] and a == b):  # a double in a line lies across it
            assert tile["width"] > tile["height"], tile  # lying tiles in running text
        assert tile["pips"] == a + b, tile


def test_a_screenshot_of_the_rulebook_is_not_blank(served: tuple[str, Path],
                                                   tmp_path: Path) -> None:
    base, _ = served
    shot = tmp_path / "minsk-ru.png"
    _chromium("--window-size=1280,1600", f"--screenshot={shot}", f"{base}/ru/variants/minsk/")
    assert shot.is_file(), "chromium wrote no screenshot"
    assert len(_distinct_colours(shot.read_bytes())) > 16


def _distinct_colours(png: bytes) -> set[bytes]:
    """Return the distinct pixels of the first rows of an 8-bit RGB(A) PNG (no Pillow needed)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(png):
        length = int.from_bytes(png[pos:pos + 4], "big")
        kind, body = png[pos + 4:pos + 8], png[pos + 8:pos + 8 + length]
        header = body if kind == b"IHDR" else header
        idat += body if kind == b"IDAT" else b""
        pos += 12 + length
    width, depth, colour = int.from_bytes(header[:4], "big"), header[8], header[9]
    assert depth == 8 and colour in (2, 6), (depth, colour)
    channels = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * channels + 1
    # Rows stay filtered (no Paeth decoding here): a blank page still gives only a handful of
    # distinct byte groups, a page with text, badges and tiles gives many.
    rows = [raw[r * stride + 1:(r + 1) * stride] for r in range(min(400, len(raw) // stride))]
    return {row[i:i + channels] for row in rows for i in range(0, len(row), channels)}


@pytest.mark.parametrize("width", [1280, 400])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_witness_scenes_mark_their_tiles_and_fit_the_screen(served: tuple[str, Path], lang: str,
                                                            width: int) -> None:
    base, out = served
    seen = _probe(out, base, _url_of(lang, "variants/minsk/scenes.html"), width)
    assert seen["viewport"] == width
    assert seen["scenes"] >= 5
    assert seen["marked"], "the tiles that show a finding are marked"
    for tile in seen["marked"]:
        assert tile["width"] > 10 and tile["height"] > 10, tile  # drawn, not hidden
    assert seen["width"] <= width + 1, "nothing sticks out sideways"
    long_lines = [line for line in seen["lines"] if line["tiles"] >= 12]
    assert long_lines
    for line in long_lines:
        assert line["right"] <= width + 1, line
        if width == 400:  # the line wraps in rows of several tiles, not one per row
            assert 2 <= line["rows"] <= line["tiles"] / 4, line
    if width == 400:  # narrowing the screen rewraps the page; it does not stack it (the page's
        # own length follows its content: 40 rules, their findings and games)
        wide = _probe(out, base, _url_of(lang, "variants/minsk/scenes.html"), 1280)
        assert seen["height"] < 1.5 * wide["height"], (seen["height"], wide["height"])


@pytest.mark.parametrize("width", [1280, 400])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_comparison_page_marks_differences_and_fits_the_screen(
        served: tuple[str, Path], lang: str, width: int) -> None:
    base, out = served
    seen = _probe(out, base, _url_of(lang, "variants/compare/probe.html"), width)
    assert seen["viewport"] == width
    assert seen["marked"] >= 5, "differences are marked, and visible"
    assert seen["width"] <= width + 1, "the table scrolls in its box; the page does not"
    assert seen["wrapRight"] <= width + 1
    pair = _probe(out, base, _url_of(lang, f"variants/{PAIR_PAGE}/probe.html"), width)
    assert pair["scenes"] >= 5, "each difference comes with its game, on the pair's page"
    assert pair["width"] <= width + 1
