"""Practice stats as pictures: how fast each card was solved, how often piles were beaten.

Numbers alone ("cards solved: 212") do not show a practising player whether they are
getting better; a chart does.  This screen draws, for the chosen player:

- the time each solved card took, card after card over the last sessions (a line
  that should fall), with the session boundaries visible as the x axis counts cards;
- the success rate of each session (piles beaten / piles played) as bars;
- the best time for each pile size at each level (board and sand timer), as a table.

The charts are plotext plots (``textual-plotext``); every name and value from the
stats file (outside text) is shown through ``common.text.plain``.  It opens from the
main menu and the command palette ("Vowl: practice stats").
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option
from textual_plotext import PlotextPlot

from boardgames.common.text import plain
from boardgames.common.ui.base import OnceModalScreen
from boardgames.common.ui.footer import Footer
from boardgames.vowl.stats import BOARDS, TIMERS, PracticeStats, StatsStore, level_key

#: How many of the latest solve times the line chart draws.
RECENT_CARDS = 200


def summary(stats: PracticeStats) -> str:
    rate = f"{stats.piles_beaten / stats.piles_played:.0%}" if stats.piles_played else "-"
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
    PracticeStatsScreen PlotextPlot { height: 7; min-width: 30; }
    PracticeStatsScreen.-tall PlotextPlot { height: 11; }
    PracticeStatsScreen #stats-best { height: auto; max-height: 8; }
    PracticeStatsScreen #stats-empty { padding: 1 2; color: $text-muted; }
    PracticeStatsScreen.-wide #stats-charts { layout: horizontal; }
    PracticeStatsScreen.-wide PlotextPlot { width: 1fr; height: 12; }
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
            players = OptionList(*(Option(Content(plain(n, 20)), id=str(i)) for i, n in enumerate(self.names)),
                                 id="stats-players")
            yield players
            with VerticalScroll(id="stats-body"):
                if not self.names:
                    yield Static(
                        "No practice yet. Start one from Vowl's setup (Ctrl+E) or with "
                        "`boardgames vowl --practice`; your progress shows here.",
                        id="stats-empty", markup=False,
                    )
                yield Static(id="stats-summary", markup=False)
                with Vertical(id="stats-charts"):
                    yield PlotextPlot(id="stats-times")
                    yield PlotextPlot(id="stats-rates")
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
        """Charts side by side from 110 columns, taller from 36 rows: an 80×24 terminal
        shows both charts and the top of the table, the rest a PgDn away."""
        self.set_class(width >= 110, "-wide")
        self.set_class(self.app.size.height >= 36, "-tall")

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

    def _colour(self, plot: PlotextPlot) -> str | tuple[int, int, int]:
        """The charts' line and bars in the theme's readable primary (plotext's own blue
        was 3.2:1 on textual-light); in an ANSI theme, the terminal's colours (Textual's
        "auto" plot theme drew black on black there)."""
        if self.app.current_theme.ansi:
            plot.theme = "clear"
            return "blue"
        plot.theme = "auto"
        return Color.parse(self.app.theme_variables["text-primary"]).rgb

    def _draw_times(self, stats: PracticeStats) -> None:
        plot = self.query_one("#stats-times", PlotextPlot)
        colour = self._colour(plot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        times = [t for s in stats.sessions for t in s.times][-RECENT_CARDS:]
        plt.title("Solve time per card (s)")
        if times:
            plt.plot(list(range(1, len(times) + 1)), times, marker="braille", color=colour)
            plt.xlabel("cards, oldest first")
        plot.refresh()

    def _draw_rates(self, stats: PracticeStats) -> None:
        plot = self.query_one("#stats-rates", PlotextPlot)
        colour = self._colour(plot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        played = [s for s in stats.sessions if s.piles]
        plt.title("Success rate per session (%)")
        if played:
            plt.bar([str(i) for i in range(1, len(played) + 1)], [round(100 * (s.success_rate or 0)) for s in played],
                    color=colour)
            plt.ylim(0, 100)
            plt.xlabel("sessions, oldest first")
        plot.refresh()

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
        earlier = {n: t for n, t in stats.best_times.items()
                   if all(n not in lv or lv[n] > t for lv in stats.best_by_level.values())}
        if earlier:  # bests recorded before levels were kept
            table.add_row("any level (earlier)", *(_seconds(earlier.get(n)) for n in sizes))

    def action_close(self) -> None:
        self.dismiss(None)


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f} s"
