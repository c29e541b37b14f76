"""The playground's share link, outside the browser: playground/src/share.js run by Node.js
(whose DecompressionStream is the web's), so the bound on a link's text is checked without
building the site (the page itself: tests/docs/test_docs_playground.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from share_bomb import bomb_link, link_of  # noqa: E402

from interpreter.language.rule_file import MAX_FILE_BYTES  # noqa: E402

SHARE = Path(__file__).resolve().parents[2] / "playground" / "src" / "share.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed (the playground "
                                                     "needs it to build: build_site.py)")
# What one slice of compressed input (share.js's SLICE, 1 KB) can inflate to at most.
ONE_SLICE_OUT = 1024 * 1032 + 65536
# Reads each fragment (JSON lines on stdin), prints what decodeText made of it.
DECODE = """
import { decodeText, TooLarge } from %s;
import { createInterface } from "node:readline";
for await (const line of createInterface({ input: process.stdin })) {
  const { hash, limit } = JSON.parse(line);
  try {
    const text = await decodeText(hash, limit);
    console.log(JSON.stringify({ text }));
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    console.log(JSON.stringify({ refused: error.limit, inflated: error.inflated }));
  }
}
"""


def _decode(*links: str, limit: int = MAX_FILE_BYTES) -> list[dict[str, object]]:
    script = DECODE % json.dumps(SHARE.as_uri())
    lines = "".join(json.dumps({"hash": link, "limit": limit}) + "\n" for link in links)
    run = subprocess.run([NODE, "--input-type=module", "-e", script], input=lines,
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_a_350_kb_link_to_270_mb_is_refused_after_inflating_little_more_than_the_limit() -> None:
    link = bomb_link()
    assert 340_000 < len(link) < 360_000
    [answer] = _decode(link)
    assert answer.get("refused") == MAX_FILE_BYTES, answer
    inflated = answer["inflated"]
    assert isinstance(inflated, int) and MAX_FILE_BYTES < inflated <= MAX_FILE_BYTES + ONE_SLICE_OUT


def test_a_text_at_the_limit_opens_and_one_byte_more_is_refused() -> None:
    line = "-- " + "козёл " * 9 + "\n"
    text = (line * (MAX_FILE_BYTES // len(line.encode()) + 1)).encode()[:MAX_FILE_BYTES - 1] + b"\n"
    assert len(text) == MAX_FILE_BYTES
    at_limit, over = _decode(link_of(text), link_of(text + b"\n"))
    assert at_limit == {"text": text.decode()}
    assert over["refused"] == MAX_FILE_BYTES


def test_a_broken_link_or_none_opens_nothing_and_an_ordinary_one_opens_its_text() -> None:
    text = 'variant x "Козёл" extends minsk {\n  deal: 6\n}\n'
    broken = link_of(text.encode())[:-6]  # cut: the deflate stream ends too soon
    assert _decode(link_of(text.encode()), broken, "#other", "") == [
        {"text": text}, {"text": None}, {"text": None}, {"text": None}]


def test_the_readme_states_the_links_limit() -> None:
    readme = SHARE.parents[2] / "README.md"
    limits = " ".join(readme.read_text(encoding="utf-8").split("## Limits")[1].split())
    assert f"its text is bounded like a rule file's ({MAX_FILE_BYTES:,} bytes)" in limits
