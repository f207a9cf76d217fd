"""A seat's game screen on its own terminal: each game's own screen, fed by the host.

The game screens are written against a ``GameSession`` (``SessionScreen``): they draw
``session.engine.view(seat)`` and send actions through ``act``.  Here the session is a
``SeatSession``: its ``engine`` is a stand-in built from what the host sent this seat
(``SeatEngine``: the seat's own view, whatever seat is asked for, since this terminal
is that seat's alone), and ``act`` sends the action to the host and returns nothing at
once; the host's ``update`` then hands its events to the screen's own ``after_step``,
and its ``refused`` to the screen's own ``refuse`` (the same words as on one terminal).

No handover: the keyboard is the seat's for the whole game (``Keyboard`` with one
person).  What the host alone decides (time running out) is never sent from here.
Every screen shows "Bob is reconnecting…" while another seat is away, and says when
this terminal's own connection is being restored (``seat.SeatLink``).

Edits to the games' screens: none; the seat screens subclass them (``RemoteUwoScreen``,
``RemoteVntypl8sScreen``) and override only what differs with a device per seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from boardgames.common.handovers import Keyboard
from boardgames.common.session import Step
from boardgames.common.text import plain
from boardgames.net.client import RoomClient
from boardgames.net.protocol import HostMessage, Presence, Refused, Sync, Update
from boardgames.net.ui.link import SeatLink, away_text


class SeatSession:
    """What a game screen asks of its session, for a seat played on this terminal."""

    autosave = None
    last: tuple[object, ...] = ()

    def __init__(self, client: RoomClient, setup: Any, engine: Any) -> None:
        assert client.net is not None
        self.client = client
        self.spec = client.net.spec
        self.setup = setup
        self.engine = engine
        self.history: tuple[object, ...] = tuple(client.log)
        self._sending: set[asyncio.Task[None]] = set()

    def apply(self, action: object) -> Step:
        """Send *action* to the host; what it did comes back as an update (or a refusal)."""
        task = asyncio.get_running_loop().create_task(self._send(action))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)
        return Step()

    def draft(self, text: str) -> None:
        """Tell the host what this seat has typed so far (P33); nothing comes back."""
        task = asyncio.get_running_loop().create_task(self._send_draft(text))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _send_draft(self, text: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError, AssertionError):
            await self.client.draft(text)

    async def _send(self, action: object) -> None:
        # the connection is being restored: the sync that follows shows where the game is
        with contextlib.suppress(ConnectionError, RuntimeError, AssertionError):
            await self.client.act(action)

    def close(self) -> None:
        task = asyncio.get_running_loop().create_task(self.client.close())
        self._sending.add(task)

    @property
    def saved(self) -> bool:
        return False

    def leave_detail(self) -> str:
        return "Your seat stays yours: run the same `boardgames join` line again to come back."


class _SeatEngineBase:
    """The seat's view as the engine a screen reads (see the module docstring)."""

    def __init__(self, client: RoomClient) -> None:
        self.client = client

    @property
    def current(self) -> Any:
        return self.client.view

    def view(self, seat: int | None = None) -> Any:
        return self.client.view

    def outcome(self) -> Any:
        return self.client.view.outcome

    @property
    def seats(self) -> int:
        return len(self.client.seating)


# --------------------------------------------------------------------------- UWO


class _UwoLegal:
    """The legal actions as the seat knows them: its view's list, and ``Undo`` while there
    is something of its own to take back (the view never lists it)."""

    def __init__(self, engine: UwoSeatEngine) -> None:
        self.engine = engine

    def __contains__(self, action: object) -> bool:
        """Listed, or ``Undo`` with something to take back: no game rebuilt to say yes."""
        from boardgames.uwo.actions import Undo  # noqa: PLC0415

        view = self.engine.current
        if view.to_act is None or int(view.to_act) != self.engine.client.seat:
            return False
        if isinstance(action, Undo):
            return bool(view.undoable > 0)
        return action in view.legal

    def __iter__(self) -> Iterator[object]:
        return iter(self.engine.current.legal)


