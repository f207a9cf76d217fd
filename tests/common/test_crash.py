"""An unexpected error never ends the app silently: a report in the data folder, a
non-zero exit, and one paragraph saying where the report is."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames import __version__
from boardgames.app import BoardgamesApp, run
from boardgames.common.clock import ManualClock
from boardgames.common.crash import EXIT_CRASH, FOLDER, Crash, write_report
from tests.screen import uwo_with_a_saved_action, wait_for


class Boom(RuntimeError):
    pass


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))
    return tmp_path


def _reports(data: Path) -> list[Path]:
    return sorted((data / FOLDER).glob("crash-*.txt")) if (data / FOLDER).exists() else []


async def test_a_crash_in_a_game_leaves_a_report_naming_its_save(data: Path) -> None:
    app = BoardgamesApp(clock=ManualClock(), seed=4)
    with pytest.raises(Boom):
        async with app.run_test(size=(120, 40)) as pilot:
            game = await uwo_with_a_saved_action(pilot)

            def boom() -> None:
                raise Boom("a bug in a handler")

            game.call_later(boom)
            await wait_for(pilot, lambda: app.crash is not None, "the crash to be seen")
    assert app.return_code == 1
    assert app.crash is not None and isinstance(app.crash.error, Boom)
    [report] = _reports(data)
    assert app.crash_report == report
    text = report.read_text(encoding="utf-8")
    assert f"boardgames {__version__}" in text
    assert "Boom: a bug in a handler" in text and "Traceback" in text
    assert game.session.autosave.record.filename in text


def test_the_command_exits_non_zero_and_says_where_the_report_is(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    class Broken(BoardgamesApp):
        def on_mount(self) -> None:
            super().on_mount()
            raise Boom("broken on mount")

    code = run(Broken(seed=1), headless=True, size=(80, 24))
    assert code == EXIT_CRASH
    [report] = _reports(data)
    err = capsys.readouterr().err
    assert "unexpected error (Boom: broken on mount)" in err
    assert str(report) in " ".join(err.split()) or str(report) in err.replace("\n", "")
    assert "Traceback" not in err


def test_a_clean_exit_is_zero_and_leaves_no_report(data: Path) -> None:
    class Quits(BoardgamesApp):
        def on_mount(self) -> None:
            super().on_mount()
            self.call_after_refresh(self.exit)

    assert run(Quits(seed=1), headless=True, size=(80, 24)) == 0
    assert _reports(data) == []


def test_an_unwritable_data_folder_still_gives_the_summary(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    crash = Crash(Boom("x"), save="uwo-abc.json")
    assert write_report(crash, blocker) is None
    summary = crash.summary(None)
    assert "could not be written" in summary and "uwo-abc.json" in summary


def test_outside_text_in_an_error_reaches_the_terminal_inert() -> None:
    summary = Crash(Boom("\x1b]0;pwned\x07")).summary(None)
    assert "\x1b" not in summary and "\x07" not in summary


def test_the_menu_command_itself_exits_non_zero_after_a_crash(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``boardgames`` (the CLI, not just ``app.run``) reports a crash in the app: exit 70."""
    from textual.app import App

    from boardgames import cli

    def broken_mount(self: BoardgamesApp) -> None:
        raise Boom("the menu broke")

    def headless_run(self: BoardgamesApp, **options: object) -> object:
        return App.run(self, headless=True, size=(80, 24))

    monkeypatch.setattr(BoardgamesApp, "on_mount", broken_mount)
    monkeypatch.setattr(BoardgamesApp, "run", headless_run)
    assert cli.main([]) == EXIT_CRASH
    [report] = _reports(data)
    assert "the menu broke" in report.read_text(encoding="utf-8")
    assert "unexpected error (Boom: the menu broke)" in capsys.readouterr().err


def test_a_bug_in_a_command_outside_the_app_leaves_a_report(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardgames import cli
    from boardgames.common import skeleton

    def broken(*args: object, **kwargs: object) -> object:
        raise Boom("the solver broke")

    monkeypatch.setattr(skeleton.SkeletonMatcher, "solutions", broken, raising=False)
    monkeypatch.setattr(cli, "preflight", lambda args: None)
    code = cli.main(["vowl", "solve", "SVR"])
    err = capsys.readouterr().err
    assert code == EXIT_CRASH, err
    assert "Traceback" not in err and "unexpected error (Boom: the solver broke)" in err
    assert len(_reports(data)) == 1


def test_a_crash_report_is_private_like_a_save(data: Path) -> None:
    """The report holds the command line and a save's name: 0600, as saves are (mkstemp)."""
    report = write_report(Crash(Boom("x")))
    assert report is not None
    assert report.stat().st_mode & 0o777 == 0o600


def _raise_in_the_worker() -> None:
    raise Boom("deep in the worker")


def test_a_worker_failure_report_holds_the_workers_own_traceback(data: Path) -> None:
    """Textual wraps a worker's error in ``WorkerFailed`` without raising it: the wrapper's
    traceback is empty, so the report must carry the inner error's."""

    class WorkerBreaks(BoardgamesApp):
        def on_mount(self) -> None:
            super().on_mount()
            self.run_worker(_raise_in_the_worker, thread=True)

    assert run(WorkerBreaks(seed=1), headless=True, size=(80, 24)) == EXIT_CRASH
    [report] = _reports(data)
    text = report.read_text(encoding="utf-8")
    assert "WorkerFailed" in text
    assert "Boom: deep in the worker" in text
    assert "_raise_in_the_worker" in text  # the frame where the bug is, not just the wrapper's line
