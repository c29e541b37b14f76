"""A share link (`#v=` + base64url of deflate-raw) whose text is far larger than it looks: the
issue's hostile link, 350 kB of address that inflates to 270 MB of text."""

from __future__ import annotations

import base64
import functools
import zlib

BOMB_MB = 270  # of one repeated letter: deflate's best ratio, about 1,030 to 1


def link_of(data: bytes) -> str:
    """The `#v=` fragment the playground's Share button would make for these bytes."""
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate, as CompressionStream
    packed = squeezer.compress(data) + squeezer.flush()
    return "#v=" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


@functools.cache
def bomb_link() -> str:
    """A link of about 350 kB whose text is BOMB_MB megabytes (compressed a megabyte at a time:
    the whole text is never held)."""
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    megabyte = b"-" * 1_000_000
    packed = b"".join(squeezer.compress(megabyte) for _ in range(BOMB_MB)) + squeezer.flush()
    return "#v=" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
