"""One hosted game, outside any screen: its session (the same autosave as hot-seat), its
``Room``, its ``RoomServer``, and the seat codes kept beside the save.

The codes are what let the same join addresses work after the host is restarted
(``boardgames host GAME --resume``, a ``kill -9`` included): they are written before the
server listens, in ``<data folder>/rooms/<the save's file name>``, and read back as
untrusted data (a version, one code per seat, every code of the right shape and all of
them different); a file that is not so is set aside and the game is hosted with new
codes, said in one line.  The room's file is named after the save's own (checked) file
name, so nothing read from a file names a path.  New codes are written once the game has
a save (its first action: a game never played leaves nothing); they go when it is over
(``Hosting.changed``), and every host first clears the codes of games whose save is gone
(finished, or deleted from the menu: ``sweep_codes``), so no address outlives its game.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
from pathlib import Path
from typing import Any, Final

from boardgames.common.saves import FILENAME_PATTERN, SaveFormatError, SaveStore
from boardgames.common.session import GameSession
from boardgames.common.storage import FolderProblem, load_json, own_folder, refuse, save_json
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
    return store.root / ROOMS / name


def read_codes(path: Path, seats: int) -> tuple[dict[int, str] | None, str | None, str | None]:
    """The seat codes and table code kept at *path*, and a warning when the file was set aside.

    ``(None, None, None)`` when there is none yet."""
    loaded = load_json(path, CODES_VERSION, limit=16 * 1024, then=": the seats have new addresses")
    if loaded.data is None:
        return None, None, loaded.warning
    codes, table = loaded.data.get("seats"), loaded.data.get("table")
    good = (
        isinstance(codes, list)
        and len(codes) == seats
        and isinstance(table, str)
        and all(isinstance(c, str) and _CODE.fullmatch(c) for c in [*codes, table])
        and len({*codes, table}) == seats + 1
    )
    if not good:
        return (
            None,
            None,
            refuse(path, "does not hold this game's seat codes", then=": the seats have new addresses").warning,
        )
    assert isinstance(codes, list) and isinstance(table, str)
    return dict(enumerate(codes)), table, None


def write_codes(path: Path, room: Room) -> str | None:
    """Keep *room*'s codes (a warning when the disk refuses: the game goes on, addresses
    would change on a restart)."""
    data = {"version": CODES_VERSION, "seats": [room.codes[s] for s in sorted(room.codes)], "table": room.table_code}
    return save_json(path, data)


#: The folder of the codes files, inside the data folder.
ROOMS: Final = "rooms"


def sweep_codes(store: SaveStore) -> int:
    """Delete the codes kept for games whose save is no longer there to resume (finished,
    or deleted); how many went.  Only files named as a save is (``FILENAME_PATTERN``),
    directly in a real ``rooms`` folder (never through a link), are looked at; whatever
    else is there is not ours and stays."""
    try:
        folder = own_folder(store.root, ROOMS)
        with os.scandir(folder) as entries:
            found = [(e.name, e.is_symlink() or e.is_file(follow_symlinks=False)) for e in entries]
    except (OSError, FolderProblem):
        return 0
    gone = 0
    for name, plain_file in found:
        if not plain_file or not re.fullmatch(FILENAME_PATTERN, name):
            continue
        if os.path.lexists(store.saves / name):
            continue  # its game can still be resumed: its addresses stay
        with contextlib.suppress(OSError):
            os.unlink(folder / name)  # a link is removed itself, never what it points to
            gone += 1
    return gone


def forget_codes(path: Path) -> None:
    """The game is over: its seats' addresses go with it."""
    with contextlib.suppress(OSError):
        os.unlink(path)


class Hosting:
    """A game hosted on this machine: *session* in a room, served on *port* (0: any free one)."""

    def __init__(
        self,
        session: GameSession[Any, Any],
        *,
        lan: bool = False,
        port: int = 0,
        store: SaveStore | None = None,
        clock: Any = None,
    ) -> None:
        import time  # noqa: PLC0415

        self.net = net_for(session.spec.key)
        self.session = session
        self.store = store or SaveStore()
        self.warnings: list[str] = []
        sweep_codes(self.store)
        path = self._codes = codes_path(self.store, session)
        codes = table = None
        if path is not None:
            codes, table, warning = read_codes(path, session.engine.seats)
            if warning:
                self.warnings.append(warning)
        self.clock = clock or time.monotonic
        self.room = Room(self.net, session, now=self.clock(), codes=codes, table_code=table)
        #: New codes are kept once there is a save to resume (a game never played leaves none)
        self._unwritten = path is not None and codes is None
        self._keep_codes()
        self.lan = lan
        self.shown_host = lan_address() if lan else LOOPBACK
        self.server = RoomServer(self.room, EVERYWHERE if lan else LOOPBACK, port, clock=self.clock)

    def address(self, who: Recipient) -> str:
        """The join address of seat *who* (``TABLE``: the public view) as other devices reach it."""
        code = self.room.table_code if who is TABLE else self.room.codes[who]
        return address(self.shown_host, self.server.port, code)

    def _keep_codes(self) -> None:
        """Write the codes beside the save, once the save is on the disk (its first action)."""
        record = self.session.autosave.record if self.session.autosave is not None else None
        if not self._unwritten or self._codes is None or record is None:
            return
        try:
            saved = os.path.lexists(self.store.path(record))
        except SaveFormatError:
            saved = False
        if saved:
            self._unwritten = False
            warning = write_codes(self._codes, self.room)
            if warning:
                self.warnings.append(warning)

    def changed(self) -> None:
        """After every change the room sent out: the codes are kept once the game is saved,
        and go once it is over."""
        if self._codes is None:
            return
        if self.session.engine.outcome() is not None:
            forget_codes(self._codes)
            self._codes = None
            return
        self._keep_codes()

    def listening_now(self) -> bool:
        """Whether the server has its port (``start`` done)."""
        return self.server.listening
