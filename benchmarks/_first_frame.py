"""Run one app headless until its first frame is painted, then exit.

``python benchmarks/_first_frame.py bare``  - a bare Textual app showing one line.
``python benchmarks/_first_frame.py suite [ARGS...]`` - what ``boardgames ARGS`` does
(the command line's preflight, then the app), stopped after its first frame: no ARGS
is the main menu, ``uwo --seed 1`` the duel's first screen, and so on.
Timed from outside (``benchmarks/run.py``, ``vowl_bench.py``), so interpreter start and
imports count.
"""

from __future__ import annotations

import sys
from typing import Any


def bare() -> None:
    from textual.app import App, ComposeResult  # noqa: PLC0415
    from textual.widgets import Static  # noqa: PLC0415

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("hello")

        def on_mount(self) -> None:
            self.call_after_refresh(self.exit)

    app = Bare()
    app.run(headless=True)
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
        self.call_after_refresh(self.exit)

    def run(self: app_module.BoardgamesApp, **options: Any) -> Any:
        return app_module.App.run(self, headless=True, size=(80, 24))

    app_module.BoardgamesApp.on_mount = on_mount  # type: ignore[method-assign]
    app_module.BoardgamesApp.run = run  # type: ignore[method-assign]
    sys.exit(main(argv))


if __name__ == "__main__":
    if sys.argv[1] == "bare":
        bare()
    else:
        suite(sys.argv[2:])
