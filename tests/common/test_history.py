"""The History screen: every finished game listed, replayed from the table's side only,
UWO's results per computer level and VNTYPL8S's plates.

Before it, nothing showed the finished games of ``history/`` at all, although each is
kept there as a replayable action log.
"""

from __future__ import annotations

import io
import random
import time
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import DataTable

from boardgames.app import HISTORY, BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.history import read_history, replay_finished
from boardgames.common.history_stats import plate_gallery, uwo_by_level
from boardgames.common.saves import SaveStore, decode
from boardgames.common.storage import data_dir
from boardgames.common.ui.history_screen import HistoryScreen, ReplayScreen
from boardgames.games import get_game
from boardgames.uwo.actions import Resign
from boardgames.uwo.players import ComputerOpponent
from boardgames.uwo.side import Side
from boardgames.uwo.spec import UwoSetup
from boardgames.vntypl8s.spec import Vntypl8sSetup
from tests.common.history_games import finish
from tests.common.test_palette_commands import _palette_hits
from tests.screen import deliberately, record_notifications, screen_text, wait_for

HOSTILE = ("[b]Bob[/b]", "[@click=app.quit]x[/]", "Cy")


def text_of(renderable: object) -> str:
    console = Console(width=120, file=io.StringIO(), color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def vs_computer(level: str, side: Side = Side.PNORFS) -> UwoSetup:
    return UwoSetup(computer=ComputerOpponent(level, side))


def test_finished_games_are_listed_newest_first_with_their_result(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    first = finish(store, "uwo", 1, steps=20, last=Resign())
    second = finish(store, "vntypl8s", 2, Vntypl8sSetup(HOSTILE))
    history = read_history(store)
    assert [g.record.id for g in history.games] == [second.id, first.id]
    plates, duel = history.games
    assert duel.game_title == "UWO" and duel.players.startswith("hot-seat")
    assert duel.result.endswith("resigned.")  # the side to act at step 20 resigned
    assert plates.players.startswith("[b]Bob[/b] ")
    assert "wins" in plates.result or "Shared victory" in plates.result


def test_a_finished_game_that_does_not_replay_is_set_aside_and_the_rest_listed(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    good = finish(store, "uwo", 1, steps=10, last=Resign())
    bad = finish(store, "uwo", 2, steps=10, last=Resign())
    path = tmp_path / "history" / bad.filename
    lines = path.read_text().splitlines()
    lines[1] = '{"$type": "Resign"}'  # a resignation at the first action, then more actions: refused
    lines.insert(1, '{"$type": "NoSuchAction"}')
    header = lines[0].replace(f'"actions": {len(bad.actions)}', f'"actions": {len(bad.actions) + 1}')
    path.write_text("\n".join([header, *lines[1:]]) + "\n")
    (tmp_path / "history" / "uwo-junk.json").write_text("not json\n")
    history = read_history(store)
    assert [g.record.id for g in history.games] == [good.id]
    assert len(history.warnings) == 2
    assert any(bad.filename in w and "cannot be replayed" in w for w in history.warnings)
    assert not path.exists()  # set aside, not deleted, and not met again
    assert read_history(store).warnings == ()


def test_uwo_results_are_counted_per_computer_level(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    # the Gnorfs begin and resign at once: the person (Gnorfs) loses to "hard"
    finish(store, "uwo", 1, vs_computer("hard"), steps=0, last=Resign())
    # the person plays the Pnorfs: the Gnorfs (the computer) resign, the person wins
    finish(store, "uwo", 2, vs_computer("easy", Side.GNORFS), steps=0, last=Resign())
    finish(store, "uwo", 3, steps=0, last=Resign())  # hot-seat: not counted
    tally = {t.level: t for t in uwo_by_level(read_history(store).games, ("beginner", "easy", "normal", "hard"))}
    assert (tally["hard"].won, tally["hard"].lost, tally["hard"].drawn) == (0, 1, 0)
    assert (tally["easy"].won, tally["easy"].lost) == (1, 0)
    assert tally["normal"].played == 0 and tally["beginner"].played == 0


def test_the_gallery_holds_every_plate_written_with_owner_writer_and_guesser(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    record = finish(store, "vntypl8s", 5, Vntypl8sSetup(HOSTILE))
    game = replay_finished(record)
    final = game.final
    gallery = plate_gallery(read_history(store).games)
    assert len(gallery) == len(final.history) > 0  # type: ignore[attr-defined]
    for entry, plate in zip(gallery, final.history, strict=True):  # type: ignore[attr-defined]
        assert (entry.plate, entry.owner, entry.writer) == (plate.plate, plate.owner, HOSTILE[plate.writer])
        assert entry.guessed_by == (None if plate.guessed_by is None else HOSTILE[plate.guessed_by])


def _replayed_alongside(record, key: str):
    """Each step's engine as the game had it (every seat's view), beside the replay's steps."""
    spec = get_game(key).entry.spec
    engine = spec.build(spec.setup_from_json(record.setup), record.seed)
    yield engine
    for data in record.actions:
        engine.apply(decode(data, spec.action_classes))
        yield engine


def test_a_vntypl8s_replay_never_shows_a_plate_still_being_written(tmp_path: Path) -> None:
    """A plate handed in is the writer's secret until it is revealed: no step of the replay
    (its drawing or its events) holds it.  Control: the writer's own view has it."""
    store = SaveStore(tmp_path)
    record = finish(store, "vntypl8s", 7, Vntypl8sSetup(("Ann", "Bob", "Cy")))
    game = replay_finished(record)
    draw = get_game("vntypl8s").entry.public_view
    assert draw is not None
    checked = 0
    for step, engine in zip(game.steps, _replayed_alongside(record, "vntypl8s"), strict=True):
        shown = text_of(draw(step.view)) + "\n".join(str(e) for e in step.events)
        revealed = {r.plate for r in engine.view(None).history} | {engine.view(None).plate}
        for seat in range(3):
            own = engine.view(seat).players[seat].plate
            if own and own not in revealed and engine.view(None).players[seat].plate is None:
                checked += 1
                assert own not in shown, f"{own} shown before it was revealed"
    assert checked > 0  # the control: plates were secret at some steps


def test_a_uwo_replay_never_holds_a_hand(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    record = finish(store, "uwo", 8, steps=60, last=Resign())
    game = replay_finished(record)
    for step, engine in zip(game.steps, _replayed_alongside(record, "uwo"), strict=True):
        assert all(side.hand is None for side in step.view.sides)  # type: ignore[attr-defined]
        assert step.view == engine.view(None)
        assert all(getattr(e, "audience", None) is None for e in step.events)
        assert engine.view(Side.GNORFS).sides[0].hand is not None  # the control: there was a hand to hide


async def test_history_from_the_menu_lists_hostile_names_literally_at_80x24() -> None:
    store = SaveStore(data_dir())
    finish(store, "vntypl8s", 2, Vntypl8sSetup(HOSTILE))
    finish(store, "uwo", 1, steps=20, last=Resign())
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        menu = app.screen
        options = menu.query_one("#menu-games")
        index = next(i for i in range(options.option_count) if options.get_option_at_index(i).id == HISTORY)
        options.highlighted = index
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "the History screen")
        await pilot.pause()
        text = screen_text(app)
        assert "[b]Bob[/b]" in text and "UWO" in text and "VNTYPL8S" in text
        assert app.is_running  # the [@click=app.quit] name is text, not a link
        await deliberately(pilot, "p")
        await pilot.pause()
        assert app.screen.query_one("#history-plates", DataTable).row_count > 0
        await deliberately(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "back to the menu")


async def test_history_from_the_palette_and_a_replay_stepped_with_the_arrows() -> None:
    store = SaveStore(data_dir())
    record = finish(store, "uwo", 1, steps=12, last=Resign())
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        hits = await _palette_hits(pilot, app, "History")
        assert any(h.startswith("History\n") for h in hits)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "the History screen")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert "Step 0 of 13" in screen_text(app)
        await pilot.press("right", "right")
        assert replay.step == 2 and "Step 2 of 13" in screen_text(app)
        await pilot.press("left")
        assert replay.step == 1
        await pilot.press("end")
        assert replay.step == len(record.actions) and "resigned" in screen_text(app)
        await pilot.press("home")
        assert replay.step == 0
        await deliberately(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "back to the list")


async def test_an_unreadable_history_file_is_told_once_and_the_rest_listed() -> None:
    store = SaveStore(data_dir())
    finish(store, "uwo", 1, steps=5, last=Resign())
    (data_dir() / "history" / "uwo-broken.json").write_text("{not json\n")
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notifications(app)
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.show_history()
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "the History screen")
        await wait_for(pilot, lambda: any("uwo-broken.json" in s for s in said), "the one message")
        assert len([s for s in said if "uwo-broken.json" in s]) == 1
        assert app.screen.query_one("#history-games", DataTable).row_count == 1


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_history_snapshot(snap_compare, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "UTC")  # the dates shown are local times: the same on every machine
    time.tzset()
    store = SaveStore(data_dir())
    rng = random.Random(0)
    finish(store, "vntypl8s", 2, Vntypl8sSetup(HOSTILE))
    finish(store, "uwo", 1, vs_computer("normal"), steps=rng.randrange(10, 20), last=Resign())
    # fixed times: the snapshot must not show the clock of the day it runs
    for i, path in enumerate(sorted((data_dir() / "history").iterdir())):
        text = path.read_text()
        head, rest = text.split("\n", 1)
        import json

        data = json.loads(head)
        data["updated"] = data["started"] = 1_780_000_000.0 + i * 3600
        path.write_text(json.dumps(data) + "\n" + rest)

    async def run_before(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, MainMenu), "the menu")
        pilot.app.show_history()
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HistoryScreen), "the History screen")

    try:
        assert snap_compare(BoardgamesApp(clock=ManualClock(), seed=1), terminal_size=size, run_before=run_before)
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_replay_snapshot(snap_compare, size: tuple[int, int]) -> None:
    store = SaveStore(data_dir())
    finish(store, "uwo", 1, steps=15, last=Resign())

    async def run_before(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, MainMenu), "the menu")
        pilot.app.show_history()
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HistoryScreen), "the History screen")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen), "the replay")
        await pilot.press("right", "right", "right")

    assert snap_compare(BoardgamesApp(clock=ManualClock(), seed=1), terminal_size=size, run_before=run_before)


