"""Asking a strategy that the engine does not trust: errors and slowness name the seat.

A player written outside the project may raise, hang or answer nonsense. `ask` calls it under
a time limit (the player's `time_limit` attribute, DEFAULT_TIME_LIMIT seconds when it has
none, None for no limit) and turns whatever goes wrong into a StrategyError that names the
seat. The engine asks before it changes the table, so the table is as it was when asked.
Players of the project itself say `trusted = True` and are called directly, at no cost.
"""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from types import FrameType
from typing import Any, Callable, Iterator, TypeVar

from ..language.errors import KozelError
from .words import Said, seat_indexed

DEFAULT_TIME_LIMIT = 10.0  # seconds a strategy may take over one answer
T = TypeVar("T")


class StrategyError(KozelError):
    """A player's strategy raised, took too long, or answered something that is no answer.

    `seat` counts from 0, as `Game.seat` does; the message says `seat 1 (index 0)`."""

    seat: int

    def __init__(self, message: str, seat: int) -> None:
        super().__init__(message)
        self.seat = seat

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.args[0], self.seat))  # whole across processes


class _TooLong(BaseException):
    """Raised into a strategy at its deadline (a BaseException: `except Exception` keeps off)."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _TooLong()


def _can_interrupt() -> bool:
    """Return True when SIGALRM can stop a strategy: main thread, and no one else uses it."""
    return (hasattr(signal, "setitimer")
            and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None))


@contextmanager
def _deadline(seconds: float | None) -> Iterator[None]:
    """Raise _TooLong into the body after `seconds`, where a signal can do that."""
    if seconds is None or not _can_interrupt():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def shown(answer: object, limit: int = 200) -> str:
    """Return a strategy's answer or error as a short text (whatever its repr does)."""
    try:
        text = (f"{type(answer).__name__}: {answer}" if isinstance(answer, BaseException)
                else repr(answer))
    except Exception:
        text = f"a {type(answer).__name__} that cannot be shown"
    return text if len(text) <= limit else text[:limit] + "…"


def ask(player: object, seat: int, question: Any, call: Callable[[], T]) -> T:
    """Return call() — the player's answer to question — or raise StrategyError naming the seat."""
    limit = getattr(player, "time_limit", DEFAULT_TIME_LIMIT)
    start = time.perf_counter()
    try:
        with _deadline(limit):
            answer = call()
    except _TooLong:
        raise StrategyError(Said("strategy.too long", seat=seat_indexed(seat),
                                 limit=f"{limit:g}", question=question), seat) from None
    except KozelError:
        raise  # the project's own stops (a person abandoning, a record that breaks off)
    except Exception as error:
        raise StrategyError(Said("strategy.failed", seat=seat_indexed(seat), question=question,
                                 error=shown(error)), seat) from error
    if limit is not None and time.perf_counter() - start > limit:
        raise StrategyError(Said("strategy.too long", seat=seat_indexed(seat),
                                 limit=f"{limit:g}", question=question), seat)
    return answer
