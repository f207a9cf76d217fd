"""UWO on one terminal: two players and handovers, or one player against the computer.

The screen is a thin driver of ``boardgames.uwo.engine.Game``, held in a
``GameSession`` (``SessionScreen``): every action - the person's and the computer's -
goes through ``act``.  It draws only ``view(seat)``, ``seat`` being the side holding
the keyboard (``common.handovers.Keyboard``, worded by ``uwo.handovers``), or ``None``
while it changes hands; it reads the engine past the view only for its legal actions
and their refusals.  What the panels say is ``uwo.render``'s, which commands the Footer
offers ``uwo.commands``', the questions ``uwo.modals``'; the setup form before it is ``uwo.setup``'s.

Against the computer (``computer=ComputerOpponent(level, side)``) the keyboard never
changes hands.  When the computer must decide it thinks through a ``common.bots.Bot``
(in its own process, from its own seat's view) while the screen stays live; each of
its steps is then held until ``step_delay`` seconds (on the app's clock) have passed
since the last step, so a person can follow it.

Keys (``docs/keys.md``; UWO's are listed in ``docs/rules/uwo.md``): the board owns the
cursor keys, Enter and Escape (``BoardGrid``); the screen owns the game commands.  The
commands that end a turn (``e``, ``E``, ``x``), and those that cannot be taken back
(``t``, ``b`` and a Dynamite's counter: a blast) ask once first.  Against the computer,
whose attack comes with no handover, the screen itself takes no key for a moment of
quiet after the attack appears.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import RichLog, Static

from boardgames.common.session import GameSession
from boardgames.common.ui.colours import ansi
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.host import host
from boardgames.common.ui.titlebar import TitleBar
from boardgames.uwo import board as B
from boardgames.uwo import handovers, modals, render
from boardgames.uwo.computer import STEP_DELAY, uwo_events
from boardgames.uwo.engine import Game
from boardgames.uwo.events import DrawAnswered, Event, KeepsPlaying, TurnStarted, Undone, standing
from boardgames.uwo.keys import DuelKeys
from boardgames.uwo.players import ComputerOpponent
from boardgames.uwo.side import Side
from boardgames.uwo.spec import SPEC, UwoSession, UwoSetup
from boardgames.uwo.view import Phase, UwoView
from boardgames.uwo.widgets import BoardGrid, HandPanel, InfoPanel, SideBar, StatusPanel, ThinkingDots

if TYPE_CHECKING:
    from boardgames.common.handovers import Handover

__all__ = ["STEP_DELAY", "UwoScreen"]


class UwoScreen(DuelKeys):
    """A duel.  ``session`` may be given (a resumed save); ``game`` too (tests, studied
    positions: played as they are, never saved); otherwise one is dealt with the app's
    seeded random generator (the menu's setup form, ``uwo.setup``, opens it so).
    ``computer`` plays one seat by the computer; ``step_delay`` paces its steps (0 in tests)."""

    GAME = "uwo"
    TITLE = "UWO"
    NOUN = "duel"
    SUB_TITLE = "Gnorfs against Pnorfs"
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

    def __init__(
        self,
        *,
        session: UwoSession | None = None,
        game: Game | None = None,
        first_game: bool = False,
        computer: ComputerOpponent | None = None,
        step_delay: float = STEP_DELAY,
    ) -> None:
        super().__init__(step_delay)
        if session is None and game is not None:
            session = GameSession(SPEC, UwoSetup(game.view(None).first_game, computer), game, autosave=None)
        #: The duel in play (``None`` until dealt): its engine, setup and autosave.
        self.session = session
        #: A resumed duel's events so far, written back into the log.
        self._history: list[Event] = uwo_events(session.history) if session is not None else []
        setup: UwoSetup | None = session.setup if session is not None else None
        self.first_game = setup.first_game if setup is not None else first_game
        self.computer = setup.computer if setup is not None else computer
        #: Each side finds the cursor where it left it (first on its own front row).
        self._cursors = {Side.GNORFS: B.parse("c2"), Side.PNORFS: B.parse("c5")}

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="uwo-main"):
            with Vertical(id="uwo-left"):
                yield SideBar(Side.PNORFS)
                yield BoardGrid(id="board")
                yield SideBar(Side.GNORFS)
                yield Static(render.LEGEND, id="legend")
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
        self.start_pace()
        self.start()

    def start(self) -> None:
        """Deal (unless a game was given), log the start, and hand the keyboard over
        (against the computer: give it to the person for the whole game)."""
        if self.session is None:
            self.session = GameSession.start(SPEC, UwoSetup(self.first_game, self.computer), host(self).new_seed())
        self.new_duel()
        self.selected = self.picked = None
        self.query_one("#log", RichLog).clear()
        self._logged = []
        table = self.engine.view(None)
        resumed = bool(self._history)
        self.log_line(
            Text(
                f"A new duel{' (first game: 8 UMOs each)' if table.first_game else ''}. The Gnorfs begin.", style="bold"
            )
        )
        if resumed:
            self.write_log(self._history)
            self.log_line(Text(f"— The duel resumes on turn {table.turn}. —", style="bold"))
            self._history = []
        computer = self.computer
        opening = self.open_keyboard()
        if computer is not None:
            self.seat_computer()
            self.sub_title = f"you play the {computer.human.title} against {computer.describe()}"
            self.log_line(
                Text(
                    f"You play the {computer.human.title}; {computer.describe()} plays the {computer.side.title}.",
                    style=ansi(render.SIDE_STYLE[computer.human].replace("bold ", "")),
                )
            )
            self.board.cursor = self._cursors[computer.human]
            self.query_one("#legend", Static).update(render.LEGEND_VS_COMPUTER)
        # a handover first (or the computer thinks): nothing shows too early
        self.handover_due = opening
        self.after_step([] if resumed else [TurnStarted(table.current, table.turn)])

    # ------------------------------------------------------------------ after each step

    def handover_words(self) -> handovers.UwoWords:
        return handovers.WORDS

    def people_here(self) -> frozenset[int] | None:
        """Against the computer the person alone holds the keyboard: never a handover."""
        return None if self.computer is None else frozenset({self.computer.human})

    #: A step taken back is not told at the next handover (U24).
    forget = staticmethod(standing)

    def after_step(self, events: Sequence[Event]) -> None:
        """Log what happened, then redraw - or hand the keyboard over first (the handover
        the step made due, or the duel's opening one)."""
        assert self.keyboard is not None
        self.write_log(events)
        for e in events:
            if isinstance(e, Undone):
                self.notify(str(e), title="Taken back", markup=False)  # only the player at the keyboard
        before = None if self.outgoing is None else Side(self.outgoing)
        handover = self.take_due()
        view = self.view
        if view.outcome is not None:
            self.keyboard.seat = None  # the end is the table's: no hand is drawn
            self.redraw()
            self.app.push_screen(modals.game_over(self.view), self._after_game)
        elif handover is not None:
            self.pass_over(before, handover)
        elif self.computer is not None and view.to_act is self.computer.side:
            self.redraw()
            self.think()
        else:
            self.tell(events, view)
            self.redraw()

    def tell(self, events: Sequence[Event], view: UwoView) -> None:
        """What the player who goes on at the keyboard is told of the step."""
        for e in events:
            if isinstance(e, KeepsPlaying):
                self.notify(str(e), title="Another turn", markup=False)  # an event's words: plain text
            elif isinstance(e, DrawAnswered) and self.computer is not None:
                self.notify(str(e), title="Your offer of a draw", markup=False)
        if self.computer is not None and view.phase is Phase.DRAW_OFFER and view.to_act is self.computer.human:
            self.ask_draw()  # U29: the computer offered a draw; the person answers it
        if self.computer is not None and view.phase is Phase.DEFEND and view.duel is not None:
            # A key pressed for the board a moment ago (or held) must not answer the attack.
            self.restart_prompt_gate()
            self.board.cursor = view.duel.target
            attacker = view.board[view.duel.attacker]
            assert attacker is not None
            self.notify(
                f"The {attacker.side.singular} {attacker.kind.name} on {B.name(view.duel.attacker)} attacks "
                f"you: {render.defence_keys(view)}.",
                title="You are attacked",
                severity="warning",
                markup=False,
            )

    def pass_over(self, before: Side | None, handover: Handover) -> None:
        """Hide every hand, then cover the terminal until the incoming side presses Space."""
        if before is not None:
            self._cursors[before] = self.board.cursor
        self.selected = self.picked = None
        if self._drawn is None:
            # A duel's first handover: nothing is drawn yet, so nothing is left to hide, and
            # the board is drawn just after the handover's first frame, not before it.
            self.call_after_refresh(self.redraw)
        else:
            self.redraw()
        self.pass_keyboard(handover, self.took_keyboard)

    def took_keyboard(self) -> None:
        seat = self.seat
        assert seat is not None
        view = self.view
        self.board.focus()
        defending = view.phase is Phase.DEFEND and view.duel is not None
        self.board.cursor = view.duel.target if defending and view.duel is not None else self._cursors[seat]
        self.redraw()
        # Lines written while the handover covered the log: show the newest once visible.
        log = self.query_one("#log", RichLog)
        self.call_after_refresh(log.scroll_end, animate=False)
        if view.phase is Phase.DRAW_OFFER:
            self.ask_draw()
