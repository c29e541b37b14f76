"""Every difference between the seeds is true: its game, replayed through the engine, has the
two rules answer otherwise there — A's at A's table, B's at B's own table where the game is
also one of B (B's replay of it reaches the moment), else on A's tiles with B's own physics
(its drawing and knocking), which the witness then says is not a game of B."""

from __future__ import annotations

import json
from typing import Any

import pytest

from checks.questions.conditions import slot_situation
from checks.compare.diff_games import Pair, own_tables, replayed_under
from checks.compare.diff_own import TABLE_SITUATIONS
from checks.search.games import Found
from diff_replay import parting
from interpreter.language.errors import KozelError
from shared_runs import main_job_report, seed_variants


@pytest.fixture(scope="module")
def checked() -> dict[str, Any]:
    """The README's main job, as the test run made it once for every test that reads it."""
    return main_job_report()


def _game_of_b(pair: Pair, record: dict[str, Any]) -> bool:
    try:
        replayed_under(pair.b, record, pair.fixed_b)
    except KozelError:
        return False
    return True


def _parting(pair: Pair, slot: str, record: dict[str, Any], own_table: bool) -> Found | None:
    """The first moment of A's record where A's rule and B's part (B's at B's own table when
    `own_table`)."""
    return parting(pair, slot, record, own_tables(pair, slot) if own_table else None)


def _differences(checked: dict[str, Any]) -> list[tuple[Pair, dict[str, Any]]]:
    seeds = seed_variants()
    found = []
    for comparison in checked["comparisons"]:
        a, b = seeds[comparison["a"]], seeds[comparison["b"]]
        if not set(a.players) & set(b.players):
            continue  # compared at each table in turn, a game of each (test_diff_sizes.py)
        for entry in comparison["differences"]:
            if entry.get("witness") is not None and entry["witness"] == entry.get("effect"):
                continue  # the solver's situation had no game: the lockstep's game shows it
                # (tests/checks/test_lockstep.py replays it under both rules)
            if entry["status"] == "different" and (entry.get("witness") or {}).get("record"):
                options = entry["witness"]["options"]
                # a game of B where A leaves the rule unspecified: B's game, A's rule asked
                one, other = (b, a) if entry["witness"]["record"]["variant"] == b.name \
                    else (a, b)
                pair = Pair(one, other, (one.name, other.name), options[one.name],
                            options[other.name], ())
                found.append((pair, entry))
    return found


def test_every_seed_difference_is_true_when_its_game_is_replayed(checked: dict) -> None:
    shown = 0
    for pair, entry in _differences(checked):
        slot, witness = entry["slot"], entry["witness"]
        both = _game_of_b(pair, witness["record"])
        reads_table = slot_situation(slot, pair.a, pair.b) in TABLE_SITUATIONS
        found = _parting(pair, slot, witness["record"], own_table=both and reads_table)
        where = (pair.a.name, pair.b.name, slot)
        assert found is not None, where
        # the moment it parts is the one the witness shows, with the answers it writes
        assert found.moment.number == witness["at"]["round"], where
        assert [json.loads(line) for line in found.shows.splitlines()[1:]] \
            == [witness["does"][pair.a.name], witness["does"][pair.b.name]], where
        shown += 1
    assert shown >= 40


def test_the_false_fish_of_gambler_against_minsk_is_gone(checked: dict) -> None:
    """Minsk never draws: where nobody can lay a tile it is a fish under minsk whatever the
    stock holds. The fish shown is at a moment of a game of both (no tile drawn yet), where
    gambler-1v1's players can still draw and minsk's cannot."""
    seeds = seed_variants()
    comparison = next(c for c in checked["comparisons"]
                      if (c["a"], c["b"]) == ("gambler-1v1", "minsk"))
    fish = next(d for d in comparison["differences"] if d["slot"] == "fish")
    witness = fish["witness"]
    pair = Pair(seeds["gambler-1v1"], seeds["minsk"], ("gambler-1v1", "minsk"),
                witness["options"]["gambler-1v1"], witness["options"]["minsk"], ())
    assert _game_of_b(pair, witness["record"])
    assert witness["stock"] and witness["does"] == {"gambler-1v1": False, "minsk": True}
    assert _parting(pair, "fish", witness["record"], own_table=True) is not None
