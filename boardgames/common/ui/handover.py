"""The handover screen: the terminal changes hands before anything private appears.

On one shared keyboard, a player's hand or secret card must not be on screen while
someone else is looking.  Every game pushes a ``HandoverScreen`` naming the next
player; it covers the whole terminal (nothing of the screen below shows through)
and waits for Enter.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from boardgames.common.ui.base import OnceModalScreen
from textual.widgets import Footer, Static


class HandoverScreen(OnceModalScreen[None]):
    """"Bob, take the keyboard — Enter when ready"."""

    DEFAULT_CSS = """
    HandoverScreen {
        background: $background;
        align: center middle;
    }
    HandoverScreen #handover-box {
        width: 64;
        height: auto;
        border: heavy $accent;
        padding: 1 2;
        background: $panel;
    }
    HandoverScreen #handover-name {
        text-style: bold;
        text-align: center;
        width: 100%;
        color: $text;
    }
    HandoverScreen #handover-detail {
        text-align: center;
        width: 100%;
        color: $text-muted;
        margin-top: 1;
    }
    """

    BINDINGS = [Binding("enter", "ready", "I'm ready", priority=True)]

    def __init__(self, player: str, detail: str = "", *, title: str | None = None) -> None:
        super().__init__()
        self.player = player
        self.detail = detail
        self.headline = title or f"{player}, take the keyboard — Enter when ready"

    def compose(self) -> ComposeResult:
        with Middle():
            with Center(id="handover-box"):
                yield Static(self.headline, id="handover-name")
                if self.detail:
                    yield Static(self.detail, id="handover-detail")
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)
