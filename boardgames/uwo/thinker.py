"""The computer's search in a process of its own.

In a thread, the search (pure Python, up to about a second a decision at ``hard``)
competed with the screen for the interpreter lock: a cursor key took three times as
long while the computer thought.  A ``Thinker`` is one persistent child process,
``python -m boardgames.uwo.thinker``, that decides for the computer's seat; the
screen's worker thread only waits on a pipe, which holds no lock.

What crosses the pipe, pickled: the level, the seat's own view (``Game.view(side)``:
the computer sees exactly what a person in its seat sees, never the engine) and the
player's ``snapshot()`` (its generator and the rest of its turn's plan); back come the
action and the new snapshot, which the screen's player takes over (``restore``).  The
decisions are therefore exactly those the player would make in the app, and if the
process dies, the same player goes on deciding in a thread from where it was: nothing
is lost.  Card kinds (compared by identity in the search) travel by their key and are
looked up in the catalog on the other side.

A child that does not answer within ``DEADLINE`` seconds (stopped, swapped out, stuck)
is killed and the same player decides in the app, as after a death: a game never
waits for ever on another process.

The child never outlives the app: it ends when its pipe closes (the app ended, however
it ended), when it sees that its parent is gone (a watchdog thread, for a parent killed
outright while a search runs), and ``close()`` (the screen's unmount, and at exit any
left over) kills it.  It runs in a process group of its own, so a terminal's signals
reach only the app, which ends it; and at the lowest priority (``NICENESS``), so the
screen never waits for the search.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import pickle
import select
import struct
import subprocess
import sys
import threading
import time
import weakref
from pathlib import Path
from typing import IO, TYPE_CHECKING, NoReturn

from boardgames.uwo.cards import Kind, load_catalog

if TYPE_CHECKING:
    from boardgames.uwo.actions import Action
    from boardgames.uwo.players import Restorable
    from boardgames.uwo.view import UwoView

__all__ = ["Thinker", "ThinkerError"]

_LENGTH = struct.Struct("!Q")
#: Seconds between the child's looks at its parent (a watchdog; the pipe's end is the
#: usual signal, this one covers a parent killed while a search runs).
_WATCH = 0.25
#: The nice value the child takes (19: the lowest priority a
#: process may take without privileges).  On a machine of two cores the search takes
#: one whole core for up to a second a decision; at the app's own priority the kernel
#: shared the cores between the search, the app and whatever else runs, and a cursor
#: key waited for a slice of the search (p95 17.5-35.5 ms while the computer
#: thought, 11.5-14.5 ms otherwise).  At the lowest priority the screen wins every time
#: it has work, which is what a player wants: a move arrives a little later on a busy
#: machine, a key never does.
#:
#: The child stays in the app's session (a process group of its own is enough to keep
#: the terminal's signals from it): on Linux with autogroups (the default on desktop
#: kernels) each session is scheduled as one group against the others whatever its
#: processes' nice values, so in a session of its own the search kept a whole session's
#: share of the processor against the screen, nice or not.  In the app's session the
#: app as a whole gets its fair share as before, and inside it the screen comes first.
NICENESS = 19

#: Seconds the app waits for the child to start or to answer one request, before it
#: kills it and decides itself.  The slowest level (``hard``) takes about a second a
#: decision on an idle machine; at the lowest priority on a busy one it may take a few
#: times that, so the deadline is generous: only a child that cannot answer (stopped
#: by SIGSTOP, stuck) reaches it.  Read when a ``Thinker`` is made (a test sets it small).
DEADLINE = 20.0


class ThinkerError(Exception):
    """The search process could not start, died, refused the request or did not answer in time."""


class _Late(Exception):
    """The child did not answer before the deadline."""


class _Pickler(pickle.Pickler):
    """Card kinds by their catalog key: the search compares them by identity."""

    def persistent_id(self, obj: object) -> str | None:
        if type(obj) is Kind:
            if load_catalog().by_key.get(obj.key) is not obj:
                raise pickle.PicklingError(f"kind {obj.key!r} is not the catalog's")
            return obj.key
        return None


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid: object) -> Kind:
        if not isinstance(pid, str):
            raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")
        return load_catalog().by_key[pid]


def _send(out: IO[bytes], message: object) -> None:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(message)
    data = buffer.getvalue()
    left = memoryview(_LENGTH.pack(len(data)) + data)
    while left:  # an unbuffered pipe (the app's side) may take part of it at a time
        written = out.write(left)
        left = left[written or 0:]
    out.flush()


def _read_exactly(source: IO[bytes], size: int, until: float | None = None) -> bytes | None:
    """*size* bytes, or ``None`` at the end of the pipe; ``_Late`` once ``time.monotonic()``
    passes *until* (*source* unbuffered then, so that what ``select`` sees is all there is)."""
    chunks: list[bytes] = []
    left = size
    while left:
        if until is not None:
            remaining = until - time.monotonic()
            if remaining <= 0 or not select.select([source], [], [], remaining)[0]:
                raise _Late
        chunk = source.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _receive(source: IO[bytes], until: float | None = None) -> object | None:
    """The next message, or ``None`` once the other side has closed the pipe (``_Late``
    past *until*, see ``_read_exactly``)."""
    head = _read_exactly(source, _LENGTH.size, until)
    if head is None:
        return None
    (size,) = _LENGTH.unpack(head)
    data = _read_exactly(source, size, until)
    if data is None:
        return None
    # Only our own process writes to this pipe (the app to its child, the child back).
    return _Unpickler(io.BytesIO(data)).load()


#: Thinkers with a live child, closed at exit if nothing closed them before.
_LIVE: weakref.WeakSet[Thinker] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for thinker in list(_LIVE):
        thinker.close()


class Thinker:
    """One child process deciding for the computer; every method may block (call them
    from a thread, never from the event loop)."""

    def __init__(self, deadline: float | None = None) -> None:
        #: Seconds to wait for the child to start or answer (``DEADLINE`` unless given).
        self.deadline = DEADLINE if deadline is None else deadline
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._closed = False
        #: Why the process is out of use, to follow "The computer's search process"
        #: ("stopped", "could not start ...": ``None`` while it is usable).
        self.broken: str | None = None
        #: The process id that answered the last request (a test's proof of where it ran).
        self.last_pid: int | None = None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def closed(self) -> bool:
        return self._closed

    def command(self) -> list[str]:
        """How the child is started (a test may make it fail)."""
        return [sys.executable, "-m", "boardgames.uwo.thinker", str(os.getpid())]

    def start(self) -> None:
        """Start the child and wait until it is ready; ``ThinkerError`` if it cannot."""
        with self._lock:
            self._start()

    def _start(self) -> None:
        if self._closed:
            raise ThinkerError("closed")
        if self.broken is not None:
            raise ThinkerError(self.broken)
        if self._proc is not None:
            return
        env = dict(os.environ)
        root = str(Path(__file__).resolve().parents[2])  # the package, wherever it is imported from
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
        try:
            proc = subprocess.Popen(  # our own interpreter and module
                self.command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                env=env, close_fds=True, process_group=0,  # the app's session, see NICENESS
                bufsize=0,  # unbuffered: a reply waited for with ``select`` (``_read_exactly``)
            )
        except OSError as e:
            self.broken = f"could not start ({e.strerror or e})"
            raise ThinkerError(self.broken) from e
        self._proc = proc
        _LIVE.add(self)
        assert proc.stdout is not None
        try:
            ready = _receive(proc.stdout, self._until())
        except _Late:
            self._fail("did not start in time")
        if self._closed:  # closed while it started: it must not outlive its screen
            self._kill()
            raise ThinkerError("closed")
        if not (isinstance(ready, tuple) and ready and ready[0] == "ready"):
            self._fail("could not start")

    def _until(self) -> float:
        return time.monotonic() + self.deadline

    def _fail(self, why: str) -> NoReturn:
        self.broken = why
        self._kill()
        raise ThinkerError(why)

    def choose(self, level: str, player: Restorable, view: UwoView) -> Action:
        """``player.choose(view)``, computed in the child; ``player`` takes over the state
        the decision leaves (as if it had decided itself).  ``ThinkerError`` if the child
        cannot answer: ``player`` is then as it was, and may decide itself."""
        with self._lock:
            self._start()
            proc = self._proc
            assert proc is not None and proc.stdin is not None and proc.stdout is not None
            try:
                _send(proc.stdin, ("choose", level, player.snapshot(), view))
            except pickle.PicklingError as e:  # not the standard cards: decide at home, say nothing
                raise ThinkerError(f"cannot send the view ({e})") from e
            except OSError:
                self._fail("stopped")
            try:
                reply = _receive(proc.stdout, self._until())
            except _Late:
                self._fail("did not answer in time")
            if reply is None:
                self._fail("stopped")
            assert isinstance(reply, tuple)
            if reply[0] != "ok":
                self._fail(f"failed ({reply[1]})")
            action, state, pid = reply[1]
            player.restore(state)
            self.last_pid = pid
            return action

    def close(self) -> None:
        """End the child now (a search it runs is of no use any more)."""
        self._closed = True
        self._kill()

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        _LIVE.discard(self)
        if proc is None:
            return
        with contextlib.suppress(OSError):
            if proc.stdin is not None:
                proc.stdin.close()
        with contextlib.suppress(OSError):
            proc.kill()
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            proc.wait(5)
        with contextlib.suppress(OSError):
            if proc.stdout is not None:
                proc.stdout.close()


# ---------------------------------------------------------------------- the child


def _watch(parent: int) -> None:
    """End this process once its parent is gone (it would be adopted by another)."""
    stop = threading.Event()
    while not stop.wait(_WATCH):
        if os.getppid() != parent:
            os._exit(0)


def _lower_priority() -> None:
    """Give the screen the processor first (``NICENESS``), before any thread starts (on
    Linux a thread keeps the nice value it was started with).  Refused or missing (another
    system), the search runs at the app's priority, as before."""
    with contextlib.suppress(OSError):
        os.nice(max(0, NICENESS - os.nice(0)))


