"""F1: the game's rules, read from ``docs/rules/<game>.md`` inside the app.

Building a long Markdown document into widgets takes Textual a second or two the
first time (2.3 s on a busy 2-core machine), so the screen appears at once with a
"loading" line and fills itself after its first frame: the key press is answered
immediately, and the player sees that the rules are on their way.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import LoadingIndicator, MarkdownViewer, Static

from boardgames.common.resources import read_rules
from boardgames.common.ui.base import OnceModalScreen
from boardgames.common.ui.footer import Footer


class RulesScreen(OnceModalScreen[None]):
    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen #rules-frame { width: 90%; height: 90%; border: round $accent-frame; }
    RulesScreen MarkdownViewer { height: 1fr; }
    RulesScreen #rules-loading { height: 3; }
    RulesScreen #rules-loading-text { width: 100%; content-align: center middle; color: $text-muted; }
    RulesScreen.-loaded #rules-loading { display: none; }
    """
    BINDINGS = [
        Binding("escape,q,f1", "close", "Close rules"),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    @property
    def loaded(self) -> bool:
        """Is the whole rulebook on screen (not just the loading line)?"""
        return self.has_class("-loaded")

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-frame"):
            with Vertical(id="rules-loading"):
                yield Static("Opening the rules…", id="rules-loading-text")
                yield LoadingIndicator()
            yield MarkdownViewer("", show_table_of_contents=False)
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self._fill)

    async def _fill(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        await viewer.document.update(read_rules(self.game))
        self.add_class("-loaded")
        viewer.focus()

    def action_close(self) -> None:
        self.dismiss(None)
