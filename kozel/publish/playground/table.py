"""A table of the playground: a person plays one seat of a match against the built-in bots.

The match is the engine's `Game` (interpreter/engine/game.py), which replays the match from its
seed at every decision; the bots are the strategy `kozel play` seats by default (greedy). What
happened is said by `kozel play`'s own table printer (kozel/commands/play.py), the
person's seat shown and the others' hands hidden, as `kozel play --human` shows them; a new
line of it is one event. The table stops at the end of each round (the score sheet of
`kozel replay`, kozel/commands/score_sheet.py, drawn from replaying the record so far)
until the person asks for the next one.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from html import escape
from typing import Any

from interpreter.engine import tileset as ts
from interpreter.engine.events import Listener
from interpreter.engine.game import MOVE, Game
from interpreter.engine.moves import PLAY, Move
from interpreter.engine.outcomes import MatchResult, RoundResult
from interpreter.engine.players import Player, seat_players
from interpreter.engine.records import new_record, parse_record, record_text, round_json
from interpreter.engine.referee import replay
from interpreter.engine.setup import prepare
from interpreter.engine.table import Table
from interpreter.engine.tiles import Tile
from interpreter.engine.views import SeatView
from interpreter.engine.words import said_in
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant
from kozel.commands.human import move_said
from kozel.commands.play import TablePrinter
from kozel.commands.score_sheet import score_sheet

from ..tiles_svg import line_svg, tile_svg
from ..ui import word

BOTS = "greedy"  # `kozel play`'s default strategy


@dataclass(frozen=True)
class Moment:
    """The table after one event: the hands, the line, the stock; `ended` for a round's end."""

    lines: int  # the printer's lines written up to this event
    held: tuple[int, ...]
    line: tuple[tuple[int, int], ...]
    stock: int
    ended: RoundResult | None = None


class Told(io.StringIO):
    """The printer's text, counting its lines as it is written (a replay tells the whole match
    again at every decision: counting them anew at each event would be quadratic)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines = 0  # as many as `getvalue().splitlines()` gives
        self._open = False  # the last line written is not ended yet

    def write(self, text: str) -> int:
        """Write, and count the lines the text begins and ends."""
        if text:
            self.lines += len(text.splitlines()) - (1 if self._open else 0)
            last = text.splitlines(keepends=True)[-1]
            self._open = last.splitlines()[0] == last  # no line break at its end
        return super().write(text)

    def truncate(self, size: int | None = None) -> int:
        """Forget the text (the watcher only ever empties it)."""
        self.lines, self._open = 0, False
        return super().truncate(size)


class Watcher(Listener):
    """Hears each replay of the match: the printer writes it, each event leaves a Moment."""

    def __init__(self, printer: TablePrinter, out: Told) -> None:
        self.printer, self.out = printer, out
        self.moments: list[Moment] = []
        self.rounds: list[RoundResult] = []

    def restart(self) -> None:
        """Forget the last replay: the next one tells the match again from its first deal."""
        self.out.seek(0)
        self.out.truncate()
        self.moments, self.rounds = [], []

    def keep(self) -> tuple[str, list[Moment], list[RoundResult]]:
        """What the last replay told (to restore it when the next one is refused)."""
        return self.out.getvalue(), self.moments, self.rounds

    def restore(self, told: tuple[str, list[Moment], list[RoundResult]]) -> None:
        """Tell again what `keep` kept."""
        self.restart()
        self.out.write(told[0])
        self.moments, self.rounds = told[1], told[2]

    def _mark(self, table: Table, ended: RoundResult | None = None) -> None:
        self.moments.append(Moment(self.out.lines, tuple(table.held),
                                   tuple(table.line_tiles()), len(table.pile) - table.drawn,
                                   ended))

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        """The deal, said."""
        self.printer.round_started(number, table, redeals, leader)
        self._mark(table)

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        """A move, said with the line after it."""
        self.printer.moved(seat, move, drawn, table)
        self._mark(table)

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """How the round ended, said; the table stops here until the next round is asked."""
        self.printer.round_ended(result, table)
        self.rounds.append(result)
        self._mark(table, result)

    def match_ended(self, result: MatchResult) -> None:
        """The goat (or the winner), said with the round's end."""
        self.printer.match_ended(result)
        last = self.moments[-1]
        self.moments[-1] = Moment(self.out.lines, last.held, last.line,
                                  last.stock, last.ended)


