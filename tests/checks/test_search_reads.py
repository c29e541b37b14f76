"""A game search says which rules its matches read (checks/search/games.py `Searched.asked`): the
engine's compiled rules mark themselves when asked, so a search over the first deal reads no
rule of a round's end and no option only such a rule names. Incremental checking keys a kept
answer by what it read (docs/architecture.md, "What an edit reaches"): a rule reported unread
must be one no match of the search asked."""

from __future__ import annotations

from functools import lru_cache

from checks.compare.diff_reads import options_read
from checks.search.games import Hints, Moment, Target, search
from interpreter.engine.setup import SETUP_RULES
from interpreter.language.model import Variant
from interpreter.language.resolve import load_paths, load_variant
from shared_runs import ROOT

ROUND_END = {"loser", "score", "bonus", "carry", "goat", "wins", "remember", "opens"}


@lru_cache(maxsize=None)
def minsk() -> Variant:
    library, _ = load_paths([ROOT / "spec" / "variants" / "minsk.kozel"])
    return library.resolve("minsk")


def at_deal(moment: Moment) -> str | None:
    return "dealt"


def at_second_round(moment: Moment) -> str | None:
    return "a second round" if moment.number >= 2 else None


def test_a_search_at_the_first_deal_reads_no_rule_of_a_round_s_end() -> None:
    found = search(minsk(), Target(when="deal", test=at_deal, rounds=1), Hints(), games=5)
    assert found.game is not None and found.game.moment.number == 1
    assert SETUP_RULES <= found.asked and not found.asked & ROUND_END
    assert "target" not in options_read(minsk(), found.asked)  # only `goat` names it


def test_a_search_past_a_round_s_end_reads_the_goat_and_its_target() -> None:
    found = search(minsk(), Target(when="deal", test=at_second_round, rounds=3), Hints(),
                   games=50)
    assert found.game is not None and found.game.moment.number == 2
    assert {"loser", "score", "goat"} <= found.asked
    assert "target" in options_read(minsk(), found.asked)


def test_each_search_counts_its_own_reads_on_setups_it_shares() -> None:
    variant = minsk()  # one object: the second search reuses the first's prepared setups
    search(variant, Target(when="deal", test=at_second_round, rounds=3), Hints(), games=50)
    again = search(variant, Target(when="deal", test=at_deal, rounds=1), Hints(), games=5)
    assert SETUP_RULES <= again.asked and not again.asked & ROUND_END


def test_a_rule_read_as_a_constant_counts_as_read() -> None:
    text = (ROOT / "spec" / "variants" / "minsk.kozel").read_text(encoding="utf-8")
    # both cases constant for every match: the engine reads the folded value, asks nothing
    never = load_variant(text.replace("redeal: automatic when count(doubles(hand)) >= 5",
                                      "redeal: never when players = 9"), "minsk.kozel")
    found = search(never, Target(when="deal", test=at_deal, rounds=1), Hints(), games=3)
    assert found.game is not None and "redeal" in found.asked
