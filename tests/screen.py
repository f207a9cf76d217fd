"""Read what a running Textual app shows, as plain text (for "is X on screen?" tests),
and act like players at the shared keyboard.

Handovers and questions take no key before a moment of quiet (``common.ui.base``:
``ARM`` seconds on the app's clock), so a test is a player who pauses: it advances
the app's ``ManualClock`` (``deliberately``, ``take_keyboard``) - it never sleeps.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from typing import Any

from rich.console import Console
from textual.app import App
from textual.widget import Widget

from boardgames.common.clock import ManualClock
from boardgames.common.ui.base import ARM
from boardgames.common.ui.handover import HandoverScreen, OpeningHandover


def screen_text(app: App) -> str:
    """The whole terminal as the player sees it, modal layers and what shows through included."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def record_notifications(app: App) -> list[str]:
    """Every notification's message from now on, recorded as it is raised.

    ``app._notifications`` drops a notification once its timeout (wall-clock seconds)
    has passed, and a busy machine can take that long between the notice and the check.
    """
    said: list[str] = []
    notify = app.notify

    def recording(message: str, *args: object, **kwargs: object) -> None:
        said.append(str(message))
        notify(message, *args, **kwargs)  # type: ignore[arg-type]

    app.notify = recording  # type: ignore[method-assign]
    return said


# --- the key gate: handovers and questions wait for a moment of quiet ----------------------

#: A deliberate player's pause: longer than the quiet a guarded screen waits for.
PAUSE = ARM + 0.1


def pause_like_a_player(app: App) -> None:
    """Let ``ARM`` seconds of quiet pass on the app's ``ManualClock`` (``app.clock``)."""
    clock = getattr(app, "clock", None)
    assert isinstance(clock, ManualClock), "the gate reads app.clock: give the app a ManualClock"
    clock.advance(PAUSE)


async def wait_for(pilot, condition, what: str = "the condition", tries: int = 200) -> None:
    """Let the app run until *condition()* holds (state, never wall-clock time)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause()
    try:
        top = repr(pilot.app.screen)
    except Exception as exc:  # noqa: BLE001 - the app has stopped: say so, not "no screens"
        top = f"gone ({exc}; the app {'crashed: ' + repr(pilot.app._exception) if pilot.app._exception else 'exited'})"
    raise AssertionError(f"never happened: {what}; the top screen is {top}")


def settled(app: App) -> bool:
    """Nothing left to handle: every screen on the stack is mounted and no message waits
    in the app's queue or any screen's or widget's.

    Textual's ``pilot.pause()`` waits until the *process* looks idle (little CPU used
    while it sleeps); on a busy machine that is true at once, with a pushed screen still
    mounting or a screen's ``ScreenResume`` (which restarts a guarded screen's quiet
    period) still queued.  Wait for this state instead: ``wait_for(pilot, lambda: settled(app))``.
    A game's opening handover on top is settled once the game beneath it is built.
    """
    try:
        stack = app.screen_stack
    except Exception:  # noqa: BLE001 - the app has stopped: nothing more will happen
        return True
    top = stack[-1] if stack else None
    if isinstance(top, OpeningHandover) and top.waiting and not top.ready:
        return False  # the game is still to be built beneath it, after its first frame
    return quiet(app)


def quiet(app: App) -> bool:
    """``settled``, except that a game still to be built beneath its opening handover
    does not count: for a test that holds that build back on purpose."""
    try:
        stack = app.screen_stack
    except Exception:  # noqa: BLE001 - the app has stopped: nothing more will happen
        return True
    if not all(screen.is_mounted for screen in stack):
        return False
    nodes = [app, *stack, *app._registry]
    # A message Textual peeked at (to combine it with the next) has left the queue but
    # is still to be handled.
    return all(node._message_queue.empty() and node._pending_message is None for node in nodes)


async def deliberately(pilot, *keys: str) -> None:
    """Press *keys* like a player who read the screen first: a pause (past ``ARM``), then the keys.

    The player reads the screen once it is up: the top screen mounted and resumed
    (a guarded screen starts its quiet period then), only then does the pause count."""
    app = pilot.app
    await wait_for(pilot, lambda: settled(app), "the app to settle")
    await pilot.pause()
    pause_like_a_player(app)
    await pilot.press(*keys)


async def take_keyboard(pilot, player: str | None = None) -> str:
    """The next player takes the keyboard: wait for the handover, pause, press Space,
    wait until the handover is gone.  Returns what the handover said (one line)."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "a handover")
    handover = app.screen
    await wait_for(pilot, lambda: settled(app), "the handover to be up")
    await pilot.pause()
    text = " ".join(screen_text(app).split())
    if player is not None:
        assert player in text, text
    pause_like_a_player(app)
    await pilot.press("space")
    await wait_for(pilot, lambda: app.screen is not handover, "the handover to close")
    await pilot.pause()
    return text


@contextlib.contextmanager
def rendered_widgets() -> Iterator[list[str]]:
    """The class name of every widget rendered (``Widget.render_lines``) inside the block,
    in order: what a frame drew, for tests that count the work of a key."""
    rendered: list[str] = []
    render_lines = Widget.render_lines

    def counting(self: Widget, crop: Any) -> Any:
        rendered.append(type(self).__name__)
        return render_lines(self, crop)

    Widget.render_lines = counting  # type: ignore[method-assign]
    try:
        yield rendered
    finally:
        Widget.render_lines = render_lines  # type: ignore[method-assign]


async def uwo_with_a_saved_action(pilot) -> Any:
    """From the menu, open UWO and end the first turn: the duel's screen, whose save
    holds one action (for tests of what becomes of an open game's save)."""
    from boardgames.app import MainMenu
    from boardgames.common.ui.session_screen import SessionScreen

    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
    app.open_game("uwo")
    await wait_for(pilot, lambda: settled(app) and not isinstance(app.screen, MainMenu), "UWO")
    if not isinstance(app.screen, SessionScreen):  # the duel's setup form: two players, as it opens
        await pilot.press("ctrl+s")
    await take_keyboard(pilot)
    game = next(s for s in app.screen_stack if isinstance(s, SessionScreen))
    await deliberately(pilot, "e")  # end the turn (asked once): the save now holds an action
    await deliberately(pilot, "y")
    await wait_for(pilot, lambda: bool(game.session.autosave.record.actions), "a saved action")
    return game
