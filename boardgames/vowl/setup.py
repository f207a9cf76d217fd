"""Vowl's setup form, declared on the suite's one form (``common.ui.setup_form``): who
plays, which board side, which sand timer each.

It reads a ``VowlSetup`` (``spec``) from the form and starts the game with
``screen.start_game``.  Validation lives in ``VowlSetup.problems`` (pure, tested
without a terminal; names by ``common.names``) and the form shows every problem
at once, keeping what was typed.  Only ``entry`` imports this module and this
module imports no entry, so there is no import circle.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Select

from boardgames.common.names import MAX_LENGTH
from boardgames.common.ui.host import host
from boardgames.common.ui.setup_form import Problems, SetupForm
from boardgames.common.ui.words import open_dictionary_after_first_frame
from boardgames.vowl.engine import MAX_PLAYERS
from boardgames.vowl.screen import start_game
from boardgames.vowl.spec import TIMERS, VowlSetup, matcher


class VowlSetupScreen(SetupForm[VowlSetup]):
    """The form.  Ctrl+S starts, Ctrl+E starts practice (both work while typing a name); Escape goes back."""

    GAME = "vowl"
    MIN_SIZE = (64, 20)  # the form scrolls; narrower than this the player rows break
    CSS_PATH = "vowl.tcss"  # the table's, read now: the game that follows restyles nothing
    HEADING = "Vowl — new game"
    SEATS = MAX_PLAYERS
    NAMES_HELP = f"Players — full names (at most {MAX_LENGTH} characters); the one first alphabetically starts"
    #: The form's own rules: here, not in vowl.tcss, which the table's first frame parses.
    DEFAULT_CSS = """
    VowlSetupScreen {
        #setup { padding: 1 2; }
        #setup-title { text-style: bold; color: $text-success; margin-bottom: 1; }
        #setup Label, #setup-help { margin-top: 1; color: $text-muted; width: 100%; }  /* wraps at 80 columns */
        #board { width: auto; height: auto; }
        .player-row { height: auto; }
        .player-row Input { width: 1fr; }
        .player-row Select { width: 20; }
        #setup-buttons { height: auto; margin-top: 1; }
        #setup-buttons Button { margin-right: 2; }
        /* Textual's radio buttons and select arrow, readable in every theme. */
        RadioSet > RadioButton > .toggle--button { color: $background; background: $border-blurred; }
        RadioSet > RadioButton.-on > .toggle--button { color: $background; background: $text-success; }
        RadioSet > RadioButton.-on:ansi > .toggle--button { color: ansi_default; }  /* the terminal's own, bold */
        SelectCurrent .arrow { color: $text-muted; }
        Button { border-top: tall $border-blurred; border-bottom: tall $border-blurred; }
        Button.-primary {
            background: $block-cursor-background; color: $block-cursor-foreground;
            border-top: tall $block-cursor-foreground; border-bottom: tall $block-cursor-foreground;
        }
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("ctrl+e", "practice", "Practice", priority=True),  # docs/keys.md: Ctrl+T is a browser's
        Binding("escape", "app.back_to_menu", "Menu"),
    ]

    #: Whether the form is being read for solitaire practice (Ctrl+E, the practice button).
    _practice = False

    def compose_before_names(self) -> ComposeResult:
        yield Label("Board side")
        with RadioSet(id="board"):
            yield RadioButton("Standard (green) — victory tokens on 10", value=True, id="board-standard")
            yield RadioButton("Advanced (red) — victory tokens on 15", id="board-advanced")

    def compose_names(self) -> ComposeResult:
        for i in range(MAX_PLAYERS):
            with Horizontal(classes="player-row"):
                yield self.name_box(i)
                yield Select([(f"{t} s timer", t) for t in TIMERS], value=TIMERS[0], allow_blank=False, id=f"timer-{i}")

    def compose_buttons(self) -> ComposeResult:
        with Horizontal(id="setup-buttons"):
            yield Button("Start game", id="start", variant="success")
            yield Button("Solitaire practice", id="practice", variant="primary")

    def on_mount(self) -> None:
        super().on_mount()
        # The answer index while names are typed, so the first review does not wait for it.
        open_dictionary_after_first_frame(self, then=matcher().prepare)

    def read_form(self, practice: bool) -> VowlSetup:
        names: list[str] = []
        timers: list[int] = []
        for i in range(MAX_PLAYERS):
            name = self.query_one(f"#name-{i}", Input).value  # as typed: ``problems`` checks it
            if name.strip():  # a blank row is an unused seat, not an empty name
                names.append(name)
                value = self.query_one(f"#timer-{i}", Select).value
                timers.append(int(value) if isinstance(value, int) else 25)
        advanced = self.query_one("#board-advanced", RadioButton).value
        return VowlSetup(tuple(names), tuple(timers), advanced=advanced, practice=practice)

    def read(self) -> VowlSetup | Problems:
        setup = self.read_form(self._practice)
        problems = setup.problems()
        return Problems(problems) if problems else setup.cleaned()

    def begin(self, setup: VowlSetup) -> None:
        self.app.switch_screen(start_game(setup, host(self)))

    def _submit(self, practice: bool) -> None:
        self._practice = practice
        self.submit()

    def action_start(self) -> None:
        self._submit(practice=False)

    def action_practice(self) -> None:
        self._submit(practice=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._submit(practice=event.button.id == "practice")
