"""The main menu and its resume lines against hostile files, through Textual's Pilot.

A folder full of bad files must give the menu at once, each bad file told once (not
again when the menu comes back), set aside, and every good save still listed; titles
and file names are shown as text, never as markup or terminal control; a resume
line whose save cannot be replayed says so once, sets it aside and leaves the others.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.content import Content
from textual.widgets import OptionList

from boardgames.app import RESUME, BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.text import plain
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.rules import RulesScreen
from tests.hostile.corpus import (
    GAMES,
    aside_of,
    dump,
    dump_v2,
    fingerprint,
    good_header,
    good_record,
    lines,
    make_special,
)
from tests.screen import deliberately, record_notifications, screen_text, settled, wait_for

SIZE = (140, 50)

#: Titles a save may hold (a title is only shown): each must appear as the text it is.
HOSTILE_TITLES = {"t1": "[/]", "t2": "[@click=app.quit]Bob[/]", "t3": "[bold red]Ann \x1b]0;pwned\x07"}


def menu_ids(app: BoardgamesApp) -> list[str]:
    menu = app.screen.query_one(OptionList)
    return [menu.get_option_at_index(i).id or "" for i in range(menu.option_count)]


def prompts(app: BoardgamesApp) -> list[str]:
    """The menu's lines as Textual renders them (its markup read)."""
    menu = app.screen.query_one(OptionList)
    return [Content.from_markup(str(menu.get_option_at_index(i).prompt)).plain for i in range(menu.option_count)]


def bad_files(saves: Path, outside: Path) -> list[str]:
    """The issue's crashing saves and special files, and a few more; their names."""
    record = good_record("vowl", "x")
    files = {
        "vowl-yesterday.json": dump({**good_record("vowl", "yesterday"), "updated": "yesterday"}),
        "vowl-far.json": dump({**good_record("vowl", "far"), "updated": 1e20}),
        "uwo-deep.json": dump(good_record("uwo", "deep")).replace(
            b'"actions": [', b'"actions": [' + b"[" * 100_000 + b"]" * 100_000 + b","
        ),
        "vowl-victim.json": dump({**record, "id": "x/../../../victim"}),
        "vntypl8s-v.json": dump({**good_record("vntypl8s", "v"), "version": "[/]"}),
        "vowl-nan.json": dump(record).replace(b'"seed": 12345', b'"seed": NaN'),
        "[@click=app.quit].json": dump(record),
        "vowl-\x1b[2J.json": dump(record),
    }
    saves.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (saves / name).write_bytes(content)
    make_special("fifo", saves, "vowl-fifo.json", outside)
    make_special("link-dev-zero", saves, "vowl-zero.json", outside)
    make_special("link-outside", saves, "uwo-out.json", outside)
    make_special("folder", saves, "vntypl8s-dir.json", outside)
    return [*files, "vowl-fifo.json", "vowl-zero.json", "uwo-out.json", "vntypl8s-dir.json"]


async def test_a_folder_of_hostile_files_gives_the_menu_each_told_once(_private_data_dir: Path, tmp_path: Path) -> None:
    saves = _private_data_dir / "saves"
    outside = tmp_path / "outside.json"
    outside.write_bytes(dump(good_record("uwo", "out")))
    sentinel = fingerprint(outside)
    bad = bad_files(saves, outside)
    good = [f"{g}-good{i}.json" for i, g in enumerate(GAMES)]
    for i, game in enumerate(GAMES):
        (saves / good[i]).write_bytes(dump(good_record(game, f"good{i}")))
    for ident, title in HOSTILE_TITLES.items():
        (saves / f"vowl-{ident}.json").write_bytes(dump({**good_record("vowl", ident), "title": title}))
    app = BoardgamesApp(seed=1)
    said = record_notifications(app)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.is_mounted, "the menu")
        await pilot.pause()
        listed = sorted(i.removeprefix(RESUME) for i in menu_ids(app) if i.startswith(RESUME))
        assert listed == sorted([*good, *(f"vowl-{i}.json" for i in HOSTILE_TITLES)])
        for name in bad:
            assert sum(m.startswith(plain(name) + " ") for m in said) == 1, (name, said)
        assert len(said) == len(bad)
        shown = " ".join(prompts(app))
        for title in HOSTILE_TITLES.values():
            assert plain(title) in shown  # the very characters, as text: no markup, no escape code
        assert all(n.markup is False for n in app._notifications)  # a file name is no live link either
        # The menu lists again whenever it comes back: nothing more to tell.
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        await wait_for(pilot, lambda: settled(app), "the rules to be up")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu again")
        await pilot.pause()
        assert len(said) == len(bad)
        assert app.is_running
    for name in bad:
        assert not os.path.lexists(saves / name) and aside_of(saves, name)
    assert fingerprint(outside) == sentinel


