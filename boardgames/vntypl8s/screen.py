"""VNTYPL8S on one terminal: hot-seat writing, the buzzer race, scores.

The screen is a thin driver of a ``GameSession`` over ``boardgames.vntypl8s.engine.Game``
(``common.ui.session_screen.SessionScreen``): it draws ``view(seat)`` of whoever holds
the keyboard (``None``, the table's, whenever everyone is looking), turns keys into
engine actions, and reacts to each step's events in one place (``after_step``).  Who
holds the keyboard, and when a ``HandoverScreen`` covers the terminal, is the common
policy's (``common.handovers.Keyboard``, worded by ``handovers.Words``): before each
writer (P13), only after Space (never Enter, which hands a plate in) does the writer's
0WN3R and R3QRMNTS card appear, and both are wiped before the next handover (P19).
Guessing is public: the plate drawn large, a buzzer key by each name, and the buzzing
player picks a card in ``guess.GuessScreen``.  What is drawn is worded in ``render``.

The optional writing timer (P17) is the shared ``SandTimer`` reading the app's
injected clock; when it runs out the screen sends the engine ``WritingTimeUp``.

The setup form is ``setup.Vntypl8sSetupScreen``, the favourites page
``favourites_screen.FavouritesScreen`` (both reachable from here too, for older imports).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import ContentSwitcher, Input, SelectionList, Static

from boardgames.common.handovers import Handover
from boardgames.common.saves import Autosaver
from boardgames.common.session import GameSession
from boardgames.common.ui.base import ARM, QuietGate, clock_of
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.host import Host, host
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.common.ui.titlebar import TitleBar
from boardgames.common.ui.words import open_dictionary_after_first_frame
from boardgames.vntypl8s import render
from boardgames.vntypl8s.engine import (
    MAX_PLAYERS,
    Game,
    GameEnded,
    GameView,
    RoundEnded,
    SubmitPlate,
    WritingTimeUp,
)
from boardgames.vntypl8s.favourites import Favourite, add_favourites
from boardgames.vntypl8s.favourites_screen import FavouritesScreen
from boardgames.vntypl8s.guess import GuessScreen
from boardgames.vntypl8s.guessing import GuessingKeys, Stage
from boardgames.vntypl8s.handovers import Words, revealed, round_over
from boardgames.vntypl8s.limits import BUZZ_SECONDS
from boardgames.vntypl8s.render import lock_out_message, wrong_guess
from boardgames.vntypl8s.spec import SPEC, Vntypl8sSession, Vntypl8sSetup
from boardgames.vntypl8s.tables import FinalTable, GuessingTable, RevealPanel, RoundTable
from boardgames.vntypl8s.widgets import (
    GAME,
    MIN_SIZE,
    PlateView,
)
from boardgames.vntypl8s.writing import WritingDesk

__all__ = [
    "BUZZ_SECONDS",
    "GAME",
    "MIN_SIZE",
    "FavouritesScreen",
    "GuessScreen",
    "Stage",
    "Vntypl8sScreen",
    "lock_out_message",
    "start_game",
    "wrong_guess",
]


def __getattr__(name: str) -> Any:
    """``screen.Vntypl8sSetupScreen``, for callers written before the setup form had its own
    module (``setup``, which imports this one to start a game: imported by name, no cycle)."""
    if name == "Vntypl8sSetupScreen":
        return importlib.import_module("boardgames.vntypl8s.setup").Vntypl8sSetupScreen
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The Footer's one entry for the buzzer keys 1-8.
BUZZERS = Binding.Group("Buzz")


def start_game(setup: Vntypl8sSetup, app: Host) -> Vntypl8sScreen:
    """A new game for *setup*, dealt from the app's next seed and autosaved from its first action."""
    return Vntypl8sScreen(GameSession.start(SPEC, setup, app.new_seed()))


