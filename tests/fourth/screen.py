"""Tricks on the terminal: the table for everyone, a hand only after its player took the keyboard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from boardgames.common.game import visible_to
from boardgames.common.handovers import NoCourtesy, Why
from boardgames.common.names import BadNames, clean_names
from boardgames.common.session import GameSession
from boardgames.common.text import shown
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.host import host
from boardgames.common.ui.session_screen import SessionScreen
from boardgames.common.ui.setup_form import Problems, SetupForm
from tests.fourth.engine import Play, Tricks, TricksView
from tests.fourth.spec import SPEC, TricksSetup


class Words(NoCourtesy):
    """The handover's words: the default headline, and what happened since this player's last turn."""

    def player(self, engine: Tricks, seat: int | None) -> str:
        return "Everyone" if seat is None else engine.names[seat]

    def title(self, engine: Tricks, seat: int | None, why: Why, seen: Sequence[object]) -> str:
        return ""

    def detail(self, engine: Tricks, seat: int | None, why: Why, seen: Sequence[object]) -> str:
        if why is Why.RESUMED:
            return "The game resumes: your hand comes next."
        return shown(" ".join(str(event) for event in seen[-4:])) or "Your hand comes next."


#: Tricks's words at every handover (they keep nothing).
WORDS = Words()


def cards(pairs: Sequence[tuple[int, Any]], names: Sequence[str]) -> str:
    return ", ".join(f"{shown(names[seat])}: {card}" for seat, card in pairs) or "nothing yet"


class TricksScreen(SessionScreen[Tricks]):
    GAME = "tricks"
    BINDINGS: ClassVar[list[BindingType]] = [
        *SessionScreen.BINDINGS,
        *(Binding(str(i + 1), f"play({i})", "Play", show=i == 0) for i in range(8)),
    ]
    DEFAULT_CSS = """
    TricksScreen { layout: vertical; padding: 1 2; }
    TricksScreen #hand { margin-top: 1; text-style: bold; }
    TricksScreen #log { margin-top: 1; color: $text-muted; }
    """

    def __init__(self, session: GameSession[Tricks, TricksSetup]) -> None:
        super().__init__()
        self.session = session
        self.said: list[str] = [str(e) for e in session.history if visible_to(e, None)]

    def handover_words(self) -> Words:
        return WORDS

    def compose(self) -> ComposeResult:
        yield Static(id="table")
        yield Static(id="hand")
        yield Static(id="log")
        yield Footer()

    def on_mount(self) -> None:
        handover = self.open_keyboard()
        self.draw()
        if handover is not None:
            self.pass_keyboard(handover, self.draw)

    def draw(self) -> None:
        seat = self.keyboard.seat if self.keyboard else None
        view: TricksView = self.engine.view(seat)
        score = ", ".join(f"{shown(n)} {t}" for n, t in zip(view.names, view.tricks, strict=True))
        outcome = self.engine.outcome()
        state = (
            f"Trick {view.trick_number}: {shown(view.names[view.to_play])} to play."
            if view.to_play is not None
            else f"Game over: {' and '.join(shown(view.names[s]) for s in sorted(outcome.winners if outcome else ()))} won."
        )
        self.query_one("#table", Static).update(
            f"{state}\nTricks taken: {score}\nOn the table: {cards(view.trick, view.names)}\n"
            f"Last trick: {cards(view.last_trick, view.names)}"
        )
        hand = (
            ""
            if view.hand is None or seat is None
            else (
                f"Your hand, {shown(view.names[seat])}: " + "  ".join(f"[{i + 1}] {c}" for i, c in enumerate(view.hand))
            )
        )
        self.query_one("#hand", Static).update(hand)
        self.query_one("#log", Static).update("\n".join(self.said[-5:]))

    def clear_for_handover(self) -> None:
        super().clear_for_handover()
        self.draw()  # the keyboard is the table's until the handover is dismissed

    def action_play(self, index: int) -> None:
        seat = self.keyboard.seat if self.keyboard else None
        hand = () if seat is None else self.engine.view(seat).hand or ()
        if seat is None or index >= len(hand):
            self.refuse("There is no such card in your hand.")
            return
        events = self.act(Play(seat, hand[index]))
        if events is None:
            return
        self.said += [str(e) for e in events if visible_to(e, None)]
        handover = self.take_due()
        self.draw()
        if handover is not None:
            self.pass_keyboard(handover, self.draw)


class TricksSetupScreen(SetupForm[TricksSetup]):
    """Two to four names, then Ctrl+S: a new game, saved from its first card (the suite's one
    form, declared: the names are checked by ``common.names``, the hand is three cards)."""

    GAME = "tricks"
    HEADING = "Tricks — new game"
    SEATS = 4
    REQUIRED = 2
    NAMES_HELP = "Two to four players, one name a box; Enter goes to the next box, Ctrl+S deals."

    def read(self) -> TricksSetup | Problems:
        try:
            names = clean_names(self.typed_names(), at_least=2, at_most=4, game="Tricks")
        except BadNames as error:
            return Problems(error.problems)
        return TricksSetup(names, hand=3)

    def begin(self, setup: TricksSetup) -> None:
        self.app.switch_screen(TricksScreen(GameSession.start(SPEC, setup, host(self).new_seed())))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()
