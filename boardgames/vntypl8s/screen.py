"""VNTYPL8S on one terminal: setup, hot-seat writing, the buzzer race, scores.

The screen is a thin driver of a ``GameSession`` over ``boardgames.vntypl8s.engine.Game``
(``common.ui.session_screen.SessionScreen``): it shows what ``game.view(viewer)``
allows (``None`` whenever the whole table is looking), turns keys into engine
actions, and shows the events the engine returns in their own words (``str(event)``).
Those words, the players' names, plates and whatever is typed are data: drawn as
``Text``/``Content`` through ``common.text.plain``, or through ``shown`` where they
sit in markup (a question, a handover) - never parsed as markup themselves.

Writing is hot-seat (P13, P19): before each writer a ``HandoverScreen`` covers the
terminal; only after Space (never Enter, which hands a plate in) does the writer's
0WN3R and R3QRMNTS card appear, and both
are wiped from the widgets before the next handover is pushed.  Guessing is public:
the plate is drawn large, each player has a buzzer key shown by their name, and the
buzzing player picks a card of the grid in ``GuessScreen``.

The optional writing timer (P17) is the shared ``SandTimer`` reading the app's
injected clock; when it runs out the screen sends the engine ``WritingTimeUp``.

Every engine action goes through ``SessionScreen.act``: the session applies it,
autosaves it (``common.session``) and moves a finished game to the history; a
refusal is told, never raised.  A resumed game (P20) starts behind a handover:
the next writer's, or a public one before the guessing table.

The screen reaches the app only through ``common.ui.host.host(self)`` (its clock,
its seeds, the main menu) and imports ``spec``, never ``entry``: no import circle.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import partial

from rich.console import Group
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import (
    Button,
    ContentSwitcher,
    Header,
    Input,
    Label,
    OptionList,
    SelectionList,
    Static,
)
from textual.widgets.option_list import Option

from boardgames.common.game import refusal_text
from boardgames.common.names import MAX_LENGTH as MAX_NAME
from boardgames.common.names import BadNames
from boardgames.common.saves import Autosaver
from boardgames.common.session import GameSession
from boardgames.common.text import plain, sentence, shown
from boardgames.common.ui.base import ARM, GameScreen, OnceModalScreen, QuietGate, clock_of
from boardgames.common.ui.choice import Choice, ChoiceScreen
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.handover import HandoverScreen
from boardgames.common.ui.host import Host, host
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.common.ui.session_screen import SessionScreen
from boardgames.common.ui.text_input import TextInput
from boardgames.common.ui.titlebar import TitleBar
from boardgames.common.ui.words import open_dictionary_after_first_frame
from boardgames.vntypl8s import handovers
from boardgames.vntypl8s.engine import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    BackOut,
    Buzz,
    BuzzLapsed,
    Game,
    GameEnded,
    Guess,
    GuessedRight,
    GuessedWrong,
    GuessTimeUp,
    Lapse,
    NobodyKnows,
    OwnerRevealed,
    Phase,
    PlateForfeited,
    PlateSubmitted,
    RequirementsRevealed,
    RoundEnded,
    SubmitPlate,
    WritingTimeUp,
)
from boardgames.vntypl8s.favourites import Favourite, add_favourites, load_favourites
from boardgames.vntypl8s.limits import BUZZ_SECONDS, MAX_JUDGED
from boardgames.vntypl8s.spec import SPEC, Vntypl8sSession, Vntypl8sSetup, players_from
from boardgames.vntypl8s.widgets import (
    BuzzerBar,
    CardView,
    OwnerGrid,
    PlateInput,
    PlateView,
    characters_left,
    grid_key,
    plate_detail,
    plate_lines,
    plate_option,
    plates_table,
    requirement_ticks,
    score_table,
    status_text,
    tiebreak_text,
)

GAME = "vntypl8s"
#: Below this the layout is hidden behind "enlarge the terminal" (``GameScreen``).
MIN_SIZE = (80, 24)

#: The Footer's one entry for the buzzer keys 1-8.
BUZZERS = Binding.Group("Buzz")

#: The answers of every yes/no question on these screens (Esc is "no" too).
YES_NO = (Choice("y", "yes", True), Choice("n", "no", False))


# --- small modal screens ---------------------------------------------------------------


class GuessFilter(TextInput):
    """The guess dialog's filter: it never takes a digit, which is a buzzer (P30).

    Textual leaves a focused ``Input`` every printable key, hiding the screen's bindings
    for them; no title of the deck holds a digit, so the dialog's buzzer bindings keep
    theirs and a late buzz can be answered rather than typed into the filter.
    """

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return super().check_consume_key(key, character) and not (character or "").isdigit()


class GuessScreen(OnceModalScreen["str | Lapse | None"]):
    """The player holding the buzz picks a card: by its key, or by typing part of its title.

    The list narrows as they type; a key typed alone (``c``) puts that card first and
    highlights it.  Nothing is highlighted before the guesser types or moves (P30), so
    an Enter pressed right after the buzz guesses nothing.  Enter guesses the highlighted
    card; Escape lets the buzz go and, like the sand timer running out, uses up the
    guesser's chance on this plate (P29).  Answers are an owner's title or a ``Lapse``.

    The other players' buzzer keys never type into the filter: a digit is a buzz, and
    a buzz while this player holds it is refused in the dialog, naming the holder (P30).
    """

    GAME = GAME
    BINDINGS = [
        Binding("escape", "cancel", "Back out (uses your guess)"),
        Binding("down", "move(1)", "Next", show=False),
        Binding("up", "move(-1)", "Previous", show=False),
        # Digits are buzzers (docs/keys.md), here as on the table below: never typed.
        *[Binding(str(i + 1), f"buzz({i})", f"Buzz {i + 1}", show=False, priority=True) for i in range(MAX_PLAYERS)],
        Binding("0", "nobody", "Nobody knows", show=False, priority=True),
        Binding("9", "nothing", show=False, priority=True),
    ]

    #: The fewest rows the dialog takes, whatever it must leave in sight above it.
    MIN_ROWS = 9
    HELP = "Enter: guess   ↑↓: move   Esc: back out (uses your guess)"
    CHOOSE_FIRST = "Choose a card first: type its key or part of its title (↑↓ move)."

    def __init__(
        self,
        player: str,
        cards: Sequence[tuple[str, str]],
        *,
        holder: int = 0,
        names: Sequence[str] = (),
        why_not: Callable[[object], str | None] = lambda action: None,
        seconds: float = BUZZ_SECONDS,
        below: int = 0,
    ) -> None:
        """*player* (seat *holder*) holds the buzz; *names* are every seat's, for the
        buzzers pressed meanwhile, which *why_not* (the engine's ``why_illegal``) refuses
        in words.  *below*: the first screen row the dialog may use - the plate being
        guessed and the buzzers above it stay in sight while the guesser chooses."""
        super().__init__()
        self.player = player
        self.cards = list(cards)
        self.holder = holder
        self.names = tuple(names)
        self.why_not = why_not
        self.seconds = seconds
        self.below = below
        #: the last buzz refused while this dialog is up (shown even before it mounts)
        self.note: str = ""
        self._paused_by_cover = False

    def compose(self) -> ComposeResult:
        with Vertical(id="guess-box"):
            with Horizontal(id="guess-head"):
                yield Static(Content(sentence(f"{plain(self.player)}, which 0WN3R is it?")), id="guess-title")
                yield SandTimer(self.seconds, clock_of(self.app), id="guess-timer")
            note = Static(Text(plain(self.note, None), style="bold"), id="guess-note")
            note.display = bool(self.note)  # a buzz refused before the dialog was drawn
            yield note
            yield GuessFilter(placeholder="a card's key, or part of its title", id="guess-filter", compact=True)
            yield OptionList(id="guess-options")
            yield Static(self.HELP, id="guess-help")
        yield Footer()

    def on_mount(self) -> None:
        self._place(self.app.size.height)
        self._refilter("")
        self.query_one("#guess-filter", Input).focus()
        self.query_one("#guess-timer", SandTimer).start()

    def on_resize(self, event: events.Resize) -> None:
        self._place(event.size.height)

    def _place(self, height: int) -> None:
        """Below the plate, down to the Footer; higher only if the terminal is too short."""
        top = max(0, min(self.below, height - 1 - self.MIN_ROWS))
        self.query_one("#guess-box").styles.margin = (top, 0, 0, 0)

    # -- the countdown (P29): it waits while something covers the dialog, as the writer's does (P28)

    def on_screen_suspend(self) -> None:
        timer = self.query_one("#guess-timer", SandTimer)
        if timer.running:
            timer.pause()
            self._paused_by_cover = True

    def on_screen_resume(self) -> None:
        if self._paused_by_cover:
            self._paused_by_cover = False
            self.query_one("#guess-timer", SandTimer).resume()

    def on_sand_timer_expired(self, event: SandTimer.Expired) -> None:
        event.stop()
        self.dismiss(Lapse.TIME_UP)

    # -- keys ------------------------------------------------------------------------

    def guards_key(self, event: events.Key) -> bool:
        """Typing part of a title goes straight in (it chooses nothing by itself); the keys
        that answer (Enter, Esc), move the highlight or repeat this player's own buzzer wait
        for a moment of quiet.  Another player's buzzer never waits: it is answered at once."""
        character = event.character or ""
        if character.isdigit():
            return character == str(self.holder + 1)
        return not (event.is_printable and character)

    def action_buzz(self, seat: int) -> None:
        """Another player buzzed while this one holds the buzz: refused, and said so here."""
        if seat == self.holder or seat >= len(self.names):
            return
        self._refused(self.why_not(Buzz(seat)))

    def action_nobody(self) -> None:
        self._refused(self.why_not(NobodyKnows()))

    def action_nothing(self) -> None:
        """A digit that is nobody's buzzer: it types nothing either."""

    def _refused(self, reason: str | None) -> None:
        if reason is not None:
            self.tell(refusal_text(reason))

    def tell(self, sentence_: str) -> None:
        """Say *sentence_* (a refused buzz, in the engine's words) where the table is looking."""
        self.note = sentence_
        self._show_note()
        self.app.bell()

    def _show_note(self) -> None:
        notes = self.query("#guess-note").results(Static)
        for note in notes:  # none yet before the dialog is composed: ``compose`` shows it then
            note.display = bool(self.note)
            # The reason names players: plain text, never markup.
            note.update(Text(plain(self.note, None), style="bold"))

    # -- choosing ------------------------------------------------------------------------

    def matches(self, text: str) -> list[tuple[str, str]]:
        """Cards for *text*: the card with that key first, then titles containing it."""
        t = text.strip().lower()
        if not t:
            return list(self.cards)
        by_key = [c for c in self.cards if c[0] == t]
        by_title = [c for c in self.cards if t in c[1].lower() and c not in by_key]
        return by_key + by_title

    def _refilter(self, text: str) -> None:
        options = self.query_one("#guess-options", OptionList)
        options.clear_options()
        found = self.matches(text)
        options.add_options(
            [Option(Text.assemble((key, "bold reverse"), "  ", plain(title)), id=title) for key, title in found]
        )
        # P30: what was typed chooses its best match; nothing typed chooses nothing.
        options.highlighted = 0 if found and text.strip() else None
        help_line = self.query_one("#guess-help", Static)
        if found:
            help_line.update(self.HELP)
        else:
            # What was typed is data ("[/" included): plain text, never markup.
            help_line.update(Content(f"No card of the grid matches {plain(text.strip())!r}. Backspace and try again."))

    @on(Input.Changed, "#guess-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self._refilter(event.value)

    @on(Input.Submitted, "#guess-filter")
    def _filter_submitted(self) -> None:
        options = self.query_one("#guess-options", OptionList)
        if options.highlighted is None or options.option_count == 0:
            self.query_one("#guess-help", Static).update(self.CHOOSE_FIRST)
            self.app.bell()
            return
        self.dismiss(options.get_option_at_index(options.highlighted).id)

    @on(OptionList.OptionSelected, "#guess-options")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_move(self, step: int) -> None:
        options = self.query_one("#guess-options", OptionList)
        if not options.option_count:
            return
        if options.highlighted is None:
            options.highlighted = 0 if step > 0 else options.option_count - 1
        else:
            options.highlighted = (options.highlighted + step) % options.option_count

    def action_cancel(self) -> None:
        self.dismiss(Lapse.BACKED_OUT)


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


# --- setup ------------------------------------------------------------------------------


class Vntypl8sSetupScreen(GameScreen):
    """3-8 names in clockwise seat order, and an optional writing timer."""

    GAME = GAME
    MIN_SIZE = MIN_SIZE
    CSS_PATH = "vntypl8s.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start game", priority=True),
        Binding("ctrl+o", "favourites", "Favourite plates", priority=True),
        Binding("escape", "app.back_to_menu", "Main menu"),
    ]

    def __init__(self, timer: int | None = None) -> None:
        super().__init__()
        self.timer = timer

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="setup"):
            yield Static("VNTYPL8S", id="setup-title")
            yield Static(
                f"Names in clockwise order around the table (3 to 8 players, at most {MAX_NAME} characters each). "
                "Round 1 starts with the first name.",
                id="setup-help",
            )
            with Grid(id="names"):
                for i in range(MAX_PLAYERS):
                    required = " (required)" if i < MIN_PLAYERS else ""
                    # Room past the cap, so a long name gets its message rather than lost keys.
                    yield TextInput(placeholder=f"Player {i + 1}{required}", id=f"name-{i}", max_length=2 * MAX_NAME)
            yield Label("Writing timer in seconds (blank: no timer)")
            yield Input(
                value=str(self.timer) if self.timer else "",
                placeholder="e.g. 90",
                id="timer",
                type="integer",
            )
            yield Static(id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start game", id="start", variant="primary")
                yield Button("Favourite plates", id="favourites")
        yield Footer()

    #: Below this height the form's boxes are one row each, so all of it fits 80x24.
    ROOMY = 32

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()
        open_dictionary_after_first_frame(self)  # the plates will be judged as they are typed

    def on_resize(self, event: events.Resize) -> None:
        short = event.size.height < self.ROOMY
        self.set_class(short, "-short")
        for box in self.query(Input):
            box.compact = short

    def names(self) -> list[str]:
        """The name fields as typed (``players_from`` tidies and checks them)."""
        return [self.query_one(f"#name-{i}", Input).value for i in range(MAX_PLAYERS)]

    def _validated(self) -> tuple[tuple[str, ...], int | None] | str:
        names = [n for n in self.names() if n.strip()]  # a blank field is an unused seat
        try:
            players = players_from(names)
        except BadNames as exc:
            return "\n".join(exc.problems)
        raw = self.query_one("#timer", Input).value.strip()
        timer = None
        if raw:
            try:
                timer = int(raw)
            except ValueError:
                return f"The timer {raw!r} is not a whole number of seconds."
            if not 10 <= timer <= 3600:
                return "The writing timer must be between 10 and 3600 seconds (or blank for none)."
        return players, timer

    def action_start(self) -> None:
        result = self._validated()
        error = self.query_one("#setup-error", Static)
        if isinstance(result, str):
            error.update(Content(result))  # quotes what was typed: plain text, never markup
            self.app.bell()
            return
        error.update("")
        players, timer = result
        self.app.switch_screen(start_game(Vntypl8sSetup(players, timer), host(self)))

    def action_favourites(self) -> None:
        self.app.push_screen(FavouritesScreen())

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        filled = sum(1 for n in self.names() if n.strip())
        if event.input.id == "timer" or (filled >= MIN_PLAYERS and not event.value.strip()):
            self.action_start()
        else:
            self.focus_next(Input)

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#favourites")
    def _favourites_pressed(self) -> None:
        self.action_favourites()


# --- the game ----------------------------------------------------------------------------


class Stage(enum.Enum):
    """What the screen is showing; decides which keys mean something (``check_action``)."""

    HANDOVER = "handover"
    WRITING = "writing"
    PLATE = "plate"
    REVEAL = "reveal"
    ROUND_END = "round end"
    FINAL = "final"


def start_game(setup: Vntypl8sSetup, app: Host) -> Vntypl8sScreen:
    """A new game for *setup*, dealt from the app's next seed and autosaved from its first action."""
    return Vntypl8sScreen(GameSession.start(SPEC, setup, app.new_seed()))


class Vntypl8sScreen(SessionScreen[Game]):
    """One whole game of VNTYPL8S, from the first handover to the favourites."""

    GAME = GAME
    MIN_SIZE = MIN_SIZE
    CSS_PATH = "vntypl8s.tcss"
    SUB_TITLE = "VNTYPL8S"
    BINDINGS = [
        # The Footer shows the buzzers as one group: bright who may buzz, dim who is out,
        # the writer's and the empty seats' not at all (``check_action``).
        # Priority: a buzz is handled as it arrives, so a second buzz in the same instant
        # already finds the first buzzer's dialog on top, which answers it (P30); a
        # focused text box (the plate editor) still takes its digits.
        *[Binding(str(i + 1), f"buzz({i})", f"Buzz {i + 1}", group=BUZZERS, priority=True) for i in range(MAX_PLAYERS)],
        # docs/keys.md: digits choose what is labelled with them (1-8 the buzzers), so
        # "nobody" is the digit no player has; "f" (favourites) never means "save" elsewhere.
        Binding("0", "nobody", "Nobody knows: reveal"),
        Binding("enter", "continue", "Continue"),
        Binding("f", "save_favourites", "Save marked favourites"),
        Binding("n", "new_game", "New game"),
        Binding("escape", "leave", "Main menu"),
    ]

    def __init__(self, session: Vntypl8sSession) -> None:
        """A new game, or a replayed save (``session.last``: its last action's events)."""
        super().__init__()
        self.session = session
        self.setup: Vntypl8sSetup = session.setup
        self.players = self.game.players
        self.timer = self.setup.timer
        self.stage = Stage.HANDOVER
        self.writer: int | None = None
        self._pending: Sequence[object] = ()
        #: the writer's "hand it in anyway?" question, dismissed if their time runs out
        self._hand_in_question: ChoiceScreen[bool] | None = None
        #: the writer's sand timer, paused because another screen covers this one (P28)
        self._paused_by_cover: SandTimer | None = None
        #: Enter on a reveal or a round table waits for a moment of quiet since it appeared,
        #: so the Enter that led there (or a double press) cannot skip it unseen.
        self._continue_gate = QuietGate(ARM)

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(id="status")
        with ContentSwitcher(initial="between", id="stages"):
            with Vertical(id="between"):
                yield Static(id="between-text")
            # Writing: the writer's cards on the side, the board and its verdict beside them,
            # so every broken rule has the height of the screen (80x24 included).
            with Horizontal(id="writing"):
                with Vertical(id="writer-side"):
                    yield Static(id="writer-name")
                    yield CardView(id="owner-card")
                    yield CardView(id="req-card")
                    yield Static(id="req-ticks")
                    if self.timer:
                        yield SandTimer(self.timer, host(self).clock, id="timer")
                with VerticalScroll(id="writer-main", can_focus=False):
                    yield PlateView(slots=8, id="editor-plate")
                    # Enabled only while a writer writes, so it never holds the focus otherwise.
                    yield PlateInput(
                        placeholder="type your plate, Enter when done",
                        id="plate-input",
                        max_length=MAX_JUDGED,
                        disabled=True,
                    )
                    yield Static(id="rule-list")
            # Guessing: the buzzers beside the plate, so a guess dialog below leaves both in sight.
            with Vertical(id="guessing"):
                yield Static(id="plate-title")
                with Horizontal(id="plate-row"):
                    yield PlateView(id="guess-plate")
                    yield BuzzerBar(id="buzzers")
                yield Static(id="guess-message")
                yield OwnerGrid(id="grid")
            with Vertical(id="reveal"):
                yield PlateView(id="reveal-plate")
                yield Static(id="reveal-text")
            with VerticalScroll(id="round-end"):
                yield Static(id="round-table")
                yield Static(id="round-plates")
            # The final table: the scores, then every plate of the game in one list that
            # takes the rest of the screen and scrolls with its highlight.
            with Vertical(id="final"):
                yield Static(id="final-winner")
                yield Static(id="final-table")
                yield Static(
                    "Every plate: mark favourites with ↑↓ and Space, then press f to save them.",
                    id="final-help",
                )
                yield SelectionList[int](id="favourites")
                yield Static(id="favourite-detail")
        yield Footer()

    def on_mount(self) -> None:
        open_dictionary_after_first_frame(self)  # the first plate is judged as it is typed
        # A replayed save has the events of its last action; a new game has none.
        assert self.session is not None
        if self.session.last:
            self._resume(self.session.last)
        else:
            self._begin_writing()

    # -- the session ----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The rules engine (the session's); actions go through ``act``, which autosaves."""
        return self.engine

    @property
    def g(self) -> Game:
        return self.engine

    @property
    def autosave(self) -> Autosaver | None:
        assert self.session is not None
        return self.session.autosave

    def _resume(self, last: Sequence[object]) -> None:
        """P20: a replayed save starts behind a handover, then shows what the last action led to.

        Writing resumes with the next writer's own handover (the interrupted writer
        starts their plate again, with the whole writing time); anything else starts
        with a public handover, then the reveal, round table or plate the players
        were looking at.  Its words are ``handovers.resumed``'s: a game opened on a
        session showed them already, before this screen was built (``OpeningHandover``).
        """
        g = self.g
        self._pending = last
        opening = handovers.resumed(g, last, self.timer)
        if opening is None:
            self._show_final()
            return
        then: Callable[[], None]
        if opening.then is handovers.Then.WRITE:
            self._begin_writing(resumed=True)
            return
        if opening.then is handovers.Then.REVEAL:
            then = partial(self._show_reveal, last)
        elif opening.then is handovers.Then.ROUND_END:
            then = self._show_round_end
        elif opening.then is handovers.Then.BUZZ:
            assert opening.seat is not None
            then = partial(self._resume_buzz, opening.seat)
        else:
            then = partial(self._show_plate, lock_out_message(last))
        self._set_stage(Stage.HANDOVER, "between")
        self.query_one("#between-text", Static).update(f"Round {g.round} of {g.rounds}: the game resumes.")
        self.hand_over(HandoverScreen(opening.player, opening.detail, title=opening.title), lambda _: then())

    def _resume_buzz(self, holder: int) -> None:
        self._show_plate()
        self._open_guess(holder)

    def _set_stage(self, stage: Stage, panel: str) -> None:
        self.stage = stage
        self._continue_gate.restart(clock_of(self.app)())
        self.query_one("#stages", ContentSwitcher).current = panel
        self._update_status()
        self.refresh_bindings()

    def _update_status(self) -> None:
        """Round, phase and every score; the round is the one on screen, not the engine's next."""
        g = self.g
        phase = {Phase.WRITING: "writing", Phase.GUESSING: "guessing", Phase.GAME_OVER: "game over"}[g.phase]
        round_ = g.round
        if self.stage is Stage.ROUND_END:
            # The engine has already dealt the next round; the table is the last one's.
            ended = next(e for e in self._pending if isinstance(e, RoundEnded))
            round_, phase = ended.round, "round over"
        elif self.stage is Stage.REVEAL:
            # The last plate's reveal: the engine may be writing the next round already.
            round_, phase = g.view(None).history[-1].round, "guessing"
        scores = list(zip(self.players, g.scores(), strict=True))
        width = (self.size.width or self.app.size.width) - 2  # the bar's padding
        self.query_one("#status", Static).update(status_text(f"Round {round_} of {g.rounds} · {phase}", scores, width))

    #: Below this height the plate editor is one row (no box): the broken rules need the room.
    ROOMY = 32
    #: From this size on, the plate everyone guesses (and its reveal) is drawn at double size.
    BIG_PLATE = (110, 36)

    def on_resize(self, event: events.Resize) -> None:
        """A narrower terminal may need shorter names in the status bar (``status_text``);
        a short one a plate editor without its box; a large one a bigger plate to guess."""
        width, height = event.size
        self.query_one("#plate-input", Input).compact = height < self.ROOMY
        big = width >= self.BIG_PLATE[0] and height >= self.BIG_PLATE[1]
        for plate in self.query("#guess-plate, #reveal-plate").results(PlateView):
            plate.scale = 2 if big else 1
        if self.session is not None and self.is_mounted:
            self._update_status()

    # -- writing -----------------------------------------------------------------------

    def _begin_writing(self, *, resumed: bool = False) -> None:
        """Next writer, clockwise (P13): the public handover first.

        *resumed*: the game was interrupted, maybe mid-plate; the handover says the
        plate starts afresh with the whole writing time (P20).  Its words are
        ``handovers.writing``'s, as the opening handover's of a game that opened on one.
        """
        g = self.g
        remaining = handovers.writers_left(g)
        opening = handovers.writing(g, self.timer, resumed=resumed, left=remaining)
        writer = opening.seat
        assert writer is not None
        self.writer = None
        self._set_stage(Stage.HANDOVER, "between")
        done = len(g.writing_order) - len(remaining)
        where = (f"the game resumes ({done} of {len(g.writing_order)} plates written)" if resumed
                 else f"writing plates ({done} of {len(g.writing_order)} done)")
        self.query_one("#between-text", Static).update(
            Content(f"Round {g.round}: {where}.\nNext: {plain(self.players[writer])}.")
        )
        self.hand_over(HandoverScreen(opening.player, opening.detail), lambda _: self._show_writer(writer))

    def _show_writer(self, writer: int) -> None:
        g = self.g
        me = g.view(writer).players[writer]
        self.writer = writer
        self.query_one("#writer-name", Static).update(
            Content(f"✎ {plain(me.name)}")
        )
        self.query_one("#owner-card", CardView).show("0WN3R", me.owner)
        self.query_one("#req-card", CardView).show("R3QRMNTS", me.requirements)
        plate_input = self.query_one("#plate-input", Input)
        plate_input.value = ""
        plate_input.disabled = False
        self._validate("")
        self._set_stage(Stage.WRITING, "writing")
        plate_input.focus()
        if self.timer:
            self.query_one(SandTimer).start()

    # -- covered: the sand waits (P28) ---------------------------------------------------

    def on_screen_suspend(self) -> None:
        """Something covers the writer's editor (F1's rules, the palette, any question):
        they cannot type, so their sand stops until the editor is theirs again (P28).

        Only a timer that is running is paused, and only that one is resumed: the leave
        question pauses and resumes its own (``SessionScreen.action_leave``), and a
        handover only ever covers a writer whose timer has already stopped.
        """
        if not self.timer or self.stage is not Stage.WRITING:
            return
        timer = self.query_one(SandTimer)
        if timer.running:
            timer.pause()
            self._paused_by_cover = timer

    def on_screen_resume(self) -> None:
        """Uncovered: the sand runs on from where it stopped, if the same writer still writes;
        the Footer shows the keys as they are now (a guess dialog may have changed who may buzz)."""
        self.refresh_bindings()
        timer, self._paused_by_cover = self._paused_by_cover, None
        if timer is not None and self.stage is Stage.WRITING and self.writer is not None:
            timer.resume()

    def accepts_key(self, event: events.Key) -> bool:
        """Behind the too-small message nothing; on a reveal or a round table, Enter
        only after a moment of quiet (each early Enter restarts it)."""
        if not super().accepts_key(event):
            return False
        if event.key == "enter" and self.stage in (Stage.REVEAL, Stage.ROUND_END):
            return self._continue_gate.admit(clock_of(self.app)())
        return True

    def clear_for_handover(self) -> None:
        """The next writer must find no trace of the last one's cards or plate (P19)."""
        super().clear_for_handover()
        if self.writer is not None:
            self._clear_writer()

    def _clear_writer(self) -> None:
        """Wipe every trace of the writer's secret before anyone else looks (P19)."""
        if self.timer:
            self.query_one(SandTimer).stop()
        self.query_one("#owner-card", CardView).show("0WN3R", None)
        self.query_one("#req-card", CardView).show("R3QRMNTS", None)
        plate_input = self.query_one("#plate-input", Input)
        with plate_input.prevent(Input.Changed):
            plate_input.value = ""
        # Disabled, the editor can never get the focus back when a modal closes.
        plate_input.disabled = True
        self.query_one("#editor-plate", PlateView).plate = ""
        self.query_one("#editor-plate", PlateView).border_subtitle = ""
        for wid in ("#writer-name", "#req-ticks", "#rule-list"):
            self.query_one(wid, Static).update("")
        self.writer = None
        self.set_focus(None)

    def _validate(self, text: str) -> None:
        """Live validation: characters left, each broken rule, requirement ticks."""
        writer = self.writer
        if writer is None:
            return
        self.query_one("#editor-plate", PlateView).plate = text
        # On the board's lower edge: one row more for the broken rules at 80x24.
        self.query_one("#editor-plate", PlateView).border_subtitle = characters_left(text)
        check = self.g.requirements_check(writer, text)
        ticks = Text.assemble(("R3QRMNTS ", "bold"), requirement_ticks(check.card, check.used))
        if text and not check.met:
            ticks.append(f"   missing {', '.join(check.missing)}: this plate cannot score the card", style="yellow")
        self.query_one("#req-ticks", Static).update(ticks)
        rules = self.query_one("#rule-list", Static)
        if not text:
            rules.update(
                Text(
                    "Write a vanity plate for your 0WN3R without any word of its title: "
                    "capitals and digits, no vowels, at most 8.",
                    style="dim",
                )
            )
            return
        judgement = self.g.judge_plate(writer, text)
        if judgement.legal:
            rules.update(Text("✓ legal plate: Enter to hand it in", style="bold green"))
        else:
            rules.update(Text("\n".join(f"✗ {v.reason}" for v in judgement.violations), style="red"))

    @on(Input.Changed, "#plate-input")
    def _plate_changed(self, event: Input.Changed) -> None:
        self._validate(event.value)

    @on(Input.Submitted, "#plate-input")
    def _plate_submitted(self, event: Input.Submitted) -> None:
        self.submit_plate(event.value)

    def submit_plate(self, text: str) -> None:
        """Enter on the editor: refuse an illegal plate, warn about missing requirements."""
        writer = self.writer
        if writer is None or self.stage is not Stage.WRITING:
            return
        judgement = self.g.judge_plate(writer, text)
        if not judgement.legal:
            count = len(judgement.violations)
            self.notify(
                f"This plate breaks {count} rule{'s' if count > 1 else ''}; fix {'them' if count > 1 else 'it'} first.",
                severity="error",
                markup=False,
            )
            self.app.bell()
            return
        check = self.g.requirements_check(writer, text)
        if check.met:
            self._hand_in(writer, SubmitPlate(writer, text))
            return
        if self._hand_in_question is not None:
            return  # asked already: a double Enter asks once (and the app opens one question at a time)
        question = f"Hand in {shown(text)} anyway?"  # the question is markup; the plate is data
        detail = (
            f"{shown(text)} is missing {shown(', '.join(check.missing))} from your R3QRMNTS card {shown(check.card)}: "
            "it cannot score the card even if someone guesses it."
        )

        def answered(yes: bool | None) -> None:
            self._hand_in_question = None
            if yes and self.writer == writer and self.stage is Stage.WRITING:
                self._hand_in(writer, SubmitPlate(writer, text))
            elif self.writer == writer:
                self.query_one("#plate-input", Input).focus()

        self._hand_in_question = ChoiceScreen(question, YES_NO, detail=detail, cancel=True)
        self.app.push_screen(self._hand_in_question, answered)

    def _hand_in(self, writer: int, action: SubmitPlate | WritingTimeUp) -> None:
        events = self.act(action)
        if events is None:
            return
        for e in events:
            if isinstance(e, PlateForfeited):
                self.notify_everyone(sentence(plain(e, None)), severity="warning", markup=False)
            elif isinstance(e, PlateSubmitted) and e.timed_out:
                # the words tell no secret, only that time ran out
                self.notify_everyone(sentence(plain(e, None)), markup=False)
        self._clear_writer()
        self._after_writing(events)

    def on_sand_timer_expired(self, event: SandTimer.Expired) -> None:
        writer = self.writer
        if writer is None or self.stage is not Stage.WRITING:
            return
        if self._hand_in_question is not None and self.app.screen is self._hand_in_question:
            self._hand_in_question.dismiss(False)
        text = self.query_one("#plate-input", Input).value
        self._hand_in(writer, WritingTimeUp(writer, text))

    def _after_writing(self, events: Sequence[object]) -> None:
        g = self.g
        if any(isinstance(e, RoundEnded) for e in events):
            # Nobody had a plate: straight to the round's table.
            self._pending = events
            self._show_round_end()
        elif g.phase is Phase.WRITING:
            self._begin_writing()
        else:
            self._set_stage(Stage.HANDOVER, "between")
            self.query_one("#between-text", Static).update("All plates are written.")
            self.app.push_screen(
                HandoverScreen(
                    "Everyone",
                    "The 0WN3R grid and the first plate are next. Buzz with your number key.",
                    title="Everyone, gather round the screen — press Space to reveal the first plate",
                ),
                lambda _: self._show_plate(),
            )

    # -- guessing -----------------------------------------------------------------------

    def _show_plate(self, message: str | None = None) -> None:
        """The plate up for guessing; *message* replaces the hint (a resumed lock-out)."""
        v = self.g.view(None)
        assert v.active is not None and v.plate is not None
        played = sum(1 for r in v.history if r.round == v.round)
        total = len(v.turns)  # only plates that exist: a writer who timed out has none (P17)
        writer = self.players[v.active]
        self.query_one("#plate-title", Static).update(
            Content(f"Plate {played + 1} of {total}, written by {plain(writer)}: whose 0WN3R is it?")
        )
        self.query_one("#guess-plate", PlateView).plate = v.plate
        self.query_one("#guess-message", Static).update(
            Text(plain(message, None), style="bold red")
            if message
            else Text(sentence(f"{plain(writer)}: press 0 if nobody knows it."), style="dim")
        )
        self._refresh_guessing()
        self._set_stage(Stage.PLATE, "guessing")
        self.set_focus(None)

    def _refresh_guessing(self) -> None:
        v = self.g.view(None)
        self.query_one("#buzzers", BuzzerBar).show(v.players, v.active, v.locked_out, v.buzzer)
        self.query_one("#grid", OwnerGrid).show(v.grid_layout, v.grid, v.history, self.players, v.round)
        self.refresh_bindings()

    def action_buzz(self, player: int) -> None:
        """A buzzer key: the engine gives that player the buzz, or says why not (P29)."""
        if self.stage is not Stage.PLATE:
            return
        if self.act(Buzz(player)) is None:
            return  # refused in words (``refuse``): out already, the writer, or the buzz is held
        self._open_guess(player)

    def _open_guess(self, player: int) -> None:
        """The buzzer's dialog and countdown; its answer goes to the engine (P29, P30)."""
        v = self.g.view(None)
        cards = [(grid_key(i), o) for i, o in enumerate(v.grid_layout) if o in v.grid]
        self._refresh_guessing()

        def answered(result: str | Lapse | None) -> None:
            if self.stage is not Stage.PLATE or self.g.view(None).buzzer != player:
                return  # the game moved on meanwhile (the players left it)
            if isinstance(result, str):
                self.make_guess(player, result)
            elif result is not None:
                action = GuessTimeUp(player) if result is Lapse.TIME_UP else BackOut(player)
                self._after_guess(self.act(action))

        below = self.query_one("#plate-row").region.bottom
        dialog = GuessScreen(
            self.players[player], cards, holder=player, names=self.players,
            why_not=self.g.why_illegal, seconds=BUZZ_SECONDS, below=below,
        )
        self.app.push_screen(dialog, answered)

    def make_guess(self, player: int, owner: str) -> None:
        self._after_guess(self.act(Guess(player, owner)))

    def _after_guess(self, events: Sequence[object] | None) -> None:
        """A guess or a buzz let go: the reveal if the plate is over, else who is out now."""
        if events is None:
            self._refresh_guessing()
            return
        if any(isinstance(e, RequirementsRevealed) for e in events):
            self._show_reveal(events)
            return
        message = lock_out_message(events)
        if message is not None:
            self.query_one("#guess-message", Static).update(Text(plain(message, None), style="bold red"))
        self._refresh_guessing()

    def refuse(self, reason: str) -> None:
        """A refusal while a plate is up (a buzz by a player who is out, say) is also
        written on the plate's message line, where the table is looking."""
        super().refuse(reason)
        if isinstance(self.app.screen, GuessScreen):
            self.app.screen.tell(reason)  # the dialog covers the message line
        if self.stage is Stage.PLATE:
            self.query_one("#guess-message", Static).update(Text(plain(reason, None), style="bold yellow"))

    def on_key(self, event: events.Key) -> None:
        """A buzzer key whose binding is off (its player is out, or wrote the plate) is
        still a buzz: the engine says why it does not count, rather than silence (P30)."""
        character = event.character or ""
        if self.stage is not Stage.PLATE or not character.isdigit() or character == "0":
            return
        seat = int(character) - 1
        if seat < len(self.players) and self.check_action("buzz", (seat,)) is not True:
            event.stop()
            event.prevent_default()
            self.action_buzz(seat)

    def action_nobody(self) -> None:
        if self.stage is not Stage.PLATE:
            return
        writer = self.players[self.g.active or 0]

        def answered(yes: bool | None) -> None:
            if yes and self.stage is Stage.PLATE:
                events = self.act(NobodyKnows())
                if events is not None:
                    self._show_reveal(events)

        question = f"Nobody knows? {shown(writer)} reveals the 0WN3R and nobody scores it."
        self.app.push_screen(ChoiceScreen(question, YES_NO, cancel=True), answered)

    def _show_reveal(self, events: Sequence[object]) -> None:
        """Steps 5-7 of the guessing phase, each event in its own words; Enter moves on."""
        lines: list[Text] = []
        record = self.g.view(None).history[-1]
        for e in events:
            # An event's words are plain text with the players' names in them: Text, never markup.
            if isinstance(e, GuessedWrong | BuzzLapsed):
                lines.append(Text(sentence(plain(e, None)), style="red"))
            elif isinstance(e, GuessedRight):
                lines.append(Text(sentence(plain(e, None)), style="bold green"))
            elif isinstance(e, OwnerRevealed):
                lines.append(Text(sentence(plain(e, None)), style="bold"))
            elif isinstance(e, RequirementsRevealed):
                lines.append(Text(sentence(plain(e, None))))
        lines.append(Text("Enter: continue", style="dim"))
        self._pending = events
        self.query_one("#reveal-plate", PlateView).plate = record.plate
        self.query_one("#reveal-text", Static).update(Group(*lines))
        self._set_stage(Stage.REVEAL, "reveal")

    def action_continue(self) -> None:
        if self.stage is Stage.REVEAL:
            if any(isinstance(e, RoundEnded) for e in self._pending):
                self._show_round_end()
            else:
                self._show_plate()
        elif self.stage is Stage.ROUND_END:
            if any(isinstance(e, GameEnded) for e in self._pending):
                self._show_final()
            else:
                self._begin_writing()

    # -- tables ------------------------------------------------------------------------------

    def _show_round_end(self) -> None:
        v = self.g.view(None)
        ended = next(e for e in self._pending if isinstance(e, RoundEnded))
        this_round = [r for r in v.history if r.round == ended.round]
        more = "final scores" if v.phase is Phase.GAME_OVER else "next round"
        # The key comes first: with 8 players the plates run below an 80x24 screen (↑↓ scroll).
        self.query_one("#round-table", Static).update(
            Group(
                Text(f"Enter: {more}   ↑↓: scroll", style="dim"),
                score_table(self.g.standings(), f"Scores after round {ended.round} of {v.rounds}"),
            )
        )
        self.query_one("#round-plates", Static).update(
            plates_table(this_round, self.players, f"Plates of round {ended.round}")
            if this_round
            else Text("Nobody handed in a plate this round.")
        )
        self._set_stage(Stage.ROUND_END, "round-end")
        scroll = self.query_one("#round-end", VerticalScroll)
        scroll.scroll_home(animate=False)
        scroll.focus()  # arrows and Page Down reach what does not fit

    def _show_final(self) -> None:
        outcome = self.g.outcome()
        assert outcome is not None
        v = self.g.view(None)
        self.query_one("#final-winner", Static).update(tiebreak_text(outcome, self.players))
        self.query_one("#final-table", Static).update(score_table(outcome.standings, "Final scores", outcome.winners))
        marks = self.query_one("#favourites", SelectionList)
        marks.clear_options()
        marks.add_options([(plate_option(r, self.players), i) for i, r in enumerate(v.history)])
        if v.history:
            marks.highlighted = 0
            self._show_favourite_detail(0)
        self._set_stage(Stage.FINAL, "final")
        marks.focus()

    @on(SelectionList.SelectionHighlighted, "#favourites")
    def _favourite_highlighted(self, event: SelectionList.SelectionHighlighted) -> None:
        self._show_favourite_detail(event.selection_index)

    def _show_favourite_detail(self, index: int | None) -> None:
        history = self.g.view(None).history
        detail = self.query_one("#favourite-detail", Static)
        if index is None or not 0 <= index < len(history):
            detail.update("")
            return
        detail.update(plate_detail(history[index], self.players))

    def action_save_favourites(self) -> None:
        if self.stage is not Stage.FINAL:
            return
        history = self.g.view(None).history
        chosen = self.query_one("#favourites", SelectionList).selected
        if not chosen:
            self.notify("Mark plates with Space first.", severity="warning")
            return
        favs = [
            Favourite(history[i].plate, history[i].owner, history[i].requirements, self.players[history[i].writer])
            for i in sorted(chosen)
        ]
        warning = add_favourites(favs)
        if warning:
            self.notify(warning, severity="error", markup=False)
        else:
            self.notify(f"Saved {len(favs)} favourite plate{'s' if len(favs) > 1 else ''}.", markup=False)

    def action_new_game(self) -> None:
        """Same players, same timer, a fresh deal (saved like the first game)."""
        if self.stage is Stage.FINAL and self.session is not None:
            self.app.switch_screen(Vntypl8sScreen(self.session.rematch(host(self).make_rng())))

    # -- which keys mean something now -----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "buzz":
            (player,) = parameters
            assert isinstance(player, int)
            if player >= len(self.players) or self.stage is not Stage.PLATE:
                return False
            v = self.g.view(None)
            if player == v.active:
                return False  # the writer has no buzzer on their own plate
            # Out (or someone holds the buzz): shown dimmed; pressed, it is refused in words.
            return True if v.may_buzz(player) else None
        if action == "nobody":
            return self.stage is Stage.PLATE
        if action == "continue":
            return self.stage in (Stage.REVEAL, Stage.ROUND_END)
        if action == "save_favourites":
            return self.stage is Stage.FINAL
        if action == "new_game":
            return self.stage is Stage.FINAL
        return True


def wrong_guess(event: GuessedWrong | BuzzLapsed) -> str:
    """A chance used while the plate is still up (a wrong guess, a buzz let go, P29):
    what happened, and that the player is out.

    A sentence may start with a name: ``sentence`` raises its first letter and leaves
    the rest as the player wrote it ("McKay", never "Mckay" as ``str.capitalize`` would).
    """
    return f"{event} {sentence(event.name)} is locked out for this plate."


def lock_out_message(events: Sequence[object]) -> str | None:
    """The words for the last chance used among *events*, if any."""
    used = [e for e in events if isinstance(e, GuessedWrong | BuzzLapsed)]
    return wrong_guess(used[-1]) if used else None

