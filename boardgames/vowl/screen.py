"""The Vowl table: one screen that drives ``VowlGame`` for 2-5 players or practice.

The screen holds no rules.  It is a ``SessionScreen`` over a ``GameSession``
(``common.session``): every action goes through ``act``, which applies it, autosaves
it and tells a refusal in words; ``after_step`` then reacts to its events and asks the
right person for the next decision.  Who holds the keyboard is decided by the suite's
one policy (``common.handovers.Keyboard``, Vowl's words in ``handovers``): a handover
before anything private (a head-to-head pile, the selection hand) and where the rules
ask the racers to say they are ready.  Everything drawn comes from the view of the
holder, so another player's secrets are never rendered; the log shows only the events
that seat may see (``common.game.visible_to``).

Its parts: ``render`` writes the lines from a view, ``pile`` handles the pile in play
and sudden death's keys, ``turn_flow`` the questions between piles and the review.

Size: everything fits 80×24 (``MIN_SIZE``), each phase and each question; a larger
terminal gives the card, the side panel and the review more room (``vowl.tcss``).
Keys follow the suite's map (docs/keys.md; listed on the rules page): ``r`` roll,
Ctrl+X pass, Ctrl+B back to a passed card, ``z``/``m`` buzz, ``o`` the last turn's
review again, ``n`` a new game once it is over, Escape the shared leave question.
When the game is over the card's place shows the summary (``summary.game_summary``).

The screen reaches the app only through ``common.ui.host.host(self)`` (its clock,
its seeds, the main menu) and imports ``spec``, never ``entry``: no import circle.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Static

from boardgames.common.game import Seat, visible_to
from boardgames.common.handovers import Handover
from boardgames.common.session import GameSession
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.common.text import shown
from boardgames.common.ui.base import GateHint, QuietGate
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.host import Host, host
from boardgames.common.ui.lazy import find_or_mount
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.common.ui.text_input import TextInput
from boardgames.common.ui.titlebar import TitleBar
from boardgames.common.ui.words import open_dictionary_after_first_frame
from boardgames.vowl import render
from boardgames.vowl.actions import ChooseOpponent, ChoosePartner, StartRun
from boardgames.vowl.cards import load_frequencies
from boardgames.vowl.events import Event
from boardgames.vowl.handovers import READY_PHASES, WORDS, VowlWords, time_left
from boardgames.vowl.kinds import Phase
from boardgames.vowl.narrate import log_line
from boardgames.vowl.pile import BUZZ_GATE, FOOTER_NAME, PASS_WORD, PileHandling
from boardgames.vowl.render import BUZZ_KEYS
from boardgames.vowl.spec import SPEC, VowlSession, VowlSetup, matcher
from boardgames.vowl.turn_flow import TurnFlow
from boardgames.vowl.widgets import CardFace, EventLog, Feedback, GameOverPanel, PassedCards, Scoreboard, put

if TYPE_CHECKING:
    from boardgames.vowl.stats import Session, StatsStore

__all__ = ["BUZZ_GATE", "BUZZ_KEYS", "FOOTER_NAME", "PASS_WORD", "VowlScreen", "start_game"]


def start_game(setup: VowlSetup, app: Host) -> VowlScreen:
    """A new game for *setup*, dealt from the app's next seed and autosaved from its first action."""
    return VowlScreen(GameSession.start(SPEC, setup, app.new_seed()))


