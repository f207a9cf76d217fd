"""Every message between a host and its clients: frozen, tagged ``msgspec.Struct``s as JSON.

A client says ``Hello`` (its seat code) once, then sends ``Act`` (an action and the
``state_id`` it was made against) and, while a timer that takes them runs, ``Draft``.  The host answers a hello with a ``Sync`` (that seat's
whole view and log), and after every applied action sends each connection an ``Update``
(its own view, the new events it may see); ``Refused`` says why an act or a hello was
turned down, ``Presence`` who is connected, ``Deadlines`` the running timers.

The games' values (views, events, actions) travel inside as plain JSON in the saves'
format (``boardgames.net.values``), so a message is decoded in two steps: the envelope
here, strictly (known tags, known fields, types, a size limit), then its game values
against the game's own classes.
"""

from __future__ import annotations

from typing import Annotated, Any, Final

import msgspec

#: Bumped when a message changes shape: a client of another version is refused at hello.
PROTOCOL_VERSION: Final = 2
#: The largest message a client may send (an action is a few hundred bytes).
MAX_CLIENT_BYTES: Final = 16 * 1024
#: The largest message a host sends (a sync holds a whole log: UWO's views are ~17 KB each,
#: a long VNTYPL8S log a few hundred events).
MAX_HOST_BYTES: Final = 4 * 1024 * 1024
#: The longest seat code accepted (ours are 24 characters).
MAX_CODE: Final = 64
#: The longest refusal text sent.
MAX_REASON: Final = 400
#: The longest draft a client may send (a VNTYPL8S editor holds 16 characters, P21).
MAX_DRAFT: Final = 64


class ProtocolError(ValueError):
    """A message that is not one of ours: too large, not JSON, an unknown tag or field, a wrong type."""


class _Message(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """Every message: tagged by ``type``, no field it does not know."""


# --------------------------------------------------------------------------- client to host


class Hello(_Message, frozen=True, tag="hello"):
    """The first message of a connection: which seat (or the table) it is, by its secret code."""

    code: str
    version: int = PROTOCOL_VERSION


class Act(_Message, frozen=True, tag="act"):
    """An action (a game value, plain JSON) made by this connection's seat against ``state_id``."""

    state_id: int
    action: Any


class Draft(_Message, frozen=True, tag="draft"):
    """What this connection's seat has typed so far, for a timer that takes drafts: the host
    keeps the last one, shows it to nobody and saves nothing of it (P33)."""

    text: Annotated[str, msgspec.Meta(max_length=MAX_DRAFT)]


ClientMessage = Hello | Act | Draft


# --------------------------------------------------------------------------- host to client


class Seating(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One seat as every connection may see it: its name and whether a device holds it."""

    seat: int
    name: str
    connected: bool


class Countdown(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A timer of the host's: ``remaining`` seconds when sent; ``running`` false while paused
    (a seat it waits for is away).  A client draws its countdown from its own receipt time."""

    key: str
    seats: tuple[int, ...]
    remaining: float
    running: bool


class Sync(_Message, frozen=True, tag="sync"):
    """Everything one connection may know, at hello and at every reconnect.

    ``seat`` is ``None`` for the table (the public view); ``log`` every event it may see,
    in order; ``view`` its ``view(seat)``.
    """

    game: str
    seat: int | None
    state_id: int
    view: Any
    log: tuple[Any, ...]
    seating: tuple[Seating, ...]
    deadlines: tuple[Countdown, ...]


class Update(_Message, frozen=True, tag="update"):
    """After an action: the new ``state_id``, this connection's view, the new events it may see."""

    state_id: int
    view: Any
    events: tuple[Any, ...]


class Refused(_Message, frozen=True, tag="refused"):
    """An act or a hello turned down; ``state_id`` is the host's now.  ``fatal``: the host
    closes the connection after it (a bad code, another version, a message not ours)."""

    reason: str
    state_id: int
    fatal: bool = False


class Presence(_Message, frozen=True, tag="presence"):
    """Who holds each seat now ("Bob is reconnecting…")."""

    seating: tuple[Seating, ...]


class Deadlines(_Message, frozen=True, tag="deadlines"):
    """The host's timers, whenever one starts, stops, pauses or resumes."""

    countdowns: tuple[Countdown, ...]


HostMessage = Sync | Update | Refused | Presence | Deadlines

_client_decoder: Final = msgspec.json.Decoder(ClientMessage)
_host_decoder: Final = msgspec.json.Decoder(HostMessage)
_encoder: Final = msgspec.json.Encoder()


def encode(message: _Message) -> bytes:
    """The message as JSON bytes."""
    return _encoder.encode(message)


def _decode(data: bytes | str, limit: int, decoder: msgspec.json.Decoder[Any]) -> Any:
    if len(data) > limit:
        raise ProtocolError(f"a message of more than {limit} bytes")
    try:
        return decoder.decode(data)
    except msgspec.DecodeError as exc:  # ValidationError included: a wrong tag, field or type
        raise ProtocolError(f"not a message of ours ({str(exc)[:120]})") from None
    except RecursionError:
        raise ProtocolError("a message nested too deeply") from None


def decode_client(data: bytes | str) -> ClientMessage:
    """A client's message, or ``ProtocolError``: the host reads every one of them as hostile."""
    message: ClientMessage = _decode(data, MAX_CLIENT_BYTES, _client_decoder)
    if isinstance(message, Hello) and len(message.code) > MAX_CODE:
        raise ProtocolError("a seat code that is too long")
    return message


def decode_host(data: bytes | str) -> HostMessage:
    """A host's message, or ``ProtocolError``."""
    message: HostMessage = _decode(data, MAX_HOST_BYTES, _host_decoder)
    return message
