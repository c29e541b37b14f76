"""What the playground's Web Worker calls, in Pyodide: JSON-ready values in, JSON-ready out.

Every text is in `lang` ("en" or "ru"), seats numbered from 1; the editor's text is the one
file `playground.kozel` (files.py). No function raises for a user's text or a user's move: an
error comes back as data. Tables live in this process, by number, until the page is closed.
"""

from __future__ import annotations

import itertools
import os
import sys
from typing import TYPE_CHECKING, Any

from interpreter.engine.words import said_in
from interpreter.language.cache_folder import CACHE_ENV
from interpreter.language.catalogue import LANGS
from interpreter.language.errors import KozelError

from ..ui import word
from .book import rulebook_of
from .choices import options_of, settled, unchosen
from .files import first_variant, problems_of

# What the page's first view asks (the problems, the rulebook, the options) is imported with
# this module; the 1,000 matches, the table and the printed rulebook are imported when first
# asked: Python in WebAssembly compiles every module it imports, and the page is ready sooner.
if TYPE_CHECKING:
    from .table import Session

if sys.platform == "emscripten":
    # No cache on disk in a browser: its file system lasts as long as the page, and lacks the
    # os.link the cache's key file is made with (the library's own switch, set empty)
    os.environ.setdefault(CACHE_ENV, "")

_TABLES: dict[int, Session] = {}
_NUMBERS = itertools.count(1)


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "en"


def problems(text: str, lang: str) -> list[dict[str, Any]]:
    """`kozel check playground.kozel`'s errors, placed in UTF-16 units ([] when valid)."""
    try:
        return problems_of(text, _lang(lang))
    except Exception as error:  # never a traceback for a text: the error is the problem
        return [{"from": 0, "to": 0, "line": 1, "column": 1, "severity": "error",
                 "message": f"internal error: {error!r}", "hint": ""}]


def rulebook(text: str, lang: str) -> dict[str, Any]:
    """{"ok", "title", "html"}: the rulebook the site publishes for the file's first variant."""
    return rulebook_of(text, _lang(lang))


def printable(text: str, lang: str) -> dict[str, Any]:
    """{"ok", "html"}: the file's first variant's rulebook as a page to print (rules only)."""
    from .book import printable_of
    return printable_of(text, _lang(lang))


def options(text: str, lang: str) -> list[dict[str, Any]]:
    """The first variant's options, to choose before a run or a match (choices.py)."""
    return options_of(text, _lang(lang))


def simulate(text: str, matches: int, seed: int, lang: str,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """{"text", "data", "plots"}: `kozel simulate playground.kozel --matches N --seed S`, with
    `--option NAME=VALUE` for each of `options` (needed where an option has no default)."""
    from .runs import simulate_text
    return simulate_text(text, int(matches), int(seed), _lang(lang), settled(options))


def new_table(text: str, players: int, seat: int, seed: int, lang: str,
              options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A new match with the person at `seat` (from 1); 0 players: the most the variant allows;
    `options` as for simulate."""
    from .table import attempt, empty_state, open_session, state_of
    lang = _lang(lang)
    variant, error = first_variant(text, lang)
    if variant is None:
        return empty_state(lang, error)
    ask = unchosen(variant, settled(options), lang)
    if ask is not None:
        return empty_state(lang, ask)
    try:
        session = open_session(variant, int(players) or None, int(seat) - 1, int(seed), lang,
                               settled(options))
    except KozelError as stop:
        return empty_state(lang, said_in(stop.args[0], lang) if stop.args else str(stop))
    count = session.game.setup.players
    if not 1 <= int(seat) <= count:
        return empty_state(lang, word(lang, "pg_bad_seat").format(seat=seat, players=count))
    number = next(_NUMBERS)
    _TABLES[number] = session
    return state_of(session, number, attempt(session, lambda: None))


def _table(table_id: int, step: Any) -> dict[str, Any]:
    from .table import empty_state, state_of
    session = _TABLES.get(int(table_id))
    if session is None:
        return empty_state("en", word("en", "pg_no_table").format(table=table_id))
    return state_of(session, int(table_id), step(session))


def play_tile(table_id: int, move: int) -> dict[str, Any]:
    """The person makes move number `move` of the state's `moves` (an error when illegal)."""
    from .table import play_move
    return _table(table_id, lambda s: play_move(s, int(move)))


def bots_move(table_id: int) -> dict[str, Any]:
    """The bots play until it is the person's turn or the round ends."""
    from .table import attempt, settle
    return _table(table_id, lambda s: attempt(s, lambda: settle(s)))


def next_round(table_id: int) -> dict[str, Any]:
    """After a round's end and its score sheet: the next round's deal."""
    from .table import go_on
    return _table(table_id, go_on)


def table_record(table_id: int) -> str:
    """The rounds played so far as kozel-record/1 JSON text (`kozel replay` reads it)."""
    from .table import record_json_text
    session = _TABLES.get(int(table_id))
    return record_json_text(session) if session is not None else ""


def findings(text: str, lang: str) -> dict[str, Any]:
    """`kozel check playground.kozel` with Z3: each variant's findings, placed in the editor
    (check.py; only in the checking worker, where Z3 is loaded)."""
    from .check import findings_of
    return findings_of(text, _lang(lang))
