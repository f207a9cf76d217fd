"""The room alone, with no socket: who may act, stale states, presence and timers on a
clock the test moves."""

from __future__ import annotations

import pytest

from boardgames.net.protocol import Deadlines, Presence, Refused, Sync, Update
from boardgames.net.room import TABLE, Room, UnknownCode, new_code
from boardgames.net.values import to_wire

from .helpers import ManualClock, plate_for, uwo_room, vntypl8s_room


def refusal(told: list) -> str:
    assert len(told) == 1
    _, message = told[0]
    assert isinstance(message, Refused)
    return message.reason


def test_codes_are_long_distinct_and_only_theirs() -> None:
    room = uwo_room()
    codes = [*room.codes.values(), room.table_code]
    assert len(set(codes)) == 3 and all(len(c) >= 24 for c in codes)
    assert room.recipient(room.codes[1]) == 1 and room.recipient(room.table_code) is TABLE
    for wrong in (new_code(), "", room.codes[1][:-1]):
        with pytest.raises(UnknownCode):
            room.recipient(wrong)
    assert room.submit(new_code(), 0, None, 0.0) == []
    with pytest.raises(ValueError, match="code of its own"):
        Room(room.net, room.session, now=0.0, codes={0: "same", 1: "same"})


def test_only_the_seat_to_act_acts_and_only_on_the_state_it_saw() -> None:
    room = uwo_room()
    gnorfs, pnorfs = room.codes[0], room.codes[1]
    move = room.engine.view(0).legal[0]
    assert refusal(room.submit(pnorfs, 0, to_wire(move), 0.0)) == "It is not your turn."
    assert "moved on" in refusal(room.submit(gnorfs, 5, to_wire(move), 0.0))
    told = room.submit(gnorfs, 0, to_wire(move), 0.0)
    assert room.state_id == 1
    assert {who for who, _ in told} == {0, 1, TABLE}
    for who, message in told:
        assert isinstance(message, Update) and message.state_id == 1
        assert message.view == to_wire(room.engine.view(who))
    assert "moved on" in refusal(room.submit(gnorfs, 0, to_wire(room.engine.view(0).legal[0]), 0.0))
    assert "not a move" in refusal(room.submit(gnorfs, 1, {"$type": "Nothing"}, 0.0))


def test_a_sync_holds_the_seats_view_and_only_its_events() -> None:
    from boardgames.vntypl8s.engine import PlateSubmitted, SubmitPlate

    room = vntypl8s_room()
    plate = plate_for(room.engine.view(0), 0)
    room.submit(room.codes[0], 0, to_wire(SubmitPlate(0, plate)), 0.0)
    assert any(isinstance(e, PlateSubmitted) for e in room.log)
    mine, theirs = room.sync(0, 0.0), room.sync(1, 0.0)
    assert isinstance(mine, Sync) and mine.view == to_wire(room.engine.view(0))
    assert any(e.get("$type") == "PlateSubmitted" for e in mine.log)
    assert not any(e.get("$type") == "PlateSubmitted" for e in theirs.log)
    assert theirs.view == to_wire(room.engine.view(1)) and room.sync(TABLE, 0.0).view == to_wire(room.engine.view(None))


def test_a_plate_stands_on_its_own_but_a_buzz_does_not() -> None:
    from boardgames.vntypl8s.engine import SubmitPlate

    room = vntypl8s_room()
    for seat in range(3):  # every writer wrote against state 0: each plate is still taken
        room.submit(room.codes[seat], 0, to_wire(SubmitPlate(seat, plate_for(room.engine.view(seat), seat))), 0.0)
    assert room.state_id == 3 and room.engine.view(None).phase.value == "guessing"


def test_timers_run_on_the_callers_clock_and_pause_while_a_seat_is_away() -> None:
    """P33: each writer in turn has the whole time, on the host's clock, paused while they are away."""
    from boardgames.vntypl8s.engine import PlateForfeited

    clock = ManualClock()
    room = vntypl8s_room(timer=60, clock=clock)
    assert room.next_deadline(clock.now) is None  # nobody has joined: the timer waits
    for seat in (1, 2):
        room.join(room.codes[seat], clock.now)
    assert room.next_deadline(clock.now) is None  # Ann writes first, and she is not here
    sync, told = room.join(room.codes[0], clock.now)
    assert sync.deadlines[0].running and sync.deadlines[0].remaining == 60 and sync.deadlines[0].seats == (0,)
    assert room.next_deadline(clock.now) == clock.now + 60
    clock.now += 20
    told = room.leave(room.codes[0], clock.now)  # Ann drops: everyone is told, her timer pauses
    messages = [m for who, m in told if who == 1]
    assert any(isinstance(m, Presence) and not m.seating[0].connected for m in messages)
    paused = next(m for m in messages if isinstance(m, Deadlines)).countdowns[0]
    assert not paused.running and paused.remaining == pytest.approx(40)
    clock.now += 1000
    assert room.tick(clock.now) == [] and room.next_deadline(clock.now) is None
    room.join(room.codes[0], clock.now)  # back: 40 seconds left, as when she dropped
    assert room.next_deadline(clock.now) == pytest.approx(clock.now + 40)
    clock.now += 40
    told = room.tick(clock.now)
    assert room.state_id == 1 and any(isinstance(m, Update) for _, m in told)
    assert room.next_deadline(clock.now) == pytest.approx(clock.now + 60)  # Bob's turn: the whole time (P17)
    for _ in range(2):
        clock.now += 60
        room.tick(clock.now)
    assert len([e for e in room.log if isinstance(e, PlateForfeited)]) == 3 and room.state_id == 3
    assert room.engine.round == 2  # no plate at all: the round ended, the next one's timer runs
    assert room.next_deadline(clock.now) == pytest.approx(clock.now + 60)
