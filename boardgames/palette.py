"""The command palette of the suite (Ctrl+P): its commands and the palette itself.

Imported as the palette first opens (``app.game_commands``,
``BoardgamesApp.action_command_palette``), not before the main menu's first frame:
defining a Textual screen and a provider class costs more than the menu's frame
can spare.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import Matcher
from textual.screen import Screen

from boardgames.common.saves import SaveStore
from boardgames.common.text import inert, plain, shown
from boardgames.common.ui.host import Host
from boardgames.common.ui.textual_compat import hardened_command_palette
from boardgames.games import GAMES, get_game, resumable, saved_at


class GameCommands(Provider):
    """Ctrl+P: start any game or read its rules from anywhere in the suite."""

    def _commands(self) -> list[tuple[str, Callable[[], None], str]]:
        """Every action of the main menu, from anywhere: play, rules, each game's extras,
        resume each unfinished game, and the menu itself.

        A command that would take the players out of a game in progress asks the
        game's own leave question first (``BoardgamesApp.leave_game_then``), exactly as
        Escape does; the rules and the extras open over the game without leaving it.
        """
        app = self.app
        assert isinstance(app, Host)  # the suite's app (``BoardgamesApp``), imported by nobody here

        def leaving(then: Callable[[], None]) -> Callable[[], None]:
            return functools.partial(app.leave_game_then, then)

        def opening(make: Callable[[], Screen[Any]]) -> Callable[[], None]:
            def push() -> None:
                app.push_screen(make())

            return push

        out: list[tuple[str, Callable[[], None], str]] = []
        for g in GAMES:
            out.append((f"Play {g.title}", leaving(functools.partial(app.open_game, g.key)), g.blurb))
            out.append((f"Rules of {g.title}", functools.partial(app.show_rules, g.key), "Open the rulebook"))
            for item in g.entry.menu_items():
                out.append((f"{g.title}: {item.label}", opening(item.open), g.blurb))
        # over a game, which goes on below it (as the rules do)
        for name, tab, help_text in (
            ("History", "games", "Finished games, newest first; Enter replays one"),
            ("History: UWO results per level", "levels", "Wins against each level"),
            ("History: VNTYPL8S plates", "plates", "Every plate written"),
        ):
            out.append((name, functools.partial(app.show_history, tab), help_text))
        listing = SaveStore().unfinished()
        for warning in listing.warnings:  # a file set aside on the way is told, as on the menu
            app.notify(warning, severity="warning", timeout=10, markup=False)
        for record in listing.records:
            if resumable(record.game):
                name = f"Resume {get_game(record.game).title}: {plain(record.title)} (saved {saved_at(record)})"
                out.append((name, leaving(functools.partial(app.resume_game, record)), "Go on where it stopped"))
        out.append(("Main menu", leaving(app.back_to_menu), "Leave the current game"))
        return out

    _listed: list[tuple[str, Callable[[], None], str]] | None = None

    async def startup(self) -> None:
        """The commands are listed once each time the palette opens (the saves are read
        then), not at every key typed into its search."""
        self._listed = self._commands()

    def _all(self) -> list[tuple[str, Callable[[], None], str]]:
        if self._listed is None:
            self._listed = self._commands()
        return self._listed

    async def discover(self) -> Hits:
        for name, cb, help_text in self._all():
            yield DiscoveryHit(inert(name, None), cb, text=name, help=shown(help_text, None))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, cb, help_text in self._all():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, highlighted(matcher, name), cb, text=name, help=shown(help_text, None))


def highlighted(matcher: Matcher, name: str) -> Content:
    """*name* as inert text with the letters *matcher* matched highlighted.

    Not ``Matcher.highlight``: it reads its ``str`` as markup, so a save titled ``[/]``
    crashed every search and ``[@click=app.quit]`` became a live link in the list.
    """
    content = inert(name, None)
    score, offsets = matcher.fuzzy_search.match(matcher.query, content.plain)
    if not score:
        return content
    for offset in offsets:
        if not content.plain[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


#: Textual's palette, hardened against fast hands (``textual_compat.hardened_command_palette``).
SafeCommandPalette = hardened_command_palette()
