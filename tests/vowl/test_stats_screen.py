"""Practice stats as pictures: solve time per card and success rate over
sessions as charts, best times per board and sand timer, from the menu and the palette."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import DataTable, OptionList
from textual_plotext import PlotextPlot

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.vowl.stats import FILENAME, MAX_SESSIONS, PracticeStats, StatsStore, level_key
from boardgames.vowl.stats_screen import PracticeStatsScreen
from tests.screen import deliberately, screen_text, settled, wait_for


def played(stats: PracticeStats) -> None:
    """Two sessions: the first slow and half beaten, the second faster and all beaten."""
    first = stats.start_session(1_800_000_000.0)
    stats.record_pile(4, 4, True, 20.0, level=level_key("standard", 25), card_times=(6, 5, 5, 4), session=first)
    stats.record_pile(5, 2, False, 25.0, level=level_key("standard", 25), card_times=(9, 8), session=first)
    second = stats.start_session(1_800_086_400.0)
    stats.record_pile(4, 4, True, 11.0, level=level_key("standard", 15), card_times=(3, 3, 2.5, 2.5), session=second)


def test_a_pile_feeds_the_session_and_the_best_time_of_its_level() -> None:
    stats = PracticeStats()
    played(stats)
    first, second = stats.sessions
    assert (first.piles, first.beaten, first.cards, first.times) == (2, 1, 6, [6, 5, 5, 4, 9, 8])
    assert first.success_rate == 0.5 and second.success_rate == 1.0
    assert stats.best_by_level == {"standard 25": {4: 20.0}, "standard 15": {4: 11.0}}
    assert stats.best_times == {4: 11.0}  # the best over every level, as before


def test_the_new_fields_round_trip_and_an_old_record_still_reads() -> None:
    stats = PracticeStats()
    played(stats)
    again = PracticeStats.from_json(json.loads(json.dumps(stats.to_json())))
    assert again == stats
    old = {"cards_solved": 3, "piles_played": 1, "piles_beaten": 1, "streak": 1, "best_streak": 1,
           "best_times": {"3": 9.5}}
    assert PracticeStats.from_json(old).best_times == {3: 9.5}


def test_only_the_last_sessions_are_kept() -> None:
    stats = PracticeStats()
    for i in range(MAX_SESSIONS + 5):
        stats.start_session(float(i))
    assert len(stats.sessions) == MAX_SESSIONS and stats.sessions[0].started == 5.0


@pytest.mark.parametrize(
    "field, value",
    [("best_by_level", {"expert 5": {"4": 3}}), ("best_by_level", []), ("sessions", {}),
     ("sessions", [{"started": 1, "piles": 1, "beaten": 2, "cards": 0, "times": []}]),
     ("sessions", [{"started": 1, "piles": 1, "beaten": 1, "cards": 1, "times": [1e400]}]),
     ("sessions", [{"started": 1, "piles": 1, "beaten": 1, "cards": 1, "times": ["5"]}]),
     ("sessions", [{"started": True, "piles": 1, "beaten": 1, "cards": 1, "times": []}])],
)
def test_a_bad_session_or_level_sets_the_file_aside(_private_data_dir: Path, field: str, value: object) -> None:
    record = {"cards_solved": 0, "piles_played": 0, "piles_beaten": 0, "streak": 0, "best_streak": 0,
              "best_times": {}, field: value}
    text = json.dumps({"version": 1, "players": {"Ann": record}}).replace("Infinity", "1e400")
    (_private_data_dir / FILENAME).write_text(text)
    store = StatsStore()
    assert store.warning and store.players == {}
    assert list(_private_data_dir.glob(f"{FILENAME}.corrupt-*"))


def _store(names: tuple[str, ...]) -> StatsStore:
    store = StatsStore()
    for name in names:
        played(store.get(name))
    store.save()
    return store


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_stats_screen_draws_charts_and_best_times(size: tuple[int, int]) -> None:
    _store(("Ann Lee", "[/]Bob\x1b]0;x\x07"))
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.push_screen(PracticeStatsScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, PracticeStatsScreen) and settled(app), "the stats")
        await pilot.pause()
        text = screen_text(app)
        assert "Solve time per card" in text and "Success rate per session" in text
        assert "Ann Lee: 10 cards solved · 2 of 3 piles beaten (67%)" in text
        assert "standard, 25 s timer" in text and "20.0 s" in text and "11.0 s" in text
        assert "\x1b" not in text and "␛" in text  # the hostile name, shown as text
        times = app.screen.query_one("#stats-times", PlotextPlot)
        assert times.size.height >= 5 and times.size.width >= 30  # a real chart, not a sliver
        # Another player: the charts and the table follow the highlight.
        await deliberately(pilot, "down")
        await wait_for(pilot, lambda: "[/]Bob␛]0;x␇: 10 cards solved" in screen_text(app), "Bob's stats")
        table = app.screen.query_one("#stats-best", DataTable)
        assert table.row_count == 2
        await deliberately(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu again")
        await wait_for(pilot, lambda: settled(app), "the menu settled")


async def test_no_practice_yet_says_how_to_start_one() -> None:
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.push_screen(PracticeStatsScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, PracticeStatsScreen) and settled(app), "the stats")
        assert "No practice yet" in screen_text(app)
        assert not app.screen.query_one(OptionList).option_count


async def test_the_menu_offers_the_practice_stats() -> None:
    _store(("Ann Lee",))
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id or "" for i in range(menu.option_count)]
        at = next(i for i, option in enumerate(ids) if option.startswith("extra:vowl"))
        menu.highlighted = at
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PracticeStatsScreen), "the stats from the menu")
        await wait_for(pilot, lambda: settled(app), "the stats settled")
