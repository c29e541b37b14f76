"""`kozel simulate --cluster ADDRESS`: the same chunks of matches as Ray tasks.

Ray (the `cluster` extra) does the distribution; this module only submits the chunks of
tasks.py, a bounded number at a time, and merges their tallies as they come back, so the
statistics are those of a local run. The spec (the checked Variant, options, players) is put
into Ray's object store once; each Ray worker compiles the setup once and keeps it. The nodes
of a real cluster need kozel installed (`pip install 'kozel[cluster]'`) in the same version.
"""

from __future__ import annotations

import logging
import re
import socket
from typing import Any, Callable

from ..language.errors import UsageError
from ..language.workers import FINISHING
from .runner import Run, Clock, deferred_sigint
from .tally import Tally
from .tasks import Chunk, SetupSpec, chunk_size, chunks_of, play_chunk

PROBE_SECONDS = 5.0
PORT = re.compile(r"[0-9]{1,5}")


def ray_module() -> Any:
    """Ray, or a UsageError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise UsageError("--cluster needs Ray, which is not installed: "
                         "pip install 'kozel[cluster]'") from None
    return ray


def host_port(address: str) -> tuple[str, int]:
    """The host and port of HOST:PORT or ray://HOST:PORT (a port in ASCII digits, 1 to 65535),
    else a UsageError."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or PORT.fullmatch(port) is None or not 1 <= int(port) <= 65535:
        raise UsageError(f"--cluster needs `auto`, `local`, HOST:PORT or ray://HOST:PORT "
                         f"(PORT from 1 to 65535), not {address!r}")
    return host.strip("[]"), int(port)


def _probe(address: str) -> None:
    """Refuse an address where nothing listens: Ray itself would retry it for minutes."""
    try:
        socket.create_connection(host_port(address), timeout=PROBE_SECONDS).close()
    except OSError as error:
        raise UsageError(f"--cluster {address}: nothing answers there "
                         f"({error.strerror or type(error).__name__})") from None


def connect(ray: Any, address: str) -> bool:
    """Join the cluster (or start a local Ray for `local`); True when this run started it."""
    if ray.is_initialized():
        return False
    if address not in ("auto", "local"):
        _probe(address)
    try:
        ray.init(address=None if address == "local" else address, include_dashboard=False,
                 logging_level=logging.ERROR, log_to_driver=False)
    except (ConnectionError, ValueError, RuntimeError) as error:
        raise UsageError(f"--cluster {address}: cannot join a Ray cluster there: "
                         f"{str(error).splitlines()[0] if str(error) else error}") from None
    return True


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
