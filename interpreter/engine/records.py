"""Game records, format kozel-record/1 (docs/records.md): read, check, write.

Reading checks the shape of a record: JSON, the format tag, tiles written "a-b", no tile twice
in a deal, every deal with the stock making up the 28 tiles, moves with a seat and exactly one of
play/draw/knock. Whether the moves are legal is checked by replaying them (engine/referee.py).
Every error is a RecordError whose message starts with where it is: `record: ...`,
`round 2, deal: ...`, or `round 3, move 17: ...` (rounds and moves are counted from 1; move M is
the M-th entry of the round's "moves" list).
"""

from __future__ import annotations

import json
from collections import Counter
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..language.ast import OptionValue
from . import tileset as ts
from .moves import DRAW, ENDS, KNOCK, PLAY
from .outcomes import MatchResult, RoundLog
from ..language.errors import RecordError
from .tiles import InvalidTileError, Tile

FORMAT = "kozel-record/1"
SHOWN = 40  # characters of a value that a message shows
MAX_BYTES = 16 * 2**20  # a record file of more is refused (a match of ten rounds is some 20 kB)


@dataclass(frozen=True)
class RecordedMove:
    """One entry of a round's moves: a play (one tile or two doubles), a draw, or a knock."""

    seat: int
    kind: str
    tiles: tuple[Tile, ...] = ()  # laid, or the one drawn
    end: str | None = None  # left, right, or an arm of the spinner (up, down)
    points: int | None = None  # what the play scored, where the record says (`move score`)


Deal = tuple[tuple[Tile, ...], ...]  # each seat's tiles (from seat 0), lowest first


@dataclass(frozen=True)
class RoundRecord:
    """One round of a record: thrown-in deals, the deal played, the stock, the moves."""

    redeals: tuple[Deal, ...]  # the deals thrown in, in order
    hands: Deal  # the deal played
    pile: tuple[Tile, ...]  # the stock in drawing order
    moves: tuple[RecordedMove, ...]


@dataclass(frozen=True)
class MatchRecord:
    """A whole record: which variant, how many players, the options, the rounds."""

    variant: str
    players: int
    options: dict[str, Any]
    rounds: tuple[RoundRecord, ...]


def _fail(where: str, message: str) -> RecordError:
    return RecordError(f"{where}: {message}")


def _shown(value: Any) -> str:
    """A JSON value for a message, short: a string quoted, a list or object by its kind."""
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    text = repr(value) if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


def _tile(text: Any, where: str) -> int:
    if not isinstance(text, str):
        raise _fail(where, f"a tile must be written like \"3-5\", not {_shown(text)}")
    try:
        return ts.parse_tiles([text])[0]
    except InvalidTileError:
        raise _fail(where, f"not a tile of the double-six set: {_shown(text)}") from None


def _tile_list(value: Any, where: str, what: str) -> list[int]:
    if not isinstance(value, list):
        raise _fail(where, f"{what} must be a list of tiles")
    return [_tile(item, where) for item in value]


def _deal(value: Any, players: int, where: str) -> tuple[list[list[int]], int]:
    """Read a deal's hands; return them and the set of all their tiles (no tile twice)."""
    if not isinstance(value, list) or len(value) != players:
        raise _fail(where, f"a deal must list {players} hands, one per seat")
    hands, seen = [], 0
    for seat, hand in enumerate(value):
        tiles = _tile_list(hand, where, f"the hand of seat {seat}")
        for tile in tiles:
            if seen >> tile & 1:
                raise _fail(where, f"tile {ts.tile_of(tile)} appears twice in the deal")
            seen |= 1 << tile
        hands.append(tiles)
    return hands, seen


def _sorted_deal(hands: list[list[int]]) -> Deal:
    """A deal read (tile indices as written) as each hand's Tiles, lowest first."""
    return tuple(tuple(ts.tiles_of(ts.set_of(hand))) for hand in hands)


def _move(value: Any, players: int, where: str) -> RecordedMove:
    if not isinstance(value, dict):
        raise _fail(where, "a move must be an object like {\"seat\": 0, \"play\": \"1-1\"}")
    seat = value.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise _fail(where, f"\"seat\" must be a seat number 0..{players - 1}")
    kinds = [k for k in (PLAY, DRAW, KNOCK) if k in value]
    unknown = sorted(set(value) - {"seat", "end", "points", PLAY, DRAW, KNOCK})
    if len(kinds) != 1 or unknown:
        extra = f" (unknown keys: {_shown(', '.join(unknown))})" if unknown else ""
        raise _fail(where, f"a move needs exactly one of \"play\", \"draw\", \"knock\"{extra}")
    end = value.get("end")
    if end is not None and (kinds[0] != PLAY or end not in ENDS):
        raise _fail(where, "\"end\" must be \"left\" or \"right\", and only on a play "
                    "(or \"up\" or \"down\": an arm of the spinner)")
    points = value.get("points")
    if "points" in value and (kinds[0] != PLAY or not isinstance(points, int)
                              or isinstance(points, bool) or points < 0):
        raise _fail(where, "\"points\" must be a whole number 0 or more, and only on a play")
    if kinds[0] == KNOCK:
        if value[KNOCK] is not True:
            raise _fail(where, "a knock is written \"knock\": true")
        return RecordedMove(seat, KNOCK)
    if kinds[0] == DRAW:
        return RecordedMove(seat, DRAW, (ts.tile_of(_tile(value[DRAW], where)),))
    laid = value[PLAY]
    if isinstance(laid, list):
        if len(laid) != 2:
            raise _fail(where, "two doubles at once are written as a list of two tiles")
        return RecordedMove(seat, PLAY, tuple(ts.tile_of(_tile(t, where)) for t in laid), end,
                            points)
    return RecordedMove(seat, PLAY, (ts.tile_of(_tile(laid, where)),), end, points)


