"""What every server of the suite says about listening and about who may talk to it.

``boardgames serve`` (browsers) and ``boardgames.net`` (a hosted table) both listen on a
port and both must tell their own pages from another site's: one wording of a port that
cannot be had, one Origin rule.  Nothing here imports aiohttp or textual-serve, so either
server can use it whatever extras are installed.
"""

from __future__ import annotations

import errno
from typing import Any

from boardgames.common.text import plain


class CannotListen(Exception):
    """The address or port could not be listened on (taken, not this machine's, not allowed).

    The host comes from the command line: it is quoted as plain text."""

    def __init__(self, host: str, port: int, error: OSError) -> None:
        if error.errno == errno.EADDRINUSE:
            message = f"port {port} is already in use on {plain(host)}; choose another with --port"
        else:
            message = f"cannot listen on {plain(host)} port {port}: {plain(error.strerror or error)}"
        super().__init__(message)
        self.message = message


def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether a websocket's *origin* is a page this server gave out (served as *host*).

    Browsers send ``Origin`` with every websocket handshake and a page cannot forge it,
    so a page from another site is told apart here; a missing or ``null`` origin is
    refused too (a server that also takes non-browser clients asks only when one is sent).
    """
    if not origin or not host:
        return False
    scheme, separator, authority = origin.partition("://")
    if not separator or scheme.lower() not in ("http", "https"):
        return False
    return authority.lower() == host.lower()


async def listen(app: Any, host: str, port: int, **runner: Any) -> Any:
    """Serve the aiohttp *app* on *host*:*port*: its started ``AppRunner`` (cleaned up and
    ``CannotListen`` when the port cannot be had)."""
    from aiohttp import web  # noqa: PLC0415 - only servers, which have aiohttp, call this

    started = web.AppRunner(app, access_log=None, **runner)
    await started.setup()
    try:
        await web.TCPSite(started, host, port).start()
    except OSError as exc:
        await started.cleanup()
        raise CannotListen(host, port, exc) from exc
    return started
