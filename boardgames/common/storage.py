"""Small JSON files in the player's data directory: written so they never break,
read as if someone hostile had written them.

Stats, favourites and saves live under ``platformdirs.user_data_dir``.  Writes are
atomic (temporary file, fsync, rename) so a crash leaves either the old or the new
file.

Reading is the one place every file the app reads passes through, because a file
is outside input like a typed name: a cat, a careless copy or an attacker may have
put anything there.  ``load_json``:

- looks before it opens (``lstat``): a FIFO would block the app forever, a device
  (``/dev/zero``) never ends, a directory cannot be read - none of them is opened;
  a symbolic link is followed only to a regular file inside the data folder;
- opens with ``O_NOFOLLOW | O_NONBLOCK`` and checks again that what it opened is
  the regular file it looked at (the file could be swapped in between);
- reads at most ``limit`` bytes (a save is small; a huge file is not one of ours), or
  with ``read_first_line`` only the first line, up to a cap of its own (a save's
  header: listing never reads a save's actions);
- parses JSON refusing what Python would accept but our code could not survive:
  nesting deeper than ``MAX_DEPTH`` (recursive code later would overflow the
  stack), ``NaN``/``Infinity`` and numbers too large for a float (``1e400``),
  whole numbers of more than ``MAX_INT_DIGITS`` digits.

Whatever is wrong, the file is *set aside* - renamed ``<name>.corrupt-<stamp>``
beside itself, never deleted, never opened - and the caller gets ``Loaded(None,
message)``: one sentence naming the file, what is wrong and where it went.  The
file's content never reaches the message (a value from a file is not ours to print).
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

import platformdirs

from boardgames.common.records import FrozenRecord
from boardgames.common.text import plain

#: Overrides the data directory (tests point it at a temporary folder).
DATA_ENV = "BOARDGAMES_DATA"
APP_NAME = "boardgames"

KIB = 1024
MIB = 1024 * KIB
#: The default size cap of a file we read: far above any real stats or favourites file.
DEFAULT_LIMIT = 1 * MIB
#: How deeply JSON may nest.  Our deepest file (a save holding a Vowl discard: the record,
#: its actions, an action, a frozenset, its list, a card, its tier) nests 8 levels.
MAX_DEPTH = 32
#: The longest whole number a file may hold: a 64-bit seed has 20 digits.
MAX_INT_DIGITS = 40

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def data_dir() -> Path:
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class FileProblem(ValueError):
    """What is wrong with a file, in words for the player ("a named pipe (FIFO), not a file")."""


class Loaded(FrozenRecord):
    """What ``load_json`` found: the data, and a message when something was set aside.

    ``aside`` is where a bad file went; ``None`` with a ``warning`` means it could
    not be moved (a read-only folder), so the caller may meet it again - and should
    not tell the player again (``SaveStore`` remembers).

    A frozen value (``FrozenRecord``, not a ``@dataclass``: the main menu's first frame
    reads its settings through here).
    """

    __slots__ = ("data", "warning", "aside")
    data: dict[str, Any] | None
    warning: str | None
    aside: Path | None

    def __init__(self, data: dict[str, Any] | None, warning: str | None = None, aside: Path | None = None) -> None:
        super().__init__(data, warning, aside)


# ----------------------------------------------------------------------------- reading


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _size(limit: int) -> str:
    return f"{limit // MIB} MiB" if limit >= MIB and limit % MIB == 0 else f"{limit // KIB} KiB"


def _inside(path: Path, folder: Path) -> bool:
    return Path(os.path.realpath(path)).is_relative_to(Path(os.path.realpath(folder)))


class FolderProblem(FileProblem):
    """A folder of the data folder's own (``saves``, ``history``, ``crash-reports``) that is
    not one: a link to somewhere else, or not a folder.  Its message is the whole sentence."""


def own_folder(root: Path, name: str, *, create: bool = False) -> Path:
    """``root / name``, checked to be a real folder inside *root* before anything in it is
    listed, opened, written or renamed; with *create*, made when it is missing.

    Why: a link in place of ``saves/`` (or ``history/``, ``crash-reports/``) would have
    us rename, overwrite or fill files elsewhere on the disk.  Looked at with ``lstat``
    (a link is never followed) and its real path compared with *root*'s, so a link
    further up cannot lead out either.  ``FileNotFoundError`` when missing and not
    *create*, ``NotADirectoryError`` when it is something else; ``FolderProblem`` for a
    link, saying in one sentence that nothing is read or written through it.
    """
    folder = root / name
    try:
        seen = os.lstat(folder)
    except FileNotFoundError:
        if not create:
            raise
        root.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):  # made in between (another window): looked at below
            os.mkdir(folder)
        seen = os.lstat(folder)
    where = plain(folder, None)
    if stat.S_ISLNK(seen.st_mode):
        raise FolderProblem(
            f"{where} is a link to somewhere else, not a folder; boardgames reads and writes "
            "nothing through it. Replace it with a real folder."
        )
    if not stat.S_ISDIR(seen.st_mode):  # what listing or writing in it would have met: the system's words
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))
    if os.path.realpath(folder) != os.path.join(os.path.realpath(root), name):
        raise FolderProblem(
            f"{where} leads outside the data folder; boardgames reads and writes nothing "
            "through it. Replace it with a real folder."
        )
    return folder


def _read(fd: int, size: int) -> bytes:
    """One ``os.read``: every byte this module reads from a file passes here (tests count them)."""
    return os.read(fd, size)


def _open_regular(path: Path, limit: int, root: Path | None) -> int:
    """An open descriptor on the regular file at *path*, opened only once it is known to be one.

    ``FileNotFoundError`` when there is no file; ``FileProblem`` for anything else
    wrong, a file larger than *limit* bytes included (known without reading it).
    """
    try:
        seen = os.lstat(path)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise FileProblem(f"cannot be looked at: {exc.strerror}") from None
    target = path
    if root is not None and not _inside(path.parent, root):
        # a regular file whose folder is a link out (``saves/`` -> elsewhere): lstat follows folders
        raise FileProblem("in a folder outside the data folder")
    if stat.S_ISLNK(seen.st_mode):
        if not _inside(path, root if root is not None else path.parent):
            raise FileProblem("a link to somewhere outside the data folder")
        try:
            seen = os.stat(path)
        except OSError:
            raise FileProblem("a link that leads nowhere") from None
        if not stat.S_ISREG(seen.st_mode):
            raise FileProblem(f"a link to {_kind(seen.st_mode)}, not to a file")
        target = Path(os.path.realpath(path))
    if not stat.S_ISREG(seen.st_mode):
        raise FileProblem(f"{_kind(seen.st_mode)}, not a file")
    if seen.st_size > limit:
        raise FileProblem(f"larger than {_size(limit)}")
    try:
        fd = os.open(target, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC | _BINARY)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise FileProblem(f"cannot be read: {exc.strerror}") from None
    try:
        now = os.fstat(fd)
    except OSError as exc:
        os.close(fd)
        raise FileProblem(f"cannot be read: {exc.strerror}") from None
    if not stat.S_ISREG(now.st_mode) or (now.st_dev, now.st_ino) != (seen.st_dev, seen.st_ino):
        os.close(fd)
        raise FileProblem("changed while being read")
    return fd


def read_bytes(path: Path, *, limit: int = DEFAULT_LIMIT, root: Path | None = None) -> bytes:
    """The bytes of the regular file at *path*, opened only once it is known to be one.

    ``FileNotFoundError`` when there is no file; ``FileProblem`` for anything else
    wrong.  A symbolic link is read only when it leads to a regular file inside
    *root* (by default the file's own folder).
    """
    fd = _open_regular(path, limit, root)
    try:
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = _read(fd, min(64 * KIB, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileProblem(f"larger than {_size(limit)}")
    except OSError as exc:
        raise FileProblem(f"cannot be read: {exc.strerror}") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


#: How much ``read_first_line`` reads at a time: a save's header is a few hundred bytes.
LINE_CHUNK = 4 * KIB


def read_first_line(path: Path, *, line_limit: int, limit: int = DEFAULT_LIMIT, root: Path | None = None) -> bytes:
    """The first line of the regular file at *path*, without its newline; never the rest.

    Why: a file whose first line stands apart (a save's header) can be listed at the
    cost of that line, however long the file.  Opened as ``read_bytes`` opens (the
    same checks, *limit* on the whole file's size known without reading it); at most
    *line_limit* bytes and one ``LINE_CHUNK`` more are read: a first line longer than
    *line_limit* (a file with no newline, binary, a huge header) is a ``FileProblem``.
    A file that ends before any newline is all one line.
    """
    fd = _open_regular(path, limit, root)
    try:
        head = b""
        while True:
            chunk = _read(fd, LINE_CHUNK)
            end = chunk.find(b"\n")
            if end >= 0:
                head += chunk[:end]
                break
            head += chunk
            if not chunk:
                break
            if len(head) > line_limit:
                break
    except OSError as exc:
        raise FileProblem(f"cannot be read: {exc.strerror}") from None
    finally:
        os.close(fd)
    if len(head) > line_limit:
        raise FileProblem(f"its first line is longer than {_size(line_limit)}")
    return head


class _NumberProblem(ValueError):
    """A number JSON allows and we refuse (raised inside ``json.loads``)."""


def _no_constant(name: str) -> Any:
    raise _NumberProblem(f"{name}, which is not a number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NumberProblem("a number too large to use")
    return value


def _short_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _NumberProblem(f"a whole number of more than {MAX_INT_DIGITS} digits")
    return int(text)


def check_depth(data: Any, max_depth: int = MAX_DEPTH) -> None:
    """``FileProblem`` when *data* nests lists and objects deeper than *max_depth*.

    Iterative, so it cannot itself run out of stack on the input it guards against.
    """
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > max_depth:
            raise FileProblem(f"nested deeper than {max_depth} levels")
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))


def parse_json(raw: bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """JSON from *raw* UTF-8 bytes, or ``FileProblem`` saying in words what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem("not UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float, parse_int=_short_int)
    except RecursionError:
        raise FileProblem(f"nested deeper than {max_depth} levels") from None
    except json.JSONDecodeError as exc:
        raise FileProblem(f"not valid JSON: {exc.msg.lower()}, line {exc.lineno}") from None
    except ValueError as exc:  # our hooks, or Python's own limit on digits
        raise FileProblem(str(exc) if isinstance(exc, _NumberProblem) else "a number too long to read") from None
    if raw.count(b"[") + raw.count(b"{") > max_depth:  # else it cannot nest deeper: no walk (a save's header)
        check_depth(data, max_depth)
    return data


def read_json(path: Path, *, limit: int = DEFAULT_LIMIT, root: Path | None = None, max_depth: int = MAX_DEPTH) -> Any:
    """Any JSON value from *path*, read safely (``read_bytes``) and parsed safely (``parse_json``)."""
    return parse_json(read_bytes(path, limit=limit, root=root), max_depth=max_depth)


def load_json(
    path: Path,
    version: int,
    *,
    limit: int = DEFAULT_LIMIT,
    root: Path | None = None,
    then: str = " and a new one started",
) -> Loaded:
    """Read a versioned JSON object; set the file aside if it cannot be trusted.

    Returns ``Loaded(None)`` when the file does not exist yet, and ``Loaded(None,
    warning)`` when it was set aside; *then* ends the warning (what the app does next).
    """
    try:
        data = read_json(path, limit=limit, root=root)
        if not isinstance(data, dict):
            raise FileProblem("not a JSON object")
        found = data.get("version")
        if type(found) is not int or found != version:
            raise FileProblem(f"not version {version} of its format")
    except FileNotFoundError:
        return Loaded(None)
    except FileProblem as exc:
        return refuse(path, f"was unreadable ({exc})", then=then)
    return Loaded(data)


# ----------------------------------------------------------------------------- setting aside


def set_aside(path: Path) -> Path | None:
    """Rename a bad file (or link, FIFO, folder...) beside itself with a timestamp.

    Never opens it and never deletes it.  Returns the new path, or ``None`` when it
    could not be renamed (a read-only folder).
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    try:
        path.rename(target)
    except OSError:
        return None
    return target


def refuse(path: Path, problem: str, *, then: str = "") -> Loaded:
    """Set *path* aside and say so in one sentence: ``<name> <problem>; it was kept as ...``.

    *problem* is in words ("was unreadable (a folder, not a file)"); the names are
    shown through ``plain`` (a file name on disk is outside text too).
    """
    aside = set_aside(path)
    name = plain(path.name)
    if aside is None:
        return Loaded(None, f"{name} {problem}; it could not be moved aside, so it was left as it is and skipped.")
    return Loaded(None, f"{name} {problem}; it was kept as {plain(aside.name)}{then}.", aside)


# ----------------------------------------------------------------------------- writing


def save_json(path: Path, data: dict[str, Any], *, sync: bool = True) -> str | None:
    """Write *data* atomically; return a warning instead of raising on failure.

    A read-only or full disk must never stop a game: the caller shows the warning
    and play goes on without saving.  ``sync=False``: the caller syncs it in the
    background (``saves.background_syncer``), as a file written during play must.
    """
    try:
        text = json.dumps(data, indent=1, sort_keys=True, allow_nan=False)
    except (ValueError, TypeError) as exc:  # a value JSON cannot hold: our bug, not the player's problem
        return f"Could not save {plain(path.name)} ({plain(exc, 120)}); play continues without saving."
    return write_atomically(path, text, sync=sync)


def write_atomically(path: Path, text: str, *, sync: bool = True) -> str | None:
    """Write *text* to *path* atomically (a temporary file beside it, then ``os.replace``);
    a warning instead of raising when the disk refuses.

    ``os.replace`` replaces whatever is at *path* (a link included) and never writes
    through it.  With *sync* the file is on disk before it replaces the old one; the
    autosave passes ``sync=False`` and syncs in the background (``saves.Autosaver``).
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                if sync:
                    fh.flush()
                    os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        return f"Could not save {plain(path.name)} ({exc.strerror}); play continues without saving."
    return None
