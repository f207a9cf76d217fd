"""Run one app headless until its first frame is painted, then exit.

``python benchmarks/_first_frame.py bare``  - a bare Textual app showing one line.
``python benchmarks/_first_frame.py suite`` - what ``boardgames`` does: preflight
(dictionary + every deck validated) and the main menu.
Timed from outside by ``vowl_bench.py``, so interpreter start and imports count.
"""

from __future__ import annotations

import sys


def bare() -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("hello")

        def on_mount(self) -> None:
            self.call_after_refresh(self.exit)

    app = Bare()
    app.run(headless=True)
    sys.exit(app.return_code or 0)


def suite() -> None:
    from boardgames.app import BoardgamesApp
    from boardgames.cli import preflight

    preflight()

    class FirstFrame(BoardgamesApp):
        def on_mount(self) -> None:
            super().on_mount()
            self.call_after_refresh(self.exit)

    app = FirstFrame()
    app.run(headless=True)
    sys.exit(app.return_code or 0)


if __name__ == "__main__":
    {"bare": bare, "suite": suite}[sys.argv[1]]()