async def test_a_game_without_a_picture_of_its_table_replays_its_public_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tricks (hidden hands, no ``public_view``): the replay shows each step's public events alone."""
    from tests.fourth.registration import register

    register(monkeypatch)
    store = SaveStore(data_dir())
    record = finish(store, "tricks", 3)
    game = replay_finished(record)
    for step, engine in zip(game.steps, _replayed_alongside(record, "tricks"), strict=True):
        assert step.view == engine.view(None)
        assert all(getattr(e, "audience", None) is None for e in step.events)
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.show_history()
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "the History screen")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("right")
        text = screen_text(app)
        assert "no picture of its table" in text
        assert str(game.steps[1].events[0]).split()[0] in text


async def test_a_replay_shows_hostile_names_as_text() -> None:
    store = SaveStore(data_dir())
    finish(store, "vntypl8s", 2, Vntypl8sSetup(HOSTILE))
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.show_history()
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "the History screen")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "VNTYPL8S: [b]Bob[/b]" in text  # the frame's title, not bold markup
        assert "[@click=app.quit]x" in text and app.is_running


async def test_the_enter_that_opened_the_history_does_not_open_a_replay_but_arrows_move_at_once() -> None:
    store = SaveStore(data_dir())
    finish(store, "uwo", 1, steps=5, last=Resign())
    finish(store, "uwo", 2, steps=5, last=Resign())
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.show_history()
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "the History screen")
        await pilot.press("enter")  # a second Enter, right behind the one that opened it
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("down")
        assert app.screen.query_one("#history-games", DataTable).cursor_row == 1


