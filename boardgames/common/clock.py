"""Time as something a screen is given, so tests can move it by hand.

Engines never read a clock.  Screens read one through the ``Clock`` protocol; the
app passes ``monotonic`` in play and tests pass a ``ManualClock`` they advance.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def __call__(self) -> float:
        """Seconds on a monotonic scale."""
        ...


def monotonic() -> float:
    return time.monotonic()


class ManualClock:
    """A clock that only moves when told to: ``clock.advance(25)``."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
