"""The SVG tile renderer: valid XML, the right pips on every half, doubles across in a line."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from interpreter.engine.tiles import ALL_TILES, InvalidTileError, Tile  # noqa: E402
from kozel.publish.tiles_svg import PIPS, line_svg, tile_html, tile_svg, tiles_html  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def _pips(element: ET.Element) -> list[ET.Element]:
    return [c for c in element.iter(f"{SVG}circle") if c.get("class") == "pip"]


@pytest.mark.parametrize("tile", ALL_TILES, ids=str)
@pytest.mark.parametrize("vertical", [False, True], ids=["lying", "standing"])
def test_every_tile_is_valid_svg_with_its_pips(tile: Tile, vertical: bool) -> None:
    svg = ET.fromstring(tile_svg(tile.low, tile.high, vertical=vertical))
    assert svg.tag == f"{SVG}svg"
    assert svg.get("aria-label") == str(tile)
    assert len(_pips(svg)) == tile.pips
    assert svg.find(f"{SVG}title").text == str(tile)  # type: ignore[union-attr]


@pytest.mark.parametrize("a,b", [(0, 6), (6, 0), (2, 5)])
def test_each_half_holds_its_own_value(a: int, b: int) -> None:
    svg = ET.fromstring(tile_svg(a, b))
    bar = float(next(svg.iter(f"{SVG}line")).get("x1"))  # type: ignore[arg-type]
    left = [c for c in _pips(svg) if float(c.get("cx")) < bar]  # type: ignore[arg-type]
    assert (len(left), len(_pips(svg)) - len(left)) == (a, b)


def test_pip_positions_are_distinct_and_inside_the_grid() -> None:
    for value, spots in PIPS.items():
        assert len(spots) == value == len(set(spots))
        assert all(0 <= c <= 2 and 0 <= r <= 2 for c, r in spots)


def test_a_line_lays_doubles_across_and_keeps_every_pip() -> None:
    placed = [(1, 1), (1, 3), (3, 6), (6, 6), (6, 0)]
    svg = ET.fromstring(line_svg(placed))
    groups = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "kz-line-tile"]
    assert [g.get("data-tile") for g in groups] == ["1-1", "1-3", "3-6", "6-6", "6-0"]
    for group, (a, b) in zip(groups, placed):
        assert len(_pips(group)) == a + b
        face = next(group.iter(f"{SVG}rect"))
        standing = float(face.get("height")) > float(face.get("width"))  # type: ignore[arg-type]
        assert standing == (a == b)


def test_running_text_keeps_the_tile_as_text_too() -> None:
    html = tiles_html([Tile.parse("0-0"), Tile.parse("6-6")])
    root = ET.fromstring(html)
    assert [s.get("data-tile") for s in root.iter(f"{SVG}svg")] == ["0-0", "6-6"]
    assert "".join(root.itertext()).count("0-0") >= 1
    assert ET.fromstring(tile_html((3, 5))) is not None
    assert "kz-empty" in tiles_html([])


def test_values_outside_the_double_six_set_are_refused() -> None:
    with pytest.raises(InvalidTileError):
        tile_svg(3, 7)
    with pytest.raises(InvalidTileError):
        line_svg([(1, 1), (-1, 2)])
