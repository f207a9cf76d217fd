"""Play Vowl practice through its real keys, answering cards: for tests that watch the
frames a played game draws (``tests/common/test_partial_update.py``,
``tests/common/test_drawn_rows.py``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from boardgames.common.clock import ManualClock
from boardgames.common.ui.base import ARM
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.vowl.events import AnswerAccepted, AnswerRejected
from boardgames.vowl.kinds import Phase
from boardgames.vowl.screen import VowlScreen
from boardgames.vowl.spec import matcher


async def answer_cards(
    pilot: Pilot,
    clock: ManualClock,
    answers: int,
    *,
    settle: Callable[[], Awaitable[None]],
    answered_one: Callable[[int], Awaitable[None]] | None = None,
    tries: int = 400,
) -> int:
    """Roll, answer each card wrong ("qqq") then right, pass every handover and
    question past its quiet period, until *answers* cards are answered (or *tries*
    steps went by); ``await settle()`` before each step and after each answer,
    ``await answered_one(n)`` after the n-th card.  Returns how many were answered."""
    app = pilot.app
    judge = matcher()
    answered = 0
    for _ in range(tries):
        if answered >= answers:
            break
        await settle()
        screen = next(s for s in app.screen_stack if isinstance(s, VowlScreen))
        top = app.screen
        clock.advance(ARM + 0.1)
        if isinstance(top, HandoverScreen):
            await pilot.press("space")
        elif isinstance(top, ChoiceScreen):
            await pilot.press(top.choices[0].key)
        elif top is screen and screen.game.phase is Phase.ROLL:
            await pilot.press("r")
        elif top is screen and screen.game.phase is Phase.SOLVING:
            run = screen.view().active_run
            assert run is not None and run.current is not None
            for word, verdict in (("qqq", AnswerRejected), (judge.solutions(run.current.skeleton)[0], AnswerAccepted)):
                # Ctrl+Shift+A: select all, the word replaces it (Ctrl+A is Home: each word
                # was typed in front of the last, and no answer was ever accepted).
                events = len(screen._events)
                await pilot.press("ctrl+shift+a", *word, "enter")
                await settle()
                assert isinstance(screen._events[events], verdict), (word, screen._events[events:])
            answered += 1
            if answered_one is not None:
                await answered_one(answered)
        else:
            await pilot.press("enter")
    return answered
