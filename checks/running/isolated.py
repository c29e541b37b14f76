"""Each task of the checker in a process of its own, forked from the same clean parent.

Z3 keeps one context per process: every term made in it shapes how later questions are
searched (its term ids, its caches), so a variant checked after another gets other models,
and so other witness games, than one checked first. With a pool, which worker checks which
variant after which depends on timing, and the report on the machine's load and on `--jobs`.
A fresh fork per task (of a parent that has asked Z3 nothing) makes every task start from
the same state: the same files and options give the same report on any machine, with any
number of workers. A process that has made Z3 terms already (a test worker that checked
something before, a diff computed in the same process) is no such parent: its forks make a
fresh Z3 context before their task (checks/z3_encode/fresh.py), which is the state of a new
process. Only where a solver of the process had a wall-clock limit (`--timeout`) do the tasks
run in a fresh Python of their own, which forks them in turn (`python -m checks.running.isolated`):
Z3 enforces the limit with a thread, and a fork has none of the parent's threads.

Where there are no processes (Pyodide, in a browser: no fork, no subprocess) the tasks run in
this process, one after the other, in order, each after a fresh Z3 context where Z3 was used
before it: the same state a forked task starts from, so the same report.
"""

from __future__ import annotations

import gc
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any, Callable, Sequence

from interpreter.language.errors import KozelError
from interpreter.language.workers import STOPPING, as_worker, usable_cores

from ..questions.z3_state import timed as z3_timed, used as z3_used


class TaskFailed(KozelError):
    """A task raised in its process: the message carries the child's traceback."""


Progress = Callable[[int], None]  # told the index of each call as it starts


def run_isolated(task: Callable[..., Any], calls: Sequence[tuple[Any, ...]], workers: int,
                 progress: Progress | None = None) -> list[Any]:
    """Return task(*args) for each args of `calls`, in order, each in a fresh forked process,
    at most `workers` at a time, the next started as soon as any ends (`progress` is told each
    as it starts, in the order of `calls`, for a person); where no process can be started,
    each in turn here, from a fresh Z3 context."""
    if not calls:  # nothing to run: no fresh Python to start (1.5 CPU-s for an empty list)
        return []
    if not can_fork():  # in a browser: no process to start, the tasks run here
        return _in_this_process(task, calls, progress)
    if z3_used() and z3_timed():  # a fork would lack the thread of Z3's wall-clock limit
        return _in_clean_process(task, calls, workers)
    fresh = z3_used()  # each fork makes Z3's context anew: it would inherit this one's history
    context = multiprocessing.get_context("fork")
    results: dict[int, Any] = {}
    running: dict[Any, tuple[int, Any]] = {}  # the parent's end of a pipe: (index, process)
    pending = list(enumerate(calls))
    limit = max(1, min(workers, usable_cores()))
    # what the parent holds is left out of the children's garbage collections: a collection
    # that walked it would write to every page of it, which each child would then copy
    gc.freeze()
    try:
        while pending or running:
            while pending and len(running) < limit:
                index, args = pending.pop(0)
                mine, theirs = context.Pipe(duplex=False)
                process = context.Process(target=_child, daemon=True,
                                          args=(task, args, theirs, os.getpid(), fresh))
                _start(process)
                theirs.close()
                running[mine] = (index, process)
                if progress is not None:  # the tasks start in order: what a person sees is
                    progress(index)  # the same on any machine, whichever ends first
            _collect_one(running, results)
    finally:
        gc.unfreeze()  # the parent's own garbage is collected again
        for _, process in running.values():
            process.terminate()
            process.join()
    return [results[i] for i in range(len(calls))]


def can_fork() -> bool:
    """Whether this Python can start processes (not in Pyodide, whose platform is emscripten)."""
    return sys.platform != "emscripten" and hasattr(os, "fork")


def _in_this_process(task: Callable[..., Any], calls: Sequence[tuple[Any, ...]],
                     progress: Progress | None) -> list[Any]:
    """run_isolated where no process can be started: each call in turn, here, from a fresh Z3
    context as a forked task starts from."""
    results = []
    for index, args in enumerate(calls):
        if progress is not None:
            progress(index)
        if z3_used():
            _fresh_context()
        results.append(task(*args))
    return results


def _fresh_context() -> None:
    """Start a task from Z3's state in a new process (checks/z3_encode/fresh.py)."""
    from ..z3_encode.fresh import fresh_context

    fresh_context()


def _collect_one(running: dict[Any, tuple[int, Any]], results: dict[int, Any]) -> None:
    """Read the result of the first child to finish, whichever it is, so that its core takes
    the next task at once (a short task that ends behind a long one would leave its core
    idle until the long one ends). Which task ends first changes no result: each is a fresh
    fork of the same parent and its result goes to its own index."""
    ready = multiprocessing.connection.wait(list(running))
    mine = min(ready, key=lambda pipe: running[pipe][0])  # several at once: in call order
    index, process = running.pop(mine)
    results[index] = _collect(process, mine)


def _start(process: Any) -> None:
    """Fork a child with the stopping signals blocked until it has set its own handlers."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, set(STOPPING))
    try:
        process.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _child(task: Callable[..., Any], args: tuple[Any, ...], pipe: Any, parent: int,
           fresh: bool) -> None:
    as_worker(parent)  # it ends when the command does, however the command ends
    try:
        if fresh:
            _fresh_context()
        outcome: tuple[str, Any] = ("ok", task(*args))
    except BaseException as error:  # noqa: BLE001 - every failure goes back to the parent
        outcome = ("error", f"{type(error).__name__}: {error}\n{traceback.format_exc()}")
    pipe.send_bytes(pickle.dumps(outcome))
    pipe.close()


def _collect(process: Any, pipe: Any) -> Any:
    """Read a child's result (before joining it: a large result fills the pipe first)."""
    try:
        kind, value = pickle.loads(pipe.recv_bytes())
    except EOFError:
        process.join()
        raise TaskFailed(f"a checker process ended without a result "
                         f"(exit code {process.exitcode})") from None
    process.join()
    if kind == "error":
        raise TaskFailed(f"a checker process failed: {value}")
    return value


def _in_clean_process(task: Callable[..., Any], calls: Sequence[tuple[Any, ...]],
                      workers: int) -> list[Any]:
    """run_isolated in a fresh Python (the same code, found where this module is)."""
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}
    done = subprocess.run([sys.executable, "-m", "checks.running.isolated"], env=env,
                          input=pickle.dumps((task, list(calls), workers)),
                          capture_output=True, check=False)
    try:
        kind, value = pickle.loads(done.stdout)
    except Exception:  # noqa: BLE001 - no result at all: say how the process ended
        raise TaskFailed(f"a clean checker process ended without a result (exit code "
                         f"{done.returncode}): {done.stderr.decode(errors='replace')[-2000:]}"
                         ) from None
    if kind == "error":
        raise TaskFailed(value)
    return value


def _serve() -> None:
    """`python -m checks.running.isolated`: run the pickled (task, calls, workers) from stdin."""
    task, calls, workers = pickle.loads(sys.stdin.buffer.read())
    try:
        outcome: tuple[str, Any] = ("ok", run_isolated(task, calls, workers))
    except BaseException as error:  # noqa: BLE001 - the caller reports it
        outcome = ("error", f"{type(error).__name__}: {error}")
    sys.stdout.buffer.write(pickle.dumps(outcome))


if __name__ == "__main__":
    _serve()
