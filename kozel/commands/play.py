"""`kozel play VARIANT`: play one match and show it round by round (optionally with a person)."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any, TextIO

from ..help_lang import examples
from interpreter.engine import Listener, MatchResult, Move, RoundResult, Setup, prepare
from interpreter.language.model import value_text
from interpreter.engine import tileset as ts
from interpreter.engine.match import play_match
from interpreter.engine.moves import DOWN, UP
from interpreter.engine.scoring import hand_value
from interpreter.engine.table import Table
from interpreter.language.errors import UsageError
from ..loading import add_sources_argument, load_variant_arg
from interpreter.engine.players import STRATEGIES, Player, seat_players
from .human import Abandoned, HumanPlayer
from .words import Said, add_lang_argument, say
from ..outputs import OutputError, checked_output_file, write_text_file
from interpreter.language.readings import add_reading_argument, read
from interpreter.engine.records import record_json, record_text
from interpreter.engine.words import Count, joined, said_in, seat_said
from .numbers import MOST_SEED, whole


# Strategies that think, from kozel/openspiel (`pip install 'kozel[ai]'`), and the default
# budget of IS-MCTS in simulations a decision (kozel/openspiel/players.py DEFAULT_BUDGET)
THINKING = ("ismcts",)
AI_MODULES = ("pyspiel", "open_spiel", "numpy", "scipy", "absl", "ml_collections")
DEFAULT_BUDGET = 100
MOST_BUDGET = 1_000_000


def add_match_arguments(parser: argparse.ArgumentParser, *, strategy: str) -> None:
    """Add the arguments every command that plays matches shares."""
    parser.add_argument("variant", metavar="VARIANT", help=Said("help.variant"))
    parser.add_argument("--players", type=whole(1, 100), metavar="N", help=Said("help.--players"))
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help=Said("help.--option"))
    parser.add_argument("--strategy", choices=STRATEGIES + THINKING, default=strategy,
                        help=Said("help.--strategy", default=strategy))
    parser.add_argument("--budget", type=whole(1, MOST_BUDGET), metavar="N",
                        help=Said("help.--budget", default=DEFAULT_BUDGET))
    add_reading_argument(parser)
    add_sources_argument(parser)


def strategy_of(args: argparse.Namespace) -> str:
    """The strategy the computer seats are made by: a built-in one's name, or where the
    IS-MCTS player is made (engine/players.py make_player); a UsageError where open-spiel is
    not installed or --budget is given to another strategy."""
    if args.strategy not in THINKING:
        if args.budget is not None:
            raise UsageError(Said("usage.budget without ismcts"))
        return str(args.strategy)
    try:
        from ..openspiel.players import ismcts_strategy
    except ModuleNotFoundError as missing:  # open-spiel, or what it stands on
        if (missing.name or "").split(".")[0] not in AI_MODULES:
            raise
        raise UsageError(Said("usage.needs ai", strategy=args.strategy)) from None
    return ismcts_strategy(args.budget or DEFAULT_BUDGET)


def parse_options(pairs: list[str]) -> dict[str, str]:
    """Turn ["target=300", ...] into {"target": "300"}; raise UsageError on a bad pair."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise UsageError(f"--option needs NAME=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def prepare_from_args(args: argparse.Namespace) -> Setup:
    """Load VARIANT and settle --players and --option (UsageError, RuleStop)."""
    variant = read(load_variant_arg(args.variant, args.sources), args.reading)
    return prepare(variant, args.players, parse_options(args.option))


