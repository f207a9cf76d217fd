"""``ReplayingScreen``: what the players see while a long saved game is rebuilt.

A save is replayed action by action (``GameSession.resume``); a game of many
thousands of actions takes seconds.  Done on the UI thread, the terminal froze for
that long with the menu still drawn, and keys pressed meanwhile all arrived at once
afterwards.  The app replays such a save in a background thread behind this screen,
which says how far it got; it takes no key (nothing here to answer).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class ReplayingScreen(ModalScreen[None]):
    """ "Replaying the saved Vowl game: move 1,200 of 20,000…" until the game is rebuilt."""

    DEFAULT_CSS = """
    ReplayingScreen { align: center middle; }
    ReplayingScreen > Vertical { width: auto; height: auto; padding: 1 2; border: round $border; }
    """

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title_of_game = title
        #: The last progress shown, ``(done, total)`` (tests read it).
        self.progress: tuple[int, int] = (0, 0)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Replaying the saved {self.title_of_game} game…", id="replaying", markup=False)

    def show_progress(self, done: int, total: int) -> None:
        """Called (on the UI thread) as the replay goes on."""
        self.progress = (done, total)
        if self.is_mounted:
            self.query_one("#replaying", Static).update(
                f"Replaying the saved {self.title_of_game} game: move {done:,} of {total:,}…"
            )
