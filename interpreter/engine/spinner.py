"""A line with a spinner: up to four open ends (the `spinner` and `arms` slots).

The first tile of the variant's `spinner` set laid on the line (the lead included) becomes the
spinner. Besides its two sides, left and right, which the line goes on from as on any line, it
opens two arms, `up` and `down`, each a run of tiles of its own. `arms` (the `play` context)
says whether the arms may be played on now; it is asked where the arms matter — the legal moves
of a turn, whether a tile fits, `blocked` — and only once a spinner is on the line.

Setup.table() makes a SpinnerTable only for a variant whose `spinner` set is not empty, so that
every other variant plays on the plain Table, its hot path untouched.

Moves: as Table does for two equal ends, a tile that fits both arms showing the same value is
listed once, up; down is legal too (`left_twin`) but not listed. A tile that fits a side and an
arm is listed once for each: which kind of end it goes on changes the line's future
(`covered`, what `ends` counts), not only its look.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from . import tileset as ts
from .moves import (ARM_PLACEMENTS, DOWN, DRAW_MOVE, KNOCK_MOVE, LEFT,
                    PLACEMENTS, PLAY, RIGHT, UP, UP_MOVES, Move)
from .table import Table
from .words import Said

_WITH, _PIPS, _LOW = ts.WITH, ts.PIPS, ts.LOW
LEAD = "lead"  # where the spinner lies when it is the lead tile

# The order a record's play without "end" prefers among open ends that show the same value
# (docs/records.md): right, left, up, down.
PREFERRED = (RIGHT, LEFT, UP, DOWN)


def _outer(run: list[tuple[int, int]]) -> int:
    """What the outer tile of a run counts: its outer half, both halves for a double."""
    inner, outer = run[-1]
    return outer * (1 + (inner == outer))


class SpinnerTable(Table):
    """A round's tiles on a line that may hold a spinner and its two arms."""

    __slots__ = ("spinners", "spinner", "spinner_run", "spinner_at", "up_run", "down_run",
                 "up", "down", "arms_rule", "asking_arms")

    has_arms = True

    def __init__(self, hands: list[int], pile: list[int], spinners: int,
                 arms_rule: Callable[["SpinnerTable"], Any] | None = None, **facts: Any) -> None:
        super().__init__(hands, pile, **facts)
        self.spinners = spinners  # the set of tiles one of which becomes the spinner
        self.spinner = -1  # the spinner's tile, once it is on the line
        self.spinner_run = ""  # where it lies: LEAD, or the side (LEFT/RIGHT) it was laid on
        self.spinner_at = 0  # its index in that side's run
        self.up_run: list[tuple[int, int]] = []  # oriented halves (inner, outer), outward
        self.down_run: list[tuple[int, int]] = []
        self.up = self.down = -1  # the values the arms show (-1: no spinner on the line)
        self.arms_rule = arms_rule  # `arms`, where the variant writes it (else: always open)
        self.asking_arms = False

    # ---- terms of the `play` and `move` contexts ----------------------------------------------
    @property
    def covered(self) -> int:
        """How many of the spinner's sides (left, right) have a tile laid against them."""
        if self.spinner < 0:
            return 0
        if self.spinner_run == LEAD:
            return bool(self.left_run) + bool(self.right_run)
        run = self.left_run if self.spinner_run == LEFT else self.right_run
        return 1 + (len(run) > self.spinner_at + 1)  # its inner side lies against the line

    @property
    def ends(self) -> int:
        """The count at the open ends: the two sides as on any line (the spinner counting both
        halves at a side no tile covers yet), plus each arm that holds a tile; a lone lead
        counts its pips."""
        if self.spinner < 0 or not (self.up_run or self.down_run):
            return Table.ends.fget(self)  # type: ignore[attr-defined]
        return self.sides_count() + sum(_outer(run) for run in (self.up_run, self.down_run)
                                        if run)

    @property
    def blocked(self) -> bool:
        """No player can lay a tile on an open end or draw one."""
        fit = self.open_fit()
        return not any(hand & fit or self.can_draw(seat) for seat, hand in enumerate(self.held))

    # ---- questions ---------------------------------------------------------------------------
    def arms_open(self) -> bool:
        """Whether the arms may be played on now: a spinner lies on the line and `arms` says
        yes. Read inside `arms` itself (through `blocked`), the arms count as closed."""
        if self.spinner < 0 or self.asking_arms:
            return False
        if self.arms_rule is None:
            return True
        self.asking_arms = True
        try:
            return bool(self.arms_rule(self))
        finally:
            self.asking_arms = False

    def open_fit(self) -> int:
        """The tiles that fit some open end now (a set): the sides, and the arms when open."""
        fit = _WITH[self.left] | _WITH[self.right]
        if self.spinner >= 0 and self.arms_open():
            fit |= _WITH[self.up] | _WITH[self.down]
        return fit

    def fits(self, tile: int) -> bool:
        """Whether a tile can be laid on some open end of the line."""
        return bool(self.open_fit() >> tile & 1)

    def open_ends(self) -> list[tuple[str, int]]:
        """Each open end and the value it shows: left, right, and the arms when open."""
        ends = [(LEFT, self.left), (RIGHT, self.right)]
        if self.spinner >= 0 and self.arms_open():
            ends += [(UP, self.up), (DOWN, self.down)]
        return ends

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of the seat to play: a tile on each kind of end it fits (see the
        module's docstring); two doubles at once are never played with a spinner (setup.py)."""
        if self.spinner < 0:
            return Table.legal_moves(self, seat)
        arms = self.arms_open()
        left, right, up, down = self.left, self.right, self.up, self.down
        fit = _WITH[left] | _WITH[right] | (_WITH[up] | _WITH[down] if arms else 0)
        fit &= 1 << self.must_play if self.must_play >= 0 else self.held[seat]
        sides, on_arms = PLACEMENTS[left][right], ARM_PLACEMENTS[up][down]
        moves: list[Move] = []
        for tile in ts.members(fit):
            moves += sides[tile]
            if arms:
                moves += on_arms[tile]
        if not moves:
            return [DRAW_MOVE if self.can_draw(seat) else KNOCK_MOVE]
        if self.must_play < 0 and self.may_pass_at(seat):
            moves.append(KNOCK_MOVE)
        return moves

    def left_twin(self, move: object, moves: Sequence[Move]) -> bool:
        """Whether a move not listed lays a listed tile on the twin of an end showing the same
        value: the left of two equal sides, or down of two equal arms."""
        if Table.left_twin(self, move, moves):
            return True
        return (isinstance(move, Move) and move.kind == PLAY and move.end == DOWN
                and len(move.tiles) == 1 and self.up == self.down >= 0
                and UP_MOVES[move.tiles[0].index] in moves)

    # ---- changes -----------------------------------------------------------------------------
    def lead(self, seat: int, tile: int) -> None:
        """Open the line; a lead of the spinner set is the spinner."""
        super().lead(seat, tile)
        if self.spinners >> tile & 1:
            self._spin(tile, LEAD, 0)

    def lay(self, seat: int, tile: int, end: str) -> None:
        """Lay a tile on a side or an arm; the first of the spinner set laid is the spinner."""
        if end == UP or end == DOWN:
            self._lay_on_arm(seat, tile, end)
            return
        super().lay(seat, tile, end)
        if self.spinner < 0 and self.spinners >> tile & 1:
            run = self.left_run if end == LEFT else self.right_run
            self._spin(tile, end, len(run) - 1)

    def _spin(self, tile: int, where: str, index: int) -> None:
        self.spinner, self.spinner_run, self.spinner_at = tile, where, index
        self.up = self.down = _LOW[tile]  # a double: both halves show the same value

    def _lay_on_arm(self, seat: int, tile: int, end: str) -> None:
        self.held[seat] &= ~(1 << tile)
        self.line |= 1 << tile
        inner = self.up if end == UP else self.down
        outer = _PIPS[tile] - inner
        (self.up_run if end == UP else self.down_run).append((inner, outer))
        if end == UP:
            self.up = outer
        else:
            self.down = outer
        self.last, self.last_layer, self.must_play = tile, seat, -1
        self.laid = 1 << tile

    def end_for(self, tile: int) -> str | list[tuple[str, int]]:
        """Where a play that names no end goes: the one open end it fits, or the first of
        PREFERRED among ends it fits that all show one value; else the ends it fits (the
        record must say which)."""
        fitting = [(end, value) for end, value in self.open_ends()
                   if _WITH[value] >> tile & 1]
        if len({value for _, value in fitting}) > 1:
            return fitting
        named = {end for end, _ in fitting}
        return next((end for end in PREFERRED if end in named), RIGHT)

    # ---- for people --------------------------------------------------------------------------
    def arms_text(self) -> list[tuple[str, str]]:
        """Each arm that holds a tile, with its tiles: [("up", "[5|2][2|4]"), ...]."""
        return [(end, "".join(f"[{a}|{b}]" for a, b in run))
                for end, run in ((UP, self.up_run), (DOWN, self.down_run)) if run]

    def line_text(self) -> str:
        """The line as tiles, the arms after it: [3|5][5|5] up [5|2][2|4]."""
        return super().line_text() + "".join(f" {end} {tiles}" for end, tiles in self.arms_text())

    def line_said(self) -> Any:
        """The line for people, the arms after it in their words."""
        line, arms = super().line_said(), self.arms_text()
        if not arms:
            return line
        shown: dict[str, Any] = {UP: "", DOWN: ""}
        for end, tiles in arms:
            shown[end] = Said(f"line.arm {end}", tiles=tiles)
        return Said("line.with arms", line=line, up=shown[UP], down=shown[DOWN])

    def facts(self, context: str) -> dict[str, object]:
        """The position as data, for a stop: the arms and `covered` besides the ends."""
        return {**super().facts(context), "up": self.up, "down": self.down,
                "covered": self.covered}

    def ends_described(self) -> tuple[str, Any]:
        """The open ends for `describe`: the arms too, once a spinner is on the line."""
        if self.spinner < 0:
            return super().ends_described()
        return (f" (ends {self.left} and {self.right}, arms up {self.up} and down {self.down})",
                Said("sit.spinner ends", left=self.left, right=self.right, up=self.up,
                     down=self.down))
