"""The playground's plots and `kozel simulate --plot` write their ticks alike (issue 45, item
12): a share is a percent as the reader's language writes it («20 %», "20%"), never 0.694, and
Russian puts a decimal comma in a number, never a point. Read from what each path gives the
reader: the playground's SVG text and the command's SVG file."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from kozel.cli import main
from kozel.publish.playground.plots import plots

# A share as each language writes it: whole or with one decimal, Russian with a comma and a
# no-break space before the sign
SHARE = {"en": re.compile(r"\d+(\.\d)?%"), "ru": re.compile("\\d+(,\\d)?\u00a0%")}
COUNT = {"en": re.compile(r"\d+(\.\d)?"), "ru": re.compile(r"\d+(,\d)?")}
# A text made of digits, separators and a percent sign: a tick (a bar's label "+1", "seat 1",
# a title, has a sign or a word in it)
NUMERIC = re.compile("[0-9][0-9.,%\u00a0 ]*")
# The panels in the order both paths draw them, and the axis of each that shows shares
SHARE_AXIS = {"length": None, "rates": "y", "goat": "x", "first": "y"}
SVG = "{http://www.w3.org/2000/svg}"


def _run(tmp_path: Path, capsys: Any, lang: str) -> tuple[dict[str, Any], str]:
    """A short run's JSON and the image `kozel simulate --plot` wrote of it."""
    pytest.importorskip("matplotlib", reason="--plot needs the plots extra (matplotlib)")
    image = tmp_path / "m.svg"
    assert main(["simulate", "minsk", "--matches", "40", "--seed", "3", "--workers", "1",
                 "--plot", str(image), "--lang", lang, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out), image.read_text(encoding="utf-8")


def _command_ticks(svg: str) -> dict[str, dict[str, list[str]]]:
    """Each panel's tick labels by axis, from matplotlib's SVG (it writes each text beside its
    glyphs as a comment, in groups axes_N > xtick_N / ytick_N)."""
    parser = ElementTree.XMLParser(target=ElementTree.TreeBuilder(insert_comments=True))
    root = ElementTree.fromstring(svg.encode("utf-8"), parser=parser)
    panels = [g for g in root.iter(f"{SVG}g") if g.get("id", "").startswith("axes_")]
    assert len(panels) == len(SHARE_AXIS)
    found = {}
    for key, axes in zip(SHARE_AXIS, panels):
        found[key] = {axis: [str(node.text).strip()
                             for tick in axes.iter(f"{SVG}g")
                             if tick.get("id", "").startswith(f"{axis}tick_")
                             for node in tick.iter() if node.tag is ElementTree.Comment]
                      for axis in "xy"}
    return found


def _playground_ticks(images: list[str]) -> dict[str, list[str]]:
    """Each playground panel's numeric texts (its value axis's ticks), by panel."""
    found = {}
    for image in images:
        key = re.search(r'data-panel="(\w+)"', image)
        assert key is not None
        texts = [unescape(t) for t in re.findall(r"<text[^>]*>(.*?)</text>", image)]
        found[key.group(1)] = [t for t in texts if NUMERIC.fullmatch(t)]
    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_both_plots_write_shares_as_percents_the_language_writes(
        lang: str, tmp_path: Path, capsys: Any) -> None:
    data, image = _run(tmp_path, capsys, lang)
    command, playground = _command_ticks(image), _playground_ticks(plots(data, lang))
    for key, axis in SHARE_AXIS.items():
        if axis is None:
            continue
        shares = {"command": command[key][axis], "playground": playground[key]}
        for path, labels in shares.items():
            assert labels, (path, key)
            wrong = [t for t in labels if not SHARE[lang].fullmatch(t)]
            assert not wrong, f"{path}'s {key} panel: {wrong}"
        # both axes start at nothing, and say it the same way
        assert shares["command"][0] == shares["playground"][0], shares
    counts = command["length"]["y"] + playground["length"]
    assert counts and not [t for t in counts if not COUNT[lang].fullmatch(t)], counts
    # a bar's value, shown when the pointer is on it, is a share written the same way; some
    # are not whole percents, so the decimal separator itself is seen («29,8 %», "29.8%")
    values = [unescape(v) for image in plots(data, lang)[1:]
              for v in re.findall(r"<title>[^<]*: ([^<]*)</title>", image)]
    assert values and not [v for v in values if not SHARE[lang].fullmatch(v)], values
    assert [v for v in values if ("," if lang == "ru" else ".") in v], values
