"""The handover screen: the terminal changes hands before anything private appears.

On one shared keyboard, a player's hand or secret card must not be on screen while
someone else is looking.  Every game pushes a ``HandoverScreen`` naming the next
player; it covers the whole terminal (nothing of the screen below shows through).

- As it appears it wipes what belonged to the previous player: the app's
  notifications (notices for the whole table, ``GameScreen.notify_everyone``,
  stay) and whatever the game screen beneath keeps for them
  (``GameScreen.clear_for_handover``: typed text, feedback lines).
- It is dismissed only by a deliberate act of the incoming player: Space, or a
  click on its "I'm ready" button - never Enter, the key that confirms actions in
  the games, so the outgoing player's double Enter cannot skip it.
- It is guarded (``GuardedModalScreen``): keys within ``ARM`` seconds of quiet
  since it appeared are swallowed and restart the quiet period, so neither a
  quick double press nor a held key's auto-repeat gets through.  Until then a
  muted line says keys are ignored; once armed it says "Ready when you are".

The player's name is data (``common.text``): the default headline escapes it.  A
``detail`` or ``title`` is markup the game writes, names in it passed through ``shown``.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.widgets import Button, Footer, Static

from boardgames.common.text import shown
from boardgames.common.ui.base import GateHint, OnceModalScreen

#: Shown once the handover takes Space (tmux tests wait for it).
ARMED_TEXT = "Ready when you are: press Space (or click I'm ready)."


class HandoverScreen(OnceModalScreen[None]):
    """"Bob, take the keyboard — press Space when ready"."""

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
    HandoverScreen #handover-hint {
        text-align: center;
        margin-top: 1;
    }
    HandoverScreen #handover-ready { margin-top: 1; }
    """

    BINDINGS = [Binding("space", "ready", "I'm ready", key_display="Space", priority=True)]

    def __init__(self, player: str, detail: str = "", *, title: str | None = None) -> None:
        """*player*: who takes the keyboard, as data (a name is escaped here); *detail* and
        *title*: markup written by the game, which passes every name in them through
        ``common.text.shown``."""
        super().__init__()
        self.player = player
        self.detail = detail
        self.headline = title or f"{shown(player)}, take the keyboard — press Space when ready"

    def compose(self) -> ComposeResult:
        with Middle(), Center(id="handover-box"):
            yield Static(self.headline, id="handover-name")
            if self.detail:
                yield Static(self.detail, id="handover-detail")
            yield GateHint(ARMED_TEXT, id="handover-hint")
            with Center():
                ready = Button("I'm ready", id="handover-ready", variant="primary")
                ready.can_focus = False  # Enter or Space on a focused button would press it
                yield ready
        yield Footer()

    def on_mount(self) -> None:
        self.wipe_previous_player()

    def wipe_previous_player(self) -> None:
        """Notifications and the game screen's private lines go before anyone else looks."""
        app = self.app
        below: Any = next(
            (s for s in reversed(app.screen_stack) if s is not self and hasattr(s, "clear_for_handover")), None
        )
        is_public = getattr(below, "is_public_notice", lambda message: False)
        kept = [n for n in app._notifications if is_public(n.message)]  # noqa: SLF001 - no public listing
        app.clear_notifications()
        for n in kept:
            app.notify(n.message, title=n.title, severity=n.severity, timeout=max(n.time_left, 1.0), markup=n.markup)
        if below is not None:
            below.clear_for_handover()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ready":
            return True if self.armed else None  # greyed in the Footer until armed
        return True

    def on_armed(self, armed: bool) -> None:
        self.refresh_bindings()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.armed:
            self.dismiss(None)

    def action_ready(self) -> None:
        if self.armed:
            self.dismiss(None)
