"""Vowl's table for one player, on their own terminal (``remote`` says how it is fed).

What differs from the game on one terminal: no handover ever (the keyboard is this
player's, and everything drawn is this seat's view); the questions (whom to race, where the
extras go, which cards to discard, how to take the points) are asked only on the terminal of
whoever answers them; the pile's sand timer is flipped with a question of its own ("ready?")
instead of a handover's Space; and a head-to-head race is run on both racers' terminals at
once (V34 in docs/rules/vowl.md): this screen's steps of it are sent as ``Racing`` for this
seat.  Time is the host's: the sand timers drawn here follow the host's countdowns, and time
running out (``TimeUp``, ``BuzzTimeUp``) is never sent from here.  Any buzz key buzzes for
this player; the host decides who was first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from textual.widgets import Input

from boardgames.common.handovers import Handover
from boardgames.common.text import shown
from boardgames.net.client import RoomClient
from boardgames.net.protocol import HostMessage
from boardgames.net.ui.remote import RemoteSeat, SeatSession, _SeatEngineBase, fixed_keyboard
from boardgames.vowl import screen as vowl_screen
from boardgames.vowl.actions import Action, Answer, Buzz, BuzzTimeUp, Pass, Racing, Revisit, StartRun, TimeUp
from boardgames.vowl.events import AnswerAccepted, Event, LockedOut
from boardgames.vowl.handovers import WORDS
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.screen import VowlScreen
from boardgames.vowl.spec import VowlSetup
from boardgames.vowl.track import Board
from boardgames.vowl.view import VowlView

#: The steps of a pile that a simultaneous race sends as ``Racing`` (Interpretation V34).
RACE_STEPS = (StartRun, Answer, Pass, Revisit, TimeUp)
#: Questions asked of one player: shown only on that player's terminal.
QUESTIONS = (Phase.CHOOSE_OPPONENT, Phase.CHOOSE_PARTNER, Phase.PLACE_EXTRAS, Phase.SELECT_DISCARDS, Phase.SCORE)


def racing(view: VowlView) -> bool:
    """Is this a head-to-head raced at the same time, in a phase whose steps name their racer?"""
    return (
        view.simultaneous
        and view.mode is Mode.HEAD_TO_HEAD
        and view.phase in (Phase.READY, Phase.SOLVING, Phase.SUDDEN_DEATH_READY)
    )


def as_sent(view: VowlView, seat: int, action: object) -> object:
    """*action* as this seat sends it: a step of a race at once names its racer (V34)."""
    if isinstance(action, RACE_STEPS) and racing(view):
        return Racing(seat, action)
    return action


class _VowlLegal:
    """The seat's legal actions as the screen asks for them: unwrapped from ``Racing``."""

    def __init__(self, engine: VowlSeatEngine) -> None:
        self.engine = engine

    def __contains__(self, action: object) -> bool:
        view = self.engine.current
        seat = self.engine.client.seat
        return seat is not None and isinstance(action, Action) and view.allows(as_sent(view, seat, action))  # type: ignore[arg-type,unused-ignore]

    def __iter__(self) -> Iterator[object]:
        for action in self.engine.current.legal:
            yield action.action if isinstance(action, Racing) else action


class VowlSeatEngine(_SeatEngineBase):
    """Vowl's engine as one player's terminal sees it: their view, its actors and legal actions."""

    @property
    def phase(self) -> Phase:
        phase: Phase = self.current.phase
        return phase

    def actors(self) -> frozenset[int]:
        return frozenset(self.current.actors)

    @property
    def legal_actions(self) -> _VowlLegal:
        return _VowlLegal(self)

    def why_illegal(self, action: object) -> str | None:
        return None  # the host judges; its refusal is shown in the same words


