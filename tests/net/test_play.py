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


async def follow(client: RoomClient, room: RecordingRoom, choose: Callable[[Any, int, random.Random], object | None],
                 done: Callable[[Any], bool], seed: int) -> int:
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
    async with serving(room, **FAST) as server, joined(server, 0) as gnorfs, joined(server, 1) as pnorfs, \
            joined(server, None) as table:
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

    async with serving(room, **FAST) as server, joined(server, 0) as ann, joined(server, 1) as bob, \
            joined(server, 2) as cy, joined(server, None) as table:
        async with asyncio.timeout(BOUND * 3):
            await asyncio.gather(*(follow(c, room, vntypl8s_choice, round_over, i) for i, c in enumerate((ann, bob, cy))))
        for client in (ann, bob, cy):
            assert any(isinstance(e, RoundEnded) for e in client.log)
            seat = client.seat
            # every event of its own it was sent, and not one of another seat's secrets
            assert client.log == [e for e in room.log if visible_to(e, seat)][: len(client.log)]
        assert table.seat is None and table.view == room.expected[table.state_id][None]
