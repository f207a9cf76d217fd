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
from boardgames.net.ui.table import TableScreen, table_screen
from tests.screen import screen_text, wait_for

SIZE = (100, 34)


def host_app(hosting: Hosting) -> BoardgamesApp:
    return BoardgamesApp(start=lambda: table_screen(hosting), clock=ManualClock(), seed=1)


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


def uwo_move(view: Any, rng: random.Random) -> Any:
    """A listed move (fights favoured, no draw offers: a duel that ends)."""
    from boardgames.uwo.actions import Attack, Blast, OfferDraw, TakeHit

    legal = [a for a in view.legal if not isinstance(a, OfferDraw)]
    fights = [a for a in legal if isinstance(a, Attack | Blast | TakeHit)]
    return rng.choice(fights) if fights and rng.random() < 0.8 else rng.choice(legal)


async def test_a_whole_uwo_duel_played_from_two_terminals(tmp_path: Any) -> None:
    from boardgames.common.saves import SaveStore
    from boardgames.uwo.actions import Resign
    from boardgames.uwo.side import Side
    from boardgames.uwo.spec import SPEC, UwoSetup
    from tests.screen import record_notifications

    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, UwoSetup(), 3, store=store)
    hosting = Hosting(session, port=0, store=store)
    host = host_app(hosting)
    rng = random.Random(4)
    async with host.run_test(size=SIZE) as hp:
        await wait_for(hp, lambda: hosting.server.port != 0 and "boardgames join" in screen_text(host), "listening")
        apps = [join_app(hosting.address(0)), join_app(hosting.address(1))]
        said = [record_notifications(a) for a in apps]
        async with apps[0].run_test(size=SIZE) as gp, apps[1].run_test(size=SIZE) as pp:
            pilots = [gp, pp]
            for app, pilot in zip(apps, pilots, strict=True):
                await wait_for(pilot, lambda app=app: isinstance(app.screen, RemoteUwoScreen), "a seat's screen")
            screens: list[RemoteUwoScreen] = [a.screen for a in apps]  # type: ignore[misc]
            await wait_for(hp, lambda: all(s.connected for s in hosting.room.seating()), "both seated")
            assert "joined" in screen_text(host)
            engine = hosting.room.engine
            for _ in range(60):
                if engine.outcome() is not None:
                    break
                seat = int(engine.view(None).to_act)
                screen, pilot = screens[seat], pilots[seat]
                await wait_for(pilot, lambda s=screen: s.client.state_id == hosting.room.state_id, "the latest view")
                for other in (0, 1):  # each terminal holds exactly its own side's view
                    assert screens[other].view == engine.view(other)
                before = hosting.room.state_id
                screen.play(uwo_move(screen.view, rng))
                await wait_for(pilot, lambda b=before: hosting.room.state_id > b, "the move applied by the host")
            if engine.outcome() is None:
                seat = int(engine.view(None).to_act)
                await wait_for(pilots[seat], lambda: screens[seat].client.state_id == hosting.room.state_id, "the view")
                screens[seat].play(Resign())
            await wait_for(hp, lambda: engine.outcome() is not None, "the duel over")
            for screen, pilot in zip(screens, pilots, strict=True):
                await wait_for(pilot, lambda s=screen: s.view.outcome is not None, "the end on each terminal")
            assert "over" in screen_text(host)
            assert session.autosave is not None and session.autosave.record.finished
            # U28: the defender was attacked on their own screen, told in words
            attacked = [i for i, s in enumerate(said) if any("attacks you" in m for m in s)]
            assert attacked, said
            assert Side(0).title in screens[0].sub_title


