"""A game that is over is never offered as "Resume".

A save whose actions already end the game (left when the move to the history stopped
short) stayed listed as "Resume" forever, and so did a save marked finished in
``saves/``.  Now resuming the first files it with the finished games and says so, and
listing skips the second.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.saves import SaveRecord, SaveStore, encode, read_record
from boardgames.common.session import GameSession, SaveAlreadyOver
from boardgames.uwo.actions import EndTurn, Resign
from boardgames.uwo.spec import SPEC as UWO_SPEC
from boardgames.uwo.spec import UwoSetup
from tests.common.test_session import SPEC, Add
from tests.screen import record_notifications, settled, wait_for


def ended_but_not_filed(store: SaveStore) -> SaveRecord:
    """A Counting save whose last action ends the game, still in ``saves/`` (finished: false)."""
    session = GameSession.start(SPEC, 3, seed=0, store=store)
    assert session.autosave is not None
    record = session.autosave.record
    engine = SPEC.build(3, 0)
    while engine.outcome() is None:
        action = Add(engine.turn, 2)
        engine.apply(action)
        record.actions.append(encode(action))
    assert store.write(record) is None  # as the autosave wrote it before the program stopped
    return record


def test_a_save_whose_actions_end_the_game_is_filed_as_finished(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    record = ended_but_not_filed(store)
    [listed] = store.unfinished().records
    with pytest.raises(SaveAlreadyOver, match="had already ended") as caught:
        GameSession.resume(SPEC, listed, store=store)
    assert "moved to the finished games" in caught.value.message
    assert store.unfinished().records == ()
    assert not (tmp_path / "saves" / record.filename).exists()
    done = read_record(tmp_path / "history" / record.filename)
    assert done.finished and len(done.actions) == len(record.actions)
    assert list((tmp_path / "locks").iterdir()) == []  # and let go


def test_a_save_one_move_short_of_the_end_still_resumes(tmp_path: Path) -> None:
    """Control: a game that is not over resumes as ever."""
    store = SaveStore(tmp_path)
    record = ended_but_not_filed(store)
    record.actions.pop()
    assert store.write(record) is None
    session = GameSession.resume(SPEC, store.unfinished().records[0], store=store)
    assert session.engine.outcome() is None


@pytest.mark.parametrize("finished", [True, False])
def test_a_save_marked_finished_is_not_listed(tmp_path: Path, finished: bool) -> None:
    store = SaveStore(tmp_path)
    record = SaveRecord("vowl", {}, seed=1, finished=finished)
    assert store.write(record) is None
    listing = store.unfinished()
    assert [r.id for r in listing.records] == ([] if finished else [record.id])
    assert listing.warnings == ()
    assert (tmp_path / "saves" / record.filename).exists()  # left where it is, not set aside


async def test_the_menu_says_so_and_lists_it_no_more() -> None:
    session = GameSession.start(UWO_SPEC, UwoSetup(), 4)
    assert session.apply(EndTurn()).applied
    assert session.autosave is not None
    record = session.autosave.record
    record.actions.append(encode(Resign()))  # the game ended; its filing away did not happen
    session.close()
    assert SaveStore().write(record) is None
    app = BoardgamesApp(clock=ManualClock(), seed=2)
    async with app.run_test(size=(110, 44)) as pilot:
        said = record_notifications(app)
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        menu = app.screen
        assert isinstance(menu, MainMenu) and list(menu.saves) == [record.filename]
        app.resume_game(SaveStore().unfinished().records[0])
        await wait_for(pilot, lambda: settled(app) and not menu.saves, "the menu without it")
        assert app.screen is menu
        assert any("had already ended" in message for message in said)
