"""The sand timer on screen: an async countdown that never blocks the UI.

It owns one ``set_interval(..., pause=True)`` that only redraws; the time left is
computed from the app's injected clock (``Countdown``), so a test advances a
``ManualClock`` and calls ``tick()`` instead of sleeping.  When the time is up it
posts ``SandTimer.Expired`` once; the screen turns that into the engine's
"time ran out" action.
"""

from __future__ import annotations

import math

from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Static

from boardgames.common.clock import Clock, monotonic
from boardgames.common.timer import Countdown


class SandTimer(Static):
    DEFAULT_CSS = """
    SandTimer {
        width: auto;
        min-width: 12;
        height: 3;
        border: round $accent-frame;
        content-align: center middle;
        text-style: bold;
        padding: 0 1;
    }
    SandTimer.-low { border: round $text-error; color: $text-error; }
    SandTimer.-idle { color: $text-muted; }
    """

    remaining: reactive[float] = reactive(0.0)

    class Expired(Message):
        """Time ran out; sent once per run.  (Not a dataclass: defining one costs more
        than the rest of this module, before every game's first frame.)"""

        def __init__(self, timer: SandTimer) -> None:
            super().__init__()
            self.timer = timer

    def __init__(self, limit: float, clock: Clock = monotonic, *, id: str | None = None) -> None:
        # Idle from the start: a class added once mounted restyled it before its first frame.
        super().__init__(id=id, classes="-idle")
        self.countdown = Countdown(limit, clock)
        self.remaining = limit
        self._interval: Timer | None = None
        self._fired = False

    def on_mount(self) -> None:
        # Running already if started before it was mounted (Vowl's buzz countdown is
        # mounted at the buzz that starts it).
        self._interval = self.set_interval(0.1, self.tick, pause=not self.running)

    def set_limit(self, limit: float) -> None:
        self.stop()
        self.countdown.limit = limit
        self.remaining = limit

    def start(self, already: float = 0.0) -> None:
        """Turn the timer over: running, full (or with *already* seconds used)."""
        self._fired = False
        self.countdown.start(already)
        self.remove_class("-idle")
        self.tick()
        if self._interval is not None:
            self._interval.resume()

    def pause(self) -> None:
        self.countdown.pause()
        if self._interval is not None:
            self._interval.pause()

    def resume(self) -> None:
        if self._fired:
            return
        self.countdown.resume()
        if self._interval is not None:
            self._interval.resume()

    def stop(self) -> None:
        """Stop without expiring (the pile was finished in time)."""
        self.countdown.pause()
        self._fired = True
        self.add_class("-idle")
        if self._interval is not None:
            self._interval.pause()

    @property
    def running(self) -> bool:
        return self.countdown.running and not self._fired

    def tick(self) -> None:
        """Redraw from the clock; post ``Expired`` the first time it reaches zero."""
        self.remaining = self.countdown.remaining
        if self.countdown.expired and not self._fired and self.countdown.running:
            self._fired = True
            self.countdown.pause()
            if self._interval is not None:
                self._interval.pause()
            self.post_message(self.Expired(self))

    _shown: str | None = None

    def watch_remaining(self, remaining: float) -> None:
        """Show the whole seconds left.  The time left changes at every tick (ten a second
        on a real clock), the text once a second: only then is it drawn, and laid out
        only when its width changes (this box is as wide as its text) - each tick laid
        out the whole screen, racing every key typed against the sand."""
        self.set_class(0 < remaining <= 5, "-low")
        text = f"⏳ {math.ceil(remaining):>2d} s"
        if text == self._shown:
            return
        resized = self._shown is None or len(text) != len(self._shown)
        self._shown = text
        self.update(text, layout=resized)