async def test_a_vntypl8s_round_played_from_three_terminals(tmp_path: Any) -> None:
    from boardgames.common.saves import SaveStore
    from boardgames.net.ui.remote_vntypl8s import RemoteVntypl8sScreen
    from boardgames.vntypl8s.engine import Buzz, Guess, NobodyKnows, Phase
    from boardgames.vntypl8s.screen import Stage
    from boardgames.vntypl8s.spec import SPEC, Vntypl8sSetup

    from .helpers import plate_for

    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, Vntypl8sSetup(("Ann", "Bob", "Cy")), 5, store=store)
    hosting = Hosting(session, port=0, store=store)
    host = host_app(hosting)
    engine = hosting.room.engine
    async with host.run_test(size=SIZE) as hp:
        await wait_for(hp, lambda: hosting.server.port != 0 and "boardgames join" in screen_text(host), "listening")
        apps = [join_app(hosting.address(s)) for s in range(3)]
        async with (
            apps[0].run_test(size=SIZE) as p0,
            apps[1].run_test(size=SIZE) as p1,
            apps[2].run_test(size=SIZE) as p2,
        ):
            pilots = [p0, p1, p2]
            for app, pilot in zip(apps, pilots, strict=True):
                await wait_for(pilot, lambda app=app: isinstance(app.screen, RemoteVntypl8sScreen), "a seat")
            screens: list[RemoteVntypl8sScreen] = [a.screen for a in apps]  # type: ignore[misc]

            async def caught_up() -> None:
                for screen, pilot in zip(screens, pilots, strict=True):
                    await wait_for(pilot, lambda s=screen: s.client.state_id == hosting.room.state_id, "caught up")
                    await pilot.pause()

            # writing, in turn (P13): only the writer's own terminal shows a desk, with their own cards
            while engine.phase is Phase.WRITING:
                await caught_up()
                writer = engine.next_writer
                for seat, screen in enumerate(screens):
                    assert (screen.stage is Stage.WRITING) == (seat == writer), (seat, writer, screen.stage)
                    assert screen.table == engine.view(seat)
                text = screen_text(apps[(writer + 1) % 3])
                assert "is writing their plate" in text
                plate = plate_for(screens[writer].table, writer)
                assert plate is not None
                screens[writer]._hand_in(plate, False)
                await wait_for(pilots[writer], lambda w=writer: engine.view(None).players[w].done_writing, "handed in")
            # guessing: a buzz from one terminal, decided at the host (P34), then the writer's "nobody knows"
            guessed = 0
            while engine.round == 1 and engine.outcome() is None:
                await caught_up()
                for screen in screens:
                    if screen.stage in (Stage.REVEAL, Stage.ROUND_END):
                        screen.action_continue()
                view = engine.view(None)
                active = view.active
                assert active is not None
                if guessed % 2 == 0:
                    guesser = next(p for p in range(3) if p != active and view.may_buzz(p))
                    screens[guesser].action_buzz(guesser)
                    await wait_for(
                        pilots[guesser],
                        lambda g=guesser: isinstance(apps[g].screen, GuessDialog()),
                        "the buzzer's own dialog",
                    )
                    screens[guesser].make_guess(guesser, view.grid[0])
                else:
                    screens[active]._step(NobodyKnows())
                before = hosting.room.state_id
                await wait_for(hp, lambda b=before: hosting.room.state_id > b or engine.round > 1, "a step")
                guessed += 1
            await caught_up()
            assert engine.round == 2 or engine.outcome() is not None
            assert any(s.stage in (Stage.REVEAL, Stage.ROUND_END) for s in screens)
            del Buzz, Guess


def GuessDialog() -> type:
    from boardgames.vntypl8s.guess import GuessScreen

    return GuessScreen


async def test_a_seat_that_drops_is_shown_reconnecting_everywhere_and_rejoins_with_its_address(tmp_path: Any) -> None:
    from boardgames.common.saves import SaveStore
    from boardgames.uwo.spec import SPEC, UwoSetup

    store = SaveStore(tmp_path)
    hosting = Hosting(GameSession.start(SPEC, UwoSetup(), 3, store=store), port=0, store=store)
    host = host_app(hosting)
    async with host.run_test(size=SIZE) as hp:
        await wait_for(hp, lambda: hosting.listening_now(), "listening")
        gnorfs = join_app(hosting.address(0))
        async with gnorfs.run_test(size=SIZE) as gp:
            await wait_for(gp, lambda: isinstance(gnorfs.screen, RemoteUwoScreen), "the Gnorfs' screen")
            pnorfs = join_app(hosting.address(1))
            async with pnorfs.run_test(size=SIZE) as pp:
                await wait_for(pp, lambda: isinstance(pnorfs.screen, RemoteUwoScreen), "the Pnorfs' screen")
                await wait_for(hp, lambda: hosting.room.connected(1), "the Pnorfs seated")
            # the Pnorfs' terminal is gone
            await wait_for(
                gp, lambda: "Pnorfs is reconnecting" in gnorfs.screen.sub_title, "told on the Gnorfs' screen"
            )
            await wait_for(hp, lambda: "Pnorfs is reconnecting" in screen_text(host), "told on the table")
            move = gnorfs.screen.view.legal[0]  # type: ignore[attr-defined]
            gnorfs.screen.play(move)  # type: ignore[attr-defined]
            await wait_for(hp, lambda: hosting.room.state_id == 1, "the game goes on")
            back = join_app(hosting.address(1))  # the same line, run again
            async with back.run_test(size=SIZE) as bp:
                await wait_for(bp, lambda: isinstance(back.screen, RemoteUwoScreen), "the Pnorfs back")
                assert back.screen.client.state_id == 1  # type: ignore[attr-defined]
                assert back.screen.view == hosting.room.engine.view(1)  # type: ignore[attr-defined]
                await wait_for(gp, lambda: "reconnecting" not in gnorfs.screen.sub_title, "the Gnorfs told")


