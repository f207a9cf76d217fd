"""The host's table screen: the game as everyone may see it, who holds each seat, and one
``boardgames join ADDRESS`` line per seat.

The addresses are the seats' secrets (whoever has one plays that seat): they are shown
here, on the host's own terminal, and nowhere else (never in a log or a client's view).
The server runs in this screen's event loop; every change the room sends out redraws it
(``RoomServer.on_change``).  Leaving asks first, then stops the server: the game stays
saved, and ``boardgames host GAME --resume`` opens it again with the same addresses.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from boardgames.common.listening import CannotListen
from boardgames.common.text import plain, shown
from boardgames.common.ui.base import GameScreen, question_open
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.titlebar import TitleBar
from boardgames.net.room import TABLE
from boardgames.net.ui.hosting import Hosting
from boardgames.net.ui.table_text import away_line, countdown_line, public_view, seating_line
from boardgames.net.ui.web import SeatPages


class Shown(Static):
    """A ``Static`` that is not redrawn when handed what it shows, and asks for a layout
    (the whole screen arranged again, 10-50 ms) only when its height changes: the table
    is redrawn after every move, and most of its lines did not change."""

    _shown: object = None

    def show(self, text: Text) -> None:
        key = (text.plain, tuple(text.spans), str(text.style))
        if key == self._shown:
            return
        self._shown = key
        width = self.content_region.width if self.is_mounted else 0
        self.update(text, layout=not width)
        if width and self.get_content_height(self.size, self.app.size, width) != self.content_region.height:
            self.refresh(layout=True)


class TableScreen(GameScreen):
    """The room's public screen on the host's terminal (module docstring)."""

    CSS_PATH = str(Path(__file__).with_name("net.tcss"))  # absolute: a subclass may live elsewhere
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "play_here", "Play a seat here"),
        Binding("escape", "leave", "Stop hosting"),
    ]

    def __init__(self, hosting: Hosting, *, web: bool = False) -> None:
        """*web*: offer each seat as a web page too (``web.SeatPages``, the web extra)."""
        super().__init__()
        self.hosting = hosting
        self.web = web
        self.pages: SeatPages | None = None
        self.title = hosting.net.spec.title  # the game first in the title bar
        self.sub_title = "hosted here: players join from their own terminals"
        #: Seats a device has held: one without a device now is reconnecting, not yet to come.
        self.joined_once: set[int] = set()
        self.listening = False
        self.problem: str | None = None

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Shown(id="net-away")
        with VerticalScroll(id="net-body"):
            yield Shown(id="net-view")
            yield Shown(id="net-seats")
            yield Shown(id="net-hint")
        yield Footer()

    async def on_mount(self) -> None:
        from boardgames.games import get_game  # noqa: PLC0415

        if not get_game(self.hosting.net.spec.key).entry.ready_before_first_frame:
            from boardgames.common.ui.words import open_dictionary_after_first_frame  # noqa: PLC0415

            open_dictionary_after_first_frame(self)  # the host judges every plate: ready before the first
        for warning in self.hosting.warnings:
            self.notify(plain(warning, None), severity="warning", timeout=15, markup=False)
        try:
            await self.hosting.server.start()
        except CannotListen as exc:
            self.problem = exc.message
        else:
            self.listening = True
            self.hosting.server.on_change = self._changed
            if self.web:
                await self._serve_pages()
        self.redraw()
        self.set_interval(1.0, self._tick)

    async def _serve_pages(self) -> None:
        pages = SeatPages(self.hosting)
        try:
            await pages.start()
        except CannotListen as exc:
            await pages.stop()
            self.notify(
                f"The seats' web pages cannot be served: {plain(exc.message, 200)}.",
                severity="warning",
                timeout=15,
                markup=False,
            )
            return
        self.pages = pages

    def _changed(self) -> None:
        self.hosting.changed()  # a game over forgets its codes
        self.redraw()

    def _tick(self) -> None:
        if self.hosting.room.countdowns(self.hosting.clock()):
            self.redraw()

    def redraw(self) -> None:
        if not self.is_attached:
            return
        room = self.hosting.room
        seating = room.seating()
        self.joined_once |= {s.seat for s in seating if s.connected}
        away = away_line(seating, joined_once=self.joined_once)
        self.query_one("#net-away", Shown).show(away or Text())
        view = Text()
        view.append_text(public_view(room.net.spec.key, room.engine.view(None)))
        now = self.hosting.clock()
        countdowns = room.countdowns(now)
        line = countdown_line(countdowns, {c.key: c.remaining if c.running else None for c in countdowns})
        if line is not None:
            view.append("\n")
            view.append_text(line)
        self.query_one("#net-view", Shown).show(view)
        seats = Text()
        if self.problem is not None:
            seats.append(f"Cannot host: {plain(self.problem, 300)}.\n", style="bold red")
        elif self.listening:
            seats.append(
                "Each player runs their own line (it is their seat's secret: send it to them alone):\n", style="bold"
            )
            for seat in seating:
                seats.append_text(seating_line(seat, self.hosting.address(seat.seat)))
                seats.append("\n")
                url = self.pages.urls.get(seat.seat) if self.pages is not None else None
                if url is not None:
                    seats.append(f"  or in a browser: {url}\n", style="dim")
            seats.append("A screen for everyone (a TV):\n", style="dim")
            seats.append(f"  boardgames join {self.hosting.address(TABLE)}\n", style="dim")
        self.query_one("#net-seats", Shown).show(seats)
        hint = (
            "Only this machine can join (add --lan to let your network in)."
            if not self.hosting.lan
            else f"Devices on your network join through {plain(self.hosting.shown_host)}."
        )
        self.query_one("#net-hint", Shown).show(Text(hint))

    # ------------------------------------------------------------------ seats on this keyboard

    def action_play_here(self) -> None:
        """``p``: a seat played on this terminal (hot-seat on the host's keyboard, mixed with
        remote seats): chosen, then behind a handover its player dismisses, its own screen."""
        if question_open(self.app) or not self.listening:
            return
        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415

        seating = self.hosting.room.seating()
        choices = [Choice(str(s.seat + 1), plain(s.name, 24), s.seat) for s in seating]
        detail = "Its player takes the keyboard; Escape on their screen brings the table back."
        if (
            getattr(self.hosting.room.engine, "writing", None) is not None
            and self.hosting.room.engine.writing.value == "at once"
        ):
            # P33: the writers write at once, so players sharing this keyboard share the writing time
            detail += " Everyone writes at the same time: players sharing this keyboard share the writing time."
        question = ChoiceScreen("Which seat is played on this terminal?", choices, detail=detail, cancel=True)
        self.app.push_screen(question, self._play_seat)

    def _play_seat(self, seat: int | None) -> None:
        if seat is None:
            return
        from boardgames.common.ui.handover import HandoverScreen  # noqa: PLC0415

        name = self.hosting.room.names[seat]
        handover = HandoverScreen(
            name, "Press Space when only you can see the screen.", title=f"{shown(name)}, take the keyboard"
        )
        self.app.push_screen(handover, lambda _: self._open_seat(seat))

    def _open_seat(self, seat: int) -> None:
        """The seat's screen, kept for the whole game once made (``install_screen``): it
        stays connected, so the seat is never shown away while the table is on screen."""
        name = f"net-seat-{seat}"
        if self.app.is_screen_installed(name):
            self.app.push_screen(name)
            return
        from boardgames.net.ui.seat import ConnectingScreen  # noqa: PLC0415

        self.app.push_screen(ConnectingScreen(self.hosting.address(seat), local_name=name))

    def action_leave(self) -> None:
        """Escape: stop hosting, after asking (the game stays saved)."""
        if question_open(self.app):
            return
        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415

        key = self.hosting.net.spec.key
        detail = (
            f"Every player is disconnected. The game is saved: [b]boardgames host {shown(key)} --resume[/b] "
            "opens it again, with the same addresses."
        )
        if self.hosting.room.engine.outcome() is not None:
            detail = "The game is over."
        question = ChoiceScreen(
            "Stop hosting this game?",
            [Choice("y", "Yes, stop", True), Choice("n", "No, keep hosting", False)],
            detail=detail,
            cancel=True,
        )
        self.app.push_screen(question, self._answered)

    def _answered(self, yes: bool | None) -> None:
        if yes:
            self.app.exit()

    async def on_unmount(self) -> None:
        if self.pages is not None:
            await self.pages.stop()
        self.hosting.server.on_change = None
        await self.hosting.server.stop()
        self.hosting.session.close()


def table_screen(hosting: Hosting, *, web: bool = False) -> TableScreen:
    """The table screen for *hosting*'s game: its ``GAME`` is the title's, so F1 opens its rules."""
    kind = type("TableScreen", (TableScreen,), {"GAME": hosting.net.spec.key})
    screen: TableScreen = kind(hosting, web=web)
    return screen
