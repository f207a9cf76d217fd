"""One writer per save: a game open in one window cannot be opened (and overwritten) in another.

Two copies of the suite resuming the same save each rewrote it from their own actions
after every move, so one window's moves vanished without a word.  Now a game is held
by the window that opened it (``SaveLock``, an ``flock`` beside the save) until it
ends or is left, and a second window is told so instead.  Two sessions in one process
stand for two windows (``flock`` locks differ per open file, even in one process); a
second process stands for a window that is killed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.cli import main
from boardgames.common.clock import ManualClock
from boardgames.common.saves import GameInUse, SaveRecord, SaveStore, read_record
from boardgames.common.session import GameSession
from boardgames.uwo.actions import EndTurn
from boardgames.uwo.spec import SPEC as UWO_SPEC
from boardgames.uwo.spec import UwoSetup
from tests.common.test_session import SPEC, Add
from tests.screen import record_notifications, settled, wait_for


def a_saved_game(store: SaveStore) -> SaveRecord:
    """A game with one move saved, left by the window that played it."""
    first = GameSession.start(SPEC, 50, seed=4, store=store)
    assert first.apply(Add(0, 1)).applied
    first.close()
    [record] = store.unfinished().records
    return record


def listed(store: SaveStore) -> SaveRecord:
    [record] = store.unfinished().records
    return record


def test_a_game_open_in_one_window_is_refused_in_another_and_its_moves_kept(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    record = a_saved_game(store)
    here = GameSession.resume(SPEC, listed(store), store=store)
    with pytest.raises(GameInUse, match="is open in another window"):
        GameSession.resume(SPEC, listed(store), store=store)
    assert here.apply(Add(1, 2)).applied
    assert here.apply(Add(0, 1)).applied
    saved = read_record(tmp_path / "saves" / record.filename)
    assert [a["amount"] for a in saved.actions] == [1, 2, 1]  # every move of the window that holds it


def test_the_game_can_be_opened_elsewhere_once_it_is_left(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    a_saved_game(store)
    here = GameSession.resume(SPEC, listed(store), store=store)
    here.close()
    there = GameSession.resume(SPEC, listed(store), store=store)
    assert there.apply(Add(1, 1)).applied


def test_a_new_game_is_held_from_its_first_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    here = GameSession.start(SPEC, 50, seed=4, store=store)
    assert here.apply(Add(0, 1)).applied  # now listed in every window's menu
    with pytest.raises(GameInUse):
        GameSession.resume(SPEC, listed(store), store=store)


def test_a_finished_game_lets_go_of_its_lock(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, 3, seed=0, store=store)
    while session.engine.outcome() is None:
        assert session.apply(Add(session.engine.turn, 2)).applied
    assert session.autosave is not None and session.autosave.lock is None
    assert list((tmp_path / "saves").iterdir()) == []
    assert list((tmp_path / "locks").iterdir()) == []  # no lock file left behind either


def test_a_game_open_elsewhere_is_not_deleted(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    record = a_saved_game(store)
    here = GameSession.resume(SPEC, listed(store), store=store)
    warning = store.discard(listed(store))
    assert warning is not None and "open in another window" in warning and "not deleted" in warning
    assert (tmp_path / "saves" / record.filename).exists()
    here.close()
    assert store.discard(listed(store)) is None  # control: once left, it can be
    assert not (tmp_path / "saves" / record.filename).exists()


def test_a_window_that_is_killed_lets_go_of_the_game(tmp_path: Path) -> None:
    """Another process holds the lock; killed, the system releases it and the game opens here."""
    store = SaveStore(tmp_path)
    record = a_saved_game(store)
    lock_file = tmp_path / "locks" / f"{record.filename}.lock"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import fcntl, os, sys\n"
                f"fd = os.open({str(lock_file)!r}, os.O_RDWR | os.O_CREAT, 0o600)\n"
                "fcntl.flock(fd, fcntl.LOCK_EX)\n"
                "print('held', flush=True)\n"
                "sys.stdin.read()\n"
            ),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(GameInUse):
            GameSession.resume(SPEC, listed(store), store=store)
    finally:
        holder.kill()
        holder.wait()
    session = GameSession.resume(SPEC, listed(store), store=store)
    assert session.apply(Add(1, 1)).applied


async def test_the_menu_says_a_game_is_open_in_another_window_and_stays() -> None:
    """The menu of a second window: told, not opened; once the other window leaves, it opens."""
    elsewhere = GameSession.start(UWO_SPEC, UwoSetup(), 4)
    assert elsewhere.apply(EndTurn()).applied
    app = BoardgamesApp(clock=ManualClock(), seed=2)
    async with app.run_test(size=(110, 44)) as pilot:
        said = record_notifications(app)
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.resume_game(listed(SaveStore()))
        await wait_for(pilot, lambda: settled(app), "the menu again")
        assert isinstance(app.screen, MainMenu)
        assert any("is open in another window" in message for message in said)
        elsewhere.close()
        app.resume_game(listed(SaveStore()))
        await wait_for(pilot, lambda: not isinstance(app.screen, MainMenu), "the resumed duel")


def test_resume_on_the_command_line_says_so_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    elsewhere = GameSession.start(UWO_SPEC, UwoSetup(), 4)
    assert elsewhere.apply(EndTurn()).applied
    assert main(["uwo", "--resume"]) == 1
    err = capsys.readouterr().err.strip()
    assert "is open in another window" in err and len(err.splitlines()) == 1
    elsewhere.close()
