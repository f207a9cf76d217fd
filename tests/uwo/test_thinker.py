"""The computer thinks in a process of its own (``boardgames.uwo.thinker``).

The search is decided in a child process, from the seat's view and the player's state;
the decisions are exactly those of the player deciding in the app, across a game and
after a resume; the child ends with the screen, with the app, and with a process that
is killed; if it cannot start or dies, the player is told and the game goes on."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.saves import SaveStore
from boardgames.common.session import GameSession
from boardgames.common.storage import DATA_ENV
from boardgames.uwo.actions import Action
from boardgames.uwo.engine import Game
from boardgames.uwo.players import PLAYERS, ComputerOpponent, Restorable
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.side import Side
from boardgames.uwo.spec import SPEC
from boardgames.uwo.thinker import NICENESS, Thinker, ThinkerError
from boardgames.uwo.view import UwoView
from tests.screen import record_notifications
from tests.uwo.test_screen import end_turn, uwo
from tests.uwo.test_vs_computer import computer_done

SIZE = (120, 40)


def alive(pid: int) -> bool:
    """Is ``pid`` a process that has not ended (a zombie has ended)?"""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def thinkers() -> set[int]:
    """The pids of every search process on this machine whose parent is this process."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().split(b"\0")
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if b"boardgames.uwo.thinker" in cmd and int(stat[1]) == os.getpid() and stat[0] != "Z":
                found.add(int(entry.name))
    return found


@pytest.mark.parametrize("level", ["greedy", "easy", "normal"])
def test_the_process_decides_exactly_as_the_player_through_a_game(level: str) -> None:
    """Both seats, many decisions (plans kept across a turn's steps, answers in duels):
    the process's choices and the player's own are the same, and the process is another."""
    game = Game.new(random.Random(11))
    local = {s: PLAYERS[level](s, random.Random(f"{level}/{s}")) for s in Side}
    remote = {s: PLAYERS[level](s, random.Random(f"{level}/{s}")) for s in Side}
    thinker = Thinker()
    try:
        for _ in range(40):
            side = game.to_act
            if side is None:
                break
            view = game.view(side)
            player = remote[side]
            assert isinstance(player, Restorable)
            mine = local[side].choose(view)
            assert thinker.choose(level, player, view) == mine
            assert player.snapshot() == local[side].snapshot()  # it goes on from the same state
            game.apply(mine)
        assert thinker.last_pid is not None and thinker.last_pid != os.getpid()
        assert thinker.last_pid == thinker.pid
    finally:
        thinker.close()
    assert not alive(thinker.last_pid)


def test_the_process_yields_the_processor_to_the_screen() -> None:
    """The search runs at the lowest priority, in the app's session (so the kernel's
    autogroups weigh that priority against the screen's, not against the whole machine)
    but in a process group of its own (so the terminal's signals do not reach it)."""
    thinker = Thinker()
    try:
        thinker.start()  # answers once it has lowered its priority
        pid = thinker.pid
        assert pid is not None
        assert os.getpriority(os.PRIO_PROCESS, pid) == max(NICENESS, os.getpriority(os.PRIO_PROCESS, 0))
        assert os.getsid(pid) == os.getsid(0), "the app's session"
        assert os.getpgid(pid) == pid != os.getpgid(0), "a process group of its own"
    finally:
        thinker.close()


def in_the_app(self: Thinker, level: str, player: Restorable, view: UwoView) -> Action:
    """``Thinker.choose`` as it was before the process: the player decides in the app."""
    del self, level
    return player.choose(view)


async def computer_turns(tmp: Path) -> tuple[list[object], list[object], int | None]:
    """An ``easy`` computer (it draws at random among its best plans) plays its first turn;
    the duel is left and resumed in a new app, where it plays its second: the saved
    actions after each, and the pid that decided the last of them."""
    os.environ[DATA_ENV] = str(tmp)
    computer = ComputerOpponent("easy", Side.GNORFS)  # it begins
    app = BoardgamesApp(start=lambda: UwoScreen(computer=computer), clock=ManualClock(), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        uwo(app).step_delay = 0.0
        await computer_done(pilot)
    (record,) = SaveStore().unfinished("uwo").records
    record.read_actions()  # listed from its header: the actions are read as a resume reads them
    first = list(record.actions)
    session = GameSession.resume(SPEC, record)
    app = BoardgamesApp(start=lambda: UwoScreen(session=session, step_delay=0.0), clock=ManualClock(), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = uwo(app)
        await computer_done(pilot)
        await end_turn(pilot)
        await computer_done(pilot)
        pid = screen.thinker.last_pid if screen.thinker is not None else None
    (record,) = SaveStore().unfinished("uwo").records
    record.read_actions()
    return first, list(record.actions), pid


async def test_the_computers_turns_are_the_same_from_the_process_also_after_a_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))  # restored after the test
    first, second, pid = await computer_turns(tmp_path / "process")
    assert pid is not None and pid != os.getpid(), "decided in the search process"
    monkeypatch.setattr(Thinker, "choose", in_the_app)
    first_here, second_here, _ = await computer_turns(tmp_path / "thread")
    assert len(first) >= 2 and len(second) > len(first) + 1
    assert (first, second) == (first_here, second_here)


