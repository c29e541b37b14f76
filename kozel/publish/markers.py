"""Tiles in hand-written pages: `<!-- kozel:tiles 0-0 6-6 -->` and `<!-- kozel:line 1-1 1-3 -->`.

The mkdocs hook expands these comments into drawings, so a hand-written page can show tiles
without pasting SVG. In a `line` each tile is written left half first, as it lies on the table.
"""

from __future__ import annotations

import re

from interpreter.engine.tiles import InvalidTileError, Tile

from .tiles_svg import line_svg, tiles_html

MARKER = re.compile(r"<!--\s*kozel:(tiles|line)\b(.*?)-->", re.S)
HALVES = re.compile(r"^([0-6])-([0-6])$")


class MarkerError(ValueError):
    """A `kozel:` comment that does not list tiles."""


def _halves(text: str, marker: str) -> list[tuple[int, int]]:
    """Return the tiles of a marker as (left, right) halves."""
    found = []
    for word in text.split():
        match = HALVES.match(word)
        if not match:
            raise MarkerError(f"not a tile like '3-5' in {marker!r}: {word!r}")
        found.append((int(match.group(1)), int(match.group(2))))
    if not found:
        raise MarkerError(f"no tiles in {marker!r}")
    return found


def expand_markers(markdown: str) -> str:
    """Replace every `kozel:tiles` / `kozel:line` comment by its drawing."""
    def draw(match: re.Match[str]) -> str:
        tiles = _halves(match.group(2), match.group(0))
        if match.group(1) == "line":
            return f'<span class="kz-line-box">{line_svg(tiles)}</span>'
        try:
            return tiles_html(Tile.of(a, b) for a, b in tiles)
        except InvalidTileError as error:
            raise MarkerError(str(error)) from error
    return MARKER.sub(draw, markdown)
