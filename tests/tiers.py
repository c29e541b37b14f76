"""How many random inputs a test draws in each tier of the suite (README, "the inner loop").

The full tier (the README's test command, which `.ci/run` runs) draws every count as written
in the tests. The fast tier, the contributor's inner loop, loads the Hypothesis profile `fast`
with Hypothesis's own pytest option, `--hypothesis-profile fast`: a test that states no count
draws the profile's 25 examples instead of Hypothesis's 100, and a test that states one (with
`examples(N)`, Hypothesis or a seeded generator of its own) draws a quarter of it (the
any-pair fuzz of `kozel diff`, an eighth: `examples(N, share)`). The inputs are
the same kind, drawn by the same strategies, and every assertion is made on each of them: the
fast tier asks every question of fewer random inputs; the full tier still asks all of them
before a change is merged. Likewise a test that checks a variant in its own process lets the
checker play a quarter of its matches to find each witness game (`witness_games()`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hypothesis import settings

if TYPE_CHECKING:
    from checks.questions.budget import GameBudget

FAST = "fast"  # the profile's name, as given to --hypothesis-profile
SHARE = 4  # the fast tier draws one input in SHARE of a test's full count

# Hypothesis's default is 100 examples a test; the fast profile changes that count alone
settings.register_profile(FAST, max_examples=100 // SHARE)


def fast() -> bool:
    """Whether this run is the fast tier (the `fast` profile is loaded)."""
    return settings.get_current_profile_name() == FAST


def examples(full: int, share: int = SHARE) -> int:
    """The number of random inputs a test draws: `full` in the full tier, one in `share` of it
    (rounded up) in the fast tier: a quarter, unless a test whose quarter still cost the fast
    tier most asks for less (the README lists them)."""
    return -(-full // share) if fast() else full


def witness_games() -> "GameBudget":
    """The matches the checker plays to find each witness game, for a test that checks a
    variant of its own in its process: `kozel check`'s default in the full tier, a quarter of
    it in the fast one (a search that finds its game within them finds the same one: a search
    is seeded and plays its matches in order, checks/search/games.py)."""
    from checks.questions.budget import DEFAULT_GAMES, GameBudget

    return GameBudget(games=examples(DEFAULT_GAMES))
