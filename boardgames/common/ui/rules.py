"""F1: the game's rules, read from ``docs/rules/<game>.md`` inside the app."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from boardgames.common.ui.base import OnceModalScreen
from textual.widgets import Footer, MarkdownViewer

from boardgames.common.resources import read_rules


class RulesScreen(OnceModalScreen[None]):
    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen MarkdownViewer { width: 90%; height: 90%; border: round $accent; }
    """
    BINDINGS = [
        Binding("escape,q,f1", "close", "Close rules"),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(read_rules(self.game), show_table_of_contents=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
