"""``SessionScreen``: a game screen driven by a ``GameSession`` - acting, refusing, handing
over, leaving.

Every game screen sends the players' actions to its session the same way, shows a
refusal the same way, hands the keyboard over the same way and asks the same question
before leaving, so that code lives here once; a game screen only decides what to draw
after each step.

Handovers: a game screen gives its words (``handover_words``; who plays here,
``people_here``, and what still stands of a step taken back, ``forget``).  This class
builds the ``Keyboard`` from them (``open_keyboard``: the game's opening handover, the
same rule the first frame was shown by, ``common.handovers.opening``), and after each
action ``act`` asks it who holds the keyboard next: the handover due waits in
``handover_due`` (the player who held it in ``outgoing``) until the screen shows it with
``pass_keyboard``, when what the step led to allows (a reveal read first, a question
answered).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from textual.binding import Binding, BindingType

from boardgames.common.session import GameSession
from boardgames.common.text import plain, shown
from boardgames.common.ui.base import GameScreen, question_open
from boardgames.common.ui.host import host
from boardgames.common.ui.sandtimer import SandTimer

if TYPE_CHECKING:
    from boardgames.common.game import Seat
    from boardgames.common.handovers import Handover, HandoverWords, Keyboard
    from boardgames.common.ui.handover import HandoverScreen, OpeningHandover

E = TypeVar("E")


class SessionScreen(GameScreen, Generic[E]):
    """A ``GameScreen`` whose game is a ``GameSession`` (``self.session``)."""

    #: Escape leaves every game the same way (docs/keys.md); a widget that uses Escape
    #: first (UWO's board clears its selection) binds it itself and hands on the rest.
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Leave")]

    NOUN: ClassVar[str] = "game"
    """How the leave question names the game ("Leave this duel?" reads better than "game");
    the title bar names the game itself (``TITLE``, the game's name first)."""

    session: GameSession[Any, Any] | None = None
    #: The handover the game opened on, built before this screen (``OpeningHandover``):
    #: the game's first ``hand_over`` is that one.
    opening: OpeningHandover | None = None
    _paused_for_leave: list[SandTimer] = []  # replaced per question, never mutated in place
    #: Who holds the keyboard (``common.handovers``): the one place handovers are decided.
    keyboard: Keyboard | None = None
    #: The handover the last action made due (``act``), until the screen shows it.
    handover_due: Handover | None = None
    #: Who held the keyboard when the last action was sent (``act``).
    outgoing: Seat | None = None

    # -- what a game says about its handovers ----------------------------------------------

    def handover_words(self) -> HandoverWords | None:
        """The game's words at its handovers; ``None``: this screen hands nothing over."""
        return None

    def people_here(self) -> frozenset[Seat] | None:
        """The seats played by people at this terminal (``None``: every seat; against the
        computer, the person's alone: nobody else shares the keyboard)."""
        return None

    #: What still stands of the events since the last handover, for a game whose steps
    #: can be taken back (``Keyboard(forget=...)``); ``None``: every event stands.
    forget: Callable[[list[object]], list[object]] | None = None

    def open_keyboard(self) -> Handover | None:
        """Who holds the keyboard as the game opens on ``session``, and the handover it
        opens on (``None``: none); show it with ``pass_keyboard``."""
        from boardgames.common.handovers import opening  # noqa: PLC0415

        assert self.session is not None, "no game has started on this screen yet"
        words = self.handover_words()
        assert words is not None, f"{type(self).__name__} gives no handover words"
        self.keyboard, handover = opening(self.session, words, self.people_here(), forget=self.forget)
        self.handover_due, self.outgoing = None, None
        return handover

    def take_due(self) -> Handover | None:
        """The handover the last action made due, now to be shown (``None``: none)."""
        due, self.handover_due = self.handover_due, None
        return due

    @property
    def engine(self) -> E:
        """The session's engine (the rules), for drawing; acting goes through ``act``."""
        assert self.session is not None, "no game has started on this screen yet"
        engine: E = self.session.engine
        return engine

    def act(self, action: object) -> tuple[object, ...] | None:
        """Apply *action* and autosave it: its events, or ``None`` after telling the refusal.

        Then the keyboard learns the events: the handover they make due, if any, waits in
        ``handover_due`` for the screen to show it."""
        assert self.session is not None
        step = self.session.apply(action)
        if step.warning:
            # a handover keeps it; a warning may quote a file's name: plain text, never markup
            self.notify_everyone(plain(step.warning, None), severity="warning", timeout=10, markup=False)
        if step.refusal is not None:
            self.refuse(step.refusal)
            return None
        if self.keyboard is not None:
            self.outgoing = self.keyboard.seat
            due = self.keyboard.after(step.events)
            if due is not None:
                self.handover_due = due
        return step.events

    def hand_over(self, handover: HandoverScreen, then: Callable[[Any], None]) -> None:
        """Cover the terminal with *handover*; *then* once the incoming player took the keyboard.

        The first handover of a game that opened on one (``OpeningHandover``)
        is that one, already on the screen since before this screen was built: it takes
        *handover*'s words and *then*, so the player who is reading it goes on reading
        the same screen, its quiet period running from when it appeared.
        """
        opening, self.opening = self.opening, None
        if opening is not None and opening.waiting:
            opening.adopt(handover, then, self)
        else:
            self.app.push_screen(handover, then)

    def seat_name(self, seat: int | None) -> str:
        """How a handover names who takes the keyboard (a player's name, as data): the game's words."""
        words = self.keyboard.words if self.keyboard is not None else self.handover_words()
        if words is not None:
            return words.player(self.engine, seat)
        return "Everyone" if seat is None else f"Player {seat + 1}"

    def pass_keyboard(self, handover: Handover, then: Callable[[], None]) -> None:
        """Cover the screen with *handover* (nothing private left beneath it); once the
        incoming player dismissed it, they hold the keyboard and *then* draws their view."""
        from boardgames.common.ui.handover import HandoverScreen  # noqa: PLC0415 - not for a game's first frame

        assert self.keyboard is not None, "a game with handovers sets self.keyboard"
        keyboard = self.keyboard  # the handover itself clears the screen beneath as it appears

        def taken(_: object) -> None:
            keyboard.taken(handover)
            then()

        self.hand_over(HandoverScreen(self.seat_name(handover.seat), handover.detail, title=handover.title), taken)

    def release_game(self) -> None:
        """Let another window (or this one's menu) open this screen's saved game: it is being left."""
        if self.session is not None:
            self.session.close()

    def on_unmount(self) -> None:
        """The screen is gone (left, replaced, the app closing): its game may be opened elsewhere."""
        self.release_game()

    def refuse(self, reason: str) -> None:
        """Tell the player at the keyboard why that cannot be done now.

        A refusal quotes what was tried (a name, an answer, an owner): plain text, never markup.
        """
        self.notify(plain(reason, None), title="Not allowed", severity="warning", markup=False)

    def leave_detail(self) -> str:
        return self.session.leave_detail() if self.session is not None else "No game has started yet."

    def in_progress(self) -> bool:
        """Is a game under way here, one that leaving would interrupt?"""
        return self.session is not None and self.session.engine.outcome() is None

    def action_leave(self) -> None:
        """Escape: back to the main menu, after asking (what is saved can be resumed from there)."""
        self.ask_to_leave(host(self).back_to_menu)

    def ask_to_leave(self, then: Callable[[], None]) -> None:
        """Ask once whether to leave this game; on "yes" call *then* (which takes the players away).

        The one leave question of the suite: Escape asks it, and so does any palette
        command that would take the players out of a game in progress (the main menu,
        another game, a saved game).  A finished game, or one not yet dealt, leaves at
        once: nothing is lost.  While the question is open no sand runs: the sand
        timers running on this screen are paused, and "no, keep playing" lets them run
        on from where they stopped.
        """
        if not self.in_progress():
            then()
            return
        if question_open(self.app):
            # One question at a time (``base.may_open``): the palette's way out, taken over
            # an open question, would otherwise do nothing and say nothing.
            self.notify("Answer the question on the screen first.", severity="warning", markup=False)
            return
        self._paused_for_leave = [t for t in self.query(SandTimer) if t.running]
        for timer in self._paused_for_leave:
            timer.pause()
        from boardgames.common.ui.choice import Choice, ChoiceScreen  # noqa: PLC0415 - not for a game's first frame

        question = ChoiceScreen(
            f"Leave this {self.NOUN}?",
            [Choice("y", "Yes, leave it", True), Choice("n", "No, keep playing", False)],
            detail=shown(self.leave_detail(), None),
            cancel=True,
        )
        self.app.push_screen(question, lambda yes: self._left(yes, then))

    def _left(self, yes: bool | None, then: Callable[[], None]) -> None:
        paused, self._paused_for_leave = self._paused_for_leave, []
        if yes:
            then()
            return
        for timer in paused:
            timer.resume()
        self.stayed()

    def stayed(self) -> None:
        """The players answered "no, keep playing": redraw what the question may have changed."""
