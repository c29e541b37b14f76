"""The rulebook of a house rule (issue 45, item 10): its own rules are marked «Домашнее
правило», a parent's quote of a sentence the house rule changes is struck through with why
(never shown as if it held), and a Russian rulebook says, when it is made, which texts it
prints in English for want of a Russian wording.

The house rule is minsk's fish turned round: the lower count loses. Minsk's rule of what the
loser of a fish writes stays, and quotes «Все очки записываются тем, у кого данная сумма
больше» — a sentence this club no longer plays by.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from interpreter.language.resolve import load_paths  # noqa: E402
from kozel.publish.findings import not_checked  # noqa: E402
from kozel.publish.rulebook import Rulebook  # noqa: E402

SENTENCE = "Все очки записываются тем, у кого данная сумма больше."
LOW_FISH = """variant lowfish extends minsk {
  replace loser when end = fish: value(side) < lowest(others)
      assume "in our club the lower count loses a fish"%s
}
"""
RU = ' ru "в нашем клубе рыбу проигрывает меньшая сумма"'


def _house(tmp_path: Path, russian: bool = False) -> Path:
    path = tmp_path / "lowfish.kozel"
    path.write_text(LOW_FISH % (RU if russian else ""), encoding="utf-8")
    return path


def _rulebook(tmp_path: Path, lang: str, *args: str, russian: bool = False
              ) -> tuple[str, str]:
    """`kozel rulebook` of the house rule as one HTML page: the page's text and stderr."""
    out = tmp_path / f"rules-{lang}.html"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": ""}
    done = subprocess.run(
        [sys.executable, "-m", "kozel.cli", "rulebook", str(_house(tmp_path, russian)),
         "--lang", lang, *args, "--html", str(out)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return unescape(out.read_text(encoding="utf-8")), done.stderr


def _quotes(page: str) -> list[str]:
    """Each quote beside a rule, as its markup stands (struck or not)."""
    return re.findall(r"<blockquote[^>]*>(.*?)</blockquote>", page, re.S)


def test_a_quote_of_a_sentence_the_house_rule_changes_is_struck_through_with_why(
        tmp_path: Path) -> None:
    page, _ = _rulebook(tmp_path, "ru")
    with_it = [q for q in _quotes(page) if SENTENCE in q]
    assert with_it, "minsk's rule of what a fish's loser writes still quotes the sentence"
    assert all("<del>" in q and "домашнее правило меняет эту фразу" in q for q in with_it)
    unchanged = [q for q in _quotes(page) if "Очки проигравших суммируются" in q]
    assert unchanged and not any("<del>" in q for q in unchanged)


def test_the_parents_own_rulebook_quotes_the_sentence_plainly(tmp_path: Path) -> None:
    library, _ = load_paths([ROOT / "spec" / "variants"])
    page = unescape(Rulebook(library.resolve("minsk"), "ru", not_checked("not checked"),
                             ROOT).page())
    assert SENTENCE in page and "<del>" not in page and "Домашнее правило" not in page


def test_the_house_rules_own_rule_is_marked_as_one_in_both_rulebooks(tmp_path: Path) -> None:
    page, _ = _rulebook(tmp_path, "ru", russian=True)
    assert "Домашнее правило:</strong> в нашем клубе рыбу проигрывает меньшая сумма" in page
    library, _ = load_paths([ROOT / "spec" / "variants", _house(tmp_path, True)])
    site = unescape(Rulebook(library.resolve("lowfish"), "en", not_checked("not checked"),
                             ROOT).page())
    assert "House rule:</strong> in our club the lower count loses a fish" in site
    assert SENTENCE in site and "the house rule changes this sentence" in site


def test_a_russian_rulebook_says_which_texts_it_prints_in_english(tmp_path: Path) -> None:
    _, said = _rulebook(tmp_path, "ru")
    assert "без русской формулировки: 1" in said
    assert "lowfish.kozel:2: assume «in our club the lower count loses a fish»" in said
    assert _rulebook(tmp_path, "ru", russian=True)[1] == ""
    assert _rulebook(tmp_path, "en")[1] == ""  # an English rulebook prints them as written


@pytest.mark.skipif(not shutil.which("pdftotext"),
                    reason="needs poppler-utils (pdftotext); .ci/run installs it")
def test_the_pdf_strikes_the_changed_quote_too(tmp_path: Path) -> None:
    out = tmp_path / "rules.pdf"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": ""}
    subprocess.run([sys.executable, "-m", "kozel.cli", "rulebook", str(_house(tmp_path, True)),
                    "--lang", "ru", "--pdf", str(out)], cwd=tmp_path, env=env, check=True,
                   capture_output=True, timeout=300)
    text = " ".join(subprocess.run(["pdftotext", "-enc", "UTF-8", str(out), "-"],
                                   capture_output=True, text=True, check=True).stdout.split())
    assert "домашнее правило меняет эту фразу" in text
    assert "Домашнее правило: в нашем клубе рыбу проигрывает меньшая сумма" in text
