"""Whole games over loopback: each client acts only from its own view, and after every
message its view is exactly the engine's ``view(seat)`` at that ``state_id``."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from boardgames.common.game import visible_to
from boardgames.net.client import RoomClient
from boardgames.net.protocol import Refused, Sync, Update

from .helpers import BOUND, RecordingRoom, joined, serving, uwo_choice, uwo_room, vntypl8s_choice, vntypl8s_room

FAST = {"rate": 1e6, "burst": 10**6}  # these clients are programs, not players


async def follow(
    client: RoomClient,
    room: RecordingRoom,
    choose: Callable[[Any, int, random.Random], object | None],
    done: Callable[[Any], bool],
    seed: int,
) -> int:
    """Play *client*'s seat until *done*; check every view it is sent; how many updates it saw."""
    rng = random.Random(seed)
    seat = client.seat
    assert seat is not None
    updates = 0
    acted_at = -1

    async def act() -> None:
        nonlocal acted_at
        action = choose(client.view, seat, rng)
        if action is not None:
            acted_at = client.state_id
            await client.act(action)

    assert client.view == room.expected[client.state_id][seat]
    await act()  # the sync came with connect()
    async for message in client:
        if isinstance(message, Sync | Update):
            updates += 1
            assert client.view == room.expected[client.state_id][seat]
            if isinstance(message, Update):
                assert all(visible_to(e, seat) for e in message.events)
        if done(client.view):
            return updates
        if isinstance(message, Refused):
            if message.state_id == client.state_id:
                await act()  # refused by the rules: try another; stale: the update is on its way
        elif isinstance(message, Sync | Update) and acted_at != client.state_id:
            await act()
    return updates


async def test_a_whole_uwo_duel_between_two_clients() -> None:
    room = uwo_room(seed=3)
    async with (
        serving(room, **FAST) as server,
        joined(server, 0) as gnorfs,
        joined(server, 1) as pnorfs,
        joined(server, None) as table,
    ):

        def over(view: Any) -> bool:
            return view.outcome is not None

        async with asyncio.timeout(BOUND * 3):
            await asyncio.gather(
                follow(gnorfs, room, uwo_choice, over, 1),
                follow(pnorfs, room, uwo_choice, over, 2),
            )
            async for _ in table:
                assert table.view == room.expected[table.state_id][None]
                if table.state_id == room.state_id:
                    break
    assert room.engine.outcome() is not None
    assert room.state_id > 20
    assert gnorfs.log == [e for e in room.log if visible_to(e, 0)]


async def test_a_vntypl8s_round_between_three_clients() -> None:
    from boardgames.vntypl8s.engine import RoundEnded

    room = vntypl8s_room(players=3, seed=5)

    def round_over(view: Any) -> bool:
        return view.round > 1 or view.outcome is not None

    async with (
        serving(room, **FAST) as server,
        joined(server, 0) as ann,
        joined(server, 1) as bob,
        joined(server, 2) as cy,
        joined(server, None) as table,
    ):
        async with asyncio.timeout(BOUND * 3):
            await asyncio.gather(
                *(follow(c, room, vntypl8s_choice, round_over, i) for i, c in enumerate((ann, bob, cy)))
            )
        for client in (ann, bob, cy):
            assert any(isinstance(e, RoundEnded) for e in client.log)
            seat = client.seat
            # every event of its own it was sent, and not one of another seat's secrets
            assert client.log == [e for e in room.log if visible_to(e, seat)][: len(client.log)]
        assert table.seat is None and table.view == room.expected[table.state_id][None]


async def test_p33_writers_write_at_the_same_time_and_time_up_hands_in_a_draft() -> None:
    """P33 over loopback: three writers hand in against the same state, in no order, and none
    is refused; with the round's shared time, the host hands in a writer's last draft when
    it runs out (as it stood, P17) and forfeits a writer who sent none."""
    from boardgames.vntypl8s.engine import Buzz, Phase, PlateForfeited, PlateSubmitted, SubmitPlate

    from .helpers import ManualClock, plate_for, until

    room = vntypl8s_room(players=3, seed=5, at_once=True)
    async with (
        serving(room, **FAST) as server,
        joined(server, 0) as ann,
        joined(server, 1) as bob,
        joined(server, 2) as cy,
    ):
        clients = (cy, ann, bob)  # sent in another order than clockwise, all against state 0
        for client in clients:
            assert client.seat in room.engine.actors()
        await asyncio.gather(*(c.act(SubmitPlate(c.seat, plate_for(c.view, c.seat))) for c in clients))
        for client in clients:
            seen: list[object] = []
            async with asyncio.timeout(BOUND):
                while client.view.phase is Phase.WRITING:
                    seen.append(await client.receive())
            assert not any(isinstance(m, Refused) for m in seen)
    assert room.state_id == 3 and {e.player for e in room.log if isinstance(e, PlateSubmitted)} == {0, 1, 2}

    clock = ManualClock()
    room = vntypl8s_room(players=3, seed=5, timer=60, clock=clock, at_once=True)
    async with (
        serving(room, clock=clock, **FAST) as server,
        joined(server, 0) as ann,
        joined(server, 1) as bob,
        joined(server, 2) as cy,
    ):
        await until(ann, lambda c: any(d.running for d in c.countdowns))
        draft = plate_for(ann.view, 0)
        await ann.draft("ZZ")
        await ann.draft(draft)  # the last one counts
        await ann.act(Buzz(0))  # refused: once it is, the host has read the drafts sent before it
        await next_refusal(ann)
        await cy.act(SubmitPlate(2, plate_for(cy.view, 2)))
        await until(cy, lambda c: c.view.players[2].done_writing)
        clock.now += 61
        server._wake.set()  # the host's timer task looks at its (manual) clock again
        await until(bob, lambda c: c.view.phase is Phase.GUESSING)
    handed = {e.player: e.timed_out for e in room.log if isinstance(e, PlateSubmitted)}
    assert handed == {2: False, 0: True} and [e.player for e in room.log if isinstance(e, PlateForfeited)] == [1]
    assert room.engine.view(0).players[0].plate == draft and room.engine.view(None).turns == (0, 2)


async def next_refusal(client: RoomClient) -> Refused:
    async with asyncio.timeout(BOUND):
        while not isinstance(message := await client.receive(), Refused):
            pass
    return message
