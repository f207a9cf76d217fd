"""Who holds the keyboard, and when it changes hands: derived from the contract, once.

A handover exists to keep secrets: it covers the screen until the incoming player
says only they can see it.  Whether one is needed follows from the contract alone
(``common.game``), so no game decides it for itself:

- the keyboard belongs to the one seat in ``actors()``; several actors at once (a
  race) or none (time must run out, the game is over) means the whole table;
- a seat whose ``view(seat)`` equals ``view(None)`` has nothing to hide: its turn is
  played in front of everyone, like the table's (it "holds" the keyboard as the table);
- the keyboard changes hands when that holder changes, and then a handover covers the
  screen first: before a seat's private view is drawn, and after one was (so nothing of
  the previous player's remains for the next).

A game supplies only words (``HandoverWords``): the headline and the lines under it,
from the events the incoming holder may see (``visible_to``).  One rule a game may add
is a *courtesy* handover, where the rulebook hands the keyboard over though no secret
is at stake (Vowl's racer turns the sand timer when ready).

Nothing here imports Textual: the session screen (``common.ui.session_screen``) shows
what this computes, and tests drive it without an app.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from boardgames.common.game import Seat, visible_to
from boardgames.common.records import FrozenRecord

if TYPE_CHECKING:
    from boardgames.common.session import GameSession

TABLE: None = None
"""The holder when no one seat holds the keyboard: everyone may watch."""


class Why(enum.Enum):
    """Why the keyboard changes hands: the game words each its own way."""

    OPENING = "opening"  # a new game's first holder
    RESUMED = "resumed"  # a saved game comes back to its holder
    TURN = "turn"  # the holder changed after an action
    COURTESY = "courtesy"  # the rules hand over though nothing is secret


class Handover(FrozenRecord):
    """One handover: who takes the keyboard (``seat``; ``None``: the table), why, and its words."""

    __slots__ = ("seat", "why", "title", "detail")
    seat: Seat | None
    why: Why
    title: str
    detail: str

    def __init__(self, seat: Seat | None, why: Why, title: str, detail: str) -> None:
        super().__init__(seat, why, title, detail)


class HandoverWords(Protocol):
    """What a game says at its handovers: words, never whether one happens (bar ``courtesy``).

    *seen* is every event since the last handover that the incoming holder may see
    (``visible_to``), oldest first; games word them (``str(event)``) or read them ("you
    are attacked").  Titles and details are markup written by the game: every name in
    them goes through ``common.text.shown``.
    """

    #: Whether a replayed save's last events are the table's to see again before the
    #: holder takes the keyboard (VNTYPL8S's reveal, P20): they go to ``courtesy``.
    shows_last: bool

    def player(self, engine: Any, seat: Seat | None) -> str:
        """Who a handover names (``HandoverScreen.player``, data): a player's name, or the table's."""
        ...

    def title(self, engine: Any, seat: Seat | None, why: Why, seen: Sequence[object]) -> str: ...

    def detail(self, engine: Any, seat: Seat | None, why: Why, seen: Sequence[object]) -> str: ...

    def courtesy(self, engine: Any, why: Why, events: Sequence[object]) -> bool:
        """A handover the rulebook asks for though no secret is at stake: after *events*
        (``Why.TURN``), or when a game opens or resumes in front of the table."""
        ...


class NoCourtesy:
    """Mixin for ``HandoverWords`` of games whose rules ask for no courtesy handover."""

    shows_last = False

    def courtesy(self, engine: Any, why: Why, events: Sequence[object]) -> bool:
        return False


def private(engine: Any, seat: Seat) -> bool:
    """Does *seat* see more than the table does now?"""
    return bool(engine.view(seat) != engine.view(None))


def holder(engine: Any) -> Seat | None:
    """Who must hold the keyboard now: the one actor whose view is private; else the table."""
    if engine.outcome() is not None:
        return TABLE
    actors = engine.actors()
    if len(actors) != 1:
        return TABLE
    (seat,) = actors
    return seat if private(engine, seat) else TABLE


class Keyboard:
    """Who holds the keyboard in one game on one terminal, and what they have not been told yet.

    A screen feeds it every step's events (``after``) and shows the ``Handover`` it
    returns, if any, drawing only the table's view until the incoming player dismissed
    it (``taken``); then it draws ``view(seat)``.  ``first`` gives a game's opening one.

    *people*: the seats played by people at this terminal (``None``: every seat).  With
    one person or none (against the computer, one seat per terminal over the network)
    nobody else shares the keyboard, so there is never a handover.

    *forget*: what still stands of the events since the last handover, for a game whose
    steps can be taken back (a step taken back is not told, whoever may see the taking back).
    """

    def __init__(
        self,
        engine: Any,
        words: HandoverWords,
        people: frozenset[Seat] | None = None,
        *,
        forget: Callable[[list[object]], list[object]] | None = None,
    ) -> None:
        self.engine = engine
        self.words = words
        self.people = people
        self.forget = forget
        # who holds it (their handover dismissed); a lone person always does
        self.seat: Seat | None = min(people) if people and len(people) == 1 else TABLE
        self._since: list[object] = []  # events since the last handover

    @property
    def shared(self) -> bool:
        """Do several people share this keyboard (so handovers happen at all)?"""
        return self.people is None or len(self.people) > 1

    def first(self, *, resumed: bool, last: Iterable[object] = ()) -> Handover | None:
        """The handover a game opens on (new, or a save replayed): its holder's; at the table
        only as a courtesy; ``None`` when the game opens without one (or is over).

        *last*: a replayed save's last events, which the table may be shown again first:
        when the courtesy asks for them, the table takes the keyboard before the holder
        (whose own handover is the next ``after``'s).
        """
        if not self.shared or self.engine.outcome() is not None:
            return None
        last = tuple(last)
        self._since.extend(last)
        seat = holder(self.engine)
        why = Why.RESUMED if resumed else Why.OPENING
        if (seat is TABLE or last) and self.words.courtesy(self.engine, why, last):
            return self._handover(TABLE, why)
        return None if seat is TABLE else self._handover(seat, why)

    def after(self, events: Iterable[object]) -> Handover | None:
        """The handover due after an action's *events*; ``None`` when no one new takes the
        keyboard (the table takes it back at once: only the table's view is drawn)."""
        events = tuple(events)
        self._since.extend(events)
        if self.forget is not None:
            self._since = self.forget(self._since)
        if not self.shared or self.engine.outcome() is not None:
            if self.shared:
                self.seat = TABLE
            return None
        seat = holder(self.engine)
        if seat is not TABLE and seat != self.seat:
            return self._handover(seat, Why.TURN)
        if self.words.courtesy(self.engine, Why.TURN, events):
            return self._handover(seat, Why.COURTESY)
        self.seat = seat  # the same holder goes on, or the table takes it back
        return None

    def taken(self, handover: Handover) -> None:
        """The incoming player dismissed *handover*: from now on they hold the keyboard."""
        self.seat = handover.seat

    def _handover(self, seat: Seat | None, why: Why) -> Handover:
        seen = [e for e in self._since if visible_to(e, seat)]
        self._since = []
        self.seat = TABLE  # until the handover is dismissed, only the table's view is drawn
        return worded(self.words, self.engine, seat, why, seen)


def worded(words: HandoverWords, engine: Any, seat: Seat | None, why: Why, seen: Sequence[object] = ()) -> Handover:
    """The handover to *seat* for *why*, in the game's *words*: read from *engine*, or, for a
    new game opened before its engine exists (``Why.OPENING``, nothing seen yet), from what
    the game knows of it then (``common.ui.handover.new_game_screen``)."""
    return Handover(seat, why, words.title(engine, seat, why, seen), words.detail(engine, seat, why, seen))


def opening(
    session: GameSession[Any, Any],
    words: HandoverWords,
    people: frozenset[Seat] | None = None,
    *,
    forget: Callable[[list[object]], list[object]] | None = None,
) -> tuple[Keyboard, Handover | None]:
    """Who holds the keyboard as a game opens on *session* (new, or a save replayed), and the
    handover it opens on: the one rule for the game screen (``SessionScreen.open_keyboard``)
    and for the first frame shown before it exists (``common.ui.handover.opening_screen``)."""
    keyboard = Keyboard(session.engine, words, people, forget=forget)
    last = session.last if words.shows_last else ()
    return keyboard, keyboard.first(resumed=bool(session.history or session.last), last=last)
