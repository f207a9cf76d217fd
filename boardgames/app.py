"""The one Textual app of the suite: a main menu, then one screen per game."""

from __future__ import annotations

import random
from pathlib import Path
from collections.abc import Callable, Iterable

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from boardgames.common.clock import Clock, monotonic
from boardgames.games import GAMES, GameInfo, get_game


class MainMenu(Screen[None]):
    """The games that can be played, arrow keys and Enter; F1 shows the highlighted game's rules."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("enter", "play", "Play", show=True),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("boardgames", id="menu-title")
        yield Static("Pick a game for the friends around this keyboard.", id="menu-subtitle")
        yield OptionList(*self._options(GAMES), id="menu-games")
        yield Footer()

    @staticmethod
    def _options(games: Iterable[GameInfo]) -> list[Option]:
        return [
            Option(f"[b]{g.title}[/b]  [dim]{g.players}[/dim]\n  {g.blurb}", id=g.key) for g in games
        ]

    @property
    def highlighted_game(self) -> str | None:
        menu = self.query_one(OptionList)
        if menu.highlighted is None:
            return None
        return menu.get_option_at_index(menu.highlighted).id

    def action_play(self) -> None:
        key = self.highlighted_game
        if key is not None:
            self.app.open_game(key)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.app.open_game(event.option.id)


class GameCommands(Provider):
    """Ctrl+P: start any game or read its rules from anywhere in the suite."""

    def _commands(self) -> list[tuple[str, Callable[[], None], str]]:
        app = self.app
        assert isinstance(app, BoardgamesApp)
        out: list[tuple[str, Callable[[], None], str]] = []
        for g in GAMES:
            out.append((f"Play {g.title}", lambda k=g.key: app.open_game(k), g.blurb))
            out.append((f"Rules of {g.title}", lambda k=g.key: app.show_rules(k), "Open the rulebook"))
        out.append(("Main menu", app.back_to_menu, "Leave the current game"))
        return out

    async def discover(self) -> Hits:
        for name, cb, help_text in self._commands():
            yield DiscoveryHit(name, cb, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, cb, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), cb, help=help_text)


class BoardgamesApp(App[int]):
    """The suite.  ``start`` opens a screen directly (``boardgames vowl ...``).

    ``clock`` and ``seed`` are injected so tests can drive timers by hand and get
    the same shuffles every run.
    """

    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses may live elsewhere
    TITLE = "boardgames"
    COMMANDS = App.COMMANDS | {GameCommands}
    BINDINGS = [
        Binding("f1", "rules", "Rules", priority=True),
    ]

    def __init__(
        self,
        start: Callable[[], Screen] | None = None,
        *,
        clock: Clock = monotonic,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self._start = start
        self.clock = clock
        self.seed = seed
        self._rng = random.Random(seed)

    def on_mount(self) -> None:
        self.push_screen(MainMenu())
        if self._start is not None:
            self.push_screen(self._start())

    def make_rng(self) -> random.Random:
        """A fresh ``random.Random`` for each new game.

        With ``--seed`` the whole sequence of games is reproducible, yet "new game"
        deals a different game each time.
        """
        return random.Random(self._rng.getrandbits(64))

    def open_game(self, key: str) -> None:
        self.back_to_menu()
        self.push_screen(get_game(key).entry.new_game_screen())

    def back_to_menu(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if not isinstance(self.screen, MainMenu) and len(self.screen_stack) == 2:
            self.pop_screen()

    def action_back_to_menu(self) -> None:
        self.back_to_menu()

    def current_game(self) -> str | None:
        """The game whose rules F1 should show: the top screen's, or the menu's highlight."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, MainMenu):
                return screen.highlighted_game
            game = getattr(screen, "GAME", None)
            if game:
                return game
        return None

    def show_rules(self, game: str) -> None:
        from boardgames.common.ui.rules import RulesScreen  # noqa: PLC0415 - Markdown is slow to import

        if isinstance(self.screen, RulesScreen):
            return
        self.push_screen(RulesScreen(game))

    def action_rules(self) -> None:
        from boardgames.common.ui.rules import RulesScreen  # noqa: PLC0415

        if isinstance(self.screen, RulesScreen):
            self.screen.dismiss(None)
            return
        game = self.current_game()
        if game is not None:
            self.show_rules(game)
        else:
            self.notify("Highlight a game to read its rules.")
