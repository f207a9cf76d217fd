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

A game with no names to type (UWO's sides are fixed) declares ``SEATS = 0``: the form is
then its options alone.  Besides the game's own widgets, the form offers one option
kind of its own: ``Choices``, a few choices each named and described in a line (a
radio group the cursor keys move through, choosing as they go).

Problems quote what was typed (names are data): they are shown as plain ``Content``,
never as markup.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Header, Input, Label, RadioButton, RadioSet, Static

from boardgames.common.names import MAX_LENGTH
from boardgames.common.ui.base import GameScreen
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.text_input import TextInput

S = TypeVar("S")
T = TypeVar("T")

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


@dataclass(frozen=True)
class Pick(Generic[T]):
    """One choice of a ``Choices`` option: its name, the one line that says what it means, its value."""

    label: str
    description: str
    value: T


class _ChoiceSet(RadioSet):
    """A radio group whose cursor keys choose as they move (a player who moves to a choice
    and goes on to the next option has chosen it); Enter and Space choose too.  Its
    cursor starts on the choice made (Textual's starts on the first)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,right", "choose(1)", "Next choice", show=False),
        Binding("up,left", "choose(-1)", "Previous choice", show=False),
    ]

    def on_mount(self) -> None:
        self.call_after_refresh(self._place)  # once Textual put its cursor on the first choice

    def _place(self) -> None:
        for _ in range(max(self.pressed_index, 0)):
            self.action_next_button()

    def action_choose(self, step: int) -> None:
        if step > 0:
            self.action_next_button()
        else:
            self.action_previous_button()
        if len(self.query(RadioButton)) > 1:  # with one choice it is chosen already
            self.action_toggle_button()


class Choices(Vertical, Generic[T]):
    """An option of a setup form with a few choices, each named and described in one line.

    Keyboard only: Tab reaches it, Up/Down (or Left/Right) choose.  The question and the
    choices are the game's words, shown as plain ``Content`` (never markup).
    """

    DEFAULT_CSS = """
    Choices { height: auto; width: 100%; margin-top: 1; }
    Choices > .choices-question { color: $text-muted; width: 100%; }
    Choices > RadioSet { width: 100%; }
    Choices > RadioSet > RadioButton { width: 100%; }
    """

    class Changed(Message):
        """Another choice was made."""

        def __init__(self, choices: Choices[Any]) -> None:
            super().__init__()
            self.choices = choices

        @property
        def control(self) -> Choices[Any]:
            return self.choices

    def __init__(self, question: str, picks: Sequence[Pick[T]], *, chosen: int = 0, id: str) -> None:
        super().__init__(id=id)
        if not picks:
            raise ValueError("an option has at least one choice")
        self.question = question
        self.picks = tuple(picks)
        self._chosen = chosen

    def compose(self) -> ComposeResult:
        yield Label(Content(self.question), classes="choices-question")
        with _ChoiceSet(compact=True):
            for i, pick in enumerate(self.picks):
                label = Content.assemble((pick.label, "bold"), f" — {pick.description}")
                yield RadioButton(label, value=i == self._chosen, id=f"{self.id}-{i}")

    @property
    def radio_set(self) -> RadioSet:
        return self.query_one(RadioSet)

    @property
    def index(self) -> int:
        """Which choice is made (the one given at first, until the radio group is mounted)."""
        if not self.is_mounted:
            return self._chosen
        pressed = self.radio_set.pressed_index
        return pressed if pressed >= 0 else self._chosen

    @property
    def value(self) -> T:
        return self.picks[self.index].value

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        event.stop()
        self._chosen = event.index
        self.post_message(self.Changed(self))


class SetupForm(GameScreen, Generic[S]):
    """Names + the game's options.  A game's form sets the class variables, composes its
    options (``compose_options``, ``compose_buttons``; ``compose_names`` for another layout
    of the boxes) and reads the form (``read``) into a setup that ``begin`` starts.
    ``SEATS = 0``: no names, the options alone."""

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
            if self.SEATS:
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

    # Each game's form declares these two; mypy refuses a form that lacks one.
    @abstractmethod
    def read(self) -> S | Problems:
        """The game's setup from the form, or every problem with it in words."""

    @abstractmethod
    def begin(self, setup: S) -> None:
        """Open the game for *setup* (the form is left)."""

    # -- the same in every form ------------------------------------------------------------

    def name_box(self, seat: int) -> NameInput:
        required = " (required)" if seat < self.REQUIRED else ""
        return NameInput(placeholder=f"Player {seat + 1}{required}", id=f"name-{seat}")

    def name_boxes(self) -> list[Input]:
        return [self.query_one(f"#name-{i}", Input) for i in range(self.SEATS)]

    def typed_names(self) -> list[str]:
        """The names as typed, each box in seat order; a blank box is an unused seat, left out."""
        return [box.value for box in self.name_boxes() if box.value.strip()]

    def first_field(self) -> Widget:
        """What has the focus as the form opens: the first name (a game without names says what)."""
        return self.query_one("#name-0", Input)

    def on_mount(self) -> None:
        self.first_field().focus()

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
