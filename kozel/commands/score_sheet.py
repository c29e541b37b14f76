"""A replayed match as a score sheet for people: a row per round (how it ended, who, what each
side wrote), the totals, the goat; with `--moves`, each round's moves under its row. Seats and
sides are numbered from 1, the words are those of the reader's language (words.py)."""

from __future__ import annotations

from interpreter.engine.moves import DRAW, KNOCK
from interpreter.engine.outcomes import MatchResult, RoundResult
from interpreter.engine.records import MatchRecord, RecordedMove
from interpreter.engine.words import Count, joined, seat_no, seat_said, side_said

from ..terminal import Terminal
from .words import say


def side_names(players: int, sides: int, lang: str = "en") -> list[str]:
    """What each side is called on the sheet: `seat 2`, or `seats 1+3` with partners."""
    if sides == players:
        return [seat_said(s).in_lang(lang) for s in range(sides)]
    # docs/records.md: with partners, seats s and s + sides play for side s
    return [say(lang, "sheet.seats", seats="+".join(str(seat_no(p)) for p in range(players)
                                                    if p % sides == s))
            for s in range(sides)]


def _ended(result: RoundResult, lang: str) -> str:
    return say(lang, "sheet.out" if result.end == "out" else "sheet.fish",
               seat=seat_said(result.seat))


def _sides(sides: tuple[int, ...], players: int, count: int, lang: str) -> str:
    """Sides by name, numbered from 1, with their seats where a side has several."""
    named = [side_said(s, [p for p in range(players) if p % count == s]) for s in sides]
    return joined(named).in_lang(lang) if named else say(lang, "sheet.nobody")


def score_sheet(result: MatchResult, record: MatchRecord | None = None, *,
                terminal: Terminal = Terminal(), lang: str = "en") -> list[str]:
    """The sheet's lines; the moves of each round too when the record is given."""
    names = side_names(result.players, result.sides, lang)
    width = max([len(n) for n in names] + [6])
    how = max(20, len(say(lang, "sheet.how")))
    carry = any(r.carry for r in result.rounds)
    head = (f"{say(lang, 'sheet.round'):>5}  {say(lang, 'sheet.how'):<{how}}"
            + "".join(f"  {n:>{width}}" for n in names)
            + (f"  {say(lang, 'sheet.carry')}" if carry else "")
            + (f"  {say(lang, 'sheet.remembered')}" if result.threshold else ""))
    lines = [terminal.paint(head, "bold")]
    for number, played in enumerate(result.rounds):
        lines.append(_row(result, played, width, how, lang))
        if record is not None and number < len(record.rounds):
            lines += moves_lines(record.rounds[number].moves, terminal, lang)
    if result.unfinished is not None:
        number, moves = result.unfinished
        lines.append(f"{number:>5}  " + say(lang, "sheet.breaks off", moves=Count(moves, "moves")))
        if record is not None and number - 1 < len(record.rounds):
            lines += moves_lines(record.rounds[number - 1].moves[:moves], terminal, lang)
    lines.append(terminal.paint(f"{say(lang, 'sheet.total'):>5}  {'':<{how}}" + "".join(
        f"  {s:>{width}}" for s in result.scores), "bold"))
    lines.append(_goat_line(result, terminal, lang))
    if result.names_winners:  # a variant that writes `wins`
        won = (_sides(result.winner, result.players, result.sides, lang)
               if result.winner is not None else say(lang, "sheet.not over"))
        lines.append(say(lang, "sheet.winner", sides=terminal.paint(won, "bold")))
    return lines


def _row(result: MatchResult, played: RoundResult, width: int, how: int, lang: str) -> str:
    """One round's row: how it ended, the points of each side, what hangs, what is kept."""
    row = f"{played.number:>5}  {_ended(played, lang):<{how}}" + "".join(
        f"  {p:>{width}}" for p in played.points)
    if any(r.carry for r in result.rounds):
        row += f"  {played.carry or '':>5}"
    if result.threshold:
        row += "  " + ", ".join(map(str, played.remembered))
    return row.rstrip()


def _goat_line(result: MatchResult, terminal: Terminal, lang: str) -> str:
    if result.goat is None:
        return say(lang, "sheet.goat", sides=say(lang, "sheet.not over"))
    goats = _sides(result.goat, result.players, result.sides, lang)
    return say(lang, "sheet.goat", sides=terminal.paint(goats, "bold"))


def move_text(move: RecordedMove, lang: str = "en") -> str:
    """One move in words, seats from 1: `1 lays 3-5 left`, `2 knocks`, `3 draws 4-4`."""
    seat = seat_no(move.seat)
    if move.kind == KNOCK:
        return say(lang, "move.knocks", seat=seat)
    tiles = [str(t) for t in move.tiles]
    if move.kind == DRAW:
        return say(lang, "move.draws", seat=seat, tile=tiles[0])
    end = " " + say(lang, f"end.{move.end}") if move.end else ""
    return say(lang, "move.lays", seat=seat, tiles=" + ".join(tiles), end=end)


MOVES_WIDTH = 96  # when the output is not a terminal


def moves_lines(moves: tuple[RecordedMove, ...], terminal: Terminal,
                lang: str = "en") -> list[str]:
    """A round's moves, in order, as many to a line as fit; a move is never split."""
    width = terminal.width or MOVES_WIDTH
    label = say(lang, "sheet.moves")
    lines, line = [], "       " + label
    for number, move in enumerate(moves):
        item = move_text(move, lang) + (";" if number < len(moves) - 1 else "")
        if len(line) + 1 + len(item) > width and line.strip() != label:
            lines.append(line)
            line = " " * 13
        line += " " + item
    lines.append(line)
    return [terminal.paint(text, "dim") for text in lines]

