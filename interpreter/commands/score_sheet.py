"""A replayed match as a score sheet for people: a row per round (how it ended, who, what each
side wrote), the totals, the goat; with `--moves`, each round's moves under its row."""

from __future__ import annotations

from ..engine import tileset as ts
from ..engine.moves import DRAW, KNOCK
from ..engine.outcomes import MatchResult, RoundResult
from ..engine.records import MatchRecord, RecordedMove
from ..terminal import Terminal


def side_names(players: int, sides: int) -> list[str]:
    """What each side is called on the sheet: `seat 2`, or `seats 0+2` with partners."""
    if sides == players:
        return [f"seat {s}" for s in range(sides)]
    # docs/records.md: with partners, seats s and s + sides play for side s
    return ["seats " + "+".join(str(p) for p in range(players) if p % sides == s)
            for s in range(sides)]


def _ended(result: RoundResult) -> str:
    return f"seat {result.seat} went out" if result.end == "out" else \
        f"fish (seat {result.seat})"


def score_sheet(result: MatchResult, record: MatchRecord | None = None, *,
                terminal: Terminal = Terminal()) -> list[str]:
    """The sheet's lines; the moves of each round too when the record is given."""
    names = side_names(result.players, result.sides)
    width = max([len(n) for n in names] + [6])
    carry = any(r.carry for r in result.rounds)
    head = (f"{'round':>5}  {'how it ended':<20}" + "".join(f"  {n:>{width}}" for n in names)
            + ("  carry" if carry else "") + ("  remembered" if result.threshold else ""))
    lines = [terminal.paint(head, "bold")]
    for number, played in enumerate(result.rounds):
        row = f"{played.number:>5}  {_ended(played):<20}" + "".join(
            f"  {p:>{width}}" for p in played.points)
        if carry:
            row += f"  {played.carry or '':>5}"
        if result.threshold:
            row += "  " + ", ".join(map(str, played.remembered))
        lines.append(row.rstrip())
        if record is not None and number < len(record.rounds):
            lines += moves_lines(record.rounds[number].moves, terminal)
    if result.unfinished is not None:
        number, moves = result.unfinished
        lines.append(f"{number:>5}  the record breaks off after {moves} moves (the round is "
                     "not over)")
        if record is not None and number - 1 < len(record.rounds):
            lines += moves_lines(record.rounds[number - 1].moves[:moves], terminal)
    lines.append(terminal.paint(f"{'total':>5}  {'':<20}" + "".join(
        f"  {s:>{width}}" for s in result.scores), "bold"))
    lines.append(_goat_line(result, names, terminal))
    if result.names_winners:  # a variant that writes `wins`
        won = (", ".join(f"side {s} ({names[s]})" for s in result.winner)
               if result.winner is not None else "none yet (the match is not over)")
        lines.append("winner: " + terminal.paint(won or "nobody", "bold"))
    return lines


def _goat_line(result: MatchResult, names: list[str], terminal: Terminal) -> str:
    if result.goat is None:
        return "goat: none yet (the match is not over)"
    goats = ", ".join(f"side {s} ({names[s]})" for s in result.goat)
    return "goat: " + terminal.paint(goats or "nobody", "bold")


def move_text(move: RecordedMove) -> str:
    """One move in words: `0 lays 3-5 left`, `1 knocks`, `2 draws 4-4`, `3 lays 2-2 + 5-5`."""
    if move.kind == KNOCK:
        return f"{move.seat} knocks"
    tiles = [str(ts.tile_of(t)) for t in move.tiles]
    if move.kind == DRAW:
        return f"{move.seat} draws {tiles[0]}"
    return f"{move.seat} lays {' + '.join(tiles)}" + (f" {move.end}" if move.end else "")


MOVES_WIDTH = 96  # when the output is not a terminal


def moves_lines(moves: tuple[RecordedMove, ...], terminal: Terminal) -> list[str]:
    """A round's moves, in order, as many to a line as fit; a move is never split."""
    width = terminal.width or MOVES_WIDTH
    lines, line = [], "       moves:"
    for number, move in enumerate(moves):
        item = move_text(move) + (";" if number < len(moves) - 1 else "")
        if len(line) + 1 + len(item) > width and line.strip() != "moves:":
            lines.append(line)
            line = " " * 13
        line += " " + item
    lines.append(line)
    return [terminal.paint(text, "dim") for text in lines]
