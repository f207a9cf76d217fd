"""A seat that drops rejoins with the same address and finds the game as it is; the
others are told it is away meanwhile, and the timers wait for it."""

from __future__ import annotations

import pytest

from boardgames.net.client import BadAddress, JoinRefused, RoomClient, parse_address
from boardgames.net.protocol import Deadlines, Presence, Update
from boardgames.net.room import new_code
from boardgames.net.server import address

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
        await next_message(ann, Deadlines)  # the last writer came: the shared timer runs
        clock.now += 30
        await bob.close()
        away = await next_message(ann, Presence)
        assert not away.seating[1].connected and away.seating[1].name == "Bob"
        paused = await next_message(ann, Deadlines)
        assert not paused.countdowns[0].running and paused.countdowns[0].remaining == pytest.approx(60)
        await ann.act(SubmitPlate(0, plate_for(ann.view, 0)))  # the game goes on without him
        await next_message(cy, Update)
        clock.now += 600  # far past the timer: it is paused
        sync = await bob.connect()
        assert sync.seat == 1 and sync.state_id == room.state_id == 1
        assert bob.view == room.engine.view(1) and bob.view.players[1].owner == before.players[1].owner
        assert bob.log == [e for e in room.log if e.audience is None or 1 in e.audience]
        back = await next_message(ann, Presence)
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
                await first.receive()  # the older connection is closed by the host
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
    for bad in ("127.0.0.1:8765", f"http://127.0.0.1:8765/{code}", f"boardgames://h:0/{code}",
                "boardgames://h:8765/short", f"boardgames://h:99999/{code}", f"boardgames://h:1/{code}/../x"):
        with pytest.raises(BadAddress):
            parse_address(bad)
