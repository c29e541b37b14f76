"""Running the matches of a run: in this process, on worker processes, or on a cluster.

Each way plays the same chunks (tasks.py) and merges their tallies, so the statistics are the
same whichever way and however many workers ran them. Ctrl-C ends a run between matches (in
this process) or drops the chunks still running (elsewhere): the run returns what finished,
marked interrupted, and the command prints it. A worker that dies (the OOM killer, a `kill`)
ends the run the same way, with the worker's fate instead of the mark.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import TYPE_CHECKING, Any, Callable, Iterator

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

from ..language.workers import FINISHING, STOPPING, as_worker, usable_cores
from .progress import Progress
from .tally import Tally
from .tasks import Chunk, SetupSpec, chunk_size, chunks_of, numbered_player


@dataclass
class Run:
    """The tally of a run, how long it took, and whether Ctrl-C cut it short."""

    tally: Tally
    seconds: float
    workers: int
    interrupted: bool = False
    where: str = "local"
    lost: str = ""  # a worker process that died (its fate, in words): the run was cut short


def default_workers() -> int:
    """All the cores this process may use."""
    return usable_cores()


@contextmanager
def deferred_sigint() -> Iterator[None]:
    """Hold a Ctrl-C (or SIGTERM, SIGHUP) back until the body is done (a tally half merged
    would be wrong)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        held.append(signum)

    previous = {number: signal.signal(number, hold) for number in STOPPING}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        handler = previous[held[0]] if held else None
        if callable(handler):
            handler(held[0], None)  # Python's handler, or the command's: it raises
        elif held and handler == signal.SIG_DFL:
            signal.raise_signal(held[0])  # what the signal would have done at once


class Clock:
    """Elapsed time and the progress bar (when there is one)."""

    def __init__(self, total: int, progress: bool) -> None:
        self.start = time.perf_counter()
        # the bar's carriage returns are its own: past the command's escaping (terminal.py)
        self.bar = Progress(total, getattr(sys.stderr, "unescaped", sys.stderr)) if progress \
            else None

    def tick(self, done: int) -> None:
        """Redraw the bar after `done` matches."""
        if self.bar is not None:
            self.bar.show(done, self.elapsed())

    def elapsed(self) -> float:
        """Seconds since the run started."""
        return time.perf_counter() - self.start

    def finish(self) -> float:
        """Erase the bar; return the run's seconds."""
        if self.bar is not None:
            self.bar.done()
        return self.elapsed()


def run_here(spec: SetupSpec, strategy: str, matches: int, seed: int, *,
             progress: bool = False) -> Run:
    """Play every match in this process, in order."""
    setup = spec.setup()
    play = numbered_player(setup, strategy, spec.engine)
    tally = Tally(setup.players, setup.seating.side_of)
    clock, interrupted = Clock(matches, progress), False
    try:
        for chunk in chunks_of(matches, seed, chunk_size(matches, 1)):
            for offset, match_seed in enumerate(chunk.seeds):
                played = play(chunk.first + offset, match_seed)
                with deferred_sigint():
                    tally.add(chunk.first + offset, played)
                clock.tick(tally.matches)
    except KeyboardInterrupt:
        interrupted = True
        FINISHING.set()  # stopped: what was played is written (interrupt.py)
    return Run(tally, clock.finish(), 1, interrupted)


