"""VNTYPL8S's setup form, declared on the suite's one form (``common.ui.setup_form``):
3-8 names in clockwise seat order, and an optional writing timer."""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal
from textual.widgets import Button, Input, Label

from boardgames.common.names import MAX_LENGTH as MAX_NAME
from boardgames.common.names import BadNames
from boardgames.common.ui.host import host
from boardgames.common.ui.setup_form import Problems, SetupForm
from boardgames.common.ui.words import open_dictionary_after_first_frame
from boardgames.vntypl8s.engine import MAX_PLAYERS, MIN_PLAYERS
from boardgames.vntypl8s.spec import Vntypl8sSetup, players_from
from boardgames.vntypl8s.widgets import GAME, MIN_SIZE


class Vntypl8sSetupScreen(SetupForm[Vntypl8sSetup]):
    """3-8 names in clockwise seat order, and an optional writing timer."""

    GAME = GAME
    MIN_SIZE = MIN_SIZE
    CSS_PATH = "vntypl8s.tcss"
    HEADING = "VNTYPL8S"
    SEATS = MAX_PLAYERS
    REQUIRED = MIN_PLAYERS
    NAMES_HELP = (
        f"Names in clockwise order around the table (3 to 8 players, at most {MAX_NAME} characters each). "
        "Round 1 starts with the first name."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("ctrl+o", "favourites", "Favourite plates", priority=True),
        Binding("escape", "app.back_to_menu", "Main menu"),
    ]

    def __init__(self, timer: int | None = None) -> None:
        super().__init__()
        self.timer = timer

    def compose_names(self) -> ComposeResult:
        with Grid(id="names"):
            yield from super().compose_names()

    def compose_options(self) -> ComposeResult:
        yield Label("Writing timer in seconds (blank: no timer)")
        yield Input(value=str(self.timer) if self.timer else "", placeholder="e.g. 90", id="timer", type="integer")

    def compose_buttons(self) -> ComposeResult:
        with Horizontal(id="setup-buttons"):
            yield Button("Start game", id="start", variant="primary")
            yield Button("Favourite plates", id="favourites")

    #: Below this height the form's boxes are one row each, so all of it fits 80x24.
    ROOMY = 32

    def on_mount(self) -> None:
        super().on_mount()
        open_dictionary_after_first_frame(self)  # the plates will be judged as they are typed

    def on_resize(self, event: events.Resize) -> None:
        short = event.size.height < self.ROOMY
        self.set_class(short, "-short")
        for box in self.query(Input):
            box.compact = short

    def names(self) -> list[str]:
        """The name fields as typed (``players_from`` tidies and checks them)."""
        return [box.value for box in self.name_boxes()]

    def read(self) -> Vntypl8sSetup | Problems:
        try:
            players = players_from(self.typed_names())
        except BadNames as exc:
            return Problems(exc.problems)
        raw = self.query_one("#timer", Input).value.strip()
        timer = None
        if raw:
            try:
                timer = int(raw)
            except ValueError:
                return Problems([f"The timer {raw!r} is not a whole number of seconds."])
            if not 10 <= timer <= 3600:
                return Problems(["The writing timer must be between 10 and 3600 seconds (or blank for none)."])
        return Vntypl8sSetup(players, timer)

    def begin(self, setup: Vntypl8sSetup) -> None:
        from boardgames.vntypl8s.screen import start_game  # noqa: PLC0415 - the game screen, once the form is filled

        self.app.switch_screen(start_game(setup, host(self)))

    def action_favourites(self) -> None:
        from boardgames.vntypl8s.favourites_screen import FavouritesScreen  # noqa: PLC0415

        self.app.push_screen(FavouritesScreen())

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        filled = sum(1 for n in self.names() if n.strip())
        if event.input.id == "timer" or (filled >= MIN_PLAYERS and not event.value.strip()):
            self.action_start()
        else:
            self.focus_next(Input)

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#favourites")
    def _favourites_pressed(self) -> None:
        self.action_favourites()
