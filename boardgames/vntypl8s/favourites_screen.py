"""VNTYPL8S's favourite plates: the rulebook's "Record Your Favourite License Plates" page.

The favourites are a list: ↑↓ highlight one, ``d`` removes it after one question (P37).
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames.common.text import plain, shown
from boardgames.common.ui.base import OnceModalScreen
from boardgames.common.ui.choice import Choice, ChoiceScreen
from boardgames.common.ui.footer import Footer
from boardgames.vntypl8s.favourites import Favourite, load_favourites, remove_favourite
from boardgames.vntypl8s.widgets import GAME, plate_lines

EMPTY = "No favourites yet: mark plates at the end of a game."


def favourite_prompt(fav: Favourite) -> Group:
    """One favourite as the printed page has it: the plate drawn, then 0WN3R and R3QRMNTS."""
    by = f"   by {plain(fav.writer)}" if fav.writer else ""
    return Group(
        plate_lines(fav.plate),
        Text(f"0WN3R: {plain(fav.owner)}    R3QRMNTS: {plain(fav.requirements)}{by}", justify="center"),
        Text(""),
    )


class FavouritesScreen(OnceModalScreen[None]):
    """The rulebook's "Record Your Favourite License Plates" page."""

    GAME = GAME
    CSS_PATH = "vntypl8s.tcss"  # also opened from the main menu, before any game screen
    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        Binding("d", "remove", "Remove the highlighted favourite"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.favourites: list[Favourite] = []

    def compose(self) -> ComposeResult:
        loaded = load_favourites()
        self.favourites = list(loaded.favourites)
        with Vertical(id="favourites-box"):
            yield Static("Favourite license plates", id="favourites-title")
            if loaded.warning:
                yield Static(loaded.warning, id="favourites-warning", markup=False)  # file names are data
            empty = Static(EMPTY, id="favourites-empty")
            empty.display = not self.favourites
            yield empty
            listed = OptionList(*(Option(favourite_prompt(f)) for f in self.favourites), id="favourites-list")
            listed.display = bool(self.favourites)
            yield listed
        yield Footer()

    def on_mount(self) -> None:
        self._highlight_first()
        self.call_after_refresh(self._highlight_first)  # in case the list was not mounted yet

    def _highlight_first(self) -> None:
        """The first favourite highlighted and the list focused, so ↑↓ and ``d`` work at once."""
        # ``results``: a screen pushed as the app closes may be mounted before its children.
        for listed in self.query("#favourites-list").results(OptionList):
            if self.favourites and listed.highlighted is None:
                listed.highlighted = 0
                listed.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "remove":
            return bool(self.favourites)
        return True

    def action_close(self) -> None:
        self.dismiss(None)

    def action_remove(self) -> None:
        """``d``: the highlighted favourite leaves the list and the file, after one question."""
        listed = self.query_one("#favourites-list", OptionList)
        index = listed.highlighted
        if index is None or not 0 <= index < len(self.favourites):
            return
        fav = self.favourites[index]

        def answered(yes: bool | None) -> None:
            if not yes or fav not in self.favourites:
                return
            warning = remove_favourite(fav)
            if warning:
                self.notify(warning, severity="error", markup=False)
                return
            at = self.favourites.index(fav)
            del self.favourites[at]
            listed.remove_option_at_index(at)
            self.notify(f"{plain(fav.plate)} is no longer a favourite.", markup=False)
            if self.favourites:
                listed.highlighted = min(at, len(self.favourites) - 1)
            else:
                listed.display = False
                self.query_one("#favourites-empty").display = True
            self.refresh_bindings()

        question = f"Remove {shown(fav.plate)} ({shown(fav.owner)}) from the favourites?"
        choices = (Choice("y", "yes, remove it", True), Choice("n", "no, keep it", False))
        self.app.push_screen(ChoiceScreen(question, choices, cancel=True), answered)
