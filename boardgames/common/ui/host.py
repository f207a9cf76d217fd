"""What a screen may ask of the app, typed: ``host(self).back_to_menu()``.

Screens are written against this protocol rather than against ``BoardgamesApp``
itself: the app imports the game registry, so a screen importing the app would
close an import circle, and ``self.app.new_seed()`` on Textual's ``App`` type would
need a ``type: ignore`` at every call.  ``host`` checks once, at run time, that the
app really is one.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual.dom import DOMNode

from boardgames.common.clock import Clock

if TYPE_CHECKING:
    from collections.abc import Callable

    from boardgames.common.dictionary import DictionaryUnavailable
    from boardgames.common.saves import SaveRecord


@runtime_checkable
class Host(Protocol):
    """The app the game screens run in."""

    clock: Clock
    """Seconds on a monotonic scale; a ``ManualClock`` in tests."""

    def new_seed(self) -> int:
        """A seed for each new game (``--seed`` makes the sequence reproducible)."""
        ...

    def make_rng(self) -> random.Random:
        """A fresh ``random.Random`` for whatever a screen shuffles outside an engine."""
        ...

    def back_to_menu(self) -> None:
        """Close every screen above the main menu."""
        ...

    def open_game(self, key: str) -> None:
        """The screen the menu opens for game *key*."""
        ...

    def resume_game(self, record: SaveRecord) -> None:
        """Open a saved game (one that cannot be replayed is set aside, and said so)."""
        ...

    def show_rules(self, game: str) -> None:
        """Game *game*'s rulebook, over whatever is open."""
        ...

    def show_history(self, tab: str = "games") -> None:
        """The History screen, open on *tab* ("games", "levels", "plates")."""
        ...

    def leave_game_then(self, then: Callable[[], None]) -> None:
        """Call *then* after the leave question of the game in progress, if one is open."""
        ...

    def cannot_check_words(self, error: DictionaryUnavailable) -> None:
        """The spell checker failed to open after a word game's first frame
        (``common.ui.words``): say *error*'s paragraph and leave the game."""
        ...


def host(node: DOMNode) -> Host:
    """The app *node* runs in, as a ``Host`` (``TypeError`` when it is not one)."""
    app = node.app
    if not isinstance(app, Host):
        raise TypeError(f"{type(app).__name__} is not a boardgames host")
    return app
