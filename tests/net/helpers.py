"""A room on loopback for tests: the server in-process on an ephemeral port, clients that
follow it, and a record of what the engine showed each seat at every state."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from collections.abc import AsyncIterator, Callable
from typing import Any

from boardgames.common.session import GameSession
from boardgames.net.client import RoomClient
from boardgames.net.netgame import NetGame
from boardgames.net.protocol import HostMessage
from boardgames.net.room import TABLE, Outgoing, Room
from boardgames.net.server import RoomServer
from boardgames.net.titles import UwoNet, Vntypl8sNet

#: A failure bound only: every wait ends as soon as its message arrives.
BOUND = 60.0


class RecordingRoom(Room):
    """A room that writes down the engine's own ``view(seat)`` at every ``state_id``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.expected: dict[int, dict[int | None, object]] = {}
        self._record()

    def _record(self) -> None:
        self.expected[self.state_id] = {who: self.engine.view(who) for who in [*range(len(self.codes)), TABLE]}

    def _apply(self, actions: Any, now: float, *, check: bool = False) -> list[Outgoing]:
        told = super()._apply(actions, now, check=check)
        self._record()
        return told


class ManualClock:
    """The room's time, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def uwo_room(seed: int = 1, clock: ManualClock | None = None) -> RecordingRoom:
    from boardgames.uwo.spec import SPEC, UwoSetup

    net = UwoNet()
    session = GameSession.start(SPEC, UwoSetup(), seed, save=False)
    return RecordingRoom(net, session, now=(clock or ManualClock())())


def vntypl8s_room(
    players: int = 3,
    seed: int = 1,
    timer: int | None = None,
    clock: ManualClock | None = None,
    *,
    at_once: bool = False,
) -> RecordingRoom:
    """*at_once*: the writers write at the same time (P33), as ``boardgames host`` deals."""
    from boardgames.vntypl8s.engine import Writing
    from boardgames.vntypl8s.spec import SPEC, Vntypl8sSetup

    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")[:players]
    writing = Writing.AT_ONCE if at_once else Writing.IN_TURN
    session = GameSession.start(SPEC, Vntypl8sSetup(names, timer, writing), seed, save=False)
    return RecordingRoom(Vntypl8sNet(), session, now=(clock or ManualClock())())


@contextlib.asynccontextmanager
async def serving(room: Room, **options: Any) -> AsyncIterator[RoomServer]:
    server = RoomServer(room, **options)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@contextlib.asynccontextmanager
async def joined(server: RoomServer, who: int | None) -> AsyncIterator[RoomClient]:
    client = RoomClient(server.address(who), server.room.net)
    await client.connect()
    try:
        yield client
    finally:
        await client.close()


async def next_message(client: RoomClient, want: type | tuple[type, ...] = object) -> HostMessage:
    """The next message of kind *want* (others are taken in on the way)."""
    async with asyncio.timeout(BOUND):
        while True:
            message = await client.receive()
            if isinstance(message, want):
                return message


async def until(client: RoomClient, done: Callable[[RoomClient], bool]) -> None:
    async with asyncio.timeout(BOUND):
        while not done(client):
            await client.receive()


def net_of(room: Room) -> NetGame:
    return room.net


# --------------------------------------------------------------------------- VNTYPL8S players


FILLERS = ("7Q", "X9", "QQ", "9X", "ZQ", "6W", "2V", "")


def plate_for(view: Any, seat: int) -> str | None:
    """A legal plate for *seat*, found from its own view alone (its owner and card) and the judge."""
    from boardgames.vntypl8s.spec import plate_judge

    me = view.players[seat]
    if me.owner is None or me.requirements is None:
        return None
    bases = ["".join(p) for p in itertools.permutations(me.requirements)] + [""]
    for base, filler in itertools.product(bases, FILLERS):
        plate = base + filler
        if plate and plate_judge().judge(plate, me.owner).legal:
            return plate
    return None


def vntypl8s_choice(view: Any, seat: int, rng: random.Random) -> object | None:
    """A random action *seat* may take, from its own view."""
    from boardgames.vntypl8s.engine import BackOut, Buzz, Guess, NobodyKnows, Phase, SubmitPlate

    if view.phase is Phase.WRITING:
        if view.players[seat].done_writing:
            return None
        plate = plate_for(view, seat)
        return None if plate is None else SubmitPlate(seat, plate)
    if view.phase is not Phase.GUESSING:
        return None
    if view.buzzer == seat:
        return rng.choice([*(Guess(seat, o) for o in view.grid), BackOut(seat)])
    if view.active == seat:
        return NobodyKnows() if view.buzzer is None and rng.random() < 0.2 else None
    if view.may_buzz(seat):
        return rng.choice([Buzz(seat), *(Guess(seat, o) for o in view.grid)])
    return None


def uwo_choice(view: Any, seat: int, rng: random.Random) -> object | None:
    """A random listed action when *seat* must act (attacks favoured, so a duel ends soon)."""
    from boardgames.uwo.actions import Attack, Blast, TakeHit

    legal = list(view.legal)
    if view.to_act != seat or not legal:
        return None
    fights = [a for a in legal if isinstance(a, Attack | Blast | TakeHit)]
    return rng.choice(fights) if fights and rng.random() < 0.8 else rng.choice(legal)
