"""Vowl across devices (V34): whole games between clients over loopback, each acting from its
own view and its view equal to the engine's ``view(seat)`` after every message; the other
racer's pile never on the wire before it is public; a racer's timer pauses while they are away."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from boardgames.common.game import visible_to
from boardgames.net.client import RoomClient
from boardgames.net.protocol import Deadlines, Presence, Refused, Update
from boardgames.net.values import to_wire
from boardgames.vowl.actions import Answer, Buzz, Racing, StartRun, TimeUp
from boardgames.vowl.events import RaceDecided, RaceTied
from boardgames.vowl.kinds import Mode, Phase

from .helpers import BOUND, ManualClock, joined, next_message, serving, until
from .test_play import FAST, follow
from .vowl_players import vowl_choice, vowl_room


def over(view: Any) -> bool:
    return view.outcome is not None


async def test_a_whole_vowl_game_between_three_clients_with_a_race_at_once() -> None:
    room = vowl_room(("Ann Lee", "Bob Roy", "Cy Diaz"), seed=4)
    async with (
        serving(room, **FAST) as server,
        joined(server, 0) as ann,
        joined(server, 1) as bob,
        joined(server, 2) as cy,
        joined(server, None) as table,
    ):
        async with asyncio.timeout(BOUND * 4):
            await asyncio.gather(*(follow(c, room, vowl_choice, over, i) for i, c in enumerate((ann, bob, cy))))
        assert room.engine.outcome() is not None
        races = [e for e in room.log if isinstance(e, RaceDecided | RaceTied)]
        assert races, "no head-to-head race in this game: pick another seed"
        for client in (ann, bob, cy):
            assert client.log == [e for e in room.log if visible_to(e, client.seat)][: len(client.log)]
        async with asyncio.timeout(BOUND):
            while table.state_id != room.state_id:
                await table.receive()
        assert table.view == room.engine.view(None)


def test_both_racers_race_at_once_each_on_the_hosts_clock() -> None:
    """Pure room: both piles in play at once; each answer's time is the host's for that racer."""
    clock = ManualClock()
    room, ann, bob = race_room(clock)
    assert room.engine.view(None).phase is Phase.READY and room.engine.actors() == {0, 1}
    submit(room, ann, Racing(0, StartRun()), clock)
    clock.now += 3.0
    submit(room, bob, Racing(1, StartRun()), clock)
    clock.now += 2.0
    card = room.engine.view(0).active_run.current
    told = submit(room, ann, Racing(0, Answer(card.answers[0], 0.1)), clock)  # the client's own time is not used
    assert not any(isinstance(m, Refused) for _, m in told)
    assert room.engine.view(0).answer.min_elapsed == pytest.approx(5.0)
    card = room.engine.view(1).active_run.current
    submit(room, bob, Racing(1, Answer(card.answers[0], 20.0)), clock)
    assert room.engine.view(1).answer.min_elapsed == pytest.approx(2.0)  # from Bob's own flip


def test_a_racers_timer_pauses_while_they_are_away() -> None:
    clock = ManualClock()
    room, ann, bob = race_room(clock)
    submit(room, ann, Racing(0, StartRun()), clock)
    submit(room, bob, Racing(1, StartRun()), clock)
    clock.now += 4.0
    told = room.leave(bob, clock.now)  # Bob's connection drops mid-race
    countdowns = next(m for _, m in told if isinstance(m, Deadlines)).countdowns
    paused = {c.seats: c for c in countdowns}
    assert not paused[(1,)].running and paused[(1,)].remaining == pytest.approx(21.0)
    assert paused[(0,)].running
    clock.now += 100.0  # far past Ann's time; Bob's waits for him
    room.tick(clock.now)
    view = room.engine.view(None)
    assert next(r for r in view.runs if r.runner == 0).finished
    assert not next(r for r in view.runs if r.runner == 1).finished
    room.join(bob, clock.now)
    clock.now += 1.0
    card = room.engine.view(1).active_run.current
    submit(room, bob, Racing(1, Answer(card.answers[0], 0.0)), clock)
    assert room.engine.view(1).answer.min_elapsed == pytest.approx(5.0)  # 4 s before the drop, 1 s after


def test_a_tie_goes_to_sudden_death_and_the_first_buzz_to_arrive_holds_it() -> None:
    clock = ManualClock()
    room, ann, bob = race_room(clock)
    submit(room, ann, Racing(0, StartRun()), clock)
    submit(room, bob, Racing(1, StartRun()), clock)
    clock.now += 26.0
    room.tick(clock.now)  # both sand timers run out, nobody solved a card: a tie
    assert any(isinstance(e, RaceTied) for e in room.log)
    assert room.engine.phase is Phase.SUDDEN_DEATH_READY
    submit(room, ann, Racing(0, StartRun()), clock)
    submit(room, bob, Racing(1, StartRun()), clock)
    assert room.engine.phase is Phase.SUDDEN_DEATH
    seen = room.state_id
    first = submit(room, bob, Buzz(1), clock, state_id=seen)
    late = submit(room, ann, Buzz(0), clock, state_id=seen)  # made against the same state, arrived second
    assert not any(isinstance(m, Refused) for _, m in first)
    assert [m.reason for _, m in late if isinstance(m, Refused)] == ["The game moved on since you saw it: look again."]
    assert room.engine.view(None).sudden_death.buzzer == 1
    keys = {c.key.split(":")[0]: c for c in room.countdowns(clock.now)}
    assert not keys["card"].running and keys["buzz"].running  # V29: the card's sand stands still
    clock.now += 11.0
    room.tick(clock.now)  # the buzz ran out on the host: Bob is locked out
    assert room.engine.view(None).sudden_death.locked_out == (1,)
    assert {c.key.split(":")[0]: c for c in room.countdowns(clock.now)}["card"].running


def test_time_running_out_is_the_hosts_alone() -> None:
    clock = ManualClock()
    room, ann, _ = race_room(clock)
    submit(room, ann, Racing(0, StartRun()), clock)
    told = submit(room, ann, Racing(0, TimeUp()), clock)
    assert [m.reason for _, m in told if isinstance(m, Refused)] == ["Only the host's clock says when time runs out."]
    told = submit(room, ann, Racing(1, StartRun()), clock)
    assert [m.reason for _, m in told if isinstance(m, Refused)] == ["You can only make your own moves."]


async def test_a_client_never_receives_the_other_racers_pile_before_it_is_public() -> None:
    """Everything sent to Ann while Bob races (every view, event and sync, as JSON) holds none of
    Bob's cards until both piles are done; asked for again by reconnecting, it still does not."""
    clock = ManualClock()
    room, _, _ = race_room(clock, connect=False)
    async with serving(room, clock=clock, **FAST) as server:
        ann, bob = RoomClient(server.address(0), room.net), RoomClient(server.address(1), room.net)
        raw: list[str] = []
        sync = await ann.connect()
        raw.append(str(to_wire(sync.view)))
        await bob.connect()
        bobs = {c.skeleton for place, c in room.engine.card_places() if place.startswith("Bob Roy's")}
        assert bobs and not any(f"'{s}'" in raw[0] for s in bobs)
        await ann.act(Racing(0, StartRun()))
        await bob.act(Racing(1, StartRun()))
        while room.engine.phase is Phase.SOLVING and 1 in room.engine.actors():
            card = bob.view.active_run.current
            if card is None:
                break
            await bob.act(Racing(1, Answer(card.answers[0], 0.0)))
            message = await next_message(ann, Update)
            if room.engine.view(None).runs[0].visible:
                break
            raw.append(repr(message))
            await next_message(bob, Update)
        await ann.close()
        sync = await ann.connect()  # a full sync: all Ann may know
        if not room.engine.view(None).runs[1].visible:
            raw.append(repr(sync))
        await ann.close()
        await bob.close()
    text = "\n".join(raw)
    leaked = sorted(s for s in bobs if f"'{s}'" in text or f'"{s}"' in text)
    assert not leaked, f"Bob's cards reached Ann: {leaked}"


