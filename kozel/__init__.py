"""kozel: rules of the domino game Козёл as data — load a variant, play it, replay its
records, check it, compare it with another and print its rulebook.

    import kozel

    variant = kozel.load_variant("minsk")
    game = kozel.Game(variant, players=4, seed=7)
    while not game.over:
        game.play(game.legal_moves()[0])
    print(kozel.record_text(game.record()))
    print(kozel.check_variant(variant).summary())

The names below are the public API (docs/api.md); everything else is the project's inside and
may change. kozel is the top floor of three (docs/architecture.md):

interpreter/   floor 1: the rule language (grammar, parser, resolver, the checked `Variant`), the
               engine that plays any variant, compiled play and simulation
checks/        floor 2: the checker — Z3 questions, games that show each finding, comparisons of
               two variants, the report
kozel/         floor 3, this package: the application on both —
  cli.py, commands/   `kozel check|play|simulate|replay|diff|fmt|rulebook`
  loading.py          where a variant named on the command line or in the API is found
  outputs.py, terminal.py, help_lang.py, interrupt.py, output_lost.py
                      what the commands write to, and how they stop
  lsp/                the language server (`kozel-lsp`)
  publish/            the rulebooks: the site's pages (docs/hooks.py builds them) and the
                      printed rulebook (`kozel rulebook`)
  openspiel/          every variant an OpenSpiel game, IS-MCTS and OpenSpiel's bots as players
                      (`import kozel.openspiel`, with the extra kozel[ai]: docs/openspiel.md)

Names are loaded when first used, so `import kozel` costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.language.lazy import Homes, lazy_names

_ENGINE, _FRONT = "interpreter.engine", "interpreter.language"
# The public names by part of the API, in the order docs/api.md lists them (its sections): each
# name → the module it lives in, or (module, its name there).
_PARTS: dict[str, Homes] = {
    "play": {
        "load_variant": ".loading",
        "parse_variant": (f"{_FRONT}.resolve", "load_variant"),
        "Variant": f"{_FRONT}.model", "Case": f"{_FRONT}.model",
        "Game": f"{_ENGINE}.game", "Move": f"{_ENGINE}.moves", "SeatView": f"{_ENGINE}.views",
        "HandView": f"{_ENGINE}.views", "Tile": f"{_ENGINE}.tiles",
        "prepare": f"{_ENGINE}.setup", "Setup": f"{_ENGINE}.setup",
        "play_match": f"{_ENGINE}.match", "MatchResult": f"{_ENGINE}.outcomes",
        "RoundResult": f"{_ENGINE}.outcomes", "Player": f"{_ENGINE}.players",
        "RandomPlayer": f"{_ENGINE}.players", "GreedyPlayer": f"{_ENGINE}.players",
        "read_record": f"{_ENGINE}.records", "parse_record": f"{_ENGINE}.records",
        "record_json": f"{_ENGINE}.records", "record_text": f"{_ENGINE}.records",
        "MatchRecord": f"{_ENGINE}.records", "replay": f"{_ENGINE}.referee",
        "KozelError": f"{_FRONT}.errors", "RuleFileError": f"{_FRONT}.errors",
        "RecordError": f"{_FRONT}.errors", "IllegalMove": f"{_ENGINE}.moves",
        "UsageError": f"{_FRONT}.errors", "RuleStop": f"{_ENGINE}.stops",
    },
    "check": {
        "check_variant": "checks.running.run", "check_variants": "checks.running.run",
        "CheckSettings": "checks.running.run", "Finding": "checks.reporting.findings",
        "VariantReport": "checks.reporting.findings", "render_text": "checks.reporting.report",
        "diff_variants": "checks.compare.diff", "diff_lines": "checks.compare.diff",
        "VariantDiff": "checks.compare.diff",
    },
    "publish": {
        "rulebook_pdf": ".publish.printing", "rulebook_html": ".publish.printing",
        "TypesettingError": ".publish.printing",
    },
}
GROUPS = {part: tuple(homes) for part, homes in _PARTS.items()}  # the API page's sections
_PUBLIC: Homes = {name: home for homes in _PARTS.values() for name, home in homes.items()}
__all__ = sorted(_PUBLIC)  # what `from kozel import *` gives; each name's home is in _PUBLIC

if TYPE_CHECKING:  # the same names for type checkers and editors
    from checks.compare.diff import VariantDiff, diff_lines, diff_variants
    from checks.reporting.findings import Finding, VariantReport
    from checks.reporting.report import render_text
    from checks.running.run import CheckSettings, check_variant, check_variants
    from interpreter.engine.game import Game
    from interpreter.engine.match import play_match
    from interpreter.engine.moves import IllegalMove, Move
    from interpreter.engine.outcomes import MatchResult, RoundResult
    from interpreter.engine.players import GreedyPlayer, Player, RandomPlayer
    from interpreter.engine.records import (
        MatchRecord,
        parse_record,
        read_record,
        record_json,
        record_text,
    )
    from interpreter.engine.referee import replay
    from interpreter.engine.setup import Setup, prepare
    from interpreter.engine.stops import RuleStop
    from interpreter.engine.tiles import Tile
    from interpreter.engine.views import HandView, SeatView
    from interpreter.language.errors import KozelError, RecordError, RuleFileError, UsageError
    from interpreter.language.model import Case, Variant
    from interpreter.language.resolve import load_variant as parse_variant

    from .loading import load_variant
    from .publish.printing import TypesettingError, rulebook_html, rulebook_pdf


__getattr__, __dir__ = lazy_names(__name__, _PUBLIC)