def serve(parent: int) -> int:
    """The child's loop: a request in, a decision out, until the pipe closes."""
    import random  # noqa: PLC0415

    from boardgames.uwo.players import PLAYERS, Restorable  # noqa: PLC0415

    _lower_priority()
    requests = sys.stdin.buffer
    replies = os.fdopen(os.dup(1), "wb")
    sys.stdout = sys.stderr  # nothing but replies on the pipe
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="parent-watch").start()
    players: dict[tuple[str, object], Restorable] = {}
    load_catalog()
    _send(replies, ("ready", os.getpid()))
    while True:
        message = _receive(requests)
        if message is None:
            return 0
        try:
            assert isinstance(message, tuple) and message[0] == "choose"
            _, level, state, view = message
            key = (level, view.viewer)
            player = players.get(key)
            if player is None:
                made = PLAYERS[level](view.viewer, random.Random(0))
                assert isinstance(made, Restorable), f"{level} cannot be restored"
                player = players[key] = made
            player.restore(state)
            action = player.choose(view)
            reply: tuple[str, object] = ("ok", (action, player.snapshot(), os.getpid()))
        except Exception as e:  # noqa: BLE001 - told to the app, which decides at home
            reply = ("error", f"{type(e).__name__}: {e}")
        _send(replies, reply)


if __name__ == "__main__":
    sys.exit(serve(int(sys.argv[1]) if len(sys.argv) > 1 else os.getppid()))