# --------------------------------------------------------------------------- helpers


def race_room(clock: ManualClock, *, connect: bool = True) -> tuple[Any, str, str]:
    """A two-player room at a head-to-head race (a seed whose first turn is one), both seats here."""
    for seed in range(200):
        room = vowl_room(seed=seed, clock=clock)
        ann, bob = room.codes[0], room.codes[1]
        room.join(ann, clock.now)
        room.join(bob, clock.now)
        roll_and_place(room, clock)
        view = room.engine.view(None)
        if view.mode is Mode.HEAD_TO_HEAD and view.phase is Phase.READY and all(r.total for r in view.runs):
            if not connect:
                room.leave(ann, clock.now)
                room.leave(bob, clock.now)
            return room, ann, bob
    raise AssertionError("no seed starts with a head-to-head race")


def roll_and_place(room: Any, clock: ManualClock) -> None:
    """Roll, then place any extra cards under the pile, as the seats would."""
    from boardgames.vowl.actions import PlaceExtras, Roll

    code = room.codes[room.engine.current_player]
    submit(room, code, Roll(), clock)
    while room.engine.phase is Phase.PLACE_EXTRAS:
        owner = room.engine.view(None).extras_owner
        submit(room, room.codes[owner], PlaceExtras(False), clock)


def submit(room: Any, code: str, action: object, clock: ManualClock, state_id: int | None = None) -> list[Any]:
    return room.submit(code, room.state_id if state_id is None else state_id, to_wire(action), clock.now)


