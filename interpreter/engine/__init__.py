"""The engine: plays any checked Variant, knowing only the physics of line dominoes.

    setup = prepare(variant, players=4, options={"target": "300"})
    result = play_match(setup, [RandomPlayer(seed) for _ in range(4)], seed=7)

Modules: tileset (tiles as bits), evaluate (expressions → closures), rules (slot semantics),
situations (rule contexts), table (physics), moves, round (deal, lead, turns), scoring,
match, outcomes (results as data), stops (why play stopped).
"""

from .events import Listener
from .match import MAX_ROUNDS, play_match
from .moves import Move
from .outcomes import MatchResult, RoundLog, RoundResult
from .round import Dealer, ShuffleDealer
from .setup import Setup, prepare, settle_options
from .stops import RuleStop
from .views import HandView, SeatView

__all__ = ["Dealer", "HandView", "Listener", "MAX_ROUNDS", "MatchResult", "Move", "RoundLog",
           "RoundResult", "RuleStop", "SeatView", "Setup", "ShuffleDealer", "play_match",
           "prepare", "settle_options"]
