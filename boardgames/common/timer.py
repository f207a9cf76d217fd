"""A countdown (the sand timer) computed from a clock, never from ticks.

The screen owns one ``Countdown`` and one Textual interval that merely *redraws*
it; the remaining time is always ``limit - (clock() - started)``, so a slow
terminal or a paused interval never makes the timer drift, and tests advance an
injected clock instead of sleeping.
"""

from __future__ import annotations

from boardgames.common.clock import Clock, monotonic


class Countdown:
    """A pausable countdown of ``limit`` seconds read from ``clock``.

    Written out by hand, not a ``@dataclass`` (about 3M instructions to define, before
    every game's first frame): the same ``__init__``, equality (field by
    field), no hash, and repr.
    """

    #: Mutable and compared by value: unhashable, as the dataclass was.
    __hash__ = None  # type: ignore[assignment]

    def __init__(
        self, limit: float, clock: Clock = monotonic, _started: float | None = None, _banked: float = 0.0
    ) -> None:
        self.limit = limit
        self.clock = clock
        self._started = _started
        self._banked = _banked  # seconds used before the last pause

    def _fields(self) -> tuple[object, ...]:
        return (self.limit, self.clock, self._started, self._banked)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return (
            f"Countdown(limit={self.limit!r}, clock={self.clock!r}, "
            f"_started={self._started!r}, _banked={self._banked!r})"
        )

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
