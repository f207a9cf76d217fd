"""``SetupForm``: every game's "names + options" form, once.

A game's setup module declares its form: a heading, how many seats and how many must
be named, the line that says what a name is, the game's own option widgets (a board
side, a sand timer, a writing timer), how the form is read into the game's setup
(``read``: the setup, or every problem in words) and what starting it opens
(``begin``).  What every form does the same lives here:

- one box per seat (``NameInput``), taking exactly the ``common.names.MAX_LENGTH``
  characters its label promises; a key or paste past it is not lost silently: the
  form says why at once;
- Ctrl+S starts (and so does the game's own button); when it cannot, the problems
  appear in ``#setup-errors``, a band between the form and the Footer - on screen whatever the
  terminal's size and however far the form is scrolled, where the player looks after
  pressing Ctrl+S - and the terminal bells;
- Escape goes back to the main menu.

Problems quote what was typed (names are data): they are shown as plain ``Content``,
never as markup.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Header, Input, Static

from boardgames.common.names import MAX_LENGTH
from boardgames.common.ui.base import GameScreen
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.text_input import TextInput

S = TypeVar("S")

#: What the form says when a name would grow past ``MAX_LENGTH``.
TOO_LONG = f"A name has at most {MAX_LENGTH} characters: the box takes no more."


class Problems(tuple[str, ...]):
    """What ``SetupForm.read`` returns when the form cannot start a game: each problem in words."""

    __slots__ = ()


class NameInput(TextInput):
    """One player's name: at most ``MAX_LENGTH`` characters, and it says so when a key is refused."""

    cut_to_fit: ClassVar[bool] = True

    class TooLong(Message):
        """A key or paste would have made the name longer than ``MAX_LENGTH``."""

    def __init__(self, *, placeholder: str, id: str) -> None:
        super().__init__(placeholder=placeholder, id=id, max_length=MAX_LENGTH)

    def replace(self, text: str, start: int, end: int) -> None:
        start_, end_ = sorted((max(0, start), min(len(self.value), end)))
        if text and len(self.value) - (end_ - start_) + len(text) > MAX_LENGTH:
            self.post_message(self.TooLong())
        super().replace(text, start, end)


class SetupForm(GameScreen, Generic[S]):
    """Names + the game's options.  A game's form sets the class variables, composes its
    options (``compose_options``, ``compose_buttons``; ``compose_names`` for another layout
    of the boxes) and reads the form (``read``) into a setup that ``begin`` starts."""

    HEADING: ClassVar[str] = "New game"
    SEATS: ClassVar[int] = 2
    #: How many boxes are marked "(required)" (the fewest players the game takes).
    REQUIRED: ClassVar[int] = 0
    #: The line above the names: what a name is, and who begins.
    NAMES_HELP: ClassVar[str] = f"Players' names (at most {MAX_LENGTH} characters each)"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("escape", "app.back_to_menu", "Main menu"),
    ]

    #: The shared rules; a game's stylesheet lays out the rest (nested under its form).
    DEFAULT_CSS = """
    SetupForm #setup { height: 1fr; }
    SetupForm #setup-errors {
        height: auto;
        max-height: 8;
        padding: 0 2;
        color: $error;
        background: $error-muted;
        display: none;
    }
    SetupForm #setup-errors.-shown { display: block; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="setup"):
            yield Static(self.HEADING, id="setup-title")
            yield from self.compose_before_names()
            yield Static(self.NAMES_HELP, id="setup-help")
            yield from self.compose_names()
            yield from self.compose_options()
            yield from self.compose_buttons()
        yield Static("", id="setup-errors")  # under the scrolling form: on screen however far it scrolled
        yield Footer()

    # -- what a game declares ------------------------------------------------------------

    def compose_before_names(self) -> ComposeResult:
        """Options the game asks before the names (Vowl's board side)."""
        yield from ()

    def compose_names(self) -> ComposeResult:
        """One box per seat (a game may lay them out in rows or a grid of its own)."""
        yield from (self.name_box(i) for i in range(self.SEATS))

    def compose_options(self) -> ComposeResult:
        """The game's options after the names."""
        yield from ()

    def compose_buttons(self) -> ComposeResult:
        """The form's buttons (each says what pressing it does, in ``on_button_pressed``)."""
        yield from ()

    def read(self) -> S | Problems:
        """The game's setup from the form, or every problem with it in words."""
        raise NotImplementedError(f"{type(self).__name__} declares how its form is read")

    def begin(self, setup: S) -> None:
        """Open the game for *setup* (the form is left)."""
        raise NotImplementedError(f"{type(self).__name__} declares what its form starts")

    # -- the same in every form ------------------------------------------------------------

    def name_box(self, seat: int) -> NameInput:
        required = " (required)" if seat < self.REQUIRED else ""
        return NameInput(placeholder=f"Player {seat + 1}{required}", id=f"name-{seat}")

    def name_boxes(self) -> list[Input]:
        return [self.query_one(f"#name-{i}", Input) for i in range(self.SEATS)]

    def typed_names(self) -> list[str]:
        """The names as typed, each box in seat order; a blank box is an unused seat, left out."""
        return [box.value for box in self.name_boxes() if box.value.strip()]

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()

    def action_start(self) -> None:
        """Ctrl+S: start the game, or say at once why it cannot start."""
        self.submit()

    def submit(self) -> None:
        result = self.read()
        if isinstance(result, Problems):
            self.show_problems(result)
            return
        self.show_problems(())
        self.begin(result)

    def show_problems(self, problems: Iterable[str]) -> None:
        """*problems* in the band above the Footer (none: the band goes); a bell when there are some."""
        lines = [f"• {p}" for p in problems]
        self._told_too_long = lines == [f"• {TOO_LONG}"]
        errors = self.query_one("#setup-errors", Static)
        errors.update(Content("\n".join(lines)))  # they quote what was typed: never markup
        errors.set_class(bool(lines), "-shown")
        if lines:
            self.app.bell()

    def on_name_input_too_long(self, message: NameInput.TooLong) -> None:
        self.show_problems([TOO_LONG])

    #: Whether the band shows only ``TOO_LONG`` (which goes once the name is shorter again).
    _told_too_long = False

    def on_input_changed(self, event: Input.Changed) -> None:
        """A name shortened: the complaint about its length no longer stands."""
        if self._told_too_long and len(event.value) < MAX_LENGTH:
            self.show_problems(())
