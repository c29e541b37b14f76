"""Tiles in hand-written pages: `kozel:` comments become drawings; a wrong one stops the build."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from kozel.publish.markers import MarkerError, expand_markers  # noqa: E402


def test_tiles_and_lines_are_drawn() -> None:
    text = "Lead <!-- kozel:tiles 1-1 6-6 --> then\n\n<!-- kozel:line 1-1 1-3 3-6 -->\n"
    drawn = expand_markers(text)
    assert "kozel:" not in drawn
    assert drawn.count('<svg class="kz-tile"') == 2
    assert drawn.count('class="kz-line-tile"') == 3 and 'data-tile="3-6"' in drawn


def test_other_comments_are_left_alone() -> None:
    assert expand_markers("<!-- a note -->") == "<!-- a note -->"


@pytest.mark.parametrize("bad", ["<!-- kozel:tiles 7-1 -->", "<!-- kozel:line -->",
                                 "<!-- kozel:tiles 3 5 -->"])
def test_a_wrong_marker_is_an_error(bad: str) -> None:
    with pytest.raises(MarkerError):
        expand_markers(bad)
