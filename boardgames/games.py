"""The games of the suite, as data: the menu, the CLI and start-up read this list.

A game is registered in three pieces, each imported only when it is needed:

- a ``GameInfo`` row here (``GAMES``): its key, title, blurb, seats and its line in
  ``boardgames --help`` and on the main menu - so neither ``--help`` nor the menu's
  first frame imports any game;
- its ``GameEntry`` (``boardgames.<key>.entry.ENTRY``, imported by name when the
  command line names the game or the menu opens it): its command-line options as
  ``Option`` rows, and the hooks that really differ - its decks, what it needs
  installed, the screens it opens;
- its ``common.session.GameSpec`` (the entry's ``spec``, imported when a game is
  dealt or resumed): its setup type, how its engine is built, how a save is titled.

The command line adds ``--seed`` and ``--resume`` and refuses them together with the
game's own options (``cli``), the same for every game.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import argparse

    from rich.console import RenderableType
    from textual.screen import Screen

    from boardgames.common.saves import SaveRecord
    from boardgames.common.session import GameSession, GameSpec
    from boardgames.common.ui.host import Host

#: What a game's command opens once the app runs (``GameEntry.start``).
Opener = Callable[["Host"], "Screen"]


class MenuItem(NamedTuple):
    """A further line on the main menu ("VNTYPL8S: favourite license plates").

    A ``NamedTuple``, like every record here: ``boardgames --help`` reads this module,
    and should not import ``dataclasses`` (and ``inspect`` behind it).
    """

    label: str
    open: Callable[[], Screen]


class Option(NamedTuple):
    """One option of a game's command: ``--players NAMES``, or a switch (``--practice``).

    Every option defaults to ``None`` (``False`` for a switch), which is how the command
    line tells that it was given: given with ``--resume`` it is refused.
    """

    flag: str
    help: str
    metavar: str | None = None
    type: Callable[[str], Any] | None = None
    choices: Sequence[str] | None = None
    switch: bool = False

    def add_to(self, parser: Any) -> None:
        """This option on an ``argparse`` parser (the game's command, or ``host``'s)."""
        if self.switch:
            parser.add_argument(self.flag, action="store_true", help=self.help)
        else:
            parser.add_argument(
                self.flag, metavar=self.metavar, type=self.type, choices=self.choices, default=None, help=self.help
            )


#: Where a game's ``--seed`` and ``--resume`` stand among its ``options`` in its ``--help``;
#: a game that places neither has them last.
SEED = "--seed"
RESUME = "--resume"


def _nothing() -> None:
    """A readiness check with nothing to check."""


def _no_items() -> Sequence[MenuItem]:
    return ()


class GameEntry(NamedTuple):
    """One game's command line and screens (``ENTRY`` in its ``entry`` module): data, and
    the few hooks that differ from game to game.  Only the named game's entry is imported."""

    load_spec: Callable[[], GameSpec[Any, Any]]
    """The game's ``GameSpec``, imported only when a game is dealt or resumed."""
    description: str
    """The first paragraph of ``boardgames <key> --help``."""
    options: tuple[Option | str, ...]
    """The options of ``boardgames <key>``, in ``--help`` order (``SEED``, ``RESUME`` placed)."""
    seed_help: str
    resume_help: str
    resume_keeps: str
    """Why ``--resume`` refuses the other options: "the saved game keeps its own players and seed."."""
    start: Callable[[argparse.Namespace], Opener]
    """What ``boardgames <key> [options]`` opens; refuses bad options (``UserFacingError``)
    before the app starts."""
    new_game_screen: Callable[[], Screen]
    """What the main menu opens (the setup form, usually)."""
    session_screen: Callable[[GameSession[Any, Any], Host], Screen]
    """The game screen for a session (new or resumed)."""
    validate_decks: Callable[[], None]
    """Load and check the card data (``DeckError`` when a file is wrong)."""
    check_ready: Callable[[], None] = _nothing
    """Raise a ``UserFacingError`` when something the game needs from outside Python is
    missing (the word games need the spell checker: ``DictionaryUnavailable``, exit 3).
    The CLI asks only its own game (``cli.preflight``), the app before it opens a game."""
    ready_before_first_frame: bool = True
    """Whether a command asks ``check_ready`` before its first frame.  The word games
    open the spell checker once their first screen has painted (``common.ui.words``)."""
    tools: Callable[[argparse.ArgumentParser], None] | None = None
    """Adds the game's tools (``boardgames vowl check ...``) to its parser."""
    menu_items: Callable[[], Sequence[MenuItem]] = _no_items
    """More lines for the main menu, labelled as the registry lists them (``GameInfo.menu_extras``)."""
    public_view: Callable[[Any], RenderableType] | None = None
    """The table as everyone may see it (``view(None)``), drawn with the game's own render
    functions: what a replay of a finished game shows at each step (``common.history``).
    ``None``: the replay shows the events alone."""
    result: Callable[[Any], str] | None = None
    """How a finished game ended, in a line (plain text), from its last public view; ``None``:
    the history says it with the last public event."""

    @property
    def spec(self) -> GameSpec[Any, Any]:
        """How a game is built, saved and replayed."""
        return self.load_spec()

    def check_installed(self) -> None:
        """What a command checks before its first frame (``cli.preflight``)."""
        if self.ready_before_first_frame:
            self.check_ready()

    def resume_screen(self, record: SaveRecord, host: Host) -> Screen:
        """A saved game, replayed to where it stopped (``UserFacingError`` if it cannot be,
        or if the game is not ready: ``validate_decks``, ``check_ready``)."""
        from boardgames.common.session import GameSession  # noqa: PLC0415 - only when resuming

        self.validate_decks()
        self.check_ready()
        return self.session_screen(GameSession.resume(self.spec, record), host)

    def clashes(self) -> tuple[str, ...]:
        """What ``--resume`` cannot be given with: every option of the game, then ``--seed``."""
        own = tuple(o.flag for o in self.options if isinstance(o, Option))
        return (*own, SEED)


