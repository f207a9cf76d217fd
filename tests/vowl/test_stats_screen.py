"""Practice stats as pictures: solve time per card and success rate over
sessions as charts, best times per board and sand timer, from the menu and the palette."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import DataTable, OptionList

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.ui.charts import BarChart
from boardgames.vowl.stats import FILENAME, MAX_SESSIONS, PracticeStats, StatsStore, level_key, seconds
from boardgames.vowl.stats_screen import PracticeStatsScreen, _seconds
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
    old = {
        "cards_solved": 3,
        "piles_played": 1,
        "piles_beaten": 1,
        "streak": 1,
        "best_streak": 1,
        "best_times": {"3": 9.5},
    }
    assert PracticeStats.from_json(old).best_times == {3: 9.5}


def test_only_the_last_sessions_are_kept() -> None:
    stats = PracticeStats()
    for i in range(MAX_SESSIONS + 5):
        stats.start_session(float(i))
    assert len(stats.sessions) == MAX_SESSIONS and stats.sessions[0].started == 5.0


@pytest.mark.parametrize(
    "field, value",
    [
        ("best_by_level", {"expert 5": {"4": 3}}),
        ("best_by_level", []),
        ("sessions", {}),
        ("sessions", [{"started": 1, "piles": 1, "beaten": 2, "cards": 0, "times": []}]),
        ("sessions", [{"started": 1, "piles": 1, "beaten": 1, "cards": 1, "times": [1e400]}]),
        ("sessions", [{"started": 1, "piles": 1, "beaten": 1, "cards": 1, "times": ["5"]}]),
        ("sessions", [{"started": True, "piles": 1, "beaten": 1, "cards": 1, "times": []}]),
    ],
)
def test_a_bad_session_or_level_sets_the_file_aside(_private_data_dir: Path, field: str, value: object) -> None:
    record = {
        "cards_solved": 0,
        "piles_played": 0,
        "piles_beaten": 0,
        "streak": 0,
        "best_streak": 0,
        "best_times": {},
        field: value,
    }
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
        times = app.screen.query_one("#stats-times", BarChart)
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


def _chart_lines(app: BoardgamesApp, chart_id: str) -> list[str]:
    """The rows a chart draws, as the player reads them (its widget's region of the screen)."""
    chart = app.screen.query_one(chart_id, BarChart)
    region = chart.content_region
    rows = screen_text(app).splitlines()[region.y : region.y + region.height]
    return [row[region.x : region.x + region.width].rstrip() for row in rows]


def _ticks(lines: list[str]) -> list[str]:
    """The labels of an axis: what stands before its ┤ or ┼."""
    return [line.split("┤")[0].split("┼")[0].strip() for line in lines if "┤" in line or "┼" in line]


def three_sessions(stats: PracticeStats) -> None:
    """Half beaten, none beaten, all beaten."""
    played(stats)  # 50%, then 100%
    lost = stats.start_session(1_800_172_800.0)
    stats.record_pile(5, 1, False, 25.0, level=level_key("standard", 25), card_times=(9.9,), session=lost)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_charts_read_right_whole_axes_from_zero_bars_and_a_visible_zero(size: tuple[int, int]) -> None:
    """At 80×24 each chart had two rows with ticks 9.9 and 4.6 (success 100.0 and 33.3), a 50%
    session filled the plot and a 0% one drew nothing; times were a smoothed line."""
    store = StatsStore()
    three_sessions(store.get("Ann"))
    store.save()
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.push_screen(PracticeStatsScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, PracticeStatsScreen) and settled(app), "the stats")
        await pilot.pause()
        rates = _chart_lines(app, "#stats-rates")
        times = _chart_lines(app, "#stats-times")
        rate_ticks, time_ticks = _ticks(rates), _ticks(times)
        assert rate_ticks[0] == "100" and rate_ticks[-1] == "0"
        assert time_ticks[-1] == "0" and all(t.isdigit() for t in rate_ticks + time_ticks)
        assert int(time_ticks[0]) >= 9  # the slowest card (9.9 s) fits under the top tick
        assert len(rate_ticks) >= 5 and len([r for r in times if "┤" in r or "│" in r]) >= 5
        # the bars: 50% reaches half the plot, not its top; the 0% session is labelled
        labels = next(line for line in rates[1:] if "%" in line)
        assert labels.split() == ["50%", "100%", "0%"]
        top_row = next(line for line in rates if "┤" in line)
        assert top_row.count("████") == 1  # only the 100% session reaches the top
        if size == (120, 40):  # the room is used: side by side and taller than at 80×24
            chart = app.screen.query_one("#stats-rates", BarChart)
            assert chart.size.height >= 14 and len(rate_ticks) == 11


def test_the_toast_and_the_table_write_a_best_time_alike() -> None:
    """The 3-card best showed 8.5 s in the toast (the raw 8.549) and 8.6 s in the table (the kept 8.55)."""
    stats = PracticeStats()
    assert stats.record_pile(3, 3, True, 8.549, level=level_key("standard", 25))
    kept = stats.best_by_level["standard 25"][3]
    assert seconds(8.549) == _seconds(kept) == "8.6 s"
    # a time that only equals the best once kept is no new best (it would be told as one)
    assert not stats.record_pile(3, 3, True, 8.5501, level=level_key("standard", 25))


@pytest.mark.parametrize("leave", ["escape", "ctrl+q"])
async def test_a_pile_left_unfinished_is_not_counted_as_lost(leave: str) -> None:
    """A pile left with Escape (and "yes") or Ctrl+Q, cards still to solve, is no pile played:
    the game is saved with it, to be finished when resumed."""
    from boardgames.common.ui.choice import ChoiceScreen
    from boardgames.vowl.kinds import Phase
    from tests.screen import take_keyboard
    from tests.vowl.test_screen import SIZE, make_app, vowl

    app, clock = make_app(("Ann",), practice=True, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await pilot.pause()
        if isinstance(app.screen, ChoiceScreen):  # pragma: no cover - extras only after scoring
            await deliberately(pilot, "u")
        await take_keyboard(pilot, "Ann")
        assert screen.game.phase is Phase.SOLVING
        clock.advance(5)
        if leave == "escape":
            await deliberately(pilot, "escape")
            await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the leave question")
            await deliberately(pilot, "y")
            await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        else:
            await pilot.press("ctrl+q")
    stats = StatsStore().get("Ann")
    assert (stats.piles_played, stats.piles_beaten, stats.streak) == (0, 0, 0)
    assert all(s.piles == 0 for s in stats.sessions)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_practice_stats_snapshot(snap_compare, size: tuple[int, int]) -> None:
    store = StatsStore()
    three_sessions(store.get("Ann"))
    store.save()

    async def run_before(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, MainMenu) and settled(pilot.app), "the menu")
        pilot.app.push_screen(PracticeStatsScreen())
        await wait_for(
            pilot, lambda: isinstance(pilot.app.screen, PracticeStatsScreen) and settled(pilot.app), "the stats"
        )

    assert snap_compare(BoardgamesApp(clock=ManualClock(), seed=1), terminal_size=size, run_before=run_before)
