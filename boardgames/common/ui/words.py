"""Opening the spell checker just after a word game's first frame (issue 16).

A word game's command checks before its first frame only that the spell checker is
installed (``dictionary.check_installed``, a millisecond): reading the en_US word
list takes 30 ms and 10 MiB that the first frame does not need.  The judges hold a
``DeferredDictionary``; once the screen has painted, a worker thread opens the real
dictionary, and then does whatever the game wants ready before the first answer
(Vowl: the answer index of the turn review).

A word list that opens but fails its sanity check (an empty or damaged ``en_US.dic``)
is found there: the app then leaves with the same paragraph and exit status a
command gives before any screen (``Host.cannot_check_words``), since every answer
would be judged wrongly.  Written once for both word games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from boardgames.common.dictionary import DictionaryUnavailable, deferred_dictionary
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

    screen.call_after_refresh(start)
