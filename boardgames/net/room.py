"""The master of one game played across devices: pure, so every rule of trust is tested here.

A ``Room`` holds the ``GameSession`` (the engine, its autosave) and decides everything a
host decides: who a connection is (its seat's secret code), whether an action is
accepted (``submit``), what each connection is told (its own ``view(seat)`` and only the
events ``visible_to`` it), who is connected, and the timers.  It opens no socket, reads
no clock and starts no task: the server passes the time in (``now``, seconds on any
monotonic clock) and sends what each call returns, ``(recipient, message)`` pairs where
the recipient is a seat, or ``TABLE`` for the public connections.

Like boardgame.io's master, every applied action increments ``state_id``; an action made
against another ``state_id`` is refused (the game moved on since its sender looked),
unless the game says it stands on its own (``NetGame.ignores_stale``).
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from boardgames.common.game import Seat, refusal_text, visible_to
from boardgames.common.session import GameSession
from boardgames.net.netgame import NetGame, TimerSpec
from boardgames.net.protocol import (
    MAX_REASON,
    Countdown,
    Deadlines,
    Presence,
    Refused,
    Seating,
    Sync,
    Update,
)
from boardgames.net.values import WireValueError, action_from_wire, to_wire

#: The recipient of what every public connection (the table's screen, a TV) is sent.
TABLE: Final = None
Recipient = Seat | None
Message = Sync | Update | Refused | Presence | Deadlines
Outgoing = tuple[Recipient, Message]

#: Random bytes in a seat code: 144 bits, 24 characters of ``token_urlsafe``; guessing one
#: over a network at any rate a host answers is hopeless.
CODE_BYTES: Final = 18

UNKNOWN_CODE: Final = "This code is not a seat of this game: ask the host for your own address."


def new_code() -> str:
    """A seat's secret code (part of its join address)."""
    return secrets.token_urlsafe(CODE_BYTES)


class UnknownCode(Exception):
    """A code that is no seat's and not the table's."""


class _Timer:
    """A running (or paused) timer: what is left of it and since when it runs."""

    __slots__ = ("remaining", "since", "spec")

    def __init__(self, spec: TimerSpec) -> None:
        self.spec = spec
        self.remaining = spec.seconds
        self.since: float | None = None  # host time it last resumed; None while paused

    def left(self, now: float) -> float:
        return self.remaining - (now - self.since if self.since is not None else 0.0)

    def pause(self, now: float) -> None:
        self.remaining, self.since = self.left(now), None


