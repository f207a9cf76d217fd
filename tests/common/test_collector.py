"""The cyclic collector's full passes run at handovers, not on a racer's key.

No clock is read: the tests count the collector's calls (``collector.gc`` replaced by
a recorder), so a pass moved back onto the keys, or a handover without one, fails.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import boardgames.app as app_module
from boardgames.common import collector
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import ReviewScreen
from tests.screen import settled, take_keyboard, wait_for
from tests.vowl.test_screen import MATCHER, SIZE, expire_timer, make_app, vowl

PASS = ["unfreeze", "collect", "freeze"]


class Recorder:
    """Stands in for the ``gc`` module: what was asked of it, in order."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def freeze(self) -> None:
        self.calls.append("freeze")

    def unfreeze(self) -> None:
        self.calls.append("unfreeze")

    def collect(self) -> int:
        self.calls.append("collect")
        return 0


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    rec = Recorder()
    monkeypatch.setattr(collector, "gc", rec)
    try:
        yield rec
    finally:
        collector.stop()


def test_settle_does_nothing_until_started(recorder: Recorder) -> None:
    """A test process (or any app not started by ``run``) keeps Python's own collector."""
    assert not collector.active()
    collector.settle()
    assert recorder.calls == []


def test_start_freezes_settle_passes_stop_unfreezes(recorder: Recorder) -> None:
    collector.start()
    assert collector.active()
    collector.settle()
    collector.settle()
    collector.stop()
    assert not collector.active()
    collector.settle()
    assert recorder.calls == ["freeze", *PASS, *PASS, "unfreeze"]


def test_run_starts_the_collector_before_the_app_runs(recorder: Recorder) -> None:
    seen: list[bool] = []

    class Stub:
        failure = None
        crash = None
        signalled = None

        def run(self, **options: Any) -> None:
            seen.append(collector.active())

    assert app_module.run(Stub()) == 0  # type: ignore[arg-type]
    assert seen == [True]
    assert recorder.calls == ["freeze"]


async def test_a_pass_at_each_handover_and_none_during_the_racers_answers(recorder: Recorder) -> None:
    """Each handover (while it ignores keys) runs one full pass once its frame is up;
    the racer's answers run none, and neither does the review that ends the turn."""
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    collector.start()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: settled(app), "the table")
        screen = vowl(app)
        assert recorder.calls == ["freeze"], "no pass before the first handover"

        await pilot.press("r")
        await wait_for(pilot, lambda: recorder.calls == ["freeze", *PASS], "a pass at the first handover")
        await take_keyboard(pilot, "Ann Lee")
        assert screen.game.phase is Phase.SOLVING

        for _ in range(3):
            run = screen.view().active_run
            assert run is not None and run.current is not None
            if run.pile_left < 2:
                break
            solved = run.solved_count or 0
            clock.advance(1)
            await pilot.press(*MATCHER.solutions(run.current.skeleton)[0], "enter")
            await wait_for(pilot, lambda s=solved: (screen.view().active_run.solved_count or 0) > s, "the answer")
        await expire_timer(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the turn's review")
        await wait_for(pilot, lambda: settled(app), "the review to be up")
        assert recorder.calls == ["freeze", *PASS], "no pass on the answers or the review's opening"

        clock.advance(1)
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, ReviewScreen), "the review to close")
        await wait_for(pilot, lambda: settled(app), "Bob's turn")
        await pilot.press("r")
        await wait_for(pilot, lambda: recorder.calls == ["freeze", *PASS, *PASS], "a pass at the next handover")
        await take_keyboard(pilot, "Bob Roy")
