"""The games of the suite, as data: the menu, the CLI and start-up read this list.

Each game package provides ``boardgames.<key>.entry.ENTRY``, an instance of
``GameEntry``: its command line, its card check, its session spec (how a game is
built, saved and replayed: ``common.session``) and the screens the menu opens.
The entry modules are imported lazily, by name, so that starting one game does not
import the others' screens - and so that this module, which the app imports, never
imports a screen (no import circle).  What is shown before a game is opened (its
title, blurb, line in ``boardgames --help`` and further menu lines) is data here,
so neither ``--help`` nor the main menu's first frame imports any game.
"""

from __future__ import annotations

import importlib
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import argparse

    from textual.screen import Screen

    from boardgames.common.saves import SaveRecord
    from boardgames.common.session import GameSession, GameSpec
    from boardgames.common.ui.host import Host


class MenuItem(NamedTuple):
    """A further line on the main menu ("VNTYPL8S: favourite license plates").

    A ``NamedTuple``, like ``GameInfo``: this module is read by ``boardgames --help``,
    which should not import ``dataclasses`` (and ``inspect`` behind it) for two records.
    """

    label: str
    open: Callable[[], Screen]


class GameEntry(ABC):
    """One game's place in the suite (one instance, ``ENTRY``, per game package)."""

    @property
    @abstractmethod
    def spec(self) -> GameSpec[Any, Any]:
        """How a game is built, saved and replayed."""

    @abstractmethod
    def register(self, subparsers: argparse._SubParsersAction) -> None:
        """Add ``boardgames <key> ...`` to the command line: ``subparsers.add_parser(key, ...)``.

        Called only when the command line names this game (``subcommands.LazyCommands``), or
        for the whole parser; its one-line help in ``boardgames --help`` is the
        registry's ``GameInfo.command_help``, listed without calling this.
        """

    @abstractmethod
    def validate_decks(self) -> None:
        """Load and check the card data (``DeckError`` when a file is wrong)."""

    def check_ready(self) -> None:  # noqa: B027 - a hook with a default: most games need nothing
        """Raise a ``UserFacingError`` when something this game needs from outside
        Python is missing; nothing by default.

        The word games need the spell checker (``DictionaryUnavailable``, exit 3).  The
        CLI asks only the command's own game (``cli.preflight``) and the app asks before
        it opens or resumes a game (``BoardgamesApp.open_game``, ``resume_screen``), so
        UWO and the main menu run without the dictionary and a word game says what to
        install instead of opening.
        """

    def check_installed(self) -> None:
        """The part of ``check_ready`` a command asks before its first frame (``cli.preflight``).

        By default all of it.  The word games ask nothing here: they open the spell
        checker once their first screen has painted (``common.ui.words``), so their
        first frame waits neither for enchant (7 MiB) nor for its word list (30 ms,
        10 MiB), and a missing one still ends the command with the paragraph and exit
        status 3.
        """
        self.check_ready()

    @abstractmethod
    def new_game_screen(self) -> Screen:
        """The screen the main menu opens (a setup screen, usually)."""

    @abstractmethod
    def session_screen(self, session: GameSession[Any, Any], host: Host) -> Screen:
        """The game screen for a session (new or resumed)."""

    def resume_screen(self, record: SaveRecord, host: Host) -> Screen:
        """A saved game, replayed to where it stopped (``UserFacingError`` if it cannot be,
        or if the game is not ready: ``validate_decks``, ``check_ready``)."""
        from boardgames.common.session import GameSession  # noqa: PLC0415 - only when resuming

        self.validate_decks()
        self.check_ready()
        return self.session_screen(GameSession.resume(self.spec, record), host)

    def menu_items(self) -> Sequence[MenuItem]:
        """More lines for the main menu, labelled as the registry lists them
        (``GameInfo.menu_extras``); none by default."""
        return ()


class GameInfo(NamedTuple):
    """What the menu and ``boardgames --help`` show of a game without importing it."""

    key: str
    title: str
    blurb: str
    players: str
    command_help: str  # its line in ``boardgames --help``
    #: The labels of its further lines on the main menu, in order: the menu lists them
    #: without importing the game; its ``GameEntry.menu_items`` opens them (the same
    #: labels, checked by a test).
    menu_extras: tuple[str, ...] = ()

    @property
    def entry(self) -> GameEntry:
        """The game's ``GameEntry``: ``boardgames.<key>.entry.ENTRY``, imported on first use."""
        module = importlib.import_module(f"boardgames.{self.key}.entry")
        entry = getattr(module, "ENTRY", None)
        if not isinstance(entry, GameEntry):
            raise TypeError(f"boardgames.{self.key}.entry.ENTRY is not a GameEntry")
        return entry


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "vowl",
        "Vowl",
        "Race the sand timer to solve words whose vowels were removed (SVR → savor).",
        "1–5 players",
        "Vowl: solve vowel-less words against the sand timer",
        ("practice stats",),
    ),
    GameInfo(
        "uwo",
        "UWO",
        "Gnorfs against Pnorfs on a 5×6 board: morph, shoot, duel, ride and blast.",
        "2 players",
        "UWO: a tactical duel of Gnorfs and Pnorfs for two players",
    ),
    GameInfo(
        "vntypl8s",
        "VNTYPL8S",
        "Write a vowel-less vanity plate for a secret owner; the others race to guess who (N0FL4M3S).",
        "3–8 players",
        "VNTYPL8S: write vanity plates for secret owners, guess each other's",
        ("favourite license plates",),
    ),
)


def get_game(key: str) -> GameInfo:
    for game in GAMES:
        if game.key == key:
            return game
    raise KeyError(key)


def resumable(game: str) -> bool:
    """Whether *game* is known, so its saves can be rebuilt (every registered game can)."""
    try:
        get_game(game)
    except KeyError:
        return False
    return True


def saved_at(record: SaveRecord) -> str:
    """When *record* was last saved, as the menu and the palette show it ("Mon 14:05");
    "?" if the clock cannot say."""
    try:
        return time.strftime("%a %H:%M", time.localtime(record.updated))
    except (OverflowError, OSError, ValueError):  # a time the platform's C library refuses
        return "?"