async def test_the_process_starts_after_the_first_frame_and_ends_with_the_screen() -> None:
    app = BoardgamesApp(
        start=lambda: UwoScreen(computer=ComputerOpponent("normal", Side.GNORFS), step_delay=0),
        clock=ManualClock(),
        seed=1,
    )  # the computer begins: it decides at once
    at_first_frame: list[set[int]] = []
    display = app._display

    def first_frame(*args: object) -> None:
        if not at_first_frame:
            at_first_frame.append(thinkers())
        display(*args)  # type: ignore[arg-type]

    app._display = first_frame  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        screen = uwo(app)
        await computer_done(pilot)
        for _ in range(400):
            await pilot.pause()
            await app.workers.wait_for_complete()
            if screen.thinker is not None and screen.thinker.pid is not None:
                break
        thinker = screen.thinker
        assert thinker is not None and thinker.pid is not None and alive(thinker.pid)
        pid = thinker.pid
        assert thinkers() == {pid}
        assert at_first_frame == [set()], "no process before the first frame"
    assert thinker.closed and not alive(pid)
    assert thinkers() == set()


async def test_a_decision_ends_done_and_is_not_cancelled_by_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's step (and so its next decision, an exclusive worker of the same
    group) follows the worker that brought the answer, not inside it: a test waiting for
    the workers while an answer came saw that worker cancelled by the next."""
    answer = threading.Event()

    def held(self: Thinker, level: str, player: Restorable, view: UwoView) -> Action:
        answer.wait()  # until the test holds the worker
        return in_the_app(self, level, player, view)

    monkeypatch.setattr(Thinker, "choose", held)
    app = BoardgamesApp(
        start=lambda: UwoScreen(computer=ComputerOpponent("easy", Side.GNORFS), step_delay=0),
        clock=ManualClock(),
        seed=1,
    )  # the computer begins, with a turn of several steps
    async with app.run_test(size=SIZE) as pilot:
        screen = uwo(app)
        deciding: list[object] = []
        for _ in range(200):
            await pilot.pause()
            deciding = [w for w in app.workers if w.name == "_decide" and w.is_running]
            if deciding:
                break
        assert len(deciding) == 1, "the computer is deciding"
        worker = deciding[0]
        answer.set()
        await worker.wait()  # raised WorkerCancelled when the next decision started inside it
        assert worker.state.name == "SUCCESS"
        await computer_done(pilot)
        assert screen.session is not None and len(screen.session.autosave.record.actions) >= 2, "it went on deciding"


async def test_a_duel_between_people_starts_no_process() -> None:
    app = BoardgamesApp(start=lambda: UwoScreen(), clock=ManualClock(), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert uwo(app).thinker is None and thinkers() == set()


async def test_a_process_that_cannot_start_is_told_and_the_computer_plays_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Thinker, "command", lambda self: [sys.executable, "-c", "raise SystemExit(3)"])
    app = BoardgamesApp(
        start=lambda: UwoScreen(computer=ComputerOpponent("normal", Side.GNORFS), step_delay=0),
        clock=ManualClock(),
        seed=1,
    )
    said = record_notifications(app)
    async with app.run_test(size=SIZE) as pilot:
        screen = uwo(app)
        await computer_done(pilot)
        assert screen.game is not None and screen.game.current is Side.PNORFS, "the computer played its turn"
        assert screen.thinker is not None and screen.thinker.broken == "could not start"
        told = [n for n in said if "search process could not start" in n]
        assert len(told) == 1, said


async def test_a_process_that_dies_is_told_once_and_the_same_decisions_follow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The child killed between two turns: the next decision is made in the app, from
    the player's state as the process left it - the same as if it had lived."""

    async def two_turns(kill: bool) -> tuple[list[object], list[str]]:
        app = BoardgamesApp(
            start=lambda: UwoScreen(computer=ComputerOpponent("easy", Side.GNORFS), step_delay=0),
            clock=ManualClock(),
            seed=4,
        )
        said = record_notifications(app)
        async with app.run_test(size=SIZE) as pilot:
            screen = uwo(app)
            await computer_done(pilot)
            thinker = screen.thinker
            assert thinker is not None and thinker.pid is not None
            if kill:
                os.kill(thinker.pid, signal.SIGKILL)
            await end_turn(pilot)
            await computer_done(pilot)
            if kill:
                assert thinker.broken == "stopped"
        (record,) = SaveStore().unfinished("uwo").records
        record.read_actions()  # listed from its header: the actions are read as a resume reads them
        return list(record.actions), said

    monkeypatch.setenv(DATA_ENV, str(tmp_path / "a"))
    lived, said = await two_turns(kill=False)
    assert not [n for n in said if "search process" in n]
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "b"))
    died, said = await two_turns(kill=True)
    assert len(lived) >= 4 and died == lived  # two turns of the computer's, one of the person's
    assert len([n for n in said if "search process stopped" in n]) == 1, said


