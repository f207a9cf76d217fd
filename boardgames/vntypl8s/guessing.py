"""The guessing phase's keys on VNTYPL8S's screen: the buzzers, the buzzer's dialog and
"nobody knows" (P29, P30, P36); and ``Stage``, what the screen is showing.

A part of ``screen.Vntypl8sScreen`` (as Vowl's screen is made of parts): the screen class
keeps drawing and the step reactions, this module the keys of the plate being guessed.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from textual import events

from boardgames.common.text import shown
from boardgames.common.ui.choice import Choice
from boardgames.common.ui.session_screen import SessionScreen
from boardgames.vntypl8s.engine import BackOut, Buzz, Game, Guess, GuessTimeUp, Lapse, NobodyKnows
from boardgames.vntypl8s.guess import GuessScreen, NobodyKnowsQuestion, no_such_buzzer
from boardgames.vntypl8s.limits import BUZZ_SECONDS
from boardgames.vntypl8s.tables import GuessingTable
from boardgames.vntypl8s.widgets import grid_key

if TYPE_CHECKING:
    from collections.abc import Sequence

    from boardgames.vntypl8s.engine import GameView

#: The answers of every yes/no question on these screens (Esc is "no" too).
YES_NO = (Choice("y", "yes", True), Choice("n", "no", False))


class Stage(enum.Enum):
    """What the screen is showing; decides which keys mean something (``check_action``)."""

    HANDOVER = "handover"
    WRITING = "writing"
    PLATE = "plate"
    REVEAL = "reveal"
    ROUND_END = "round end"
    FINAL = "final"


class GuessingKeys(SessionScreen[Game]):
    """The keys of a plate being guessed: a part of ``Vntypl8sScreen``."""

    if TYPE_CHECKING:  # what the screen class provides
        stage: Stage
        players: tuple[str, ...]

        @property
        def table(self) -> GameView: ...
        @property
        def g(self) -> Game: ...
        def after_step(self, events: Sequence[object]) -> None: ...

    def _refresh_guessing(self) -> None:
        self.query_one(GuessingTable).refresh_table(self.table)
        self.refresh_bindings()

    def action_buzz(self, player: int) -> None:
        """A buzzer key: the engine gives that player the buzz, or says why not (P29)."""
        if self.stage is Stage.PLATE:
            self._step(Buzz(player))  # refused in words (``refuse``): out already, the writer, or the buzz is held

    def _step(self, action: object) -> None:
        """A guessing action: its events go to ``after_step``; a refusal leaves the plate as it is."""
        events = self.act(action)
        if events is None:
            self._refresh_guessing()
        else:
            self.after_step(events)

    def _open_guess(self, player: int) -> None:
        """The buzzer's dialog and countdown; its answer goes to the engine (P29, P30)."""
        v = self.table
        cards = [(grid_key(i), o) for i, o in enumerate(v.grid_layout) if o in v.grid]
        self._refresh_guessing()

        def answered(result: str | Lapse | None) -> None:
            if self.stage is not Stage.PLATE or self.table.buzzer != player:
                return  # the game moved on meanwhile (the players left it)
            if isinstance(result, str):
                self.make_guess(player, result)
            elif result is not None:
                self._step(GuessTimeUp(player) if result is Lapse.TIME_UP else BackOut(player))

        below = self.query_one("#plate-row").region.bottom
        dialog = GuessScreen(
            self.players[player],
            cards,
            holder=player,
            names=self.players,
            why_not=self.g.why_illegal,
            seconds=BUZZ_SECONDS,
            below=below,
            beside=self.query_one("#buzzers").region,
            grid=self.query_one("#grid").region,
        )
        self.app.push_screen(dialog, answered)

    def make_guess(self, player: int, owner: str) -> None:
        self._step(Guess(player, owner))

    def on_key(self, event: events.Key) -> None:
        """A buzzer key whose binding is off (its player is out, or wrote the plate) is
        still a buzz: the engine says why it does not count, rather than silence (P30)."""
        character = event.character or ""
        if self.stage is not Stage.PLATE or not character.isdigit() or character == "0":
            return
        seat = int(character) - 1
        if seat >= len(self.players):  # 9, or a seat nobody sits in: said, never silent
            event.stop()
            event.prevent_default()
            self.refuse(no_such_buzzer(seat, len(self.players)))
        elif self.check_action("buzz", (seat,)) is not True:
            event.stop()
            event.prevent_default()
            self.action_buzz(seat)

    def action_nobody(self) -> None:
        if self.stage is not Stage.PLATE:
            return
        writer = self.players[self.table.active or 0]

        def answered(answer: bool | Buzz | None) -> None:
            if self.stage is not Stage.PLATE:
                return
            if isinstance(answer, Buzz):
                self._step(answer)  # a player knows after all: the buzz is theirs (P36)
            elif answer:
                self._step(NobodyKnows())

        question = f"Nobody knows? {shown(writer)} reveals the 0WN3R and nobody scores it."
        self.app.push_screen(
            NobodyKnowsQuestion(question, YES_NO, players=len(self.players), why_not=self.g.why_illegal), answered
        )
