"""Domino tiles drawn as inline SVG: one tile, a row of loose tiles, or a line as laid on a table.

A half is a 40×40 square with pips on a 3×3 grid; a tile is two halves with a bar between them.
Every pip is a `<circle class="pip">`, so a tile `a-b` holds exactly a + b circles. Colours come
from attributes (so a tile shows even without the site's CSS) and CSS classes (so the stylesheet
can adapt them to a dark palette).
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Sequence

from interpreter.engine.tiles import Laid, Tile

HALF = 40          # side of one half, in SVG units
PAD = 2            # room for the outline's stroke
PIP_RADIUS = 4.2
HEIGHT_EM = 1.5    # the height of a lying tile in running text

# Pip positions on a 3×3 grid (column, row), for the values 0..6.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


def _pips(value: int, x: float, y: float, *, turned: bool) -> list[str]:
    """Return the circles of one half whose top-left corner is (x, y)."""
    circles = []
    for column, row in PIPS[value]:
        if turned:  # a half seen sideways: the grid is rotated a quarter turn
            column, row = row, 2 - column
        cx, cy = x + 10 + 10 * column, y + 10 + 10 * row
        circles.append(f'<circle class="pip" cx="{cx:g}" cy="{cy:g}" r="{PIP_RADIUS}" '
                       f'fill="#1d1d1d"/>')
    return circles


def _tile_shapes(a: int, b: int, x: float, y: float, *, vertical: bool) -> str:
    """Return the shapes of a tile whose top-left corner is (x, y): a on the left (or top)."""
    width, height = (HALF, 2 * HALF) if vertical else (2 * HALF, HALF)
    parts = [f'<rect class="face" x="{x:g}" y="{y:g}" width="{width}" height="{height}" rx="6" '
             f'fill="#fffdf4" stroke="#2b2b2b" stroke-width="2"/>']
    if vertical:
        parts.append(f'<line class="bar" x1="{x + 5:g}" y1="{y + HALF:g}" x2="{x + HALF - 5:g}" '
                     f'y2="{y + HALF:g}" stroke="#2b2b2b" stroke-width="2"/>')
        parts += _pips(a, x, y, turned=True) + _pips(b, x, y + HALF, turned=True)
    else:
        parts.append(f'<line class="bar" x1="{x + HALF:g}" y1="{y + 5:g}" x2="{x + HALF:g}" '
                     f'y2="{y + HALF - 5:g}" stroke="#2b2b2b" stroke-width="2"/>')
        parts += _pips(a, x, y, turned=False) + _pips(b, x + HALF, y, turned=False)
    return "".join(parts)


def tile_svg(a: int, b: int, *, vertical: bool = False) -> str:
    """Return one tile as an inline SVG element, a on the left (or on top when vertical)."""
    Tile.of(a, b)  # rejects values outside 0..6
    name = str(Laid(a, b))
    width, height = (HALF, 2 * HALF) if vertical else (2 * HALF, HALF)
    em_w, em_h = ((HEIGHT_EM, 2 * HEIGHT_EM) if vertical else (2 * HEIGHT_EM, HEIGHT_EM))
    return (f'<svg class="kz-tile" data-tile="{name}" role="img" aria-label="{name}" '
            f'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width + 2 * PAD} '
            f'{height + 2 * PAD}" width="{em_w + 0.1:.2f}em" height="{em_h + 0.1:.2f}em">'
            f"<title>{name}</title>{_tile_shapes(a, b, PAD, PAD, vertical=vertical)}</svg>")


def tile_html(tile: Tile | tuple[int, int]) -> str:
    """Return a tile in running text: its drawing, with the text form for copy and search."""
    laid = Laid(tile.low, tile.high) if isinstance(tile, Tile) else Laid(*tile)
    return (f'<span class="kz-t">{tile_svg(laid.left, laid.right)}'
            f'<span class="kz-tile-text">{laid}</span></span>')


def tiles_html(tiles: Iterable[Tile | tuple[int, int]], *, empty: str = "—") -> str:
    """Return a row of loose tiles (a hand, the stock, a written list), wrapping as needed."""
    drawn = [tile_html(t) for t in tiles]
    if not drawn:
        return f'<span class="kz-tiles kz-empty">{escape(empty)}</span>'
    return '<span class="kz-tiles">' + "".join(drawn) + "</span>"


def line_svg(placed: Sequence[tuple[int, int]]) -> str:
    """Return a line of tiles as laid on the table: each (a, b) with a on the left, doubles across."""
    x, gap, shapes = float(PAD), 3, []
    for a, b in placed:
        Tile.of(a, b)
        vertical = a == b
        y = PAD if vertical else PAD + HALF / 2
        shapes.append(f'<g class="kz-line-tile" data-tile="{Laid(a, b)}">'
                      f"{_tile_shapes(a, b, x, y, vertical=vertical)}</g>")
        x += (HALF if vertical else 2 * HALF) + gap
    width, height = x - gap + PAD, 2 * HALF + 2 * PAD
    label = " ".join(str(Laid(a, b)) for a, b in placed) or "empty line"
    scale = 2 * HEIGHT_EM / (2 * HALF)
    return (f'<svg class="kz-line" role="img" aria-label="{label}" '
            f'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
            f'width="{width * scale:.2f}em" height="{height * scale:.2f}em">'
            f"<title>{label}</title>{''.join(shapes)}</svg>")
