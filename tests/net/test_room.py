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
    """P33 with writers in turn (host --in-turn, P13): each has the whole time (P17), on the host's clock, paused while they are away."""
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


def test_p33_writers_at_once_share_one_timer_and_time_up_hands_in_each_last_draft() -> None:
    """P33: every writer writes at once against one shared time on the host's clock, paused
    while a writer still writing is away; when it runs out each writer's last legal draft is
    handed in as it stood, and a writer with none (or an illegal one) has no plate."""
    from boardgames.vntypl8s.engine import PlateForfeited, PlateSubmitted, SubmitPlate, Writing

    clock = ManualClock()
    room = vntypl8s_room(players=4, timer=60, clock=clock, at_once=True)
    assert room.engine.writing is Writing.AT_ONCE and room.engine.actors() == frozenset({0, 1, 2, 3})
    for seat in range(4):
        room.join(room.codes[seat], clock.now)
    (shared,) = room.countdowns(clock.now)
    assert shared.seats == (0, 1, 2, 3) and shared.running and shared.remaining == 60
    # Cy hands in first, out of the clockwise order: taken, and the same timer runs on for the rest
    clock.now += 10
    told = room.submit(room.codes[2], 0, to_wire(SubmitPlate(2, plate_for(room.engine.view(2), 2))), clock.now)
    assert any(isinstance(m, Update) for _, m in told) and room.state_id == 1
    (shared,) = room.countdowns(clock.now)
    assert shared.seats == (0, 1, 3) and shared.remaining == pytest.approx(50)
    # drafts: Ann's is legal, Bob's breaks a rule, Dee sends none; nobody is told of any
    ann = plate_for(room.engine.view(0), 0)
    assert room.draft(room.codes[0], "ZZZ", clock.now) is None
    room.draft(room.codes[0], ann, clock.now)  # the last one counts
    room.draft(room.codes[1], "AEIOU", clock.now)
    room.draft(room.table_code, "QQQ", clock.now)  # the table writes nothing: dropped
    assert "QQQ" not in repr(room.sync(TABLE, clock.now)) and ann not in repr(room.sync(1, clock.now))
    clock.now += 20
    room.leave(room.codes[3], clock.now)  # Dee is away: the shared time waits for her
    clock.now += 1000
    assert room.tick(clock.now) == []
    room.join(room.codes[3], clock.now)
    clock.now += 30
    told = room.tick(clock.now)
    assert any(isinstance(m, Update) for _, m in told)
    handed = [e for e in room.log if isinstance(e, PlateSubmitted)]
    assert [(e.player, e.timed_out) for e in handed] == [(2, False), (0, True)]
    assert [e.player for e in room.log if isinstance(e, PlateForfeited)] == [1, 3]
    assert room.engine.view(None).phase.value == "guessing" and room.engine.view(None).turns == (0, 2)
    assert room.countdowns(clock.now) == ()  # no writing time once the grid is dealt


def test_p33_a_draft_is_kept_only_for_the_running_timer_that_waits_for_its_writer() -> None:
    from boardgames.vntypl8s.engine import SubmitPlate

    clock = ManualClock()
    room = vntypl8s_room(players=3, timer=60, clock=clock, at_once=True)
    room.draft(room.codes[0], "ZZZ", clock.now)  # nobody here yet: kept all the same for the round's timer
    plate = plate_for(room.engine.view(0), 0)
    room.submit(room.codes[0], 0, to_wire(SubmitPlate(0, plate)), clock.now)
    room.draft(room.codes[0], "QQQ", clock.now)  # Ann is done: no timer waits for her, dropped
    untimed = vntypl8s_room(players=3, at_once=True)
    untimed.draft(untimed.codes[0], "ZZZ", 0.0)  # no time runs at all: nothing to keep it for
    assert untimed._drafts == {} and room._drafts == {"writing:1": {0: "ZZZ"}}
