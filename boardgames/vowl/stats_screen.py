"""Practice stats as pictures: how fast each card was solved, how often piles were beaten.

Numbers alone ("cards solved: 212") do not show a practising player whether they are
getting better; a chart does.  This screen draws, for the chosen player:

- the time each solved card took, a bar per card over the last sessions (bars that
  should shrink), the x axis counting cards;
- the success rate of each session (piles beaten / piles played), a bar each;
- the best time for each pile size at each level (board and sand timer), as a table.

The charts are bars drawn as text (``common.ui.charts``): axes from 0 with whole-number
ticks, a bar per card and per session (a 0% session labelled "0%", not left blank), as
many rows and columns as the terminal gives.  Every time is written by
``stats.seconds``, as the toast of a new best writes it.  Every name and value from the
stats file (outside text) is shown through ``common.text.plain``.  It opens from the
main menu and the command palette ("Vowl: practice stats").
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from boardgames.common.text import plain
from boardgames.common.ui.base import OnceModalScreen
from boardgames.common.ui.charts import BarChart
from boardgames.common.ui.footer import Footer
from boardgames.vowl.stats import BOARDS, TIMERS, PracticeStats, StatsStore, level_key, seconds

#: How many of the latest solve times the line chart draws.
RECENT_CARDS = 200


def summary(stats: PracticeStats) -> str:
    rate = percent(100 * stats.piles_beaten / stats.piles_played) if stats.piles_played else "-"
    return (
        f"{stats.cards_solved} cards solved · {stats.piles_beaten} of {stats.piles_played} piles beaten ({rate}) · "
        f"streak {stats.streak}, best {stats.best_streak}"
    )


class PracticeStatsScreen(OnceModalScreen[None]):
    """Every practising player's progress; Escape closes it."""

    DEFAULT_CSS = """
    PracticeStatsScreen { align: center middle; }
    PracticeStatsScreen #stats-frame { width: 100%; height: 100%; border: round $accent-frame; }
    PracticeStatsScreen #stats-players { width: 22; height: 100%; }
    PracticeStatsScreen #stats-body { width: 1fr; height: 100%; }
    PracticeStatsScreen #stats-summary { height: auto; padding: 0 1; }
    PracticeStatsScreen #stats-charts { height: auto; }
    PracticeStatsScreen BarChart { height: 8; min-width: 30; padding: 0 1; }
    PracticeStatsScreen.-tall BarChart { height: 13; }
    PracticeStatsScreen #stats-best { height: auto; max-height: 8; }
    PracticeStatsScreen #stats-empty { padding: 1 2; color: $text-muted; }
    PracticeStatsScreen.-wide #stats-charts { layout: horizontal; }
    PracticeStatsScreen.-wide BarChart { width: 1fr; height: 14; }
    PracticeStatsScreen.-wide.-tall BarChart { height: 20; }
    PracticeStatsScreen.-wide.-roomy BarChart { height: 26; }
    PracticeStatsScreen.-single #stats-players { display: none; }
    """
    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        Binding("pageup", "scroll_body(-1)", "Scroll", key_display="PgUp/Dn"),
        Binding("pagedown", "scroll_body(1)", "Scroll down", show=False),
    ]

    def __init__(self, store: StatsStore | None = None) -> None:
        super().__init__()
        self.store = store if store is not None else StatsStore()
        self.names = sorted(self.store.players)

    def compose(self) -> ComposeResult:
        with Horizontal(id="stats-frame"):
            players = OptionList(
                *(Option(Content(plain(n, 20)), id=str(i)) for i, n in enumerate(self.names)), id="stats-players"
            )
            yield players
            with VerticalScroll(id="stats-body"):
                if not self.names:
                    yield Static(
                        "No practice yet. Start one from Vowl's setup (Ctrl+E) or with "
                        "`boardgames vowl --practice`; your progress shows here.",
                        id="stats-empty",
                        markup=False,
                    )
                yield Static(id="stats-summary", markup=False)
                with Vertical(id="stats-charts"):
                    yield BarChart("Solve time per card (s)", id="stats-times")
                    yield BarChart("Success rate per session (%)", percent=True, id="stats-rates")
                yield DataTable(id="stats-best", cursor_type="none", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.set_class(len(self.names) <= 1, "-single")
        self._fit(self.app.size.width)
        if self.store.warning:
            self.notify(self.store.warning, severity="warning", markup=False)
        if self.names:
            self.query_one(OptionList).highlighted = 0
            self.show(self.names[0])
            self.app.theme_changed_signal.subscribe(self, lambda _theme: self._redraw_charts())
        else:
            for widget in self.query("#stats-charts, #stats-best, #stats-summary"):
                widget.display = False

    def on_resize(self) -> None:
        self._fit(self.app.size.width)

    def _fit(self, width: int) -> None:
        """Charts side by side from 110 columns, taller from 36 rows and again from 40: an 80×24 terminal
        shows both charts (four or five rows of bars each) and the top of the table."""
        self.set_class(width >= 110, "-wide")
        self.set_class(self.app.size.height >= 36, "-tall")
        self.set_class(self.app.size.height >= 40, "-roomy")  # 120×40: the charts take what the table leaves

    def action_scroll_body(self, pages: int) -> None:
        body = self.query_one("#stats-body", VerticalScroll)
        if pages > 0:
            body.scroll_page_down()
        else:
            body.scroll_page_up()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.show(self.names[int(event.option.id)])

    def show(self, name: str) -> None:
        """Draw *name*'s summary, charts and best times."""
        stats = self.store.get(name)
        self.query_one("#stats-summary", Static).update(f"{plain(name)}: {summary(stats)}")
        self._draw_times(stats)
        self._draw_rates(stats)
        self._fill_best(stats)

    def _redraw_charts(self) -> None:
        """The charts in the new theme's colours (they are drawn in the colour of the
        theme they were drawn in)."""
        highlighted = self.query_one(OptionList).highlighted
        if highlighted is not None and self.names:
            stats = self.store.get(self.names[highlighted])
            self._draw_times(stats)
            self._draw_rates(stats)

    def _draw_times(self, stats: PracticeStats) -> None:
        times = [t for s in stats.sessions for t in s.times][-RECENT_CARDS:]
        self.query_one("#stats-times", BarChart).show(times, x_label="cards", empty="No card solved yet.")

    def _draw_rates(self, stats: PracticeStats) -> None:
        played = [s for s in stats.sessions if s.piles]
        rates = [100 * s.beaten / s.piles for s in played]
        self.query_one("#stats-rates", BarChart).show(
            rates, x_label="sessions", labels=[percent(r) for r in rates], empty="No pile played yet."
        )

    def _fill_best(self, stats: PracticeStats) -> None:
        table = self.query_one("#stats-best", DataTable)
        table.clear(columns=True)
        sizes = sorted({size for times in stats.best_by_level.values() for size in times} | set(stats.best_times))
        table.add_column("Best time", width=len("advanced, 25 s timer"))
        for n in sizes:
            table.add_column(f"{n} cards", width=max(len(f"{n} cards"), 7))
        for board in BOARDS:
            for timer in TIMERS:
                times = stats.best_by_level.get(level_key(board, timer), {})
                if times:
                    table.add_row(f"{board}, {timer} s timer", *(_seconds(times.get(n)) for n in sizes))
        earlier = {
            n: t
            for n, t in stats.best_times.items()
            if all(n not in lv or lv[n] > t for lv in stats.best_by_level.values())
        }
        if earlier:  # bests recorded before levels were kept
            table.add_row("any level (earlier)", *(_seconds(earlier.get(n)) for n in sizes))

    def action_close(self) -> None:
        self.dismiss(None)


def _seconds(value: float | None) -> str:
    return "-" if value is None else seconds(value)


def percent(value: float) -> str:
    """A success rate as the chart labels it ("67%"): rounded half up, as the summary."""
    return f"{int(value + 0.5)}%"
