"""What every part of the Vowl table shares: its widgets, its timers, whose view it draws.

``VowlScreen`` (``screen``) is built from parts that each keep one concern: the pile and
the answer box (``pile.PileHandling``), the questions between piles and the after-turn
review (``turn_flow.TurnFlow``).  This base holds what they all reach for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.widgets import Input

from boardgames.common.game import Seat
from boardgames.common.saves import Autosaver
from boardgames.common.ui.host import host
from boardgames.common.ui.lazy import find_or_mount
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.common.ui.session_screen import SessionScreen
from boardgames.vowl.engine import VowlGame
from boardgames.vowl.events import Event
from boardgames.vowl.track import BUZZ_SECONDS
from boardgames.vowl.view import VowlView
from boardgames.vowl.widgets import Feedback

if TYPE_CHECKING:
    from boardgames.common.skeleton import SkeletonMatcher
    from boardgames.vowl.events import TurnSummary
    from boardgames.vowl.stats import StatsStore


class VowlTable(SessionScreen[VowlGame]):
    """The Vowl table's shared state and small helpers (``VowlScreen`` is the screen itself)."""

    matcher: SkeletonMatcher
    stats: StatsStore | None
    #: every event of the game so far (the log is written from them for whoever holds the keyboard)
    _events: list[Event]
    #: a question, review or handover is open: ``sync`` waits for it to close
    _modal_open: bool = False
    #: Sudden death's countdown of the buzz, once there has been one (``buzz_timer``).
    _buzz_timer: SandTimer | None = None

    @property
    def game(self) -> VowlGame:
        """The rules engine (the session's); actions go through ``act``, which autosaves."""
        return self.engine

    @property
    def autosave(self) -> Autosaver | None:
        assert self.session is not None
        return self.session.autosave

    @property
    def holder_seat(self) -> Seat | None:
        """The seat of whoever holds the keyboard (``None``: the whole table is looking)."""
        return self.keyboard.seat if self.keyboard is not None else None

    @property
    def holder(self) -> str | None:
        """Who holds the keyboard, by name (``None``: the whole table)."""
        seat = self.holder_seat
        return None if seat is None else self.table.players[seat].name

    @property
    def table(self) -> VowlView:
        """What the whole table may see (``view(None)``): what a handover covers, and who is where."""
        return self.game.view(None)

    def view(self) -> VowlView:
        """What the holder of the keyboard may see: everything this screen draws."""
        return self.game.view(self.holder_seat)

    def actor_view(self) -> VowlView:
        """The view of whoever acts now, to read what they may do (``legal``, ``answer``): the
        holder's when one holds the keyboard; else the first actor's, which shows nothing
        the table does not (``common.handovers.holder``), or the table's when nobody acts."""
        seat = self.holder_seat
        if seat is None:
            actors = self.game.actors()
            seat = min(actors) if actors else None
        return self.game.view(seat)

    if TYPE_CHECKING:  # the screen class that mixes this in defines them

        def sync(self) -> None:
            """Draw the holder's view and ask whoever must act next (``VowlScreen``)."""

        def _show_review(self, summary: TurnSummary) -> None:
            """Show a finished turn's review (``turn_flow.TurnFlow``)."""

    @property
    def timer(self) -> SandTimer:
        """The card's sand timer (the pile's, or the sudden-death card's)."""
        return self.query_one("#timer", SandTimer)

    @property
    def buzz_timer(self) -> SandTimer:
        """Sudden death: the countdown of whoever holds the buzz (Interpretation V29).

        Mounted the first time it is needed, beside the card's timer: most games never
        reach sudden death, and a widget mounted hidden was styled and laid out before
        the table's first frame all the same.  It is in the screen's DOM at
        once (``mount`` registers it before it returns); ``SandTimer`` starts its ticks
        on mount if it was started before.
        """
        if self._buzz_timer is None:

            def make() -> SandTimer:
                timer = SandTimer(BUZZ_SECONDS, host(self).clock, id="buzz-timer")
                timer.border_title = "buzz"
                return timer

            self._buzz_timer = find_or_mount(
                self.query_one("#dice-row"), SandTimer, make, id="buzz-timer", before=self.timer
            )
        return self._buzz_timer

    def _stop_buzz_timer(self) -> None:
        """Stop the buzzer's countdown, if there has been one (none: nothing to stop)."""
        if self._buzz_timer is not None:
            self._buzz_timer.stop()

    def _open(self, screen: Any, callback: Callable[[Any], object]) -> None:
        """Push a modal; ``sync`` waits until its callback has run."""
        self._modal_open = True

        def done(result: Any) -> None:
            self._modal_open = False
            callback(result)

        self.app.push_screen(screen, done)

    def _feedback(self, text: str, *, ok: bool) -> None:
        self.query_one(Feedback).say(text, ok=ok)

    def _clear_answer(self) -> None:
        """Empty the answer box, cursor home, nothing selected (a buzz opens on a clean box)."""
        answer = self.query_one("#answer", Input)
        with answer.prevent(Input.Changed):
            answer.value = ""
        answer.cursor_position = 0

    def _focus_answer(self) -> None:
        answer = self.query_one("#answer", Input)
        answer.disabled = False
        answer.focus()

    def _focus_nothing(self) -> None:
        self.set_focus(None)
