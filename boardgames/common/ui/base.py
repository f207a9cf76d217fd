"""``GameScreen``: what every game screen has in common.

- ``GAME``: the game key, so the app's F1 opens the right rules;
- ``MIN_SIZE``: below it, the layout is hidden behind a plain "enlarge the
  terminal to W×H" message instead of drawing a broken board; when the terminal
  grows again the screen is simply shown again - nothing is rebuilt, so no state
  is lost by resizing.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from textual import events
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

T = TypeVar("T")


class OnceModalScreen(ModalScreen[T], Generic[T]):
    """A modal that answers once: a key pressed twice in a row (a fast player, a
    cat) must not answer the same question twice or answer the next one."""

    _answered = False

    def dismiss(self, result: Any = None) -> Any:
        if self._answered:
            return None
        self._answered = True
        return super().dismiss(result)


class TooSmall(Static):
    """The message shown instead of a screen that does not fit."""

    DEFAULT_CSS = """
    TooSmall {
        display: none;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        color: $warning;
        text-style: bold;
    }
    """


class GameScreen(Screen[None]):
    GAME: ClassVar[str] = ""
    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)

    DEFAULT_CSS = """
    GameScreen.-too-small > * { display: none; }
    GameScreen.-too-small > TooSmall { display: block; }
    """

    def _on_mount(self, event: events.Mount) -> None:
        self.mount(TooSmall(id="too-small"))
        self._check_size(self.app.size.width, self.app.size.height)

    def _on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    @property
    def too_small(self) -> bool:
        return self.has_class("-too-small")

    def _check_size(self, width: int, height: int) -> None:
        min_w, min_h = self.MIN_SIZE
        small = width < min_w or height < min_h
        if small:
            self.query_one(TooSmall).update(
                f"This screen needs a terminal of at least {min_w}×{min_h}; it is {width}×{height}.\n"
                f"Enlarge the terminal to {min_w}×{min_h} (or shrink the font) and play goes on."
            )
        self.set_class(small, "-too-small")
