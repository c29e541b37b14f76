"""`kozel diff` and the comparison page take any two variants the model allows: random
type-checked pairs (individual and partners, goat and wins, with and without stock; the shared
strategies of tests/strategies.py) are compared and drawn on the page, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks.questions.budget import Budget, GameBudget
from checks.compare.diff import diff_lines, diff_variants
from checks.compare.family import compare_pair
from kozel.publish.comparison_pair import PairSection
from interpreter.language import ast
from interpreter.language.model import Case, Variant
from shared_runs import computing_cache
from strategies import variants
from small_variant import play_rules
from tiers import examples

ROOT = Path(__file__).resolve().parents[2]
PAIRS = 200  # in the full tier; the fast tier compares a quarter of them (tests/tiers.py)
EFFORT = Budget(100_000)  # solver steps per question: a count, the same on any machine
GAMES = GameBudget(games=2)  # matches per candidate


def _seated(variant: Variant, sides: str) -> Variant:
    """The variant for four players, its sides all `individual` or all `partners`."""
    slots = tuple((slot, (Case("sides", ast.Name(sides)),) if slot == "sides" else cases)
                  for slot, cases in variant.slots)
    if not any(slot == "sides" for slot, _ in variant.slots):
        slots = (("sides", (Case("sides", ast.Name(sides)),)),) + slots
    return replace(variant, name=f"{variant.name}-{sides[0]}", players=(4,), slots=slots)


@st.composite
def trios(draw: Any, seated: bool) -> tuple[Variant, Variant, Variant]:
    """Three random variants (each example compares three pairs: drawing a variant costs as
    much as comparing two); `seated`: four-player ones seated differently, individual against
    partners, where a side of one is no side of the other."""
    trio = [draw(variants(checked=True)) for _ in range(3)]
    if seated:
        kinds = draw(st.permutations(["individual", "partners", "individual"]))
        trio = [_seated(v, kind) for v, kind in zip(trio, kinds)]
    return trio[0], trio[1], trio[2]


# Half of the PAIRS here, the other half seated differently (test_diff_any_pair_seated.py): two
# modules, so that `pytest -n` compares the halves at once (--dist loadfile runs a module in one
# worker); all 200 in one test made it the run's longest by far, one core busy with it alone.
# The fast tier compares an eighth of them, not a quarter: its quarter (54 pairs, 18 diffs) was
# the fast tier's costliest work, 47 of its 528 CPU-s (README, "What the fast tier leaves").
FAST_SHARE = 8
TRIOS = settings(max_examples=examples(-(-PAIRS // 6), share=FAST_SHARE), deadline=None,
                 derandomize=True, database=None, suppress_health_check=list(HealthCheck))


def compared_and_drawn(trio: tuple[Variant, Variant, Variant]) -> None:
    """Compare each pair of the trio as `kozel check` and the site do and draw it in both
    languages, and the first with the third as `kozel diff` does: no traceback anywhere."""
    a, b, c = trio
    for pair in ((a, b), (b, c), (c, a)):
        # the comparison `kozel check` and the site use, through diff_variants (`kozel diff`)
        data = compare_pair(*pair, EFFORT, GAMES)
        statuses = {entry["status"] for entry in data["differences"]}
        # `no difference found` (checks/compare/diff_effect.py): the rules answer otherwise,
        # no match played side by side shows a player a change; the note says what was played
        assert statuses <= {"different", "no difference found", "unconfirmed", "unknown",
                            "incomparable"}
        assert all(entry["note"] for entry in data["differences"]
                   if entry["status"] == "no difference found")
        for lang in ("en", "ru"):
            page = PairSection(pair, (0, 1), data, lang).html()
            # the pair's own page (kozel/publish/comparison_pair.py): its title is the page's
            # heading
            assert page.startswith("# ") and "{#pair-1-2}" in page.split("\n", 1)[0]
            assert "Traceback" not in page
    lines = diff_lines(diff_variants(a, c, budget=EFFORT, games=GAMES), (a, c))  # its text
    assert lines[0].startswith("diff ") and " different, " in lines[-1]


@TRIOS
@given(trio=trios(seated=False))
def test_any_two_variants_are_compared_and_drawn(trio: tuple[Variant, Variant, Variant]
                                                 ) -> None:
    compared_and_drawn(trio)


BODY = '''variant {name} "V" {{
  players 4
  sides: {sides}
  deal: 5
  draw: none
  pass: no
{play}}}
'''.replace("{play}", play_rules("value(others)"))  # no braces in it: .format keeps working


def test_kozel_diff_of_individual_against_partners(tmp_path: Path) -> None:
    for name, sides in (("alone", "individual"), ("teams", "partners")):
        (tmp_path / f"{name}.kozel").write_text(BODY.format(name=name, sides=sides),
                                                encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": str(computing_cache())}
    run = subprocess.run([sys.executable, "-m", "kozel.cli", "diff", "alone.kozel",
                          "teams.kozel", "--games", "20"], capture_output=True, text=True,
                         env=env, cwd=tmp_path, timeout=600)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    shown = dict(line.split(": ", 1) for line in run.stdout.splitlines()
                 if line and not line.startswith((" ", "diff ")) and ": " in line)
    assert shown["sides"].startswith("different")
    # the same words, read seat by seat: a seat alone scores otherwise than its pair
    assert shown["score"].startswith("different") and shown["loser"].startswith("different")
