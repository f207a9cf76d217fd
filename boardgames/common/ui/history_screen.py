"""The History screen: every finished game, its replay, UWO per level, VNTYPL8S's plates.

Reached from the main menu and the command palette ("History").  Three tabs, each a
table read from ``history/`` (``common.history``; files that are not games are set
aside there, with one message each): the finished games newest first (game, who, when,
how it ended), UWO's results against each computer level, and every VNTYPL8S plate
written.  Enter on a game opens its replay (``ReplayScreen``): the game rebuilt from
its seed, stepped with ←/→ (Home/End), showing only what the whole table saw - the
public view, drawn by the game's own renderer (``GameEntry.public_view``), and each
step's public events.  Every name and plate is outside text: cells are ``Text`` made
through ``common.text.plain``, never markup.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from boardgames.common.history import Finished, History, Replay, ReplayFailed, read_history, replay_finished
from boardgames.common.history_stats import plate_gallery, uwo_by_level
from boardgames.common.saves import SaveStore
from boardgames.common.text import inert, plain
from boardgames.common.ui.base import OnceModalScreen
from boardgames.common.ui.footer import Footer
from boardgames.games import get_game

#: The tabs, by the key that shows each one.
TABS = {"games": "Finished games", "levels": "UWO by level", "plates": "VNTYPL8S plates"}
#: UWO's computer levels, weakest first (``uwo.levels``: names only, nothing of the game).
UWO_LEVELS = ("beginner", "easy", "normal", "hard")


def _cell(value: object, limit: int | None = None) -> Text:
    return Text(plain(value, limit), no_wrap=True, overflow="ellipsis")


class HistoryScreen(OnceModalScreen[None]):
    """Every finished game and what they add up to; Enter replays one, Escape closes."""

    DEFAULT_CSS = """
    HistoryScreen { align: center middle; }
    HistoryScreen #history-tabs { width: 100%; height: 1fr; border: round $accent; }
    HistoryScreen DataTable { height: 1fr; }
    HistoryScreen .history-empty { padding: 1 2; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        Binding("enter", "replay", "Replay", show=True),
        Binding("g", "tab('games')", "Games"),
        Binding("u", "tab('levels')", "UWO levels"),
        Binding("p", "tab('plates')", "Plates"),
    ]

    def __init__(self, store: SaveStore | None = None, tab: str = "games") -> None:
        super().__init__()
        self.store = store if store is not None else SaveStore()
        self.history: History = read_history(self.store)
        self.first_tab = tab

    def compose(self) -> ComposeResult:
        games = self.history.games
        with TabbedContent(initial=self.first_tab, id="history-tabs"):
            with TabPane(TABS["games"], id="games"):
                if not games:
                    yield Static(
                        "No finished game yet: every game played to its end shows here.",
                        classes="history-empty",
                        markup=False,
                    )
                yield DataTable(id="history-games", cursor_type="row", zebra_stripes=True)
            with TabPane(TABS["levels"], id="levels"):
                yield DataTable(id="history-levels", cursor_type="none", zebra_stripes=True)
            with TabPane(TABS["plates"], id="plates"):
                yield DataTable(id="history-plates", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        for warning in self.history.warnings:
            self.notify(warning, severity="warning", timeout=10, markup=False)
        self._fill()
        self.query_one(f"#history-{self.first_tab}", DataTable).focus()  # the arrows move in the list

    def on_resize(self) -> None:
        self._fill()

    def _fill(self) -> None:
        """The three tables, their text columns as wide as the screen allows (80 columns: cut
        with an ellipsis; 120: whole)."""
        width = max(self.app.size.width - 4, 60)
        games = self.query_one("#history-games", DataTable)
        games.clear(columns=True)
        room = width - 16 - 8 - 8  # the date, the game's name, and each column's padding of 2
        players = max(16, room * 2 // 5)
        games.add_column("When", width=16)
        games.add_column("Game", width=8)
        games.add_column("Players", width=players)
        games.add_column("Result", width=max(16, room - players))
        for i, g in enumerate(self.history.games):
            games.add_row(_cell(g.when), _cell(g.game_title), _cell(g.players), _cell(g.result), key=str(i))
        levels = self.query_one("#history-levels", DataTable)
        levels.clear(columns=True)
        for name in ("Computer level", "Played", "You won", "You lost", "Drawn"):
            levels.add_column(name)
        for t in uwo_by_level(self.history.games, UWO_LEVELS):
            levels.add_row(_cell(t.level), str(t.played), str(t.won), str(t.lost), str(t.drawn))
        plates = self.query_one("#history-plates", DataTable)
        plates.clear(columns=True)
        room = width - 9 - 16 - 10  # the plate, the date, and each column's padding of 2
        person = max(8, room // 4)
        plates.add_column("Plate", width=9)
        plates.add_column("0WN3R", width=max(12, room - 2 * person))
        plates.add_column("Writer", width=person)
        plates.add_column("Guessed by", width=person)
        plates.add_column("When", width=16)
        for p in plate_gallery(self.history.games):
            guessed = _cell(p.guessed_by) if p.guessed_by is not None else Text("nobody", style="dim")
            plates.add_row(_cell(p.plate), _cell(p.owner), _cell(p.writer), guessed, _cell(p.when))

    def guards_key(self, event: events.Key) -> bool:
        """Only opening a replay and closing wait for a moment of quiet (the Enter that opened
        this screen must not open a replay too); the arrows move through the list at once."""
        return event.key in ("enter", "escape", "q")

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
        self.query_one(f"#history-{tab}", DataTable).focus()

    def selected(self) -> Finished | None:
        """The finished game under the cursor of the first tab."""
        table = self.query_one("#history-games", DataTable)
        if self.query_one(TabbedContent).active != "games" or not self.history.games:
            return None
        return self.history.games[min(table.cursor_row, len(self.history.games) - 1)]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.data_table.id == "history-games":
            self.action_replay()

    def action_replay(self) -> None:
        game = self.selected()
        if game is None or self.app.screen is not self:
            return
        try:
            replay = replay_finished(game.record)
        except ReplayFailed as exc:
            self.notify(f"{plain(game.record.filename)} cannot be replayed ({exc}).", severity="warning", markup=False)
            return
        self.app.push_screen(ReplayScreen(replay))

    def action_close(self) -> None:
        self.dismiss(None)


class ReplayScreen(OnceModalScreen[None]):
    """A finished game step by step, as the whole table saw it: ←/→ a step, Home/End the ends."""

    DEFAULT_CSS = """
    ReplayScreen { align: center middle; }
    ReplayScreen #replay-frame { width: 100%; height: 1fr; border: round $accent; }
    ReplayScreen #replay-step { height: 1; padding: 0 1; text-style: bold; }
    ReplayScreen #replay-view { height: auto; padding: 0 1; }
    ReplayScreen #replay-events { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("left", "step(-1)", "Back a step", key_display="←", priority=True),
        Binding("right", "step(1)", "Next step", key_display="→", priority=True),
        Binding("home", "jump(0)", "Start", priority=True),
        Binding("end", "jump(-1)", "End", priority=True),
        Binding("pageup", "scroll_frame(-1)", "Scroll", key_display="PgUp/Dn", priority=True),
        Binding("pagedown", "scroll_frame(1)", "Scroll down", show=False, priority=True),
    ]

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.step = 0
        entry = get_game(replay.record.game).entry
        self.draw = entry.public_view
        self.game_title = get_game(replay.record.game).title

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="replay-frame"):
            yield Static(id="replay-step", markup=False)
            yield Static(id="replay-view", markup=False)
            yield Static(id="replay-events", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        # a title is outside text, and a border's title is read as markup unless it is Content
        self.query_one("#replay-frame").border_title = inert(f"{self.game_title}: {self.replay.record.title}", 70)
        self.show()

    def guards_key(self, event: events.Key) -> bool:
        """Only leaving waits for a moment of quiet (a double Escape closes one screen, not two):
        stepping shows nothing but what the whole table saw, so a held → may run on."""
        return event.key in ("escape", "q")

    @property
    def last(self) -> int:
        return len(self.replay.steps) - 1

    def action_step(self, by: int) -> None:
        self.step = max(0, min(self.last, self.step + by))
        self.show()

    def action_jump(self, to: int) -> None:
        self.step = self.last if to < 0 else 0
        self.show()

    def action_scroll_frame(self, pages: int) -> None:
        """A long step (eight players' plates) at 80×24: the rest a page away."""
        frame = self.query_one("#replay-frame", VerticalScroll)
        if pages > 0:
            frame.scroll_page_down()
        else:
            frame.scroll_page_up()

    def show(self) -> None:
        """Draw step ``self.step``: its public view and its public events."""
        step = self.replay.steps[self.step]
        where = "as dealt" if self.step == 0 else f"after action {self.step}"
        self.query_one("#replay-step", Static).update(f"Step {self.step} of {self.last} ({where})")
        view: RenderableType = (
            self.draw(step.view)
            if self.draw is not None
            else Text("(this game has no picture of its table: its events follow)")
        )
        self.query_one("#replay-view", Static).update(view)
        lines = [Text(plain(str(e), None)) for e in step.events]
        self.query_one("#replay-events", Static).update(Group(*lines) if lines else Text("—"))

    def action_close(self) -> None:
        self.dismiss(None)
