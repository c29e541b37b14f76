"""`kozel simulate --cluster ADDRESS`: the same chunks of matches as Ray tasks.

Ray (the `cluster` extra) does the distribution; this module only submits the chunks of
tasks.py, a bounded number at a time, and merges their tallies as they come back, so the
statistics are those of a local run. The spec (the checked Variant, options, players) is put
into Ray's object store once; each Ray worker compiles the setup once and keeps it. The nodes
of a real cluster need kozel installed (`pip install 'kozel[cluster]'`) in the same version.
"""

from __future__ import annotations

from typing import Any, Callable

from ..language.clusters import connect, host_port, ray_module
from ..language.workers import FINISHING
from .runner import Run, Clock, deferred_sigint
from .tally import Tally
from .tasks import Chunk, SetupSpec, chunk_size, chunks_of, play_chunk

def _ray_chunk(spec: SetupSpec, strategy: str, chunk: Chunk) -> Tally:
    """The Ray task: play one chunk on whichever node Ray chose."""
    return play_chunk(spec, strategy, chunk)


def cluster_runner(address: str) -> Callable[..., Run]:
    """Return the runner of a run on the Ray cluster at `address` (UsageError without Ray)."""
    if address not in ("auto", "local"):
        host_port(address)
    ray = ray_module()

    def run(spec: SetupSpec, strategy: str, matches: int, seed: int, *,
            progress: bool = False) -> Run:
        started = connect(ray, address)
        played = _run_on_ray(ray, spec, strategy, matches, seed, progress)
        played.where = f"cluster {address}"
        if started and not played.interrupted:
            ray.shutdown()
        return played
    return run


def _run_on_ray(ray: Any, spec: SetupSpec, strategy: str, matches: int, seed: int,
                progress: bool) -> Run:
    """Submit the chunks, at most two per CPU of the cluster at a time; merge the tallies."""
    setup = spec.setup()
    tally = Tally(setup.players, setup.seating.side_of)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    task, spec_ref = ray.remote(_ray_chunk), ray.put(spec)
    clock, interrupted = Clock(matches, progress), False
    pending: list[Any] = []  # Ray's object refs of the chunks in flight

    def collect() -> None:
        (done,), _ = ray.wait(pending, num_returns=1)
        pending.remove(done)
        finished = ray.get(done)
        with deferred_sigint():
            tally.merge(finished)
        clock.tick(tally.matches)

    try:
        for chunk in chunks_of(matches, seed, chunk_size(matches, cpus)):
            while len(pending) >= 2 * cpus:
                collect()
            pending.append(task.remote(spec_ref, strategy, chunk))
        while pending:
            collect()
    except KeyboardInterrupt:
        interrupted = True
        FINISHING.set()  # stopped: what was played is written (interrupt.py)
        for ref in pending:
            ray.cancel(ref, force=True)
    return Run(tally, clock.finish(), cpus, interrupted)
