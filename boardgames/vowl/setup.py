"""Vowl's setup form: who plays, which board side, which sand timer each.

It produces a ``VowlSetup`` value and nothing else; ``launch.py`` turns that into
a game.  Validation lives in ``VowlSetup.problems`` (pure, tested without a
terminal) and the form shows every problem at once, keeping what was typed.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Header, Input, Label, RadioButton, RadioSet, Select, Static

from boardgames.common.ui.base import GameScreen

MAX_PLAYERS = 5
TIMERS = (25, 15)


@dataclass(frozen=True, slots=True)
class VowlSetup:
    """What the setup form (or the command line) decided."""

    names: tuple[str, ...]
    timers: tuple[int, ...]
    advanced: bool = False
    practice: bool = False

    def problems(self) -> list[str]:
        """Everything wrong with this setup, in words for the players."""
        out: list[str] = []
        n = len(self.names)
        if self.practice:
            if n != 1:
                out.append("Solitaire practice is for one player: type exactly one name.")
        elif not 2 <= n <= MAX_PLAYERS:
            out.append(f"Vowl needs 2 to {MAX_PLAYERS} players; {n} named. (One player? Choose practice.)")
        seen: set[str] = set()
        for name in self.names:
            key = name.casefold()
            if key in seen:
                out.append(f"Two players are called {name!r}; names must differ.")
            seen.add(key)
        for timer in self.timers:
            if timer not in TIMERS:
                out.append(f"A sand timer is 25 or 15 seconds, not {timer}.")
        return out


    def to_json(self) -> dict[str, object]:
        return {"names": list(self.names), "timers": list(self.timers),
                "advanced": self.advanced, "practice": self.practice}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> VowlSetup:
        """Rebuild from a save; ``ValueError`` when the save's setup is not a Vowl setup."""
        try:
            setup = cls(tuple(str(n) for n in data["names"]), tuple(int(t) for t in data["timers"]),
                        bool(data["advanced"]), bool(data["practice"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a Vowl setup ({exc!r})") from None
        problems = setup.problems()
        if problems:
            raise ValueError(" ".join(problems))
        return setup


def parse_players(text: str) -> tuple[str, ...]:
    """``"Ann Lee, Bob Roy"`` -> ``("Ann Lee", "Bob Roy")``: trimmed, blanks dropped."""
    return tuple(" ".join(part.split()) for part in text.split(",") if part.strip())


class VowlSetupScreen(GameScreen):
    """The form.  Ctrl+S starts (works while typing a name); Escape goes back."""

    GAME = "vowl"
    MIN_SIZE = (64, 20)  # the form scrolls; narrower than this the player rows break
    CSS_PATH = "vowl.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("ctrl+t", "practice", "Practice", priority=True),
        Binding("escape", "app.back_to_menu", "Menu"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="setup"):
            yield Static("Vowl — new game", id="setup-title")
            yield Label("Board side")
            with RadioSet(id="board"):
                yield RadioButton("Standard (green) — victory tokens on 10", value=True, id="board-standard")
                yield RadioButton("Advanced (red) — victory tokens on 15", id="board-advanced")
            yield Label("Players — full names; the one first alphabetically starts")
            for i in range(MAX_PLAYERS):
                with Horizontal(classes="player-row"):
                    yield Input(placeholder=f"Player {i + 1}", id=f"name-{i}", max_length=40)
                    yield Select(
                        [("25 s timer", 25), ("15 s timer", 15)],
                        value=25,
                        allow_blank=False,
                        id=f"timer-{i}",
                    )
            yield Static("", id="setup-errors")
            with Horizontal(id="setup-buttons"):
                yield Button("Start game", id="start", variant="success")
                yield Button("Solitaire practice", id="practice", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()

    def read_form(self, practice: bool) -> VowlSetup:
        names: list[str] = []
        timers: list[int] = []
        for i in range(MAX_PLAYERS):
            name = " ".join(self.query_one(f"#name-{i}", Input).value.split())
            if name:
                names.append(name)
                value = self.query_one(f"#timer-{i}", Select).value
                timers.append(int(value) if isinstance(value, int) else 25)
        advanced = self.query_one("#board-advanced", RadioButton).value
        return VowlSetup(tuple(names), tuple(timers), advanced=advanced, practice=practice)

    def _submit(self, practice: bool) -> None:
        setup = self.read_form(practice)
        problems = setup.problems()
        errors = self.query_one("#setup-errors", Static)
        if problems:
            errors.update("\n".join(f"• {p}" for p in problems))
            errors.add_class("-shown")
            return
        errors.remove_class("-shown")
        from boardgames.vowl.launch import game_screen  # noqa: PLC0415 - avoid an import cycle

        self.app.switch_screen(game_screen(setup, self.app))

    def action_start(self) -> None:
        self._submit(practice=False)

    def action_practice(self) -> None:
        self._submit(practice=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._submit(practice=event.button.id == "practice")