def _round(value: Any, number: int, players: int) -> RoundRecord:
    where = f"round {number}, deal"
    if not isinstance(value, dict):
        raise _fail(f"round {number}", "a round must be an object with hands, stock and moves")
    redeals = value.get("redeals", [])
    if not isinstance(redeals, list):
        raise _fail(where, "\"redeals\" must be a list of deals")
    thrown = tuple(_sorted_deal(_deal(d, players, where)[0]) for d in redeals)
    hands, dealt = _deal(value.get("hands"), players, where)
    pile = _tile_list(value.get("stock", []), where, "\"stock\"")
    stock = 0
    for tile in pile:
        if stock >> tile & 1:
            raise _fail(where, f"tile {ts.tile_of(tile)} appears twice in the stock")
        if dealt >> tile & 1:
            raise _fail(where, f"tile {ts.tile_of(tile)} is both dealt and in the stock")
        stock |= 1 << tile
    dealt |= stock
    if dealt != ts.FULL_SET:
        raise _fail(where, f"the hands and the stock miss {ts.set_text(ts.FULL_SET & ~dealt)}")
    moves = value.get("moves")
    if not isinstance(moves, list):
        raise _fail(f"round {number}", "\"moves\" must be a list")
    return RoundRecord(thrown, _sorted_deal(hands), tuple(map(ts.tile_of, pile)),
                       tuple(_move(m, players, f"round {number}, move {i}")
                             for i, m in enumerate(moves, 1)))


def _options(options: Any) -> dict[str, Any]:
    """The record's options: names to short strings, numbers or truth values."""
    if not isinstance(options, dict):
        raise _fail("record", "\"options\" must be an object of option values")
    for name, value in options.items():
        if len(name) > SHOWN:
            raise _fail("record", f"no option has a name as long as {_shown(name)}")
        if not isinstance(value, (str, int, float)) or len(str(value)) > SHOWN:
            raise _fail("record", f"option {name!r} cannot be {_shown(value)}")
    return options