class GameInfo(NamedTuple):
    """What the menu and ``boardgames --help`` show of a game without importing it."""

    key: str
    title: str
    blurb: str
    seats: tuple[int, int]
    """How many play it, fewest and most."""
    command_help: str
    """Its line in ``boardgames --help``."""
    menu_extras: tuple[str, ...] = ()
    """The labels of its further lines on the main menu, in order: the menu lists them
    without importing the game; its ``GameEntry.menu_items`` opens them (the same
    labels, checked by a test)."""
    module: str = ""
    """The module holding its ``ENTRY``; ``boardgames.<key>.entry`` when empty."""

    @property
    def players(self) -> str:
        """ "1–5 players", "2 players", as the menu shows it."""
        low, high = self.seats
        return f"{low} players" if low == high else f"{low}–{high} players"

    @property
    def entry(self) -> GameEntry:
        """The game's ``GameEntry``, imported on first use."""
        module = importlib.import_module(self.module or f"boardgames.{self.key}.entry")
        entry = getattr(module, "ENTRY", None)
        if not isinstance(entry, GameEntry):
            raise TypeError(f"{module.__name__}.ENTRY is not a GameEntry")
        return entry


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "vowl",
        "Vowl",
        "Race the sand timer to solve words whose vowels were removed (SVR → savor).",
        (1, 5),
        "Vowl: solve vowel-less words against the sand timer",
        ("practice stats",),
    ),
    GameInfo(
        "uwo",
        "UWO",
        "Gnorfs against Pnorfs on a 5×6 board: morph, shoot, duel, ride and blast.",
        (2, 2),
        "UWO: a tactical duel of Gnorfs and Pnorfs for two players",
    ),
    GameInfo(
        "vntypl8s",
        "VNTYPL8S",
        "Write a vowel-less vanity plate for a secret owner; the others race to guess who (N0FL4M3S).",
        (3, 8),
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
