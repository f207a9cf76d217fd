"""UWO on one terminal: two players and handovers, or one player against the computer.

The screen is a thin driver of ``boardgames.uwo.engine.Game``, held in a
``GameSession`` (``SessionScreen``): every action - the person's and the computer's -
goes through ``act``, which applies it, autosaves the duel and tells a refusal in
words.  It draws only what ``game.view(keyboard)`` holds - ``keyboard`` being the
side that took the keyboard at the last handover, or ``None`` while it changes
hands - turns keys and clicks into engine actions, and turns the engine's events
into the log.  Whenever the engine wants a decision from the other side (a new
turn, an attack to answer, the turn going on after a duel), the hand disappears
from the widgets and a ``HandoverScreen`` covers the terminal until that player
presses Space (never Enter, which confirms actions: a double Enter cannot skip it).

Against the computer (``computer=ComputerOpponent(level, side)``) the keyboard never
changes hands: the person's seat is always at it, and only the person's hand is
ever drawn.  When the computer must decide (its turn, or an answer in a duel) it
thinks in a worker thread, from its own seat's view only, while the screen stays
live and says so; each of its steps is then held until ``step_delay`` seconds (on
the app's injected clock) have passed since the last step, applied, logged and
marked on the board, so a person can follow it.

Keys (``docs/keys.md``, the suite's map; UWO's are listed in ``docs/rules/uwo.md``):
the board owns the cursor keys, Enter and Escape (``BoardGrid``); the screen owns the
game commands, each greyed out in the Footer when the engine would refuse it and
hidden when it belongs to another phase.  Escape clears a selection, and with
nothing selected leaves through the suite's one question (``action_leave``).  The
commands that end a turn (``e``, ``E``, ``x``), and those that cannot be taken back
(``t`` take the hit, ``b`` and a Dynamite's counter: a blast) ask once first, with the
shared guarded ``ChoiceScreen``: the key that opened it, or a double press, never
answers.  Against the computer, whose attack comes with no handover, the screen
itself takes no key for a moment of quiet after the attack appears.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import RichLog, Static

from boardgames.common.game import refusal_text
from boardgames.common.session import GameSession
from boardgames.common.text import sentence
from boardgames.common.ui.base import ARM, IGNORED_HINT, QuietGate, clock_of
from boardgames.common.ui.choice import Choice, ChoiceScreen
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.frames import after_first_frame
from boardgames.common.ui.handover import HandoverScreen
from boardgames.common.ui.host import host
from boardgames.common.ui.session_screen import SessionScreen
from boardgames.common.ui.titlebar import TitleBar
from boardgames.uwo import board as B
from boardgames.uwo import handovers
from boardgames.uwo.actions import (
    Action,
    AnswerDraw,
    Attack,
    Blast,
    EndTurn,
    Evade,
    Morph,
    Move,
    OfferDraw,
    Resign,
    Ride,
    StopDuel,
    Swap,
    TakeHit,
    Undo,
)
from boardgames.uwo.board import Square
from boardgames.uwo.cards import Role, load_catalog
from boardgames.uwo.engine import Game
from boardgames.uwo.events import (
    DrawAnswered,
    Event,
    GameEnded,
    KeepsPlaying,
    TurnStarted,
    Undone,
    standing,
)
from boardgames.uwo.levels import OPPONENT_LEVELS
from boardgames.uwo.players import ComputerOpponent, Player, Restorable
from boardgames.uwo.side import Side
from boardgames.uwo.spec import SPEC, UwoSession, UwoSetup
from boardgames.uwo.thinker import Thinker, ThinkerError
from boardgames.uwo.view import Phase, UwoView
from boardgames.uwo.widgets import (
    SIDE_STYLE,
    BoardGrid,
    HandCard,
    HandPanel,
    InfoPanel,
    SideBar,
    StatusPanel,
    ThinkingDots,
)

#: What the menu's levels mean, in a player's words.
LEVEL_BLURBS = {
    "beginner": "Beginner — counts only the UMOs on the board, and often misses a threat",
    "easy": "Easy — plans its turns, but often picks a weaker plan",
    "normal": "Normal — plans each turn on several guesses at your hand",
    "hard": "Hard — also weighs your best answer to each plan",
}
#: What the marks on the squares mean (shown under the board when there is room; also in F1).
LEGEND = ("OUT out of play · new: morphed this turn · ×N stack · what Enter does: "
          "» move/ride · × attack · + morph · ◆ chosen · ! duel")
#: Seconds between two visible steps of the computer (a person must be able to follow).
STEP_DELAY = 0.8


class UwoScreen(SessionScreen[Game]):
    """A duel.  ``session`` may be given (a resumed save); ``game`` too (tests, studied
    positions: played as they are, never saved); otherwise one is dealt with the app's
    seeded random generator.  ``ask_variant`` (from the main menu) first asks which
    game: standard or first-game variant, two players or against the computer (then
    its level and the person's army).  ``computer`` plays one seat by the computer;
    ``step_delay`` paces its steps (0 in tests)."""

    GAME = "uwo"
    TITLE = "duel"
    SUB_TITLE = "UWO — Gnorfs against Pnorfs"
    CSS_PATH = "uwo.tcss"
    MIN_SIZE = (80, 24)
    #: The layout's classes by terminal size (``uwo.tcss``): below 110 columns the board's
    #: squares are narrower; bare squares are 3 rows high below 28 rows, 4 from 28, and from
    #: 36 rows they are 5 rows high and framed (when the terminal is wide too).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-mid"), (36, "-tall")]

    BINDINGS: ClassVar = [
        Binding("1", "pick(0)", "Card 1", show=False),
        Binding("2", "pick(1)", "Card 2", show=False),
        Binding("3", "pick(2)", "Card 3", show=False),
        Binding("v", "evade", "Evade"),
        Binding("t", "take_hit", "Take hit"),
        Binding("c", "counter", "Counter"),
        Binding("p", "stop_duel", "No counter"),
        Binding("b", "blast", "Blast"),
        Binding("u", "undo", "Undo"),
        Binding("x", "swap", "Swap"),
        Binding("e", "end_turn", "End"),  # short: at 80 columns every key of a turn must fit
        Binding("E,shift+e", "drain", "Spend all"),
        # U26: hidden from the Footer (at 80 columns every key of a turn must fit); the
        # rules page (F1) lists them, and each asks once before it acts.
        Binding("g", "resign", "Resign", show=False),
        Binding("equals_sign", "offer_draw", "Offer draw", key_display="=", show=False),
        Binding("n", "new_game", "New game"),
        Binding("pageup", "log_page(-1)", "Log", key_display="PgUp/Dn"),
        Binding("pagedown", "log_page(1)", "Log down", show=False),
    ]

    _COMMANDS = ("evade", "take_hit", "counter", "stop_duel", "blast", "undo", "swap", "end_turn", "drain",
                 "new_game")

    def __init__(
        self,
        *,
        session: UwoSession | None = None,
        game: Game | None = None,
        first_game: bool = False,
        ask_variant: bool = False,
        computer: ComputerOpponent | None = None,
        step_delay: float = STEP_DELAY,
    ) -> None:
        super().__init__()
        if session is None and game is not None:
            session = GameSession(SPEC, UwoSetup(game.first_game, computer), game, autosave=None)
        #: The duel in play (``None`` until dealt): its engine, setup and autosave.
        self.session = session
        #: A resumed duel's events so far, written back into the log.
        self._history: list[Event] = _events(session.history) if session is not None else []
        setup: UwoSetup | None = session.setup if session is not None else None
        self.first_game = setup.first_game if setup is not None else first_game
        self.ask_variant = ask_variant and session is None
        self.computer = setup.computer if setup is not None else computer
        self.step_delay = step_delay
        #: The computer's player for the current game (made at ``start``).
        self.player: Player | None = None
        #: The computer is deciding (its worker runs or its step waits for the pace).
        self.thinking = False
        #: A step the computer chose, waiting for the pace: (action, game token).
        self._pending: tuple[Action, int] | None = None
        #: Bumped by every new game: a worker's answer for an older game is dropped.
        self._token = 0
        self._last_step_at = 0.0
        #: Squares of the computer's last step, marked on the board.
        self._last_squares: set[Square] = set()
        self._pace: Timer | None = None
        #: The computer's search process (started once a computer player is made, after
        #: the first frame; ended with the screen).  ``None`` for a duel between people.
        self._thinker: Thinker | None = None
        self._told_thinker_lost = False
        #: Set after the first frame: the process starts no sooner (not even for a decision).
        self._may_start_thinker = threading.Event()
        #: The side at the keyboard (after its handover), None while it changes hands.
        self.keyboard: Side | None = None
        self.selected: Square | None = None
        self.picked: int | None = None
        self.catalog = load_catalog()
        self.names = {k.key: k.name for k in self.catalog.kinds}
        self._bindings_state: tuple[bool | None, ...] = ()
        #: What the board was last drawn from (``redraw``): the state but the cursor, the
        #: cursor, the marks and hints; a cursor move alone redraws two cells from it.
        self._drawn: tuple[tuple[object, ...], Square, dict[Square, set[str]], dict[Square, str]] | None = None
        #: Each side finds the cursor where it left it (first on its own front row).
        self._cursors = {Side.GNORFS: B.parse("c2"), Side.PNORFS: B.parse("c5")}
        #: Events since the last handover: the next player reads them on the handover screen.
        self._since_handover: list[Event] = []
        #: What the log shows, in order: headings (``Text``) and events; rewritten on an undo.
        self._logged: list[object] = []
        #: A resumed duel's first handover says so (it is not "your turn goes on").
        self._resumed = False
        #: Against the computer no handover announces its attack: the prompt itself waits
        #: for a moment of quiet, as a handover would (open until a prompt restarts it).
        self._prompt_gate = QuietGate(ARM)
        self._prompt_gate.restart(float("-inf"))

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="uwo-main"):
            with Vertical(id="uwo-left"):
                yield SideBar(Side.PNORFS)
                yield BoardGrid(id="board")
                yield SideBar(Side.GNORFS)
                yield Static(LEGEND, id="legend")
            with Vertical(id="uwo-right"):
                yield StatusPanel(id="status")
                with Horizontal(id="thinking"):
                    yield ThinkingDots(id="thinking-dots")
                    yield Static("", id="thinking-text")
                yield HandPanel(id="hand")
                yield InfoPanel(id="info")
                log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
                log.can_focus = False
                log.border_title = "Log · PgUp/PgDn"
                yield log
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(BoardGrid).focus()
        self.query_one("#thinking").display = False
        # The pace of the computer's steps: one interval, running only while a step waits.
        self._pace = self.set_interval(0.05, self._pace_tick, pause=True)
        if self.ask_variant:
            self.app.push_screen(
                ChoiceScreen(
                    "UWO: which game?",
                    [
                        Choice("1", "Standard duel — 10 UMOs each, two players", (False, False)),
                        Choice("2", "First game — 8 UMOs each, corners empty, two players", (True, False)),
                        Choice("3", "Standard duel against the computer", (False, True)),
                        Choice("4", "First game against the computer", (True, True)),
                    ],
                    detail="Gnorfs (green) against Pnorfs (purple): hot-seat on this keyboard, "
                    "or you alone against the computer.",
                    cancel=True,
                ),
                self._variant_chosen,
            )
        else:
            self.start()

    def _variant_chosen(self, choice: tuple[bool, bool] | None) -> None:
        if choice is None:
            self.app.pop_screen()
            return
        self.first_game, against_computer = choice
        if not against_computer:
            self.computer = None
            self.start()
            return
        self.app.push_screen(
            ChoiceScreen(
                "How strong should the computer play?",
                [Choice(str(i + 1), LEVEL_BLURBS[level], level) for i, level in enumerate(OPPONENT_LEVELS)],
                detail="Every level sees only its own hand, as you do.",
                cancel=True,
            ),
            self._level_chosen,
        )

    def _level_chosen(self, level: str | None) -> None:
        if level is None:
            self.app.pop_screen()
            return
        self.app.push_screen(
            ChoiceScreen(
                "Which army do you play?",
                [
                    Choice("g", "Gnorfs (green) — you begin", Side.GNORFS),
                    Choice("p", "Pnorfs (purple) — the computer begins", Side.PNORFS),
                ],
                cancel=True,
            ),
            lambda side: self._side_chosen(level, side),
        )

    def _side_chosen(self, level: str, side: Side | None) -> None:
        if side is None:
            self.app.pop_screen()
            return
        self.computer = ComputerOpponent(level, side.other)
        self.start()

    def start(self) -> None:
        """Deal (unless a game was given), log the start, and hand the keyboard over
        (against the computer: give it to the person for the whole game)."""
        if self.session is None:
            setup = UwoSetup(self.first_game, self.computer)
            self.session = GameSession.start(SPEC, setup, host(self).new_seed())
        game = self.engine
        self._token += 1
        self._pending = None
        self.thinking = False
        self._last_squares = set()
        self.keyboard = None
        self.selected = self.picked = None
        self.query_one("#log", RichLog).clear()
        self._logged = []
        variant = " (first game: 8 UMOs each)" if game.first_game else ""
        resumed = bool(self._history)
        self.log_line(Text(f"A new duel{variant}. The Gnorfs begin.", style="bold"))
        if resumed:
            self.write_log(self._history)
            self.log_line(Text(f"— The duel resumes on turn {game.turn}. —", style="bold"))
            self._history = []
        if self.computer is not None:
            self.player = self.computer.player(host(self).make_rng())
            if isinstance(self.player, Restorable) and self._thinker is None:
                self._thinker = Thinker()
                after_first_frame(self, self._start_thinker)
            self.keyboard = self.computer.human
            self.sub_title = f"UWO — you play the {self.computer.human.title} against {self.computer.describe()}"
            self.log_line(
                Text(f"You play the {self.computer.human.title}; {self.computer.describe()} plays the "
                     f"{self.computer.side.title}.", style=SIDE_STYLE[self.computer.human].replace("bold ", ""))
            )
            self.board.cursor = self._cursors[self.computer.human]
            self.query_one("#legend", Static).update(LEGEND + " · bold frame: the computer's last turn")
        self._since_handover = []
        self._last_step_at = host(self).clock()
        self._resumed = resumed
        if resumed:
            self.after_change([])  # a handover first (or the computer thinks): nothing shows too early
        else:
            self.after_change([TurnStarted(game.current, game.turn)])

    # ------------------------------------------------------------------ state helpers

    @property
    def game(self) -> Game | None:
        """The duel's engine, for drawing (``None`` while the variant is being chosen)."""
        return self.session.engine if self.session is not None else None

    @property
    def view(self) -> UwoView:
        return self.engine.view(self.keyboard)

    @property
    def board(self) -> BoardGrid:
        return self.query_one(BoardGrid)

    def hand_kind(self, index: int | None) -> str | None:
        if index is None or self.keyboard is None:
            return None
        hand = self.view.sides[self.keyboard].hand or ()
        return hand[index].key if index < len(hand) else None

    def my_move(self) -> bool:
        """Is the player at the keyboard the one the game waits for?"""
        return self.game is not None and self.keyboard is not None and self.game.to_act is self.keyboard

    def computer_to_act(self) -> bool:
        return self.computer is not None and self.game is not None and self.game.to_act is self.computer.side

    # ------------------------------------------------------------------ playing an action

    def play(self, action: Action) -> bool:
        """The person's ``action``, through the session (applied, then saved); a refusal is
        shown with the engine's reason."""
        events = self.act(action)
        if events is None:
            return False
        self.selected = self.picked = None
        self._last_step_at = host(self).clock()
        self._last_squares = set()
        self.after_change(_events(events))
        return True

    def after_change(self, events: list[Event]) -> None:
        """Log what happened, then redraw - or hand the keyboard over first."""
        assert self.game is not None
        self.write_log(events)
        # U24: a step taken back is forgotten by the handover as by the log
        self._since_handover = [e for e in standing([*self._since_handover, *events]) if isinstance(e, Event)]
        for e in events:
            if isinstance(e, Undone):
                self.notify(str(e), title="Taken back", markup=False)  # only the player at the keyboard
        game = self.game
        if game.is_over():
            self.keyboard = None
            self.redraw()
            self.game_over()
            return
        side = game.to_act
        assert side is not None
        if self.computer is not None:
            self.after_change_against_computer(events, side)
            return
        if side is not self.keyboard:
            self.handover(side)
            return
        for e in events:
            if isinstance(e, KeepsPlaying):
                self.notify(str(e), title="Another turn", markup=False)  # an event's words: plain text
        self.redraw()

    # ------------------------------------------------------------------ the computer opponent

    def after_change_against_computer(self, events: list[Event], side: Side) -> None:
        """No handovers: either the computer thinks, or the person is told what to do."""
        assert self.game is not None and self.computer is not None
        if side is self.computer.side:
            self.redraw()
            self.think()
            return
        for e in events:
            if isinstance(e, KeepsPlaying):
                self.notify(str(e), title="Another turn", markup=False)  # an event's words: plain text
            elif isinstance(e, DrawAnswered):
                self.notify(str(e), title="Your offer of a draw", markup=False)
        if self.game.phase is Phase.DEFEND and self.game.duel is not None:
            # A key pressed for the board a moment ago (or held) must not answer the attack.
            self.restart_prompt_gate()
            self.board.cursor = self.game.duel.target
            attacker = self.game.board[self.game.duel.attacker]
            assert attacker is not None
            self.notify(
                f"The {attacker.side.singular} {attacker.kind.name} on {B.name(self.game.duel.attacker)} attacks "
                f"you: {self.defence_keys(self.view)}.",
                title="You are attacked",
                severity="warning",
                markup=False,
            )
        self.redraw()

    def think(self) -> None:
        """Let the computer decide, off the event loop, from its own seat's view."""
        assert self.game is not None and self.computer is not None and self.player is not None
        if self.thinking:
            return
        self.thinking = True
        self.show_thinking()
        self._decide(self.player, self.game.view(self.computer.side), self._token)

    def _start_thinker(self) -> None:
        """Start the search process after the first frame, in a thread (a failure to start
        is told when the computer first decides, and it decides in a thread then)."""
        thinker = self._thinker
        self._may_start_thinker.set()
        if thinker is not None and thinker.pid is None and not thinker.closed:
            self.run_worker(self._warm_up, thread=True, group="uwo-thinker", exit_on_error=False)

    def _warm_up(self) -> None:
        thinker = self._thinker
        if thinker is not None:
            with contextlib.suppress(ThinkerError):
                thinker.start()

    @work(exclusive=True, group="uwo-computer")
    async def _decide(self, player: Player, view: UwoView, token: int) -> None:
        # The search is pure Python on its own copies of sampled games: it runs in the
        # search process (``Thinker``) - a thread would compete with the screen for the
        # interpreter - and this worker's thread only waits for the answer, so the
        # screen answers keys (the cursor, F1, leaving) at full speed meanwhile.
        decided = await asyncio.to_thread(self._choose, player, view)
        if decided is None or token != self._token:
            return
        action, lost = decided
        if lost is not None:
            self.notify(
                f"The computer's search process {lost}: it goes on thinking inside the game, so "
                "keys may answer more slowly while it thinks. Nothing of the game is lost.",
                title="The computer", severity="warning", markup=False, timeout=10,
            )
        self._pending = (action, token)
        assert self._pace is not None
        self._pace.resume()
        # Not called from here: the step may start the next decision, an exclusive
        # worker of this group, which would cancel this one while it still runs (a test
        # waiting for the workers then saw it cancelled, whenever the answer came while
        # it waited: more often now that the search runs at a low priority).
        self.call_later(self._pace_tick)

    def _choose(self, player: Player, view: UwoView) -> tuple[Action, str | None] | None:
        """In a thread: the decision, from the search process if there is one, else (or if
        it fails: then with why, said once) from ``player`` itself, which the process leaves
        in the same state; ``None`` once the screen has closed the process (it is gone)."""
        thinker = self._thinker
        lost: str | None = None
        if thinker is not None and isinstance(player, Restorable):
            assert self.computer is not None
            self._may_start_thinker.wait(10)  # a first decision waits for the first frame
            if thinker.broken is None:
                try:
                    return thinker.choose(self.computer.level, player, view), None
                except ThinkerError:
                    pass  # broken, or (not broken) this view cannot be sent: decided here
            if thinker.closed:
                return None
            if thinker.broken is not None and not self._told_thinker_lost:
                self._told_thinker_lost = True
                lost = thinker.broken
        return player.choose(view), lost

    def _pace_tick(self) -> None:
        """Apply the computer's waiting step once the pace allows and nothing covers the board."""
        if self._pending is None:
            if self._pace is not None:
                self._pace.pause()
            return
        if self.app.screen is not self:  # rules, a question: the person would miss the step
            return
        if host(self).clock() - self._last_step_at < self.step_delay:
            return
        action, token = self._pending
        self._pending = None
        if self._pace is not None:
            self._pace.pause()
        self.thinking = False
        if token != self._token or self.game is None or not self.computer_to_act():
            self.show_thinking()
            return
        self.computer_step(action)

    def computer_step(self, action: Action) -> None:
        """Play one step the computer chose, like a key of the person's (same session call)."""
        squares = _squares_of(action, self.engine)
        events = self.act(action)
        if events is None:  # a computer's illegal action is a bug: let it be seen
            raise RuntimeError(f"the computer chose an illegal action: {action}")
        self._last_squares |= squares  # the whole of its turn stays marked until the person plays
        self._last_step_at = host(self).clock()
        self.show_thinking()
        self.after_change(_events(events))

    def show_thinking(self) -> None:
        box = self.query_one("#thinking")
        box.display = self.thinking
        self.query_one(ThinkingDots).run(self.thinking)
        if self.thinking and self.computer is not None:
            self.query_one("#thinking-text", Static).update(
                f"The {self.computer.side.title} ({self.computer.level}) are thinking…"
            )

    def handover(self, side: Side) -> None:
        """Hide every hand, then cover the terminal until ``side`` presses Space."""
        assert self.game is not None
        if self.keyboard is not None:
            self._cursors[self.keyboard] = self.board.cursor
        self.keyboard = None
        self.selected = self.picked = None
        if self._drawn is None:
            # A duel's first handover: nothing is drawn yet, so nothing is left to hide,
            # and the handover covers the whole board: it is drawn just after the
            # handover's first frame, not before it.
            self.call_after_refresh(self.redraw)
        else:
            self.redraw()
        resumed, self._resumed = self._resumed, False
        turn_started = any(isinstance(e, TurnStarted) and e.side is side for e in self._since_handover)
        title = handovers.title(side, handovers.why(self.game.phase, resumed=resumed, turn_started=turn_started))
        detail = self.handover_detail(side)
        self._since_handover = []
        self.hand_over(HandoverScreen(side.title, detail, title=title), lambda _: self.took_keyboard(side))

    def handover_detail(self, side: Side) -> str:
        """What the incoming player needs to know: the last things that happened, in words."""
        return handovers.detail([str(e) for e in self._since_handover if not isinstance(e, TurnStarted)])

    def took_keyboard(self, side: Side) -> None:
        self.keyboard = side
        self.board.focus()
        if self.game is not None and self.game.phase is Phase.DEFEND and self.game.duel is not None:
            self.board.cursor = self.game.duel.target
        else:
            self.board.cursor = self._cursors[side]
        self.redraw()
        # Lines written while the handover covered the log: show the newest once visible.
        log = self.query_one("#log", RichLog)
        self.call_after_refresh(log.scroll_end, animate=False)
        if self.game is not None and self.game.phase is Phase.DRAW_OFFER:
            self.ask_draw()

    def game_over(self) -> None:
        assert self.game is not None
        outcome = self.game.outcome()
        assert outcome is not None
        headline = "Draw!" if outcome.winner is None else f"The {outcome.winner.title} win!"
        self.app.push_screen(
            ChoiceScreen(
                headline,
                [
                    Choice("n", "New game", "new"),
                    Choice("m", "Main menu", "menu"),
                    Choice("b", "Look at the board", "board"),
                ],
                detail=f"{sentence(outcome.reason)}, after {self.game.turn} turn{'s' if self.game.turn != 1 else ''}.",
            ),
            self._after_game,
        )

    def _after_game(self, choice: str | None) -> None:
        if choice == "new":  # the same setup, freshly dealt and saved from its first action
            assert self.session is not None
            self.session = GameSession.start(SPEC, self.session.setup, host(self).new_seed())
            self.start()
        elif choice == "menu":
            host(self).back_to_menu()

    # ------------------------------------------------------------------ drawing

    def log_line(self, line: Text) -> None:
        """A heading of the log (not an event): kept, so the log can be written again."""
        self._logged.append(line)
        self.query_one("#log", RichLog).write(line)

    def write_log(self, events: list[Event]) -> None:
        """Add ``events`` to the log; a step taken back (U24) is struck from it, and the log
        is written again without it: the other player reads only what stands."""
        log = self.query_one("#log", RichLog)
        if any(isinstance(e, Undone) for e in events):
            self._logged = standing([*self._logged, *events])
            log.clear()
            for item in self._logged:
                log.write(item if isinstance(item, Text) else _log_text(item))  # type: ignore[arg-type]
            return
        for e in events:
            self._logged.append(e)
            log.write(_log_text(e))

    def _drawn_key(self, view: UwoView) -> tuple[object, ...]:
        """Everything but the cursor that the panels are drawn from (``undoable`` is not in
        the view's ``==``; the status line reads it)."""
        return (view, view.undoable, self.keyboard, self.selected, self.picked, frozenset(self._last_squares),
                self.thinking)

    def redraw(self) -> None:
        if self.game is None:
            return
        view = self.view
        for bar in self.query(SideBar):
            bar.show(view.sides[bar.side], to_act=view.to_act is bar.side, current=view.current is bar.side)
        marks, hints = self.board_marks(view)
        grid = self.board
        for sq in range(B.SQUARES):
            grid.cell(sq).show(view.board[sq], marks.get(sq, set()), hints.get(sq, ""))
        self._drawn = (self._drawn_key(view), grid.cursor, marks, hints)
        self.draw_status(view)
        self.draw_info(view)
        self.draw_hand(view)
        # The Footer is rebuilt on every refresh_bindings(): only when something changed.
        state = tuple(self.check_action(a, ()) for a in self._COMMANDS)
        if state != self._bindings_state:
            self._bindings_state = state
            self.refresh_bindings()

    def legal_from(self, view: UwoView, sq: Square) -> list[Action]:
        return [a for a in view.legal if isinstance(a, (Move, Ride, Attack, Blast)) and a.src == sq]

    def board_marks(self, view: UwoView) -> tuple[dict[Square, set[str]], dict[Square, str]]:
        marks: dict[Square, set[str]] = {}
        hints: dict[Square, str] = {}

        def mark(sq: Square, cls: str, hint: str = "") -> None:
            marks.setdefault(sq, set()).add(cls)
            if hint:
                hints[sq] = hint

        mark(self.board.cursor, "-cursor")
        for sq in self._last_squares:
            mark(sq, "-last")
        if view.duel is not None:
            mark(view.duel.attacker, "-duel", "! shoots")
            mark(view.duel.target, "-duel", "! target")
        if self.keyboard is None or view.to_act is not self.keyboard:
            return marks, hints
        kind = self.hand_kind(self.picked)
        if kind is not None:
            for a in view.legal:
                if isinstance(a, Morph) and a.kind == kind:
                    mark(a.square, "-morph", "morph")
        if self.selected is not None:
            mark(self.selected, "-selected")
            for a in self.legal_from(view, self.selected):
                if isinstance(a, Move):
                    mark(a.dst, "-move", "move")
                elif isinstance(a, Ride):
                    mark(a.dst, "-move", "ride")
                elif isinstance(a, Attack):
                    mark(a.dst, "-attack", "attack")
                elif isinstance(a, Blast):
                    for s in (a.src, *B.AROUND[a.src]):
                        mark(s, "-blast")
                    hints[a.src] = "b: blast"
        if view.phase is Phase.COUNTER and view.duel is not None:
            for a in view.legal:
                if isinstance(a, Attack):
                    mark(a.dst, "-attack", "c attack")
                elif isinstance(a, Blast):
                    for s in (a.src, *B.AROUND[a.src]):
                        mark(s, "-blast")
        return marks, hints

    def defence_keys(self, view: UwoView) -> str:
        """The answers to an attack the player at the keyboard really has, in keys (never a
        morph with no energy or no fitting card: only what ``view.legal`` holds)."""
        options = []
        if any(isinstance(x, Evade) for x in view.legal):
            options.append("v evade")
        if any(isinstance(x, Morph) for x in view.legal):
            options.append("a card (1-3) + Enter to morph in defence")
        options.append("t take the hit")
        return ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]

    def draw_status(self, view: UwoView) -> None:
        """Whose move, and what the player at the keyboard may do: one short line each, so
        that a narrow panel wraps between options, never inside one."""
        status = self.query_one(StatusPanel)
        cur = view.current
        title = f"Turn {view.turn} · {cur.title} to play"
        if view.to_act is not None and view.to_act is not cur:
            title = f"Turn {view.turn} · {view.to_act.title} to answer"
        lines: list[str] = []
        if view.outcome is not None:
            o = view.outcome
            said = f"Draw: {o.reason}." if o.winner is None else f"The {o.winner.title} win: {o.reason}."
            status.show("Game over", [said, "n new game · Esc main menu"])
            return
        if self.keyboard is None:
            status.show(title, [f"Waiting for the {view.to_act.title if view.to_act else ''} to take the keyboard."])
            return
        if self.computer is not None and view.to_act is self.computer.side:
            who = f"{self.computer.side.title} (computer, {self.computer.level})"
            if view.to_act is view.current:
                title = f"Turn {view.turn} · {who} to play"
                lines.append("The computer plays its turn; watch the log and the marked squares.")
            elif view.phase is Phase.DRAW_OFFER:
                title = f"Turn {view.turn} · {who} to answer"
                lines.append("The computer considers your offer of a draw.")
            else:
                title = f"Turn {view.turn} · your duel · {who} to answer"
                lines.append("The computer answers your attack.")
            status.show(title, lines)
            return
        if view.phase is Phase.TURN:
            morph = "used" if view.morph_used else "free"
            action = "used" if view.action_used else "free"
            lines.append(f"Morph {morph} · action {action}")
            lines.append(f"Paid {view.paid} this turn")
            if self.picked is not None:
                lines.append("Enter on a UMO marked 'morph'")
                lines.append("x swap the card · Esc clear")
            elif self.selected is not None:
                lines.append("Enter on a marked square")
                lines.append("Esc clear")
            else:
                lines.append("Enter select a UMO · 1-3 pick a card")
                lines.append("e end the turn")
            if view.undoable:
                lines.append(f"u take back the last {'morph or move' if view.undoable > 1 else 'step'}")
        elif view.phase is Phase.DEFEND and view.duel is not None:
            a = view.board[view.duel.attacker]
            t = view.board[view.duel.target]
            assert a is not None and t is not None
            lines.append(
                f"You are attacked! The {a.side.singular} {a.kind.name} on {B.name(a.square)} "
                f"attacks your {t.kind.name} on {B.name(t.square)}."
            )
            if not self._prompt_gate.is_open(clock_of(self.app)()):
                lines.append(IGNORED_HINT)
            if any(isinstance(x, Evade) for x in view.legal):
                lines.append(f"v evade ({view.sides[t.side].evasions} left)")
            if any(isinstance(x, Morph) for x in view.legal):
                lines.append(f"1-3 + Enter: morph (shield vs {a.kind.name})")
            if len(view.legal) == 1:
                lines.append("No defence in your hand (U23): t take the hit")
            else:
                lines.append("t take the hit")
        elif view.phase is Phase.DRAW_OFFER:
            lines.append(f"The {cur.title} offer a draw.")
            lines.append("y accept · n decline")
        elif view.phase is Phase.COUNTER and view.duel is not None:
            a = view.board[view.duel.attacker]
            assert a is not None
            lines.append("You defended.")
            lines.append(f"c counter-attack the {a.kind.name} on {B.name(a.square)}")
            lines.append("p no counter-attack (the duel ends)")
        status.show(title, lines)

    def draw_info(self, view: UwoView, *, shrink: bool = True) -> None:
        """The card under the cursor (or the selected one, or the hand card picked); with
        ``shrink=False`` (the cursor alone moved) the panel keeps its height for a shorter one."""
        info = self.query_one(InfoPanel)
        kind_key = self.hand_kind(self.picked)
        if kind_key is not None:
            heading = f"Card {self.picked + 1} of your hand"  # type: ignore[operator]
            info.show_kind(self.catalog[kind_key], self.names, heading=heading, shrink=shrink)
            return
        for sq in (self.board.cursor, self.selected):
            if sq is not None and view.board[sq] is not None:
                umo = view.board[sq]
                assert umo is not None
                info.show_umo(umo, self.names, shrink=shrink)
                return
        info.clear_info(
            f"{B.name(self.board.cursor)}: an empty square. Move the cursor onto a UMO to read its card.", shrink=shrink
        )

    def draw_hand(self, view: UwoView) -> None:
        hand_panel = self.query_one(HandPanel)
        if self.keyboard is None:
            hand_panel.show(None, None, None, set(), self.names)
            return
        hand = view.sides[self.keyboard].hand
        playable = set()
        if hand is not None:
            usable = {a.kind for a in view.legal if isinstance(a, (Morph, Swap))}
            playable = {i for i, k in enumerate(hand) if k.key in usable}
        hand_panel.show(self.keyboard, hand, self.picked, playable, self.names)

    # ------------------------------------------------------------------ input

    def on_board_grid_cursor_moved(self, event: BoardGrid.CursorMoved) -> None:
        self.move_cursor()

    def move_cursor(self) -> None:
        """Only the cursor moved: draw the cell it left, the cell it entered and the info
        panel, nothing else (the whole redraw, 30 cells, the status, the hand and
        the Footer's keys, took most of a frame on every arrow key).

        The other panels do not read the cursor; a fresh view that equals the one last
        drawn (and the same selection, seat and marks) proves nothing else changed.
        Anything else - an action, a handover, a new game - draws everything.
        """
        drawn = self._drawn
        if self.game is None or drawn is None:
            self.redraw()
            return
        view = self.view
        key, old, marks, hints = drawn
        if key != self._drawn_key(view):
            self.redraw()
            return
        grid = self.board
        new = grid.cursor
        for sq in (old, new):
            shown = marks.get(sq, set()) - {"-cursor"}
            if sq == new:
                shown = shown | {"-cursor"}
            grid.cell(sq).show(view.board[sq], shown, hints.get(sq, ""))
        self._drawn = (key, new, marks, hints)
        self.draw_info(view, shrink=False)

    def accepts_key(self, event: events.Key) -> bool:
        """Keys wait for a moment of quiet after the computer's attack appears: each one
        pressed sooner is swallowed and restarts it (``common.ui.base.QuietGate``), so a
        key meant for the board a moment before, or a double press, never answers it."""
        if not super().accepts_key(event):
            return False
        if self._prompt_gate.admit(clock_of(self.app)()):
            return True
        self.set_timer(ARM, self._prompt_gate_opened)  # the swallowed key restarted the moment
        return False

    def restart_prompt_gate(self) -> None:
        """A prompt appeared: keys wait for a moment of quiet, and the status says so meanwhile."""
        self._prompt_gate.restart(clock_of(self.app)())
        self.set_timer(ARM, self._prompt_gate_opened)

    def _prompt_gate_opened(self) -> None:
        """Only the display runs on a timer (whether a key counts is read from the clock):
        once the moment has passed, the status no longer says keys are ignored."""
        if self.game is not None and self.is_attached and self._prompt_gate.is_open(clock_of(self.app)()):
            self.draw_status(self.view)

    def accepts_click(self, event: events.MouseDown | events.MouseUp) -> bool:
        """Nor does a click in that moment (it needs no quiet after it, being deliberate)."""
        return self._prompt_gate.is_open(clock_of(self.app)())

    def on_board_grid_cancelled(self, event: BoardGrid.Cancelled) -> None:
        """Escape: clear the selection (a UMO, a card); with nothing selected, leave -
        after the suite's one question (``docs/keys.md``)."""
        if self.picked is None and self.selected is None:
            self.action_leave()
            return
        self.selected = self.picked = None
        self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        """The panels choose their short or long wording by their width: draw them again."""
        self.call_after_refresh(self.redraw)

    def on_hand_card_clicked(self, event: HandCard.Clicked) -> None:
        self.action_pick(event.index)

    def on_board_grid_activated(self, event: BoardGrid.Activated) -> None:  # noqa: C901, PLR0911, PLR0912
        if not self.my_move():
            if self.computer_to_act():
                self.refuse("The computer is playing: wait for your turn (the cursor and F1 still work).")
            return
        assert self.game is not None
        view = self.view
        sq = event.square
        umo = view.board[sq]
        kind = self.hand_kind(self.picked)
        if view.phase is Phase.DEFEND:
            assert view.duel is not None
            if kind is None:
                self.refuse(f"You are attacked: {self.defence_keys(view)}.")
                return
            self.play(Morph(kind, view.duel.target))
            return
        if view.phase is Phase.COUNTER:
            assert view.duel is not None
            if sq == view.duel.attacker or sq == view.duel.target:
                self.action_counter()
            else:
                self.refuse("In a duel you may only counter-attack your attacker (c) or not (p).")
            return
        if kind is not None:
            self.play(Morph(kind, sq))
            return
        if self.selected is None or sq == self.selected:
            if sq == self.selected:
                self.selected = None
            elif umo is not None and umo.side is self.keyboard:
                self.selected = sq
                if not self.legal_from(view, sq):
                    self.notify(self.why_no_action(view, sq), title="This UMO cannot act now", markup=False)
            elif umo is not None:
                self.refuse(f"That is a {umo.side.singular} UMO: select one of yours, then Enter on your target.")
            else:
                self.refuse("Select one of your UMOs first (cursor on it, Enter).")
            self.redraw()
            return
        options = [a for a in self.legal_from(view, self.selected)
                   if isinstance(a, Move | Ride | Attack) and a.dst == sq]  # the actions aimed at a square
        if not options:
            if umo is not None and umo.side is self.keyboard:
                self.selected = sq
                self.redraw()
                return
            self.play(self.intended(view, self.selected, sq))  # refused, with the engine's reason
            return
        if len(options) == 1:
            self.play(options[0])
            return
        self.choose_ride(view, [a for a in options if isinstance(a, Ride)])

    def intended(self, view: UwoView, src: Square, dst: Square) -> Action:
        """The action a player most likely meant by pointing at ``dst`` (to explain a refusal)."""
        mover = view.board[src]
        assert mover is not None
        target = view.board[dst]
        if target is not None and target.side is not mover.side:
            if mover.kind.role is Role.RIDER:
                return Ride(src, (dst,))
            return Attack(src, dst)
        if mover.kind.role is Role.RIDER:
            return Ride(src, (dst,))
        return Move(src, dst)

    def why_no_action(self, view: UwoView, sq: Square) -> str:
        if view.action_used:
            return "You have already used this turn's action (a morph is still possible if unused)."
        umo = view.board[sq]
        assert umo is not None
        if umo.out_of_play:
            return f"It is {umo.out_text}; it could still move if the way were free."
        return "No move or attack is possible for it right now (blocked, out of range, or not enough energy)."

    def choose_ride(self, view: UwoView, rides: list[Ride]) -> None:
        """Several rides end on the same square: by effect (who is trampled), ask which."""
        by_effect: dict[tuple[Square, ...], Ride] = {}
        for r in sorted(rides, key=lambda r: len(r.path)):
            trampled = tuple(s for s in r.path[:-1] if view.board[s] is not None)
            by_effect.setdefault(trampled, r)
        if len(by_effect) == 1:
            self.play(next(iter(by_effect.values())))
            return
        choices = []
        for i, (trampled, ride) in enumerate(sorted(by_effect.items(), key=lambda kv: len(kv[0]))):
            route = " → ".join(B.name(s) for s in (ride.src, *ride.path))
            if trampled:
                who = ", ".join(
                    f"the {view.board[s].kind.name} on {B.name(s)}" for s in trampled  # type: ignore[union-attr]
                )
                label = f"{route}: tramples {who}"
            else:
                label = f"{route}: tramples nobody"
            choices.append(Choice(str(i + 1), label, ride))
        def ridden(ride: Ride | None) -> None:
            if ride is not None:
                self.play(ride)

        self.app.push_screen(ChoiceScreen("Which way does the Rider go?", choices, cancel=True), ridden)

    # ------------------------------------------------------------------ commands

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide commands that belong to another phase; grey out those illegal right now."""
        if action in ("leave", "pick", "log_page") or self.game is None:
            return True
        phase = self.game.phase
        if action == "new_game":
            return phase is Phase.OVER
        mine = self.my_move()
        if action == "resign":  # U26: whoever must act, in any phase
            return True if mine else None
        if action == "offer_draw":
            return True if mine and OfferDraw() in self.game.legal_actions else None
        legal = self.game.legal_actions if mine else ()
        if action in ("evade", "take_hit"):
            if phase is not Phase.DEFEND:
                return False
            wanted = Evade if action == "evade" else TakeHit
            return True if mine and any(isinstance(a, wanted) for a in legal) else None
        if action in ("counter", "stop_duel"):
            if phase is not Phase.COUNTER:
                return False
            if action == "stop_duel":
                return True if mine else None
            return True if mine and any(isinstance(a, (Attack, Blast)) for a in legal) else None
        if phase is not Phase.TURN:
            return False
        if action == "end_turn":
            return True if mine else None
        if action == "undo":  # shown only when there is something to take back: the Footer is short
            return bool(mine and Undo() in legal)
        if action == "drain":
            return True if mine and EndTurn(drain=True) in legal else None
        if action == "swap":
            kind = self.hand_kind(self.picked)
            if kind is None:
                return False  # shown once a card is picked (x swaps the picked card)
            return True if mine and Swap(kind) in legal else None
        if action == "blast":
            if any(isinstance(a, Blast) for a in legal):
                return True
            has_dynamite = self.keyboard is not None and any(
                u is not None and u.side is self.keyboard and u.kind.role is Role.DYNAMITE for u in self.game.board
            )
            return None if has_dynamite else False
        return True

    _KEYS = {"v": "evade", "t": "take_hit", "c": "counter", "p": "stop_duel", "b": "blast",
             "u": "undo", "x": "swap", "e": "end_turn", "E": "drain", "n": "new_game",
             "g": "resign", "=": "offer_draw"}

    def on_key(self, event: events.Key) -> None:
        """A command key that is greyed out or hidden right now still gets an answer: why not."""
        action = self._KEYS.get(event.character or "")
        if action is None or self.game is None or self.check_action(action, ()) is True:
            return
        event.stop()
        event.prevent_default()
        self.refuse(self.why_not(action))

    def why_not(self, action: str) -> str:  # noqa: PLR0911 - one answer per command
        """Why a command cannot be used now, in the player's words (the engine's where it has one)."""
        game = self.game
        assert game is not None
        if action == "new_game":
            return "A new game can begin once this duel is over (Escape leaves it)."
        if game.is_over():
            return "The game is over: n starts a new one."
        if not self.my_move():
            if self.computer_to_act():
                return "Wait: the computer is playing."
            return "Wait for the other player."
        phase = game.phase
        candidate: Action | None = None
        if action == "offer_draw":
            candidate = OfferDraw()
        elif action in ("evade", "take_hit"):
            if phase is not Phase.DEFEND:
                return "There is no attack to answer right now."
            candidate = Evade()
        elif action in ("counter", "stop_duel"):
            if phase is not Phase.COUNTER or game.duel is None:
                return "You can counter-attack only right after defending yourself in a duel."
            me = game.board[game.duel.target]
            assert me is not None
            candidate = (
                Blast(game.duel.target) if me.kind.role is Role.DYNAMITE
                else Attack(game.duel.target, game.duel.attacker)
            )
        elif phase is Phase.DEFEND:
            return f"You are attacked: first answer it ({self.defence_keys(game.view(self.keyboard))})."
        elif phase is Phase.COUNTER:
            return "First finish the duel: c counter-attack or p no counter-attack."
        elif action == "undo":
            candidate = Undo()
        elif action == "swap":
            kind = self.hand_kind(self.picked)
            if kind is None:
                return "Pick the card to swap first (1, 2 or 3), then press x."
            candidate = Swap(kind)
        elif action == "drain":
            candidate = EndTurn(drain=True)
        elif action == "blast":
            mine = [sq for sq, u in enumerate(game.board)
                    if u is not None and u.side is self.keyboard and u.kind.role is Role.DYNAMITE]
            if not mine:
                return "You have no Dynamite on the board."
            candidate = Blast(mine[0])
        if candidate is not None:
            reason = game.why_illegal(candidate)
            if reason is not None:
                return refusal_text(reason)
        return "That is not possible right now."

    def action_pick(self, index: int) -> None:
        if not self.my_move() or self.game is None:
            return
        hand = self.view.sides[self.keyboard].hand or ()  # type: ignore[index]
        if index >= len(hand):
            self.refuse(f"You have only {len(hand)} card{'s' if len(hand) != 1 else ''} in your hand.")
            return
        self.picked = None if self.picked == index else index
        self.selected = None
        self.redraw()

    def action_evade(self) -> None:
        if self.my_move():
            self.play(Evade())

    def action_take_hit(self) -> None:
        """``t``: the attacked UMO is destroyed - asked first, like every step that cannot be taken back."""
        if not self.my_move() or self.game is None or self.game.duel is None:
            return
        target = self.game.board[self.game.duel.target]
        if target is None:
            return
        self.confirm(
            "Take the hit?",
            f"Your {target.kind.name} on {B.name(self.game.duel.target)} is destroyed.",
            "Yes, take the hit", TakeHit(),
        )

    def action_counter(self) -> None:
        if not self.my_move() or self.game is None:
            return
        counters = [a for a in self.game.legal_actions if isinstance(a, (Attack, Blast))]
        if counters:
            counter = counters[0]
        elif self.game.duel is not None:
            me = self.game.board[self.game.duel.target]
            assert me is not None
            if me.kind.role is Role.DYNAMITE:
                counter = Blast(self.game.duel.target)
            else:
                counter = Attack(self.game.duel.target, self.game.duel.attacker)
        else:
            return
        if isinstance(counter, Blast):  # a Dynamite counters by blowing itself up: asked first
            self.confirm_blast(counter)
        else:
            self.play(counter)

    def action_stop_duel(self) -> None:
        if self.my_move():
            self.play(StopDuel())

    def action_end_turn(self) -> None:
        if self.my_move():
            view = self.view
            unused = [what for what, used in (("morphed", view.morph_used), ("acted", view.action_used)) if not used]
            detail = f"You have not {' or '.join(unused)} this turn. " if unused else ""
            cost = "It costs 1 energy: nothing was paid this turn. " if not view.paid else ""
            self.confirm("End the turn?", detail + cost, "Yes, end the turn", EndTurn())

    def action_drain(self) -> None:
        if self.my_move():
            left = self.view.sides[self.view.current].energy
            self.confirm(
                "End the turn spending all your energy?",
                f"All {left} energy left in your row is spent, so you draw no cards at the end of this turn (U10).",
                f"Yes, spend all {left} and end the turn", EndTurn(drain=True),
            )

    def action_swap(self) -> None:
        if not self.my_move():
            return
        kind = self.hand_kind(self.picked)
        if kind is None:
            self.refuse("Pick the card to swap first (1, 2 or 3), then press x.")
            return
        self.confirm(
            f"Swap the {self.names[kind]}?",
            "It goes face down under your deck, you draw the top card, and your turn ends at once (U13).",
            "Yes, swap it and end the turn", Swap(kind),
        )

    def confirm(self, question: str, detail: str, yes: str, action: Action) -> None:
        """Ask once before an action that ends the turn; the guarded question ignores the
        key that opened it and any double press (``common.ui.base.GuardedModalScreen``)."""
        token = self._token

        def answered(go: bool | None) -> None:
            # The duel may have changed under the question (a new game): act only on the one asked about.
            if go and token == self._token and self.my_move():
                self.play(action)

        self.app.push_screen(
            ChoiceScreen(question, [Choice("y", yes, True), Choice("n", "No, go on playing", False)],
                         detail=detail, cancel=True),
            answered,
        )

    def action_undo(self) -> None:
        if self.my_move():
            self.play(Undo())

    def action_resign(self) -> None:
        """``g``: give the game up (U26), after one question."""
        if self.my_move() and self.keyboard is not None:
            self.confirm(
                "Resign the game?",
                f"The {self.keyboard.other.title} win at once (U26).",
                "Yes, resign", Resign(),
            )

    def action_offer_draw(self) -> None:
        """``=``: offer a draw (U26), after one question; the other side answers."""
        if not self.my_move() or self.keyboard is None:
            return
        if self.computer is not None:
            how = "The computer accepts when it judges that it is not winning."
        else:
            how = f"The {self.keyboard.other.title} are handed the keyboard to accept or decline."
        self.confirm("Offer a draw?", f"{how} Declined, your turn goes on (U26).", "Yes, offer a draw", OfferDraw())

    def ask_draw(self) -> None:
        """The player at the keyboard answers a draw offer (U26): asked once, no Escape -
        the game cannot go on until the offer is answered."""
        assert self.game is not None
        offerer = self.game.current
        token = self._token

        def answered(accept: bool | None) -> None:
            if accept is not None and token == self._token and self.my_move() and self.game is not None \
                    and self.game.phase is Phase.DRAW_OFFER:
                self.play(AnswerDraw(accept=accept))

        self.app.push_screen(
            ChoiceScreen(
                f"The {offerer.title} offer a draw",
                [Choice("y", "Accept: the game is a draw", True),
                 Choice("n", f"Decline: the {offerer.possessive} turn goes on", False)],
                detail="Accepted, the game ends as a draw (U26).",
            ),
            answered,
        )

    def action_new_game(self) -> None:
        """``n`` once the duel is over: the same setup, freshly dealt (as the end question's ``n``)."""
        if self.game is not None and self.game.is_over():
            self._after_game("new")

    def action_log_page(self, direction: int) -> None:
        """PgUp / PgDn: page through the log, which may be only a few lines high."""
        log = self.query_one("#log", RichLog)
        if direction < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_blast(self) -> None:
        if not self.my_move() or self.game is None:
            return
        for sq in (self.selected, self.board.cursor):
            if sq is not None:
                umo = self.game.board[sq]
                if umo is not None and umo.side is self.keyboard and umo.kind.role is Role.DYNAMITE:
                    self.confirm_blast(Blast(sq))
                    return
        blasts = [a for a in self.game.legal_actions if isinstance(a, Blast)]
        if len(blasts) == 1:
            self.confirm_blast(blasts[0])
        else:
            self.refuse("Put the cursor on your Dynamite, then press b.")

    def confirm_blast(self, blast: Blast) -> None:
        """A blast destroys the Dynamite and all around it, yours too: asked once first."""
        if self.game is None or blast not in self.game.legal_actions:
            self.play(blast)  # refused, with the engine's reason: nothing to ask about
            return
        self.confirm(
            f"Blast the Dynamite on {B.name(blast.src)}?",
            "It explodes with every UMO on the 8 squares around it, yours included.",
            "Yes, blast it", blast,
        )

    def on_unmount(self) -> None:
        self._token += 1  # a decision still running in its thread is dropped
        if self._thinker is not None:
            self._thinker.close()  # the search process ends with the screen


def _log_text(e: Event) -> Text:
    """An event as a log line, in its side's colour (a turn's start and the end in bold)."""
    side = getattr(e, "side", None)
    style = SIDE_STYLE[side].replace("bold ", "") if isinstance(side, Side) else ""
    if isinstance(e, (TurnStarted, GameEnded)):
        style = "bold " + style
    return Text(str(e), style=style)


def _events(happened: tuple[object, ...]) -> list[Event]:
    """The session hands events back untyped (it serves every game): these are UWO's."""
    return [e for e in happened if isinstance(e, Event)]


def _squares_of(action: Action, game: Game) -> set[Square]:
    """The squares a step touched, to mark the computer's last step on the board."""
    if isinstance(action, (Move, Attack)):
        return {action.src, action.dst}
    if isinstance(action, Ride):
        return {action.src, *action.path}
    if isinstance(action, Blast):
        return {action.src, *B.AROUND[action.src]}
    if isinstance(action, Morph):
        return {action.square}
    if isinstance(action, (Evade, TakeHit, StopDuel)) and game.duel is not None:
        return {game.duel.target}
    return set()
