"""A whole hosted Vowl game played from two seat terminals through their own keys, one Pilot
per app over loopback (the host's table screen the third): after every step each terminal's
view is the engine's ``view(seat)``; a head-to-head race is run on both terminals at once
(V34), one of them tied into sudden death, whose buzz goes to the first to reach the host."""

from __future__ import annotations

from typing import Any

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock as AppClock
from boardgames.common.session import GameSession
from boardgames.common.ui.base import ARM
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.net.ui.hosting import Hosting
from boardgames.net.ui.remote_vowl import RemoteVowlScreen
from boardgames.net.ui.seat import ConnectingScreen
from boardgames.net.ui.table import table_screen
from boardgames.vowl.events import RaceDecided, RaceHow, RaceTied
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import DiscardScreen, ReviewScreen
from boardgames.vowl.render import BUZZ_KEYS
from tests.screen import screen_text, wait_for

from .helpers import ManualClock

SIZE = (100, 34)
#: Steps a whole game takes at most (a bound for failure only).
STEPS = 1500


def join_app(address: str) -> tuple[BoardgamesApp, AppClock]:
    clock = AppClock()
    return BoardgamesApp(start=lambda: ConnectingScreen(address), clock=clock, seed=2), clock


async def test_a_whole_vowl_game_from_two_terminals_racing_at_once(tmp_path: Any) -> None:
    from boardgames.common.saves import SaveStore
    from boardgames.vowl.spec import SPEC, VowlSetup

    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, VowlSetup(("Ann Lee", "Bob Roy"), (25, 25), simultaneous=True), 11, store=store)
    host_clock = ManualClock()  # the host's: a timer runs out only when the test says
    hosting = Hosting(session, port=0, store=store, clock=host_clock)
    host = BoardgamesApp(start=lambda: table_screen(hosting), clock=AppClock(), seed=1)
    room, engine = hosting.room, hosting.room.engine
    async with host.run_test(size=SIZE) as hp:
        await wait_for(hp, lambda: hosting.server.port != 0 and "boardgames join" in screen_text(host), "listening")
        (a0, c0), (a1, c1) = join_app(hosting.address(0)), join_app(hosting.address(1))
        apps, clocks = [a0, a1], [c0, c1]
        async with a0.run_test(size=SIZE) as p0, a1.run_test(size=SIZE) as p1:
            pilots = [p0, p1]
            for app, pilot in zip(apps, pilots, strict=True):
                await wait_for(
                    pilot,
                    lambda app=app: any(isinstance(s, RemoteVowlScreen) for s in app.screen_stack),
                    "a seat's screen",
                )
            screens: list[RemoteVowlScreen] = [
                next(s for s in a.screen_stack if isinstance(s, RemoteVowlScreen)) for a in apps
            ]
            await wait_for(hp, lambda: all(s.connected for s in room.seating()), "both seated")
            tied = False
            for _ in range(STEPS):
                if engine.outcome() is not None:
                    break
                for screen, pilot in zip(screens, pilots, strict=True):
                    await wait_for(pilot, lambda s=screen: s.client.state_id == room.state_id, "the latest view")
                    await pilot.pause()
                for seat, screen in enumerate(screens):  # each terminal holds exactly its own seat's view
                    mine, theirs = screen.client.view, engine.view(seat)
                    assert mine == theirs and mine.legal == theirs.legal and mine.answer == theirs.answer
                view = engine.view(None)
                if view.mode is Mode.HEAD_TO_HEAD and view.phase in (Phase.READY, Phase.SOLVING) and view.race is None:
                    for seat, app in enumerate(apps):  # the other racer's cards are never drawn here
                        text = screen_text(app)
                        theirs = [
                            c.skeleton
                            for where, c in engine.card_places()
                            if where.startswith(f"{engine.names[1 - seat]}'s")
                        ]
                        assert not [k for k in theirs if f" {k} " in f" {' '.join(text.split())} "], (seat, theirs)
                if (
                    not tied
                    and view.mode is Mode.HEAD_TO_HEAD
                    and view.phase is Phase.SOLVING
                    and all(r.started for r in view.runs)
                ):
                    host_clock.now += 26.0  # neither racer answers: both sand timers run out on the host
                    hosting.server._send(room.tick(host_clock.now))  # noqa: SLF001 - the server's wake, by hand
                    tied = True
                    continue
                before = room.state_id
                for app, clock, pilot in zip(apps, clocks, pilots, strict=True):  # every terminal's review
                    if isinstance(app.screen, ReviewScreen):
                        clock.advance(ARM + 0.1)
                        await pilot.press("enter")
                acted = await step(engine, screens, apps, clocks, pilots, host_clock)
                if acted:
                    await wait_for(
                        pilots[acted - 1], lambda b=before: room.state_id > b, "the step applied by the host"
                    )
            assert engine.outcome() is not None, "the game did not end"
            for screen, pilot in zip(screens, pilots, strict=True):
                await wait_for(pilot, lambda s=screen: s.client.view.outcome is not None, "the end on each terminal")
            await wait_for(hp, lambda: "wins" in screen_text(host), "the end on the table")
            assert session.autosave is not None and session.autosave.record.finished
            assert tied and any(isinstance(e, RaceTied) for e in room.log)
            assert any(isinstance(e, RaceDecided) and e.race.how is RaceHow.SUDDEN_DEATH for e in room.log) or any(
                isinstance(e, RaceDecided) and e.race.how is RaceHow.NO_CARD for e in room.log
            )


async def step(
    engine: Any,
    screens: list[RemoteVowlScreen],
    apps: list[BoardgamesApp],
    clocks: list[AppClock],
    pilots: list[Any],
    host_clock: ManualClock,
) -> int:
    """One player's keys for what the game waits for; the seat + 1 that acted (0: none)."""
    view = engine.view(None)
    for seat in sorted(engine.actors()):
        app, clock, pilot, screen = apps[seat], clocks[seat], pilots[seat], screens[seat]
        top = app.screen
        mine = screen.client.view
        clock.advance(ARM + 0.1)  # a player who read the screen first (the gates' quiet moment)
        if isinstance(top, ChoiceScreen):
            await pilot.press(top.choices[0].key)
            return seat + 1
        if isinstance(top, DiscardScreen):
            await pilot.press("space", "down", "space", "down", "space", "enter")
            return seat + 1
        if top is not screen:
            continue
        if view.phase is Phase.ROLL:
            await pilot.press("r")
            return seat + 1
        if view.phase is Phase.SUDDEN_DEATH:
            sd = mine.sudden_death
            assert sd is not None and sd.card is not None
            if sd.buzzer is None:
                await pilot.press(BUZZ_KEYS[sd.players.index(seat)])  # this player's own key, as the footer shows
                return seat + 1
            word = sd.card.answers[0]
            await pilot.press("ctrl+shift+a", *word, "enter")
            return seat + 1
        run = mine.active_run
        if view.phase is Phase.SOLVING and mine.answer is not None and run is not None and run.current is not None:
            host_clock.now += 1.0  # each answer a second later on the host's clock
            await pilot.press("ctrl+shift+a", *run.current.answers[0], "enter")
            return seat + 1
    return 0