class UwoSeatEngine(_SeatEngineBase):
    """UWO's engine as one side's terminal sees it.  A refusal's reason comes from a game
    rebuilt from the view (``Game.from_view``: what the side cannot see is dealt at random,
    and a side's own move never depends on it)."""

    def __init__(self, client: RoomClient) -> None:
        super().__init__(client)
        self._local: tuple[int, Any] | None = None

    @property
    def phase(self) -> Any:
        return self.current.phase

    def actors(self) -> frozenset[int]:
        to_act = self.current.to_act
        return frozenset() if to_act is None else frozenset({int(to_act)})

    @property
    def legal_actions(self) -> _UwoLegal:
        return _UwoLegal(self)

    def why_illegal(self, action: object) -> str | None:
        from boardgames.uwo.actions import Undo  # noqa: PLC0415

        view = self.current
        if view.to_act is None or int(view.to_act) != self.client.seat:
            return "It is not your turn."
        if isinstance(action, Undo):
            return None if view.undoable > 0 else "There is nothing of this turn to take back."
        if action in view.legal:
            return None
        reason: str | None = self._game().why_illegal(action)
        return reason if reason is not None else "The host would not allow that now."

    def _game(self) -> Any:
        from boardgames.uwo.engine import Game  # noqa: PLC0415

        view = self.current
        if self._local is None or self._local[0] != id(view):
            self._local = (id(view), Game.from_view(view, random.Random(0)))
        return self._local[1]


# --------------------------------------------------------------------------- VNTYPL8S


class Vntypl8sSeatEngine(_SeatEngineBase):
    """VNTYPL8S's engine as one player's terminal sees it: the names, the round, and the
    writer's own verdict on a plate as it is typed (the same judge, the player's own card)."""

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.current.players)

    @property
    def player_count(self) -> int:
        return len(self.current.players)

    @property
    def round(self) -> int:
        return int(self.current.round)

    @property
    def rounds(self) -> int:
        return int(self.current.rounds)

    @property
    def phase(self) -> Any:
        return self.current.phase

    @property
    def active(self) -> int | None:
        active: int | None = self.current.active
        return active

    @property
    def next_writer(self) -> int | None:
        """P13: the first writer (in order) still to hand a plate in."""
        view = self.current
        return next((p for p in view.writing_order if not view.players[p].done_writing), None)

    @property
    def writers(self) -> tuple[int, ...]:
        """Who writes now: every writer still writing (P33), or the next one alone (P13)."""
        from boardgames.vntypl8s.engine import Phase, Writing  # noqa: PLC0415

        view = self.current
        if view.phase is not Phase.WRITING:
            return ()
        if view.writing is Writing.AT_ONCE:
            return tuple(p for p in view.writing_order if not view.players[p].done_writing)
        writer = self.next_writer
        return () if writer is None else (writer,)

    def judge_plate(self, player: int, plate: str) -> Any:
        from boardgames.vntypl8s.spec import plate_judge  # noqa: PLC0415

        owner = self.current.players[player].owner
        return plate_judge().judge(plate, owner)

    def why_illegal(self, action: object) -> str | None:
        return None  # the host judges; its refusal is shown in the same words

    def actors(self) -> frozenset[int]:
        return frozenset()


if TYPE_CHECKING:
    _SeatBase = Screen[None]  # for the type checker, what the mixin is mixed into
else:
    _SeatBase = object


