"""A screen's first frame, as the terminal gets it: ``after_first_frame(screen, callback)``.

Some work must wait until the players see something: opening the dictionary (a word
game), starting the computer's search process (UWO), building a game beneath its
opening handover.  Each used to follow ``call_after_refresh``, which runs after the
app's next refresh *cycle*, whether or not that cycle sent a frame: inside a batch
(``App.run``'s start-up, every recompose) nothing is sent
(``textual_fixes._no_frame_drawn_inside_a_batch`` defers that frame to the batch's
end), so such work started before the screen was ever shown, and delayed its first
frame (issue 16: a UWO search process started before the duel was drawn).

Textual has no public signal for a frame sent; ``App._display`` is where every frame
goes to the driver.  ``install`` wraps it (with the speed-ups: Textual 8.2.8, see
``textual_fixes``), and a screen counts as shown from the first frame handed over with
it drawn, or beneath the screen drawn (under a question or a handover that went up as
it mounted: the players' first sight is that frame either way, and a game covered at
once must still open its dictionary), and not inside a batch.  Without it, ``after_first_frame`` falls back on
``call_after_refresh``: Textual's own behaviour, as before.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import Screen

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


def install() -> None:
    """Watch ``App._display`` for each screen's first frame (once per process)."""
    global _installed  # noqa: PLW0603 - a process-wide, install-once flag
    if _installed:
        return
    _installed = True
    original = App._display

    @functools.wraps(original)
    def _display(self: App[Any], screen: Screen[Any], renderable: Any) -> None:
        original(self, screen, renderable)
        if renderable is None or self._batch_count:  # noqa: SLF001 - dropped by Textual: nothing sent
            return
        stack = self.screen_stack
        if screen not in stack:
            return
        for shown in stack[: stack.index(screen) + 1]:  # the one drawn and those beneath it
            if shown in _shown:
                continue
            _shown.add(shown)
            for callback in _waiting.pop(shown, []):
                shown.call_later(callback)

    App._display = _display  # type: ignore[method-assign]