class Room:
    """One game, its seats' codes, who is connected, and its timers (module docstring)."""

    def __init__(
        self,
        net: NetGame,
        session: GameSession[Any, Any],
        *,
        now: float,
        codes: Mapping[Seat, str] | None = None,
        table_code: str | None = None,
        state_id: int | None = None,
    ) -> None:
        self.net = net
        self.session = session
        seats = session.engine.seats
        self.codes: dict[Seat, str] = dict(codes) if codes is not None else {s: new_code() for s in range(seats)}
        if sorted(self.codes) != list(range(seats)) or len(set(self.codes.values())) != seats:
            raise ValueError("every seat needs a code of its own")
        self.table_code = table_code or new_code()
        self.names = net.seat_names(session.engine, session.setup)
        #: How many actions were applied: a resumed game starts from its save's count, so an
        #: act made before the host restarted is stale after it.
        saved = session.autosave.record.actions if session.autosave is not None else []
        self.state_id = len(saved) if state_id is None else state_id
        #: Every event so far, in order, with its audience (each connection sees its share).
        self.log: list[object] = [*net.opening_events(session.engine), *session.history]
        self._connections: Counter[Recipient] = Counter()
        self._timers: dict[str, _Timer] = {}
        #: Per timer that takes drafts, each seat's last one (never sent, never saved: P33).
        self._drafts: dict[str, dict[Seat, str]] = {}
        self._refresh_timers(now)

    # ------------------------------------------------------------------ who is who

    @property
    def engine(self) -> Any:
        return self.session.engine

    def recipient(self, code: str) -> Recipient:
        """The seat *code* belongs to (``TABLE`` for the table's); ``UnknownCode`` otherwise.

        Every code is compared, each in constant time, so how long a wrong code takes says
        nothing about the right ones.
        """
        given = code.encode()
        found: list[Recipient] = [s for s, c in self.codes.items() if secrets.compare_digest(given, c.encode())]
        if secrets.compare_digest(given, self.table_code.encode()):
            found.append(TABLE)
        if len(found) != 1:
            raise UnknownCode
        return found[0]

    def connected(self, seat: Seat) -> bool:
        return self._connections[seat] > 0

    def seating(self) -> tuple[Seating, ...]:
        return tuple(Seating(s, self.names[s], self.connected(s)) for s in range(len(self.codes)))

    # ------------------------------------------------------------------ connections

    def join(self, code: str, now: float) -> tuple[Sync, list[Outgoing]]:
        """A connection said hello with *code*: its full sync, and what everyone is told
        (its seat is back).  ``UnknownCode`` for a code that is no seat's."""
        who = self.recipient(code)
        self._connections[who] += 1
        told: list[Outgoing] = []
        if who is not TABLE and self._connections[who] == 1:
            told = self._broadcast(Presence(self.seating()))
            if self._refresh_timers(now):
                told += self._broadcast(self._deadlines(now))
        return self.sync(who, now), told

    def leave(self, code: str, now: float) -> list[Outgoing]:
        """A connection that said hello with *code* closed: its seat is away once its last one has."""
        who = self.recipient(code)
        if self._connections[who] <= 0:
            return []
        self._connections[who] -= 1
        if who is TABLE or self._connections[who] > 0:
            return []
        told = self._broadcast(Presence(self.seating()))
        if self._refresh_timers(now):
            told += self._broadcast(self._deadlines(now))
        return told

    def sync(self, who: Recipient, now: float) -> Sync:
        """Everything *who* may know now (at hello, and again at every reconnect)."""
        return Sync(
            game=self.net.spec.key,
            seat=who,
            state_id=self.state_id,
            view=to_wire(self._view(who)),
            log=tuple(to_wire(e) for e in self._visible(self.log, who)),
            seating=self.seating(),
            deadlines=self._countdowns(now),
        )

    # ------------------------------------------------------------------ actions

    def submit(self, code: str, state_id: int, action: Any, now: float) -> list[Outgoing]:
        """A connection's action (plain JSON, made against *state_id*): applied and told to
        everyone, or refused to its sender alone.  Nothing a sender is told depends on
        another seat's secrets: who it is and whose turn it is are checked before the rules."""
        try:
            seat = self.recipient(code)
        except UnknownCode:
            return []  # the server closes a connection whose code is unknown before any act
        if seat is TABLE:
            return self._refuse(seat, "The table's screen only watches: players act from their own seats.")
        engine = self.engine
        if engine.outcome() is not None:
            return self._refuse(seat, "The game is over.")
        try:
            decoded = action_from_wire(action, self.net.spec.action_classes, self.net.spec.is_action)
        except WireValueError as exc:
            return self._refuse(seat, f"That is not a move of this game ({exc}).")
        if self.net.host_only(decoded):
            return self._refuse(seat, "Only the host's clock says when time runs out.")
        claimed = self.net.seat_of(engine, decoded, seat)
        if claimed is None:
            return self._refuse(seat, "It is not your turn.")  # nobody's move now
        if claimed != seat:
            return self._refuse(seat, "You can only make your own moves.")
        if state_id != self.state_id and not self.net.ignores_stale(decoded):
            return self._refuse(seat, "The game moved on since you saw it: look again.")
        if seat not in engine.actors():
            return self._refuse(seat, "It is not your turn.")
        decoded = self.net.stamp(engine, decoded, lambda key: self._left(key, now))
        why = engine.why_illegal(decoded)
        if why is not None:
            return self._refuse(seat, refusal_text(why))
        return self._apply([decoded], now)

    def draft(self, code: str, text: str, now: float) -> None:
        """What a seat has typed so far: kept for the running timer that waits for that seat
        and takes drafts, to be handed in when it runs out (``NetGame.time_up``).  Told to
        nobody, and nothing is answered: a draft no timer wants (one that crossed the time
        running out, the table's) is dropped."""
        try:
            seat = self.recipient(code)
        except UnknownCode:
            return
        timer = next((t for t in self._timers.values() if t.spec.drafts and seat in t.spec.seats), None)
        if seat is not TABLE and timer is not None:
            self._drafts.setdefault(timer.spec.key, {})[seat] = text

    def _left(self, key: str, now: float) -> float | None:
        timer = self._timers.get(key)
        return None if timer is None else max(0.0, timer.left(now))

    def tick(self, now: float) -> list[Outgoing]:
        """Time passed: every timer that ran out applies what it ends (each still legal)."""
        told: list[Outgoing] = []
        for _ in range(len(self._timers) + 8):  # a timer's end may start another: bounded
            due = [t for t in self._timers.values() if t.since is not None and t.left(now) <= 0]
            if not due:
                break
            ending: list[object] = []
            for timer in due:
                self._timers.pop(timer.spec.key, None)
                drafts = self._drafts.pop(timer.spec.key, {})
                ending.extend(self.net.time_up(self.engine, timer.spec, drafts))
            told += self._apply(ending, now, check=True)
        return told

    def next_deadline(self, now: float) -> float | None:
        """When (on the caller's clock) the next running timer runs out, if any runs."""
        running = [now + t.left(now) for t in self._timers.values() if t.since is not None]
        return min(running, default=None)

    def _apply(self, actions: Sequence[object], now: float, *, check: bool = False) -> list[Outgoing]:
        new: list[object] = []
        applied = 0
        for action in actions:
            if check and self.engine.why_illegal(action) is not None:
                continue  # a timer's action the game no longer wants (the writer handed in)
            step = self.session.apply(action)
            if step.refusal is not None:  # checked above: the engine and its check disagree
                continue
            self.state_id += 1
            applied += 1
            new.extend(step.events)
        if not applied:
            return self._broadcast(self._deadlines(now)) if self._refresh_timers(now) else []
        self.log.extend(new)
        told: list[Outgoing] = [(who, self._update(who, new)) for who in self._everyone()]
        if self._refresh_timers(now):
            told += self._broadcast(self._deadlines(now))
        return told

    # ------------------------------------------------------------------ what each one sees

    def _view(self, who: Recipient) -> object:
        """*who*'s view: the engine's observer strips every other seat's secrets."""
        return self.engine.view(who)

    def _visible(self, events: Iterable[object], who: Recipient) -> list[object]:
        return [e for e in events if visible_to(e, who)]

    def _update(self, who: Recipient, events: Sequence[object]) -> Update:
        return Update(self.state_id, to_wire(self._view(who)), tuple(to_wire(e) for e in self._visible(events, who)))

    def _everyone(self) -> list[Recipient]:
        return [*range(len(self.codes)), TABLE]

    def _broadcast(self, message: Message) -> list[Outgoing]:
        return [(who, message) for who in self._everyone()]

    def _refuse(self, seat: Recipient, reason: str) -> list[Outgoing]:
        return [(seat, Refused(reason[:MAX_REASON], self.state_id))]

    # ------------------------------------------------------------------ timers

    def _refresh_timers(self, now: float) -> bool:
        """Start the timers the game asks for, drop the others, pause those waiting for a
        seat that is away; whether anything a client draws changed."""
        wanted = {t.key: t for t in self.net.timers(self.engine, self.session.setup)}
        changed = False
        for key in [k for k in self._timers if k not in wanted]:
            del self._timers[key]
            self._drafts.pop(key, None)
            changed = True
        for key, spec in wanted.items():
            timer = self._timers.get(key)
            if timer is None:
                timer = self._timers[key] = _Timer(spec)
                changed = True
            elif timer.spec.seats != spec.seats:
                changed = True
            timer.spec = spec
            everyone_here = all(self.connected(s) for s in spec.seats) and not spec.held
            if everyone_here and timer.since is None:
                timer.since = now
                changed = True
            elif not everyone_here and timer.since is not None:
                timer.pause(now)
                changed = True
        return changed

    def countdowns(self, now: float) -> tuple[Countdown, ...]:
        """The timers as a client is told them now (the host's table screen draws them too)."""
        return self._countdowns(now)

    def _countdowns(self, now: float) -> tuple[Countdown, ...]:
        return tuple(
            Countdown(t.spec.key, tuple(sorted(t.spec.seats)), max(0.0, t.left(now)), t.since is not None)
            for t in self._timers.values()
        )

    def _deadlines(self, now: float) -> Deadlines:
        return Deadlines(self._countdowns(now))
