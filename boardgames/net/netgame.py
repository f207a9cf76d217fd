"""What the network needs to know about one title, beyond the engine contract.

``common.game`` says who may act (``actors()``) and whether an action is legal
(``why_illegal``), but not *who sent* an action: on one keyboard the screen knows.  A
host must, since a client may claim another seat's move.  A ``NetGame`` says it
(``seat_of``), which actions only the host's clock may send (``host_only``: time running out), which
may be applied against an older state (a plate written while another was handed in:
boardgame.io's ``ignoreStaleStateID``), which timers run now, and how a client rebuilds
the views and events it is sent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from msgspec import Struct

from boardgames.common.game import Seat
from boardgames.common.session import GameSpec


class TimerSpec(Struct, frozen=True):
    """A timer the host runs: while the game asks for it (same ``key``), it keeps running.

    ``seats`` are the players it waits for: it pauses while any of them is away.  When it
    runs out, the host applies ``expire`` (each still legal then) as if a seat had sent it.
    ``held``: it stands still though everyone is here (Vowl's card timer while a buzz is held, V29).
    """

    key: str
    seats: frozenset[Seat]
    seconds: float
    expire: tuple[Any, ...]
    #: Whether its seats send drafts (``Draft``: what they have typed so far) that the host
    #: keeps, unsaved and shown to nobody, for ``NetGame.time_up`` when it runs out.
    drafts: bool = False
    held: bool = False


class NetGame(Protocol):
    """One title as a host and its clients need it (``titles`` has UWO's and VNTYPL8S's)."""

    @property
    def spec(self) -> GameSpec[Any, Any]:
        """The session layer's spec: how the game is built, its actions, its key."""
        ...

    @property
    def value_classes(self) -> Mapping[str, type]:
        """Every class a view or an event is made of, by name (``saves.classes_of``)."""
        ...

    @property
    def interned(self) -> Mapping[str, Callable[[Any], object]]:
        """Classes whose values are one catalog's singletons: name -> how to look one up."""
        ...

    def seat_names(self, engine: Any, setup: Any) -> tuple[str, ...]:
        """How each seat is called, for "Bob is reconnecting…"."""
        ...

    def host_only(self, action: object) -> bool:
        """Whether only the host sends *action* (time running out: the host's clock is the judge)."""
        ...

    def seat_of(self, engine: Any, action: object, sender: Seat) -> Seat | None:
        """The seat *action* is made by when *sender* sends it (``None``: nobody's now).
        The room refuses it unless it is *sender*'s own."""
        ...

    def ignores_stale(self, action: object) -> bool:
        """Whether *action* stands on its own: applied (if legal) though the game moved on
        since its sender saw it, because what changed cannot be what it answers."""
        ...

    def timers(self, engine: Any, setup: Any) -> Sequence[TimerSpec]:
        """The timers the game runs now (none for a game without time)."""
        ...

    def time_up(self, engine: Any, timer: TimerSpec, drafts: Mapping[Seat, str]) -> Sequence[object]:
        """What *timer* running out applies, given the last draft each of its seats sent
        (``timer.expire`` for a game without drafts)."""
        ...

    def opening_events(self, engine: Any) -> Sequence[object]:
        """What happened when the game was dealt, before any action (the first log lines)."""
        ...

    def stamp(self, engine: Any, action: object, left: Callable[[str], float | None]) -> object:
        """*action* as the host applies it, with what only the host's clock knows written in
        (Vowl's answers carry the seconds elapsed on the host's timer; *left* gives the
        seconds left on a running timer by key, ``None`` for none)."""
        ...