class Vntypl8sScreen(GuessingKeys):
    """One whole game of VNTYPL8S, from the first handover to the favourites."""

    GAME = GAME
    MIN_SIZE = MIN_SIZE
    CSS_PATH = "vntypl8s.tcss"
    TITLE = "VNTYPL8S"
    SUB_TITLE = ""
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
        if isinstance(session.engine, Game):
            session.engine.write_in_turn()  # one keyboard: writers in turn, a hosted game's rematch too (P33)
        self.setup: Vntypl8sSetup = session.setup
        self.players = self.game.players
        self.timer = self.setup.timer
        self.stage = Stage.HANDOVER
        #: who writes now (their handover taken), else ``None``
        self.writer: int | None = None
        #: the events of the step the reveal or the round table shows
        self._pending: Sequence[object] = ()
        #: the handover the policy asked for while the reveal or round table is read first
        self._due: Handover | None = None
        #: Enter on a reveal or a round table waits for a moment of quiet since it appeared,
        #: so the Enter that led there (or a double press) cannot skip it unseen.
        self._continue_gate = QuietGate(ARM)
        #: what the handovers say (who hands over, and when, is ``SessionScreen``'s)
        self.words = Words(self.timer)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(id="status")
        with ContentSwitcher(initial="between", id="stages"):
            with Vertical(id="between"):
                yield Static(id="between-text")
            yield WritingDesk(self.timer, self._hand_in, id="writing")
            yield GuessingTable(id="guessing")
            yield RevealPanel(id="reveal")
            yield RoundTable(id="round-end")
            yield FinalTable(id="final")
        yield Footer()

    def on_mount(self) -> None:
        """A new game opens on its first writer's handover; a replayed save behind one (P20):
        the next writer's, or the table's before what the last action led to."""
        open_dictionary_after_first_frame(self)  # the first plate is judged as it is typed
        assert self.session is not None
        last = self.session.last
        opening = self.open_keyboard()
        if opening is None:
            self._show_final()
        elif opening.seat is None:
            self._set_stage(Stage.HANDOVER, "between")
            self.query_one("#between-text", Static).update(
                f"Round {self.g.round} of {self.g.rounds}: the game resumes."
            )
            self.pass_keyboard(opening, lambda: self._show_table(last))
        else:
            self._pass(opening, resumed=bool(last))

    # -- the session ----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The rules engine (the session's); actions go through ``act``, which autosaves."""
        return self.engine

    @property
    def g(self) -> Game:
        return self.engine

    @property
    def table(self) -> GameView:
        """What everyone at the table may see."""
        return self.engine.view(None)

    @property
    def desk(self) -> WritingDesk:
        return self.query_one(WritingDesk)

    @property
    def autosave(self) -> Autosaver | None:
        assert self.session is not None
        return self.session.autosave

    def handover_words(self) -> Words:
        return self.words

    def after_step(self, events: Sequence[object]) -> None:
        """Every step's events: the table is shown what they led to, and the keyboard
        changes hands when the policy says (after the reveal and round table, if any)."""
        for notice, severity in render.writing_notices(events):
            self.notify_everyone(notice, severity=severity, markup=False)
        due = self.take_due()
        if revealed(events) or round_over(events):
            self._due = due
            self._show_table(events)
        elif due is not None:
            self._pass(due)
        elif (buzzer := self.table.buzzer) is not None:
            self._open_guess(buzzer)
        else:
            message = lock_out_message(events)
            if message is not None:
                self.query_one(GuessingTable).tell(message, "bold red")
            self._refresh_guessing()

    def _pass(self, handover: Handover, *, resumed: bool = False) -> None:
        """Cover the screen with *handover*; then the writer's desk, or the plate for everyone."""
        self._set_stage(Stage.HANDOVER, "between")
        between = self.query_one("#between-text", Static)
        writer = handover.seat
        if writer is None:
            between.update("All plates are written.")
            self.pass_keyboard(handover, self._show_plate)
        else:
            between.update(render.writing_between(self.table, writer, resumed=resumed))
            self.pass_keyboard(handover, lambda: self._show_writer(writer))

    def _show_table(self, events: Sequence[object]) -> None:
        """What *events* led to, for everyone: the reveal, the round's table, or the plate."""
        self._pending = events
        if revealed(events):
            self._show_reveal(events)
        elif round_over(events):
            self._show_round_end()
        elif self.engine.outcome() is not None:
            self._show_final()
        else:
            self._show_plate(lock_out_message(events))
            if (buzzer := self.table.buzzer) is not None:
                self._open_guess(buzzer)  # P31: the buzz is the buzzer's again, with the whole time

    def _next_holder(self) -> None:
        """On from a reveal or round table: the handover due, else the next plate."""
        due, self._due = self._due, None
        assert self.keyboard is not None
        due = due or self.keyboard.after(())
        if due is not None:
            self._pass(due)
        else:
            self._show_plate()

    def _set_stage(self, stage: Stage, panel: str) -> None:
        self.stage = stage
        self._continue_gate.restart(clock_of(self.app)())
        self.query_one("#stages", ContentSwitcher).current = panel
        self._update_status()
        self.refresh_bindings()

    def _update_status(self) -> None:
        """Round, phase and every score; the round is the one on screen, not the engine's next."""
        view = self.table
        round_, phase = view.round, render.PHASES[view.phase]
        if self.stage is Stage.ROUND_END:
            # The engine has already dealt the next round; the table is the last one's.
            round_, phase = next(e for e in self._pending if isinstance(e, RoundEnded)).round, "round over"
        elif self.stage is Stage.REVEAL:
            # The last plate's reveal: the engine may be writing the next round already.
            round_, phase = view.history[-1].round, "guessing"
        width = (self.size.width or self.app.size.width) - 2  # the bar's padding
        self.query_one("#status", Static).update(render.status(view, round_, phase, width))

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

    def _show_writer(self, writer: int) -> None:
        """The writer took the keyboard: their own cards and an empty editor (P19)."""
        self.writer = writer
        self.desk.show(self.engine.view(writer).players[writer], lambda text: self.g.judge_plate(writer, text))
        self._set_stage(Stage.WRITING, "writing")
        self.query_one("#plate-input", Input).focus()
        if self.timer:
            self.query_one(SandTimer).start()

    def on_screen_suspend(self) -> None:
        """Something covers the writer's editor: their sand waits (P28)."""
        if self.stage is Stage.WRITING:
            self.desk.cover()

    def on_screen_resume(self) -> None:
        """Uncovered: the writer's sand runs on; the Footer shows the keys as they are now
        (a guess dialog may have changed who may buzz)."""
        self.refresh_bindings()
        if self.stage is Stage.WRITING:
            self.desk.uncover()

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
        self.desk.clear()
        self.writer = None
        self.set_focus(None)

    def _hand_in(self, text: str, timed_out: bool) -> None:
        """The writer hands their plate in, or their time ran out (P17)."""
        writer = self.writer
        if writer is None or self.stage is not Stage.WRITING:
            return
        events = self.act(WritingTimeUp(writer, text) if timed_out else SubmitPlate(writer, text))
        if events is None:
            return
        self._clear_writer()
        self.after_step(events)

    # -- guessing -----------------------------------------------------------------------

    def _show_plate(self, message: str | None = None) -> None:
        """The plate up for guessing; *message* replaces the hint (a resumed lock-out)."""
        self.query_one(GuessingTable).show(self.table, message)
        self.refresh_bindings()
        self._set_stage(Stage.PLATE, "guessing")
        self.set_focus(None)

    def refuse(self, reason: str) -> None:
        """A refusal while a plate is up (a buzz by a player who is out, say) is also
        written on the plate's message line, where the table is looking."""
        super().refuse(reason)
        if isinstance(self.app.screen, GuessScreen):
            self.app.screen.tell(reason)  # the dialog covers the message line
        if self.stage is Stage.PLATE:
            self.query_one(GuessingTable).tell(reason, "bold yellow")

    def _show_reveal(self, events: Sequence[object]) -> None:
        """Steps 5-7 of the guessing phase, each event in its own words; Enter moves on."""
        self._pending = events
        self.query_one(RevealPanel).show(self.table, events)
        self._set_stage(Stage.REVEAL, "reveal")

    def action_continue(self) -> None:
        if self.stage is Stage.REVEAL and round_over(self._pending):
            self._show_round_end()
        elif self.stage is Stage.ROUND_END and any(isinstance(e, GameEnded) for e in self._pending):
            self._show_final()
        elif self.stage in (Stage.REVEAL, Stage.ROUND_END):
            self._next_holder()

    # -- tables ------------------------------------------------------------------------------

    def _show_round_end(self) -> None:
        ended = next(e for e in self._pending if isinstance(e, RoundEnded))
        scroll = self.query_one(RoundTable)
        scroll.show(self.table, ended.round)
        self._set_stage(Stage.ROUND_END, "round-end")
        scroll.focus()  # arrows and Page Down reach what does not fit

    def _show_final(self) -> None:
        self.query_one(FinalTable).show(self.table)
        self._set_stage(Stage.FINAL, "final")
        self.query_one("#favourites", SelectionList).focus()

    def action_save_favourites(self) -> None:
        if self.stage is not Stage.FINAL:
            return
        marked = self.query_one(FinalTable).marked
        if not marked:
            self.notify("Mark plates with Space first.", severity="warning")
            return
        warning = add_favourites([Favourite(r.plate, r.owner, r.requirements, self.players[r.writer]) for r in marked])
        if warning:
            self.notify(warning, severity="error", markup=False)
        else:
            self.notify(f"Saved {len(marked)} favourite plate{'s' if len(marked) > 1 else ''}.", markup=False)

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
            v = self.table
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
