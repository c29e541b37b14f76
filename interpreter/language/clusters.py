"""Joining a Ray cluster (the `cluster` extra): `kozel simulate --cluster` and `kozel check
--cluster` name one as `auto` (the cluster this machine is in), `local` (a Ray started for the
run), HOST:PORT or ray://HOST:PORT. An address is checked, and probed, before Ray is asked:
Ray itself would retry an address where nothing listens for minutes.
"""

from __future__ import annotations

import logging
import re
import socket
from typing import Any

from .errors import UsageError

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
