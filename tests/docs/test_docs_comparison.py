"""The comparison page: every variant side by side, each difference the checker finds shown by
its game. The page is read from the real site build; the differences from the same comparison
`kozel diff` makes (read back from the build's cache, or computed when it is not there)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from docs.gen.comparison import Comparison  # noqa: E402
from interpreter.language.resolve import load_paths  # noqa: E402
from interpreter.language.slots import SLOTS  # noqa: E402
from site_build import built_site, page_file  # noqa: E402

pytest.importorskip("checks.diff", reason="the checker is not installed")


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    library, names = load_paths([ROOT / "spec" / "variants"])
    return Comparison([library.resolve(n) for n in names], ROOT)


def _page(lang: str) -> str:
    out, errors = built_site()
    assert not errors, errors
    return page_file(out, lang, "variants", "compare").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_variant_is_a_column_and_every_slot_a_row(comparison: Comparison,
                                                        lang: str) -> None:
    page = _page(lang)
    table = page[page.index('<table class="kz-compare">'):page.index("</table>")]
    for variant in comparison.variants:
        assert f'href="../{variant.name}/"' in table
    rows = re.findall(r"<tr>\s*<th><code>([^<]*)</code></th>", table)
    assert set(SLOTS) <= set(rows)
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]:
        assert row.count("<td") == len(comparison.variants)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_difference_is_marked_and_shown_by_its_game(comparison: Comparison,
                                                         lang: str) -> None:
    page = _page(lang)
    different = [(i + 1, s["slot"]) for i, d in enumerate(comparison.diffs) if d
                 for s in d["slots"] if s["status"] == "different"]
    assert len(different) >= 5, "the seed variants differ in many rules"
    for column, slot in different:
        anchor = f"diff-{column}-{slot.replace(' ', '-')}"
        assert f'href="#{anchor}"' in page, anchor  # the marked cell links to it
        start = page.index(f'id="{anchor}"')
        block = page[start:page.index('<div class="kz-diff"', start + 1)
                     if '<div class="kz-diff"' in page[start + 1:] else len(page)]
        assert 'class="kz-witness kz-scene' in block, anchor  # the game that shows it
        assert 'class="kz-does"' in block, anchor  # what each variant does there
    marked = page.count('class="kz-differs kz-differs-different"')
    assert marked == len(different)


def test_the_cached_comparison_rests_on_the_grammar_and_the_front_end() -> None:
    """A comparison is cached under a key of everything it rests on: when the grammar moved
    into interpreter/language/, a fixed path left it out of the key."""
    from docs.gen.comparison import fingerprint_files

    files = {p.relative_to(ROOT).as_posix() for p in fingerprint_files(ROOT)}
    assert {"interpreter/language/grammar.lark", "interpreter/language/parser.py",
            "interpreter/engine/scoring.py", "checks/diff.py",
            "spec/variants/minsk.kozel"} <= files
