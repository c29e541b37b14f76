"""The rules of play of a small valid variant, for tests that write one rule file and break it
in one place (its header, its deal, a case or a list): every slot they do not touch."""

from __future__ import annotations


def play_rules(score: str = "value(side)") -> str:
    """The lines from `lead match` to `goat` of a small variant, `score` its loser's score."""
    return f"""  lead match: seat(0)
  lead round: leader
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: side != team(winner) when end = out
  loser: value(side) > lowest(all) when end = fish
  score: {score} when loser
  score: 0 otherwise
  goat: total > 100
"""
