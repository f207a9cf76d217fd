"""A screen's first frame, as the terminal gets it: ``after_first_frame(screen, callback)``.

Some work must wait until the players see something: opening the dictionary, starting
the computer's search process, building a game beneath its opening handover.
``call_after_refresh`` runs after the next refresh cycle whether or not it sent a
frame (inside a batch nothing is sent), so that work started before the screen was
ever shown.  Here a screen counts as shown from the first frame handed to the terminal
with it drawn, or drawn beneath the screen on top.  Where frames cannot be watched
(``textual_compat.watch_frames``), ``call_after_refresh`` as before.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import Screen

from boardgames.common.ui import textual_compat

#: Screens a frame has been sent with: drawn, or beneath the one drawn.
_shown: weakref.WeakSet[Screen[Any]] = weakref.WeakSet()
#: What waits for each screen's first frame, in the order it was asked for.
_waiting: weakref.WeakKeyDictionary[Screen[Any], list[Callable[[], object]]] = weakref.WeakKeyDictionary()
_installed = False


def after_first_frame(screen: Screen[Any], callback: Callable[[], object]) -> None:
    """Call *callback* on *screen* (``call_later``: never inside the frame) once a frame
    has been handed to the terminal drawing *screen* or a screen above it; soon, if one has."""
    if not _installed:
        screen.call_after_refresh(callback)
    elif screen in _shown:
        screen.call_later(callback)
    else:
        _waiting.setdefault(screen, []).append(callback)


def _frame_sent(app: App[Any], screen: Screen[Any]) -> None:
    stack = app.screen_stack
    if screen not in stack:
        return
    for shown in stack[: stack.index(screen) + 1]:  # the one drawn and those beneath it
        if shown in _shown:
            continue
        _shown.add(shown)
        for callback in _waiting.pop(shown, []):
            shown.call_later(callback)


def install() -> None:
    """Watch the frames sent (once per process; the app calls it after ``textual_compat.apply``)."""
    global _installed  # noqa: PLW0603 - a process-wide, install-once flag
    if not _installed:
        _installed = textual_compat.watch_frames(_frame_sent)
