"""UWO's duel screen for one side, on its own terminal (``remote`` says how it is fed).

What differs from the duel on one terminal: no handover ever (the keyboard is this
side's), no new deal from here (the host's game is the game), and an attack reaches the
defender on their own screen (U28 in docs/rules/uwo.md): told in words, and the
defender's keys wait for a moment of quiet first, as after the computer's attack.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual.widgets import RichLog

from boardgames.net.client import RoomClient
from boardgames.net.ui.remote import RemoteSeat, SeatSession, UwoSeatEngine, fixed_keyboard
from boardgames.uwo import board as B
from boardgames.uwo import handovers, render
from boardgames.uwo import screen as uwo_screen
from boardgames.uwo.computer import uwo_events
from boardgames.uwo.events import Event, standing
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.side import Side
from boardgames.uwo.spec import UwoSetup
from boardgames.uwo.view import Phase, UwoView


class RemoteUwoScreen(RemoteSeat, UwoScreen):
    """One side of a hosted duel."""

    CSS_PATH = str(Path(uwo_screen.__file__).with_name("uwo.tcss"))  # the duel's own layout

    def __init__(self, client: RoomClient) -> None:
        assert client.seat is not None
        self.client = client
        self.side = Side(client.seat)
        engine = UwoSeatEngine(client)
        super().__init__(session=SeatSession(client, UwoSetup(client.view.first_game), engine))  # type: ignore[arg-type]
        self._base_sub_title = f"you play the {self.side.title} (hosted)"
        self.sub_title = self._base_sub_title

    def start(self) -> None:
        """The duel as the host has it: the log so far, this side's keyboard, then follow the host."""
        self.new_duel()
        self.selected = self.picked = None
        self.query_one("#log", RichLog).clear()
        self._logged = []
        self.log_line(Text(f"You play the {self.side.title}; the game is hosted.", style="bold"))
        self.write_log(self._history)
        self._history = []
        self.keyboard = fixed_keyboard(self.engine, handovers.WORDS, self.side, forget=standing)
        self.handover_due = None
        self.board.cursor = self._cursors[self.side]
        self.after_step([])
        self.start_link()

    def act(self, action: object) -> tuple[object, ...] | None:
        """Sent to the host; its update (or refusal) answers."""
        assert self.session is not None
        self.session.apply(action)
        return None

    def updated(self, events: Sequence[object]) -> None:
        self.selected = self.picked = None
        self.after_step(uwo_events(tuple(events)))
        view = self.view
        if view.phase is Phase.DRAW_OFFER and view.to_act is self.side:
            self.ask_draw()  # offered on the other terminal: answered on this one

    def synced(self) -> None:
        """Back after a drop: the log written again from the host's, the board as it is."""
        self.query_one("#log", RichLog).clear()
        self._logged = []
        self.log_line(Text("— Reconnected: the duel as it stands. —", style="bold"))
        self.write_log([e for e in self.client.log if isinstance(e, Event)])
        self.selected = self.picked = None
        self.redraw()

    def tell(self, events: Sequence[Event], view: UwoView) -> None:
        super().tell(events, view)
        if view.phase is Phase.DEFEND and view.duel is not None and view.to_act is self.side and self.computer is None:
            self.restart_prompt_gate()  # a key meant for the board a moment ago must not answer it
            self.board.cursor = view.duel.target
            attacker = view.board[view.duel.attacker]
            if attacker is not None:
                self.notify(
                    f"The {attacker.side.singular} {attacker.kind.name} on {B.name(view.duel.attacker)} attacks "
                    f"you: {render.defence_keys(view)}.",
                    title="You are attacked",
                    severity="warning",
                    markup=False,
                )

    def _after_game(self, choice: str | None) -> None:
        if choice == "menu":
            self.leave_seat()
