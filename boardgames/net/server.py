"""A ``Room`` on the network: an aiohttp websocket server, safe by default.

- It listens on 127.0.0.1 unless told otherwise (``host``: ``0.0.0.0`` for ``--lan``).
- A connection's first message must be a ``Hello`` with a seat's (or the table's) code,
  within ``HELLO_SECONDS``; a wrong code is refused and the connection closed.
- A browser always sends ``Origin``: one that is not this server's own page is refused
  before the handshake, so no other web site can open the room from a player's browser.
  A terminal client sends none.
- Every message is at most ``MAX_CLIENT_BYTES`` (aiohttp closes the connection on a bigger
  one), is decoded strictly (``protocol.decode_client``) and counts against the
  connection's rate (``RATE`` a second, ``BURST`` at once): a message not ours, or a
  flood, is answered with one fatal ``Refused`` and the connection is closed.
- What the room sends each connection goes through that connection's own queue, in the
  order the room decided it, so a slow reader never reorders another's updates; a
  reader too slow to keep ``MAX_QUEUED`` messages is let go (it rejoins with a sync).
- One device per seat: a second connection with a seat's code replaces the first (a
  client reconnecting after a drop); the table's code may be open on several screens.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterable
from typing import Final

from aiohttp import WSCloseCode, WSMsgType, web

from boardgames.common.listening import listen, same_origin
from boardgames.net.protocol import (
    MAX_CLIENT_BYTES,
    PROTOCOL_VERSION,
    Act,
    Draft,
    Hello,
    ProtocolError,
    Refused,
    decode_client,
    encode,
)
from boardgames.net.room import TABLE, UNKNOWN_CODE, Outgoing, Recipient, Room, UnknownCode

#: Seconds a new connection has to say who it is.
HELLO_SECONDS: Final = 10.0
#: Messages a second a connection may send on average, and at once (a player sends a few
#: a minute; a burst of keys a few at once).
RATE: Final = 10.0
BURST: Final = 30
#: Messages waiting to be sent to one connection before it is let go as too slow.
MAX_QUEUED: Final = 256
#: Table connections at once (screens watching the public view).
MAX_TABLES: Final = 8
#: The websocket's path.
PATH: Final = "/play"
SCHEME: Final = "boardgames"


def address(host: str, port: int, code: str) -> str:
    """The join address of a seat: ``boardgames://HOST:PORT/CODE`` (IPv6 in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"{SCHEME}://{shown}:{port}/{code}"


class _Bucket:
    """A token bucket: *burst* messages at once, refilled at *rate* a second."""

    __slots__ = ("at", "burst", "rate", "tokens")

    def __init__(self, now: float, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = self.burst
        self.at = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class _Connection:
    """One websocket and the queue of what is still to be sent to it."""

    def __init__(self, websocket: web.WebSocketResponse, code: str, who: Recipient) -> None:
        self.websocket = websocket
        self.code = code
        self.who = who
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.sender: asyncio.Task[None] | None = None

    def put(self, data: bytes | None) -> bool:
        """Queue *data* (``None``: close after what is queued); false when the reader is too slow."""
        if self.queue.qsize() >= MAX_QUEUED:
            return False
        self.queue.put_nowait(data)
        return True

    async def send_all(self) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):  # the peer went away
            while (data := await self.queue.get()) is not None:
                await self.websocket.send_str(data.decode())
        await self.websocket.close()


