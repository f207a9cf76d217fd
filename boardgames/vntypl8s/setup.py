"""VNTYPL8S's setup form: 3-8 names in clockwise seat order, and an optional writing timer."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Header, Input, Label, Static

from boardgames.common.names import MAX_LENGTH as MAX_NAME
from boardgames.common.names import BadNames
from boardgames.common.ui.base import GameScreen
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.host import host
from boardgames.common.ui.text_input import TextInput
from boardgames.common.ui.words import open_dictionary_after_first_frame
from boardgames.vntypl8s.engine import MAX_PLAYERS, MIN_PLAYERS
from boardgames.vntypl8s.spec import Vntypl8sSetup, players_from
from boardgames.vntypl8s.widgets import GAME, MIN_SIZE


class Vntypl8sSetupScreen(GameScreen):
    """3-8 names in clockwise seat order, and an optional writing timer."""

    GAME = GAME
    MIN_SIZE = MIN_SIZE
    CSS_PATH = "vntypl8s.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("ctrl+o", "favourites", "Favourite plates", priority=True),
        Binding("escape", "app.back_to_menu", "Main menu"),
    ]

    def __init__(self, timer: int | None = None) -> None:
        super().__init__()
        self.timer = timer

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="setup"):
            yield Static("VNTYPL8S", id="setup-title")
            yield Static(
                f"Names in clockwise order around the table (3 to 8 players, at most {MAX_NAME} characters each). "
                "Round 1 starts with the first name.",
                id="setup-help",
            )
            with Grid(id="names"):
                for i in range(MAX_PLAYERS):
                    required = " (required)" if i < MIN_PLAYERS else ""
                    # Room past the cap, so a long name gets its message rather than lost keys.
                    yield TextInput(placeholder=f"Player {i + 1}{required}", id=f"name-{i}", max_length=2 * MAX_NAME)
            yield Label("Writing timer in seconds (blank: no timer)")
            yield Input(
                value=str(self.timer) if self.timer else "",
                placeholder="e.g. 90",
                id="timer",
                type="integer",
            )
            yield Static(id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start game", id="start", variant="primary")
                yield Button("Favourite plates", id="favourites")
        yield Footer()

    #: Below this height the form's boxes are one row each, so all of it fits 80x24.
    ROOMY = 32

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()
        open_dictionary_after_first_frame(self)  # the plates will be judged as they are typed

    def on_resize(self, event: events.Resize) -> None:
        short = event.size.height < self.ROOMY
        self.set_class(short, "-short")
        for box in self.query(Input):
            box.compact = short

    def names(self) -> list[str]:
        """The name fields as typed (``players_from`` tidies and checks them)."""
        return [self.query_one(f"#name-{i}", Input).value for i in range(MAX_PLAYERS)]

    def _validated(self) -> tuple[tuple[str, ...], int | None] | str:
        names = [n for n in self.names() if n.strip()]  # a blank field is an unused seat
        try:
            players = players_from(names)
        except BadNames as exc:
            return "\n".join(exc.problems)
        raw = self.query_one("#timer", Input).value.strip()
        timer = None
        if raw:
            try:
                timer = int(raw)
            except ValueError:
                return f"The timer {raw!r} is not a whole number of seconds."
            if not 10 <= timer <= 3600:
                return "The writing timer must be between 10 and 3600 seconds (or blank for none)."
        return players, timer

    def action_start(self) -> None:
        result = self._validated()
        error = self.query_one("#setup-error", Static)
        if isinstance(result, str):
            error.update(Content(result))  # quotes what was typed: plain text, never markup
            self.app.bell()
            return
        error.update("")
        players, timer = result
        from boardgames.vntypl8s.screen import start_game  # noqa: PLC0415 - the game screen, once the form is filled

        self.app.switch_screen(start_game(Vntypl8sSetup(players, timer), host(self)))

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