async def test_a_racer_who_drops_mid_race_rejoins_their_own_pile_and_their_timer_waited() -> None:
    clock = ManualClock()
    room, _, _ = race_room(clock, connect=False)

    def bobs(client: RoomClient) -> Any:
        return next((c for c in client.countdowns if c.seats == (1,)), None)

    async with serving(room, clock=clock, **FAST) as server, joined(server, 0) as ann:
        bob = RoomClient(server.address(1), room.net)
        try:
            await bob.connect()
            await ann.act(Racing(0, StartRun()))
            await bob.act(Racing(1, StartRun()))
            await until(bob, lambda c: c.view.active_run is not None and c.view.active_run.current is not None)
            before = bob.view
            clock.now += 6.0
            await bob.close()  # Bob's connection drops mid-race
            away = await next_message(ann, Presence)
            assert not away.seating[1].connected
            await until(ann, lambda c: bobs(c) is not None and not bobs(c).running)
            assert bobs(ann).remaining == pytest.approx(19.0)
            assert any(c.running for c in ann.countdowns if c.seats == (0,))  # Ann's runs on
            clock.now += 300.0  # long gone: Bob's sand waits for him
            sync = await bob.connect()
            assert sync.seat == 1 and bob.view == room.expected[bob.state_id][1]
            assert bob.view.active_run == before.active_run  # the same pile, the same face-up card
            assert bobs(bob) is not None and bobs(bob).running
            assert bobs(bob).remaining == pytest.approx(19.0)
        finally:
            await bob.close()


def test_host_vowl_takes_vowls_options_and_races_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    from boardgames.cli import build_parser, main
    from boardgames.net.ui.commands import setup_from_args

    args = build_parser().parse_args(
        ["host", "vowl", "--players", "Ann Lee, Bob Roy", "--board", "advanced", "--timers", "15"]
    )
    setup = setup_from_args("vowl", args)
    assert setup.names == ("Ann Lee", "Bob Roy") and setup.timers == (15, 15) and setup.advanced
    assert setup.simultaneous  # V34: a device per racer
    assert main(["host", "vowl"]) == 2
    assert "--players" in capsys.readouterr().err
    assert main(["host", "vowl", "--players", "Ann Lee"]) == 2  # practice is for one terminal
