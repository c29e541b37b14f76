"""Every variant an OpenSpiel game: `import kozel.openspiel` registers `python_kozel`.

    import pyspiel
    import kozel.openspiel

    game = pyspiel.load_game("python_kozel", {"variant": "minsk", "players": 4,
                                              "options": "target=300"})

Needs open-spiel (`pip install 'kozel[ai]'`). docs/openspiel.md says the same at length.

Parameters: `variant` (a name, a .kozel file or FILE:VARIANT, as the command line takes it;
default minsk), `players` (0: the most the variant allows), `options` (NAME=VALUE pairs,
separated by commas; the game keeps them as `NAME:VALUE` separated by spaces, as an `=` or a
comma would end the parameter in OpenSpiel's game string), `reading` (another reading of an
ambiguous sentence, as `--reading` takes it) and `max_rounds` (default 30).

The game is a match of the variant, played by the variant's compiled round
(interpreter/compiled/stepping.py), or by the engine where the compiler declines a setup or
the engine would stop: the same rules, the same legal moves, the same scores as
`kozel play` and `kozel simulate`.

Chance deals each round's tiles one at a time, each tile still undealt as likely (a uniformly
shuffled set, as OpenSpiel's python_block_dominoes deals): the hands in seat order, then the
stock in drawing order as far as anything can be drawn from it (the engine's dealer hands
out a deal and its stock at once, so a draw takes the next tile of the stock chance dealt,
hidden from every seat until its drawer sees it); a thrown-in deal is dealt again the same
way. A variant that draws lots for the lead has a chance node for the seat drawn
(action 28 + seat).

Actions (engine/codes.py, the same numbers for every variant): 0..27 lead tile i, 28..55 lay
tile i on the left end, 56..83 on the right, 84 + 7a + b the doubles a-a and b-b at once,
133 draw, 134 knock, 135 keep the deal, 136 throw it in (an optional redeal). Every legal
move of the engine is an action, a forced one too (a single legal move, a draw, a knock), so
that a game's history is the match's whole record. A variant with a spinner (a line of up to
four open ends) is not played: loading it is a UsageError that says so.

Returns, at the end only: when the match ends with a goat (or `wins` names winners), each
seat of a losing side (a goat's side; where a side wins, every other side) gets -1 and
every other seat +1; where every side or no side loses, 0 each. A match that stops where
the variant gives no answer (kozel-classic's unscored fish, minsk's 1-1 left undealt with
two players) ends the game there with 0 for every seat, and so does a match that reaches
`max_rounds` rounds without ending (a draw). With two sides of as many seats the game is
zero-sum, else general-sum.

Information state: the sheet as the current round began (round number, totals, remembered
and carried points, opened sides, how the previous round ended and who led it) and, in
order, everything the seat saw since: its hand of each deal (and that a deal was thrown
in), its own redeal answers, the lot, every move of every seat, its own drawn tiles. Finished
rounds are remembered only as the sheet shows them: the game from there on depends on
nothing else. The observation is the table now: the seat's hand, the line and its ends, the
size of every hand and of the stock, the totals. `resample_from_infostate` deals the tiles
the seat has not seen anew, consistently with all it saw (resampling.py), so that IS-MCTS
(kozel.openspiel.players) can search it.
"""

from __future__ import annotations

from .game import NAME, KozelGame, KozelState, register

register()

__all__ = ["KozelGame", "KozelState", "NAME", "register"]
