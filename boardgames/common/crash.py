"""Crash reports: an unexpected error leaves a file a player can send, and says where.

A bug must never end a game silently (exit status 0, a traceback scrolled away, or
nothing at all).  The CLI and the app call ``write_report`` with the exception and,
when a game was open, the name of its save file; the report holds what a developer
needs to reproduce it - the traceback, the versions, the command line and the save's
name (the save itself stays where it is: it replays the game up to the last action).

Reports go to ``<data dir>/crash-reports/``.  Writing one must not fail in turn: if
the folder cannot be written, ``write_report`` returns ``None`` and the caller says
the report could not be kept; the exit status is ``EXIT_CRASH`` either way.
"""

from __future__ import annotations

import os
import platform
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from boardgames import __version__
from boardgames.common.storage import FolderProblem, data_dir, own_folder
from boardgames.common.text import plain

#: ``EX_SOFTWARE`` from BSD's sysexits.h: "an internal software error has been detected".
EXIT_CRASH = 70

FOLDER = "crash-reports"


@dataclass(frozen=True, slots=True)
class Crash:
    """An unexpected error and what was being played when it happened."""

    error: BaseException
    save: str | None = None  # the file name of the game's save, if a saved game was open

    def report(self) -> str:
        """The report's text: a header of facts, then the traceback."""
        import textual  # noqa: PLC0415 - only when reporting

        lines = [
            f"boardgames {__version__} crash report",
            f"when:     {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
            f"error:    {type(self.error).__name__}: {self.error}",
            f"save:     {self.save or '(no saved game was open)'}",
            f"command:  {' '.join(sys.argv)}",
            f"python:   {platform.python_version()} ({platform.platform()})",
            f"textual:  {getattr(textual, '__version__', '?')}",
            "",
            "".join(traceback.format_exception(self.error)),
        ]
        inner = self.inner()
        if inner is not None:
            lines += [
                f"The worker's own error: {type(inner).__name__}: {inner}",
                "",
                "".join(traceback.format_exception(inner)),
            ]
        return "\n".join(lines)

    def inner(self) -> BaseException | None:
        """The error a Textual worker raised, when *error* is the ``WorkerFailed`` it was
        wrapped in: Textual raises the wrapper nowhere, so its own traceback is empty and
        only the inner error's says where the bug is."""
        from textual.worker import WorkerFailed  # noqa: PLC0415 - only when reporting

        if isinstance(self.error, WorkerFailed) and isinstance(self.error.error, BaseException):
            return self.error.error
        return None

    def summary(self, report: Path | None) -> str:
        """What the player reads on the terminal: one paragraph, no traceback."""
        what = plain(f"{type(self.error).__name__}: {self.error}", 200)
        where = (
            f"A crash report was written to {report}; please attach it when you report the bug."
            if report is not None
            else "The crash report could not be written to the data folder."
        )
        saved = (
            f" The game was saved up to its last action ({self.save}): resume it from the menu." if self.save else ""
        )
        return f"boardgames stopped on an unexpected error ({what}). {where}{saved}"


def write_report(crash: Crash, root: Path | None = None) -> Path | None:
    """Write *crash*'s report under the data folder; its path, or ``None`` if that failed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        folder = own_folder(root or data_dir(), FOLDER, create=True)  # a link there would put it elsewhere
        path = folder / f"crash-{stamp}-{os.getpid()}.txt"
        n = 1
        while path.exists():
            path = folder / f"crash-{stamp}-{os.getpid()}-{n}.txt"
            n += 1
        # Private like a save (0600): the report holds the command line and a save's name.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(crash.report())
    except (OSError, FolderProblem):
        return None
    return path