@dataclass
class Session:
    """One table: the game, the person's seat (from 0), the bots, what was shown so far."""

    game: Game
    watcher: Watcher
    human: int
    lang: str
    bots: list[Player]
    shown: int = 0  # moments shown
    lines: int = 0  # printer lines shown
    round_over: bool = False
    pending: list[str] = field(default_factory=list)  # events not yet returned

    def catch_up(self) -> None:
        """Take the events since the last shown one, up to the end of a round."""
        text = self.watcher.out.getvalue().splitlines()
        for index in range(self.shown, len(self.watcher.moments)):
            moment = self.watcher.moments[index]
            self.pending += [" ".join(t.split()) for t in text[self.lines:moment.lines]
                             if t.strip()]
            self.shown, self.lines = index + 1, moment.lines
            if moment.ended is not None:
                self.round_over = True
                return

    def act(self, decision: Move | bool) -> None:
        """Make a decision of the seat to move, the match replayed with it (a refused one
        leaves the table, and what was told of it, as it was)."""
        told = self.watcher.keep()
        self.watcher.restart()
        try:
            if isinstance(decision, bool):
                self.game.redeal(decision)
            else:
                self.game.play(decision)
        except BaseException:
            self.watcher.restore(told)
            raise
        self.catch_up()


def open_session(variant: Variant, players: int | None, human: int, seed: int,
                 lang: str, options: dict[str, str]) -> Session:
    """A new table with the person at seat `human` (from 0), options as `--option` gives them."""
    setup = prepare(variant, players, options)
    out = Told()
    watcher = Watcher(TablePrinter(setup, out, human=human, lang=lang), out)
    game = Game(variant, players=setup.players, options=options, seed=seed, listener=watcher)
    session = Session(game, watcher, human, lang, seat_players(BOTS, setup.players, seed))
    session.catch_up()
    return session


# ---- what a call returns ----------------------------------------------------------------------

def _now(session: Session) -> Moment:
    """The table as last shown (at a round's end while the person has not gone on)."""
    return session.watcher.moments[max(session.shown - 1, 0)]


def _asked(session: Session) -> bool:
    """Whether the person is to choose a move now."""
    game = session.game
    return (not session.round_over and not game.over and game.question == MOVE
            and game.seat == session.human)


def _tile(tile: Tile) -> str:
    return f"{tile.low}:{tile.high}"


def _hand(session: Session, moves: list[Move]) -> list[dict[str, Any]]:
    """The person's tiles, each with the first legal move that lays it (-1: none)."""
    entries = []
    for index in ts.members(_now(session).held[session.human]):
        tile = ts.tile_of(index)
        move = next((i for i, m in enumerate(moves) if m.kind == PLAY and m.tiles[0] == tile),
                    -1)
        entries.append({"move": move, "tile": f"{tile.low}:{tile.high}",
                        "svg": tile_svg(tile.low, tile.high), "playable": move >= 0})
    return entries


def _moves(moves: list[Move], lang: str) -> list[dict[str, Any]]:
    return [{"move": i, "tile": "+".join(_tile(t) for t in m.tiles), "end": m.end or "",
             "text": said_in(move_said(m), lang)} for i, m in enumerate(moves)]


def record_of(session: Session) -> dict[str, Any]:
    """The rounds finished so far as a kozel-record/1 object (the whole match once over)."""
    setup = session.game.setup
    return new_record(setup.variant.name, setup.players, dict(setup.options),
                      [round_json(r.log) for r in session.watcher.rounds])