# --- worker processes ---------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _worker_start(spec: SetupSpec, strategy: str, parent: int) -> None:
    """In a worker: leave Ctrl-C to the parent, end with it, and compile the setup once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.set_wakeup_fd(-1)  # a forked worker would otherwise wake the parent's watchdog
    as_worker(parent)  # SIGTERM and SIGHUP back to their defaults, and unblocked
    spec.setup()
    _WORKER.update(spec=spec, strategy=strategy)


def _worker_chunk(chunk: Chunk) -> Tally:
    """In a worker: play one chunk."""
    from .tasks import play_chunk
    return play_chunk(_WORKER["spec"], _WORKER["strategy"], chunk)


def _context() -> Any:
    """fork where there is one (the compiled setup is inherited), else spawn."""
    # imported here: a run in this process (the playground's, in a browser without processes)
    # must not load multiprocessing
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run_on_workers(spec: SetupSpec, strategy: str, matches: int, seed: int, *,
                   workers: int, progress: bool = False) -> Run:
    """Play the chunks on `workers` processes; merge their tallies as they finish."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    setup = spec.setup()
    tally = Tally(setup.players, setup.seating.side_of)
    clock, interrupted = Clock(matches, progress), False
    pool = ProcessPoolExecutor(workers, mp_context=_context(), initializer=_worker_start,
                               initargs=(spec, strategy, os.getpid()))
    pending: deque[Future[Tally]] = deque()

    def collect() -> None:
        done = pending.popleft().result()
        with deferred_sigint():
            tally.merge(done)
        clock.tick(tally.matches)

    try:
        for number, chunk in enumerate(chunks_of(matches, seed, chunk_size(matches, workers))):
            while len(pending) >= 2 * workers:  # a bounded window: memory stays flat
                collect()
            pending.append(_submit(pool, chunk, first=number == 0))
        while pending:
            collect()
    except KeyboardInterrupt:
        interrupted = True
        FINISHING.set()  # stopped: the workers are ended and what was played is written
        _stop_workers(pool)
    except BrokenProcessPool:  # a worker killed (the OOM killer, a `kill`): what finished stays
        # the pool keeps its processes, the dead one too, in a private table: there is no
        # other way to learn how a worker ended
        processes = list((getattr(pool, "_processes", None) or {}).values())
        _stop_workers(pool)
        return Run(tally, clock.finish(), workers, lost=worker_fate(processes))
    else:
        pool.shutdown()
    return Run(tally, clock.finish(), workers, interrupted)


def worker_fate(processes: list[Any]) -> str:
    """How a pool's dead worker ended, in words: `SIGKILL`, or `exit code N`. The pool ends
    its other workers with SIGTERM once one has died, so another fate is the first one's."""
    for process in processes:
        process.join(timeout=5)  # its pipe closes a moment before its exit status is known
    ended = [p.exitcode for p in processes if p.exitcode not in (None, 0)]
    first = next((code for code in ended if code != -signal.SIGTERM), ended[0] if ended else None)
    if first is None:
        return "?"
    if first > 0:
        return f"exit code {first}"
    try:
        return signal.Signals(-first).name
    except ValueError:  # a number the signal module has no name for
        return f"signal {-first}"


def _submit(pool: ProcessPoolExecutor, chunk: Chunk, *, first: bool) -> Future[Tally]:
    """Submit a chunk; the first submit starts the workers, with the stopping signals blocked
    until each has set its own handlers (a worker must not print a KeyboardInterrupt
    traceback, nor run the command's handler)."""
    if not first:
        return pool.submit(_worker_chunk, chunk)
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, set(STOPPING))
    try:
        return pool.submit(_worker_chunk, chunk)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the workers now: the chunks they were playing are dropped."""
    import multiprocessing

    pool.shutdown(wait=False, cancel_futures=True)
    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join(timeout=2)
        if child.is_alive():  # a worker stuck where SIGTERM cannot reach it
            child.kill()
            child.join()
    # The pool's manager thread is joined now, not by CPython's exit hook: that hook wakes the
    # thread through a pipe the thread may have closed already ("Bad file descriptor" printed
    # as a traceback at exit, seen after Ctrl-C under load).
    pool.shutdown(wait=True)


def run_matches(spec: SetupSpec, strategy: str, matches: int, seed: int, *,
                workers: int, progress: bool = False,
                cluster: Callable[..., Run] | None = None) -> Run:
    """Play a run where it was asked to be played."""
    if cluster is not None:
        return cluster(spec, strategy, matches, seed, progress=progress)
    workers = max(1, min(workers, -(-matches // chunk_size(matches, workers))))
    if workers == 1:
        return run_here(spec, strategy, matches, seed, progress=progress)
    return run_on_workers(spec, strategy, matches, seed, workers=workers, progress=progress)
