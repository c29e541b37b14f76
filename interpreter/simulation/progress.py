"""A progress bar with an ETA on stderr, shown only once a run has taken more than a second."""

from __future__ import annotations

from typing import TextIO

WIDTH = 30


def duration_text(seconds: float) -> str:
    """Return a duration as `42 s`, `3 min 05 s` or `2 h 07 min`."""
    whole = int(seconds + 0.5)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


class Progress:
    """Draws `[####....] done/total matches, elapsed, ETA` over itself on a terminal."""

    def __init__(self, total: int, out: TextIO) -> None:
        self.total, self.out, self.last, self.width = total, out, 0.0, 0

    def line(self, done: int, elapsed: float) -> str:
        """The bar's text after `done` matches in `elapsed` seconds."""
        filled = int(WIDTH * done / self.total)
        eta = duration_text(elapsed * (self.total - done) / done) if done else "?"
        return (f"  [{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{self.total} matches, "
                f"{duration_text(elapsed)}, ETA {eta}")

    def show(self, done: int, elapsed: float) -> None:
        """Redraw the bar (at most ten times a second, and not in the first second)."""
        if elapsed < 1.0 or elapsed - self.last < 0.1:
            return
        self.last = elapsed
        text = self.line(done, elapsed)
        self.width = max(self.width, len(text))
        self.out.write("\r" + text.ljust(self.width))
        self.out.flush()

    def done(self) -> None:
        """Erase the bar."""
        if self.width:
            self.out.write("\r" + " " * self.width + "\r")
            self.out.flush()