def parse_record(data: Any) -> MatchRecord:
    """Check the shape of a record (a parsed JSON value) and return it; raise RecordError."""
    if not isinstance(data, dict):
        raise _fail("record", "a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise _fail("record", f"unknown format {_shown(data.get('format'))}; expected {FORMAT!r}")
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise _fail("record", "\"players\" must be 2, 3 or 4")
    options = _options(data.get("options", {}))
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise _fail("record", "\"rounds\" must be a list")
    variant = data.get("variant")
    if not isinstance(variant, str):
        raise _fail("record", "\"variant\" must name the variant")
    return MatchRecord(variant, players, options,
                       tuple(_round(r, i, players) for i, r in enumerate(rounds, 1)))


def _read_bytes(path: str | Path) -> bytes:
    """The bytes of a regular file of at most MAX_BYTES; anything else is a RecordError."""
    shown = repr(str(path))
    try:  # non-blocking, so that opening a FIFO does not wait for a writer
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise _fail("record", f"cannot read {shown}: {reason}") from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise _fail("record", f"{shown} is not a regular file")
        with os.fdopen(os.dup(handle), "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise _fail("record", f"cannot read {shown}: {error.strerror}") from None
    finally:
        os.close(handle)
    if len(data) > MAX_BYTES:
        raise _fail("record", f"{shown} is larger than {MAX_BYTES // 2**20} MB, the limit of a "
                    "record file")
    return data


class _Keys(dict):  # type: ignore[type-arg]
    """A JSON object with the keys its text writes more than once (json keeps the last)."""

    repeated: tuple[str, ...] = ()


def _object(pairs: list[tuple[str, Any]]) -> _Keys:
    found = _Keys(pairs)
    if len(found) < len(pairs):
        written = Counter(key for key, _ in pairs)
        found.repeated = tuple(key for key in found if written[key] > 1)
    return found


def _refuse_repeated_keys(data: Any) -> None:
    """Raise RecordError at the first object that writes a key twice: one reader takes the
    first value, another the last, and the two would see two different games."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:  # no recursion: the JSON may be nested as deep as json reads it
        node, path = stack.pop()
        if isinstance(node, _Keys) and node.repeated:
            raise _fail(_where(path), f"the key {node.repeated[0]!r} is written more than "
                        "once (readers differ on which one counts)")
        children = list(node.items() if isinstance(node, dict) else
                        enumerate(node) if isinstance(node, list) else ())
        stack.extend((child, path + (key,)) for key, child in reversed(children))


def _where(path: tuple[Any, ...]) -> str:
    """`record`, `round R` or `round R, move M`, as the record errors name a place."""
    if len(path) < 2 or path[0] != "rounds" or not isinstance(path[1], int):
        return "record"
    if len(path) >= 4 and path[2] == "moves" and isinstance(path[3], int):
        return f"round {path[1] + 1}, move {path[3] + 1}"
    return f"round {path[1] + 1}"


def _json(text: str) -> Any:
    """Parse JSON text; every failure (syntax, huge numbers, deep nesting, a key written
    twice) is a RecordError."""
    try:
        data = json.loads(text, object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        message = error.msg.removesuffix(" at")  # "Invalid control character at"
        raise _fail("record", f"not valid JSON: {message} at line {error.lineno}, "
                    f"column {error.colno}") from None
    except RecursionError:
        raise _fail("record", "not valid JSON for a record: nested too deeply") from None
    except ValueError:  # an integer of more digits than Python converts (4300)
        raise _fail("record", "not valid JSON for a record: a number with too many "
                    "digits") from None
    _refuse_repeated_keys(data)
    return data


def record_from_text(text: str) -> MatchRecord:
    """Parse and check a record's JSON text (a leading BOM allowed); raise RecordError."""
    return parse_record(_json(text.removeprefix("\ufeff")))


def read_record(path: str | Path) -> MatchRecord:
    """Read and check a record file (UTF-8, a BOM allowed, at most MAX_BYTES); raise
    RecordError."""
    try:
        text = _read_bytes(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _fail("record", f"{str(path)!r} is not UTF-8 text") from None
    return record_from_text(text)


# ---- writing --------------------------------------------------------------------------------

def hand_json(hand: int) -> list[str]:
    """Write a tile set as record tiles ("a-b", a <= b)."""
    return [str(t) for t in ts.tiles_of(hand)]


def _move_json(seat: int, kind: str, tiles: tuple[Tile, ...], end: str | None,
               drawn: int) -> dict[str, Any]:
    if kind == DRAW:
        return {"seat": seat, "draw": str(ts.tile_of(drawn))}
    if kind == KNOCK:
        return {"seat": seat, "knock": True}
    if len(tiles) == 2:
        return {"seat": seat, "play": [str(t) for t in tiles]}
    entry: dict[str, Any] = {"seat": seat, "play": str(tiles[0])}
    if end:
        entry["end"] = end
    return entry


def round_json(log: RoundLog) -> dict[str, Any]:
    """Write one round's log as a record round (a play that scored says its "points")."""
    moves = [_move_json(seat, move.kind, move.tiles, move.end, drawn)
             for seat, move, drawn in log.moves]
    for index, points in log.scored:
        moves[index]["points"] = points
    return {
        "redeals": [[hand_json(h) for h in deal] for deal in log.redeals],
        "hands": [hand_json(h) for h in log.hands],
        "stock": [str(ts.tile_of(t)) for t in log.pile],
        "moves": moves,
    }


def new_record(variant: str, players: int, options: dict[str, OptionValue],
               rounds: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A kozel-record/1 JSON object of the given rounds (none: a match just set up)."""
    return {"format": FORMAT, "variant": variant, "players": players,
            "options": dict(options), "rounds": rounds or []}


def record_json(result: MatchResult) -> dict[str, Any]:
    """Write a played match as a kozel-record/1 JSON object."""
    return new_record(result.variant, result.players, dict(result.options),
                      [round_json(r.log) for r in result.rounds])


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def record_text(data: dict[str, Any]) -> str:
    """Write a record as JSON with one hand and one move per line (easy to read and diff)."""
    lines = ["{"]
    for key in ("format", "variant", "players", "options"):
        lines.append(f'  "{key}": {_dump(data[key])},')
    lines.append('  "rounds": [')
    for number, game in enumerate(data["rounds"]):
        lines.append("    {")
        lines.append(f'      "redeals": {_dump(game["redeals"])},')
        hands = ",\n".join(f"        {_dump(hand)}" for hand in game["hands"])
        lines.append(f'      "hands": [\n{hands}\n      ],')
        lines.append(f'      "stock": {_dump(game["stock"])},')
        moves = ",\n".join(f"        {_dump(move)}" for move in game["moves"])
        lines.append(f'      "moves": [\n{moves}\n      ]')
        lines.append("    }" + ("," if number < len(data["rounds"]) - 1 else ""))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"