async def test_a_seat_kept_on_the_hosts_keyboard_plays_behind_a_handover_with_a_remote_one(tmp_path: Any) -> None:
    """A mixed table: the Gnorfs on the host's terminal (``p``, then their handover), the
    Pnorfs on their own; back on the table the Gnorfs' seat stays joined, its screen kept."""
    from boardgames.common.saves import SaveStore
    from boardgames.common.ui.handover import HandoverScreen
    from boardgames.uwo.spec import SPEC, UwoSetup
    from tests.screen import deliberately, take_keyboard

    store = SaveStore(tmp_path)
    hosting = Hosting(GameSession.start(SPEC, UwoSetup(), 3, store=store), port=0, store=store)
    host = host_app(hosting)
    async with host.run_test(size=SIZE) as hp:
        await wait_for(hp, lambda: hosting.listening_now(), "listening")
        await deliberately(hp, "p")
        await deliberately(hp, "1")
        assert isinstance(host.screen, HandoverScreen)
        assert hosting.room.codes[0] not in screen_text(host)  # the handover hides the table's lines too
        await take_keyboard(hp, "Gnorfs, take the keyboard")
        await wait_for(hp, lambda: isinstance(host.screen, RemoteUwoScreen), "the Gnorfs' screen on the host")
        here: RemoteUwoScreen = host.screen  # type: ignore[assignment]
        assert here.local and here.view == hosting.room.engine.view(0)
        pnorfs = join_app(hosting.address(1))
        async with pnorfs.run_test(size=SIZE) as pp:
            await wait_for(pp, lambda: isinstance(pnorfs.screen, RemoteUwoScreen), "the Pnorfs' screen")
            there: RemoteUwoScreen = pnorfs.screen  # type: ignore[assignment]
            from boardgames.uwo.actions import EndTurn

            await wait_for(hp, lambda: here.client.state_id == hosting.room.state_id, "the Gnorfs' view")
            here.play(EndTurn())
            await wait_for(hp, lambda: hosting.room.state_id == 1, "the Gnorfs' move applied")
            await deliberately(hp, "escape")  # back to the table: nothing of the Gnorfs' is left on it
            await wait_for(hp, lambda: isinstance(host.screen, TableScreen), "the table again")
            assert hosting.room.connected(0) and "reconnecting" not in screen_text(host)
            await wait_for(pp, lambda: there.client.state_id == 1, "the Pnorfs' view")
            there.play(EndTurn())
            await wait_for(hp, lambda: hosting.room.state_id == 2, "the Pnorfs' move applied")
            await deliberately(hp, "p")
            await deliberately(hp, "1")
            await take_keyboard(hp, "Gnorfs")
            await wait_for(hp, lambda: host.screen is here, "the same Gnorfs' screen, kept")
            await wait_for(hp, lambda: here.view == hosting.room.engine.view(0), "up to date")


