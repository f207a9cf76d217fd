"""Errors that end a command with a clear message instead of a traceback.

Anything the player can fix (a missing system package, a corrupt data file) is raised
as a ``UserFacingError``; the CLI prints ``message`` and exits with ``exit_code``.
"""

from __future__ import annotations


class UserFacingError(Exception):
    """An error whose message is meant for the player, not the developer."""

    exit_code: int = 1

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if exit_code is not None:
            self.exit_code = exit_code
