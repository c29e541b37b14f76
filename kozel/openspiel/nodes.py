"""What every position of a game of python_kozel shares (Rules), what a game waits for (a
Node), and what each action of a round was (a Mark)."""

from __future__ import annotations

from typing import NamedTuple, Sequence

from interpreter.compiled.stepping import CompiledRounds, compile_rounds
from interpreter.engine import tileset as ts
from interpreter.engine.setup import Setup
from interpreter.language.errors import UsageError
from interpreter.language.reads import slot_names

CHANCE, TERMINAL = -1, -4  # OpenSpiel's player ids of a chance node and of the end
LOT_BASE = ts.TILE_COUNT  # chance's action for the seat drawn by lot: LOT_BASE + seat (a
# tile dealt is its own index): every chance action says what it is
DEALING, DRAWING_LOT, MOVING, ANSWERING, ENDED = "deal", "lot", "move", "redeal", "end"


class Node(NamedTuple):
    """What the game waits for: whose turn (a seat, CHANCE or TERMINAL), of what kind, the
    codes offered (in the engine's order), and for a deal the tiles it dealt so far (a set)."""

    player: int
    kind: str
    offered: tuple[int, ...] = ()
    dealt: int = 0


class Mark(NamedTuple):
    """What one action of the round was: a tile dealt (deal number, place in the order), a
    lot drawn, or a seat's decision (a move or a redeal answer)."""

    kind: str
    seat: int = -1
    deal: int = 0
    place: int = 0




class Rules:
    """What every position of one game shares: the setup, its compiled round, and counts."""

    def __init__(self, setup: Setup, max_rounds: int, *, engine_only: bool = False,
                 key: str = "") -> None:
        if setup.spinner:  # its four open ends have no action codes (engine/codes.py)
            raise UsageError(f"python_kozel does not play variant {setup.variant.name!r}: it "
                             "has a spinner, and the game's actions name only a line of two "
                             "ends (kozel play and kozel simulate play it)")
        self.setup, self.max_rounds, self.key = setup, max_rounds, key
        self.rounds: CompiledRounds | None = None if engine_only else compile_rounds(setup)
        stock = ts.TILE_COUNT - setup.players * setup.deal
        drawable = 0 if setup.draw == "none" else max(0, stock - setup.reserve)
        # the tiles chance deals one by one: the hands, then the stock as far as it can be
        # drawn (the rest lies in a fixed order: nothing ever reads it)
        self.dealt = setup.players * setup.deal + drawable
        self.reads_tie = "tie" in slot_names(setup.variant, "lead round")
        self.sides = setup.seating.sides

    def deal_order(self, tiles: Sequence[int]) -> list[int]:
        """The full order of a deal: the tiles chance dealt, then the others, lowest first."""
        dealt = ts.set_of(tiles)
        return list(tiles) + [t for t in range(ts.TILE_COUNT) if not dealt >> t & 1]
