"""The Vowl table: one screen that drives ``VowlGame`` for 2-5 players or practice.

The screen holds no rules.  It is a ``SessionScreen`` over a ``GameSession``
(``common.session``): every action goes through ``act``, which applies it,
autosaves it and tells a refusal in words; then ``sync()`` looks at the engine's
phase and asks the right person for the next decision: a handover before anything
private (a pile about to be turned, a selection hand, a sudden death), a small
modal for public choices, the answer box while a pile is being solved.  Everything
drawn comes from the view of ``holder``, whoever took the keyboard at the last
handover, so another player's secrets are never rendered; the log shows only the
events that seat may see (``common.game.visible_to``).

Size: everything fits 80×24 (``MIN_SIZE``), each phase and each question; a larger
terminal gives the card, the side panel and the review more room (``vowl.tcss``).
Keys follow the suite's map (docs/keys.md; listed on the rules page): ``r`` roll,
Ctrl+X pass, Ctrl+B back to a passed card, ``z``/``m`` buzz, ``o`` the last turn's
review again, ``n`` a new game once it is over, Escape the shared leave question.
When the game is over the card's place shows the summary (``summary.game_summary``).

Time: the ``SandTimer`` widget counts down on the app's injected clock; when it
runs out the screen sends ``TimeUp()``.  Answers carry the elapsed seconds
(Interpretation V22).  The sand does not run while the leave question is open.

Sudden death on one keyboard (Interpretations V10, V29-V31): a buzz stops the card's
sand and starts the buzzer's own countdown (``#buzz-timer``, ``BUZZ_SECONDS``; its
end is ``BuzzTimeUp()``); Ctrl+X or typing ``pass`` gives the buzz up.  Which key
counts is decided in ``accepts_key``, the app's gate before any binding or the answer
box: for ``BUZZ_GATE`` seconds of quiet after a card turns and after a buzz no key
counts (the slower hand's buzz key is told who holds the buzz, and types nothing);
a locked-out player's buzz key is refused in the rules' words.  The footer names
who may still buzz (``active_bindings``), and ``check_action`` drops the others.

The screen reaches the app only through ``common.ui.host.host(self)`` (its clock,
its seeds, the main menu) and imports ``spec``, never ``entry``: no import circle.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Static

from boardgames.common.game import Seat, visible_to
from boardgames.common.saves import Autosaver
from boardgames.common.session import GameSession
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.common.text import plain, sentence, shown
from boardgames.common.ui.base import ARM, GateHint, QuietGate, clock_of
from boardgames.common.ui.footer import Footer
from boardgames.common.ui.host import Host, host
from boardgames.common.ui.lazy import find_or_mount
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.common.ui.session_screen import SessionScreen
from boardgames.common.ui.text_input import TextInput
from boardgames.common.ui.titlebar import TitleBar
from boardgames.common.ui.words import open_dictionary_after_first_frame
from boardgames.vowl.actions import (
    Action,
    Answer,
    Buzz,
    BuzzTimeUp,
    ChooseOpponent,
    ChoosePartner,
    Discard,
    Pass,
    PlaceExtras,
    Revisit,
    Roll,
    ScoreOne,
    ScoreTwo,
    StartRun,
    TimeUp,
)
from boardgames.vowl.cards import load_frequencies
from boardgames.vowl.engine import VowlGame
from boardgames.vowl.events import (
    AnswerAccepted,
    AnswerRejected,
    Buzzed,
    CardUnanswered,
    Event,
    LockedOut,
    LockOut,
    RunFinished,
    RunStarted,
    SuddenDeathCard,
    TurnEnded,
    TurnSummary,
    plural,
)
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.narrate import log_line
from boardgames.vowl.spec import SPEC, VowlSession, VowlSetup, matcher
from boardgames.vowl.track import BUZZ_SECONDS, extras_for
from boardgames.vowl.view import SuddenDeathView, VowlView
from boardgames.vowl.widgets import CardFace, EventLog, Feedback, GameOverPanel, PassedCards, Scoreboard, put

if TYPE_CHECKING:
    from boardgames.common.ui.choice import Choice
    from boardgames.vowl.stats import Session, StatsStore

#: Sudden-death buzzer keys: far apart on the keyboard, one per racer.
BUZZ_KEYS = ("z", "m")
PASS_WORD = "pass"
#: Interpretation V31: seconds of quiet after a sudden-death card turns and after a buzz
#: before a key counts - the suite's gate moment (``common.ui.base.ARM``), so a key
#: pressed with the handover's Space, a double press or the slower hand's buzz never acts.
BUZZ_GATE = ARM
#: How much of a name the footer's buzz keys show (the footer is one line at 80 columns).
FOOTER_NAME = 16


def start_game(setup: VowlSetup, app: Host) -> VowlScreen:
    """A new game for *setup*, dealt from the app's next seed and autosaved from its first action."""
    return VowlScreen(GameSession.start(SPEC, setup, app.new_seed()))