class VowlScreen(PileHandling, TurnFlow):
    """One game of Vowl (or a practice session), from the first roll to the winner."""

    GAME = "vowl"
    CSS_PATH = "vowl.tcss"
    #: Every phase and dialog fits a standard 80×24 terminal; larger ones give the card,
    #: the side panel and the review more room (vowl.tcss).
    MIN_SIZE = (80, 24)

    # The key map is the suite's (docs/keys.md): no browser-reserved Ctrl+N / Ctrl+T.
    BINDINGS = [
        Binding("r", "roll", "Roll the dice"),
        Binding("ctrl+x", "pass_card", "Pass", priority=True),
        Binding("ctrl+b", "revisit", "Back to a passed card", priority=True),
        Binding("z", "buzz(0)", "Buzz (left)"),
        Binding("m", "buzz(1)", "Buzz (right)"),
        Binding("o", "review", "Last turn's review"),
        Binding("n", "new_game", "New game"),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(
        self,
        session: VowlSession,
        *,
        stats: StatsStore | None = None,
        judge: SkeletonMatcher | None = None,
    ) -> None:
        """A new game, or a replayed save (``session.history``: what happened before).

        *stats*: the practice record (by default the player's own file in practice,
        none otherwise); *judge*: what the after-turn review lists answers with.
        """
        super().__init__()
        self.session = session
        game = session.engine
        table = game.view(None)
        resumed = bool(session.history)
        self.matcher = judge if judge is not None else matcher()
        if stats is None and session.setup.practice:
            from boardgames.vowl.stats import StatsStore  # noqa: PLC0415 - practice only: not for a table's first frame

            stats = StatsStore()
        self.stats = stats
        self._sessions: dict[str, Session] = {}
        self._card_times: list[float] = []
        self._last_solved_at = 0.0
        self._interrupted = resumed and table.phase in (Phase.SOLVING, Phase.SUDDEN_DEATH)
        #: the handover due, shown once no question is open (``sync``): first the opening one
        self._due: Handover | None = self.open_keyboard()
        #: whose eyes the log was last written for
        self._log_seat: Seat | None = None
        self._modal_open = False
        self._events: list[Event] = _events(session.history)
        self._reviewed_turn = table.last_turn.turn if resumed and table.last_turn else 0
        self._buzz_gate = QuietGate(BUZZ_GATE)
        self._buzz_timer: SandTimer | None = None
        #: What the Footer showed when it was last rebuilt (``refresh_bindings_if_changed``).
        self._footer_shows: tuple[object, ...] | None = None

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="vowl-main"):
            with Vertical(id="vowl-table"):
                yield Static("", id="status")
                with Horizontal(id="dice-row"):
                    yield Static("", id="dice")
                    # Interpretation V29: the buzzer's own countdown (``#buzz-timer``) goes here,
                    # before the card's, mounted at the first buzz (``buzz_timer``).
                    yield SandTimer(25, host(self).clock, id="timer")
                # Born as the first ``sync`` leaves them (no card face up, the box shut until a
                # pile): a class or ``disabled`` changed after mounting restyled each again before
                # the first frame, the answer box with its blur's too.
                yield CardFace("", id="card", classes="-empty")
                # The summary at the game's end (``#game-over``) goes here, mounted then.
                yield Static("", id="pile-info")
                yield PassedCards("", id="passed")
                # Sudden death (in the passed cards' place): ``#buzz-gate`` says when keys are
                # ignored (V31), mounted as sudden death begins (``render_view``).
                yield TextInput(placeholder="the word, then Enter · 'pass' passes", id="answer", disabled=True)
                yield Feedback("", id="feedback")
            with Vertical(id="vowl-side"):
                yield Scoreboard(id="scoreboard")
                if self.table.practice:
                    yield Static("", id="practice-stats")
                # Written only ``Text`` (``narrate.log_line``): no string is parsed as markup here.
                yield EventLog(id="log", wrap=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Vowl — solitaire practice" if self.table.practice else "Vowl"
        if self.stats is not None and self.stats.warning:
            self.notify_everyone(self.stats.warning, severity="warning", timeout=10, markup=False)
        self._refresh_log()
        self.sync()
        open_dictionary_after_first_frame(self, then=self._prepare_review)

    def _prepare_review(self) -> None:
        """After the first frame, in the dictionary's worker: the review's answer index, and
        ``frequency.txt``'s table, which orders its answers (checked before the first
        frame, built here)."""
        self.matcher.prepare()
        load_frequencies()

    # ------------------------------------------------------------------ a step, and what follows

    def act(self, action: object) -> tuple[object, ...] | None:
        """Apply one action through the session (applied, then saved); a refusal is
        shown to the player, never raised.  Then ``after_step``."""
        happened = super().act(action)
        if happened is not None:
            self.after_step(happened)
        return happened

    def after_step(self, happened: tuple[object, ...]) -> None:
        """Log a step's events, react to them, hand the keyboard over if the policy says so,
        and ask for what is next."""
        events = _events(happened)
        self._events.extend(events)
        for event in events:
            self._log_event(event)
            self._react(event)
        due = self.take_due()
        if due is not None:
            self._due = due
        self.sync()

    def sync(self) -> None:
        """Draw the holder's view and ask whoever must act next for their decision."""
        if self._modal_open:
            return
        if self._due is not None:
            self._pass_due(self._due)
            return
        g = self.table
        self._follow_keyboard()
        self.render_view()
        match g.phase:
            case Phase.ROLL:
                self.timer.set_limit(int(g.player(g.current_player).timer))
                self._focus_nothing()
            case Phase.CHOOSE_OPPONENT:
                self._choose_player(
                    ChooseOpponent, f"{shown(g.name(g.current_player))}: whom do you race head-to-head?"
                )
            case Phase.CHOOSE_PARTNER:
                self._choose_player(ChoosePartner, f"{shown(g.name(g.current_player))}: choose a neighbour as partner.")
            case Phase.PLACE_EXTRAS:
                self._ask_pile_order()
            case Phase.SOLVING:
                self._focus_answer()
            case Phase.SUDDEN_DEATH:
                sd = self.view().sudden_death
                if sd is not None and sd.buzzer is not None:
                    self._focus_answer()
                else:
                    self._focus_nothing()
            case Phase.SCORE:
                self._score()
            case Phase.GAME_OVER:
                self.timer.set_limit(int(g.player(g.current_player).timer))  # no stale sand
                self._focus_nothing()
        self.refresh_bindings_if_changed()

    def _pass_due(self, handover: Handover) -> None:
        """Cover the table with *handover*, the table's view beneath it (nothing private)."""
        self._due = None
        self._follow_keyboard()
        self.render_view()
        self._modal_open = True
        self.pass_keyboard(handover, lambda: self._taken())
        if not self._interrupted:
            self.refresh_bindings_if_changed()

    def _taken(self) -> None:
        """The incoming player took the keyboard: what they came for."""
        self._modal_open = False
        phase = self.table.phase
        if self._interrupted:
            self._restart_sand(*time_left(self.game))
            self.sync()
        elif phase in READY_PHASES:
            self._follow_keyboard()
            self.act(StartRun())  # the racers turn the sand timer (or the sudden-death card)
        elif phase is Phase.SELECT_DISCARDS:
            self._follow_keyboard()
            self._discard()
        else:
            self.sync()

    def handover_words(self) -> VowlWords:
        return WORDS

    def refresh_bindings_if_changed(self) -> None:
        """Rebuild the Footer only when a key it shows changed.

        ``refresh_bindings`` recomposes the Footer - every key a new widget, then a
        layout of the whole screen - and ``sync`` runs after every action, so each
        Enter rebuilt it for nothing.  What the Footer was last asked to show is
        recorded by ``refresh_bindings`` itself, whoever asks: Textual asks when the
        focus moves (the answer box after a handover, whose keys come first in the
        chain then), and the first answer of each pile rebuilt the Footer again when
        only ``sync``'s own requests were recorded.
        """
        if self._footer_keys() != self._footer_shows:
            self.refresh_bindings()

    def refresh_bindings(self) -> None:
        """Textual's, recording what the Footer is about to show (``refresh_bindings_if_changed``)."""
        self._footer_shows = self._footer_keys()
        super().refresh_bindings()

    def _footer_keys(self) -> tuple[object, ...]:
        """What the Footer shows: the ``active_bindings`` marked ``show``, in order, with
        their keys, actions, descriptions (the buzz keys name their players) and whether
        each is enabled."""
        return tuple(
            (key, active.binding.action, active.binding.description, active.enabled)
            for key, active in self.active_bindings.items()
            if active.binding.show
        )

    # ------------------------------------------------------------------ drawing

    def render_view(self) -> None:
        view = self.view()
        over = view.phase is Phase.GAME_OVER
        self.set_class(over, "-over")  # vowl.tcss: the summary takes the card's place
        sd = view.sudden_death if view.phase is Phase.SUDDEN_DEATH else None
        if sd is not None:
            # Mounted as sudden death begins, not hidden from the first frame:
            # it tells the screen at once whether keys count (``on_armed``).
            find_or_mount(
                self.query_one("#vowl-table"), GateHint, lambda: GateHint("", id="buzz-gate"), before="#answer"
            )
        self.set_class(sd is not None, "-sudden")  # vowl.tcss: the gate hint for the passed cards
        self.set_class(sd is not None and sd.buzzer is not None, "-buzzing")  # the buzz countdown shows
        if over:
            from boardgames.vowl.summary import game_summary  # noqa: PLC0415 - only once the game is over

            # Mounted at the game's end, not hidden from the first frame.
            panel = find_or_mount(
                self.query_one("#vowl-table"), GameOverPanel, lambda: GameOverPanel("", id="game-over"), after="#card"
            )
            panel.show(game_summary(view, self._events), view.practice)
        self.query_one(Scoreboard).show(view)
        put(self.query_one("#status", Static), render.status(view))
        put(self.query_one("#dice", Static), render.dice(view))
        run = view.active_run if view.phase in (Phase.SOLVING, Phase.READY) else None
        card_widget = self.query_one(CardFace)
        passed = self.query_one(PassedCards)
        if view.phase is Phase.SOLVING and run is not None and run.visible:
            card_widget.show(run.current, "")
            passed.show(run.passed)
        elif view.phase is Phase.SUDDEN_DEATH and view.sudden_death is not None:
            card_widget.show(view.sudden_death.card)
            passed.show(())
        else:
            card_widget.show(None, render.idle_caption(view))
            passed.show(())
        put(self.query_one("#pile-info", Static), render.pile_info(view))
        self.query_one("#answer", Input).disabled = not render.can_type(view)
        if self.table.practice and self.stats is not None:
            put(self.query_one("#practice-stats", Static), render.practice_stats(self.stats, view))

    def clear_for_handover(self) -> None:
        """The next racer must not see the last one's typing or verdict (``Time!``, ``✓ word``)."""
        super().clear_for_handover()
        self.query_one(Feedback).clear()

    def _log_event(self, event: Event) -> None:
        if visible_to(event, self.holder_seat):
            line = log_line(event, self.table.names)
            if line:
                self.query_one(EventLog).write(line)

    def _follow_keyboard(self) -> None:
        """The log is re-filtered for the eyes of whoever holds the keyboard now."""
        if self.holder_seat != self._log_seat:
            self._refresh_log()

    def _refresh_log(self) -> None:
        """Rewrite the log for the current holder (after a handover hides a racer's cards)."""
        log = self.query_one(EventLog)
        log.clear()
        seat = self._log_seat = self.holder_seat
        for event in self._events:
            if visible_to(event, seat):
                line = log_line(event, self.table.names)
                if line:
                    log.write(line)

    # ------------------------------------------------------------------ a new game, leaving

    def action_new_game(self) -> None:
        """Same players, same timers, a fresh deal (saved like the first game)."""
        session = self.session
        if session is None or self.table.phase is not Phase.GAME_OVER:
            return
        autosave = session.autosave
        again = GameSession.start(
            SPEC,
            session.setup,
            host(self).new_seed(),
            store=autosave.store if autosave else None,
            save=autosave is not None,
        )
        self.app.switch_screen(VowlScreen(again, judge=self.matcher))

    def stayed(self) -> None:
        self.sync()


def _events(happened: Iterable[object]) -> list[Event]:
    """The session hands events back untyped (it serves every game): these are Vowl's."""
    return [e for e in happened if isinstance(e, Event)]
