"""``boardgames host`` and ``boardgames join`` as a player meets them: a bad address, a
wrong code, a host that is not there, the codes kept for ``--resume``."""

from __future__ import annotations

import asyncio
import gc
import json
from typing import Any

import pytest

from boardgames.app import BoardgamesApp
from boardgames.cli import main
from boardgames.common.clock import ManualClock
from boardgames.common.saves import SaveStore
from boardgames.common.session import GameSession
from boardgames.net.room import new_code
from boardgames.net.server import address
from boardgames.net.ui.hosting import Hosting, codes_path
from boardgames.net.ui.seat import ConnectingScreen
from boardgames.net.ui.table import TableScreen, table_screen
from tests.net.helpers import BOUND
from tests.screen import wait_for

HOSTILE_ADDRESSES = [
    "",
    "127.0.0.1:8765",
    "http://127.0.0.1:8765/abcdefghijkl",
    "boardgames://h:0/abcdefghijkl",
    "boardgames://h:99999/abcdefghijkl",
    "boardgames://h:1/short",
    "boardgames://h:1/abcdefghijkl/../../etc",
    "boardgames://[red]x[/red]:1/abcdefghijkl",
    "boardgames://h:1/" + "a" * 5000,
    "\x1b[31mboardgames://h:1/x",
    "boardgames://h;rm -rf:1/abcdefghijkl",
]


@pytest.mark.parametrize("text", HOSTILE_ADDRESSES)
def test_join_refuses_what_is_not_an_address_in_one_line(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("boardgames: ") and "is not a join address" in err
    assert "\x1b" not in err and len(err) < 400


def test_host_vntypl8s_needs_its_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["host", "vntypl8s"]) == 2
    assert "--players" in capsys.readouterr().err


def test_host_resume_refuses_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["host", "uwo", "--resume", "--first-game"]) == 2
    assert "--resume cannot be combined with --first-game" in capsys.readouterr().err


def test_p33_host_vntypl8s_writes_at_once_unless_in_turn(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from boardgames.net.ui.commands import setup_from_args
    from boardgames.vntypl8s.engine import Writing

    args = argparse.Namespace(players=["Ann", "Bob", "Cy"], timer=30, in_turn=False)
    assert setup_from_args("vntypl8s", args).writing is Writing.AT_ONCE
    args.in_turn = True
    assert setup_from_args("vntypl8s", args).writing is Writing.IN_TURN
    assert main(["host", "vntypl8s", "--resume", "--in-turn"]) == 2
    assert "--resume cannot be combined with --in-turn" in capsys.readouterr().err


async def test_a_wrong_code_and_an_absent_host_are_said_in_words(tmp_path: Any) -> None:
    from boardgames.uwo.spec import SPEC, UwoSetup

    store = SaveStore(tmp_path)
    hosting = Hosting(GameSession.start(SPEC, UwoSetup(), 1, store=store), store=store, port=0)
    host = BoardgamesApp(start=lambda: table_screen(hosting), clock=ManualClock())
    async with host.run_test() as hp:
        await wait_for(hp, lambda: hosting.server.port != 0 and hosting.listening_now(), "listening")
        wrong = BoardgamesApp(start=lambda: ConnectingScreen(address("127.0.0.1", hosting.server.port, new_code())))
        async with wrong.run_test() as wp:
            await wait_for(wp, lambda: "turned this address down" in getattr(wrong.screen, "said", ""), "refused")
            assert "not a seat of this game" in wrong.screen.said  # type: ignore[attr-defined]
        port = hosting.server.port
    absent = BoardgamesApp(start=lambda: ConnectingScreen(address("127.0.0.1", port, new_code())))
    async with absent.run_test() as ap:
        await wait_for(ap, lambda: "No game answers" in getattr(absent.screen, "said", ""), "no host")


def test_the_seat_codes_are_kept_beside_the_save_and_read_as_untrusted(tmp_path: Any) -> None:
    from boardgames.uwo.spec import SPEC, UwoSetup

    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, UwoSetup(), 1, store=store)
    session.apply(next(iter(session.engine.legal_actions)))  # saved: there is a game to resume
    first = Hosting(session, store=store)
    path = codes_path(store, session)
    assert path is not None and path.parent == tmp_path / "rooms" and path.exists()
    again = Hosting(session, store=store)  # the same save hosted again (``--resume``)
    assert again.room.codes == first.room.codes and again.room.table_code == first.room.table_code
    assert not again.warnings
    for bad in (
        {"version": 1, "seats": ["x"], "table": "y"},
        {"version": 1, "seats": [first.room.codes[0]] * 2, "table": first.room.table_code},
        {"version": 2, "seats": [], "table": ""},
        ["not an object"],
    ):
        path.write_text(json.dumps(bad))
        hosted = Hosting(session, store=store)
        assert hosted.room.codes != first.room.codes
        assert len(hosted.warnings) == 1 and "new addresses" in hosted.warnings[0]
        assert list(tmp_path.joinpath("rooms").glob("*.corrupt-*"))
    session.close()


