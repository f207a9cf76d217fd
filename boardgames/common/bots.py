"""The computer at one seat, for any game: it decides from that seat's view alone, in a
process of its own.

A game supplies the decision (``decide(view, legal) -> action``: its players or its AI,
handed only what that seat may see) and, to decide in the search process, a ``Thinker``
subclass naming the module that ``serve``s it.  A ``Bot`` asks the process and, should
the process be gone, the same decision is made here: nothing of the game is lost.

In a thread, a pure-Python search competed with the screen for the interpreter lock (a
cursor key took three times as long while the computer thought); the process is one
persistent child (``python -m <Thinker.MODULE>``), and the app's thread only waits on a
pipe, which holds no lock.  What crosses the pipe is pickled (a game's values compared by
identity travel by key: ``Pickling``).  A child that does not answer within ``DEADLINE``
seconds (stopped, swapped out, stuck) is killed and the decision is made in the app.

The child never outlives the app: it ends when its pipe closes, when it sees that its
parent is gone (a watchdog thread, for a parent killed outright while a search runs), and
``close()`` (the screen's unmount, and at exit any left over) kills it.  It runs in a
process group of its own, so a terminal's signals reach only the app, which ends it; and
at the lowest priority (``NICENESS``), so the screen never waits for the search.

Nothing here imports Textual: a screen awaits ``Bot.ask`` in a worker and applies the
action it returns.
"""

from __future__ import annotations

import asyncio
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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, ClassVar, NoReturn, Protocol, TypeVar

__all__ = ["DEADLINE", "NICENESS", "Bot", "Pickling", "Thinker", "ThinkerError", "serve"]

V = TypeVar("V")
A = TypeVar("A")

_LENGTH = struct.Struct("!Q")
#: Seconds between the child's looks at its parent (a watchdog; the pipe's end is the
#: usual signal, this one covers a parent killed while a search runs).
_WATCH = 0.25
#: The child's nice value (the lowest priority without privileges): the screen gets the
#: processor first.  The child stays in the app's session, where autogroups weigh that
#: priority against the screen's rather than against the whole machine.
NICENESS = 19

#: Seconds the app waits for the child to start or to answer one request before it kills
#: it and decides itself: generous, so only a child that cannot answer (stopped, stuck)
#: reaches it.  Read when a ``Thinker`` is made.
DEADLINE = 20.0


class ThinkerError(Exception):
    """The search process could not start, died, refused the request or did not answer in time."""


class _Late(Exception):
    """The child did not answer before the deadline."""


class Pickling(Protocol):
    """How a game's values cross the pipe: objects compared by identity (a game's card
    kinds) travel by a key and are looked up again on the other side."""

    def persistent_id(self, obj: object) -> str | None: ...

    def persistent_load(self, pid: str) -> object: ...


class PlainPickling:
    """Nothing travels by key."""

    def persistent_id(self, obj: object) -> str | None:
        return None

    def persistent_load(self, pid: str) -> object:
        raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")


class _Pickler(pickle.Pickler):
    def __init__(self, file: IO[bytes], pickling: Pickling) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.pickling = pickling

    def persistent_id(self, obj: object) -> str | None:
        return self.pickling.persistent_id(obj)


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: IO[bytes], pickling: Pickling) -> None:
        super().__init__(file)
        self.pickling = pickling

    def persistent_load(self, pid: object) -> object:
        if not isinstance(pid, str):
            raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")
        return self.pickling.persistent_load(pid)


def _send(out: IO[bytes], message: object, pickling: Pickling) -> None:
    buffer = io.BytesIO()
    _Pickler(buffer, pickling).dump(message)
    data = buffer.getvalue()
    left = memoryview(_LENGTH.pack(len(data)) + data)
    while left:  # an unbuffered pipe (the app's side) may take part of it at a time
        written = out.write(left)
        left = left[written or 0 :]
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


def _receive(source: IO[bytes], pickling: Pickling, until: float | None = None) -> object | None:
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
    return _Unpickler(io.BytesIO(data), pickling).load()


#: Thinkers with a live child, closed at exit if nothing closed them before.
_LIVE: weakref.WeakSet[Thinker] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for thinker in list(_LIVE):
        thinker.close()


