"""A real browser renders the tiles: headless Chromium loads a built rulebook over HTTP.

The site is built (once, shared with test_docs_build), served by http.server on 127.0.0.1, and a copy of one rulebook gets a small
probe script that measures, after layout, every drawn tile and its pips. Chromium's --dump-dom
hands the probe's result back, and a screenshot shows the page is not blank. Chromium is
installed by .ci/run (Debian's `chromium`); without the binary the test is skipped, saying so.
"""

from __future__ import annotations

import functools
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_docs_build import built_site  # noqa: E402  (one build for both test files)

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
    return {tile: svg.dataset.tile, width: box.width, height: box.height, pips: pips.length};
  });
  var out = document.createElement("pre");
  out.id = "kz-probe";
  out.textContent = JSON.stringify(result);
  document.body.appendChild(out);
});
</script>
"""


def _chromium(*args: str) -> subprocess.CompletedProcess[str]:
    command = [CHROMIUM or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-dev-shm-usage", "--hide-scrollbars", "--virtual-time-budget=8000",
               *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, Path]]:
    """Build the site, add the probe page, and serve it on 127.0.0.1; yield (base URL, dir)."""
    out, errors = built_site()
    assert not errors, errors
    page = out / "ru" / "variants" / "minsk" / "index.html"
    probe = page.with_name("probe.html")
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"),
                     encoding="utf-8")
    handler = functools.partial(_QuietHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", out
    finally:
        server.shutdown()
        server.server_close()


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
