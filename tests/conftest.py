"""Suite-wide fixtures: every test gets its own data directory."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardgames.common import collector
from boardgames.common.storage import DATA_ENV


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Stats and saves go to a fresh folder, never the developer's real one."""
    path = tmp_path_factory.mktemp("data")
    monkeypatch.setenv(DATA_ENV, str(path))
    return path


@pytest.fixture(autouse=True)
def _pause_waits_for_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pilot.pause()`` returns once the app has handled what it was sent.

    Textual's pause waits until the *process* looks idle; on a busy machine that is true
    at once, with a screen pushed a moment ago still mounting, so the next look at the
    screen finds it empty.  Every pause here also waits (a bounded number of turns) until
    no screen is still mounting and no message is queued: the state a player would see.
    """
    from textual.pilot import Pilot

    from tests.screen import quiet

    pause = Pilot.pause

    async def pause_until_quiet(self: Pilot, delay: float | None = None) -> None:
        await pause(self, delay)
        if quiet(self.app):
            return
        # Only let the event loop run: Textual's own pause would post probes to every
        # widget and give up with an error when a handler is held open on purpose.
        for _ in range(QUIET_TURNS):
            await asyncio.sleep(0.005)
            if quiet(self.app):
                break
        with contextlib.suppress(Exception):  # the app may have stopped meanwhile
            self.app.screen._on_timer_update()  # lay out and draw what just mounted, as pause does

    monkeypatch.setattr(Pilot, "pause", pause_until_quiet)


#: How many more turns a pause gives the app to become quiet (a screen whose timer
#: fires every turn never is; the test then goes on as with Textual's own pause).
QUIET_TURNS = 200


@pytest.fixture(autouse=True)
def _pythons_own_collector() -> Iterator[None]:
    """A test that ran the app through ``boardgames.app.run`` (the CLI's tests) started
    ``common.collector``; the next test in the process starts with Python's own again."""
    yield
    if collector.active():
        collector.stop()


# The day-to-day subset is ``./scripts/test -m "not slow"`` (CONTRIBUTING.md): these
# are the tests left out of it, each of which takes seconds, not milliseconds.
SLOW_MODULES = {
    "tests/uwo/test_ai.py",  # hundreds of seeded AI games
    "tests/uwo/test_selfplay.py",
    "tests/uwo/test_random_play.py",
    "tests/vntypl8s/test_simulation.py",
    "tests/test_wheel.py",  # builds and installs the wheel and sdist
    "tests/net/test_soak.py",  # 8 seats over loopback for a whole game
}


# What ``.ci/run`` runs on every Python the package claims besides the one the whole
# suite runs on (``-m every_python``): what is drawn, what fits, which keys do what, and
# the handovers - what differed between Pythons when a speed-up relied on event order.
EVERY_PYTHON = {
    "tests/test_snapshots.py",
    "tests/uwo/test_snapshots_uwo.py",
    "tests/vowl/test_snapshots_vowl.py",
    "tests/vntypl8s/test_snapshots_vntypl8s.py",
    "tests/tmux/test_drawn_alike.py",
    "tests/tmux/test_handovers_terminal.py",
    "tests/common/test_too_small.py",
    "tests/vowl/test_table_80x24.py",
    "tests/vntypl8s/test_layout.py",
    "tests/uwo/test_small_terminal.py",
    "tests/common/test_key_map.py",
    "tests/common/test_handover_guarantees.py",
    "tests/common/test_resume_opening.py",
    "tests/common/test_drawn_rows.py",
    "tests/common/test_partial_update.py",
    "tests/common/test_frames.py",
    "tests/common/test_first_frame.py",
    "tests/common/test_textual_compat.py",
    "tests/common/test_big_screens.py",
    "tests/common/test_setup_form.py",
    "tests/common/test_history.py",
    "tests/vowl/test_stats_screen.py",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the slow tests and those run on every Python, and keep the real-terminal
    tests on one worker.

    tmux tests each start a real ``boardgames`` process; run in parallel on a busy
    2-core machine, they starve each other (and the Pilot tests) of CPU.  In one
    xdist group (``--dist loadgroup``) they run one after another on one worker
    while the other workers take the rest of the suite.
    """
    root = Path(str(config.rootpath))
    for item in items:
        rel = Path(str(item.path)).relative_to(root).as_posix()
        if rel in EVERY_PYTHON:
            item.add_marker(pytest.mark.every_python)
        if item.get_closest_marker("tmux") or rel.startswith("tests/tmux/"):
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group("tmux"))
        elif rel in SLOW_MODULES or "monkey" in item.name:
            item.add_marker(pytest.mark.slow)
    # The longest first: a worker that picks up a two-minute test near the end of the
    # run keeps the whole suite waiting for it alone (the VNTYPL8S monkey, collected
    # last, made CI's run 10 minutes).  A stable sort: the rest keep their order.
    items.sort(key=_start_order)


#: The tests that take longest (``--durations``), longest first, started before the rest
#: (measured per folder with ``-n 2`` on a loaded machine, 2 December: the monkeys
#: 122 / 103 / 89 / 44 s, the AI's legality sweep 55 s, the three hundred Vowl games
#: 97 s under load; the hostile-names round, 114 s before it clicked only the names,
#: is now about 25 s and left to its place).
RUN_FIRST = (
    "test_monkey_on_the_vowl_screen",
    "test_monkey_on_a_uwo_duel",
    "test_three_hundred_seeded_games",
    "test_monkey_on_vntypl8s",
    "test_the_computer_never_attempts_an_illegal_action",
    "test_sdist_and_wheel_install",
    "test_monkey_from_the_main_menu",
    "test_a_finished_game_moves_to_history",
    "test_no_card_of_the_inactive_hand_is_ever_on_screen",
    "test_random_play_through_the_screen_never_shows_the_other_hand",
)


def _start_order(item: pytest.Item) -> int:
    """Where *item* starts: the longest tests in ``RUN_FIRST``'s order, then the slow ones,
    then the rest."""
    for rank, part in enumerate(RUN_FIRST):
        if part in item.nodeid:
            return rank
    return len(RUN_FIRST) + (0 if item.get_closest_marker("slow") else 1)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker's last garbage collection, done before it reports that it has finished.

    After that report pytest collects five times over all the run left behind (to find a
    late unraisable exception), and xdist gives a worker five seconds to end: over the
    thousands of apps a worker has run, on a busy machine, that outlasted it, and xdist's
    SIGINT then landed in hypothesis's gc callback (a KeyboardInterrupt printed as a
    warning at the end of a green run).  Collected here and frozen, those passes are quick.
    """
    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.collect()
        gc.freeze()
