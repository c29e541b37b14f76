"""The solver's candidates show the game as usually played: every option at its default where
the finding allows it, another value only where the finding needs one."""

from __future__ import annotations

from checks.questions.solver import Result, check_conditions
from interpreter.language.resolve import Library

RULES = """
variant usual "Options at their defaults" {
  players 2..4
  option target: 100 | 300 | 500 = 300
  option teams: yes | no = yes
  sides: partners when players = 4 and teams
  sides: individual otherwise
  deal: 7
  draw: none
  lead match: holder(1-1)
  lead round: winner when previous = out
  lead round: fisher when previous = fish
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: end = out and side != team(winner)
  loser: end = fish and value(side) = highest(all) and not tie
  loser: no when end = fish and tie
  score: pips_of(side) when loser
  score: 0 otherwise
  carry: 0
  goat: total > target
  claim setup "the target is 300": target = 300
}
"""


def results() -> list[Result]:
    library = Library()
    library.add_text(RULES, "usual.kozel")
    return check_conditions(library.resolve("usual"))


def witness_options(found: list[Result], query: str, slot: str = "") -> dict:
    result = next(r for r in found if r.condition.query == query and r.condition.slot == slot
                  and r.status == "refuted")
    assert result.answer.witness is not None
    return result.answer.witness.setting


def test_a_finding_any_setting_shows_is_shown_at_the_defaults() -> None:
    # holder(1-1) is undefined whenever 1-1 stays in the stock: any target, any teams
    found = results()
    result = next(r for r in found if r.condition.query == "defined"
                  and r.condition.slot == "lead match" and r.status == "refuted")
    assert result.answer.witness is not None
    assert result.answer.witness.setting == {"target": 300, "teams": True}


def test_a_finding_that_needs_another_value_keeps_it_and_the_other_defaults() -> None:
    options = witness_options(results(), "claim")
    assert options["target"] != 300  # the claim fails only away from the default
    assert options["teams"] is True
