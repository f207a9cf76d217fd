"""What a duel's screen draws, from the view of the side at the keyboard: the layers of
``UwoScreen`` that read the duel (``seat``, ``view``) and draw it (board, panels, log).

Everything drawn comes from ``view(seat)`` through the pure renderers of ``uwo.render``;
the engine is read past the view only for its legal actions and their refusals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from boardgames.common.ui.base import ARM, IGNORED_HINT, QuietGate, clock_of
from boardgames.common.ui.session_screen import SessionScreen
from boardgames.uwo import board as B
from boardgames.uwo import render
from boardgames.uwo.actions import Morph, Swap
from boardgames.uwo.board import Square
from boardgames.uwo.cards import load_catalog
from boardgames.uwo.engine import Game
from boardgames.uwo.events import Event, Undone, standing
from boardgames.uwo.players import ComputerOpponent
from boardgames.uwo.side import Side
from boardgames.uwo.view import UwoView
from boardgames.uwo.widgets import BoardGrid, HandPanel, InfoPanel, SideBar, StatusPanel


class DuelView(SessionScreen[Game]):
    """The duel as the side at the keyboard sees it, drawn (the base of ``UwoScreen``)."""

    #: The commands whose Footer state is redrawn when it changes.
    _COMMANDS = ("evade", "take_hit", "counter", "stop_duel", "blast", "undo", "swap", "end_turn", "drain", "new_game")
    #: Who the computer plays (``None``: a duel between people).
    computer: ComputerOpponent | None = None

    def __init__(self) -> None:
        super().__init__()
        #: The computer is deciding (its worker runs or its step waits for the pace).
        self.thinking = False
        #: Squares of the computer's last turn, marked on the board.
        self._last_squares: set[Square] = set()
        self.selected: Square | None = None
        self.picked: int | None = None
        self.catalog = load_catalog()
        self.names = {k.key: k.name for k in self.catalog.kinds}
        self._bindings_state: tuple[bool | None, ...] = ()
        #: What the board was last drawn from (``redraw``): the state but the cursor, the
        #: cursor, the marks and hints; a cursor move alone redraws two cells from it.
        self._drawn: tuple[tuple[object, ...], Square, render.Marks, render.Hints] | None = None
        #: What the log shows, in order: headings (``Text``) and events; rewritten on an undo.
        self._logged: list[object] = []
        #: Against the computer no handover announces its attack: the prompt itself waits
        #: for a moment of quiet, as a handover would (open until a prompt restarts it).
        self._prompt_gate = QuietGate(ARM)
        self._prompt_gate.restart(float("-inf"))

    if TYPE_CHECKING:  # the screen class that mixes this in defines them

        def after_step(self, events: Sequence[Event]) -> None:
            """React to a step's *events* (``UwoScreen``: log, hand over, redraw)."""

        def start(self) -> None:
            """Deal and begin a duel (``UwoScreen``)."""

    # ------------------------------------------------------------------ what the screen reads

    @property
    def game(self) -> Game | None:
        """The duel's engine (``None`` while the setup is asked): tests read it; the screen
        reads ``view`` and the legal actions."""
        return self.session.engine if self.session is not None else None

    @property
    def seat(self) -> Side | None:
        """The side at the keyboard (its handover dismissed); ``None`` while it changes hands."""
        seat = self.keyboard.seat if self.keyboard is not None else None
        return None if seat is None else Side(seat)

    @property
    def view(self) -> UwoView:
        return self.engine.view(self.seat)

    @property
    def board(self) -> BoardGrid:
        return self.query_one(BoardGrid)

    def hand_kind(self, index: int | None) -> str | None:
        seat = self.seat
        if index is None or seat is None:
            return None
        hand = self.view.sides[seat].hand or ()
        return hand[index].key if index < len(hand) else None

    def my_move(self) -> bool:
        """Is the player at the keyboard the one the game waits for?"""
        return self.session is not None and self.seat is not None and self.view.to_act is self.seat

    def computer_to_act(self) -> bool:
        return self.computer is not None and self.session is not None and self.view.to_act is self.computer.side

    # ------------------------------------------------------------------ drawing

    def log_line(self, line: Text) -> None:
        """A heading of the log (not an event): kept, so the log can be written again."""
        self._logged.append(line)
        self.query_one("#log", RichLog).write(line)

    def write_log(self, events: Sequence[Event]) -> None:
        """Add ``events`` to the log; a step taken back (U24) is struck from it, and the log
        is written again without it: the other player reads only what stands."""
        log = self.query_one("#log", RichLog)
        if any(isinstance(e, Undone) for e in events):
            self._logged = standing([*self._logged, *events])
            log.clear()
            for item in self._logged:
                log.write(item if isinstance(item, Text) else render.log_text(item))  # type: ignore[arg-type]
            return
        for e in events:
            self._logged.append(e)
            log.write(render.log_text(e))

    def _drawn_key(self, view: UwoView) -> tuple[object, ...]:
        """Everything but the cursor that the panels are drawn from (``undoable`` is not in
        the view's ``==``; the status line reads it)."""
        return (
            view,
            view.undoable,
            self.seat,
            self.selected,
            self.picked,
            frozenset(self._last_squares),
            self.thinking,
        )

    def redraw(self) -> None:
        if self.session is None:
            return
        view, seat = self.view, self.seat
        for bar in self.query(SideBar):
            bar.show(view.sides[bar.side], to_act=view.to_act is bar.side, current=view.current is bar.side)
        grid = self.board
        marks, hints = render.board_marks(
            view,
            seat,
            cursor=grid.cursor,
            last=self._last_squares,
            picked_kind=self.hand_kind(self.picked),
            selected=self.selected,
        )
        for sq in range(B.SQUARES):
            grid.cell(sq).show(view.board[sq], marks.get(sq, set()), hints.get(sq, ""))
        self._drawn = (self._drawn_key(view), grid.cursor, marks, hints)
        self.draw_status(view)
        self.draw_info(view)
        hand = view.sides[seat].hand if seat is not None else None
        usable = {a.kind for a in view.legal if isinstance(a, (Morph, Swap))}
        playable = {i for i, k in enumerate(hand or ()) if k.key in usable}
        self.query_one(HandPanel).show(seat, hand, self.picked if seat is not None else None, playable, self.names)
        # The Footer is rebuilt on every refresh_bindings(): only when something changed.
        state = tuple(self.check_action(a, ()) for a in self._COMMANDS)
        if state != self._bindings_state:
            self._bindings_state = state
            self.refresh_bindings()

    def draw_status(self, view: UwoView) -> None:
        computer = (self.computer.side, self.computer.level) if self.computer is not None else None
        ignored = None if self._prompt_gate.is_open(clock_of(self.app)()) else IGNORED_HINT
        title, lines = render.status(
            view, self.seat, computer=computer, picked=self.picked, selected=self.selected, ignored=ignored
        )
        self.query_one(StatusPanel).show(title, lines)

    def draw_info(self, view: UwoView, *, shrink: bool = True) -> None:
        """The card picked, else the one under the cursor (or selected); with ``shrink=False``
        (the cursor alone moved) the panel keeps its height for a shorter one."""
        info = self.query_one(InfoPanel)
        kind_key = self.hand_kind(self.picked)
        if kind_key is not None:
            heading = f"Card {self.picked + 1} of your hand"  # type: ignore[operator]
            info.show_kind(self.catalog[kind_key], self.names, heading=heading, shrink=shrink)
            return
        umo = render.umo_to_read(view, self.board.cursor, self.selected)
        hints = self._drawn[3] if self._drawn is not None else {}
        where = render.cursor_text(view, self.board.cursor, self.selected, hints)
        if umo is not None:
            info.show_umo(umo, self.names, shrink=shrink, lead=where)
        else:
            info.clear_info(render.empty_square(self.board.cursor), shrink=shrink)

    def on_board_grid_cursor_moved(self, event: BoardGrid.CursorMoved) -> None:
        self.move_cursor()

    def move_cursor(self) -> None:
        """Only the cursor moved: draw the cell it left, the cell it entered and the info
        panel, nothing else.  A fresh view that equals the one last drawn (and the same
        selection, seat and marks) proves nothing else changed; else everything is drawn."""
        drawn = self._drawn
        if self.session is None or drawn is None:
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

    def on_resize(self, event: events.Resize) -> None:
        """The panels choose their short or long wording by their width: draw them again."""
        self.call_after_refresh(self.redraw)

    # ------------------------------------------------------------------ a moment of quiet

    def accepts_key(self, event: events.Key) -> bool:
        """Keys wait for a moment of quiet after the computer's attack appears: each one
        pressed sooner is swallowed and restarts it (``common.ui.base.QuietGate``)."""
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
        """Only the display runs on a timer (whether a key counts is read from the clock)."""
        if self.session is not None and self.is_attached and self._prompt_gate.is_open(clock_of(self.app)()):
            self.draw_status(self.view)

    def accepts_click(self, event: events.MouseDown | events.MouseUp) -> bool:
        """Nor does a click in that moment (it needs no quiet after it, being deliberate)."""
        return self._prompt_gate.is_open(clock_of(self.app)())
