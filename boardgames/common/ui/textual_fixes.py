"""Work-arounds for Textual bugs the suite meets, each pinned to the version it was seen in.

Kept in one module so each can be dropped when Textual fixes it: every patch names
the Textual version, the symptom and why the patch is safe.  ``apply()`` is
idempotent; the app calls it once at import.
"""

from __future__ import annotations

import functools
from typing import Any

from textual.content import Content
from textual.widgets import OptionList

_applied = False


def _wrap_at_least_one_cell() -> None:
    """Textual 8.2.8 (Rich 15): text wrapped to a width of 0 or less crashes the app.

    Narrowing the terminal to a few columns (≤ 6 on the main menu, ≤ 3 in a game)
    leaves an ``OptionList`` with no room inside its padding; its
    ``get_content_height`` wraps each option's ``Content`` to ``width - padding``,
    Rich's ``chop_cells`` builds ``range(0, n, width)`` and the app stops with
    ``ValueError: range() arg 3 must not be zero``.  Other apps hit the same trace
    (OpenHands-CLI issues 397 and 401, on Textual 7.3); no Textual issue names it.
    Nothing can be drawn in zero cells anyway, so wrapping to one cell instead only
    changes how tall an invisible widget thinks it is.
    """
    original = Content._wrap_and_format

    @functools.wraps(original)
    def wrap_and_format(self: Content, width: int, *args: Any, **kwargs: Any) -> Any:
        line_pad = kwargs.get("line_pad", args[3] if len(args) > 3 else 0)
        return original(self, max(width, 1 + 2 * line_pad), *args, **kwargs)

    Content._wrap_and_format = wrap_and_format  # type: ignore[method-assign]


def _page_through_an_unmeasured_list() -> None:
    """Textual 8.2.8: PageUp/PageDown on an ``OptionList`` that has no room crashes the app.

    ``OptionList`` measures its lines only when it has a content region
    (``_update_lines`` returns early at zero size: a terminal narrowed to a few cells,
    a list inside a dialog squeezed to nothing); ``_move_page`` then looks the
    highlighted option up in the empty line map and the app stops with ``KeyError``.
    ``scroll_to_highlight`` guards the same lookup; ``_move_page`` does not.  Another
    app met the same trace (kagan-sh/kagan-legacy issue 31); no Textual issue names it.
    A list that shows no line has no page to move by, so the key does nothing.
    """
    original = OptionList._move_page

    @functools.wraps(original)
    def move_page(self: OptionList, direction: Any) -> None:
        if (self.highlighted or 0) not in self._index_to_line:  # noqa: SLF001 - the lookup that fails
            return
        original(self, direction)

    OptionList._move_page = move_page  # type: ignore[method-assign]


def apply() -> None:
    """Install every work-around (once)."""
    global _applied  # noqa: PLW0603 - a process-wide, install-once flag
    if _applied:
        return
    _applied = True
    _wrap_at_least_one_cell()
    _page_through_an_unmeasured_list()
