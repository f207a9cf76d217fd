"""A seat's end of a room: connect with a join address, follow the game, send actions.

The address is ``boardgames://HOST:PORT/CODE`` (``server.address``): the host's name or
IP (IPv6 in brackets), its port, and the seat's secret code, in one string a player can
paste.  ``RoomClient`` says hello with the code, keeps what the host last said (the
view, the log, the ``state_id``, who is connected, the timers, each countdown's local
deadline) and hands every message to its caller as it comes (``async for message in
client``), with the game's values rebuilt; ``act`` sends an action made against the
``state_id`` the client last saw.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, Final

import aiohttp
from msgspec.structs import replace

from boardgames.net.netgame import NetGame
from boardgames.net.protocol import (
    MAX_DRAFT,
    MAX_HOST_BYTES,
    Act,
    Countdown,
    Deadlines,
    Draft,
    Hello,
    HostMessage,
    Presence,
    ProtocolError,
    Refused,
    Seating,
    Sync,
    Update,
    decode_host,
    encode,
)
from boardgames.net.server import PATH, SCHEME
from boardgames.net.values import WireValueError, to_wire, value_from_wire

_ADDRESS: Final = re.compile(
    rf"{SCHEME}://(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(?P<port>[0-9]{{1,5}})/(?P<code>[A-Za-z0-9_-]{{8,64}})/?"
)


class BadAddress(ValueError):
    """A join address that is not ``boardgames://HOST:PORT/CODE``."""


class JoinRefused(Exception):
    """The host turned the connection down (a wrong code, another version...): ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def parse_address(text: str) -> tuple[str, int, str]:
    """``(host, port, code)`` of a join address (``BadAddress`` in words otherwise)."""
    match = _ADDRESS.fullmatch(text.strip())
    if match is None:
        raise BadAddress(f"a join address looks like {SCHEME}://192.168.1.20:8765/CODE, as the host shows it")
    port = int(match["port"])
    if not 0 < port < 65536:
        raise BadAddress(f"port {port} is not a port")
    return match["host"].strip("[]"), port, match["code"]


class RoomClient:
    """One connection to a room (module docstring).  ``clock`` turns countdowns into deadlines."""

    def __init__(
        self, address: str, net: NetGame | None = None, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.host, self.port, self.code = parse_address(address)
        #: The title played (``None`` until the first sync names it: ``boardgames join`` knows
        #: only the address, and the host says which game it plays).
        self.net = net
        self.clock = clock
        self.seat: int | None = None
        self.state_id = -1
        self.view: Any = None
        self.log: list[object] = []
        self.seating: tuple[Seating, ...] = ()
        #: Each running timer's deadline on this client's clock (``None`` while it is paused).
        self.deadlines: dict[str, float | None] = {}
        self.countdowns: tuple[Countdown, ...] = ()
        self._session: aiohttp.ClientSession | None = None
        self._websocket: aiohttp.ClientWebSocketResponse | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{PATH}"

    async def connect(self) -> Sync:
        """Say hello and wait for the sync (``JoinRefused`` if the host says no)."""
        await self.close()
        self._session = aiohttp.ClientSession()
        self._websocket = await self._session.ws_connect(self.url, max_msg_size=MAX_HOST_BYTES, heartbeat=20.0)
        await self._websocket.send_str(encode(Hello(self.code)).decode())
        first = await self.receive()
        if isinstance(first, Refused):
            await self.close()
            raise JoinRefused(first.reason)
        if not isinstance(first, Sync):
            await self.close()
            raise JoinRefused("the host did not send the game")
        return first

    async def act(self, action: object) -> None:
        """Send *action*, made against the state this client last saw."""
        assert self._websocket is not None, "connect() first"
        await self._websocket.send_str(encode(Act(self.state_id, to_wire(action))).decode())

    async def draft(self, text: str) -> None:
        """Tell the host what this seat has typed so far (a timer that takes drafts: P33)."""
        assert self._websocket is not None, "connect() first"
        await self._websocket.send_str(encode(Draft(text[:MAX_DRAFT])).decode())

    async def receive(self) -> HostMessage:
        """The next message from the host, its values rebuilt and this client's state updated.

        ``ConnectionError`` when the connection is closed; ``ProtocolError`` (a ``ValueError``)
        when the host sent something that is not a message of ours.
        """
        assert self._websocket is not None, "connect() first"
        message = await self._websocket.receive()
        if message.type is not aiohttp.WSMsgType.TEXT:
            raise ConnectionError("the host closed the connection")
        return self._take(decode_host(message.data))

    async def __aiter__(self) -> AsyncIterator[HostMessage]:
        while True:
            try:
                yield await self.receive()
            except ConnectionError:
                return

    async def close(self) -> None:
        if self._websocket is not None:
            await self._websocket.close()
            self._websocket = None
        if self._session is not None:
            await self._session.close()
            self._session = None

    def _value(self, data: Any) -> Any:
        if self.net is None:
            raise ProtocolError("the host sent a game value before saying which game it plays")
        try:
            return value_from_wire(data, self.net.value_classes, self.net.interned)
        except WireValueError as exc:
            raise ProtocolError(f"the host sent a value that is not this game's ({exc})") from None

    def _take(self, message: HostMessage) -> HostMessage:
        if isinstance(message, Sync):
            net = self.net
            if net is None:
                from boardgames.net.titles import net_for  # noqa: PLC0415 - the title the host names

                try:
                    net = self.net = net_for(message.game)
                except KeyError:
                    raise ProtocolError(
                        f"the host plays {message.game[:20]!r}, a game this boardgames cannot join"
                    ) from None
            if message.game != net.spec.key:
                raise ProtocolError(f"the host plays {message.game[:20]!r}, not {net.spec.key!r}")
            message = replace(message, view=self._value(message.view), log=tuple(self._value(e) for e in message.log))
            self.seat, self.state_id, self.view = message.seat, message.state_id, message.view
            self.log = list(message.log)
            self.seating = message.seating
            self._countdowns(message.deadlines)
        elif isinstance(message, Update):
            message = replace(
                message, view=self._value(message.view), events=tuple(self._value(e) for e in message.events)
            )
            self.state_id, self.view = message.state_id, message.view
            self.log.extend(message.events)
        elif isinstance(message, Presence):
            self.seating = message.seating
        elif isinstance(message, Deadlines):
            self._countdowns(message.countdowns)
        return message

    def _countdowns(self, countdowns: tuple[Countdown, ...]) -> None:
        now = self.clock()
        self.countdowns = countdowns
        self.deadlines = {c.key: now + c.remaining if c.running else None for c in countdowns}
