"""A seat's end on the player's own terminal: connect, follow the host, reconnect.

``ConnectingScreen`` is what ``boardgames join ADDRESS`` opens: it says hello with the
seat's code and, on the host's sync, opens that game's seat screen (``remote``), drawn
only from the seat's view.  A host that does not answer is tried again with a growing
delay (it may not be up yet); a code the host does not know, or a host of another
version, is said in words and not tried again.

A seat screen keeps its connection with ``link.SeatLink``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from boardgames.common.text import plain
from boardgames.common.ui.footer import Footer
from boardgames.net.client import JoinRefused, RoomClient
from boardgames.net.protocol import ProtocolError, Sync
from boardgames.net.ui.link import BACKOFF, FIRST_RETRY, LONGEST_RETRY, UNREACHABLE

if TYPE_CHECKING:
    from textual.worker import Worker


def unreachable_text(client: RoomClient, wait: float) -> str:
    return (
        f"No game answers at {plain(client.host, 80)} port {client.port} (is it hosted, "
        f"and is the address the one its host shows?). Trying again in {wait:g} s…"
    )


class ConnectingScreen(Screen[None]):
    """``boardgames join ADDRESS`` until the host's sync arrives (module docstring)."""

    CSS_PATH = str(Path(__file__).with_name("net.tcss"))  # absolute: a subclass may live elsewhere
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Leave")]

    def __init__(self, address: str, *, client: RoomClient | None = None, local_name: str | None = None) -> None:
        """*local_name*: a seat played on the host's own terminal, its screen installed under
        that name (kept while the table is shown; Escape goes back to the table)."""
        super().__init__()
        self.client = client or RoomClient(address)
        self.local_name = local_name
        self.worker: Worker[None] | None = None
        #: What the screen says now (tests read it).
        self.said = ""

    def compose(self) -> ComposeResult:
        yield Static(id="net-connecting")
        yield Footer()

    def on_mount(self) -> None:
        self.say(f"Joining the game at {plain(self.client.host, 80)} port {self.client.port}…")
        self.worker = self.run_worker(self._connect(), exclusive=True, group="net-join")

    def say(self, text: str, style: str = "") -> None:
        self.said = text
        self.query_one("#net-connecting", Static).update(Text(text, style=style))

    async def _connect(self) -> None:
        wait = FIRST_RETRY
        while True:
            try:
                sync = await self.client.connect()
            except JoinRefused as exc:
                self.say(f"The host turned this address down: {plain(exc.reason, 200)}\n\nEscape leaves.", "bold")
                return
            except ProtocolError as exc:
                self.say(f"This is not a boardgames game host ({plain(exc, 120)}).\n\nEscape leaves.", "bold")
                return
            except UNREACHABLE:
                self.say(unreachable_text(self.client, wait))
                await asyncio.sleep(wait)
                wait = min(wait * BACKOFF, LONGEST_RETRY)
                continue
            self._open(sync)
            return

    def _open(self, sync: Sync) -> None:
        from boardgames.net.ui.seats import seat_screen  # noqa: PLC0415 - the game's screens, once known

        screen: Any = seat_screen(self.client)
        if screen is None:
            self.say("The host did not say which game it plays.\n\nEscape leaves.", "bold")
            return
        if self.local_name is not None:
            screen.local = True
            self.app.install_screen(screen, self.local_name)
            self.app.switch_screen(self.local_name)
            return
        self.app.switch_screen(screen)

    def action_leave(self) -> None:
        if self.local_name is not None:
            self.app.pop_screen()  # back to the host's table
        else:
            self.app.exit()

    async def on_unmount(self) -> None:
        if self.client.view is None:  # never synced: no seat screen took the connection over
            await self.client.close()