class RemoteSeat(_SeatBase):
    """What every seat screen adds to its game's screen: the link to the host, the title
    line (who is away, this terminal's own connection, the host's timers), and how the
    host's messages reach the screen's own methods.

    A plain mixin, not a ``Screen``: Textual's CSS type names follow a class's first
    DOM base only, so a ``Screen`` first in ``RemoteUwoScreen(RemoteSeat, UwoScreen)`` hid
    ``UwoScreen`` from its stylesheet's selectors and the seat's duel was drawn unstyled.
    """

    client: RoomClient
    link: SeatLink | None = None
    #: Played on the host's own terminal (``TableScreen``'s ``p``): Escape goes back to the
    #: table, and nothing of this seat is said while its screen is not on the terminal.
    local = False
    _base_sub_title = ""
    _away: str | None = None
    _seen: set[int]
    _link_text: str | None = None

    def start_link(self: Any) -> None:
        self._seen = set()  # seats seen here: one without a device now is reconnecting, not yet to come
        self.link = SeatLink(self.client, self.take, self.link_status)
        self.run_worker(self.link.follow(), exclusive=True, group="net-seat")
        self.set_interval(1.0, self.show_title)  # the host's countdowns, drawn from their deadlines
        self.show_presence()

    def take(self: Any, message: HostMessage) -> None:
        if isinstance(message, Update):
            self.updated(message.events)
        elif isinstance(message, Refused):
            self.refuse(message.reason)
        elif isinstance(message, Presence):
            self.show_presence()
        elif isinstance(message, Sync):
            self.synced()
            self.show_presence()
        self.show_title()

    def show_presence(self: Any) -> None:
        self._seen |= {s.seat for s in self.client.seating if s.connected}
        away = away_text(self.client.seating, self.client.seat, self._seen)
        if away is not None and away != self._away and "reconnecting" in away:
            self.notify(away, title="Waiting", severity="warning", markup=False)
        self._away = away
        self.show_title()

    def link_status(self: Any, text: str | None) -> None:
        """This terminal's own connection: told once when it drops and once when it is back;
        meanwhile the title line says how it goes."""
        if text is not None and self._link_text is None:
            self.notify(plain(text, None), title="Connection", severity="warning", markup=False)
        elif text is None and self._link_text is not None:
            self.notify("Reconnected: the game as it stands.", title="Connection", markup=False)
        self._link_text = text
        self.show_title()

    def leave_seat(self: Any) -> None:
        """Escape: back to the host's table (a seat played there), else leave after asking."""
        if self.local:
            self.app.pop_screen()
        else:
            self.ask_to_leave(self.app.exit)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_game":
            return False  # a new game is the host's to start: not offered on a seat's terminal
        return super().check_action(action, parameters)

    def action_new_game(self) -> None:
        """A new game is the host's to start."""

    def action_leave(self) -> None:
        self.leave_seat()

    def notify(self: Any, *args: Any, **kwargs: Any) -> None:
        """Said only while this seat's screen is on the terminal (a seat played on the host's
        terminal is put away behind the table: its player is not the one looking)."""
        if self.local and self not in self.app.screen_stack:
            return
        super().notify(*args, **kwargs)

    def show_title(self: Any) -> None:
        """The title line: the game, then who is away, this connection, the timers."""
        parts = [self._base_sub_title]
        if self._link_text is not None:
            parts.append(plain(self._link_text, 120))
        clock = countdown_text(self.client)
        if clock is not None:
            parts.append(clock)  # before who is away: the line is cut at the terminal's width
        if self._away is not None:
            parts.append(plain(self._away, 120))
        self.sub_title = " · ".join(parts)

    if TYPE_CHECKING:  # each seat screen defines them

        def updated(self, events: Sequence[object]) -> None:
            """The host applied an action: its *events* this seat may see."""

        def synced(self) -> None:
            """A full sync (a reconnection): draw the game as it stands."""


def countdown_text(client: RoomClient) -> str | None:
    """The host's timers as this terminal draws them: seconds left on its own clock
    (``RoomClient.deadlines``), "waiting" while one is paused for a seat that is away."""
    parts = []
    for c in client.countdowns:
        deadline = client.deadlines.get(c.key)
        whose = "your time" if client.seat in c.seats else "time"
        if deadline is None:
            parts.append(f"{whose}: waiting")
        else:
            parts.append(f"{whose}: {max(0, round(deadline - client.clock()))} s")
    return ", ".join(parts) if parts else None


def fixed_keyboard(engine: Any, words: Any, seat: int, **options: Any) -> Keyboard:
    """The keyboard of a terminal that plays one seat: it never changes hands."""
    return Keyboard(engine, words, frozenset({seat}), **options)
