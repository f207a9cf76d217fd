"""The command palette of the suite (Ctrl+P): its commands and the palette itself.

Imported as the palette first opens (``app.game_commands``,
``BoardgamesApp.action_command_palette``), not before the main menu's first frame:
defining a Textual screen and a provider class costs more than the menu's frame
can spare (issue 16).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any

from textual import events, work
from textual.command import Command, CommandList, CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.css.query import NoMatches
from textual.fuzzy import Matcher
from textual.screen import Screen
from textual.widgets import LoadingIndicator

from boardgames.common.saves import SaveStore
from boardgames.common.text import inert, plain, shown
from boardgames.common.ui.host import Host
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


class SafeCommandPalette(CommandPalette):
    """Textual's palette, hardened against fast hands (found by the monkey test):

    - it closes once: a double Enter would otherwise close it twice and pop the
      screen beneath it too;
    - Page Up/Down while the result list is still being filled is ignored (Textual
      8.2 raises ``KeyError`` from ``OptionList._move_page`` there);
    - once closed, nothing it started touches its widgets: a key typed just before
      Escape still starts a search (its ``Input.Changed`` arrives late), and on a busy
      machine that search can end after the palette's widgets are gone - Textual's
      worker then raises ``NoMatches`` and the app stops.  Late searches, their
      results, the busy and "no matches" countdowns are dropped instead.
    """

    _dismissed_once = False

    @property
    def closed(self) -> bool:
        """Dismissed, popped or being removed: its widgets may be gone."""
        return self._dismissed_once or not self.is_attached or self not in self.app.screen_stack

    def dismiss(self, result: Any = None) -> Any:
        if self._dismissed_once:
            return None
        self._dismissed_once = True
        self._cancel_gather_commands()
        self._stop_busy_countdown()
        self._stop_no_matches_countdown()
        return super().dismiss(result)

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        if self.closed:
            return
        try:
            # Textual's own search (``work`` keeps the undecorated method as ``__wrapped__``).
            await CommandPalette._gather_commands.__wrapped__(self, search_value)  # type: ignore[attr-defined]
        except NoMatches:
            if not self.closed:
                raise  # a real bug while open: let it be seen

    def _refresh_command_list(self, command_list: CommandList, commands: list[Command], clear_current: bool) -> None:
        if self.closed:
            return
        # Textual sorts by score alone, so commands of equal score (all of them, in an
        # empty search) kept the order the providers' searches happened to deliver
        # them in - the machine's load decided it: the list shuffled from one opening
        # to the next, and Enter ran another command.  By name first; the score sort
        # is stable and keeps that order among equals.
        by_name = sorted(commands, key=lambda command: str(command.hit.text or ""))
        super()._refresh_command_list(command_list, by_name, clear_current)

    def _watch__list_visible(self) -> None:
        if not self.closed:
            super()._watch__list_visible()

    def _watch__show_busy(self) -> None:  # type: ignore[override]  # Textual's is async; made plain: no coroutine left unawaited when closed
        if not self.closed:
            self.query_one(LoadingIndicator).set_class(self._show_busy, "--visible")
            self.query_one(CommandList).set_class(self._show_busy, "--populating")

    def _on_timer(self, event: events.Timer) -> None:
        if self.closed:  # a countdown (busy, "no matches") that fires as the palette goes
            event.prevent_default()
            event.stop()

    def _action_command_list(self, action: str) -> None:
        with contextlib.suppress(KeyError):  # the list has no lines yet: nothing to page through
            super()._action_command_list(action)
