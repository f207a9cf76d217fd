"""The computer's turns on the duel's screen: it asks the computer's ``common.bots.Bot``
(its own process, its own seat's view) and plays each step it returns at a pace a person
can follow (``step_delay`` seconds on the app's clock since the last step), never while
something covers the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.timer import Timer
from textual.widgets import Static

from boardgames.common.bots import Bot
from boardgames.common.ui.frames import after_first_frame
from boardgames.common.ui.host import host
from boardgames.uwo import render
from boardgames.uwo.actions import Action
from boardgames.uwo.drawing import DuelView
from boardgames.uwo.events import Event
from boardgames.uwo.players import Player, Restorable
from boardgames.uwo.thinker import Thinker, deciders
from boardgames.uwo.view import UwoView
from boardgames.uwo.widgets import ThinkingDots

if TYPE_CHECKING:
    from boardgames.uwo.thinker import Decide

#: Seconds between two visible steps of the computer (a person must be able to follow).
STEP_DELAY = 0.8


class ComputerTurns(DuelView):
    """The layer of ``UwoScreen`` that plays the computer's seat (when it has one)."""

    def __init__(self, step_delay: float = STEP_DELAY) -> None:
        super().__init__()
        self.step_delay = step_delay
        #: The computer's player for the current game, and what asks it (made at ``seat_computer``).
        self.player: Player | None = None
        self.bot: Bot | None = None
        #: A step the computer chose, waiting for the pace: (action, game token).
        self._pending: tuple[Action, int] | None = None
        #: Bumped by every new game (and when the screen goes): an older decision is dropped.
        self._token = 0
        self._last_step_at = 0.0
        self._pace: Timer | None = None

    def start_pace(self) -> None:
        """The pace of the computer's steps: one interval, running only while a step waits."""
        self._pace = self.set_interval(0.05, self._pace_tick, pause=True)

    def new_duel(self) -> None:
        """A duel begins on this screen: the computer's decisions for the last one are dropped."""
        self._token += 1
        self._pending = None
        self.thinking = False
        self._last_squares = set()
        self._last_step_at = host(self).clock()

    def seat_computer(self) -> None:
        """The computer's player for this duel; its search process starts after the first frame."""
        assert self.computer is not None
        self.player = self.computer.player(host(self).make_rng())
        if self.bot is None:
            self.bot = Bot(Thinker() if isinstance(self.player, Restorable) else None)
            after_first_frame(self, self._bot_may_start)

    @property
    def thinker(self) -> Thinker | None:
        """The computer's search process, if it has one."""
        thinker = self.bot.thinker if self.bot is not None else None
        return thinker if isinstance(thinker, Thinker) else None

    def _bot_may_start(self) -> None:
        """Start the search process after the first frame, in a thread."""
        if self.bot is not None and self.bot.first_frame_drawn():
            self.run_worker(self.bot.warm_up, thread=True, group="uwo-thinker", exit_on_error=False)

    def think(self) -> None:
        """Let the computer decide, off the event loop, from its own seat's view."""
        assert self.computer is not None and self.player is not None
        if self.thinking:
            return
        self.thinking = True
        self.show_thinking()
        here, away = deciders(self.player, self.computer.level, self.thinker)
        self._decide(self.engine.view(self.computer.side), here, away, self._token)

    @work(exclusive=True, group="uwo-computer")
    async def _decide(self, view: UwoView, here: Decide, away: Decide | None, token: int) -> None:
        assert self.bot is not None
        decided = await self.bot.ask(view, view.legal, here, away)
        if decided is None or token != self._token:
            return
        action, lost = decided
        if lost is not None:
            self.notify(
                f"The computer's search process {lost}: it goes on thinking inside the game, so "
                "keys may answer more slowly while it thinks. Nothing of the game is lost.",
                title="The computer",
                severity="warning",
                markup=False,
                timeout=10,
            )
        self._pending = (action, token)
        assert self._pace is not None
        self._pace.resume()
        # Not called from here: the step may start the next decision, an exclusive worker
        # of this group, which would cancel this one while it still runs.
        self.call_later(self._pace_tick)

    def _pace_tick(self) -> None:
        """Apply the computer's waiting step once the pace allows and nothing covers the board."""
        if self._pending is None:
            if self._pace is not None:
                self._pace.pause()
            return
        if self.app.screen is not self:  # rules, a question: the person would miss the step
            return
        if host(self).clock() - self._last_step_at < self.step_delay:
            return
        action, token = self._pending
        self._pending = None
        if self._pace is not None:
            self._pace.pause()
        self.thinking = False
        if token != self._token or self.session is None or not self.computer_to_act():
            self.show_thinking()
            return
        squares = render.squares_of(action, self.view.duel)
        events = self.act(action)
        if events is None:  # a computer's illegal action is a bug: let it be seen
            raise RuntimeError(f"the computer chose an illegal action: {action}")
        self._last_squares |= squares  # the whole of its turn stays marked until the person plays
        self._last_step_at = host(self).clock()
        self.show_thinking()
        self.after_step(uwo_events(events))

    def show_thinking(self) -> None:
        self.query_one("#thinking").display = self.thinking
        self.query_one(ThinkingDots).run(self.thinking)
        if self.thinking and self.computer is not None:
            self.query_one("#thinking-text", Static).update(
                f"The {self.computer.side.title} ({self.computer.level}) are thinking…"
            )

    def on_unmount(self) -> None:
        self._token += 1  # a decision still running in its thread is dropped
        if self.bot is not None:
            self.bot.close()  # the search process ends with the screen


def uwo_events(happened: tuple[object, ...]) -> list[Event]:
    """The session hands events back untyped (it serves every game): these are UWO's."""
    return [e for e in happened if isinstance(e, Event)]
