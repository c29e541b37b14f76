"""Every difference between the seeds changes what a player sees, or is `same in effect`: A's game
(or the later game the entry gives) replayed under A and under A with B's rule of the slot
swapped in writes otherwise exactly when the entry is `different`
(checks/compare/diff_effect.py)."""

from __future__ import annotations

from typing import Any

import pytest

from checks.compare.diff_effect import SEEN_AS_ANSWER, seen_in, swapped
from checks.compare.diff_sizes import apart
from checks.reporting.family_text import family_table
from interpreter.language.model import Variant
from interpreter.language.summary import case_text
from shared_runs import kozel, main_job_report, seed_variants

# differences of the seeds whose games wrote the same under both (issue 34): each is judged
CHANGE_NOTHING = {("kozel-classic", "minsk", "remember"), ("kozel-classic", "pairs", "remember"),
                  ("minsk", "pairs", "opens"), ("kozel-classic", "pairs", "draw")}
# of those, the ones no game can show a player: no rule of minsk reads whether a side's record
# is open, and at the one table kozel-classic shares with pairs (four players) every tile is
# dealt: no stock is left to draw from
NEVER_SEEN = {("minsk", "pairs", "opens"), ("kozel-classic", "pairs", "draw")}


@pytest.fixture(scope="module")
def checked() -> dict[str, Any]:
    """The README's main job, as the test run made it once for every test that reads it."""
    return main_job_report()


def _judged(checked: dict[str, Any]) -> dict[tuple[str, str, str], str]:
    """Each difference of the seeds shown by a game of A at A's own table: its status."""
    seeds = seed_variants()
    found = {}
    for comparison in checked["comparisons"]:
        a, b = seeds[comparison["a"]], seeds[comparison["b"]]
        for entry in comparison["differences"]:
            witness = entry["witness"]
            if witness is None or apart(a, b) or witness["record"]["variant"] != a.name:
                continue  # no game, compared across tables, or a game of B (A unspecified)
            found[(a.name, b.name, entry["slot"])] = entry["status"]
            if _same_words(a, b, entry["slot"]) or _unspecified(a, entry["slot"]):
                # reached through what it reads; or A's games stop where A leaves it open
                assert entry["status"] != "same in effect", (a.name, b.name, entry["slot"])
            elif entry["status"] in ("different", "same in effect") \
                    and entry["slot"] not in SEEN_AS_ANSWER:
                assert _seen(a, b, entry) == (entry["status"] == "different"), \
                    (a.name, b.name, entry["slot"])
    return found


def _same_words(a: Variant, b: Variant, slot: str) -> bool:
    return [case_text(c) for c in a.cases(slot)] == [case_text(c) for c in b.cases(slot)]


def _unspecified(variant: Variant, slot: str) -> bool:
    return any(case.value is None for case in variant.cases(slot))


def _seen(a: Variant, b: Variant, entry: dict[str, Any]) -> bool:
    """Whether the entry's game (its later one if it has one) writes otherwise under A with
    B's rule of the slot than under A."""
    game = entry.get("effect") or entry["witness"]
    record, options = game["record"], dict(game["record"]["options"])
    other = swapped(a, b, entry["slot"])
    setting = entry["witness"]["options"].get(b.name, {})  # B's, as the diff's game has them
    options.update({o.name: setting.get(o.name, o.default)
                    for o in other.options if o.name not in options})
    return seen_in(a, record, record["options"]) != seen_in(other, record, options)


def test_every_difference_changes_what_a_player_sees(checked: dict[str, Any]) -> None:
    judged = _judged(checked)
    assert len(judged) >= 20
    assert CHANGE_NOTHING <= set(judged)
    for key in NEVER_SEEN:
        assert judged[key] == "same in effect", key


def test_what_a_player_sees_as_the_answer_is_never_same_in_effect(
        checked: dict[str, Any]) -> None:
    """A lead, a redeal, a move allowed, an end: answered otherwise, a player sees it."""
    for comparison in checked["comparisons"]:
        for entry in comparison["differences"]:
            if entry["slot"] in SEEN_AS_ANSWER:
                assert entry["status"] != "same in effect", (comparison["a"], entry["slot"])


def test_same_in_effect_has_its_reason_and_its_own_mark(checked: dict[str, Any]) -> None:
    entries = [(c, d) for c in checked["comparisons"] for d in c["differences"]
               if d["status"] == "same in effect"]
    assert entries
    for comparison, entry in entries:
        assert "nothing a player sees changes" in entry["note"]
        assert entry["slot"] not in comparison["same"]
    table = family_table(checked["comparisons"])
    assert any("≈" in line for line in table if line.startswith("opens "))
    assert table[-1].startswith("≈ same in effect")
    russian = family_table(checked["comparisons"], "ru")
    assert russian[-1].startswith("≈ совпадает по действию")
