"""VNTYPL8S's favourite plates: the rulebook's "Record Your Favourite License Plates" page."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from boardgames.common.text import plain
from boardgames.common.ui.base import OnceModalScreen
from boardgames.common.ui.footer import Footer
from boardgames.vntypl8s.favourites import load_favourites
from boardgames.vntypl8s.widgets import GAME, plate_lines


class FavouritesScreen(OnceModalScreen[None]):
    """The rulebook's "Record Your Favourite License Plates" page."""

    GAME = GAME
    CSS_PATH = "vntypl8s.tcss"  # also opened from the main menu, before any game screen
    BINDINGS = [Binding("escape,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        loaded = load_favourites()
        with VerticalScroll(id="favourites-box"):
            yield Static("Favourite license plates", id="favourites-title")
            if loaded.warning:
                yield Static(loaded.warning, id="favourites-warning", markup=False)  # file names are data
            if not loaded.favourites:
                yield Static("No favourites yet: mark plates at the end of a game.", id="favourites-empty")
            for fav in loaded.favourites:
                by = f"   by {plain(fav.writer)}" if fav.writer else ""
                yield Static(
                    Group(
                        plate_lines(fav.plate),
                        Text(f"0WN3R: {plain(fav.owner)}    R3QRMNTS: {plain(fav.requirements)}{by}", justify="center"),
                    ),
                    classes="favourite",
                )
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
