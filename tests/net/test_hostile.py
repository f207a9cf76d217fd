"""A hostile client asks for another seat's view or secret every way it can; it is refused
and never sent a byte of them.  A control test switches the room's filtering off and
shows the same check catching the leak.

Every wait ends when its message (or the close) arrives; the bounds only stop a broken
test.  The flood test runs on a frozen clock, so it trips at the same message however
busy the machine is.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import msgspec
import pytest

from boardgames.common.game import visible_to
from boardgames.net import room as room_module
from boardgames.net.protocol import MAX_CLIENT_BYTES, Refused, Sync, Update, decode_host
from boardgames.net.room import Room, new_code
from boardgames.net.server import BURST, RoomServer
from boardgames.net.values import to_wire, value_from_wire

from .helpers import BOUND, ManualClock, RecordingRoom, joined, next_message, plate_for, serving, vntypl8s_room

HOSTILE = 1  # Bob: a real player of the game, who would like to see the others' cards


def secrets_of_others(room: Room, seat: int | None) -> list[str]:
    """Every secret in the writing phase that *seat* may not see: the others' cards."""
    found = []
    for p in range(len(room.codes)):
        if p == seat:
            continue
        mine = room.engine.view(p).players[p]
        found += [mine.owner, mine.requirements]
    return [s for s in found if s]


def check_no_leak(received: list[str], seat: int | None, room: RecordingRoom, secrets: list[str]) -> None:
    """Nothing *seat* was sent holds another seat's secret: not as text, not in a view, not in an event."""
    for text in received:
        for secret in secrets:
            assert json.dumps(secret) not in text, f"{secret!r} was sent to seat {seat}"
        message = decode_host(text)
        if isinstance(message, Sync | Update):
            view = value_from_wire(message.view, room.net.value_classes, room.net.interned)
            assert view == room.expected[message.state_id][seat], "a view that is not the seat's own"
            events = message.log if isinstance(message, Sync) else message.events
            for data in events:
                event = value_from_wire(data, room.net.value_classes, room.net.interned)
                assert visible_to(event, seat), f"{event!r} is not for seat {seat}"


