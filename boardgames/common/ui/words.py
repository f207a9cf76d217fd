"""Opening the spell checker just after a word game's first frame.

A word game's first screen (the roll, the first handover, the setup form) judges no
word, so nothing before it loads enchant (7 MiB) or reads the en_US word list (30 ms,
10 MiB).  The judges hold a ``DeferredDictionary``; once the screen has painted, a
worker thread opens the real dictionary, then does whatever the game wants ready
before the first answer (Vowl: the answer index of the turn review).

When the spell checker is missing, or its word list fails the sanity check (empty or
damaged), the app leaves with the same paragraph and exit status 3 that a command
gives (``Host.cannot_check_words``): every answer would be judged wrongly.  Opened
from the menu, a word game has loaded its dictionary before its first screen
(``GameEntry.check_ready``), so this never fails there.  Written once for both games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from boardgames.common.dictionary import DictionaryUnavailable, deferred_dictionary
from boardgames.common.ui.frames import after_first_frame
from boardgames.common.ui.host import host


def open_dictionary_after_first_frame(screen: Screen[Any], then: Callable[[], object] | None = None) -> None:
    """Open the dictionary in a thread once *screen* has painted; then call *then* there."""
    app_host = host(screen)

    def work() -> None:
        try:
            deferred_dictionary().opened()
        except DictionaryUnavailable as exc:
            screen.app.call_from_thread(app_host.cannot_check_words, exc)
            return
        if then is not None:
            then()

    def start() -> None:
        screen.run_worker(work, thread=True, group="dictionary", name="open the dictionary")

    after_first_frame(screen, start)
