"""A seat that drops rejoins with the same address and finds the game as it is; the
others are told it is away meanwhile, and the timers wait for it."""

from __future__ import annotations

import pytest

from boardgames.net.client import BadAddress, JoinRefused, RoomClient, parse_address
from boardgames.net.protocol import Deadlines, Presence, Update
from boardgames.net.room import new_code
from boardgames.net.server import address
from boardgames.net.values import to_wire

from .helpers import ManualClock, joined, next_message, plate_for, serving, uwo_room, vntypl8s_room


async def test_a_dropped_seat_rejoins_with_the_same_view_and_the_timer_waits_for_it() -> None:
    from boardgames.vntypl8s.engine import SubmitPlate

    clock = ManualClock()
    room = vntypl8s_room(timer=90, clock=clock)
    async with serving(room, clock=clock) as server, joined(server, 0) as ann, joined(server, 2) as cy:
        bob = RoomClient(server.address(1), room.net)
        await bob.connect()
        before = bob.view
        assert before == room.expected[bob.state_id][1]
        await ann.act(SubmitPlate(0, plate_for(ann.view, 0)))  # Bob writes next (P13): his timer runs (P33)
        await next_message(cy, Update)
        started = await next_message(cy, Deadlines)
        assert started.countdowns[0].seats == (1,) and started.countdowns[0].running
        clock.now += 30
        await bob.close()
        away = await next_message(cy, Presence)
        assert not away.seating[1].connected and away.seating[1].name == "Bob"
        paused = await next_message(cy, Deadlines)
        assert not paused.countdowns[0].running and paused.countdowns[0].remaining == pytest.approx(60)
        clock.now += 600  # far past the timer: it is paused
        sync = await bob.connect()
        assert sync.seat == 1 and sync.state_id == room.state_id == 1
        assert bob.view == room.engine.view(1) and bob.view.players[1].owner == before.players[1].owner
        assert bob.log == [e for e in room.log if e.audience is None or 1 in e.audience]
        back = await next_message(cy, Presence)
        assert back.seating[1].connected
        assert bob.deadlines and all(d is not None for d in bob.deadlines.values())
        assert room.engine.round == 1 and not room.engine.view(None).players[1].done_writing
        await bob.close()


async def test_a_second_device_with_a_seats_code_takes_the_seat_over() -> None:
    room = uwo_room()
    async with serving(room) as server, joined(server, 0) as first, joined(server, 0) as second:
        assert second.view == first.view == room.engine.view(0)
        with pytest.raises(ConnectionError):
            while True:
                message = await first.receive()  # the older connection is closed by the host
                away = isinstance(message, Presence) and not message.seating[0].connected
                assert not away, "the seat was shown away while taken over"
        assert room.connected(0)
        move = second.view.legal[0]
        await second.act(move)
        await next_message(second, Update)
        assert room.state_id == 1


async def test_a_wrong_code_is_refused_in_words() -> None:
    room = uwo_room()
    async with serving(room) as server:
        with pytest.raises(JoinRefused, match="not a seat"):
            await RoomClient(address("127.0.0.1", server.port, new_code()), room.net).connect()


def test_addresses() -> None:
    code = new_code()
    assert parse_address(address("127.0.0.1", 8765, code)) == ("127.0.0.1", 8765, code)
    assert parse_address(address("::1", 80, code)) == ("::1", 80, code)
    for bad in (
        "127.0.0.1:8765",
        f"http://127.0.0.1:8765/{code}",
        f"boardgames://h:0/{code}",
        "boardgames://h:8765/short",
        f"boardgames://h:99999/{code}",
        f"boardgames://h:1/{code}/../x",
    ):
        with pytest.raises(BadAddress):
            parse_address(bad)


async def test_a_host_resumed_from_its_save_takes_the_same_addresses_and_goes_on() -> None:
    from boardgames.common.session import GameSession
    from boardgames.net.titles import UwoNet
    from boardgames.uwo.spec import SPEC, UwoSetup

    from .helpers import RecordingRoom

    net = UwoNet()
    session = GameSession.start(SPEC, UwoSetup(), 11)
    room = RecordingRoom(net, session, now=0.0)
    for _ in range(3):
        seat = next(iter(room.engine.actors()))
        room.submit(room.codes[seat], room.state_id, to_wire(room.engine.view(seat).legal[0]), 0.0)
    assert room.state_id == 3
    before = {seat: room.engine.view(seat) for seat in (0, 1)}
    assert session.autosave is not None
    record = session.autosave.record
    session.close()  # the host is gone; its save is on disk

    resumed = GameSession.resume(SPEC, saved(record.id))
    again = RecordingRoom(net, resumed, now=0.0, codes=room.codes, table_code=room.table_code)
    assert again.state_id == 3
    async with serving(again) as server, joined(server, 0) as gnorfs:
        assert server.address(0).endswith(room.codes[0])
        assert gnorfs.view == before[0] and gnorfs.state_id == 3
        assert gnorfs.log == [e for e in again.log if e.audience is None or 0 in e.audience]
    resumed.close()


def saved(save_id: str) -> object:
    """The save as a new host process lists it."""
    from boardgames.common.saves import SaveStore

    [found] = [r for r in SaveStore().unfinished("uwo").records if r.id == save_id]
    return found