async def test_the_table_and_a_seat_work_at_80x24(tmp_path: Any) -> None:
    """80×24 is a terminal: every join line whole on one line, the seat's duel drawn."""
    from boardgames.common.saves import SaveStore
    from boardgames.vntypl8s.spec import SPEC, Vntypl8sSetup

    store = SaveStore(tmp_path)
    hosting = Hosting(GameSession.start(SPEC, Vntypl8sSetup(("Ann", "Bob", "Cy")), 1, store=store), port=0, store=store)
    host = host_app(hosting)
    async with host.run_test(size=(80, 24)) as hp:
        await wait_for(hp, lambda: hosting.listening_now() and "boardgames join" in screen_text(host), "listening")
        lines = screen_text(host).splitlines()
        for seat in range(3):
            assert any(f"boardgames join {hosting.address(seat)}" in line for line in lines), lines
        ann = join_app(hosting.address(0))
        async with ann.run_test(size=(80, 24)) as ap:
            from boardgames.net.ui.remote_vntypl8s import RemoteVntypl8sScreen

            await wait_for(ap, lambda: isinstance(ann.screen, RemoteVntypl8sScreen), "Ann's seat")
            await wait_for(ap, lambda: "0WN3R" in screen_text(ann), "Ann's own desk (she writes first, P13)")
            assert "enlarge" not in screen_text(ann).lower()


async def test_the_tables_own_line_shows_the_public_table_and_follows_it(tmp_path: Any) -> None:
    """A TV runs the table's line: the public view only (no hand), who is here, kept up."""
    from boardgames.common.saves import SaveStore
    from boardgames.net.room import TABLE
    from boardgames.net.ui.watch import WatchScreen
    from boardgames.uwo.actions import EndTurn
    from boardgames.uwo.spec import SPEC, UwoSetup

    store = SaveStore(tmp_path)
    hosting = Hosting(GameSession.start(SPEC, UwoSetup(), 3, store=store), port=0, store=store)
    host = host_app(hosting)
    async with host.run_test(size=SIZE) as hp:
        await wait_for(hp, lambda: hosting.listening_now(), "listening")
        tv, gnorfs = join_app(hosting.address(TABLE)), join_app(hosting.address(0))
        async with tv.run_test(size=SIZE) as tp, gnorfs.run_test(size=SIZE) as gp:
            await wait_for(tp, lambda: isinstance(tv.screen, WatchScreen), "the table on the TV")
            await wait_for(gp, lambda: isinstance(gnorfs.screen, RemoteUwoScreen), "the Gnorfs' seat")
            await wait_for(tp, lambda: "Gnorfs       joined" in screen_text(tv), "the Gnorfs shown joined")
            assert "Turn 1: the Gnorfs' turn" in screen_text(tv) and tv.screen.client.view.sides[0].hand is None  # type: ignore[attr-defined]
            assert hosting.room.codes[0] not in screen_text(tv)
            await wait_for(gp, lambda: gnorfs.screen.client.state_id == 0, "the Gnorfs' view")  # type: ignore[attr-defined]
            gnorfs.screen.play(EndTurn())  # type: ignore[attr-defined]
            await wait_for(tp, lambda: "the Pnorfs' turn" in screen_text(tv), "the TV follows")


