"""Browser seats (``boardgames host ... --web``): each seat offered as a web page, for a
phone or a laptop without the suite installed.

Each page is ``boardgames serve``'s machinery (``serve.TableServer``: textual-serve's
relay behind a token, its own origin, capped sizes) running ``boardgames join`` for that
seat on the host's machine, one process per page: the page's token is the seat's own
code, so a page's address is as secret as its join line and shown beside it, on the
host's screen only.  One browser at a time per seat (a second tab is told the seat is
taken).  Needs the ``web`` extra (textual-serve).
"""

from __future__ import annotations

import shlex
import sys
from typing import Any

from boardgames.net.room import Recipient
from boardgames.net.server import address
from boardgames.net.ui.hosting import LOOPBACK, Hosting


class SeatPages:
    """One page per seat, served while the table screen is up."""

    def __init__(self, hosting: Hosting) -> None:
        self.hosting = hosting
        self.urls: dict[Recipient, str] = {}
        self._servers: list[Any] = []

    async def start(self) -> None:
        """Listen for every seat's page (``ImportError`` without textual-serve; ``CannotListen``)."""
        from boardgames.serve import TableServer  # noqa: PLC0415 - the web extra, only with --web

        hosting = self.hosting
        for seat, code in sorted(hosting.room.codes.items()):
            # The page's process joins from this machine, whatever interface the room listens on.
            join = address(LOOPBACK, hosting.server.port, code)
            command = shlex.join([sys.executable, "-m", "boardgames", "join", join])
            server = TableServer(command, host=hosting.server.host, port=0, token=code, max_tables=1)
            url = await server.start()
            self._servers.append(server)
            port = url.split("://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1]
            shown = f"[{hosting.shown_host}]" if ":" in hosting.shown_host else hosting.shown_host
            self.urls[seat] = f"http://{shown}:{port}/?token={code}"

    @property
    def open_pages(self) -> int:
        """Browsers playing a seat now (each one a ``join`` process)."""
        return sum(server.tables for server in self._servers)

    async def stop(self) -> None:
        for server in self._servers:
            await server.stop()
        self._servers = []
