"""Vowl's practice stats and VNTYPL8S's favourite plates: every field checked, a bad file set aside.

``"cards_solved": 1e400`` crashed every practice start; a favourites file whose
version held markup kept the favourites screen from opening.  Now each field of
each file type, given a wrong type, an out-of-range number, markup or escape codes,
sets the file aside with one message and a fresh start; the screens open and say so.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardgames.vntypl8s.favourites import FILE_NAME, MAX_FAVOURITES, Favourite, add_favourites, load_favourites
from boardgames.vowl.stats import FILENAME, PracticeStats, StatsStore
from tests.hostile.corpus import ESCAPES, MARKUP, aside_of
from tests.screen import record_notifications, wait_for

GOOD_RECORD = {
    "cards_solved": 4,
    "piles_played": 2,
    "piles_beaten": 1,
    "streak": 1,
    "best_streak": 1,
    "best_times": {"4": 18.5},
}


def stats_file(players: Any, **extra: Any) -> bytes:
    return json.dumps({"version": 1, "players": players, **extra}).encode()


STATS_CASES: dict[str, bytes] = {
    **{
        f"{field}={value!r}": stats_file({"Ann": {**GOOD_RECORD, field: value}})
        for field in ("cards_solved", "piles_played", "piles_beaten", "streak", "best_streak")
        for value in ("lots", 1.5, True, -1, 10**9 + 1, None, [], {}, "[/]")
    },
    **{
        f"best_times={value!r}": stats_file({"Ann": {**GOOD_RECORD, "best_times": value}})
        for value in (
            "x",
            [],
            None,
            {"0": 1.0},
            {"101": 1.0},
            {"abc": 1.0},
            {"-3": 1.0},
            {"３": 1.0},
            {"3": -1},
            {"3": "1"},
            {"3": True},
            {"3": 86_401},
            {"3": None},
            {"[/]": 1.0},
        )
    },
    "cards_solved=1e400": stats_file({"Ann": GOOD_RECORD}).replace(b'"cards_solved": 4', b'"cards_solved": 1e400'),
    "best_time=1e400": stats_file({"Ann": GOOD_RECORD}).replace(b"18.5", b"1e400"),
    "best_time=NaN": stats_file({"Ann": GOOD_RECORD}).replace(b"18.5", b"NaN"),
    "players=list": stats_file([GOOD_RECORD]),
    "players=str": stats_file("Ann"),
    "players=missing": json.dumps({"version": 1}).encode(),
    "name-empty": stats_file({"": GOOD_RECORD}),
    "name-long": stats_file({"A" * 101: GOOD_RECORD}),
    "record-not-object": stats_file({"Ann": [1, 2]}),
    "record-extra-field": stats_file({"Ann": {**GOOD_RECORD, "cheat": 1}}),
    "record-missing-field": stats_file({"Ann": {k: v for k, v in GOOD_RECORD.items() if k != "streak"}}),
    "version-markup": json.dumps({"version": "[/]", "players": {}}).encode(),
    "version-true": json.dumps({"version": True, "players": {}}).encode(),
}


def test_a_good_stats_file_reads() -> None:
    assert PracticeStats.from_json(GOOD_RECORD).best_times == {4: 18.5}


@pytest.mark.parametrize("content", STATS_CASES.values(), ids=STATS_CASES.keys())
def test_a_bad_stats_file_is_set_aside_with_one_message(content: bytes, _private_data_dir: Path) -> None:
    path = _private_data_dir / FILENAME
    path.write_bytes(content)
    store = StatsStore()
    assert store.warning and store.warning.startswith(f"{FILENAME} ")
    (aside,) = aside_of(_private_data_dir, FILENAME)
    assert f"kept as {aside.name} and new stats started" in store.warning
    assert aside.read_bytes() == content and not path.exists()
    assert store.get("Ann") == PracticeStats()
    store.get("Ann").record_pile(3, 3, True, 9.0)
    assert store.save() is None and StatsStore().warning is None


async def test_a_practice_game_starts_over_a_bad_stats_file(_private_data_dir: Path) -> None:
    from tests.vowl.test_screen import SIZE, make_app, vowl

    (_private_data_dir / FILENAME).write_bytes(STATS_CASES["cards_solved=1e400"])
    app, _ = make_app(("Ann",), practice=True)
    said = record_notifications(app)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: any(FILENAME in m for m in said), "the stats warning")
        screen = vowl(app)
        assert screen.stats is not None and screen.stats.get("Ann").cards_solved == 0
        assert app.is_running
    assert aside_of(_private_data_dir, FILENAME)


# --------------------------------------------------------------------------- favourites

GOOD_FAVOURITE = {"plate": "N0FL4M3S", "owner": "Fire Fighter", "requirements": "SH5", "writer": "Ann"}


def favourites_file(plates: Any, version: Any = 1) -> bytes:
    return json.dumps({"version": version, "plates": plates}).encode()


FAVOURITE_CASES: dict[str, bytes] = {
    **{
        f"{field}={value!r}": favourites_file([{**GOOD_FAVOURITE, field: value}])
        for field in ("plate", "owner", "requirements", "writer")
        for value in (None, 7, True, [], {}, "x" * 101, *ESCAPES, "a\nb")
    },
    **{f"{field}=blank": favourites_file([{**GOOD_FAVOURITE, field: "  "}]) for field in ("plate", "owner")},
    **{
        f"no-{field}": favourites_file([{k: v for k, v in GOOD_FAVOURITE.items() if k != field}])
        for field in ("plate", "owner", "requirements")
    },
    "extra-field": favourites_file([{**GOOD_FAVOURITE, "x": 1}]),
    "entry-not-object": favourites_file(["N0FL4M3S"]),
    "plates-not-list": favourites_file({"a": GOOD_FAVOURITE}),
    "too-many": favourites_file([GOOD_FAVOURITE] * (MAX_FAVOURITES + 1)),
    **{f"version={v!r}": favourites_file([GOOD_FAVOURITE], v) for v in (2, True, "1", *MARKUP, None)},
}


def test_good_favourites_read_and_markup_in_them_is_kept_as_text(_private_data_dir: Path) -> None:
    plates = [GOOD_FAVOURITE, {**GOOD_FAVOURITE, "writer": MARKUP[1], "owner": MARKUP[0]}]
    (_private_data_dir / FILE_NAME).write_bytes(favourites_file(plates))
    loaded = load_favourites()
    assert loaded.warning is None and loaded.favourites[1].writer == MARKUP[1]


@pytest.mark.parametrize("content", FAVOURITE_CASES.values(), ids=FAVOURITE_CASES.keys())
def test_a_bad_favourites_file_is_set_aside_with_one_message(content: bytes, _private_data_dir: Path) -> None:
    path = _private_data_dir / FILE_NAME
    path.write_bytes(content)
    loaded = load_favourites()
    assert loaded.favourites == () and loaded.warning and loaded.warning.startswith(f"{FILE_NAME} was unreadable (")
    (aside,) = aside_of(_private_data_dir, FILE_NAME)
    assert aside.name in loaded.warning and aside.read_bytes() == content


def test_adding_to_a_bad_favourites_file_says_it_was_set_aside(_private_data_dir: Path) -> None:
    (_private_data_dir / FILE_NAME).write_bytes(FAVOURITE_CASES["version='[/]'"])
    warning = add_favourites([Favourite("N0FL4M3S", "Fire Fighter", "SH5", "Ann")])
    assert warning and "kept as" in warning
    assert [f.plate for f in load_favourites().favourites] == ["N0FL4M3S"]


async def test_the_favourites_screen_opens_over_a_bad_file_and_says_so(_private_data_dir: Path) -> None:
    from textual.widgets import OptionList, Static

    from boardgames.app import BoardgamesApp, MainMenu
    from boardgames.vntypl8s.screen import FavouritesScreen

    (_private_data_dir / FILE_NAME).write_bytes(FAVOURITE_CASES["version='[/]'"])
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.is_mounted, "the menu")
        menu = app.screen.query_one(OptionList)
        at = [menu.get_option_at_index(i).id for i in range(menu.option_count)].index("extra:vntypl8s:0")
        await pilot.press(*["down"] * at, "enter")
        await wait_for(
            pilot, lambda: isinstance(app.screen, FavouritesScreen) and app.screen.is_mounted, "the favourites screen"
        )
        warning = str(app.screen.query_one("#favourites-warning", Static).render())
        assert warning.startswith(f"{FILE_NAME} was unreadable (not version 1 of its format); it was kept as")
        assert app.is_running
