"""Run one app headless until its first frame is painted, report it, and leave at once.

``python benchmarks/_first_frame.py bare``  - a bare Textual app showing one line.
``python benchmarks/_first_frame.py suite [ARGS...]`` - what ``boardgames ARGS`` does
(the command line's preflight, then the app), stopped after its first frame: no ARGS
is the main menu, ``uwo --seed 1`` the duel's first screen, and so on.

When ``$FIRST_FRAME_REPORT`` names a file, the first frame the app hands its driver
(``App._display``: what a terminal would show) writes one line there:
the wall-clock time (``time.time()``) it was painted at, the process's CPU seconds
until then and its peak resident memory (KiB) until then; then the process ends
with ``os._exit(0)``.  ``benchmarks/run.py`` subtracts the time it started the
process, so interpreter start and imports count, and what a game does *after* its
first frame (the word games open the dictionary then, Vowl builds its answer index)
or while shutting down does not.  Without the variable the app exits normally.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from typing import Any

REPORT = "FIRST_FRAME_REPORT"


def painted() -> None:
    """The first frame is on the screen: report it (if asked) and end the process."""
    path = os.environ.get(REPORT)
    if not path:
        return
    usage = resource.getrusage(resource.RUSAGE_SELF)
    with open(path, "w", encoding="utf-8") as out:
        json.dump({"frame": time.time(), "cpu": usage.ru_utime + usage.ru_stime, "maxrss": usage.ru_maxrss}, out)
    os._exit(0)


def report_first_frame(app_class: type[Any], *, own_screen: bool) -> None:
    """Report from the first frame *app_class* hands its driver (``App._display``): the
    moment a terminal would show it.  With *own_screen*, a frame of the app's blank
    default screen does not count (the suite pushes its first screen over it)."""
    original = app_class._display

    def _display(self: Any, screen: Any, renderable: Any) -> None:
        original(self, screen, renderable)
        shown = renderable is not None and not self._batch_count and screen is self.screen
        if shown and (not own_screen or screen is not self.screen_stack[0]):
            painted()

    app_class._display = _display


def bare() -> None:
    from textual.app import App, ComposeResult  # noqa: PLC0415
    from textual.widgets import Static  # noqa: PLC0415

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("hello")

        def on_mount(self) -> None:
            self.call_after_refresh(self.first_frame)

        def first_frame(self) -> None:
            painted()
            self.exit()

    report_first_frame(Bare, own_screen=False)
    app = Bare()
    app.run(headless=True, size=(80, 24))
    sys.exit(app.return_code or 0)


def suite(argv: list[str]) -> None:
    """``boardgames ARGV`` through its real command line, exiting after the first frame.

    Textual calls every class's ``on_mount`` in the MRO itself, so the app's own is
    wrapped here, never called a second time (calling ``super().on_mount()`` from a
    subclass pushed the menu twice and overstated the menu's cost).
    """
    from boardgames import app as app_module  # noqa: PLC0415
    from boardgames.cli import main  # noqa: PLC0415

    original = app_module.BoardgamesApp.on_mount

    def on_mount(self: app_module.BoardgamesApp) -> None:
        original(self)

        def first_frame() -> None:
            painted()
            self.exit()

        self.call_after_refresh(first_frame)

    def run(self: app_module.BoardgamesApp, **options: Any) -> Any:
        return app_module.App.run(self, headless=True, size=(80, 24))

    report_first_frame(app_module.BoardgamesApp, own_screen=True)
    app_module.BoardgamesApp.on_mount = on_mount  # type: ignore[method-assign]
    app_module.BoardgamesApp.run = run  # type: ignore[method-assign]
    sys.exit(main(argv))


if __name__ == "__main__":
    if sys.argv[1] == "bare":
        bare()
    else:
        suite(sys.argv[2:])
