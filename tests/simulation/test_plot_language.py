"""`simulate --plot` in the reader's language: titles and labels from the catalogue, ticks as
the language writes numbers (Babel), rates as percents rather than 0.742."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from kozel.cli import main

TEXT = re.compile(r"<!-- (.*?) -->")  # matplotlib writes each text of the image beside it


def _texts(tmp_path: Path, lang: str) -> set[str]:
    pytest.importorskip("matplotlib", reason="--plot needs the plots extra (matplotlib)")
    image = tmp_path / f"m.{lang}.svg"
    assert main(["simulate", "minsk", "--matches", "40", "--seed", "3", "--workers", "1",
                 "--plot", str(image), "--lang", lang]) == 0
    return set(TEXT.findall(image.read_text(encoding="utf-8")))


def test_a_russian_plot_is_russian(tmp_path: Path, capsys: Any) -> None:
    texts = _texts(tmp_path, "ru")
    assert {"доля", "место 1", "сторона 1"} <= texts, sorted(texts)
    assert [t for t in texts if re.fullmatch(r"Доли раундов, из \d+ раундов", t)]
    assert "20\u00a0%" in texts  # Russian writes a no-break space before the percent sign
    assert not [t for t in texts if re.search(r"[A-Za-z]", t)], sorted(texts)


def test_rates_are_percents_in_english_too(tmp_path: Path, capsys: Any) -> None:
    texts = _texts(tmp_path, "en")
    assert "rate" in texts and "20%" in texts
    assert not [t for t in texts if re.fullmatch(r"\d\.\d+", t)], sorted(texts)
