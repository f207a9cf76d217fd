"""A countdown (the sand timer) computed from a clock, never from ticks.

The screen owns one ``Countdown`` and one Textual interval that merely *redraws*
it; the remaining time is always ``limit - (clock() - started)``, so a slow
terminal or a paused interval never makes the timer drift, and tests advance an
injected clock instead of sleeping.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardgames.common.clock import Clock, monotonic


@dataclass
class Countdown:
    """A pausable countdown of ``limit`` seconds read from ``clock``."""

    limit: float
    clock: Clock = field(default=monotonic)
    _started: float | None = None
    _banked: float = 0.0  # seconds used before the last pause

    def start(self, already: float = 0.0) -> None:
        """Start the countdown, full or with *already* seconds used (a resumed pile)."""
        self._banked = already
        self._started = self.clock()

    def pause(self) -> None:
        if self._started is not None:
            self._banked += self.clock() - self._started
            self._started = None

    def resume(self) -> None:
        if self._started is None:
            self._started = self.clock()

    @property
    def running(self) -> bool:
        return self._started is not None

    @property
    def elapsed(self) -> float:
        live = self.clock() - self._started if self._started is not None else 0.0
        return self._banked + live

    @property
    def remaining(self) -> float:
        return max(0.0, self.limit - self.elapsed)

    @property
    def expired(self) -> bool:
        return self.elapsed >= self.limit
