"""`kozel play VARIANT`: play one match and show it round by round (optionally with a person)."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any, TextIO

from ..engine import Listener, MatchResult, Move, RoundResult, Setup, prepare
from ..language.model import value_text
from ..engine import tileset as ts
from ..engine.match import play_match
from ..engine.scoring import hand_value
from ..engine.table import Table
from ..language.errors import UsageError
from ..loading import VARIANT_HELP, load_variant_arg
from ..engine.players import STRATEGIES, Player, seat_players
from .human import Abandoned, HumanPlayer
from ..outputs import OutputError, checked_output_file, write_text_file
from ..language.readings import add_reading_argument, read
from ..engine.records import record_json, record_text


def add_match_arguments(parser: argparse.ArgumentParser, *, strategy: str) -> None:
    """Add the arguments every command that plays matches shares."""
    parser.add_argument("variant", metavar="VARIANT",
                        help=VARIANT_HELP)
    parser.add_argument("--players", type=int, metavar="N",
                        help="number of players (default: the largest the variant allows)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="set an option of the variant (repeatable), e.g. --option target=300")
    parser.add_argument("--strategy", choices=STRATEGIES, default=strategy,
                        help=f"how the computer seats play (default: {strategy}): random = "
                             "uniformly among legal moves; greedy = heaviest tile first, "
                             "doubles last")
    add_reading_argument(parser)


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
    variant = read(load_variant_arg(args.variant), args.reading)
    return prepare(variant, args.players, parse_options(args.option))


def register(commands: Any) -> None:
    """Add the `play` subcommand."""
    parser = commands.add_parser(
        "play", help="play a match and show it round by round",
        description="Play one match of a variant: every round shows the hands, each move with "
                    "the line as tiles ([3|5][5|5]), knocks, draws, fish, and the score sheet. "
                    "With --human SEAT you play that seat at the terminal against the "
                    "computer. Exit 0 when the match ends, 1 when the variant's rules stop play "
                    "(an unspecified rule, a gap or a conflict: the message names the rule), "
                    "2 on a usage error.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  kozel play minsk --players 4 --seed 7\n"
               "  kozel play gambler-1v1 --human 0 --save match.json\n"
               "  kozel play pairs --option full_fish=yes --option double_lead=no "
               "--option draw_each=one")
    add_match_arguments(parser, strategy="greedy")
    parser.add_argument("--seed", type=int, metavar="S",
                        help="seed of the shuffles and of the random players (default: a random "
                             "seed, printed so that the match can be played again)")
    parser.add_argument("--human", type=int, metavar="SEAT",
                        help="play this seat (0-based, clockwise) yourself")
    parser.add_argument("--save", metavar="RECORD",
                        help="save the match as a kozel-record/1 JSON file (for `kozel replay`)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run `kozel play`."""
    setup = prepare_from_args(args)
    save = checked_output_file(args.save, "--save") if args.save is not None else None
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    players: list[Player] = seat_players(args.strategy, setup.players, seed)
    if args.human is not None:
        if not 0 <= args.human < setup.players:
            raise UsageError(f"--human must be a seat 0..{setup.players - 1}")
        players[args.human] = HumanPlayer()
    printer = TablePrinter(setup, sys.stdout, human=args.human)
    print(f"{setup.variant.name}: {setup.players} players, seed {seed}"
          + "".join(f", {k}={value_text(v)}" for k, v in setup.options.items()))
    try:
        result = play_match(setup, players, seed=seed, listener=printer)
    except Abandoned as stop:
        print(f"\n{stop}", file=sys.stderr)
        return 1
    if save is not None:
        try:
            write_text_file(save, record_text(record_json(result)))
        except OutputError as error:  # checked before the match: the disk filled meanwhile
            print(f"error: {error}; the match was not saved", file=sys.stderr)
            return 1
        print(f"saved the record to {args.save}")
    return 0


class TablePrinter(Listener):
    """Prints a match as it is played; with a human seat, other hands stay hidden."""

    def __init__(self, setup: Setup, out: TextIO, *, human: int | None = None) -> None:
        self.setup, self.out, self.human = setup, out, human

    def say(self, text: str) -> None:
        """Print one line."""
        print(text, file=self.out)

    def _shows(self, seat: int) -> bool:
        return self.human is None or seat == self.human

    def round_started(self, number: int, table: Table, redeals: list[tuple[int, ...]],
                      leader: int) -> None:
        """Show the deal."""
        self.say(f"\nRound {number}")
        if redeals:
            self.say(f"  {len(redeals)} deal(s) thrown in")
        seating = self.setup.seating
        for seat, hand in enumerate(table.held):
            shown = ts.set_text(hand) if self._shows(seat) else f"{hand.bit_count()} tiles"
            side = f" (side {seating.side_of[seat]})" if seating.partners else ""
            self.say(f"  seat {seat}{side}: {shown}")
        self.say(f"  stock: {len(table.pile)} tiles")

    def moved(self, seat: int, move: Move, drawn: int, table: Table) -> None:
        """Show a move and the line after it."""
        if move.kind == "knock":
            self.say(f"  seat {seat} knocks")
        elif move.kind == "draw":
            tile = str(ts.tile_of(drawn)) if self._shows(seat) else "a tile"
            self.say(f"  seat {seat} draws {tile}")
        else:
            laid = " and ".join(str(t) for t in move.laid)
            verb = "leads" if table.lead_tile == move.tiles[0] else "lays"
            where = f" on the {move.end}" if move.end else ""
            self.say(f"  seat {seat} {verb} {laid}{where}".ljust(34) + table.line_text())

    def round_ended(self, result: RoundResult, table: Table) -> None:
        """Show how the round ended and the score sheet."""
        if result.end == "out":
            self.say(f"  seat {result.seat} is out")
        else:
            self.say(f"  fish! (seat {result.seat} laid the last tile)")
        left = "; ".join(f"seat {s}: {ts.set_text(h)} ({self._counts(s, h, result.number)})"
                         for s, h in enumerate(table.held) if h)
        if left:
            self.say(f"  left in hands: {left}")
        self.say("  sheet: " + " | ".join(
            f"{self.setup.seating.side_text(s)} +{p} = {t}"
            for s, (p, t) in enumerate(zip(result.points, result.scores))))
        if result.carry:
            self.say(f"  hanging: {result.carry}")
        if self.setup.threshold and any(result.remembered):
            self.say(f"  remembered: {list(result.remembered)}")

    def _counts(self, seat: int, hand: int, number: int) -> str:
        """What a hand left counts: its `hand value`, and its pips when they differ."""
        value, pips = hand_value(self.setup, seat, hand, number == 1), ts.pips(hand)
        if value is None:
            return f"{pips} pips; no hand value"
        return str(value) if value == pips else f"{value}; {pips} pips"

    def match_ended(self, result: MatchResult) -> None:
        """Show the goat and the winner."""
        if result.goat:
            goats = ", ".join(self.setup.seating.side_text(s) for s in result.goat)
            self.say(f"\nGoat: {goats} after {len(result.rounds)} rounds; totals "
                     f"{list(result.scores)}")
        if result.winner:
            winners = ", ".join(self.setup.seating.side_text(s) for s in result.winner)
            self.say(f"\nWinner: {winners} after {len(result.rounds)} rounds; totals "
                     f"{list(result.scores)}")
