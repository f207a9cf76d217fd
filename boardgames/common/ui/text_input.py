"""``TextInput``: Textual's ``Input`` that never draws a control character as itself.

Whatever a player types or pastes into a box is outside text.  Textual 8.2's
``Input`` renders its value as Rich ``Text``, which keeps the escape character: a
pasted ``ESC ] 0 ; pwn BEL`` (or a name set from a file) would reach the terminal
and retitle it, blink, or clear the screen.  The value itself is left alone - what
was typed is not lost, and the form that reads it refuses a name holding a control
character with a message (``common.names``) - only its *picture* changes: every
control or invisible character is drawn as its visible stand-in from
``common.text.plain`` (``␛`` for ESC), one character for one, so the cursor stays
where Textual puts it.  It is done with a highlighter, the hook ``Input`` offers
for restyling the text it draws.

Keys take effect in the order they were pressed.  ``Input`` inserts a typed
character as the key reaches it, but its editing keys (Backspace, Delete, the
arrows, Enter) are bindings, which Textual resolves only once the key has bubbled up
through every container to the app - one message queue after another.  In a burst
(a fast typist, a busy machine, a terminal read holding several keys) the letters
behind such a key were inserted before it ran: "Backspace m a y Enter" over a
rejected answer submitted "ma".  ``TextInput`` runs its own (non-priority) bindings
as the key reaches it (``textual_compat.run_own_binding``).

Every box has a length cap (``max_length``, ``MAX_LENGTH`` unless the form gives its
own: the names' boxes do, from ``common.names``): an answer is a word, and what is
typed ends up in the save - a 10,000-character paste, over and over, once made a save
larger than the game can read back.  A paste longer than the room left is cut to fit
(``cut_to_fit``), not refused whole: what fits is what the player meant to type.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.highlighter import Highlighter
from rich.text import Text
from textual import events
from textual.widgets import Input

from boardgames.common.text import plain
from boardgames.common.ui.textual_compat import run_own_binding


class VisibleControls(Highlighter):
    """Draws each control or invisible character of a ``Text`` as its visible stand-in."""

    def __call__(self, text: str | Text) -> Text:  # noqa: D102 - Highlighter's own contract
        out = Text(text) if isinstance(text, str) else text.copy()
        self.highlight(out)
        return out

    def highlight(self, text: Text) -> None:
        visible = plain(text.plain, None)  # one character for one: the spans stay where they were
        if visible != text.plain:
            text.plain = visible


class TextInput(Input):
    """An ``Input`` for outside text: names, answers, plates, search filters."""

    #: The longest text a box takes when its form gives no ``max_length`` of its own:
    #: longer than any word, plate or title of the games, short enough for any save.
    MAX_LENGTH: ClassVar[int] = 64
    #: Whether text that does not fit is cut to the room left (``False``: refused whole,
    #: ``Input``'s own way, for a box that says why itself).
    cut_to_fit: ClassVar[bool] = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("highlighter", VisibleControls())
        if not kwargs.get("max_length"):  # Input's 0 means "no limit": never for outside text
            kwargs["max_length"] = self.MAX_LENGTH
        super().__init__(*args, **kwargs)

    def replace(self, text: str, start: int, end: int) -> None:
        """Every edit (a key, a paste, typing over a selection): cut to fit when it is too long."""
        if self.cut_to_fit and self.max_length:
            start, end = sorted((max(0, start), min(len(self.value), end)))
            room = self.max_length - (len(self.value) - (end - start))
            if 0 < room < len(text):
                text = text[:room]
        super().replace(text, start, end)

    async def _on_key(self, event: events.Key) -> None:
        # Textual calls this before ``Input._on_key`` (each class's handler, most derived
        # first; that one still runs: it restarts the cursor's blink).
        await run_own_binding(self, event)
