"""Widgets mounted the first time they are needed, not hidden from the first frame.

Why: a widget mounted hidden is still styled and laid out before the
screen's first frame, and most of them are never shown (a "terminal too small"
message, sudden death's countdown, the game-over panel).  Each screen had written
"find it, else mount it" its own way; this is the one way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual.widget import Widget

__all__ = ["find_or_mount"]

W = TypeVar("W", bound=Widget)


def find_or_mount(
    parent: Widget,
    kind: type[W],
    make: Callable[[], W],
    *,
    id: str | None = None,
    before: str | Widget | None = None,
    after: str | Widget | None = None,
) -> W:
    """The widget of type *kind* (with *id*, when given) inside *parent*; if there is none
    yet, the one *make* builds, mounted in *parent* now (*before* / *after*: where).

    ``mount`` registers the widget in the DOM before it returns, so the next call finds
    it (and a query for it does) even before its own mount has run.
    """
    found = parent.query(f"#{id}" if id is not None else kind)
    for widget in found:
        if isinstance(widget, kind):
            return widget
    widget = make()
    parent.mount(widget, before=before, after=after)
    return widget
