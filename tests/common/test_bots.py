"""The computer at one seat, for any game (``common.bots``), without a game: a toy decision
and the module's own echo child.  UWO's search process is tested in ``tests/uwo/test_thinker.py``."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable, Sequence

from boardgames.common.bots import Bot, Thinker


def first(view: str, legal: Sequence[str]) -> str:
    return legal[0]


def echoed(thinker: Thinker) -> Callable[[str, Sequence[str]], str]:
    """A decision made in *thinker*'s echo child: the first legal action, sent back."""
    return lambda view, legal: str(thinker.ask(legal[0]))


def test_the_child_answers_in_a_process_of_its_own_and_ends_with_close() -> None:
    thinker = Thinker()
    try:
        assert thinker.ask(("a view", ["b", "c"])) == ("a view", ["b", "c"])  # the echo child
        assert thinker.last_pid is not None and thinker.last_pid != os.getpid()
    finally:
        thinker.close()
    assert thinker.closed and thinker.pid is None


def test_without_a_process_the_bot_decides_here() -> None:
    decided = asyncio.run(Bot().ask("view", ["b", "c"], first))
    assert decided == ("b", None)


def test_a_process_that_cannot_start_is_said_once_and_the_bot_decides_here() -> None:
    class Broken(Thinker):
        def command(self) -> list[str]:
            return [sys.executable, "-c", "raise SystemExit(3)"]

    thinker = Broken()
    bot = Bot(thinker)
    bot.first_frame_drawn()
    assert bot.choose("view", ["b", "c"], first, echoed(thinker)) == ("b", "could not start")
    assert bot.choose("view", ["c"], first, echoed(thinker)) == ("c", None)  # said once
    thinker.close()


def test_a_closed_process_drops_the_decision() -> None:
    thinker = Thinker()
    thinker.close()
    bot = Bot(thinker)
    bot.first_frame_drawn()

    assert bot.choose("view", ["b"], first, echoed(thinker)) is None


def test_the_bot_asks_the_process_when_it_can() -> None:
    thinker = Thinker()
    try:
        bot = Bot(thinker)
        bot.first_frame_drawn()
        assert bot.choose("view", ["c", "b"], lambda view, legal: legal[-1], echoed(thinker)) == ("c", None)
        assert thinker.last_pid not in (None, os.getpid())
    finally:
        bot.close()
    assert thinker.closed