async def test_p33_every_writer_writes_at_once_and_a_typed_plate_counts_when_time_is_up(tmp_path: Any) -> None:
    """P33 from three terminals: every desk is open at once, each with its own cards; what a
    writer types reaches the host as a draft, handed in as it stood when the shared time runs out."""
    from boardgames.common.saves import SaveStore
    from boardgames.net.ui.remote_vntypl8s import RemoteVntypl8sScreen
    from boardgames.vntypl8s.engine import Phase, PlateForfeited, PlateSubmitted, Writing
    from boardgames.vntypl8s.screen import Stage
    from boardgames.vntypl8s.spec import SPEC, Vntypl8sSetup

    from .helpers import plate_for

    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, Vntypl8sSetup(("Ann", "Bob", "Cy"), 60, Writing.AT_ONCE), 5, store=store)
    clock = ManualClock()
    hosting = Hosting(session, port=0, store=store, clock=clock)
    host = host_app(hosting)
    engine = hosting.room.engine
    async with host.run_test(size=SIZE) as hp:
        await wait_for(hp, lambda: hosting.server.port != 0 and "boardgames join" in screen_text(host), "listening")
        apps = [join_app(hosting.address(s)) for s in range(3)]
        async with (
            apps[0].run_test(size=SIZE) as p0,
            apps[1].run_test(size=SIZE) as p1,
            apps[2].run_test(size=SIZE) as p2,
        ):
            pilots = [p0, p1, p2]
            for app, pilot in zip(apps, pilots, strict=True):
                await wait_for(
                    pilot,
                    lambda app=app: isinstance(app.screen, RemoteVntypl8sScreen) and app.screen.stage is Stage.WRITING,
                    "a desk",
                )
            screens: list[RemoteVntypl8sScreen] = [a.screen for a in apps]  # type: ignore[misc]
            for seat, screen in enumerate(screens):  # all at once, each with their own cards alone
                assert screen.table == engine.view(seat) and screen.table.players[seat].owner is not None
                await wait_for(pilots[seat], lambda s=screen: any(c.running for c in s.client.countdowns), "the time")
            # Cy hands in; Ann types a legal plate and leaves it on her editor; Bob types nothing
            screens[2]._hand_in(plate_for(screens[2].table, 2), False)
            await wait_for(p2, lambda: engine.view(None).players[2].done_writing, "Cy's plate")
            await wait_for(p2, lambda: screens[2].stage is not Stage.WRITING, "Cy's desk put away")
            await wait_for(p2, lambda: "Ann, Bob are still writing" in screen_text(apps[2]), "who still writes")
            plate = plate_for(screens[0].table, 0)
            assert plate is not None
            await p0.press(*plate.lower())
            await wait_for(p0, lambda: hosting.room._drafts.get("writing:1", {}).get(0) == plate, "Ann's draft")
            clock.advance(61)
            hosting.server._wake.set()  # the host's timer task reads its clock again
            await wait_for(hp, lambda: engine.phase is Phase.GUESSING, "the time is up")
            for seat, pilot in enumerate(pilots):
                await wait_for(pilot, lambda s=screens[seat]: s.stage is not Stage.WRITING, "the desks put away")
    handed = {e.player: e.timed_out for e in hosting.room.log if isinstance(e, PlateSubmitted)}
    assert handed == {2: False, 0: True}
    assert [e.player for e in hosting.room.log if isinstance(e, PlateForfeited)] == [1]
    assert engine.view(0).players[0].plate == plate


def test_each_seat_screen_is_styled_as_its_games_screen() -> None:
    """Textual's selectors know a screen by its first DOM base only: a seat screen must be
    its game's screen for the stylesheet (``UwoScreen BoardGrid {...}``), not a bare Screen."""
    from boardgames.net.ui.remote_vntypl8s import RemoteVntypl8sScreen
    from boardgames.net.ui.remote_vowl import RemoteVowlScreen
    from boardgames.uwo.screen import UwoScreen
    from boardgames.vntypl8s.screen import Vntypl8sScreen
    from boardgames.vowl.screen import VowlScreen

    for seat, game in (
        (RemoteUwoScreen, UwoScreen),
        (RemoteVntypl8sScreen, Vntypl8sScreen),
        (RemoteVowlScreen, VowlScreen),
    ):
        assert game.__name__ in seat._css_type_names, seat  # noqa: SLF001 - what selectors match


async def test_a_seats_duel_is_drawn_with_the_duels_own_layout_at_80x24(tmp_path: Any) -> None:
    """Seen in a real terminal: the seat's board came as one column of squares, no frame,
    the stylesheet's board rules unmatched."""
    from boardgames.common.saves import SaveStore
    from boardgames.uwo.spec import SPEC, UwoSetup
    from boardgames.uwo.widgets import BoardGrid

    store = SaveStore(tmp_path)
    hosting = Hosting(GameSession.start(SPEC, UwoSetup(), 3, store=store), port=0, store=store)
    host = host_app(hosting)
    async with host.run_test(size=(80, 24)) as hp:
        await wait_for(hp, lambda: hosting.listening_now() and "boardgames join" in screen_text(host), "listening")
        seat = join_app(hosting.address(0))
        async with seat.run_test(size=(80, 24)) as sp:
            await wait_for(sp, lambda: isinstance(seat.screen, RemoteUwoScreen), "the Gnorfs' screen")
            board = seat.screen.query_one(BoardGrid)
            assert board.styles.grid_size_columns == 6 and board.styles.width is not None
            assert board.styles.width.value == 52, board.styles.width
            # a new duel is the host's to start: the seat's terminal never offers n for it
            assert seat.screen.check_action("new_game", ()) is False