async def test_a_long_replay_step_scrolls_at_80x24() -> None:
    """Eight players' plates do not fit under the board of names at 80×24: PgDn shows the rest."""
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    store = SaveStore(data_dir())
    finish(store, "vntypl8s", 4, Vntypl8sSetup(names))
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.show_history()
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen), "the History screen")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("end")
        await pilot.pause()
        frame = app.screen.query_one("#replay-frame")
        assert frame.max_scroll_y > 0
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: frame.scroll_y > 0, "the step scrolled")


@pytest.mark.parametrize("key, setup", [("vowl", None), ("vowl", "practice"), ("uwo", None), ("vntypl8s", None)])
def test_every_step_of_every_game_is_drawn_from_its_public_view(tmp_path: Path, key: str, setup: object) -> None:
    """Each game's ``public_view`` draws every step of a whole game, and says how it ended."""
    from boardgames.vowl.spec import VowlSetup

    store = SaveStore(tmp_path)
    if setup == "practice":
        setup = VowlSetup(("Ann",), (15,), practice=True)
    kwargs = {"steps": 40, "last": Resign()} if key == "uwo" else {}
    record = finish(store, key, 11, setup, **kwargs)  # type: ignore[arg-type]
    entry = get_game(key).entry
    assert entry.public_view is not None and entry.result is not None
    game = replay_finished(record)
    for step in game.steps:
        assert text_of(entry.public_view(step.view)).strip()
    [listed] = read_history(store).games
    assert listed.result == entry.result(game.final) and listed.result in text_of(entry.public_view(game.final))


def test_a_game_that_cannot_be_rebuilt_on_this_machine_is_kept_and_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The decks missing (a ``UserFacingError``): not the file's fault, so it stays where it is."""
    from boardgames.common.errors import UserFacingError
    from boardgames.vntypl8s.spec import SPEC

    store = SaveStore(tmp_path)
    record = finish(store, "vntypl8s", 2)
    finish(store, "uwo", 1, steps=5, last=Resign())

    def missing(*args: object) -> None:
        raise UserFacingError("The VNTYPL8S card files are missing.")

    monkeypatch.setattr(SPEC, "check", missing)
    history = read_history(store)
    assert [g.record.game for g in history.games] == ["uwo"]
    assert history.warnings == ("The VNTYPL8S card files are missing.",)
    assert (tmp_path / "history" / record.filename).exists()