class Thinker:
    """One child process deciding for the computer; every method may block (call them
    from a thread, never from the event loop).  A game subclasses it: ``MODULE`` runs
    ``serve`` with the game's way of deciding, ``pickling`` its values' way across."""

    #: The module the child runs (``python -m MODULE <parent pid>``).
    MODULE: ClassVar[str] = "boardgames.common.bots"
    pickling: ClassVar[Pickling] = PlainPickling()

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
        return [sys.executable, "-m", self.MODULE, str(os.getpid())]

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
                self.command(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=env,
                close_fds=True,
                process_group=0,  # the app's session, see NICENESS
                bufsize=0,  # unbuffered: a reply waited for with ``select`` (``_read_exactly``)
            )
        except OSError as e:
            self.broken = f"could not start ({e.strerror or e})"
            raise ThinkerError(self.broken) from e
        self._proc = proc
        _LIVE.add(self)
        assert proc.stdout is not None
        try:
            ready = _receive(proc.stdout, self.pickling, self._until())
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

    def ask(self, request: object) -> object:
        """What the child answers to *request* (the game's ``serve`` handler's answer).
        ``ThinkerError`` if the child cannot answer (or *request* cannot be sent)."""
        with self._lock:
            self._start()
            proc = self._proc
            assert proc is not None and proc.stdin is not None and proc.stdout is not None
            try:
                _send(proc.stdin, ("ask", request), self.pickling)
            except pickle.PicklingError as e:  # not the game's usual values: decide at home, say nothing
                raise ThinkerError(f"cannot send the view ({e})") from e
            except OSError:
                self._fail("stopped")
            try:
                reply = _receive(proc.stdout, self.pickling, self._until())
            except _Late:
                self._fail("did not answer in time")
            if reply is None:
                self._fail("stopped")
            assert isinstance(reply, tuple)
            if reply[0] != "ok":
                self._fail(f"failed ({reply[1]})")
            answer, pid = reply[1]
            self.last_pid = pid
            return answer

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


def serve(parent: int, handle: Callable[[object], object], pickling: Pickling | None = None) -> int:
    """The child's loop: a request in, *handle*'s answer out, until the pipe closes."""
    pickling = pickling if pickling is not None else PlainPickling()
    _lower_priority()
    requests = sys.stdin.buffer
    replies = os.fdopen(os.dup(1), "wb")
    sys.stdout = sys.stderr  # nothing but replies on the pipe
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="parent-watch").start()
    _send(replies, ("ready", os.getpid()), pickling)
    while True:
        message = _receive(requests, pickling)
        if message is None:
            return 0
        try:
            assert isinstance(message, tuple) and message[0] == "ask"
            reply: tuple[str, object] = ("ok", (handle(message[1]), os.getpid()))
        except Exception as e:  # noqa: BLE001 - told to the app, which decides at home
            reply = ("error", f"{type(e).__name__}: {e}")
        _send(replies, reply, pickling)


# ---------------------------------------------------------------------- the app's side


class Bot:
    """The computer's decisions for one screen: from the search process once the first
    frame is drawn (``first_frame_drawn``), else (or once the process is lost: then with
    why, said once) here; ``None`` once the process was closed (the player left)."""

    def __init__(self, thinker: Thinker | None = None) -> None:
        self.thinker = thinker
        #: Set after the first frame: the process starts no sooner (not even for a decision).
        self._may_start = threading.Event()
        self._told_lost = False

    def first_frame_drawn(self) -> bool:
        """The process may start now: is there one to start (``warm_up``, in a thread)?"""
        self._may_start.set()
        thinker = self.thinker
        return thinker is not None and thinker.pid is None and not thinker.closed

    def warm_up(self) -> None:
        """In a thread: start the process before its first decision (a failure is told then)."""
        if self.thinker is not None:
            with contextlib.suppress(ThinkerError):
                self.thinker.start()

    def choose(
        self,
        view: V,
        legal: Sequence[A],
        decide: Callable[[V, Sequence[A]], A],
        away: Callable[[V, Sequence[A]], A] | None = None,
    ) -> tuple[A, str | None] | None:
        """In a thread: *away*'s decision (in the process) if it can be had, else *decide*'s,
        with why the process was lost the first time; ``None`` once the process is closed."""
        thinker = self.thinker
        lost: str | None = None
        if thinker is not None and away is not None:
            self._may_start.wait(10)  # a first decision waits for the first frame
            if thinker.broken is None:
                try:
                    return away(view, legal), None
                except ThinkerError:
                    pass  # broken, or (not broken) this view cannot be sent: decided here
            if thinker.closed:
                return None
            if thinker.broken is not None and not self._told_lost:
                self._told_lost = True
                lost = thinker.broken
        return decide(view, legal), lost

    async def ask(
        self,
        view: V,
        legal: Sequence[A],
        decide: Callable[[V, Sequence[A]], A],
        away: Callable[[V, Sequence[A]], A] | None = None,
    ) -> tuple[A, str | None] | None:
        """``choose`` off the event loop: the screen answers keys at full speed meanwhile."""
        return await asyncio.to_thread(self.choose, view, legal, decide, away)

    def close(self) -> None:
        """The player left: the process ends, and a decision still running is dropped."""
        if self.thinker is not None:
            self.thinker.close()


if __name__ == "__main__":  # a game's own module serves its decisions; this one answers an echo
    sys.exit(serve(int(sys.argv[1]) if len(sys.argv) > 1 else os.getppid(), lambda request: request))
