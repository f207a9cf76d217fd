"""UWO's setup form, declared on the suite's one form (``common.ui.setup_form``): options
only, since the sides have fixed names (Gnorfs, Pnorfs) and nothing is typed.

A duel of two or against the computer, the standard duel or the first game, and against
the computer its level and the person's army (those two are hidden in a duel of two).
Every option is a ``Choices`` (cursor keys, Tab to the next); Ctrl+S starts, Escape goes
back to the menu with nothing started.  Starting opens the duel as the command line does
(``opening.start_screen``: a duel of two on the Gnorfs' handover).
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Button, Static

from boardgames.common.ui.setup_form import Choices, Pick, Problems, SetupForm
from boardgames.uwo.levels import OPPONENT_LEVELS
from boardgames.uwo.opening import start_screen
from boardgames.uwo.players import ComputerOpponent
from boardgames.uwo.side import Side
from boardgames.uwo.spec import UwoSetup

#: What the levels mean, in a player's words: the name, then what it does.
LEVEL_BLURBS = {
    "beginner": ("Beginner", "counts only the UMOs on the board, often misses a threat"),
    "easy": ("Easy", "plans its turns, but often picks a weaker plan"),
    "normal": ("Normal", "plans each turn on several guesses at your hand"),
    "hard": ("Hard", "also weighs your best answer to each plan"),
}
#: The level the form offers first: the command line's default (``--level``).
DEFAULT_LEVEL = "normal"


class UwoSetupScreen(SetupForm[UwoSetup]):
    """Who plays, which game, and against the computer its level and your army."""

    GAME = "uwo"
    MIN_SIZE = (80, 24)
    HEADING = "UWO — new duel"
    SEATS = 0  # the sides are the Gnorfs and the Pnorfs: no names to type
    #: The form's own rules (``uwo.tcss`` is the duel's, nested under its screen).
    DEFAULT_CSS = """
    UwoSetupScreen {
        #setup { padding: 0 2; }
        #setup-title { text-style: bold; color: $accent; }
        #setup-about { color: $text-muted; width: 100%; }
        #start { margin-top: 1; }
    }
    """

    def compose_options(self) -> ComposeResult:
        yield Static("Gnorfs (green) against Pnorfs (purple), on this keyboard.", id="setup-about")
        yield Choices(
            "Who plays?",
            [
                Pick("Two players", "hot-seat on this keyboard, a handover between turns", False),
                Pick("Against the computer", "you alone; it sees only its own hand", True),
            ],
            id="opponent",
        )
        yield Choices(
            "Which game?",
            [
                Pick("Standard duel", "10 UMOs each", False),
                Pick("First game", "8 UMOs each, corners empty", True),
            ],
            id="variant",
        )
        yield Choices(
            "How strong should the computer play?",
            [Pick(*LEVEL_BLURBS[level], level) for level in OPPONENT_LEVELS],
            chosen=OPPONENT_LEVELS.index(DEFAULT_LEVEL),
            id="level",
        )
        yield Choices(
            "Which army do you play?",
            [
                Pick("Gnorfs (green)", "you begin", Side.GNORFS),
                Pick("Pnorfs (purple)", "the computer begins", Side.PNORFS),
            ],
            id="army",
        )

    def compose_buttons(self) -> ComposeResult:
        yield Button("Start duel (Ctrl+S)", id="start", variant="primary", compact=True)

    def first_field(self) -> Widget:
        return self.choices("opponent").radio_set

    def on_mount(self) -> None:
        super().on_mount()
        self._show_computer_options()

    def choices(self, option: str) -> Choices[object]:
        return self.query_one(f"#{option}", Choices)

    @property
    def against_computer(self) -> bool:
        return bool(self.choices("opponent").value)

    def _show_computer_options(self) -> None:
        """The level and the army are asked only against the computer."""
        for option in ("level", "army"):
            self.choices(option).display = self.against_computer

    def on_choices_changed(self, event: Choices.Changed) -> None:
        if event.choices.id == "opponent":
            self._show_computer_options()

    def read(self) -> UwoSetup | Problems:
        first_game = bool(self.choices("variant").value)
        if not self.against_computer:
            return UwoSetup(first_game, None)
        level = self.choices("level").value
        army = self.choices("army").value
        assert isinstance(level, str) and isinstance(army, Side)
        return UwoSetup(first_game, ComputerOpponent(level, army.other))

    def begin(self, setup: UwoSetup) -> None:
        self.app.switch_screen(start_screen(setup.first_game, setup.computer))

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()
