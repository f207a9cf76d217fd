"""``TextInput``: keys take effect in the order they were pressed, however fast they come.

Textual's ``Input`` inserts a typed character as the key reaches it, but its editing
keys (Backspace, Delete, the arrows, Enter) are bindings, resolved only once the key
has bubbled up through every container to the app.  A burst of keys (a fast typist,
a busy machine; tmux showed it) then came out of order: "BSpace m a y Enter" over a
rejected "qqq" submitted "ma" - the Backspace ran after the letters.
"""

from __future__ import annotations

from textual import on
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input

from boardgames.common.ui.text_input import TextInput
from tests.monkey import send_key
from tests.screen import settled, wait_for


class Box(App[None]):
    """A text box a few containers deep, as in the games' screens."""

    def __init__(self) -> None:
        super().__init__()
        self.submitted: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(), Vertical(), Horizontal(), Vertical():
            yield TextInput(id="box")

    @on(Input.Submitted)
    def took(self, event: Input.Submitted) -> None:
        self.submitted.append(event.value)
        event.input.action_select_all()


async def burst(pilot, *keys: str) -> None:
    """*keys* into the app's queue at once, as a terminal read of a fast burst hands them over."""
    for key in keys:
        send_key(pilot.app, key)
    await wait_for(pilot, lambda: settled(pilot.app), "the keys to be handled")


async def test_backspace_in_a_burst_takes_effect_where_it_was_pressed() -> None:
    app = Box()
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: isinstance(app.focused, TextInput), "the box to have the focus")
        await burst(pilot, "a", "b", "c", "backspace", "d", "enter")
        assert app.submitted == ["abd"]


async def test_a_burst_over_a_selected_answer_replaces_it_in_order() -> None:
    """The tmux case: a rejected answer stays selected; the player deletes it and types."""
    app = Box()
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: isinstance(app.focused, TextInput), "the box to have the focus")
        await burst(pilot, "q", "q", "q", "enter")
        await burst(pilot, "backspace", "backspace", "backspace", "m", "a", "y", "enter")
        await burst(pilot, "backspace", "s", "a", "v", "o", "r", "left", "left", "delete", "v", "enter")
        assert app.submitted == ["qqq", "may", "savvr"]
