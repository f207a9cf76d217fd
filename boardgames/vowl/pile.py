"""A pile or a sudden-death card in play: the answer box, the sand timers, the buzz keys.

Time: the ``SandTimer`` widget counts down on the app's injected clock; when it runs out
the screen sends ``TimeUp()``.  Answers carry the elapsed seconds (Interpretation V22).

Sudden death on one keyboard (Interpretations V10, V29-V31): a buzz stops the card's
sand and starts the buzzer's own countdown (``#buzz-timer``, ``BUZZ_SECONDS``; its end
is ``BuzzTimeUp()``); Ctrl+X or typing ``pass`` gives the buzz up.  Which key counts is
decided in ``accepts_key``, the app's gate before any binding or the answer box: for
``BUZZ_GATE`` seconds of quiet after a card turns and after a buzz no key counts (the
slower hand's buzz key is told who holds the buzz, and types nothing); a locked-out
player's buzz key is refused in the rules' words.  The footer names who may still buzz
(``active_bindings``), and ``check_action`` drops the others.
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING

from textual import events, on
from textual.binding import ActiveBinding
from textual.widgets import Input

from boardgames.common.game import Seat
from boardgames.common.text import plain, shown
from boardgames.common.ui.base import ARM, QuietGate, clock_of
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.vowl.actions import Answer, Buzz, BuzzTimeUp, Pass, Revisit, Roll, TimeUp
from boardgames.vowl.cards import Card
from boardgames.vowl.events import (
    AnswerAccepted,
    AnswerRejected,
    Buzzed,
    CardPassed,
    CardUnanswered,
    Event,
    LockedOut,
    LockOut,
    RunFinished,
    RunResult,
    RunStarted,
    SuddenDeathCard,
    TurnEnded,
)
from boardgames.vowl.kinds import Phase
from boardgames.vowl.render import BUZZ_KEYS
from boardgames.vowl.table import VowlTable
from boardgames.vowl.track import BUZZ_SECONDS
from boardgames.vowl.view import SuddenDeathView
from boardgames.vowl.widgets import Feedback, PassedCards

if TYPE_CHECKING:
    from boardgames.vowl.stats import Session

PASS_WORD = "pass"
#: Interpretation V31: seconds of quiet after a sudden-death card turns and after a buzz
#: before a key counts - the suite's gate moment (``common.ui.base.ARM``), so a key
#: pressed with the handover's Space, a double press or the slower hand's buzz never acts.
BUZZ_GATE = ARM
#: How much of a name the footer's buzz keys show (the footer is one line at 80 columns).
FOOTER_NAME = 16


class PileHandling(VowlTable):
    """The keys and timers of a pile in play and of sudden death, and what each event does to them."""

    #: a resumed game stopped mid-pile: its sand restarts once the racers are back (V26)
    _interrupted: bool = False
    #: practice: this session's record per player, and how long each card of the pile took
    _sessions: dict[str, Session]
    _card_times: list[float]
    _last_solved_at: float = 0.0
    _reviewed_turn: int = 0
    #: Interpretation V31: shut for a moment after a sudden-death card turns and after a buzz
    _buzz_gate: QuietGate
    #: Interpretation V33: Ctrl+B's walk back through the passed cards (newest first, then the
    #: card face up at the first press), how far it went, and the pile it left (``action_revisit``)
    _back_walk: tuple[Card, ...] = ()
    _back_step: int = -1
    _back_walk_at: tuple[Card | None, tuple[Card, ...]] | None = None

    # ------------------------------------------------------------------ what events do

    def _react(self, event: Event) -> None:
        """Screen-side consequences of what the engine did (timers, stats, feedback)."""
        match event:
            case RunStarted(time_limit=limit):
                self.query_one(Feedback).clear()  # a new pile: no verdict of the last one
                self.timer.set_limit(limit)
                self.timer.start()
                self._card_times, self._last_solved_at = [], 0.0
            case SuddenDeathCard():
                self._stop_buzz_timer()
                self.timer.set_limit(self.view().time_limit or 25)
                self.timer.start()
                self._shut_buzz_gate()  # Interpretation V31: no key counts as the card turns
            case Buzzed(player=seat):
                # Interpretation V29: the card's sand stands still; the buzzer's own runs.
                self.timer.pause()
                sd = self.table.sudden_death
                self.buzz_timer.set_limit(sd.buzz_seconds if sd is not None else BUZZ_SECONDS)
                self.buzz_timer.start()
                self._clear_answer()  # nothing typed, nothing selected: the box is the buzzer's
                self._shut_buzz_gate()  # V31: the slower hand's buzz must not type into it
                self._feedback(f"{shown(self.table.name(seat))} holds the buzz: type the word, then Enter.", ok=True)
            case RunFinished(result=result):
                self.timer.stop()
                if self.table.practice and self.stats is not None:
                    self._record_practice(result)
            case AnswerAccepted(word=word):
                if self.table.practice:  # how long this card took: for the practice charts
                    now = self.timer.countdown.elapsed
                    self._card_times.append(max(0.0, now - self._last_solved_at))
                    self._last_solved_at = now
                self._feedback(f"[$text-success]✓ {shown(word)}[/] — accepted", ok=True)
            case AnswerRejected(verdict=verdict):
                said = shown(verdict.word) if verdict.word else "(nothing)"
                self._feedback(f"[$text-error]✗ {said}[/] — {shown(verdict.message, None)}", ok=False)
            case LockedOut(player=seat, verdict=verdict, why=why):
                self._stop_buzz_timer()
                self._clear_answer()
                self.timer.resume()  # the card's sand runs on for the other player
                if why is LockOut.WRONG and verdict is not None:
                    said = shown(verdict.word) if verdict.word else "(nothing)"
                    reason = f"{said}, {shown(verdict.message.removeprefix('rejected: '), None)}"
                else:
                    reason = why.value
                self._feedback(
                    f"[$text-error]✗ {shown(self.table.name(seat))}: {reason}[/] — locked out of this card", ok=False
                )
            case CardPassed():
                # A verdict is about the card it judged: after a pass (or a Ctrl+B, which
                # passes the face-up card) another card is face up.
                self.query_one(Feedback).clear()
            case CardUnanswered(card=card, timed_out=timed_out):
                how = "Time!" if timed_out else "Both locked out:"
                self._feedback(f"[$text-error]{how}[/] nobody wins {shown(card.skeleton)}; a new card.", ok=False)
            case TurnEnded(summary=summary):
                self.query_one(Feedback).clear()  # the next roll is another player's: no stale verdict
                self.timer.stop()
                self._stop_buzz_timer()
                if summary.turn != self._reviewed_turn:
                    self._show_review(summary)

    def _practice_level(self) -> str:
        """The level a practice pile is played at: the board and the player's sand timer."""
        setup = self.session.setup if self.session is not None else None
        board = "advanced" if setup is not None and setup.advanced else "standard"
        timer = setup.timers[0] if setup is not None and setup.timers else 25
        from boardgames.vowl.stats import level_key  # noqa: PLC0415 - practice only, after a pile

        return level_key(board, timer)

    def _record_practice(self, result: RunResult) -> None:
        """A practice pile is over: into the player's record (and a new best time is told)."""
        assert self.stats is not None
        elapsed = result.elapsed if result.elapsed is not None else self.timer.countdown.limit
        runner = self.table.name(result.runner)  # a record is kept by the player's name
        record = self.stats.get(runner)
        if runner not in self._sessions:
            self._sessions[runner] = record.start_session(time.time())
        best = record.record_pile(
            result.total,
            result.solved,
            result.complete,
            elapsed,
            level=self._practice_level(),
            card_times=tuple(self._card_times),
            session=self._sessions[runner],
        )
        warning = self.stats.save()
        if warning:
            self.notify_everyone(warning, severity="warning", markup=False)  # quotes a file name
        if best:
            from boardgames.vowl.stats import seconds  # noqa: PLC0415 - the one way a time is written

            self.notify_everyone(
                f"New best time for {result.total} cards ({self._practice_level()} s): {seconds(elapsed)}!",
                markup=False,
            )

    def _restart_sand(self, limit: float, used: float) -> None:
        """A resumed pile goes on: the sand restarts with the time left at the last answer (V26)."""
        self._interrupted = False
        self.timer.set_limit(limit)
        self.timer.start(already=used)
        sd = self.table.sudden_death if self.table.phase is Phase.SUDDEN_DEATH else None
        if sd is not None:
            self._shut_buzz_gate()
            if sd.buzzer is not None:
                self.timer.pause()
                self.buzz_timer.set_limit(sd.buzz_seconds)
                self.buzz_timer.start()
                self._clear_answer()

    # ------------------------------------------------------------------ sudden death's keys (V31)

    def _shut_buzz_gate(self) -> None:
        """No key counts for ``BUZZ_GATE`` seconds of quiet from now (Interpretation V31)."""
        self._buzz_gate.restart(clock_of(self.app)())

    @property
    def armed(self) -> bool:
        """Does a key count now?  ``GateHint`` (``#buzz-gate``) shows it; only sudden death waits."""
        return self.table.phase is not Phase.SUDDEN_DEATH or self._buzz_gate.is_open(clock_of(self.app)())

    def on_armed(self, armed: bool) -> None:
        self.refresh_bindings()

    def _buzz_key_owner(self, key: str, sd: SuddenDeathView) -> Seat | None:
        return sd.players[BUZZ_KEYS.index(key)] if key in BUZZ_KEYS else None

    def accepts_key(self, event: events.Key) -> bool:
        """The app's key gate (``common.ui.base.input_allowed``), before any binding or the
        answer box: in sudden death no key counts in the moment after a card turns or a
        buzz (each one pressed then starts the moment again), and a buzz key then is the
        slower hand, told who holds the buzz; a locked-out player's key is refused
        (Interpretation V31)."""
        if not super().accepts_key(event):
            return False
        if self.table.phase is not Phase.SUDDEN_DEATH or self._interrupted:
            return True
        sd = self.table.sudden_death
        assert sd is not None
        who = self._buzz_key_owner(event.key, sd)
        if not self._buzz_gate.admit(clock_of(self.app)()):
            if who is not None and sd.buzzer is not None and who != sd.buzzer:
                name = self.table.name
                self.notify(
                    f"{plain(name(sd.buzzer))} holds the buzz: {plain(name(who))}'s buzz came too late.",
                    title="Too late",
                    markup=False,
                )
            return False
        if who is not None and sd.buzzer is None and who in sd.locked_out:
            self.act(Buzz(who))  # refused, in the rules' words ("... locked out of this card")
            return False
        return True

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's keys; in sudden death each buzz key names its player ("z Buzz: Ann Lee")."""
        bindings = super().active_bindings
        if self.table.phase is not Phase.SUDDEN_DEATH:
            return bindings
        sd = self.table.sudden_death
        assert sd is not None
        for key, active in list(bindings.items()):
            who = self._buzz_key_owner(key, sd)
            if who is not None and active.binding.action.startswith("buzz("):
                named = dataclasses.replace(
                    active.binding, description=f"Buzz: {plain(self.table.name(who), FOOTER_NAME)}"
                )
                bindings[key] = active._replace(binding=named)
        return bindings

    # ------------------------------------------------------------------ player input

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what is not possible now; hide what does not belong to this phase."""
        phase = self.table.phase
        legal = self.game.legal_actions
        match action:
            case "roll":
                return phase is Phase.ROLL
            case "pass_card":
                if phase is Phase.SUDDEN_DEATH:  # the buzzer gives up the buzz (V10)
                    return Pass() in legal
                return (Pass() in legal or None) if phase is Phase.SOLVING else False
            case "revisit":
                return (bool(self._revisits()) or None) if phase is Phase.SOLVING else False
            case "buzz":
                # Interpretation V31: only who may still buzz is offered; greyed while the
                # other holds the buzz; a locked-out player's key is gone (and refused).
                sd = self.table.sudden_death
                if phase is not Phase.SUDDEN_DEATH or sd is None or not parameters:
                    return False
                index = parameters[0]
                if not isinstance(index, int) or not 0 <= index < len(sd.players):
                    return False
                seat = sd.players[index]
                if seat in sd.locked_out or seat == sd.buzzer:
                    return False
                return True if sd.buzzer is None else None
            case "new_game":
                return phase is Phase.GAME_OVER
            case "review":
                # Only between turns (a pile or a question owns the keys otherwise), and
                # hidden until a turn is over: greyed on turn 1, it read as offered.
                return phase in (Phase.ROLL, Phase.GAME_OVER) and self.table.last_turn is not None
        return True

    def action_roll(self) -> None:
        self.act(Roll())

    def action_pass_card(self) -> None:
        """Ctrl+X: pass the card; in sudden death, give up the buzz (Interpretation V10)."""
        if self.table.phase in (Phase.SOLVING, Phase.SUDDEN_DEATH):
            self.act(Pass())

    def action_revisit(self) -> None:
        """Ctrl+B: back to the card passed last; pressed again, further back (Interpretation V33).

        The face-up card is passed in its place (V11), so "the card passed last" would
        then be the one just left: presses in a row walk instead through the passed
        cards as they were at the first press, newest first, then the card face up at
        the first press, and round again.  Anything else in between starts a new walk."""
        run = self.view().active_run
        if not self._revisits() or run is None or run.current is None:
            self.notify("There is no passed card to go back to.", severity="warning")
            return
        if (run.current, run.passed) != self._back_walk_at:
            self._back_walk, self._back_step = (*reversed(run.passed), run.current), -1
        self._back_step = (self._back_step + 1) % len(self._back_walk)
        self.act(Revisit(self._back_walk[self._back_step]))
        run = self.view().active_run
        self._back_walk_at = (run.current, run.passed) if run is not None else None

    def _revisits(self) -> list[Revisit]:
        """The passed cards the racer may go back to now, oldest first (their view's ``legal``)."""
        return [a for a in self.actor_view().legal if isinstance(a, Revisit)]

    def action_revisit_at(self, index: int) -> None:
        """A click on a passed card (``PassedCards`` links): go back to that one."""
        card = self.query_one(PassedCards).chosen(index)
        if card is None or self.table.phase is not Phase.SOLVING:
            return
        self.act(Revisit(card))
        if self.table.phase is Phase.SOLVING:
            self._focus_answer()

    def action_buzz(self, index: int) -> None:
        sd = self.table.sudden_death
        if sd is None or self.table.phase is not Phase.SUDDEN_DEATH:
            return
        if self.timer.countdown.expired and TimeUp() in self.game.legal_actions:
            self.act(TimeUp())  # the card's sand ran out before the buzz: too late
            return
        self.act(Buzz(sd.players[index]))

    @on(Input.Submitted, "#answer")
    def answer(self, event: Input.Submitted) -> None:
        word = event.value.strip()
        phase = self.table.phase
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
        happened = self.act(Answer(word, elapsed=elapsed if phase is Phase.SOLVING else None))
        if happened and any(isinstance(e, AnswerAccepted | LockedOut) for e in happened):
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
