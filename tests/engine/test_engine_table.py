"""The physics of the line: legal moves, laying, drawing, knocking, blocked."""

from __future__ import annotations

import pytest

from interpreter.engine import tileset as ts
from interpreter.engine.table import Table
from engine_support import tile, tiles


def table(hands: list[str], stock: str = "", **facts: object) -> Table:
    return Table([tiles(h) for h in hands], ts.parse_tiles(stock.split()), **facts)  # type: ignore[arg-type]


def texts(t: Table, seat: int) -> list[str]:
    return [m.text() for m in t.legal_moves(seat)]


def test_the_lead_lies_low_half_left_and_the_line_grows_outward() -> None:
    t = table(["3-5 5-5 1-3", "0-1"])
    t.lead(0, tile("3-5"))
    assert (t.left, t.right) == (3, 5)
    t.lay(0, tile("5-5"), "right")
    t.lay(0, tile("1-3"), "left")
    assert t.line_text() == "[1|3][3|5][5|5]"
    assert (t.left, t.right) == (1, 5)
    assert t.line == tiles("3-5 5-5 1-3") and t.held[0] == 0


def test_a_tile_fitting_both_different_ends_gives_two_moves() -> None:
    t = table(["3-5", "3-4 4-5 0-0"])
    t.lead(0, tile("3-5"))
    assert texts(t, 1) == ["play 3-4 left", "play 4-5 right"]
    t2 = table(["3-5", "3-5"])
    t2.left, t2.right, t2.lead_tile = 3, 5, tile("3-3")
    assert texts(t2, 1) == ["play 3-5 left", "play 3-5 right"]


def test_equal_ends_give_one_move_on_the_right() -> None:
    t = table(["1-1", "1-4"])
    t.lead(0, tile("1-1"))
    assert texts(t, 1) == ["play 1-4 right"]
    t.lay(1, tile("1-4"), "right")
    assert t.line_text() == "[1|1][1|4]"


def test_no_tile_to_lay_means_knock_or_draw() -> None:
    t = table(["6-6", "0-1"], "2-6 0-0", draw_kind="one")
    t.lead(0, tile("6-6"))
    assert texts(t, 1) == ["draw"]
    assert t.draw(1) == tile("2-6")
    assert t.stock == tiles("0-0") and t.held[1] == tiles("0-1 2-6")
    t.must_play = tile("2-6")
    assert texts(t, 1) == ["play 2-6 right"]


def test_reserve_tiles_are_never_drawn() -> None:
    t = table(["6-6", "0-1"], "2-3 0-0", draw_kind="until_playable", reserve=2)
    t.lead(0, tile("6-6"))
    assert not t.can_draw() and texts(t, 1) == ["knock"]


def test_draw_none_knocks_even_with_a_stock() -> None:
    t = table(["6-6", "0-1"], "2-3", draw_kind="none")
    t.lead(0, tile("6-6"))
    assert texts(t, 1) == ["knock"]


def test_pass_lets_a_player_knock_while_able_to_lay() -> None:
    t = table(["6-6", "1-6"], may_pass=True)
    t.lead(0, tile("6-6"))
    assert texts(t, 1) == ["play 1-6 right", "knock"]


def test_two_doubles_at_once_on_both_ends() -> None:
    t = table(["2-5", "2-2 5-5 0-1"], two_doubles=True)
    t.lead(0, tile("2-5"))
    moves = t.legal_moves(1)
    assert [m.text() for m in moves] == ["play 2-2 left", "play 5-5 right", "play 2-2+5-5"]
    t.lay_doubles(1, *(laid.index for laid in moves[2].tiles))
    assert t.line_text() == "[2|2][2|5][5|5]" and t.held[1] == tiles("0-1")
    off = table(["2-5", "2-2 5-5"])
    off.lead(0, tile("2-5"))
    assert "play 2-2+5-5" not in texts(off, 1)


def test_blocked_and_the_play_terms() -> None:
    t = table(["2-2", "0-1 3-4", "5-6"])
    t.lead(0, tile("2-2"))
    assert t.blocked and t.hands == tiles("0-1 3-4 5-6")
    assert (t.left, t.right, t.line) == (2, 2, tiles("2-2"))
    drawable = table(["2-2", "0-1"], "0-2", draw_kind="one")
    drawable.lead(0, tile("2-2"))
    assert not drawable.blocked


@pytest.mark.parametrize("mask_text, pips", [("", 0), ("6-6", 12), ("0-1 5-6 6-6", 24)])
def test_pips_of_sets(mask_text: str, pips: int) -> None:
    assert ts.pips(tiles(mask_text)) == pips
    assert ts.pips(ts.FULL_SET) == 168