def test_codes_are_kept_once_the_game_is_saved_and_go_with_it(tmp_path: Any) -> None:
    """A game never played leaves no codes file; a game's codes go when it is over, and a
    host clears those of games whose save is gone (finished, or deleted from the menu),
    looking only at files named as a save is, never through a link."""
    import os

    from boardgames.net.ui.hosting import sweep_codes
    from boardgames.uwo.spec import SPEC, UwoSetup

    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, UwoSetup(), 1, store=store)
    hosting = Hosting(session, store=store)
    path = codes_path(store, session)
    assert path is not None and not path.exists()  # nothing played: nothing to resume, no addresses kept
    hosting.changed()
    assert not path.exists()
    session.apply(next(iter(session.engine.legal_actions)))
    hosting.changed()  # what the table screen calls after every change the room sent
    assert json.loads(path.read_text())["seats"] == [hosting.room.codes[0], hosting.room.codes[1]]
    # games whose save is gone: their codes go at the next host; what is not ours stays
    rooms = tmp_path / "rooms"
    gone = rooms / "uwo-00000000-0000-4000-8000-000000000000.json"
    gone.write_text("{}")
    elsewhere = tmp_path / "precious.json"
    elsewhere.write_text("keep")
    linked = rooms / "vntypl8s-00000000-0000-4000-8000-000000000001.json"
    os.symlink(elsewhere, linked)
    (rooms / "notes.txt").write_text("mine")
    (rooms / "uwo-00000000-0000-4000-8000-000000000002.json").mkdir()
    assert sweep_codes(store) == 2
    assert not gone.exists() and not os.path.lexists(linked) and elsewhere.read_text() == "keep"
    assert (rooms / "notes.txt").exists() and path.exists()  # the game still to resume keeps its codes
    session.close()


def test_a_finished_game_forgets_its_codes(tmp_path: Any) -> None:
    from boardgames.uwo.actions import Resign
    from boardgames.uwo.spec import SPEC, UwoSetup

    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, UwoSetup(), 1, store=store)
    session.apply(next(iter(session.engine.legal_actions)))
    hosting = Hosting(session, store=store)
    path = codes_path(store, session)
    assert path is not None and path.exists()
    assert session.apply(Resign()).refusal is None and session.engine.outcome() is not None
    hosting.changed()
    assert not path.exists()
    session.close()


async def test_each_seat_is_offered_as_a_web_page_behind_its_own_code(tmp_path: Any) -> None:
    """``--web``: a page per seat (serve's guarded relay running ``join`` for that seat), its
    token the seat's code: the page answers with it, and only with it."""
    import re

    import aiohttp

    from boardgames.uwo.spec import SPEC, UwoSetup
    from tests.screen import screen_text

    store = SaveStore(tmp_path)
    hosting = Hosting(GameSession.start(SPEC, UwoSetup(), 1, store=store), store=store, port=0)
    host = BoardgamesApp(start=lambda: table_screen(hosting, web=True), clock=ManualClock())
    async with host.run_test(size=(140, 40)) as hp:
        await wait_for(hp, lambda: "or in a browser" in screen_text(host), "the seats' pages")
        screen = host.screen
        assert isinstance(screen, TableScreen) and screen.pages is not None
        urls = screen.pages.urls
        assert sorted(urls) == [0, 1]
        for seat, url in urls.items():
            assert url.endswith(f"?token={hosting.room.codes[seat]}") and url in " ".join(screen_text(host).split())
        async with aiohttp.ClientSession() as http:
            async with http.get(urls[0]) as page:
                assert page.status == 200 and "/ws/" in await page.text()
            wrong = re.sub(r"token=.*", f"token={hosting.room.codes[1]}", urls[0])
            async with http.get(wrong) as page:
                assert page.status == 403  # another seat's code is not this page's
            # a browser opens the page's terminal: ``boardgames join`` runs for the Gnorfs' seat
            where = urls[0].split("://", 1)[1].split("/", 1)[0]
            async with http.ws_connect(
                f"ws://{where}/ws/{hosting.room.codes[0]}?width=100&height=30", headers={"Origin": f"http://{where}"}
            ) as terminal:
                drawn = b""
                async with asyncio.timeout(BOUND):
                    async for message in terminal:
                        drawn += message.data if isinstance(message.data, bytes) else str(message.data).encode()
                        if hosting.room.connected(0) and b"Gnorfs" in drawn:
                            break
                assert not hosting.room.connected(1)
            await wait_for(
                hp,
                lambda: screen.pages is not None and screen.pages.open_pages == 0,
                "the page's process gone",
                tries=2000,
            )
        await wait_for(
            hp,
            lambda: (
                not any(isinstance(o, asyncio.SubprocessTransport) and not o.is_closing() for o in gc.get_objects())
            ),
            "the join process reaped",
            tries=2000,
        )


def test_host_vntypl8s_opens_no_dictionary_before_its_first_frame(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host judges plates, but as on one terminal the dictionary (15 MiB) is opened once
    the table has painted (``TableScreen``): the hosted game is dealt without it."""
    import argparse

    from boardgames.cli import refuse_together
    from boardgames.net.ui.commands import hosted_session
    from boardgames.vntypl8s import entry

    def opened() -> None:
        raise AssertionError("the dictionary was opened before the first frame")

    monkeypatch.setattr(entry, "get_dictionary", opened)
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))
    args = argparse.Namespace(
        game="vntypl8s",
        players=["Ann", "Bob", "Cy"],
        timer=None,
        in_turn=False,
        seed=1,
        resume=False,
        refuse_together=refuse_together,
    )
    session = hosted_session(args)
    try:
        assert session.engine.actors() == frozenset({0, 1, 2})  # dealt, and writing at once (P33)
    finally:
        session.close()
