"""The suite's Footer: Textual's, rebuilt once for the binding changes signalled before
the rebuild runs.

Textual's Footer answers each bindings signal of its screen (its first resume, each
move of the focus, ``refresh_bindings``) with a rebuild after the next refresh: every
key a new widget, styled with its two component classes, and the screen laid out
again.  A rebuild reads the bindings when it runs, so one pending rebuild already shows
every change signalled before it: a game screen's first frame built its Footer twice.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's Footer (the same CSS type), coalescing the rebuilds it is asked for."""

    _rebuild_pending = False

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self._rebuild_pending:
            return  # the rebuild to come reads the bindings as they are then
        # Textual's own rebuilds under these conditions only (else it just notes them).
        rebuilds = bool(screen.app.app_focus) and self.is_attached and screen is self.screen
        super().bindings_changed(screen)
        self._rebuild_pending = rebuilds

    async def recompose(self) -> None:
        self._rebuild_pending = False  # a change signalled from now on asks again
        await super().recompose()
