"""A small modal question with a handful of answers: ``ChoiceScreen[T]``.

Games ask players short questions all the time (which neighbour to partner, tier
cards on top or underneath, which scoring option).  Each answer has a key shown
next to it; arrow keys + Enter and the mouse work too.  The screen dismisses with
the chosen value, or with ``None`` on Escape when ``cancel`` is allowed.

It is guarded (``GuardedModalScreen``): no key answers it before ``ARM`` seconds
of quiet since it appeared, so the key that opened it, a double press or a key's
auto-repeat never chooses an answer nobody saw; a muted line says so meanwhile.
And it is a question (``QUESTION``): while one is open the app opens no other
(``common.ui.base.may_open``), so a double press never asks twice.

The question, its detail and the labels are markup written by the game: outside text in
them (a player's name, a save's title) is passed through ``common.text.shown`` by the
caller, so ``[/]Ann`` is shown as itself and ``[@click=...]`` is never a live action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames.common.ui.base import GateHint, OnceModalScreen
from boardgames.common.ui.footer import Footer

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Choice(Generic[T]):
    """One answer: the *key* that picks it, its *label* (markup: a name in it goes
    through ``common.text.shown``) and the *value* the question dismisses with."""

    key: str
    label: str
    value: T


class ChoiceScreen(OnceModalScreen[T | None], Generic[T]):
    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen #choice-box {
        width: 70; max-width: 95%; height: auto; max-height: 90%;
        border: thick $accent-frame; background: $panel; padding: 1 2;
    }
    ChoiceScreen #choice-question { text-style: bold; margin-bottom: 1; }
    ChoiceScreen #choice-detail { color: $text-muted; margin-bottom: 1; }
    ChoiceScreen OptionList { height: auto; max-height: 16; }
    ChoiceScreen #choice-hint { margin-top: 1; }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    AUTO_FOCUS = "#choice-options"
    QUESTION = True

    def __init__(
        self,
        question: str,
        choices: Sequence[Choice[T]],
        *,
        detail: str = "",
        cancel: bool = False,
    ) -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.choices = list(choices)
        self.cancel = cancel
        self._by_key = {c.key: c for c in self.choices}

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Static(self.question, id="choice-question")
            if self.detail:
                yield Static(self.detail, id="choice-detail")
            yield OptionList(
                *(Option(f"[b]{c.key}[/b]  {c.label}", id=str(i)) for i, c in enumerate(self.choices)),
                id="choice-options",
            )
            yield GateHint(id="choice-hint")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self.cancel  # hidden from the Footer when the question must be answered
        return True

    def on_key(self, event) -> None:  # noqa: ANN001 - textual.events.Key
        choice = self._by_key.get(event.character or "")
        if choice is not None:
            event.stop()
            self.dismiss(choice.value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.armed:  # a click that reached the list some other way than the app's gate
            return
        assert event.option.id is not None
        self.dismiss(self.choices[int(event.option.id)].value)

    def action_cancel(self) -> None:
        self.dismiss(None)
