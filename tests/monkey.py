"""A seeded monkey for Pilot tests: random keys, pastes and clicks, with a check after each.

Used by each game's monkey test.  Everything comes from one ``random.Random`` so a
failure replays exactly with the same seed; the failing step is in the message.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Awaitable, Callable, Sequence

from textual import events
from textual.app import App
from textual.command import CommandInput, CommandPalette
from textual.errors import NoWidget
from textual.pilot import Pilot

from tests.screen import settled, wait_for

#: Keys every screen may meet: typing, editing, navigation, function and control keys.
#: (F1 is left out: the rules viewer is slow to redraw and has its own tests.  Ctrl+P,
#: the command palette, is an event of its own, ``palette_every``.)
COMMON_KEYS: tuple[str, ...] = (
    *"abcdefghijklmnopqrstuvwxyz0123456789",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "backspace",
    "delete",
    "space",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    "f2",
    "ctrl+a",
    "ctrl+k",
    "ctrl+u",
    "ctrl+w",
    "ctrl+z",
)

PASTES: tuple[str, ...] = (
    "savor",
    "S V R",
    "ñandú café 🦉 Ωμέγα 漢字",
    "\t\n\r",
    "x" * 5000,
    "🦉" * 300,
    "pass",
    "0123456789!@#$%^&*()",
)


def send_key(app: App, key: str) -> None:
    """Queue one key press without waiting for it to be handled (like a fast typist).

    Into the app's queue at once, as the terminal driver's own ``_post_message`` puts
    it: the driver's ``send_message`` only schedules that, and until the loop ran it,
    ``settled`` saw an empty queue and a test waiting for the key to be handled went on
    before it even arrived (the monkey's palette searches ran on a box still empty)."""
    char = key if len(key) == 1 else {"space": " ", "enter": "\r", "tab": "\t"}.get(key)
    event = events.Key(key, char)
    event.set_sender(app)
    app.post_message(event)


def palette_ready(app: App) -> bool:
    """Settled, and a command palette on top (if Ctrl+P opened one) has its search box focused."""
    if not settled(app):
        return False
    screen = app.screen
    if not isinstance(screen, CommandPalette):
        return True  # Ctrl+P was swallowed or refused here: the letters go where keys go
    return isinstance(screen.focused, CommandInput)


def palette_searched(app: App) -> bool:
    """Every key sent has been handled and no command palette is still searching."""
    if not settled(app):
        return False
    return not any(isinstance(worker.node, CommandPalette) and not worker.is_finished for worker in list(app.workers))


async def monkey(
    pilot: Pilot,
    rng: random.Random,
    steps: int,
    *,
    keys: Sequence[str] = COMMON_KEYS,
    check: Callable[[int, str], Awaitable[None] | None],
    batch: int = 8,
    paste_every: int = 40,
    click_every: int = 60,
    resize_every: int = 100,
    palette_every: int = 125,
) -> None:
    """Send *steps* random events, *batch* at a time; ``check(step, what)`` after each batch.

    Keys are queued the way a fast typist (or a cat) sends them, then the app is
    let run until it has handled them all (``settled``: a state, so a busy machine
    plays the same game); invariants that must hold after every single action are
    best checked inside the engine's ``apply`` by the caller as well.
    """
    app: App = pilot.app
    size = app.size
    resized = False
    what = ""
    resizes = 1000 // resize_every if resize_every else 0  # rolls out of 1000 for each kind of event
    palettes = 1000 // palette_every if palette_every else 0
    for step in range(steps):
        roll = rng.randrange(1000)
        if roll >= 1000 - resizes:
            # The terminal narrowed to a few cells (a window dragged, a split pane): the
            # app must survive any size, down to one cell; the batch's end restores it.
            await wait_for(pilot, lambda: settled(app), f"the app to settle before step {step}")
            narrow = (rng.randint(1, size.width), rng.randint(1, size.height))
            what = f"resize to {narrow[0]}×{narrow[1]}"
            await pilot.resize_terminal(*narrow)
            resized = True
        elif roll >= 1000 - resizes - palettes:
            # The command palette, as a hurried player uses it: open, a few letters of a
            # search, then Enter (whatever command is highlighted runs: a game, the rules,
            # the menu) or Escape.  A bare Ctrl+P among the keys left the monkey typing
            # into the palette for most of its run.
            search = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randrange(4)))
            close = rng.choice(("enter", "escape"))
            what = f"palette {search!r} {close}"
            # The letters go in once the palette is up and its search box has the keys:
            # queued behind Ctrl+P, they reached the box or were lost depending on how
            # far the palette had mounted, so a busy machine searched another text, ran
            # another command and played another game (the VNTYPL8S monkey, 3 or 7
            # actions applied instead of 18).  A player sees the box before typing.
            send_key(app, "ctrl+p")
            await wait_for(pilot, lambda: palette_ready(app), f"the palette to open at step {step}")
            for key in search:
                send_key(app, key)
            # Enter runs whichever command is highlighted *when it arrives*: the palette
            # searches in a worker, so on a busy machine an Enter queued with the letters
            # ran another command than on an idle one, and the run went elsewhere (the
            # VNTYPL8S monkey applied 3 actions instead of its usual 13-16).  A hurried
            # player still sees the list before pressing Enter: wait for the search.
            await wait_for(pilot, lambda: palette_searched(app), f"the palette's search at step {step}")
            send_key(app, close)
        elif paste_every and roll < 1000 // paste_every:
            text = rng.choice(PASTES)
            what = f"paste {text[:20]!r}"
            app.post_message(events.Paste(text))
        elif click_every and roll < 1000 // paste_every + 1000 // click_every:
            # A terminal delivers a click after the keys typed before it; Pilot's click
            # goes straight to the top screen, so let the app handle those keys first
            # (a click into a screen still mounting trips Textual's text selection).
            await wait_for(pilot, lambda: settled(app), f"the app to settle before step {step}")
            w, h = app.size
            offset = (rng.randrange(w), rng.randrange(h))
            what = f"click at {offset}"
            with contextlib.suppress(NoWidget):  # a click between two screens lands on nothing: fine
                await pilot.click(offset=offset)
        else:
            key = rng.choice(keys)
            what = f"key {key}"
            send_key(app, key)
        if step % batch == batch - 1:
            await pilot.pause()
            await wait_for(pilot, lambda: settled(app), f"the app to settle after step {step} ({what})")
            if app._exception is not None or not app.is_running:
                raise AssertionError(f"the app stopped after step {step} ({what}): {app._exception!r}")
            if resized:
                await pilot.resize_terminal(size.width, size.height)
                await wait_for(pilot, lambda: settled(app), f"the app to settle at its size after step {step}")
                resized = False
            result = check(step, what)
            if result is not None:
                await result
    await pilot.pause()
