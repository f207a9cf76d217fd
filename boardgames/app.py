"""The one Textual app of the suite: a main menu, then one screen per game."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandPalette, Provider
from textual.screen import Screen

from boardgames.common import collector
from boardgames.common.clock import Clock, monotonic
from boardgames.common.errors import UserFacingError
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.settings import Settings, load_settings, save_settings, unknown_theme
from boardgames.common.text import shown
from boardgames.common.ui import frames, textual_compat
from boardgames.common.ui.colours import ReadableColours, terminal_theme
from boardgames.games import GAMES, GameInfo, get_game, resumable, saved_at

if TYPE_CHECKING:
    from boardgames.common.crash import Crash

# Before Textual's Header and Footer are imported: the speed-ups define their classes faster.
textual_compat.apply()
frames.install()

from textual.containers import Vertical  # noqa: E402
from textual.widgets import OptionList, Static  # noqa: E402
from textual.widgets.option_list import Option  # noqa: E402

from boardgames.common.ui.footer import Footer  # noqa: E402 - after the compat module, as Textual's

RESUME = "resume:"
EXTRA = "extra:"
#: The main menu's line for the History screen (every finished game, its replay, the stats).
HISTORY = "menu:history"
#: A save this large (bytes) or larger is replayed in a background thread behind a progress
#: screen (``BoardgamesApp.resume_game``): a game of a few hundred actions replays in a blink,
#: one of tens of thousands takes seconds.
REPLAY_IN_BACKGROUND = 256 * 1024


def _save_size(record: SaveRecord) -> int:
    """How large *record*'s file is (0 when it was not listed from one, or is gone)."""
    if record.unread is None:
        return 0
    try:
        return record.unread.path.stat().st_size
    except OSError:
        return 0


#: The signals that end the suite cleanly (``BoardgamesApp.catch_signals``).
SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)

NO_TERMINAL_HINT = "Run boardgames in a terminal window; its tools (boardgames --help) need none."


#: Seconds a signal's clean exit may take before the process ends regardless (saves are
#: flushed first): restoring a terminal that takes no writes must not keep it alive.
LAST_RESORT = 10.0


def _end_after(seconds: float, status: int) -> None:
    time.sleep(seconds)  # a bound on shutting down, in a thread of its own: never a wait for a state
    os._exit(status)


def _terminal_alive() -> bool:
    """Whether the terminal Textual draws on (standard error) is still there: after a
    hang-up the kernel answers it as no terminal at all."""
    stream = sys.__stderr__
    try:
        return stream is not None and os.isatty(stream.fileno())
    except (OSError, ValueError):
        return False


def terminal_problem() -> str | None:
    """Why this process has no terminal to play in, or ``None``: Textual reads keys from
    standard input and draws on standard error, and standard output must not be a file
    the screen would end up in."""
    for name, stream in (("input", sys.stdin), ("output", sys.stdout), ("error", sys.stderr)):
        if stream is None:
            return f"standard {name} is closed"
        try:
            tty = stream.isatty()
        except (OSError, ValueError):  # closed under us
            tty = False
        if not tty:
            return f"standard {name} is not a terminal"
    return None


def open_extra(game: GameInfo, index: int) -> Screen:
    """The screen of *game*'s further menu line *index* (its entry is imported now)."""
    return game.entry.menu_items()[index].open()


