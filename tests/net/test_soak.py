"""A soak: 8 VNTYPL8S seats over loopback for a whole game (3 rounds), each client acting
only from its own view; every view it is sent is exactly the engine's for its seat, and
no event of another seat's reaches it (slow: left out of the day-to-day subset)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from boardgames.common.game import visible_to

from .helpers import BOUND, joined, serving, vntypl8s_choice, vntypl8s_room
from .test_play import FAST, follow


async def test_eight_seats_play_three_rounds() -> None:
    room = vntypl8s_room(players=8, seed=11)

    def over(view: Any) -> bool:
        return view.outcome is not None

    async with serving(room, **FAST) as server, contextlib.AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(joined(server, seat)) for seat in range(8)]
        async with asyncio.timeout(BOUND * 10):
            await asyncio.gather(*(follow(c, room, vntypl8s_choice, over, seat) for seat, c in enumerate(clients)))
    assert room.engine.outcome() is not None and room.engine.round == 3
    for seat, client in enumerate(clients):
        assert client.log == [e for e in room.log if visible_to(e, seat)]
