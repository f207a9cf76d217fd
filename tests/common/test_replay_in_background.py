"""A long saved game is replayed off the UI thread, behind a screen that says how far it got.

Replaying tens of thousands of actions on the UI thread froze the terminal for seconds
with the menu still drawn.  ``BoardgamesApp.resume_game`` replays a save of
``REPLAY_IN_BACKGROUND`` bytes or more in a worker thread behind a ``ReplayingScreen``;
the tests lower the size so a short save takes that way.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from boardgames import app as app_module
from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.session import GameSession
from boardgames.common.ui.replaying import ReplayingScreen
from boardgames.uwo.actions import EndTurn
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.spec import SPEC as UWO_SPEC
from boardgames.uwo.spec import UwoSetup
from tests.screen import record_notifications, settled, wait_for


def a_saved_duel() -> SaveRecord:
    session = GameSession.start(UWO_SPEC, UwoSetup(), 4)
    for _ in range(3):
        assert session.apply(EndTurn()).applied
    session.close()
    [record] = SaveStore().unfinished().records
    return record


@pytest.fixture
def every_save_is_long(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[int, int]]]:
    """Every save takes the background way; each replay's thread and last progress are kept."""
    monkeypatch.setattr(app_module, "REPLAY_IN_BACKGROUND", 0, raising=False)
    seen: list[tuple[str, tuple[int, int]]] = []
    resume = GameSession.resume.__func__  # type: ignore[attr-defined]

    def watched(cls: Any, *args: Any, progress: Any = None, **kwargs: Any) -> Any:
        last: list[tuple[int, int]] = [(0, 0)]

        def told(done: int, total: int) -> None:
            last[0] = (done, total)
            if progress is not None:
                progress(done, total)

        try:
            return resume(cls, *args, progress=told, **kwargs)
        finally:
            seen.append((threading.current_thread().name, last[0]))

    monkeypatch.setattr(GameSession, "resume", classmethod(watched))
    return seen


async def test_a_long_save_is_replayed_off_the_ui_thread_with_progress(
    every_save_is_long: list[tuple[str, tuple[int, int]]],
) -> None:
    record = a_saved_duel()
    app = BoardgamesApp(clock=ManualClock(), seed=2)
    async with app.run_test(size=(110, 44)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        shown: list[type] = []
        app.resume_game(record)
        shown.append(type(app.screen))
        await wait_for(pilot, lambda: not isinstance(app.screen, MainMenu | ReplayingScreen), "the resumed duel")
        assert shown == [ReplayingScreen]
        [(thread, last)] = every_save_is_long
        assert thread != threading.main_thread().name
        assert last == (3, 3)
        duel = next(s for s in app.screen_stack if isinstance(s, UwoScreen))  # behind its opening handover
        assert duel.session is not None and duel.session.autosave is not None
        assert duel.session.autosave.record.id == record.id


async def test_a_long_save_that_cannot_be_resumed_is_said_as_ever(
    every_save_is_long: list[tuple[str, tuple[int, int]]],
) -> None:
    record = a_saved_duel()
    elsewhere = GameSession.resume(UWO_SPEC, SaveStore().unfinished().records[0])  # another window holds it
    app = BoardgamesApp(clock=ManualClock(), seed=2)
    async with app.run_test(size=(110, 44)) as pilot:
        said = record_notifications(app)
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.resume_game(record)
        await wait_for(pilot, lambda: any("open in another window" in m for m in said), "the message")
        await wait_for(pilot, lambda: settled(app), "the menu again")
        assert isinstance(app.screen, MainMenu)
    elsewhere.close()


async def test_a_short_save_is_still_replayed_at_once() -> None:
    """Control: below the size, the game opens in the same call, as before."""
    record = a_saved_duel()
    app = BoardgamesApp(clock=ManualClock(), seed=2)
    async with app.run_test(size=(110, 44)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.resume_game(record)
        await pilot.pause()
        assert not isinstance(app.screen, MainMenu | ReplayingScreen)


def test_a_progress_display_that_fails_is_not_the_saves_fault() -> None:
    """The display may be gone (the app closing): the replay goes on and the save is resumed."""
    record = a_saved_duel()

    def broken(done: int, total: int) -> None:
        raise RuntimeError("the app is not running")

    session = GameSession.resume(UWO_SPEC, record, progress=broken)
    assert session.engine.outcome() is None
    session.close()


def a_vowl_pile_interrupted(seconds_used: float) -> SaveRecord:
    """A solitaire practice game stopped mid-pile: one card answered at *seconds_used*."""
    from boardgames.common.dictionary import get_dictionary
    from boardgames.common.skeleton import SkeletonMatcher
    from boardgames.vowl.actions import Answer, Roll, StartRun
    from boardgames.vowl.spec import SPEC as VOWL_SPEC
    from boardgames.vowl.spec import VowlSetup

    session = GameSession.start(VOWL_SPEC, VowlSetup(("Ann Lee",), (25,), practice=True), 11)
    assert session.apply(Roll()).applied and session.apply(StartRun()).applied
    card = session.engine.view(None).active_run.current  # type: ignore[union-attr]
    word = SkeletonMatcher(get_dictionary()).solutions(card.skeleton)[0]
    assert session.apply(Answer(word, seconds_used)).applied
    assert session.engine.outcome() is None
    session.close()
    [record] = SaveStore().unfinished().records
    return record


async def test_a_long_replay_takes_no_sand_the_timer_starts_when_the_player_is_ready(
    every_save_is_long: list[tuple[str, tuple[int, int]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The replay took a minute and a half (the clock runs on meanwhile): the resumed pile's
    sand timer still waits for its handover, then runs with the time left at the last
    answer (Interpretation V26), not a second less."""
    from boardgames.common.ui.handover import HandoverScreen
    from boardgames.common.ui.sandtimer import SandTimer
    from tests.screen import take_keyboard

    record = a_vowl_pile_interrupted(4.0)
    clock = ManualClock()
    replay = GameSession.resume.__func__  # type: ignore[attr-defined]

    def slow(cls: Any, *args: Any, progress: Any = None, **kwargs: Any) -> Any:
        session = replay(cls, *args, progress=progress, **kwargs)
        clock.advance(90.0)  # what a long save's replay may take
        return session

    monkeypatch.setattr(GameSession, "resume", classmethod(slow))
    app = BoardgamesApp(clock=clock, seed=2)
    async with app.run_test(size=(110, 44)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.resume_game(record)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and settled(app), "the resume handover")
        timers = [t for s in app.screen_stack for t in s.query(SandTimer)]
        assert timers and not any(t.running for t in timers)  # nothing runs under the handover
        clock.advance(30.0)  # the players read the handover for a while: still no sand
        said = await take_keyboard(pilot)
        assert "21 s left" in said, said
        [sand] = [t for t in app.screen.query(SandTimer) if t.running]
        assert sand.countdown.remaining == pytest.approx(21.0)
