"""`kozel check --cluster ADDRESS`: the checker's tasks (each variant's report, each pair's
comparison, each relation) as Ray tasks, with the report a local run gives, byte for byte.

A task's result rests on its arguments alone when it starts from Z3's state in a new process
(isolated.py): a Ray worker is a long-lived process, so each task makes Z3's context anew
before it runs, as the tasks of a Python without processes do. The cache stays this machine's:
a task whose results this machine keeps is answered here (it is run reading only, and a result
it would have to compute sends it to the cluster instead); a task run on a node computes
without any folder and hands back, with its result, the entries it would have kept, which are
kept here. The nodes need kozel installed in the same version (`pip install 'kozel[cluster]'`).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from interpreter.language.workers import FINISHING
from interpreter.language.clusters import connect, host_port, ray_module

from .isolated import Progress, TaskFailed, run_isolated
from .remembered import NotKept, capturing, keep_entries, reading_only


def run_tasks(task: Callable[..., Any], calls: Sequence[tuple[Any, ...]], workers: int,
              cluster: str | None, progress: Progress | None = None) -> list[Any]:
    """run_isolated on this machine, or each call as a task on the Ray cluster at `cluster`:
    the same results either way."""
    if cluster is None:
        return run_isolated(task, calls, workers, progress)
    return run_on_cluster(task, calls, cluster, progress)


def run_on_cluster(task: Callable[..., Any], calls: Sequence[tuple[Any, ...]], address: str,
                   progress: Progress | None = None) -> list[Any]:
    """Return task(*args) for each args of `calls`, in order: read here where this machine
    keeps the results, else computed as a Ray task on the cluster at `address`."""
    if address not in ("auto", "local"):
        host_port(address)  # a UsageError before anything starts
    ray = ray_module()
    results: dict[int, Any] = {}
    computed = []  # the calls this machine does not keep the results of
    for index, args in enumerate(calls):
        if progress is not None:
            progress(index)
        try:
            with reading_only():
                results[index] = task(*args)
        except NotKept:  # something to compute: the cluster's
            computed.append(index)
    if computed:  # a cluster is joined (or a local Ray started) only for work to do
        started = connect(ray, address)
        try:
            results.update(_run(ray, task, {i: calls[i] for i in computed}))
        finally:
            if started:
                ray.shutdown()
    return [results[i] for i in range(len(calls))]


def _run(ray: Any, task: Callable[..., Any], calls: dict[int, tuple[Any, ...]]
         ) -> dict[int, Any]:
    """Submit the calls to the cluster, then collect their results."""
    remote, results = ray.remote(_on_node), {}
    pending = {index: remote.remote(task, args) for index, args in calls.items()}
    try:
        for index, ref in pending.items():
            results[index] = _collected(ray, ref)
    except KeyboardInterrupt:
        FINISHING.set()
        for ref in pending.values():
            ray.cancel(ref, force=True)
        raise
    return results


def _collected(ray: Any, ref: Any) -> Any:
    """A task's result, its entries kept here; a task that raised is a TaskFailed."""
    try:
        value, entries = ray.get(ref)
    except ray.exceptions.RayError as error:
        raise TaskFailed(f"a checker task on the cluster failed: {error}") from None
    keep_entries(entries)
    return value


def _on_node(task: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, list[Any]]:
    """The Ray task: the checker's task from a fresh Z3 context, with the entries it computed."""
    from ..questions.z3_state import used
    from ..z3_encode.fresh import fresh_context

    if used():
        fresh_context()
    with capturing() as entries:
        value = task(*args)
    return value, list(entries)
