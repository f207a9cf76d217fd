"""A seat screen's connection to its host, kept up: every message handed to the screen,
and when the connection drops a reconnection with backoff (the host answers a rejoin
with a full sync) while the screen says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Final

import aiohttp

from boardgames.common.text import plain
from boardgames.net.client import JoinRefused, RoomClient
from boardgames.net.protocol import HostMessage, ProtocolError, Seating

#: Seconds before the first retry, the factor between retries, and the longest wait.
FIRST_RETRY: Final = 0.5
BACKOFF: Final = 2.0
LONGEST_RETRY: Final = 8.0
#: What connecting can fail with when no host (or no network) answers: tried again.
UNREACHABLE: Final = (OSError, aiohttp.ClientError, ConnectionError, TimeoutError)


def away_text(seating: tuple[Seating, ...], me: int | None, seen: set[int] | None = None) -> str | None:
    """ "Bob is reconnecting…" for every other seat without a device that had one (*seen*:
    the seats seen here; ``None``: every seat), "waiting for Cy to join" for the others;
    ``None`` when everyone is here."""
    away = [s for s in seating if not s.connected and s.seat != me]
    gone = [plain(s.name, 24) for s in away if seen is None or s.seat in seen]
    coming = [plain(s.name, 24) for s in away if seen is not None and s.seat not in seen]
    parts = []
    if gone:
        parts.append(f"{', '.join(gone)} {'is' if len(gone) == 1 else 'are'} reconnecting…")
    if coming:
        parts.append(f"waiting for {', '.join(coming)} to join")
    return "; ".join(parts) or None


class SeatLink:
    """A seat screen's connection: messages to *take*, reconnection said through *status*."""

    def __init__(
        self, client: RoomClient, take: Callable[[HostMessage], None], status: Callable[[str | None], None]
    ) -> None:
        self.client = client
        self.take = take
        self.status = status
        self.closed = False

    async def follow(self) -> None:
        """Every message until the screen goes; on a drop, reconnect with backoff."""
        while not self.closed:
            try:
                async for message in self.client:
                    self.take(message)
            except ProtocolError as exc:
                self.status(f"The host sent something this boardgames cannot read ({plain(exc, 120)}).")
                return
            except UNREACHABLE:
                pass
            if self.closed:
                return
            wait = FIRST_RETRY
            while not self.closed:
                self.status(f"The connection to the host was lost: reconnecting (in {wait:g} s)…")
                await asyncio.sleep(wait)
                wait = min(wait * BACKOFF, LONGEST_RETRY)
                try:
                    sync = await self.client.connect()
                except JoinRefused as exc:
                    self.status(f"The host turned this seat down: {plain(exc.reason, 200)}")
                    return
                except ProtocolError as exc:
                    self.status(f"The host sent something this boardgames cannot read ({plain(exc, 120)}).")
                    return
                except UNREACHABLE:
                    continue
                self.status(None)
                self.take(sync)
                break

    async def close(self) -> None:
        self.closed = True
        await self.client.close()