class Raw:
    """A websocket speaking whatever it likes; ``received`` keeps every text frame."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.received: list[str] = []

    async def send(self, data: Any) -> None:
        await self.websocket.send_str(data if isinstance(data, str) else json.dumps(data))

    async def next(self) -> Any:
        """The next message decoded, or ``None`` once the host closed the connection."""
        async with asyncio.timeout(BOUND):
            message = await self.websocket.receive()
        if message.type is not aiohttp.WSMsgType.TEXT:
            return None
        self.received.append(message.data)
        return decode_host(message.data)

    async def next_of(self, kind: type) -> Any:
        """The next message of *kind* (presence and timers on the way are kept, not returned)."""
        while not isinstance(message := await self.next(), kind):
            assert message is not None, f"closed before a {kind.__name__}"
        return message

    async def until_closed(self) -> list[Any]:
        messages = []
        while (message := await self.next()) is not None:
            messages.append(message)
        return messages


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as http:
        yield http


async def raw(http: aiohttp.ClientSession, server: RoomServer, **options: Any) -> Raw:
    return Raw(await http.ws_connect(f"http://127.0.0.1:{server.port}/play", **options))


def act(state_id: int, action: object) -> dict[str, Any]:
    return {"type": "act", "state_id": state_id, "action": to_wire(action)}


async def fatal(connection: Raw) -> Refused:
    """The connection ends with one fatal refusal, and nothing of the game came before it."""
    messages = await connection.until_closed()
    assert messages and isinstance(messages[-1], Refused) and messages[-1].fatal, messages
    assert not [m for m in messages if isinstance(m, Sync | Update | Refused) and m is not messages[-1]], messages
    return messages[-1]


# --------------------------------------------------------------------------- the corpus


async def test_codes_that_are_no_seat_are_refused_with_nothing(session: aiohttp.ClientSession) -> None:
    room = vntypl8s_room()
    seat_code = room.codes[0]
    async with serving(room) as server:
        for code in (new_code(), seat_code[:-1], seat_code + "x", seat_code.upper(), "", "0", room.codes[0][::-1]):
            connection = await raw(session, server)
            await connection.send({"type": "hello", "code": code})
            assert "not a seat" in (await fatal(connection)).reason
            check_no_leak(connection.received, None, room, secrets_of_others(room, None))


@pytest.mark.parametrize(
    "first",
    [
        {"type": "act", "state_id": 0, "action": None},  # no hello
        {"type": "hello"},  # no code
        {"type": "hello", "code": 0},  # a code that is not text
        {"type": "hello", "code": "x" * 100},  # longer than any code
        {"type": "hello", "code": "{code}", "seat": 0},  # a seat field of its own
        {"type": "hello", "code": "{code}", "version": 99},  # another version
        {"type": "sync", "seat": 0},  # asking for a seat's sync
        {"type": "view", "seat": 0},  # an unknown tag
        "not json",
        "[" * 5000 + "]" * 5000,  # nested past every limit
    ],
)
async def test_a_first_message_that_is_not_a_hello_closes_the_connection(
    session: aiohttp.ClientSession, first: Any
) -> None:
    room = vntypl8s_room()
    async with serving(room) as server:
        connection = await raw(session, server)
        if isinstance(first, dict) and first.get("code") == "{code}":
            first = {**first, "code": room.codes[HOSTILE]}
        await connection.send(first)
        await fatal(connection)
        check_no_leak(connection.received, None, room, secrets_of_others(room, None))


async def test_a_seat_asking_for_the_others_secrets_every_way_is_refused(session: aiohttp.ClientSession) -> None:
    from boardgames.vntypl8s.engine import Buzz, Guess, NobodyKnows, SubmitPlate, WritingTimeUp

    room = vntypl8s_room()
    secrets = secrets_of_others(room, HOSTILE)
    ann_plate = plate_for(room.engine.view(0), 0)
    async with serving(room) as server:
        bob = await raw(session, server)
        await bob.send({"type": "hello", "code": room.codes[HOSTILE]})
        sync = await bob.next()
        assert isinstance(sync, Sync) and sync.seat == HOSTILE
        state = sync.state_id
        refusals = [
            act(state, SubmitPlate(0, ann_plate or "X")),  # Ann's plate, claimed by Bob: a forged seat
            act(state, WritingTimeUp(0, "")),  # ending Ann's writing
            act(state, WritingTimeUp(HOSTILE, "")),  # time is the host's
            act(state, Guess(0, "ANYONE")),
            act(state, Buzz(HOSTILE)),  # not in the writing phase
            act(state, NobodyKnows()),  # nobody is active yet
            act(state, SubmitPlate(HOSTILE, "!!")),  # an illegal plate of his own
            {"type": "act", "state_id": state, "action": {"$type": "GameView"}},  # a view is not an action
            {"type": "act", "state_id": state, "action": {"$type": "SubmitPlate", "player": 0, "plate": 7}},
            {"type": "act", "state_id": state, "action": {"$type": "Judgement"}},
            {"type": "act", "state_id": state, "action": {"$enum": "Phase", "value": "writing"}},
            {"type": "act", "state_id": state, "action": {"$type": "SubmitPlate", "player": True, "plate": "A"}},
            {"type": "act", "state_id": state, "action": [[[[[[]]]]]] * 10},
        ]
        for message in refusals:
            await bob.send(message)
            refused = await bob.next_of(Refused)
            assert not refused.fatal, (message, refused)
        assert room.state_id == state, "a hostile action was applied"
        # a seat's code with a seat field, and asking for a sync again: the connection is closed
        await bob.send({"type": "act", "state_id": state, "action": None, "seat": 0})
        await fatal(bob)
        check_no_leak(bob.received, HOSTILE, room, secrets)


async def test_the_table_sees_the_public_view_and_cannot_act(session: aiohttp.ClientSession) -> None:
    from boardgames.vntypl8s.engine import SubmitPlate

    room = vntypl8s_room()
    async with serving(room) as server:
        table = await raw(session, server)
        await table.send({"type": "hello", "code": room.table_code})
        sync = await table.next()
        assert isinstance(sync, Sync) and sync.seat is None
        await table.send(act(0, SubmitPlate(0, "A")))
        refused = await table.next_of(Refused)
        assert "only watches" in refused.reason
        check_no_leak(table.received, None, room, secrets_of_others(room, None))


async def test_oversized_and_binary_messages_close_the_connection(session: aiohttp.ClientSession) -> None:
    room = vntypl8s_room()
    async with serving(room) as server:
        big = await raw(session, server)
        await big.send({"type": "hello", "code": room.codes[HOSTILE]})
        assert isinstance(await big.next(), Sync)
        await big.send({"type": "act", "state_id": 0, "action": "x" * (MAX_CLIENT_BYTES * 2)})
        assert not [m for m in await big.until_closed() if isinstance(m, Sync | Update)]
        binary = await raw(session, server)
        await binary.send({"type": "hello", "code": room.codes[HOSTILE]})
        assert isinstance(await binary.next(), Sync)
        await binary.websocket.send_bytes(b'{"type": "hello"}')
        await fatal(binary)
        for connection in (big, binary):
            check_no_leak(connection.received, HOSTILE, room, secrets_of_others(room, HOSTILE))


async def test_a_page_of_another_site_cannot_open_the_room(session: aiohttp.ClientSession) -> None:
    room = vntypl8s_room()
    async with serving(room) as server:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await raw(session, server, origin="https://evil.example")
        assert refused.value.status == 403


async def test_a_flood_closes_the_flooder_and_the_others_play_on(session: aiohttp.ClientSession) -> None:
    from boardgames.vntypl8s.engine import Buzz, SubmitPlate

    clock = ManualClock()  # frozen: the bucket never refills, so it trips at the same message every run
    room = vntypl8s_room(clock=clock)
    async with serving(room, clock=clock) as server, joined(server, 0) as ann:
        flooder = await raw(session, server)
        await flooder.send({"type": "hello", "code": room.codes[HOSTILE]})
        assert isinstance(await flooder.next(), Sync)
        for _ in range(BURST + 20):
            try:
                await flooder.send(act(0, Buzz(HOSTILE)))
            except ConnectionError:
                break  # closed under it
        messages = await flooder.until_closed()
        assert sum(isinstance(m, Refused) and not m.fatal for m in messages) == BURST  # the hello is not counted
        assert isinstance(messages[-1], Refused) and messages[-1].fatal and "Too many" in messages[-1].reason
        plate = plate_for(ann.view, 0)
        assert plate is not None
        await ann.act(SubmitPlate(0, plate))
        await next_message(ann, Update)
        assert ann.view.players[0].done_writing
        check_no_leak(flooder.received, HOSTILE, room, secrets_of_others(room, HOSTILE))


# --------------------------------------------------------------------------- the control


async def bob_watches_ann_hand_in(session: aiohttp.ClientSession) -> tuple[RecordingRoom, Raw]:
    """Bob joins and sees Ann hand in her plate (a private event) and the game go on."""
    from boardgames.vntypl8s.engine import SubmitPlate

    room = vntypl8s_room()
    async with serving(room) as server, joined(server, 0) as ann:
        bob = await raw(session, server)
        await bob.send({"type": "hello", "code": room.codes[HOSTILE]})
        assert isinstance(await bob.next(), Sync)
        plate = plate_for(ann.view, 0)
        assert plate is not None
        await ann.act(SubmitPlate(0, plate))
        while not isinstance(await bob.next(), Update):
            pass
        await bob.websocket.close()
    return room, bob


async def test_the_leak_check_passes_with_the_filtering_on(session: aiohttp.ClientSession) -> None:
    room, bob = await bob_watches_ann_hand_in(session)
    check_no_leak(bob.received, HOSTILE, room, secrets_of_others(room, HOSTILE))


@pytest.mark.parametrize("switched_off", ["views", "events"])
async def test_control_the_leak_check_fails_with_the_filtering_off(
    session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch, switched_off: str
) -> None:
    if switched_off == "views":
        monkeypatch.setattr(Room, "_view", lambda self, who: self.engine.view(0))  # Ann's view to everyone
    else:
        monkeypatch.setattr(room_module, "visible_to", lambda event, seat: True)  # every event to everyone
    room, bob = await bob_watches_ann_hand_in(session)
    with pytest.raises(AssertionError):
        check_no_leak(bob.received, HOSTILE, room, secrets_of_others(room, HOSTILE))


def test_messages_are_frozen_and_strict() -> None:
    from boardgames.net.protocol import Hello, ProtocolError, decode_client, encode

    hello = Hello("abc")
    with pytest.raises(AttributeError):
        hello.code = "x"  # type: ignore[misc]
    assert decode_client(encode(hello)) == hello
    for bad in (b'{"type":"hello","code":"a","extra":1}', b'{"type":"hello","code":"a","version":"1"}', b"{}"):
        with pytest.raises(ProtocolError):
            decode_client(bad)
    assert msgspec.json.decode(encode(hello))["type"] == "hello"


async def test_uwo_stale_and_out_of_turn_acts_are_refused_and_the_other_hand_never_sent(
    session: aiohttp.ClientSession,
) -> None:
    from .helpers import uwo_room

    room = uwo_room()
    async with serving(room) as server:
        pnorfs = await raw(session, server)
        await pnorfs.send({"type": "hello", "code": room.codes[1]})
        sync = await pnorfs.next_of(Sync)
        gnorfs_move = room.engine.view(0).legal[0]
        for message in (
            act(sync.state_id, gnorfs_move),
            act(sync.state_id + 1, gnorfs_move),
            act(sync.state_id - 1, gnorfs_move),
        ):
            await pnorfs.send(message)
            refused = await pnorfs.next_of(Refused)
            assert not refused.fatal and ("not your turn" in refused.reason or "moved on" in refused.reason)
        assert room.state_id == 0
        check_no_leak(pnorfs.received, 1, room, [])
        view = value_from_wire(sync.view, room.net.value_classes, room.net.interned)
        assert view.sides[0].hand is None and view.sides[1].hand is not None


async def test_p33_drafts_at_once_tell_nobody_anything_and_a_long_one_closes_the_connection(
    session: aiohttp.ClientSession,
) -> None:
    """Writing at once with a shared time (P33): a hostile writer's drafts (any text, with the
    table's code, another seat's name in it) are answered with nothing, change nobody's view,
    and are never sent to anyone; a draft over the limit is not a message of ours."""
    from boardgames.net.protocol import MAX_DRAFT, ProtocolError, decode_client
    from boardgames.vntypl8s.engine import SubmitPlate

    clock = ManualClock()
    room = vntypl8s_room(timer=60, clock=clock, at_once=True)
    secrets = secrets_of_others(room, HOSTILE)
    with pytest.raises(ProtocolError):
        decode_client(json.dumps({"type": "draft", "text": "X" * (MAX_DRAFT + 1)}))
    with pytest.raises(ProtocolError):
        decode_client(json.dumps({"type": "draft", "text": "X", "seat": 0}))
    async with serving(room, clock=clock) as server, joined(server, 0) as ann, joined(server, 2) as cy:
        bob = await raw(session, server)
        await bob.send({"type": "hello", "code": room.codes[HOSTILE]})
        sync = await bob.next_of(Sync)
        for text in ("B0B", secrets[0] if secrets else "", "<script>", "\x1b[31m", "Ann's"):
            await bob.send({"type": "draft", "text": text[:MAX_DRAFT]})
        await bob.send(act(sync.state_id, SubmitPlate(0, "X")))  # answered: every draft before it was read
        refused = await bob.next_of(Refused)
        assert not refused.fatal and room.state_id == sync.state_id
        await ann.act(SubmitPlate(0, plate_for(ann.view, 0)))
        await next_message(cy, Update)
        assert all(text not in json.dumps(to_wire(cy.view)) for text in ("B0B", "<script>"))
        await bob.send({"type": "draft", "text": "X" * (MAX_DRAFT + 1)})
        await fatal_after_game(bob)
        check_no_leak(bob.received, HOSTILE, room, secrets)


async def fatal_after_game(connection: Raw) -> Refused:
    """The connection ends with one fatal refusal (what came before it was the game's)."""
    messages = await connection.until_closed()
    assert messages and isinstance(messages[-1], Refused) and messages[-1].fatal, messages
    return messages[-1]