class MainMenu(Screen[None]):
    """The games that can be played, arrow keys and Enter; F1 shows the highlighted game's rules."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("enter", "play", "Play", show=True),
        Binding("delete,x", "forget", "Delete saved game"),
    ]

    def compose(self) -> ComposeResult:
        # Imported here: a game opened from the command line draws its own ``TitleBar``
        # and never imports Textual's Header.
        from textual.widgets import Header  # noqa: PLC0415

        yield Header()
        # One column centred both ways in the room between the bars (app.tcss): a big
        # terminal shows the menu in its middle, not in its top-left corner.
        with Vertical(id="menu-body"):
            yield Static("boardgames", id="menu-title")
            yield Static("Pick a game for the friends around this keyboard.", id="menu-subtitle")
            yield OptionList(id="menu-games")
        yield Footer()

    def on_screen_resume(self) -> None:
        """The list, each time the menu is shown: the first time too (Textual resumes a
        screen as it is pushed), so the saves are read once at start, not twice."""
        self.refresh_games()

    def refresh_games(self) -> None:
        """The games, then every unfinished game that can be resumed (newest first).

        A save's title and a file's name are outside text: labels show them through
        ``shown`` and warnings as plain text (``markup=False``).  Files that are not
        saves are set aside by the listing, so each is told once, not at every refresh.
        """
        listing = SaveStore().unfinished()
        for warning in listing.warnings:
            self.notify(warning, severity="warning", timeout=10, markup=False)
        self.saves = {r.filename: r for r in listing.records if resumable(r.game)}
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_options(Option(f"[b]{g.title}[/b]  [dim]{g.players}[/dim]\n  {g.blurb}", id=g.key) for g in GAMES)
        self.extras: dict[str, Callable[[], Screen]] = {}
        for g in GAMES:
            # Labelled from the registry: no game is imported before the menu's first frame.
            for i, label in enumerate(g.menu_extras):
                key = f"{EXTRA}{g.key}:{i}"
                self.extras[key] = functools.partial(open_extra, g, i)
                menu.add_option(Option(f"[b]{g.title}[/b]: {label}", id=key))
        menu.add_option(
            Option("[b]History[/b]  [dim]finished games, replays, results per level, plates[/dim]", id=HISTORY)
        )
        for key, record in self.saves.items():
            label = (
                f"[b]Resume {shown(get_game(record.game).title)}[/b]  [dim]saved {shown(saved_at(record))}[/dim]"
                f"\n  {shown(record.title)}"
            )
            menu.add_option(Option(label, id=f"{RESUME}{key}"))
        if menu.option_count:
            menu.highlighted = min(highlighted or 0, menu.option_count - 1)

    @property
    def highlighted_id(self) -> str | None:
        menu = self.query_one(OptionList)
        if menu.highlighted is None:
            return None
        return menu.get_option_at_index(menu.highlighted).id

    @property
    def highlighted_game(self) -> str | None:
        """The game key of the highlighted line (a resume line counts as its game)."""
        option = self.highlighted_id
        if option is None:
            return None
        if option.startswith(RESUME):
            record = self.saves.get(option.removeprefix(RESUME))
            return record.game if record else None
        if option.startswith(EXTRA):
            return option.removeprefix(EXTRA).split(":")[0]
        if option == HISTORY:
            return None
        return option

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "forget":
            return (self.highlighted_id or "").startswith(RESUME) or None
        return True

    def on_option_list_option_highlighted(self) -> None:
        self.refresh_bindings()

    def _open(self, option: str | None) -> None:
        if option is None or self.app.screen is not self:
            # A second Enter queued while the first one's screen mounts reaches the menu
            # too; opening again would pop that screen mid-mount (Textual's Header crashes).
            return
        app = self.app
        assert isinstance(app, BoardgamesApp)
        if option.startswith(RESUME):
            record = self.saves.get(option.removeprefix(RESUME))
            if record is not None:
                app.resume_game(record)
        elif option.startswith(EXTRA):
            app.push_screen(self.extras[option]())
        elif option == HISTORY:
            app.show_history()
        else:
            app.open_game(option)

    def action_play(self) -> None:
        self._open(self.highlighted_id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._open(event.option.id)

    def action_forget(self) -> None:
        """Delete the highlighted saved game, after asking."""
        option = self.highlighted_id or ""
        record = self.saves.get(option.removeprefix(RESUME)) if option.startswith(RESUME) else None
        if record is None:
            return

        def decided(yes: bool | None) -> None:
            if yes:
                warning = SaveStore().discard(record)
                if warning:
                    self.notify(warning, severity="warning", markup=False)
                self.refresh_games()

        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415 - not for the first frame

        choices = [Choice("y", "yes, delete it", True), Choice("n", "no, keep it", False)]
        question = f"Delete the saved {shown(get_game(record.game).title)} game ({shown(record.title)})?"
        self.app.push_screen(ChoiceScreen(question, choices, cancel=True), decided)


def game_commands() -> type[Provider]:
    """The palette's commands of the suite (``palette.GameCommands``), imported as the
    palette first opens: Textual takes a function in ``COMMANDS`` for that."""
    from boardgames.palette import GameCommands  # noqa: PLC0415 - not for the first frame

    return GameCommands


class BoardgamesApp(ReadableColours, textual_compat.CrashHookedApp):
    """The suite.  ``start`` opens a screen directly (``boardgames vowl ...``).

    ``clock`` and ``seed`` are injected so tests can drive timers by hand and get
    the same shuffles every run.
    """

    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses may live elsewhere
    TITLE = "boardgames"
    COMMANDS = App.COMMANDS | {game_commands}
    BINDINGS = [
        Binding("f1", "rules", "Rules", priority=True),
    ]

    def __init__(
        self,
        start: Callable[[], Screen] | None = None,
        *,
        clock: Clock = monotonic,
        seed: int | None = None,
        theme: str | None = None,
    ) -> None:
        super().__init__()
        self._start = start
        self.clock = clock
        self.seed = seed
        self._rng = random.Random(seed)
        self._theme_for_this_run = theme
        self.settings = Settings()
        self._settings_ready = False

    def _apply_settings(self) -> None:
        """The saved theme, or ``--theme`` for this run only (it is not saved: the
        theme a player picks in the palette is)."""
        loaded = load_settings()
        self.settings = loaded.settings
        if loaded.warning:
            self.notify(loaded.warning, severity="warning", timeout=10, markup=False)
        wanted = self._theme_for_this_run or self.settings.theme
        if wanted is not None:
            if wanted in self.available_themes:
                self.theme = wanted
            elif self._theme_for_this_run is None:
                self.notify(unknown_theme(wanted), severity="warning", timeout=10, markup=False)
        self._settings_ready = True

    def _readable_ansi(self) -> None:
        """Rich's named colours (``red``, ``green`` in a widget's text) drawn in the
        theme's own readable ones, not a fixed terminal palette."""
        theme = terminal_theme(self.get_css_variables(), self.current_theme.dark)
        if theme is None:
            return
        if self.current_theme.dark:
            self.ansi_theme_dark = theme
        else:
            self.ansi_theme_light = theme

    def _redraw_text(self) -> None:
        """Every text drawn again from what it was given: its colours (Rich's named ones,
        ``[$text-success]`` in markup) are fixed as a text is first drawn, so a theme
        picked mid-game showed the old theme's colours until the next change."""
        for screen in self.screen_stack:
            for widget in screen.query(Static):
                widget.update(widget.content, layout=False)

    def watch_theme(self, theme: str) -> None:
        """A theme chosen while the suite runs (the palette's "Theme") is kept for next time."""
        self._readable_ansi()
        self._redraw_text()
        if not self._settings_ready or theme == self.settings.theme:
            return
        self.settings = self.settings.with_theme(theme)
        warning = save_settings(self.settings)
        if warning:
            self.notify(warning, severity="warning", markup=False)

    def on_mount(self) -> None:
        """The menu, or the screen the command line asked for - alone: the menu under
        a game started from the command line is built only if the players go back to
        it (``back_to_menu``), not before the game's first frame."""
        self._apply_settings()
        self._readable_ansi()
        if not self.is_headless:
            self.catch_signals()
        # After Textual's start-up batch: a screen pushed inside it was laid out and drawn
        # whole, and the frame dropped (nothing is sent inside a batch).
        self.call_later(self._push_first_screen)

    def _push_first_screen(self) -> None:
        self.push_screen(MainMenu() if self._start is None else self._start())

    # ------------------------------------------------------------------ signals

    #: The exit status a signal asked for (``run`` returns it): 128 + the signal's number.
    signalled: int | None = None

    def catch_signals(self) -> None:
        """SIGTERM, SIGHUP and SIGINT end the suite the way "Quit" does, with the status a
        shell expects (143, 129, 130): the game's save on disk, and Textual's driver left
        to restore the terminal (normal screen, mouse off, cursor shown).  Python's
        default ended the process in the middle of the screen, or (SIGINT) raised inside
        Textual, and the shell was left in the alternate screen with the mouse tracked."""
        loop = asyncio.get_running_loop()
        for signum in SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not on this platform
                loop.add_signal_handler(signum, self.leave_on_signal, signum)

    def leave_on_signal(self, signum: int) -> None:
        """One of ``SIGNALS`` arrived: save what is pending, then exit (the first signal counts).

        A terminal that hung up (its window closed: SIGHUP) takes no more writes, and
        Textual's writer thread died on the first one while the app waited to queue
        the next, for ever: with the saves on disk there is nothing left to do, so the
        process ends at once.  ``LAST_RESORT`` seconds bound any other way out that hangs.
        """
        # A headless app (a test's) has no terminal and must not end the process it runs in.
        real = not self.is_headless
        if self.signalled is None:
            self.signalled = 128 + signum
            if real:  # daemon: it ends with the process; it only acts if the clean way out never ends
                threading.Thread(
                    target=_end_after, args=(LAST_RESORT, self.signalled), daemon=True, name="signal-last-resort"
                ).start()
        self.flush_saves()
        if real and not _terminal_alive():
            os._exit(self.signalled)
        self.exit(return_code=self.signalled)

    def flush_saves(self) -> None:
        """Every open game's autosave on disk: each action is written as it is played;
        only the ``fsync`` may still be running in the background."""
        for screen in self.screen_stack:
            autosave = getattr(getattr(screen, "session", None), "autosave", None)
            flush = getattr(autosave, "flush", None)
            if callable(flush):
                flush()

    def run(self, **options: Any) -> int | None:
        """Textual's ``run``, refused with one line (exit 2) when there is no terminal
        to draw on or read keys from (``terminal_problem``): without one the app wrote
        its escape codes into a file, or waited for keys that never come."""
        if not options.get("headless") and "TEXTUAL_DRIVER" not in os.environ:  # textual-serve relays by pipes
            problem = terminal_problem()
            if problem is not None:
                raise UserFacingError(f"needs a terminal: {problem}. {NO_TERMINAL_HINT}", exit_code=2)
        return super().run(**options)

    def new_seed(self) -> int:
        """A seed for each new game (saves record it so a game can be replayed).

        With ``--seed`` the whole sequence of games is reproducible, yet "new game"
        deals a different game each time.
        """
        return self._rng.getrandbits(64)

    async def on_event(self, event: events.Event) -> None:
        """Every key and click first asks the top screen whether it takes it now
        (``common.ui.base.input_allowed``), before any binding - priority ones like
        F1 included - or the focused widget sees it: a handover or question that has
        just appeared, or a game behind its "too small" message, swallows it."""
        gated = isinstance(event, (events.InputEvent, events.Paste)) and not event.is_forwarded
        if gated:
            # Imported with the first key or click: the menu's first frame takes none.
            from boardgames.common.ui.base import input_allowed  # noqa: PLC0415

            if not input_allowed(self, event):
                return
        await super().on_event(event)

    # ------------------------------------------------------------------ crashes

    crash: Crash | None = None
    crash_report: Path | None = None

    def on_unhandled_error(self, error: Exception) -> None:
        """Any error a handler, worker or timer lets through: Textual stops the app
        (it always has); we keep a crash report first, naming the open game's save.

        Only the first error is reported: what follows it is usually its consequence.
        """
        if self.crash is None:
            from boardgames.common.crash import Crash, write_report  # noqa: PLC0415 - only after a crash

            self.crash = Crash(error, save=self._open_save())
            self.crash_report = write_report(self.crash)

    def _open_save(self) -> str | None:
        """The save file of the game being played, if any (for the crash report)."""
        for screen in reversed(self.screen_stack):
            session = getattr(screen, "session", None)
            autosave = getattr(session, "autosave", None)
            if autosave is not None:
                return str(autosave.record.filename)
        return None

    def action_command_palette(self) -> None:
        """Ctrl+P opens the palette, once: Textual's own check looks only at the top
        screen, so Ctrl+P, F1 (rules over the palette), Ctrl+P pushed a second palette
        with the same id and crashed (``DuplicateIds``, Textual 8.2.8)."""
        if self.use_command_palette and not self.palette_open:
            from boardgames.palette import SafeCommandPalette  # noqa: PLC0415 - not for the first frame

            self.push_screen(SafeCommandPalette(id="--command-palette"))

    @property
    def palette_open(self) -> bool:
        """Whether a command palette is anywhere on the screen stack."""
        return any(isinstance(screen, CommandPalette) for screen in self.screen_stack)

    def push_screen(
        self,
        screen: Screen[Any] | str,
        callback: Callable[[Any], Any] | None = None,
        wait_for_dismiss: bool = False,
        *,
        mode: str | None = None,
    ) -> Any:
        """Textual's ``push_screen``, through the question gate: a question asked while
        another is open is not opened (``common.ui.base.may_open``), its callback never
        called - whichever game or shared screen asked it."""
        if getattr(screen, "QUESTION", False):  # only a question imports the gate: not the menu's first frame
            from boardgames.common.ui.base import may_open  # noqa: PLC0415

            if not may_open(self, screen):
                return AwaitComplete.nothing()
        return super().push_screen(screen, callback, wait_for_dismiss, mode=mode)  # type: ignore[call-overload]

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's palette commands, without Screenshot: it wrote the whole terminal to
        the player's Downloads folder, a seat's private hand included, for anyone to open
        later (and no hot-seat game can tell when the screen holds nobody's secret)."""
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":
                yield command

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """No screenshots (see ``get_system_commands``): the action Textual still offers to
        keys and links does nothing but say so."""
        self.notify("Screenshots are off: the screen can hold a player's secret cards.", markup=False)

    def make_rng(self) -> random.Random:
        """A fresh ``random.Random`` for a new game, from ``new_seed()``."""
        return random.Random(self.new_seed())

    def resume_game(self, record: SaveRecord) -> None:
        """Open a saved game; one that cannot be replayed is set aside and said so, once.

        The menu is refreshed after, so the other saves stay listed and the bad one is
        gone from it (``GameSession.resume`` is where every replay failure is caught).
        A long save (``REPLAY_IN_BACKGROUND``) is replayed off the UI thread behind a
        screen that says how far it got (``_resume_in_background``).
        """
        self.back_to_menu()
        if _save_size(record) >= REPLAY_IN_BACKGROUND:
            self._resume_in_background(record)
            return
        try:
            screen = get_game(record.game).entry.resume_screen(record, self)
        except UserFacingError as exc:
            self._not_resumed(record, exc)
            return
        self.push_screen(screen)

    def _not_resumed(self, record: SaveRecord, exc: UserFacingError) -> None:
        """Say why *record* was not resumed (a save that cannot be replayed is set aside), then
        list the saves again: a menu built just now lists them as it mounts, and a save set
        aside or filed as finished leaves the list."""
        from boardgames.common.session import SaveNotResumable  # noqa: PLC0415 - not for the first frame

        if isinstance(exc, SaveNotResumable):
            self.notify(f"{exc.message} {SaveStore().set_aside(record)}", severity="error", timeout=10, markup=False)
        else:
            self.notify(exc.message, severity="error", timeout=10, markup=False)
        if isinstance(self.screen, MainMenu) and self.screen.is_mounted:
            self.screen.refresh_games()

    def _resume_in_background(self, record: SaveRecord) -> None:
        """Replay a long save in a thread behind a ``ReplayingScreen``, then open it.

        The game's readiness (decks, dictionary) is checked here first, as ``resume_screen``
        does; the engine's replay is pure and runs in the thread; the game's screen is built
        back on the UI thread.  If the players went elsewhere meanwhile (the palette), the
        replayed game is let go rather than opened over what they chose.
        """
        from boardgames.common.session import GameSession  # noqa: PLC0415 - not for the first frame
        from boardgames.common.ui.replaying import ReplayingScreen  # noqa: PLC0415

        game = get_game(record.game)
        entry = game.entry
        try:
            entry.validate_decks()
            entry.check_ready()
        except UserFacingError as exc:
            self._not_resumed(record, exc)
            return
        shown_on = ReplayingScreen(game.title)
        self.push_screen(shown_on)

        def progress(done: int, total: int) -> None:
            self.call_from_thread(shown_on.show_progress, done, total)

        def replay() -> None:
            try:
                session = GameSession.resume(entry.spec, record, progress=progress)
            except UserFacingError as exc:
                self.call_from_thread(replayed, None, exc)
            else:
                self.call_from_thread(replayed, session, None)

        def replayed(session: GameSession[Any, Any] | None, error: UserFacingError | None) -> None:
            if self.screen is not shown_on:
                if session is not None:
                    session.close()
                return
            self.pop_screen()
            if error is not None:
                self._not_resumed(record, error)
            elif session is not None:
                self.push_screen(entry.session_screen(session, self))

        self.run_worker(replay, thread=True, group="replay", exit_on_error=True)

    def open_game(self, key: str) -> None:
        """Open *key*'s first screen, unless the game is not ready: a deck file is broken
        (``GameEntry.validate_decks``) or a word game has no dictionary
        (``GameEntry.check_ready``); then say which file or what to install, and stay
        where we are."""
        game = get_game(key)
        entry = game.entry
        try:
            entry.validate_decks()  # a broken deck file (``DeckError``) is named here, once per try
            entry.check_ready()
        except UserFacingError as exc:
            self.notify(exc.message, title=f"{game.title} cannot open", severity="error", timeout=30, markup=False)
            return
        self.back_to_menu()
        self.push_screen(entry.new_game_screen())

    #: Why the app left by itself (``cannot_check_words``): ``run`` prints it and exits with its status.
    failure: UserFacingError | None = None

    def cannot_check_words(self, error: UserFacingError) -> None:
        """The dictionary failed to open after a word game's first frame (a damaged word
        list: the quick check before the app passed).  Every answer would be judged
        wrongly, so the suite leaves, and the command ends as it would have before any
        screen: the paragraph on the terminal, exit status 3 (``run``)."""
        self.failure = error
        self.exit(return_code=error.exit_code)

    def leave_game_then(self, then: Callable[[], None]) -> None:
        """Call *then*, after the leave question of the game in progress, if one is open.

        The palette's way out of a game (main menu, another game, a saved game) is the
        same as Escape's: one question, the same words, and "no" keeps playing.
        """
        from boardgames.common.ui.session_screen import SessionScreen  # noqa: PLC0415 - not for the first frame

        for screen in reversed(self.screen_stack):
            if isinstance(screen, SessionScreen) and screen.in_progress():
                screen.ask_to_leave(then)
                return
        then()

    def back_to_menu(self) -> None:
        """Close every screen above the main menu (building the menu when the suite was
        opened on a game from the command line and has none yet)."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MainMenu):
            # its game is let go now, not when the screen is unmounted later: the menu (or the
            # palette) may open the very same save next, and it must not find it held here
            release = getattr(self.screen, "release_game", None)
            if release is not None:
                release()
            self.pop_screen()
        if not isinstance(self.screen, MainMenu):
            self.push_screen(MainMenu())

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

    def show_history(self, tab: str = "games") -> None:
        """The History screen (finished games, UWO per level, VNTYPL8S's plates), over whatever is shown."""
        from boardgames.common.ui.history_screen import HistoryScreen  # noqa: PLC0415 - not for the first frame

        if not isinstance(self.screen, HistoryScreen):
            self.push_screen(HistoryScreen(tab=tab))

    def show_rules(self, game: str) -> None:
        from boardgames.common.ui.rules import RulesScreen  # noqa: PLC0415 - Markdown is slow to import

        if isinstance(self.screen, RulesScreen):
            return
        self.push_screen(RulesScreen(game))

    def action_rules(self) -> None:
        from boardgames.common.ui.rules import RulesScreen  # noqa: PLC0415

        if isinstance(self.screen, CommandPalette):
            # F1 in the palette: the player wants the rules, not both at once.
            self.screen.dismiss(None)
        if isinstance(self.screen, RulesScreen):
            self.screen.dismiss(None)
            return
        game = self.current_game()
        if game is not None:
            self.show_rules(game)
        else:
            self.notify("Highlight a game to read its rules.")


def run(app: BoardgamesApp, **options: Any) -> int:
    """Run *app*; its exit status: 0, or ``EXIT_CRASH`` after saying where the report is.

    Textual ends the app on any unhandled error but returns normally from ``run``;
    without this the command would exit 0 after a crash, as if nothing happened.

    What was imported and built so far (Textual, Rich, the game's modules) lives as
    long as the process: frozen here, the cyclic collector never walks it again.  Its
    first full pass otherwise came before a game's first frame, a tenth of the time
    from ``App.run`` to that frame; nothing is kept alive that would not be.
    From here on the collector's full passes run at handovers (``common.collector``).
    """
    collector.start()
    app.run(**options)
    if app.signalled is not None and app.crash is None:
        return app.signalled
    if app.failure is not None:
        print(f"boardgames: {app.failure.message}", file=sys.stderr)
        return app.failure.exit_code
    if app.crash is None:
        return 0
    from boardgames.common.crash import EXIT_CRASH  # noqa: PLC0415 - not imported before the first frame

    print(app.crash.summary(app.crash_report), file=sys.stderr)
    return EXIT_CRASH