class RemoteVowlScreen(RemoteSeat, VowlScreen):
    """One player's seat at a hosted Vowl table."""

    CSS_PATH = str(Path(vowl_screen.__file__).with_name("vowl.tcss"))  # the game's own layout

    def __init__(self, client: RoomClient) -> None:
        assert client.seat is not None
        self.client = client
        self.me: int = client.seat
        view: VowlView = client.view
        engine = VowlSeatEngine(client)
        setup = VowlSetup(
            view.names,
            tuple(int(p.timer) for p in view.players),
            advanced=view.board is Board.ADVANCED,
            simultaneous=view.simultaneous,
        )
        super().__init__(SeatSession(client, setup, engine))  # type: ignore[arg-type]
        self._interrupted = False  # the host's clock kept the time: nothing to restart here
        #: the state at which this player said they were ready: not asked again before the host answers
        self._ready_at: int | None = None
        self._base_sub_title = f"Vowl — {view.name(self.me)} (hosted)"
        self.sub_title = self._base_sub_title

    def open_keyboard(self) -> Handover | None:
        """This player's keyboard for the whole game: no handover, not even the opening one."""
        self.keyboard = fixed_keyboard(self.engine, WORDS, self.me)
        return None

    def on_mount(self) -> None:
        super().on_mount()
        self.title = "Vowl (hosted)"
        self.start_link()

    # -- the host's messages ------------------------------------------------------------------

    def act(self, action: object) -> tuple[object, ...] | None:
        """Sent to the host (a race's step as this racer's), never time running out."""
        if isinstance(action, TimeUp | BuzzTimeUp):
            return None  # the host's clock says when time runs out; its update follows
        if isinstance(action, Buzz):
            action = Buzz(self.me)  # any buzz key is this player's own
        assert self.session is not None
        self.session.apply(as_sent(self.table, self.me, action))
        return None

    def take(self, message: HostMessage) -> None:
        super().take(message)
        self.follow_host_timers()

    def updated(self, events: Sequence[object]) -> None:
        self.after_step(tuple(events))
        mine = [
            e
            for e in events
            if (isinstance(e, AnswerAccepted) and e.runner == self.me)
            or (isinstance(e, LockedOut) and e.player == self.me)
        ]
        if mine:
            self.query_one("#answer", Input).value = ""  # this player's word was taken (or lost the buzz)

    def synced(self) -> None:
        """Back after a drop: the log from the host's, the table as it stands."""
        self._events = [e for e in self.client.log if isinstance(e, Event)]
        self._refresh_log()
        self.sync()

    def follow_host_timers(self) -> None:
        """The sand timers drawn from the host's countdowns: this player's pile's (else the one
        in play), sudden death's card and buzz; paused while the host's is paused."""
        view = self.table
        limit = float(view.time_limit or 25)
        sand = self._countdown(("pile", "card"))
        if sand is not None and view.phase in (Phase.SOLVING, Phase.SUDDEN_DEATH):
            self._draw(self.timer, limit, sand)
        elif view.phase not in (Phase.SOLVING, Phase.SUDDEN_DEATH):
            self.timer.stop()
        buzz = self._countdown(("buzz",))
        if buzz is not None:
            sd = view.sudden_death
            self._draw(self.buzz_timer, float(sd.buzz_seconds if sd is not None else 10), buzz)
        else:
            self._stop_buzz_timer()

    def _countdown(self, kinds: tuple[str, ...]) -> tuple[float, bool] | None:
        """(seconds left, running) of the host's timer of one of *kinds*, this player's first."""
        found = [c for c in self.client.countdowns if c.key.split(":")[0] in kinds]
        found.sort(key=lambda c: self.me not in c.seats)
        if not found:
            return None
        c = found[0]
        deadline = self.client.deadlines.get(c.key)
        if deadline is None:
            return c.remaining, False
        return max(0.0, deadline - self.client.clock()), True

    @staticmethod
    def _draw(timer: Any, limit: float, state: tuple[float, bool]) -> None:
        left, running = state
        timer.set_limit(limit)
        timer.start(already=max(0.0, limit - left))
        if not running:
            timer.pause()

    # -- what this player is asked --------------------------------------------------------------

    def sync(self) -> None:
        """As on one terminal, but a question is asked only of the player who answers it, and
        this player flips their own sand timer when ready."""
        if self._modal_open:
            return
        view = self.table
        mine = self.me in view.actors
        if view.phase in QUESTIONS and not mine:
            self.render_view()
            self._focus_nothing()
            self.refresh_bindings_if_changed()
            return
        if view.phase is Phase.SELECT_DISCARDS:
            self.render_view()
            self._discard()
            return
        if StartRun() in self.game.legal_actions:
            self.render_view()
            if self._ready_at != self.client.state_id:
                self._ask_ready(view)
            return
        super().sync()

    def _ask_ready(self, view: VowlView) -> None:
        """The pile (or sudden death's card) turns when this player says they are ready (V25)."""
        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415 - at the first pile

        if view.phase is Phase.SUDDEN_DEATH_READY:
            sd = view.sudden_death
            assert sd is not None
            question = "Sudden death! One red card for both racers."
            detail = (
                f"Buzz (z or m) only when you know the word: you then have {sd.buzz_seconds} s to type it. "
                "The card turns when both of you are ready."
            )
        else:
            run = view.active_run
            cards = run.total if run is not None else 0
            mode = view.mode.value if view.mode is not None else "your pile"
            question = f"{shown(view.name(self.me))}: {mode}, {cards} cards face down, {view.time_limit} seconds."
            detail = "Both racers race at the same time, each on their own screen." if racing(view) else ""
        choices = [Choice("s", "flip the sand timer — go!", StartRun())]
        self._open(ChoiceScreen(question, choices, detail=detail), lambda chosen: self._ready(chosen))

    def _ready(self, chosen: object) -> None:
        if isinstance(chosen, StartRun):
            self._ready_at = self.client.state_id
            self.act(chosen)
        self.render_view()

    def action_buzz(self, index: int) -> None:
        """Any buzz key: this player buzzes (the host decides who was first, V34)."""
        sd = self.table.sudden_death
        if sd is not None and self.table.phase is Phase.SUDDEN_DEATH and self.me in sd.players:
            self.act(Buzz(self.me))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "buzz":
            sd = self.table.sudden_death
            if sd is None or not parameters or not isinstance(parameters[0], int) or parameters[0] >= len(sd.players):
                return False
            if sd.players[parameters[0]] != self.me:
                return False  # one buzzer on this terminal: the player's own
        return super().check_action(action, parameters)