def register(commands: Any) -> None:
    """Add the `play` subcommand."""
    parser = commands.add_parser(
        "play", help=Said("help.play.summary"),
        description=Said("help.play.description"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=examples("kozel play minsk --players 4 --seed 7",
                        "kozel play gambler-1v1 --human 1 --save match.json",
                        "kozel play pairs --option full_fish=yes --option double_lead=no "
                        "--option draw_each=one"))
    add_match_arguments(parser, strategy="greedy")
    add_lang_argument(parser)
    parser.add_argument("--seed", type=whole(0, MOST_SEED), metavar="S",
                        help=Said("help.play.--seed"))
    parser.add_argument("--human", type=whole(1, 100), metavar="SEAT",
                        help=Said("help.play.--human"))
    parser.add_argument("--save", metavar="RECORD", help=Said("help.play.--save"))
    parser.set_defaults(run=run)


def _human_seat(seat: int | None, players: int) -> int | None:
    """The engine's seat (from 0) of `--human SEAT`, which a person gives as the table numbers
    it, from 1; records and the JSON keep counting from 0."""
    if seat is None:
        return None
    if not 1 <= seat <= players:
        raise UsageError(f"--human must be a seat 1..{players}")
    return seat - 1


def run(args: argparse.Namespace) -> int:
    """Run `kozel play`."""
    setup = prepare_from_args(args)
    save = checked_output_file(args.save, "--save") if args.save is not None else None
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    players: list[Player] = seat_players(strategy_of(args), setup.players, seed)
    human = _human_seat(args.human, setup.players)
    if human is not None:
        players[human] = HumanPlayer(lang=args.lang)
    printer = TablePrinter(setup, sys.stdout, human=human, lang=args.lang)
    print(say(args.lang, "play.head", variant=setup.variant.name,
              players=Count(setup.players, "players"), seed=seed,
              options="".join(f", {k}={value_text(v)}" for k, v in setup.options.items())))
    try:
        result = play_match(setup, players, seed=seed, listener=printer)
    except Abandoned as stop:
        print(f"\n{said_in(stop.args[0], args.lang)}", file=sys.stderr)
        return 1
    if save is not None:
        try:
            write_text_file(save, record_text(record_json(result)))
        except OutputError as error:  # checked before the match: the disk filled meanwhile
            print(say(args.lang, "play.not saved", error=error), file=sys.stderr)
            return 1
        print(say(args.lang, "play.saved", path=args.save))
    return 0


def _on_end(end: str | None) -> Any:
    """Where a tile goes, for the line of a move: ` on the left`, ` on the upper arm`."""
    if end in (UP, DOWN):
        return Said(f"play.on {end}")
    return Said("play.on end", end=Said(f"end.{end}")) if end else ""


class TablePrinter(Listener):
    """Prints a match as it is played; with a human seat, other hands stay hidden."""

    def __init__(self, setup: Setup, out: TextIO, *, human: int | None = None,
                 lang: str = "en") -> None:
        self.setup, self.out, self.human, self.lang = setup, out, human, lang

    def say(self, key: str, indent: str = "  ", **args: Any) -> None:
        """Print one line of the catalogue in the reader's language."""
        print(indent + say(self.lang, key, **args), file=self.out)

    def _shows(self, seat: int) -> bool:
        return self.human is None or seat == self.human

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        """Show the deal."""
        self.say("play.round", "\n", round=number)
        if redeals:
            self.say("play.thrown in", deals=Count(len(redeals), "deals"))
        seating = self.setup.seating
        for seat, hand in enumerate(table.held):
            shown = ts.set_said(hand) if self._shows(seat) else Count(hand.bit_count(), "tiles")
            side = Said("play.side", no=seating.side_of[seat] + 1) if seating.partners else ""
            self.say("play.hand", seat=seat_said(seat), side=side, tiles=shown)
        self.say("play.stock", tiles=Count(len(table.pile), "tiles"))

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        """Show a move and the line after it."""
        who = seat_said(seat)
        if move.kind == "knock":
            self.say("play.knocks", seat=who)
        elif move.kind == "draw":
            tile = str(ts.tile_of(drawn)) if self._shows(seat) else Said("play.a tile")
            self.say("play.draws", seat=who, tile=tile)
        else:
            laid = joined((str(t) for t in move.tiles), "seats and")
            leads = table.lead_tile == move.tiles[0].index
            end = _on_end(move.end)
            text = say(self.lang, "play.leads" if leads else "play.lays", seat=who,
                       tiles=laid, end=end)
            shown = f"  {text}".ljust(34)  # a long move (on an arm) keeps a space before the line
            print(shown + (" " if shown[-1] != " " else "") + said_in(table.line_said(), self.lang),
                  file=self.out)
            if table.scored:
                self.say("play.move scores", points=table.scored, ends=table.ends)

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """Show how the round ended and the score sheet."""
        self.say("play.out" if result.end == "out" else "play.fish", seat=seat_said(result.seat))
        left = [Said("play.left hand", seat=seat_said(s), tiles=ts.set_text(h),
                     counts=self._counts(s, h, result.number))
                for s, h in enumerate(table.held) if h]
        if left:
            self.say("play.left in hands", hands=joined(left, "hands list"))
        self.say("play.sheet", sides=joined(
            (Said("play.sheet side", side=self.setup.seating.side_text(s), points=p, total=t)
             for s, (p, t) in enumerate(zip(result.points, result.scores))), "sit.totals list"))
        if result.carry:
            self.say("play.hanging", points=result.carry)
        if self.setup.threshold and any(result.remembered):
            self.say("play.remembered", points=list(result.remembered))

    def _counts(self, seat: int, hand: int, number: int) -> Any:
        """What a hand left counts: its `hand value`, and its pips when they differ."""
        value, pips = hand_value(self.setup, seat, hand, number == 1), ts.pips(hand)
        if value is None:
            return Said("play.no value", pips=Count(pips, "pips"))
        return str(value) if value == pips else Said("play.value pips", value=value,
                                                     pips=Count(pips, "pips"))

    def match_ended(self, result: MatchResult) -> None:
        """Show the goat and the winner."""
        rounds = len(result.rounds)
        for key, sides in (("play.goat", result.goat), ("play.winner", result.winner)):
            if sides:
                self.say(key, "\n", sides=joined(self.setup.seating.side_text(s) for s in sides),
                         rounds=Count(rounds, "rounds"), count=rounds,
                         totals=list(result.scores))
