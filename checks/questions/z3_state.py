"""Whether this process has made terms in Z3's context: a fork of it would not start from the
clean state checks/running/isolated.py relies on (Z3's term ids and caches shape its later models)
unless the fork makes a fresh context first (checks/z3_encode/fresh.py); and whether it has
set a wall-clock limit, which Z3 enforces with a timer thread that a fork does not inherit."""

from __future__ import annotations

_USED = [False]
_TIMED = [False]


def mark_used() -> None:
    """Z3 terms or solvers are being made in this process."""
    _USED[0] = True


def used() -> bool:
    """Whether this process has made any of the checker's Z3 terms or solvers."""
    return _USED[0]


def forget_used() -> None:
    """The main context is new: nothing has been made in it yet."""
    _USED[0] = False


def mark_timed() -> None:
    """A solver of this process has a wall-clock limit (Z3 starts its timer thread)."""
    _TIMED[0] = True


def timed() -> bool:
    """Whether a solver of this process has had a wall-clock limit."""
    return _TIMED[0]