def sheet_html(session: Session) -> str:
    """`kozel replay`'s score sheet of the rounds finished, the record replayed by the engine."""
    if not session.watcher.rounds:
        return ""
    result = replay(session.game.setup.variant, parse_record(record_of(session)))
    lines = score_sheet(result, lang=session.lang)
    return f'<pre class="kz-sheet">{escape(chr(10).join(lines))}</pre>'


def record_json_text(session: Session) -> str:
    """The record as `kozel play --save` writes it."""
    return record_text(record_of(session))


def state_of(session: Session, table_id: int, error: str = "") -> dict[str, Any]:
    """Everything the page draws of a table, and the events since the last call."""
    game, moment = session.game, _now(session)
    asked = _asked(session)
    moves = game.legal_moves() if asked else []
    playing = not session.round_over and not game.over
    events, session.pending = session.pending, []
    state = {
        "id": table_id, "lang": session.lang, "seat": session.human + 1,
        "players": game.setup.players, "turn": game.seat + 1 if playing else None,
        "your_turn": asked, "hand": _hand(session, moves), "moves": _moves(moves, session.lang),
        "pass_move": next((i for i, m in enumerate(moves) if m.kind != PLAY), None),
        "line_svg": line_svg(list(moment.line)),
        "others": [{"seat": s + 1, "tiles": h.bit_count()} for s, h in enumerate(moment.held)
                   if s != session.human],
        "stock": moment.stock, "events": events, "round_over": session.round_over,
        "match_over": game.over and session.shown == len(session.watcher.moments),
        "score_html": sheet_html(session)}
    return state | ({"error": error} if error else {})


def empty_state(lang: str, error: str) -> dict[str, Any]:
    """A table that could not be opened: every field, empty, and the reason."""
    return {"id": 0, "lang": lang, "seat": 1, "players": 0, "turn": None, "your_turn": False,
            "hand": [], "moves": [], "pass_move": None, "line_svg": line_svg([]), "others": [],
            "stock": 0, "events": [], "round_over": False, "match_over": False,
            "score_html": "", "error": error}


# ---- what the person and the bots do ------------------------------------------------------------

def settle(session: Session, *, bots_only: bool = False) -> None:
    """Let the bots play up to the person's move or the end of the round; an optional redeal
    is answered by the seat's bot strategy, the person's too (the page asks no question)."""
    game = session.game
    while not session.round_over and not game.over:
        seat = game.seat
        if game.question != MOVE:
            view = game.view
            assert not isinstance(view, SeatView)
            session.act(session.bots[seat].accept_redeal(view))
        elif seat != session.human and not bots_only:
            view = game.view
            assert isinstance(view, SeatView)  # a move is asked with the seat's view
            session.act(session.bots[seat].choose(view, game.legal_moves()))
        else:
            return


def play_move(session: Session, move: int) -> str:
    """The person's move by its number; the reason when it cannot be made ("" when made)."""
    if not _asked(session):
        return word(session.lang, "pg_not_your_turn")
    moves = session.game.legal_moves()
    if not 0 <= move < len(moves):
        return word(session.lang, "pg_no_such_move").format(move=move, last=len(moves) - 1)
    return attempt(session, lambda: session.act(moves[move]))


def attempt(session: Session, step: Any) -> str:
    """Run a step of the match; a rule that gives no answer is said, not raised."""
    try:
        step()
        settle(session, bots_only=True)
    except KozelError as error:
        return said_in(error.args[0], session.lang) if error.args else str(error)
    return ""


def go_on(session: Session) -> str:
    """After a round's end: show the next round (its deal and forced moves)."""
    if not session.round_over:
        return word(session.lang, "pg_round_not_over")
    session.round_over = False
    session.catch_up()
    return attempt(session, lambda: None)
