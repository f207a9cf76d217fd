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
"""

from __future__ import annotations

from typing import Any

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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("highlighter", VisibleControls())
        super().__init__(*args, **kwargs)

    async def _on_key(self, event: events.Key) -> None:
        # Textual calls this before ``Input._on_key`` (each class's handler, most derived
        # first; that one still runs: it restarts the cursor's blink).
        await run_own_binding(self, event)