class VowlScreen(SessionScreen[VowlGame]):
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
        resumed = bool(session.history)
        self.matcher = judge if judge is not None else matcher()
        if stats is None and session.setup.practice:
            from boardgames.vowl.stats import StatsStore  # noqa: PLC0415 - practice only: not for a table's first frame

            stats = StatsStore()
        self.stats = stats
        #: practice: this session's record per player, and how long each card of the pile took
        self._sessions: dict[str, Session] = {}
        self._card_times: list[float] = []
        self._last_solved_at = 0.0
        #: a resumed game stopped mid-pile: hand over and restart the sand timer first
        self._interrupted = resumed and game.phase in (Phase.SOLVING, Phase.SUDDEN_DEATH)
        #: who took the keyboard at the last handover (whose private view may show), by name
        self.holder: str | None = None
        self._modal_open = False
        self._events: list[Event] = _events(session.history)
        self._reviewed_turn = game.last_turn.turn if resumed and game.last_turn else 0
        #: Interpretation V31: shut for a moment after a sudden-death card turns and after a buzz
        self._buzz_gate = QuietGate(BUZZ_GATE)
        #: Sudden death's countdown of the buzz, once there has been one (``buzz_timer``).
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
                if self.game.is_practice:
                    yield Static("", id="practice-stats")
                # Written only ``Text`` (``narrate.log_line``): no string is parsed as markup here.
                yield EventLog(id="log", wrap=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Vowl — solitaire practice" if self.game.is_practice else "Vowl"
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

    # ------------------------------------------------------------------ engine access

    @property
    def game(self) -> VowlGame:
        """The rules engine (the session's); actions go through ``act``, which autosaves."""
        return self.engine

    @property
    def autosave(self) -> Autosaver | None:
        assert self.session is not None
        return self.session.autosave

    @property
    def timer(self) -> SandTimer:
        """The card's sand timer (the pile's, or the sudden-death card's)."""
        return self.query_one("#timer", SandTimer)

    @property
    def buzz_timer(self) -> SandTimer:
        """Sudden death: the countdown of whoever holds the buzz (Interpretation V29).

        Mounted the first time it is needed, beside the card's timer: most games never
        reach sudden death, and a widget mounted hidden was styled and laid out before
        the table's first frame all the same.  It is in the screen's DOM at
        once (``mount`` registers it before it returns); ``SandTimer`` starts its ticks
        on mount if it was started before.
        """
        if self._buzz_timer is None:
            def make() -> SandTimer:
                timer = SandTimer(BUZZ_SECONDS, host(self).clock, id="buzz-timer")
                timer.border_title = "buzz"
                return timer

            self._buzz_timer = find_or_mount(self.query_one("#dice-row"), SandTimer, make, id="buzz-timer",
                                             before=self.timer)
        return self._buzz_timer

    def _stop_buzz_timer(self) -> None:
        """Stop the buzzer's countdown, if there has been one (none: nothing to stop)."""
        if self._buzz_timer is not None:
            self._buzz_timer.stop()

    @property
    def holder_seat(self) -> Seat | None:
        """The seat of whoever holds the keyboard (``None``: the whole table is looking)."""
        return None if self.holder is None else self.game.seat_of(self.holder)

    def view(self) -> VowlView:
        return self.game.view(self.holder_seat)

    def act(self, action: object) -> tuple[object, ...] | None:
        """Apply one action through the session (applied, then saved); a refusal is
        shown to the player, never raised.  Then log it, react to it, ask for what is next."""
        happened = super().act(action)
        if happened is None:
            return None
        events = _events(happened)
        self._events.extend(events)
        for event in events:
            self._log_event(event)
            self._react(event)
        self.sync()
        return happened

    def _practice_level(self) -> str:
        """The level a practice pile is played at: the board and the player's sand timer."""
        setup = self.session.setup if self.session is not None else None
        board = "advanced" if setup is not None and setup.advanced else "standard"
        timer = setup.timers[0] if setup is not None and setup.timers else 25
        from boardgames.vowl.stats import level_key  # noqa: PLC0415 - practice only, after a pile

        return level_key(board, timer)

    def _react(self, event: Event) -> None:
        """Screen-side consequences of what the engine did (timers, stats, feedback)."""
        match event:
            case RunStarted(time_limit=limit):
                self.timer.set_limit(limit)
                self.timer.start()
                self._card_times, self._last_solved_at = [], 0.0
            case SuddenDeathCard():
                self._stop_buzz_timer()
                self.timer.set_limit(self.view().time_limit or 25)
                self.timer.start()
                self._shut_buzz_gate()  # Interpretation V31: no key counts as the card turns
            case Buzzed(player=player):
                # Interpretation V29: the card's sand stands still; the buzzer's own runs.
                self.timer.pause()
                sd = self.game.view(None).sudden_death
                self.buzz_timer.set_limit(sd.buzz_seconds if sd is not None else BUZZ_SECONDS)
                self.buzz_timer.start()
                self._clear_answer()  # nothing typed, nothing selected: the box is the buzzer's
                self._shut_buzz_gate()  # V31: the slower hand's buzz must not type into it
                self._feedback(f"{shown(player)} holds the buzz: type the word, then Enter.", ok=True)
            case RunFinished(result=result):
                self.timer.stop()
                if self.game.is_practice and self.stats is not None:
                    elapsed = result.elapsed if result.elapsed is not None else self.timer.countdown.limit
                    record = self.stats.get(result.runner)
                    if result.runner not in self._sessions:
                        self._sessions[result.runner] = record.start_session(time.time())
                    best = record.record_pile(
                        result.total, result.solved, result.complete, elapsed,
                        level=self._practice_level(), card_times=tuple(self._card_times),
                        session=self._sessions[result.runner],
                    )
                    warning = self.stats.save()
                    if warning:
                        self.notify_everyone(warning, severity="warning", markup=False)  # quotes a file name
                    if best:
                        self.notify_everyone(
                            f"New best time for {result.total} cards ({self._practice_level()} s): {elapsed:.1f} s!", markup=False
                        )
            case AnswerAccepted(word=word):
                if self.game.is_practice:  # how long this card took: for the practice charts
                    now = self.timer.countdown.elapsed
                    self._card_times.append(max(0.0, now - self._last_solved_at))
                    self._last_solved_at = now
                self._feedback(f"[green]✓ {shown(word)}[/] — accepted", ok=True)
            case AnswerRejected(verdict=verdict):
                said = shown(verdict.word) if verdict.word else "(nothing)"
                self._feedback(f"[red]✗ {said}[/] — {shown(verdict.message, None)}", ok=False)
            case LockedOut(player=player, verdict=verdict, why=why):
                self._stop_buzz_timer()
                self._clear_answer()
                self.timer.resume()  # the card's sand runs on for the other player
                if why is LockOut.WRONG and verdict is not None:
                    said = shown(verdict.word) if verdict.word else "(nothing)"
                    reason = f"{said}, {shown(verdict.message.removeprefix('rejected: '), None)}"
                else:
                    reason = why.value
                self._feedback(f"[red]✗ {shown(player)}: {reason}[/] — locked out of this card", ok=False)
            case CardUnanswered(card=card, timed_out=timed_out):
                how = "Time!" if timed_out else "Both locked out:"
                self._feedback(f"[red]{how}[/] nobody wins {shown(card.skeleton)}; a new card.", ok=False)
            case TurnEnded(summary=summary):
                self.timer.stop()
                self._stop_buzz_timer()
                if summary.turn != self._reviewed_turn:
                    self._show_review(summary)

    # ------------------------------------------------------------------ the flow

    def sync(self) -> None:
        """Draw the holder's view and ask whoever must act next for their decision."""
        if self._modal_open:
            return
        g = self.game
        phase = g.phase
        actors = g.actor_names()
        if self._interrupted:
            self._resume_interrupted()
            return
        if phase in (Phase.READY, Phase.SELECT_DISCARDS, Phase.SUDDEN_DEATH_READY, Phase.ROLL):
            self.hand_to(None)  # nothing private stays on screen between handovers
        elif phase is Phase.SOLVING:
            self.hand_to(actors[0])  # the racer's own pile: drawn once, for their eyes
        self.render_view()
        match phase:
            case Phase.ROLL:
                self.timer.set_limit(int(g.player(g.current_player).timer))
                self._focus_nothing()
            case Phase.CHOOSE_OPPONENT:
                self._choose_player(ChooseOpponent, f"{shown(g.current_player)}: whom do you race head-to-head?")
            case Phase.CHOOSE_PARTNER:
                self._choose_player(ChoosePartner, f"{shown(g.current_player)}: choose a neighbour as partner.")
            case Phase.PLACE_EXTRAS:
                self._ask_pile_order()
            case Phase.SELECT_DISCARDS:
                self._selection()
            case Phase.READY:
                self._handover_run()
            case Phase.SUDDEN_DEATH_READY:
                self._handover_sudden_death()
            case Phase.SOLVING:
                self._focus_answer()
            case Phase.SUDDEN_DEATH:
                view = self.view()
                sd = view.sudden_death
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
            for key, active in self.active_bindings.items() if active.binding.show
        )

    def action_review(self) -> None:
        """``o``: the last finished turn's review again (docs/keys.md)."""
        summary = self.game.last_turn
        if summary is None or self.check_action("review", ()) is not True:
            return
        self._show_review(summary)

    def _open(self, screen, callback) -> None:  # noqa: ANN001 - any ModalScreen and its callback
        """Push a modal; ``sync`` waits until its callback has run."""
        self._modal_open = True

        def done(result) -> None:  # noqa: ANN001
            self._modal_open = False
            callback(result)

        self.app.push_screen(screen, done)

    def _choose_player(self, kind: type[ChooseOpponent] | type[ChoosePartner], question: str) -> None:
        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415 - after the first roll

        options = [a for a in self.game.legal_actions if isinstance(a, kind)]
        names = self.game.names
        choices = [Choice(str(i + 1), shown(names[a.seat]), a) for i, a in enumerate(options)]
        self._open(ChoiceScreen(question, choices), self.act)

    def _ask_pile_order(self) -> None:
        view = self.game.view(None)
        owner = view.extras_owner or view.current_player
        extras = extras_for(view.board, view.player(owner).score)
        if extras.total == extras.basic:
            # Interpretation V27: green extras on a green pile - top or under is the same
            # pile, so the question would mean nothing: they go under, unasked.
            self.act(PlaceExtras(False))
            return
        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415 - after the first roll

        choices = [
            Choice("t", "on top — start with the harder cards", PlaceExtras(True)),
            Choice("u", "underneath — start with the easier cards", PlaceExtras(False)),
        ]
        question = f"{shown(owner)}: your tier draws {extras} face down. Where do they go?"
        self._open(ChoiceScreen(question, choices), self.act)

    def _selection(self) -> None:
        view = self.game.view(None)
        sel = view.selection
        assert sel is not None
        selector, player = shown(sel.selector), shown(sel.player)
        detail = f"{selector} picks which cards {player} must solve. {player}, look away!"

        from boardgames.common.ui.handover import HandoverScreen  # noqa: PLC0415 - after the first action
        from boardgames.vowl.modals import DiscardScreen  # noqa: PLC0415 - after the first action

        def ready(_: None) -> None:
            self.hand_to(sel.selector)
            private = self.view().selection
            assert private is not None and private.hand is not None
            self._open(
                DiscardScreen(sel.selector, sel.player, private.hand, private.to_discard),
                lambda cards: self.act(Discard(frozenset(cards))),
            )

        self._open(HandoverScreen(sel.selector, detail), ready)

    def _handover_run(self) -> None:
        from boardgames.common.ui.handover import HandoverScreen  # noqa: PLC0415 - after the first action

        view = self.game.view(None)
        run = view.active_run
        assert run is not None
        who = f"{run.runner} and {run.partner}" if run.partner else run.runner
        mode = view.mode.value if view.mode else ""
        detail = (
            f"{sentence(mode)}: {plural(run.total, 'card')} face down, "
            f"{run.time_limit} seconds. Space flips the sand timer."
        )
        if view.mode is Mode.HEAD_TO_HEAD:
            detail += " Everyone else: no peeking at the other racer's pile."
        title = f"{shown(who)}, take the keyboard — press Space when ready"

        def go(_: None) -> None:
            self.hand_to(run.runner)
            self.act(StartRun())

        self._open(HandoverScreen(who, detail, title=title), go)

    def _handover_sudden_death(self) -> None:
        from boardgames.common.ui.handover import HandoverScreen  # noqa: PLC0415 - after the first action

        view = self.game.view(None)
        sd = view.sudden_death
        assert sd is not None
        a, b = sd.players
        detail = (
            f"One red card. Buzz with {self._buzz_keys(sd)} only when you know the word: "
            f"you then have {sd.buzz_seconds} s to type it. A wrong answer, a pass or the end "
            "of those seconds locks you out of the card. Space turns the card."
        )
        title = f"Sudden death! {shown(a)} and {shown(b)}, both at the keyboard — press Space when ready"
        self._open(HandoverScreen(f"{a} and {b}", detail, title=title), lambda _: self.act(StartRun()))

    def _resume_interrupted(self) -> None:
        """A resumed game stopped mid-pile: the timer restarts with the time left at the
        last answer (Interpretation V26)."""
        from boardgames.common.ui.handover import HandoverScreen  # noqa: PLC0415 - after the first action

        view = self.game.view(None)
        self.hand_to(None)
        self.render_view()
        limit = float(view.time_limit or 25)
        used = 0.0
        who = view.current_player
        if view.phase is Phase.SOLVING:
            rule = self.game.legal_actions.answer
            used = rule.min_elapsed if rule is not None else 0.0
            run = view.active_run
            who = run.runner if run is not None else view.current_player
            if run is not None and run.partner:
                who = f"{run.runner} and {run.partner}"
        sd = view.sudden_death if view.phase is Phase.SUDDEN_DEATH else None
        if sd is not None:
            who = " and ".join(sd.players)
        detail = f"The game was interrupted mid-pile. Space restarts the sand timer with {limit - used:.0f} s left."
        if sd is not None and sd.buzzer is not None:
            # Interpretation V29: a full buzz countdown again; the card's sand stands still.
            detail += f" {shown(sd.buzzer)} holds the buzz: {sd.buzz_seconds} s to answer."
        elif sd is not None:
            detail += f" Buzz with {self._buzz_keys(sd)}."

        def go(_: None) -> None:
            self._interrupted = False
            self.timer.set_limit(limit)
            self.timer.start(already=used)
            if sd is not None:
                self._shut_buzz_gate()
                if sd.buzzer is not None:
                    self.timer.pause()
                    self.buzz_timer.set_limit(sd.buzz_seconds)
                    self.buzz_timer.start()
                    self._clear_answer()
            self.sync()

        self._open(HandoverScreen(who, detail), go)

    def _show_review(self, summary: TurnSummary, then: Callable[[], None] | None = None) -> None:
        from boardgames.vowl.modals import ReviewScreen  # noqa: PLC0415 - after the first turn

        self._reviewed_turn = summary.turn

        def closed(_: None) -> None:
            if then is not None:
                then()
            else:
                self.sync()

        self._open(ReviewScreen(summary, self.matcher), closed)

    def _score(self) -> None:
        view = self.game.view(None)
        scorer = view.scorer
        assert scorer is not None
        if view.review is not None and view.review.turn != self._reviewed_turn:
            self._show_review(view.review)
            return
        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415 - after the first pile

        choices: list[Choice[Action]] = []
        for action in self.game.view(self.game.seat_of(scorer)).legal:
            if isinstance(action, ScoreTwo):
                choices.insert(0, Choice("2", "take 2 points", action))
            elif isinstance(action, ScoreOne):
                key = "abcdefgh"[len([c for c in choices if c.key != "2"])]
                label = f"take 1 point; your victory token and {shown(view.players[action.other].name)}'s move down one space"
                choices.append(Choice(key, label, action))
        me = view.player(scorer)
        who = shown(scorer)
        detail = f"{who}: {plural(me.score, 'point')}, victory token on {me.victory}."
        self._open(ChoiceScreen(f"{who}, how do you take your points?", choices, detail=detail), self.act)

    # ------------------------------------------------------------------ drawing

    def render_view(self) -> None:
        view = self.view()
        over = view.phase is Phase.GAME_OVER
        self.set_class(over, "-over")  # vowl.tcss: the summary takes the card's place
        sd = view.sudden_death if view.phase is Phase.SUDDEN_DEATH else None
        if sd is not None:
            # Mounted as sudden death begins, not hidden from the first frame:
            # it tells the screen at once whether keys count (``on_armed``).
            find_or_mount(self.query_one("#vowl-table"), GateHint, lambda: GateHint("", id="buzz-gate"),
                          before="#answer")
        self.set_class(sd is not None, "-sudden")  # vowl.tcss: the gate hint for the passed cards
        self.set_class(sd is not None and sd.buzzer is not None, "-buzzing")  # the buzz countdown shows
        if over:
            from boardgames.vowl.summary import game_summary  # noqa: PLC0415 - only once the game is over

            # Mounted at the game's end, not hidden from the first frame.
            panel = find_or_mount(self.query_one("#vowl-table"), GameOverPanel,
                                  lambda: GameOverPanel("", id="game-over"), after="#card")
            panel.show(game_summary(view, self._events), view.practice)
        self.query_one(Scoreboard).show(view)
        put(self.query_one("#status", Static), self._status(view))
        put(self.query_one("#dice", Static), self._dice(view))
        run = view.active_run if view.phase in (Phase.SOLVING, Phase.READY) else None
        card_widget = self.query_one(CardFace)
        passed = self.query_one(PassedCards)
        answer = self.query_one("#answer", Input)
        if view.phase is Phase.SOLVING and run is not None and run.visible:
            card_widget.show(run.current, "")
            passed.show(run.passed)
            solved = run.solved_count or 0
            put(self.query_one("#pile-info", Static),
                f"{run.pile_left} face down · {len(run.passed)} passed · {solved} of {run.total} solved"
            )
        elif view.phase is Phase.SUDDEN_DEATH and view.sudden_death is not None:
            card_widget.show(view.sudden_death.card)
            passed.show(())
            put(self.query_one("#pile-info", Static), self._sudden_info(view))
        else:
            card_widget.show(None, self._idle_caption(view))
            passed.show(())
            put(self.query_one("#pile-info", Static), "")
        answer.disabled = not self._can_type(view)
        if self.game.is_practice and self.stats is not None:
            put(self.query_one("#practice-stats", Static), self._practice_stats(view))

    def _can_type(self, view: VowlView) -> bool:
        if view.phase is Phase.SOLVING:
            return True
        sd = view.sudden_death
        return view.phase is Phase.SUDDEN_DEATH and sd is not None and sd.buzzer is not None

    def _status(self, view: VowlView) -> str:
        """The status line (markup): every name in it passed through ``shown``."""
        p = shown(view.current_player)
        match view.phase:
            case Phase.ROLL:
                return f"[b]{p}[/b]'s turn — press [b]R[/b] to roll the dice."
            case Phase.SOLVING:
                run = view.active_run
                who = shown(run.runner) if run and not run.partner else (
                    f"{shown(run.runner)} & {shown(run.partner)}" if run else p
                )
                return f"[b]{who}[/b]: solve the card! Enter answers, Ctrl+X passes."
            case Phase.SUDDEN_DEATH:
                sd = view.sudden_death
                assert sd is not None
                if sd.buzzer:
                    return f"[b]{shown(sd.buzzer)}[/b], type your answer and press Enter."
                keys = "  ".join(
                    f"[b]{k.upper()}[/b] {shown(name)}" for k, name in zip(BUZZ_KEYS, sd.players, strict=True)
                    if name not in sd.locked_out
                )
                return f"Sudden death — buzz in: {keys}"
            case Phase.GAME_OVER:
                o = view.outcome
                who = shown(view.players[o.winner].name) if o else "?"
                if view.practice:
                    return f"[b]Practice complete![/b] {who} reached the star. N: another session · Esc: menu."
                return f"[b]{who} wins the game![/b]  N: new game with the same players · Esc: menu."
        actor = view.actors[0] if view.actors else view.current_player
        if actor != view.current_player:
            # Someone else decides (a partner scoring, an opponent's extras): name them,
            # not the roller, who may not even be at the keyboard.
            return f"[b]{shown(actor)}[/b] — {view.phase.value} ({p}'s turn)."
        return f"[b]{p}[/b]'s turn — {view.phase.value}."

    def _dice(self, view: VowlView) -> str:
        if view.number is None:
            return "🎲 –"
        face = f"  ·  {view.face.value}" if view.face else ""
        shown = view.face.value if view.face else None
        mode = f"  →  [b]{view.mode.value}[/b]" if view.mode and view.mode.value != shown else ""
        forced = " (forced: within 2 of victory)" if view.forced_solitaire else ""
        return f"🎲 [b]{view.number}[/b]{face}{mode}{forced}"

    def _idle_caption(self, view: VowlView) -> str:
        if view.phase is Phase.GAME_OVER:
            return "Game over"
        run = view.active_run
        if run is not None and view.phase is Phase.READY:
            return f"{run.total} cards face down"
        return "Vowl"

    def _sudden_info(self, view: VowlView) -> str:
        """The card's number, who may still buzz with which key, who is locked out (V31)."""
        sd = view.sudden_death
        assert sd is not None
        waiting = [(k, n) for k, n in zip(BUZZ_KEYS, sd.players, strict=True)
                   if n not in sd.locked_out and n != sd.buzzer]
        nxt = ""
        if sd.buzzer is not None and waiting:
            nxt = " · then " + ", ".join(f"{k.upper()} {shown(n)}" for k, n in waiting)
        locked = f" · locked out: {', '.join(shown(n) for n in sd.locked_out)}" if sd.locked_out else ""
        return f"Sudden death card {sd.cards_tried}{nxt}{locked}"

    @staticmethod
    def _buzz_keys(sd: SuddenDeathView) -> str:
        """"[Z] (Ann Lee) or [M] (Bob Roy)": who may buzz and with which key (markup, brackets shown)."""
        keys = [f"{shown(f'[{k.upper()}]')} ({shown(n)})" for k, n in zip(BUZZ_KEYS, sd.players, strict=True)
                if n not in sd.locked_out]
        return " or ".join(keys) or "nobody"

    def _practice_stats(self, view: VowlView) -> str:
        assert self.stats is not None
        s = self.stats.get(view.players[0].name)
        # Read from the player's stats file: shown as data, whatever it holds.
        best = ", ".join(f"{shown(n)} cards {t:.1f} s" for n, t in sorted(s.best_times.items())) or "none yet"
        text = (
            f"[b]Your practice[/b]\ncards solved {shown(s.cards_solved)} · piles beaten "
            f"{shown(s.piles_beaten)}/{shown(s.piles_played)}\nstreak {shown(s.streak)} (best {shown(s.best_streak)})\n"
            f"best times: {best}"
        )
        if self.stats.warning:
            text += f"\n[yellow]⚠ {shown(self.stats.warning, None)}[/]"
        return text

    def clear_for_handover(self) -> None:
        """The next racer must not see the last one's typing or verdict (``Time!``, ``✓ word``)."""
        super().clear_for_handover()
        self.query_one(Feedback).clear()

    def _feedback(self, text: str, *, ok: bool) -> None:
        self.query_one(Feedback).say(text, ok=ok)

    def _log_event(self, event: Event) -> None:
        if visible_to(event, self.holder_seat):
            line = log_line(event)
            if line:
                self.query_one(EventLog).write(line)

    def _refresh_log(self) -> None:
        """Rewrite the log for the current holder (after a handover hides a racer's cards)."""
        log = self.query_one(EventLog)
        log.clear()
        seat = self.holder_seat
        for event in self._events:
            if visible_to(event, seat):
                line = log_line(event)
                if line:
                    log.write(line)

    def _clear_answer(self) -> None:
        """Empty the answer box, cursor home, nothing selected (a buzz opens on a clean box)."""
        answer = self.query_one("#answer", Input)
        with answer.prevent(Input.Changed):
            answer.value = ""
        answer.cursor_position = 0

    # ------------------------------------------------------------------ sudden death's keys (V31)

    def _shut_buzz_gate(self) -> None:
        """No key counts for ``BUZZ_GATE`` seconds of quiet from now (Interpretation V31)."""
        self._buzz_gate.restart(clock_of(self.app)())

    @property
    def armed(self) -> bool:
        """Does a key count now?  ``GateHint`` (``#buzz-gate``) shows it; only sudden death waits."""
        return self.game.phase is not Phase.SUDDEN_DEATH or self._buzz_gate.is_open(clock_of(self.app)())

    def on_armed(self, armed: bool) -> None:
        self.refresh_bindings()

    def _buzz_key_owner(self, key: str, sd: SuddenDeathView) -> str | None:
        return sd.players[BUZZ_KEYS.index(key)] if key in BUZZ_KEYS else None

    def accepts_key(self, event: events.Key) -> bool:
        """The app's key gate (``common.ui.base.input_allowed``), before any binding or the
        answer box: in sudden death no key counts in the moment after a card turns or a
        buzz (each one pressed then starts the moment again), and a buzz key then is the
        slower hand, told who holds the buzz; a locked-out player's key is refused
        (Interpretation V31)."""
        if not super().accepts_key(event):
            return False
        if self.game.phase is not Phase.SUDDEN_DEATH or self._interrupted:
            return True
        sd = self.game.view(None).sudden_death
        assert sd is not None
        who = self._buzz_key_owner(event.key, sd)
        if not self._buzz_gate.admit(clock_of(self.app)()):
            if who is not None and sd.buzzer is not None and who != sd.buzzer:
                self.notify(f"{plain(sd.buzzer)} holds the buzz: {plain(who)}'s buzz came too late.",
                            title="Too late", markup=False)
            return False
        if who is not None and sd.buzzer is None and who in sd.locked_out:
            self.act(Buzz(self.game.seat_of(who)))  # refused, in the rules' words ("... locked out of this card")
            return False
        return True

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's keys; in sudden death each buzz key names its player ("z Buzz: Ann Lee")."""
        bindings = super().active_bindings
        if self.game.phase is not Phase.SUDDEN_DEATH:
            return bindings
        sd = self.game.view(None).sudden_death
        assert sd is not None
        for key, active in list(bindings.items()):
            who = self._buzz_key_owner(key, sd)
            if who is not None and active.binding.action.startswith("buzz("):
                named = dataclasses.replace(active.binding, description=f"Buzz: {plain(who, FOOTER_NAME)}")
                bindings[key] = active._replace(binding=named)
        return bindings

    def _focus_answer(self) -> None:
        answer = self.query_one("#answer", Input)
        answer.disabled = False
        answer.focus()

    def _focus_nothing(self) -> None:
        self.set_focus(None)

    def hand_to(self, holder: str | None) -> None:
        """Record who holds the keyboard; the log is re-filtered for their eyes."""
        if holder != self.holder:
            self.holder = holder
            self._refresh_log()

    # ------------------------------------------------------------------ player input

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what is not possible now; hide what does not belong to this phase."""
        phase = self.game.phase
        legal = self.game.legal_actions
        match action:
            case "roll":
                return phase is Phase.ROLL
            case "pass_card":
                if phase is Phase.SUDDEN_DEATH:  # the buzzer gives up the buzz (V10)
                    return Pass() in legal
                return (Pass() in legal or None) if phase is Phase.SOLVING else False
            case "revisit":
                return (bool(legal.of(Revisit)) or None) if phase is Phase.SOLVING else False
            case "buzz":
                # Interpretation V31: only who may still buzz is offered; greyed while the
                # other holds the buzz; a locked-out player's key is gone (and refused).
                sd = self.game.view(None).sudden_death
                if phase is not Phase.SUDDEN_DEATH or sd is None or not parameters:
                    return False
                index = parameters[0]
                if not isinstance(index, int) or not 0 <= index < len(sd.players):
                    return False
                name = sd.players[index]
                if name in sd.locked_out or name == sd.buzzer:
                    return False
                return True if sd.buzzer is None else None
            case "new_game":
                return phase is Phase.GAME_OVER
            case "review":
                # Only between turns (a pile or a question owns the keys otherwise);
                # greyed out before the first turn is over.
                if phase not in (Phase.ROLL, Phase.GAME_OVER):
                    return False
                return True if self.game.last_turn is not None else None
        return True

    def action_roll(self) -> None:
        self.act(Roll())

    def action_pass_card(self) -> None:
        """Ctrl+X: pass the card; in sudden death, give up the buzz (Interpretation V10)."""
        if self.game.phase in (Phase.SOLVING, Phase.SUDDEN_DEATH):
            self.act(Pass())

    def action_revisit(self) -> None:
        """Go back to the oldest passed card (the face-up one is passed in its place)."""
        options = self.game.legal_actions.of(Revisit)
        if options:
            self.act(options[0])
        else:
            self.notify("There is no passed card to go back to.", severity="warning")

    def action_revisit_at(self, index: int) -> None:
        """A click on a passed card (``PassedCards`` links): go back to that one."""
        card = self.query_one(PassedCards).chosen(index)
        if card is None or self.game.phase is not Phase.SOLVING:
            return
        self.act(Revisit(card))
        if self.game.phase is Phase.SOLVING:
            self._focus_answer()

    def action_buzz(self, index: int) -> None:
        sd = self.game.view(None).sudden_death
        if sd is None or self.game.phase is not Phase.SUDDEN_DEATH:
            return
        if self.timer.countdown.expired and TimeUp() in self.game.legal_actions:
            self.act(TimeUp())  # the card's sand ran out before the buzz: too late
            return
        self.act(Buzz(self.game.seat_of(sd.players[index])))

    @on(Input.Submitted, "#answer")
    def answer(self, event: Input.Submitted) -> None:
        word = event.value.strip()
        phase = self.game.phase
        if phase in (Phase.SOLVING, Phase.SUDDEN_DEATH) and word.lower() == PASS_WORD:
            event.input.value = ""
            self.act(Pass())
            return
        if not word:
            # Interpretation V29: nothing is sent; a buzzer's countdown goes on.
            self._feedback("Type a word first (or 'pass').", ok=False)
            return
        if phase is Phase.SOLVING and self.timer.countdown.expired:
            self.act(TimeUp())  # the sand ran out before Enter: the answer is too late
            return
        if phase is Phase.SUDDEN_DEATH and self._buzz_timer is not None and self._buzz_timer.countdown.expired:
            self.act(BuzzTimeUp())  # the buzz ran out before Enter (Interpretation V29)
            return
        elapsed = min(self.timer.countdown.elapsed, self.timer.countdown.limit)
        events = self.act(Answer(word, elapsed=elapsed if phase is Phase.SOLVING else None))
        if events and any(isinstance(e, AnswerAccepted | LockedOut) for e in events):
            event.input.value = ""
        else:
            event.input.action_select_all()

    @on(SandTimer.Expired)
    def time_up(self, event: SandTimer.Expired) -> None:
        """A sand timer ran out: the card's (``TimeUp``) or the buzzer's (``BuzzTimeUp``, V29).

        Acted on only if that timer still reads expired: a message that arrives after the
        card changed (a buzz came first, a new card turned) is stale."""
        legal = self.game.legal_actions
        if event.timer is self._buzz_timer:
            if event.timer.countdown.expired and BuzzTimeUp() in legal:
                self.act(BuzzTimeUp())
            return
        if event.timer is self.timer and self.timer.countdown.expired and TimeUp() in legal:
            self._feedback("[b]Time![/b]", ok=False)
            self.act(TimeUp())

    def action_new_game(self) -> None:
        """Same players, same timers, a fresh deal (saved like the first game)."""
        session = self.session
        if session is None or self.game.phase is not Phase.GAME_OVER:
            return
        autosave = session.autosave
        again = GameSession.start(
            SPEC, session.setup, host(self).new_seed(),
            store=autosave.store if autosave else None, save=autosave is not None,
        )
        self.app.switch_screen(VowlScreen(again, judge=self.matcher))

    # ------------------------------------------------------------------ leaving

    def stayed(self) -> None:
        self.sync()


def _events(happened: Iterable[object]) -> list[Event]:
    """The session hands events back untyped (it serves every game): these are Vowl's."""
    return [e for e in happened if isinstance(e, Event)]
