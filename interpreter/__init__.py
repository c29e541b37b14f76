"""kozel: rules of the domino game Козёл as data — load a variant, play it, replay its records.

    import interpreter as kozel

    variant = kozel.load_variant("minsk")
    game = kozel.Game(variant, players=4, seed=7)
    while not game.over:
        game.play(game.legal_moves()[0])
    print(kozel.record_text(game.record()))

The names below are the public API (docs/api.md); everything else is the project's inside and
may change. The packages, in the order a rule text travels (docs/architecture.md):

language/    the front end: grammar, syntax tree, parser and its cache, rule files and `use`,
             the resolver and its library, types, readings, the checked model (`Variant`)
engine/      plays any Variant: tiles, the table, rounds, scoring, matches, the record format
             (kozel-record/1), the player interface and the built-in strategies, replay
compiled/    one generated Python function per setup, for fast statistics (the engine's oracle)
simulation/  many matches on many cores or a cluster, tallied as counts; reading effects
commands/    `kozel check|play|simulate|replay|diff`; cli.py, loading.py, outputs.py,
             terminal.py, interrupt.py are the application around them;
             lsp/ is the language server (`kozel-lsp`)

The checker is the package `checks` (`checks.check_variant`, `checks.diff_variants`).
Names are loaded when first used, so `import interpreter` costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .language.lazy import Homes, lazy_names

# name → the module it lives in (relative to this package), or (module, its name there)
_PUBLIC: Homes = {
    "load_variant": ".loading", "parse_variant": (".language.resolve", "load_variant"),
    "Variant": ".language.model", "Case": ".language.model",
    "Game": ".engine.game", "Move": ".engine.moves", "SeatView": ".engine.views",
    "HandView": ".engine.views", "Tile": ".engine.tiles",
    "prepare": ".engine.setup", "Setup": ".engine.setup", "play_match": ".engine.match",
    "MatchResult": ".engine.outcomes", "RoundResult": ".engine.outcomes",
    "Player": ".engine.players", "RandomPlayer": ".engine.players",
    "GreedyPlayer": ".engine.players",
    "read_record": ".engine.records", "parse_record": ".engine.records",
    "record_json": ".engine.records", "record_text": ".engine.records",
    "MatchRecord": ".engine.records", "replay": ".engine.referee",
    "KozelError": ".language.errors", "RuleFileError": ".language.errors",
    "RecordError": ".language.errors", "IllegalMove": ".engine.moves",
    "UsageError": ".language.errors", "RuleStop": ".engine.stops",
}
__all__ = [  # what `from interpreter import *` gives; each name's home is in _PUBLIC
    "Case", "Game", "GreedyPlayer", "HandView", "IllegalMove", "KozelError", "MatchRecord",
    "MatchResult", "Move", "Player", "RandomPlayer", "RecordError", "RoundResult",
    "RuleFileError", "RuleStop", "SeatView", "Setup", "Tile", "UsageError", "Variant",
    "load_variant", "parse_record", "parse_variant", "play_match", "prepare", "read_record",
    "record_json", "record_text", "replay",
]

if TYPE_CHECKING:  # the same names for type checkers and editors
    from .engine.game import Game
    from .engine.match import play_match
    from .engine.moves import IllegalMove, Move
    from .engine.outcomes import MatchResult, RoundResult
    from .engine.players import GreedyPlayer, Player, RandomPlayer
    from .engine.records import (MatchRecord, parse_record, read_record, record_json,
                                 record_text)
    from .engine.referee import replay
    from .engine.setup import Setup, prepare
    from .engine.stops import RuleStop
    from .engine.tiles import Tile
    from .engine.views import HandView, SeatView
    from .language.errors import KozelError, RecordError, RuleFileError, UsageError
    from .language.model import Case, Variant
    from .language.resolve import load_variant as parse_variant
    from .loading import load_variant


__getattr__, __dir__ = lazy_names(__name__, _PUBLIC)
