"""Faults between a seat and its host: a small proxy in the test that delays what the host
sends and drops every connection at will.  The seat's link (``net.ui.link.SeatLink``, what
a seat screen runs) reconnects by itself in each phase of the game and finds its own view
of the game as it stands; nothing acted on is lost."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from boardgames.net.client import RoomClient
from boardgames.net.protocol import HostMessage, Sync
from boardgames.net.server import address
from boardgames.net.ui.link import SeatLink

from .helpers import BOUND, joined, plate_for, serving, vntypl8s_room


class FaultProxy:
    """TCP from a seat to the host through this test: ``delay`` seconds on every chunk the
    host sends, and ``drop()`` cuts every connection (the seat's network went away)."""

    def __init__(self, target: int, delay: float = 0.0) -> None:
        self.target = target
        self.delay = delay
        self.port = 0
        self.drops = 0
        self._server: asyncio.Server | None = None
        self._writers: list[asyncio.StreamWriter] = []

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._pair, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _pair(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self._writers += [writer, up_writer]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter, delay: float) -> None:
            with contextlib.suppress(ConnectionError, OSError):
                while data := await src.read(65536):
                    if delay:
                        await asyncio.sleep(delay)  # the fault injected: a slow network
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer, 0.0), pipe(up_reader, writer, self.delay))

    def drop(self) -> None:
        self.drops += 1
        for writer in self._writers:
            writer.transport.abort()
        self._writers = []

    async def stop(self) -> None:
        self.drop()
        if self._server is not None:
            self._server.close()


class Followed:
    """What a seat's link hands over: every message, and its status lines."""

    def __init__(self) -> None:
        self.messages: list[HostMessage] = []
        self.statuses: list[str | None] = []
        self.changed = asyncio.Event()

    def take(self, message: HostMessage) -> None:
        self.messages.append(message)
        self.changed.set()

    def status(self, text: str | None) -> None:
        self.statuses.append(text)
        self.changed.set()

    async def until(self, done: Any) -> None:
        async with asyncio.timeout(BOUND):
            while not done():
                self.changed.clear()
                await self.changed.wait()


async def test_a_seat_behind_a_bad_network_reconnects_in_every_phase_and_loses_nothing() -> None:
    from boardgames.vntypl8s.engine import Buzz, Phase, SubmitPlate

    room = vntypl8s_room(players=3, seed=7)
    async with serving(room) as server, joined(server, 0) as ann, joined(server, 2) as cy:
        proxy = FaultProxy(server.port, delay=0.01)
        await proxy.start()
        bob = RoomClient(address("127.0.0.1", proxy.port, room.codes[1]), room.net)
        await bob.connect()
        seen = Followed()
        link = SeatLink(bob, seen.take, seen.status)
        following = asyncio.create_task(link.follow())
        try:

            def back() -> bool:
                return seen.statuses[-1:] == [None] and bob.state_id == room.state_id and room.connected(1)

            def drop_and_wait() -> Any:
                before = len([m for m in seen.messages if isinstance(m, Sync)])
                proxy.drop()
                return seen.until(lambda: back() and len([m for m in seen.messages if isinstance(m, Sync)]) > before)

            # writing: Ann's plate, then the network drops while it is Bob's turn to write
            await ann.act(SubmitPlate(0, plate_for(ann.view, 0)))
            await seen.until(lambda: bob.state_id == 1)
            await drop_and_wait()
            assert bob.view == room.engine.view(1) and seen.statuses[0] is not None  # said, then back
            await bob.act(SubmitPlate(1, plate_for(bob.view, 1)))
            await seen.until(lambda: bob.state_id == 2)
            await drop_and_wait()  # dropped just after acting: the plate stands
            assert room.engine.view(None).players[1].done_writing
            await cy.act(SubmitPlate(2, plate_for(cy.view, 2)))
            await seen.until(lambda: bob.view.phase is Phase.GUESSING)
            # guessing: dropped while the plate is up, then Bob buzzes from where he is
            await drop_and_wait()
            assert bob.view == room.engine.view(1)
            if bob.view.may_buzz(1):
                await bob.act(Buzz(1))
                await seen.until(lambda: room.engine.view(None).buzzer == 1 and bob.view.buzzer == 1)
                await drop_and_wait()  # dropped holding the buzz: it is still his
                assert room.engine.view(None).buzzer == 1 and bob.view == room.engine.view(1)
            assert proxy.drops >= 3
            assert bob.log == [e for e in room.log if e.audience is None or 1 in e.audience]
        finally:
            await link.close()
            following.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await following
            await proxy.stop()