KNOWN_UNREPLAYABLE = {
    "vowl": {"$frozenset": [[1, 2]]},
    "uwo": {"$type": "Move", "src": "a", "dst": 12},
    "vntypl8s": {"$type": "SubmitPlate", "player": 0, "plate": 7},
}


@pytest.mark.parametrize("game", GAMES)
async def test_a_resume_line_that_cannot_be_replayed_is_told_once_and_set_aside(
    game: str, _private_data_dir: Path
) -> None:
    saves = _private_data_dir / "saves"
    saves.mkdir()
    (saves / f"{game}-good.json").write_bytes(dump(good_record(game, "good", updated=1_700_000_000.0)))
    broken = {
        **good_record(game, "broken", updated=1_700_000_100.0),
        "title": "[/] broken",
        "actions": [KNOWN_UNREPLAYABLE[game]],
    }
    (saves / f"{game}-broken.json").write_bytes(dump(broken))
    await resuming_the_broken_one_is_told_once(game, saves, listed_in_silence=False)


async def resuming_the_broken_one_is_told_once(game: str, saves: Path, *, listed_in_silence: bool) -> None:
    """The menu's resume line of ``<game>-broken.json`` (the newest save) chosen: the
    refusal is told once, naming where the file was set aside, and the menu stays with
    only ``<game>-good.json`` to resume.  *listed_in_silence*: the menu listed it
    without a word, and the refusal is then the only thing said."""
    app = BoardgamesApp(seed=1)
    said = record_notifications(app)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.is_mounted, "the menu")
        if listed_in_silence:
            assert not said
        ids = menu_ids(app)
        at = ids.index(f"{RESUME}{game}-broken.json")  # newest first
        await pilot.press(*["down"] * at, "enter")
        await wait_for(pilot, lambda: any("cannot be resumed" in m for m in said), "the refusal")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu) and app.is_running
        (message,) = said if listed_in_silence else [m for m in said if "cannot be resumed" in m]
        (aside,) = aside_of(saves, f"{game}-broken.json")
        assert f"{game}-broken.json cannot be resumed: " in message and f"kept as {aside.name}" in message
        assert [i for i in menu_ids(app) if i.startswith(RESUME)] == [f"{RESUME}{game}-good.json"]
        assert not (saves / f"{game}-broken.json").exists()


@pytest.mark.parametrize("game", GAMES)
async def test_a_resume_line_whose_actions_are_garbage_is_listed_then_told_once_and_set_aside(
    game: str, _private_data_dir: Path
) -> None:
    """Version 2: the menu lists from the headers; a body that is not actions is found on resume."""
    saves = _private_data_dir / "saves"
    saves.mkdir()
    (saves / f"{game}-good.json").write_bytes(dump_v2(game, "good"))
    header = {**good_header(game, "broken"), "title": "[/] broken", "updated": 1_700_000_100.0, "actions": 2}
    (saves / f"{game}-broken.json").write_bytes(lines(header, []) + b"\x00\xff garbage, not an action\n" * 1000)
    await resuming_the_broken_one_is_told_once(game, saves, listed_in_silence=True)


async def test_the_delete_question_shows_the_title_as_text(_private_data_dir: Path) -> None:
    saves = _private_data_dir / "saves"
    saves.mkdir()
    (saves / "uwo-t.json").write_bytes(dump({**good_record("uwo", "t"), "title": "[/][@click=app.quit]x"}))
    app = BoardgamesApp(seed=1, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.is_mounted, "the menu")
        at = menu_ids(app).index(f"{RESUME}uwo-t.json")
        await pilot.press(*["down"] * at, "x")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        await pilot.pause()
        assert "Delete the saved UWO game ([/][@click=app.quit]x)?" in screen_text(app)
        await deliberately(pilot, "y")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        assert not (saves / "uwo-t.json").exists() and app.is_running
