"""The table's own line (``boardgames join`` with the table's code): a screen for everyone,
a TV or a second screen, showing the public view only (``view(None)``), who holds each
seat and the host's timers, kept up like a seat's (``link.SeatLink``).  It acts for no one."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from boardgames.common.text import plain
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.titlebar import TitleBar
from boardgames.net.client import RoomClient
from boardgames.net.protocol import HostMessage
from boardgames.net.ui.link import SeatLink, away_text
from boardgames.net.ui.table_text import public_view, seating_line


class WatchScreen(Screen[None]):
    """The public table, on a terminal of its own (module docstring)."""

    CSS_PATH = str(Path(__file__).with_name("net.tcss"))
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Leave")]

    def __init__(self, client: RoomClient) -> None:
        super().__init__()
        self.client = client
        self.link = SeatLink(client, self.take, self.status)
        assert client.net is not None
        self.title = client.net.spec.title  # the game first in the title bar
        self.sub_title = "the table"
        self._status: str | None = None
        self._seen: set[int] = set()

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(id="net-away")
        with VerticalScroll(id="net-body"):
            yield Static(id="net-view")
            yield Static(id="net-seats")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()
        self.run_worker(self.link.follow(), exclusive=True, group="net-watch")
        self.set_interval(1.0, self.redraw)  # the countdowns

    def take(self, message: HostMessage) -> None:
        self.redraw()

    def status(self, text: str | None) -> None:
        self._status = text
        self.redraw()

    def redraw(self) -> None:
        client = self.client
        assert client.net is not None
        self._seen |= {s.seat for s in client.seating if s.connected}
        top = self._status or away_text(client.seating, None, self._seen)
        self.query_one("#net-away", Static).update(Text(plain(top, 200), style="bold yellow") if top else "")
        view = public_view(client.net.spec.key, client.view)
        from boardgames.net.ui.remote import countdown_text  # noqa: PLC0415 - the seats' own wording

        clock = countdown_text(client)
        if clock is not None:
            view.append(f"\n{clock}\n", style="bold")
        self.query_one("#net-view", Static).update(view)
        seats = Text()
        for seat in client.seating:
            seats.append_text(seating_line(seat))
            seats.append("\n")
        self.query_one("#net-seats", Static).update(seats)

    def action_leave(self) -> None:
        self.app.exit()

    async def on_unmount(self) -> None:
        await self.link.close()
