"""Whether this process has made terms in Z3's context: a fork of it would not start from the
clean state checks/isolated.py relies on (Z3's term ids and caches shape its later models)."""

from __future__ import annotations

_USED = [False]


def mark_used() -> None:
    """Z3 terms or solvers are being made in this process."""
    _USED[0] = True


def used() -> bool:
    """Whether this process has made any of the checker's Z3 terms or solvers."""
    return _USED[0]
