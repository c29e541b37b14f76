"""The `kozel` command: check, play, simulate, replay, diff. Exit codes: 0 ok, 1 findings or
errors in the input, 2 usage errors, 74 standard output not writable (a full disk, a closed
descriptor), 130 interrupted (143 on SIGTERM, 129 on SIGHUP)."""

from __future__ import annotations

import argparse
import io
import sys
from functools import partial
from typing import Any, Callable, Sequence, cast

from .help_lang import argparse_words, formatter_in, requested_lang
from interpreter.language.errors import KozelError, UsageError
from interpreter.language.said import Said
from .interrupt import exit_code, stop_message, stopped_by_ctrl_c
from .output_lost import EXIT_OUTPUT_LOST, GuardedOutput, OutputLost, forget_output
from .terminal import EscapingStream

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """argparse that raises UsageError instead of exiting, so main() owns the exit code, and
    whose help is said in the command line's language (kozel/help_lang.py)."""

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        self.lang = lang
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")

    def _get_formatter(self) -> argparse.HelpFormatter:
        return formatter_in(self.lang, cast(type[argparse.HelpFormatter],
                                            self.formatter_class))(prog=self.prog)


class _Version(argparse.Action):
    """`--version`: the installed distribution's version, looked up only when asked for."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("kozel")
        except PackageNotFoundError:  # run from a checkout that was never installed
            number = "unknown (not installed)"
        print(f"kozel {number}")
        parser.exit(0)


def build_parser(only: Sequence[str] | None = None, lang: str = "en"
                 ) -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand registered (or only those named), its
    help said in `lang`."""
    from .commands import COMMANDS, registry

    parser = _Parser(prog="kozel", description=Said("help.kozel.description"),
                     formatter_class=argparse.RawDescriptionHelpFormatter,
                     epilog=Said("help.kozel.epilog"), lang=lang)
    parser.add_argument("--version", action=_Version, nargs=0, help=Said("help.--version"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND",
                                     # a class with its language bound: argparse only calls it
                                     parser_class=cast(Any, partial(_Parser, lang=lang)))
    for register in registry(COMMANDS if only is None else only):
        register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the kozel command line; return the exit code."""
    _tolerant_output()
    streams = sys.stdout, sys.stderr
    sys.stdout = EscapingStream(GuardedOutput(sys.stdout))  # type: ignore[arg-type]
    sys.stderr = EscapingStream(sys.stderr)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = streams


def _main(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    lang = requested_lang(words)  # help and usage errors are said before --lang is parsed
    try:
        with argparse_words(lang):
            parser = build_parser(_command_named(words), lang)
            args = parser.parse_args(words)
            if not getattr(args, "run", None):
                parser.print_help()
                return EXIT_USAGE
        lang = getattr(args, "lang", "en")
        run: Callable[[argparse.Namespace], int] = args.run
        with stopped_by_ctrl_c(last=argv is None):  # None: the process's own command line
            code = run(args)
            sys.stdout.flush()  # what the system refuses is refused here, not at exit
            return code
    except UsageError as error:
        print(Said("labels usage error", error=error).in_lang(lang), file=sys.stderr)
        return EXIT_USAGE
    except KozelError as error:
        print(error_text(error, lang), file=sys.stderr)
        return EXIT_FINDINGS
    except KeyboardInterrupt:
        print(stop_message(), file=sys.stderr)
        return exit_code()
    except BrokenPipeError:
        return EXIT_OK
    except OutputLost as error:
        forget_output()
        print(Said("output.lost", reason=error.reason).in_lang(lang), file=sys.stderr)
        return EXIT_OUTPUT_LOST


def error_text(error: KozelError, lang: str) -> str:
    """An error for people in the command's --lang: a stop with its situation, seats from 1."""
    from interpreter.engine.words import said_in

    said = getattr(error, "said", None)  # a RuleStop: its str keeps the situation as the JSON does
    if callable(said):
        return said_in(said(), lang)
    render = getattr(error, "render", None)  # a rule file's errors, each with its place
    if callable(render):
        return str(render(lang))
    message = error.args[0] if len(error.args) == 1 else None
    return said_in(message, lang) if isinstance(message, str) else str(error)


def _command_named(words: Sequence[str]) -> list[str] | None:
    """The command a command line runs, so that only its module is imported (None: unsure)."""
    from .commands import COMMANDS

    first = next((w for w in words if not w.startswith("-")), None)
    if first is None and words and not {"-h", "--help"} & set(words):
        return []  # `kozel --version` needs no command
    return [first] if first in COMMANDS and words[0] == first else None


def _tolerant_output() -> None:
    """Escape what the terminal cannot show (a file name that is not UTF-8) instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


if __name__ == "__main__":
    sys.exit(main())
