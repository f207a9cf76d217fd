"""Read what a running Textual app shows, as plain text (for "is X on screen?" tests),
and act like players at the shared keyboard.

Handovers and questions take no key before a moment of quiet (``common.ui.base``:
``ARM`` seconds on the app's clock), so a test is a player who pauses: it advances
the app's ``ManualClock`` (``deliberately``, ``take_keyboard``) - it never sleeps.
"""

from __future__ import annotations

import io

from rich.console import Console
from textual.app import App

from boardgames.common.clock import ManualClock
from boardgames.common.ui.base import ARM
from boardgames.common.ui.handover import HandoverScreen


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


# --- the key gate: handovers and questions wait for a moment of quiet ----------------------

#: A deliberate player's pause: longer than the quiet a guarded screen waits for.
PAUSE = ARM + 0.1


def pause_like_a_player(app: App) -> None:
    """Let ``ARM`` seconds of quiet pass on the app's ``ManualClock`` (``app.clock``)."""
    clock = getattr(app, "clock", None)
    assert isinstance(clock, ManualClock), "the gate reads app.clock: give the app a ManualClock"
    clock.advance(PAUSE)


async def wait_for(pilot, condition, what: str = "the condition", tries: int = 200) -> None:  # noqa: ANN001
    """Let the app run until *condition()* holds (state, never wall-clock time)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"never happened: {what}; the top screen is {pilot.app.screen!r}")


async def deliberately(pilot, *keys: str) -> None:  # noqa: ANN001 - textual Pilot
    """Press *keys* like a player who read the screen first: a pause (past ``ARM``), then the keys."""
    await pilot.pause()
    pause_like_a_player(pilot.app)
    await pilot.press(*keys)


async def take_keyboard(pilot, player: str | None = None) -> str:  # noqa: ANN001 - textual Pilot
    """The next player takes the keyboard: wait for the handover, pause, press Space,
    wait until the handover is gone.  Returns what the handover said (one line)."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "a handover")
    handover = app.screen
    text = " ".join(screen_text(app).split())
    if player is not None:
        assert player in text, text
    pause_like_a_player(app)
    await pilot.press("space")
    await wait_for(pilot, lambda: app.screen is not handover, "the handover to close")
    await pilot.pause()
    return text
