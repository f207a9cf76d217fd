"""Read what a running Textual app shows, as plain text (for "is X on screen?" tests)."""

from __future__ import annotations

import io

from rich.console import Console
from textual.app import App


def screen_text(app: App) -> str:
    """The whole terminal as the player sees it, modal layers and what shows through included."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), force_terminal=True,
        color_system=None, record=True, legacy_windows=False, safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()
