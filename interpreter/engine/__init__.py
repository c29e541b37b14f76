"""The engine: plays any checked Variant, knowing only the physics of line dominoes.

    setup = prepare(variant, players=4, options={"target": "300"})
    result = play_match(setup, [RandomPlayer(seed) for _ in range(4)], seed=7)

Modules: tiles (the Tile value type) and tileset (tiles as bits), evaluate (expressions →
Python functions), rules (slot semantics), situations and turns (rule contexts), lot, table
(physics), moves, views (what a player sees), players (the Player interface, the built-in
strategies) and asking (calling a strategy that is not trusted), round (deal, lead, turns),
scoring, match (a match, or one round of it from where it stands), playing (a match for
statistics), outcomes (results as data), stops (why play stopped), events (listening to a
match), records (kozel-record/1), referee (replay), game (a match played one decision at a
time, for programs), codes (every decision as a number, for programs that choose by number).

Where docs/language.md leaves a choice to the engine, the engine decides so:
- A tile that fits both ends when both show the same value is one move: laid on the right.
- A player who cannot lay a tile draws (if the `draw` rule and the stock beyond `reserve`
  allow), else knocks. With `one`, a drawn tile that does not fit ends the turn; with
  `until_playable` the player draws again, and knocks when the stock runs out. A drawn tile that
  fits must be laid (it is the only legal move).
- `fish` is evaluated after every play and every draw (a knock changes nothing it sees).
  Going out is checked first: a hand emptied ends the round out.
- Stuck: every seat knocked in turn and nobody can lay or draw (`fish` said no): a stop.
- `redeal` is applied to the hands in seat order; the first hand that throws the deal in
  (automatic, or optional and accepted) does so.
- In scoring, `remembered` and `opened` are the side's state before the round is written;
  a side that opens has its remembered points written and reset to 0.
- Partners (`sides: partners`) need 4 players: seats 0+2 and 1+3.
- A strategy is asked only when it has more than one legal move. One that raises, takes more
  than its `time_limit` (10 s unless it says) or answers no legal move stops the match with a
  StrategyError or IllegalMove naming its seat, before the table changes (asking.py): `seat`
  from 0 as every value counts, and `seat 1 (index 0)` in the message.
- Caps: 1000 thrown-in deals in a row, 2000 moves in a round, 1000 rounds in a match; each is
  a stop of kind `endless` naming the rule.
"""

from .asking import StrategyError
from .events import Listener
from .match import MAX_ROUNDS, play_match
from .moves import IllegalMove, Move
from .outcomes import MatchResult, RoundLog, RoundResult
from .round import Dealer, ShuffleDealer
from .setup import Setup, prepare, settle_options
from .stops import RuleStop
from .views import HandView, SeatView

__all__ = ["Dealer", "HandView", "IllegalMove", "Listener", "MAX_ROUNDS", "MatchResult", "Move",
           "RoundLog", "RoundResult", "RuleStop", "SeatView", "Setup", "ShuffleDealer",
           "StrategyError", "play_match", "prepare", "settle_options"]