def test_a_closed_thinker_refuses_and_a_killed_app_leaves_no_process(tmp_path: Path) -> None:
    """A process holding a thinker killed outright (no exit handlers, no unmount):
    its child notices and ends by itself."""
    script = textwrap.dedent("""
        import os, random, sys
        from boardgames.uwo.engine import Game
        from boardgames.uwo.players import PLAYERS
        from boardgames.uwo.thinker import Thinker
        t = Thinker()
        g = Game.new(random.Random(1))
        t.choose("normal", PLAYERS["normal"](g.to_act, random.Random(1)), g.view(g.to_act))
        print(t.pid, flush=True)
        os.kill(os.getpid(), 9)
    """)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path, check=False
    )
    child = int(done.stdout.split()[0])
    for _ in range(600):  # a bounded count of looks; it ends within its watchdog's period
        if not alive(child):
            break
        subprocess.run(["sleep", "0.05"], check=True)
    assert not alive(child)
    closed = Thinker()
    closed.close()
    with pytest.raises(ThinkerError):
        closed.start()


# --- a child that does not answer ------------------------------------------------------------------------------------


def wake_if_stuck(pid: int) -> threading.Timer:
    """For the code before the deadline, which waited for a stopped child for ever: a
    generous bound that only matters then (the child killed, so that code saw it "stopped"
    and the test fails on its assertion instead of hanging)."""
    timer = threading.Timer(120.0, lambda: os.kill(pid, signal.SIGKILL) if alive(pid) else None)
    timer.daemon = True
    timer.start()
    return timer


def test_a_stopped_process_is_killed_at_its_deadline_and_the_player_decides_itself() -> None:
    game = Game.new(random.Random(5))
    side = game.to_act
    assert side is not None
    view = game.view(side)
    player = PLAYERS["easy"](side, random.Random(1))
    twin = PLAYERS["easy"](side, random.Random(1))
    assert isinstance(player, Restorable)
    thinker = Thinker()
    try:
        thinker.start()  # with the usual deadline: starting is not what is tested
        pid = thinker.pid
        assert pid is not None
        thinker.deadline = 0.5
        os.kill(pid, signal.SIGSTOP)
        guard = wake_if_stuck(pid)
        with pytest.raises(ThinkerError, match="did not answer in time"):
            thinker.choose("easy", player, view)
        guard.cancel()
        assert thinker.broken == "did not answer in time"
        assert not alive(pid), "the stopped process was killed"
        assert thinker.pid is None
        assert player.choose(view) == twin.choose(view)  # the player was left as it was: it decides itself
    finally:
        thinker.close()


def test_the_deadline_is_a_parameter_with_a_generous_default() -> None:
    from boardgames.uwo import thinker as module

    assert Thinker().deadline == module.DEADLINE >= 10
    assert Thinker(deadline=0.25).deadline == 0.25


async def test_a_stopped_process_does_not_stop_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGSTOP on the search process between two turns: at its deadline it is killed, the
    computer decides in the app - the same decisions as a process that answered - and
    the player is told once."""

    async def two_turns(stop: bool) -> tuple[list[object], list[str]]:
        app = BoardgamesApp(
            start=lambda: UwoScreen(computer=ComputerOpponent("easy", Side.GNORFS), step_delay=0),
            clock=ManualClock(),
            seed=4,
        )
        said = record_notifications(app)
        async with app.run_test(size=SIZE) as pilot:
            screen = uwo(app)
            await computer_done(pilot)
            thinker = screen.thinker
            assert thinker is not None and thinker.pid is not None
            if stop:
                pid = thinker.pid
                thinker.deadline = 0.5
                os.kill(pid, signal.SIGSTOP)
                guard = wake_if_stuck(pid)
            await end_turn(pilot)
            await computer_done(pilot)
            if stop:
                guard.cancel()
                assert thinker.broken == "did not answer in time"
                assert not alive(pid)
        (record,) = SaveStore().unfinished("uwo").records
        record.read_actions()
        return list(record.actions), said

    monkeypatch.setenv(DATA_ENV, str(tmp_path / "a"))
    answered, said = await two_turns(stop=False)
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "b"))
    stopped, said = await two_turns(stop=True)
    assert len(answered) >= 4 and stopped == answered
    assert len([n for n in said if "search process did not answer in time" in n]) == 1, said
