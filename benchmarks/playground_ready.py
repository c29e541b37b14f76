"""How long the playground takes to be ready: from navigation to Python ready, and to the first
view (the editor's text checked and its rulebook drawn), in headless Chromium over HTTP.

Each built site given is served from 127.0.0.1; the runs are interleaved (site A, site B,
B, A, ...), so the machine's load and the order fall on all alike, each run in a fresh browser
context (an empty cache: what a first visit costs). Prints, per site, the median and the range
of both times in seconds, and the machine's load (1-minute load average) at each run's start
beside them: on a 2-core machine shared with others, the figures mean little without it.

Usage: python benchmarks/playground_ready.py --site before=DIR --site after=DIR [--runs N]
       [--lang ru|en] [--chromium PATH]
  DIR is a built site (`mkdocs build -d DIR`); two sites that differ only in their
  playground-assets/ folder compare two versions of the playground.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import shutil
import statistics
import threading
import time
from pathlib import Path
from typing import Iterator

LOAD_TIMEOUT_MS = 300_000
# The first view is there: the problem count is no longer "Checking…"/«Проверяется…» and the
# rulebook's title is drawn.
FIRST_VIEW = ("() => { const c = document.querySelector('.kz-pg-count');"
              " return c && !c.textContent.endsWith('…')"
              " && document.querySelector('.kz-pg-rulebook h1') !== null; }")
READY = "#kz-playground[data-state=ready], #kz-playground[data-state=failed]"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:  # noqa: D102 (no line per request)
        pass


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """Serve a folder on 127.0.0.1 for the block; yield its base URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def load_average() -> float:
    """The machine's 1-minute load average."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def one_run(browser: object, url: str) -> tuple[float, float]:
    """Seconds from navigation to Python ready, and to the first view, in a fresh context."""
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        started = time.perf_counter()
        page.goto(url)
        page.wait_for_selector(READY, timeout=LOAD_TIMEOUT_MS)
        ready = time.perf_counter() - started
        if page.get_attribute("#kz-playground", "data-state") != "ready":
            raise RuntimeError(page.inner_text(".kz-pg-status"))
        page.wait_for_function(FIRST_VIEW, timeout=LOAD_TIMEOUT_MS)
        return ready, time.perf_counter() - started
    finally:
        context.close()


def summary(name: str, runs: list[tuple[float, float, float]]) -> str:
    """One line of the report: the medians, the ranges, the loads."""
    ready, first, load = ([r[i] for r in runs] for i in range(3))
    return (f"{name:>8}: ready {statistics.median(ready):5.1f} s "
            f"({min(ready):.1f}–{max(ready):.1f}), first view {statistics.median(first):5.1f} s "
            f"({min(first):.1f}–{max(first):.1f}); load {statistics.median(load):.1f} "
            f"({min(load):.1f}–{max(load):.1f}), {len(runs)} runs")


def main() -> None:
    """Time each site's playground, interleaved, and print the medians with the load."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", action="append", required=True, metavar="NAME=DIR")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lang", choices=("ru", "en"), default="ru")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    sites = dict(s.split("=", 1) for s in args.site)
    path = "ru/playground/" if args.lang == "ru" else "playground/"
    from playwright.sync_api import sync_playwright
    results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in sites}
    with contextlib.ExitStack() as stack:
        bases = {name: stack.enter_context(served(Path(d))) for name, d in sites.items()}
        driver = stack.enter_context(sync_playwright())
        browser = driver.chromium.launch(executable_path=args.chromium,
                                         args=["--no-sandbox", "--disable-dev-shm-usage"])
        stack.callback(browser.close)
        for run in range(args.runs):
            # A, B, then B, A: whichever runs second runs beside the first one's leftovers
            order = list(bases.items()) if run % 2 == 0 else list(bases.items())[::-1]
            for name, base in order:
                load = load_average()
                ready, first = one_run(browser, f"{base}/{path}")
                results[name].append((ready, first, load))
                print(f"run {run + 1} {name}: ready {ready:.1f} s, first view {first:.1f} s, "
                      f"load {load:.1f}", flush=True)
    print(f"{os.cpu_count()} cores; the page: /{path}")
    for name, runs in results.items():
        print(summary(name, runs))


if __name__ == "__main__":
    main()
