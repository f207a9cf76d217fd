"""VNTYPL8S's screen for one player, on their own terminal (``remote`` says how it is fed).

What differs from the game on one terminal: no handover (the keyboard is this player's);
every player writes on their own desk at the same time (P33), or when their turn comes
(P13, ``host --in-turn``), and sees who is still writing; what they type is sent to the
host as a draft (at most every ``DRAFT_EVERY`` seconds), so that a plate on the editor
when the host's time runs out is handed in as it stood (P17); the buzzer is their own (any
buzzer key buzzes for them), and the race between terminals is decided by arrival at the
host (P34 in docs/rules/vntypl8s.md); time running out is the host's clock's alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual import events, on
from textual.timer import Timer
from textual.widgets import Input, Static

from boardgames.common.ui.words import open_dictionary_after_first_frame
from boardgames.net.client import RoomClient
from boardgames.net.ui.remote import RemoteSeat, SeatSession, Vntypl8sSeatEngine, fixed_keyboard
from boardgames.vntypl8s import render
from boardgames.vntypl8s import screen as vnt_screen
from boardgames.vntypl8s.engine import Buzz, GuessTimeUp, Phase, SubmitPlate
from boardgames.vntypl8s.guess import GuessScreen
from boardgames.vntypl8s.handovers import Words, revealed, round_over
from boardgames.vntypl8s.render import lock_out_message
from boardgames.vntypl8s.screen import Stage, Vntypl8sScreen
from boardgames.vntypl8s.spec import Vntypl8sSetup
from boardgames.vntypl8s.tables import GuessingTable

#: Seconds between two drafts sent while typing (well under the host's rate limit; the
#: last keys typed go in the next one).
DRAFT_EVERY = 0.2


class RemoteVntypl8sScreen(RemoteSeat, Vntypl8sScreen):
    """One player's seat at a hosted VNTYPL8S table."""

    _draft_text = ""
    _draft_sent: str | None = None
    _draft_timer: Timer | None = None

    CSS_PATH = str(Path(vnt_screen.__file__).with_name("vntypl8s.tcss"))  # the game's own layout

    def __init__(self, client: RoomClient) -> None:
        assert client.seat is not None
        self.client = client
        self.me: int = client.seat
        engine = Vntypl8sSeatEngine(client)
        super().__init__(SeatSession(client, Vntypl8sSetup(engine.players, None), engine))  # type: ignore[arg-type]
        self.hands = self.keyboard = fixed_keyboard(engine, Words(None), self.me)
        self._base_sub_title = f"{self.players[self.me]} (hosted)"
        self.sub_title = self._base_sub_title

    def on_mount(self, event: events.Mount | None = None) -> None:
        if event is not None:
            event.prevent_default()  # not the hot-seat opening (a handover): this player's screen at once
        open_dictionary_after_first_frame(self)  # this player's plate is judged as it is typed
        self.show_now()
        self.start_link()

    def act(self, action: object) -> tuple[object, ...] | None:
        assert self.session is not None
        self.session.apply(action)
        return None

    # -- what the screen shows now ---------------------------------------------------------

    def show_now(self, message: str | None = None) -> None:
        """Whatever the game is at: the end, this player's desk, who writes, or the plate."""
        view = self.table
        if view.outcome is not None:
            if self.stage is not Stage.FINAL:
                self._show_final()
            return
        if view.phase is Phase.WRITING:
            writers = self.engine.writers
            if self.me in writers:
                if self.stage is not Stage.WRITING:
                    self._draft_sent = None  # a new plate: its first draft goes, whatever the last one was
                    self._show_writer(self.me)
                return
            if self.stage is Stage.WRITING:
                self._clear_writer()
            self._set_stage(Stage.HANDOVER, "between")
            names = ", ".join(self.players[w] for w in writers)
            waiting = (
                ""
                if not writers
                else (
                    f"{names} {'is' if len(writers) == 1 else 'are'} still writing…"
                    if view.writing.value == "at once"
                    else f"{names} is writing their plate…"
                )
            )
            done = view.players[self.me].done_writing
            self.query_one("#between-text", Static).update(
                f"Round {view.round} of {view.rounds}. {'Your plate is in. ' if done else ''}{waiting}"
            )
            return
        if self.stage is not Stage.PLATE:
            self._show_plate(message)
        else:
            if message is not None:
                self.query_one(GuessingTable).tell(message, "bold red")
            self._refresh_guessing()
        dialog = self.app.screen
        if view.buzzer == self.me and not isinstance(dialog, GuessScreen):
            self._open_guess(self.me)
        elif view.buzzer != self.me and isinstance(dialog, GuessScreen):
            dialog.dismiss(None)  # the host's clock ended this player's buzz (P34)

    def updated(self, events: Sequence[object]) -> None:
        for notice, severity in render.writing_notices(events):
            self.notify(notice, severity=severity, markup=False)
        if any(isinstance(e, SubmitPlate) for e in events) and self.stage is Stage.WRITING:
            self._clear_writer()
        if revealed(events) or round_over(events):
            self._due = None
            self._show_table(events)
            return
        if self.stage in (Stage.REVEAL, Stage.ROUND_END):
            self._update_status()  # the table goes on; this player reads the reveal first (Enter)
            return
        self.show_now(lock_out_message(events))
        self._update_status()

    def synced(self) -> None:
        self.show_now()
        self._update_status()

    def _next_holder(self) -> None:
        """On from a reveal or a round's table: wherever the game is now."""
        self.show_now()

    # -- this player's own moves -------------------------------------------------------------

    @on(Input.Changed, "#plate-input")
    def _typed(self, event: Input.Changed) -> None:
        """What is typed goes to the host as a draft while a writing time runs for this player
        (P33): the host hands in the last one it has when that time runs out."""
        if self.stage is not Stage.WRITING or not any(self.me in c.seats for c in self.client.countdowns):
            return
        self._draft_text = event.value
        if self._draft_timer is None:
            self._send_draft()

    def _send_draft(self) -> None:
        if self._draft_text != self._draft_sent and self.session is not None:
            self._draft_sent = self._draft_text
            self.session.draft(self._draft_text)  # type: ignore[attr-defined]  # a SeatSession
            self._draft_timer = self.set_timer(DRAFT_EVERY, self._draft_due)

    def _draft_due(self) -> None:
        self._draft_timer = None
        if self.stage is Stage.WRITING:
            self._send_draft()  # the keys typed since the last draft

    def _hand_in(self, text: str, timed_out: bool) -> None:
        if timed_out or self.stage is not Stage.WRITING:
            return  # the host's clock says when time runs out
        self.act(SubmitPlate(self.me, text))

    def _step(self, action: object) -> None:
        """A guessing action, sent to the host; the guess dialog's own countdown running out
        is not one (P34: the buzz's 15 seconds are the host's, whose update closes the dialog)."""
        if isinstance(action, GuessTimeUp):
            return
        super()._step(action)

    def action_buzz(self, player: int) -> None:
        """Any buzzer key: this player buzzes (the host decides who was first)."""
        if self.stage is Stage.PLATE:
            self._step(Buzz(self.me))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "buzz":
            (player,) = parameters
            if player != self.me:
                return False  # one buzzer on this terminal: the player's own
        return super().check_action(action, parameters)
