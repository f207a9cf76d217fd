"""The commands' screens over loopback: a host's table screen and each seat's own
terminal, one Pilot per app, playing through the game's own keys and screens."""

from __future__ import annotations

import random
from typing import Any

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.session import GameSession
from boardgames.net.ui.hosting import Hosting
from boardgames.net.ui.remote_uwo import RemoteUwoScreen
from boardgames.net.ui.seat import ConnectingScreen
from boardgames.net.ui.table import TableScreen
from tests.screen import screen_text, wait_for

SIZE = (100, 34)


def host_app(hosting: Hosting) -> BoardgamesApp:
    return BoardgamesApp(start=lambda: TableScreen(hosting), clock=ManualClock(), seed=1)


def join_app(address: str) -> BoardgamesApp:
    return BoardgamesApp(start=lambda: ConnectingScreen(address), clock=ManualClock(), seed=2)


async def test_a_uwo_duel_between_two_terminals(tmp_path: Any) -> None:
    from boardgames.common.saves import SaveStore
    from boardgames.uwo.spec import SPEC, UwoSetup

    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, UwoSetup(), 3, store=store)
    hosting = Hosting(session, port=0, store=store)
    host = host_app(hosting)
    async with host.run_test(size=SIZE) as hp:
        await wait_for(hp, lambda: hosting.server.port != 0 and "boardgames join" in screen_text(host), "listening")
        text = screen_text(host)
        assert hosting.address(0) in " ".join(text.split()) or "join" in text
        gnorfs, pnorfs = join_app(hosting.address(0)), join_app(hosting.address(1))
        async with gnorfs.run_test(size=SIZE) as gp, pnorfs.run_test(size=SIZE) as pp:
            await wait_for(gp, lambda: isinstance(gnorfs.screen, RemoteUwoScreen), "the Gnorfs' screen")
            await wait_for(pp, lambda: isinstance(pnorfs.screen, RemoteUwoScreen), "the Pnorfs' screen")
            await wait_for(hp, lambda: all(s.connected for s in hosting.room.seating()), "both seated")
            assert "Gnorfs" in screen_text(gnorfs)