class RoomServer:
    """The room's websocket endpoint (module docstring); ``clock`` is the room's time."""

    def __init__(
        self,
        room: Room,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        clock: Callable[[], float] = time.monotonic,
        rate: float = RATE,
        burst: int = BURST,
    ) -> None:
        self.room = room
        self.rate = rate
        self.burst = burst
        self.host = host
        self.port = port
        self.clock = clock
        self._connections: dict[Recipient, list[_Connection]] = {}
        self._runner: web.AppRunner | None = None
        self._wake = asyncio.Event()
        self._timers: asyncio.Task[None] | None = None
        #: Called after every change the room sent out (the host's table screen redraws).
        self.on_change: Callable[[], None] | None = None

    # ------------------------------------------------------------------ running

    def make_app(self) -> web.Application:
        app = web.Application()
        app.add_routes([web.get(PATH, self.handle)])
        return app

    async def start(self) -> int:
        """Listen; the port (the real one when asked for 0).  ``CannotListen`` if it cannot be had."""
        runner = await listen(self.make_app(), self.host, self.port, shutdown_timeout=1.0)
        self._runner = runner
        for bound in runner.addresses:
            if isinstance(bound, tuple) and len(bound) >= 2:
                self.port = int(bound[1])
                break
        self._timers = asyncio.create_task(self._run_timers())
        return self.port

    @property
    def listening(self) -> bool:
        """Whether ``start`` took the port (and ``stop`` has not let it go)."""
        return self._runner is not None

    def address(self, who: Recipient) -> str:
        """The join address for a seat (or ``TABLE``)."""
        code = self.room.table_code if who is TABLE else self.room.codes[who]
        return address(self.host, self.port, code)

    async def stop(self) -> None:
        if self._timers is not None:
            self._timers.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._timers
            self._timers = None
        for connection in [c for cs in self._connections.values() for c in cs]:
            connection.put(None)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _run_timers(self) -> None:
        """Tick the room when its next timer runs out, or when a call may have started one."""
        while True:
            now = self.clock()
            deadline = self.room.next_deadline(now)
            self._wake.clear()
            if deadline is not None and deadline <= now:
                self._send(self.room.tick(now))
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), None if deadline is None else deadline - now)

    # ------------------------------------------------------------------ one connection

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        origin = request.headers.get("Origin")
        if origin is not None and not same_origin(origin, request.host):
            raise web.HTTPForbidden(text="This room only plays from its own pages.\n")
        websocket = web.WebSocketResponse(max_msg_size=MAX_CLIENT_BYTES, heartbeat=20.0)
        await websocket.prepare(request)
        hello = await self._hello(websocket)
        if hello is None:
            return websocket
        connection = await self._join(websocket, hello)
        if connection is None:
            return websocket
        try:
            await self._serve(connection)
        finally:
            self._leave(connection)
        if connection.sender is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await connection.sender
        return websocket

    async def _hello(self, websocket: web.WebSocketResponse) -> Hello | None:
        try:
            message = await websocket.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            await self._refuse(websocket, "Say hello with a seat's code first.")
            return None
        if message.type is not WSMsgType.TEXT:
            await websocket.close()
            return None
        try:
            hello = decode_client(message.data)
        except ProtocolError as exc:
            await self._refuse(websocket, f"This is not a boardgames client ({exc}).")
            return None
        if not isinstance(hello, Hello):
            await self._refuse(websocket, "Say hello with a seat's code first.")
            return None
        if hello.version != PROTOCOL_VERSION:
            await self._refuse(websocket, "This host plays another version of boardgames: use the same one.")
            return None
        return hello

    async def _join(self, websocket: web.WebSocketResponse, hello: Hello) -> _Connection | None:
        try:
            who = self.room.recipient(hello.code)
        except UnknownCode:
            await self._refuse(websocket, UNKNOWN_CODE)
            return None
        others = self._connections.setdefault(who, [])
        if who is TABLE and len(others) >= MAX_TABLES:
            await self._refuse(websocket, f"The table is already shown on {MAX_TABLES} screens.")
            return None
        replaced = list(others) if who is not TABLE else []
        connection = _Connection(websocket, hello.code, who)
        connection.sender = asyncio.create_task(connection.send_all())
        others.append(connection)
        sync, told = self.room.join(hello.code, self.clock())
        connection.put(encode(sync))
        self._send(told)
        for old in replaced:
            self._leave(old)  # after the join: a seat taken over by its new device is never shown away
        return connection

    async def _serve(self, connection: _Connection) -> None:
        bucket = _Bucket(self.clock(), self.rate, self.burst)
        async for message in connection.websocket:
            if connection not in self._connections.get(connection.who, []):
                return  # replaced by the seat's newer connection
            if message.type is not WSMsgType.TEXT:
                self._fatal(connection, "Messages are JSON text.")
                return
            if not bucket.take(self.clock()):
                self._fatal(connection, "Too many messages: this connection is closed.")
                return
            try:
                act = decode_client(message.data)
            except ProtocolError as exc:
                self._fatal(connection, f"That is not a message of ours ({exc}).")
                return
            if isinstance(act, Draft):
                self.room.draft(connection.code, act.text, self.clock())  # answers nothing: no redraw
                continue
            if not isinstance(act, Act):
                self._fatal(connection, "This connection already said hello.")
                return
            self._send(self.room.submit(connection.code, act.state_id, act.action, self.clock()))

    def _leave(self, connection: _Connection) -> None:
        """*connection* is done: its sender closes it after what is queued; the room is told once."""
        connections = self._connections.get(connection.who, [])
        if connection not in connections:
            return
        connections.remove(connection)
        if not connection.put(None) and connection.sender is not None:
            connection.sender.cancel()  # too slow even to be told: closed as it is
        self._send(self.room.leave(connection.code, self.clock()))

    # ------------------------------------------------------------------ sending

    def _send(self, outgoing: Iterable[Outgoing]) -> None:
        """Queue each message for its recipient's connections, in the room's order."""
        encoded: dict[int, bytes] = {}
        slow: list[_Connection] = []
        for who, message in outgoing:
            for connection in self._connections.get(who, []):
                data = encoded.get(id(message))
                if data is None:
                    data = encoded[id(message)] = encode(message)
                if not connection.put(data):
                    slow.append(connection)
        for connection in slow:
            self._leave(connection)
        self._wake.set()
        if self.on_change is not None:
            self.on_change()

    def _fatal(self, connection: _Connection, reason: str) -> None:
        connection.put(encode(Refused(reason, self.room.state_id, fatal=True)))
        self._leave(connection)

    async def _refuse(self, websocket: web.WebSocketResponse, reason: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await websocket.send_str(encode(Refused(reason, self.room.state_id, fatal=True)).decode())
        await websocket.close(code=WSCloseCode.POLICY_VIOLATION)
