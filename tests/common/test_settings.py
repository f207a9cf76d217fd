"""Settings that persist: the theme picked in the palette is there at the next
start, ``--theme`` sets this run's, and a bad settings file is set aside with one message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardgames import cli
from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.settings import FILE, Settings, load_settings, save_settings
from tests.screen import record_notifications, settled, wait_for

SIZE = (80, 24)


async def test_a_theme_chosen_while_playing_is_there_at_the_next_start(_private_data_dir: Path) -> None:
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.theme = "nord"  # what the palette's "Change theme" does
        await pilot.pause()
    assert json.loads((_private_data_dir / FILE).read_text())["theme"] == "nord"
    again = BoardgamesApp(clock=ManualClock(), seed=1)
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, MainMenu), "the menu")
        assert again.theme == "nord"


async def test_the_theme_option_is_for_this_run_and_not_saved(_private_data_dir: Path) -> None:
    save_settings(Settings(theme="gruvbox"))
    app = BoardgamesApp(clock=ManualClock(), seed=1, theme="textual-light")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        assert app.theme == "textual-light"
    assert load_settings().settings.theme == "gruvbox"


@pytest.mark.parametrize(
    "content",
    [
        b"{",
        b"[]",
        b'{"version": 2, "theme": "nord"}',
        b'{"version": 1, "theme": 5}',
        b'{"version": 1, "theme": "[/]\\u001b]0;x\\u0007"}',
        b'{"version": 1, "theme": "../../etc"}',
    ],
    ids=["truncated", "not-object", "future", "wrong-type", "markup-and-escapes", "traversal"],
)
async def test_a_bad_settings_file_is_set_aside_once_and_the_suite_starts(
    _private_data_dir: Path, content: bytes
) -> None:
    (_private_data_dir / FILE).write_bytes(content)
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    said = record_notifications(app)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        assert app.theme == "textual-dark"
    [message] = said
    assert message.startswith(f"{FILE} ") and "default settings are used" in message
    assert not (_private_data_dir / FILE).exists()
    assert list(_private_data_dir.glob(f"{FILE}.corrupt-*"))


async def test_an_unknown_theme_is_ignored_but_the_file_kept(_private_data_dir: Path) -> None:
    save_settings(Settings(theme="a-theme-from-the-future"))
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    said = record_notifications(app)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        assert app.theme == "textual-dark"
    assert any("is not one this version has" in m for m in said)
    assert (_private_data_dir / FILE).exists()


def test_an_unknown_theme_on_the_command_line_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--theme", "no-such-theme"]) == 2
    assert cli.main(["uwo", "--theme", "no-such-theme"]) == 2
    err = capsys.readouterr().err
    assert "There is no theme 'no-such-theme'" in err and "textual-light" in err


def test_the_theme_option_reaches_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str | None] = []

    def fake_run(app: BoardgamesApp) -> int:
        seen.append(app._theme_for_this_run)
        return 0

    monkeypatch.setattr("boardgames.app.run", fake_run)
    assert cli.main(["--theme", "nord"]) == 0
    assert cli.main(["uwo", "--theme", "dracula"]) == 0
    assert seen == ["nord", "dracula"]
