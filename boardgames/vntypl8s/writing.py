"""The writer's desk: their secret cards, the plate editor and its live verdict (P12, P19).

Drawn only from the writer's own ``PlayerView`` and the judge's verdicts the screen
hands it; ``clear`` wipes every trace before anyone else looks.  Enter on a legal plate
(after "hand it in anyway?" when it misses a requirement) or the writing time running
out (P17) hands the plate to the screen, which sends it through the session.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Input, Static

from boardgames.common.text import plain, shown
from boardgames.common.ui.choice import Choice, ChoiceScreen
from boardgames.common.ui.host import host
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.vntypl8s import render
from boardgames.vntypl8s.engine import PlayerView
from boardgames.vntypl8s.judge import Judgement, check_requirements
from boardgames.vntypl8s.limits import MAX_JUDGED
from boardgames.vntypl8s.widgets import CardView, PlateInput, PlateView, characters_left

#: The answers of "hand it in anyway?" (Esc is "no" too).
YES_NO = (Choice("y", "yes", True), Choice("n", "no", False))


class WritingDesk(Horizontal):
    """The writer's cards on the side, the plate and its verdict beside them, so every
    broken rule has the height of the screen (80x24 included)."""

    def __init__(self, timer: int | None, hand_in: Callable[[str, bool], None], *, id: str) -> None:
        """*hand_in(text, timed_out)*: the writer hands *text* in, or their time ran out."""
        super().__init__(id=id)
        self.timer = timer
        self.hand_in = hand_in
        #: whose desk it is now (their own view), and how their plate is judged
        self._me: PlayerView | None = None
        self._judge: Callable[[str], Judgement] | None = None
        #: the writer's "hand it in anyway?" question, dismissed if their time runs out
        self._question: ChoiceScreen[bool] | None = None
        #: the writer's sand timer, paused because another screen covers the editor (P28)
        self._paused: SandTimer | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="writer-side"):
            yield Static(id="writer-name")
            yield CardView(id="owner-card")
            yield CardView(id="req-card")
            yield Static(id="req-ticks")
            if self.timer:
                yield SandTimer(self.timer, host(self).clock, id="timer")
        with VerticalScroll(id="writer-main", can_focus=False):
            yield PlateView(slots=8, id="editor-plate")
            # Enabled only while a writer writes, so it never holds the focus otherwise.
            yield PlateInput(
                placeholder="type your plate, Enter when done",
                id="plate-input",
                max_length=MAX_JUDGED,
                disabled=True,
            )
            yield Static(id="rule-list")

    def show(self, me: PlayerView, judge: Callable[[str], Judgement]) -> None:
        """*me* took the keyboard: their cards and an empty editor; *judge*: their plate's verdict."""
        self._me, self._judge = me, judge
        self.query_one("#writer-name", Static).update(Content(f"✎ {plain(me.name)}"))
        self.query_one("#owner-card", CardView).show("0WN3R", me.owner)
        self.query_one("#req-card", CardView).show("R3QRMNTS", me.requirements)
        plate_input = self.query_one("#plate-input", Input)
        plate_input.value = ""
        plate_input.disabled = False
        self.validate("")

    def clear(self) -> None:
        """Wipe every trace of the writer's secret before anyone else looks (P19)."""
        self._me = self._judge = None
        if self.timer:
            self.query_one(SandTimer).stop()
        self.query_one("#owner-card", CardView).show("0WN3R", None)
        self.query_one("#req-card", CardView).show("R3QRMNTS", None)
        plate_input = self.query_one("#plate-input", Input)
        with plate_input.prevent(Input.Changed):
            plate_input.value = ""
        # Disabled, the editor can never get the focus back when a modal closes.
        plate_input.disabled = True
        self.query_one("#editor-plate", PlateView).plate = ""
        self.query_one("#editor-plate", PlateView).border_subtitle = ""
        for wid in ("#writer-name", "#req-ticks", "#rule-list"):
            self.query_one(wid, Static).update("")

    @property
    def text(self) -> str:
        """The plate as typed so far."""
        return self.query_one("#plate-input", Input).value

    def validate(self, text: str) -> None:
        """Live validation: characters left, each broken rule, requirement ticks."""
        if self._me is None or self._judge is None:
            return
        card = self._me.requirements
        assert card is not None
        self.query_one("#editor-plate", PlateView).plate = text
        # On the board's lower edge: one row more for the broken rules at 80x24.
        self.query_one("#editor-plate", PlateView).border_subtitle = characters_left(text)
        self.query_one("#req-ticks", Static).update(render.requirement_line(check_requirements(text, card), text))
        self.query_one("#rule-list", Static).update(render.rules_line(text, self._judge(text) if text else None))

    @on(Input.Changed, "#plate-input")
    def _plate_changed(self, event: Input.Changed) -> None:
        self.validate(event.value)

    @on(Input.Submitted, "#plate-input")
    def _submitted(self, event: Input.Submitted) -> None:
        self.submit(event.value)

    def submit(self, text: str) -> None:
        """Enter on the editor: refuse an illegal plate, warn about missing requirements."""
        me, judge = self._me, self._judge
        if me is None or judge is None:
            return
        judgement = judge(text)
        if not judgement.legal:
            count = len(judgement.violations)
            self.notify(
                f"This plate breaks {count} rule{'s' if count > 1 else ''}; fix {'them' if count > 1 else 'it'} first.",
                severity="error",
                markup=False,
            )
            self.app.bell()
            return
        assert me.requirements is not None
        check = check_requirements(text, me.requirements)
        if check.met:
            self.hand_in(text, False)
            return
        if self._question is not None:
            return  # asked already: a double Enter asks once (and the app opens one question at a time)
        question = f"Hand in {shown(text)} anyway?"  # the question is markup; the plate is data
        detail = (
            f"{shown(text)} is missing {shown(', '.join(check.missing))} from your R3QRMNTS card {shown(check.card)}: "
            "it cannot score the card even if someone guesses it."
        )

        def answered(yes: bool | None) -> None:
            self._question = None
            if yes and self._me is me:
                self.hand_in(text, False)
            elif self._me is me:
                self.query_one("#plate-input", Input).focus()

        self._question = ChoiceScreen(question, YES_NO, detail=detail, cancel=True)
        self.app.push_screen(self._question, answered)

    def on_sand_timer_expired(self, event: SandTimer.Expired) -> None:
        event.stop()
        if self._me is None:
            return
        if self._question is not None and self.app.screen is self._question:
            self._question.dismiss(False)
        self.hand_in(self.text, True)

    def cover(self) -> None:
        """Something covers the editor (F1's rules, the palette, any question): the writer
        cannot type, so their sand stops until the editor is theirs again (P28).

        Only a timer that is running is paused, and only that one is resumed: the leave
        question pauses and resumes its own (``SessionScreen.action_leave``), and a
        handover only ever covers a writer whose timer has already stopped.
        """
        if not self.timer or self._me is None:
            return
        timer = self.query_one(SandTimer)
        if timer.running:
            timer.pause()
            self._paused = timer

    def uncover(self) -> None:
        """The sand runs on from where it stopped, if the same writer still writes."""
        timer, self._paused = self._paused, None
        if timer is not None and self._me is not None:
            timer.resume()
