"""How much work one solver question may take: counted, so that answers do not depend on the
machine.

A wall-clock limit makes the report a function of the machine's load: under load a question
that an idle machine answers runs out of time, and a finding is refuted in one run and
`unknown` in the next. Z3's resource limit (`rlimit`) counts the solver's own steps instead,
so the same files and options give the same answers (and the same witnesses) on any machine.
A wall-clock limit is applied only where the user asks for one, and the report says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .z3_state import mark_timed

# Z3 resource steps per condition. The seed variants' hardest question takes about 0.9
# million (benchmarks/solver_settings.py; about 3,300 steps a millisecond on a 2-core x86_64),
# so 12 million leaves a wide margin while a runaway question still ends within a few seconds.
DEFAULT_STEPS = 12_000_000
STEPS_PER_UNIT = 1_000_000  # `--effort N` counts millions of steps

# What Z3 says when a limit ends a check (reason_unknown), by the limit that did it.
OUT_OF_STEPS = ("max. resource limit exceeded", "resource limit exceeded", "rlimit")
OUT_OF_TIME = ("timeout", "canceled")


DEFAULT_GAMES = 4000  # matches played to find each witness game


@dataclass(frozen=True)
class GameBudget:
    """How hard to look for a witness game: matches per candidate (a count, never seconds:
    the same search finds the same game on any machine)."""

    games: int = DEFAULT_GAMES


@dataclass(frozen=True)
class Budget:
    """Solver steps per question, and a wall-clock limit in milliseconds only if asked for."""

    steps: int = DEFAULT_STEPS
    ms: int | None = None

    @classmethod
    def of(cls, effort: int | None = None, timeout_ms: int | None = None) -> "Budget":
        """Return the budget for `--effort N` (millions of steps) and `--timeout MS`."""
        steps = DEFAULT_STEPS if effort is None else effort * STEPS_PER_UNIT
        return cls(steps, timeout_ms)

    @property
    def effort(self) -> float:
        """Return the steps in the unit of `--effort` (millions)."""
        return self.steps / STEPS_PER_UNIT

    def share(self, fraction: float) -> "Budget":
        """Return a part of this budget (at least one step, one millisecond)."""
        ms = None if self.ms is None else max(1, int(self.ms * fraction))
        return Budget(max(1, int(self.steps * fraction)), ms)

    def apply(self, solver: Any) -> None:
        """Set the limits on a Z3 solver (or its parameters) before a check."""
        solver.set("rlimit", self.steps)
        if self.ms is not None:
            mark_timed()  # a fork of this process would lack Z3's timer thread (isolated.py)
            solver.set("timeout", self.ms)


def gave_up(reason: str, budget: Budget) -> str:
    """Return which limit a solver's reason_unknown names: "steps", "time" or "" (another
    reason). Some of Z3's cores say "canceled" for either limit: without a wall-clock limit
    it can only be the steps."""
    if any(word in reason for word in OUT_OF_STEPS):
        return "steps"
    if reason in OUT_OF_TIME:
        return "time" if budget.ms is not None else "steps"
    return ""


def plain_reason(reason: str, budget: Budget) -> str:
    """Return Z3's reason with the limit it names made plain: OUT_OF_STEPS[0] or "timeout"."""
    return {"steps": OUT_OF_STEPS[0], "time": "timeout"}.get(gave_up(reason, budget), reason)


def limit_words(reason: str, budget: Budget) -> str:
    """Return the reason a solver gave up, in words: "out of steps", "out of time" or itself."""
    return {"steps": "out of steps", "time": "out of time"}.get(gave_up(reason, budget), reason)
