"""One hosted game, outside any screen: its session (the same autosave as hot-seat), its
``Room``, its ``RoomServer``, and the seat codes kept beside the save.

The codes are what let the same join addresses work after the host is restarted
(``boardgames host GAME --resume``, a ``kill -9`` included): they are written before the
server listens, in ``<data folder>/rooms/<the save's file name>``, and read back as
untrusted data (a version, one code per seat, every code of the right shape and all of
them different); a file that is not so is set aside and the game is hosted with new
codes, said in one line.  The room's file is named after the save's own (checked) file
name, so nothing read from a file names a path.
"""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any, Final

from boardgames.common.saves import SaveFormatError, SaveStore
from boardgames.common.session import GameSession
from boardgames.common.storage import load_json, refuse, save_json
from boardgames.net.room import TABLE, Recipient, Room
from boardgames.net.server import RoomServer, address
from boardgames.net.titles import net_for

#: The version of a room's codes file.
CODES_VERSION: Final = 1
#: What a stored code must look like (``room.new_code``: 24 characters of ``token_urlsafe``).
_CODE: Final = re.compile(r"[A-Za-z0-9_-]{24,64}")
#: Everyone on this machine only; ``--lan``: every interface, addresses shown with this machine's LAN address.
LOOPBACK: Final = "127.0.0.1"
EVERYWHERE: Final = "0.0.0.0"


def lan_address() -> str:
    """This machine's address on its network, as another device would reach it.

    A UDP socket "connected" to a documentation address sends nothing; the address the
    system picks for it is the one of the interface towards the network.  Without one
    (no network) the loopback address: the host's own screen says so.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            found = str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK
    return found if found and found != EVERYWHERE else LOOPBACK


def codes_path(store: SaveStore, session: GameSession[Any, Any]) -> Path | None:
    """Where *session*'s seat codes are kept (``None`` for a game that is not saved)."""
    if session.autosave is None:
        return None
    try:
        name = store.path(session.autosave.record).name  # the save's own name, checked by the store
    except SaveFormatError:
        return None
    return store.root / "rooms" / name


def read_codes(path: Path, seats: int) -> tuple[dict[int, str] | None, str | None, str | None]:
    """The seat codes and table code kept at *path*, and a warning when the file was set aside.

    ``(None, None, None)`` when there is none yet."""
    loaded = load_json(path, CODES_VERSION, limit=16 * 1024, then=": the seats have new addresses")
    if loaded.data is None:
        return None, None, loaded.warning
    codes, table = loaded.data.get("seats"), loaded.data.get("table")
    good = (isinstance(codes, list) and len(codes) == seats and isinstance(table, str)
            and all(isinstance(c, str) and _CODE.fullmatch(c) for c in [*codes, table])
            and len({*codes, table}) == seats + 1)
    if not good:
        return None, None, refuse(path, "does not hold this game's seat codes",
                                  then=": the seats have new addresses").warning
    assert isinstance(codes, list) and isinstance(table, str)
    return dict(enumerate(codes)), table, None


def write_codes(path: Path, room: Room) -> str | None:
    """Keep *room*'s codes (a warning when the disk refuses: the game goes on, addresses
    would change on a restart)."""
    data = {"version": CODES_VERSION, "seats": [room.codes[s] for s in sorted(room.codes)], "table": room.table_code}
    return save_json(path, data)


class Hosting:
    """A game hosted on this machine: *session* in a room, served on *port* (0: any free one)."""

    def __init__(self, session: GameSession[Any, Any], *, lan: bool = False, port: int = 0,
                 store: SaveStore | None = None, clock: Any = None) -> None:
        import time  # noqa: PLC0415

        self.net = net_for(session.spec.key)
        self.session = session
        self.store = store or SaveStore()
        self.warnings: list[str] = []
        path = codes_path(self.store, session)
        codes = table = None
        if path is not None:
            codes, table, warning = read_codes(path, session.engine.seats)
            if warning:
                self.warnings.append(warning)
        self.clock = clock or time.monotonic
        self.room = Room(self.net, session, now=self.clock(), codes=codes, table_code=table)
        if path is not None and codes is None:
            warning = write_codes(path, self.room)
            if warning:
                self.warnings.append(warning)
        self.lan = lan
        self.shown_host = lan_address() if lan else LOOPBACK
        self.server = RoomServer(self.room, EVERYWHERE if lan else LOOPBACK, port, clock=self.clock)

    def address(self, who: Recipient) -> str:
        """The join address of seat *who* (``TABLE``: the public view) as other devices reach it."""
        code = self.room.table_code if who is TABLE else self.room.codes[who]
        return address(self.shown_host, self.server.port, code)

    def listening_now(self) -> bool:
        """Whether the server has its port (``start`` done)."""
        return self.server.listening
