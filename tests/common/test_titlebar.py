"""``TitleBar`` (common.ui.titlebar): Textual's ``Header`` in one widget.

It must look like the Header, cell for cell (title and sub-title, short and cut with
``…``, one line and three), and behave like it: the icon opens the command palette,
a click elsewhere makes the bar tall and short again, it follows the titles.
"""

from __future__ import annotations

import pytest
from rich.style import Style
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.widgets import Header, Static

from boardgames.common.ui.titlebar import ICON_WIDTH, TitleBar


class Bar(App[None]):
    def __init__(self, kind: type, title: str, sub_title: str) -> None:
        super().__init__()
        self.kind = kind
        self.title = title
        self.sub_title = sub_title

    def compose(self) -> ComposeResult:
        yield self.kind()
        yield Static("below")


async def rows(
    kind: type, title: str, sub_title: str, width: int, *, tall: bool = False, hover: bool = False
) -> list[list[tuple[str, Style | None]]]:
    """The top three rows as (text, style) segments, as the screen draws them."""
    app = Bar(kind, title, sub_title)
    async with app.run_test(size=(width, 10)) as pilot:
        await pilot.pause()
        if tall:
            await pilot.click(kind, offset=(width // 2, 0))
            await pilot.pause()
        if hover:  # over the icon: it lights up (``HeaderIcon:hover``)
            await pilot.hover(kind, offset=(2, 0))
            await pilot.pause()
        strips = app.screen._compositor.render_strips()  # noqa: SLF001 - what the terminal is sent
        return [[(segment.text, segment.style) for segment in strip.simplify()] for strip in strips[:3]]


def cells(line: list[tuple[str, Style | None]]) -> list[tuple[str, object]]:
    """One (character, look) per cell: segments may split a line differently, a blank
    shows only its background, and the mouse's metadata draws nothing."""
    looks: list[tuple[str, object]] = []
    for text, style in line:
        style = style or Style()
        looks.extend(
            (" ", style.bgcolor) if not char.strip() else (char, style.clear_meta_and_links()) for char in text
        )
    return looks


@pytest.mark.parametrize(
    ("title", "sub_title", "width", "tall"),
    [
        ("Vowl", "", 80, False),
        ("VNTYPL8S", "", 120, False),
        ("UWO", "Gnorfs against Pnorfs", 80, False),
        ("a title much too long for the room a narrow terminal leaves between the icon and the clock", "", 60, False),
        ("Vowl", "solitaire", 80, True),
    ],
)
async def test_the_title_bar_draws_what_the_header_draws(title: str, sub_title: str, width: int, tall: bool) -> None:
    header = await rows(Header, title, sub_title, width, tall=tall)
    bar = await rows(TitleBar, title, sub_title, width, tall=tall)
    assert [cells(line) for line in bar] == [cells(line) for line in header]


async def test_the_icon_lights_up_under_the_mouse_as_the_headers_does() -> None:
    header = await rows(Header, "Vowl", "", 80, hover=True)
    bar = await rows(TitleBar, "Vowl", "", 80, hover=True)
    assert [cells(line) for line in bar] == [cells(line) for line in header]
    assert cells(bar[0])[0] != cells(bar[0])[ICON_WIDTH]  # lit: not the bar's own background


async def test_the_icon_opens_the_command_palette() -> None:
    app = Bar(TitleBar, "Vowl", "")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click(TitleBar, offset=(1, 0))
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, CommandPalette):
                break
        assert isinstance(app.screen, CommandPalette)
        assert app.query_one(TitleBar).size.height == 1


async def test_a_click_beside_the_icon_makes_the_bar_tall_and_short_again() -> None:
    app = Bar(TitleBar, "Vowl", "")
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(TitleBar)
        await pilot.click(TitleBar, offset=(40, 0))
        await pilot.pause()
        assert bar.size.height == 3 and not isinstance(app.screen, CommandPalette)
        await pilot.click(TitleBar, offset=(40, 1))
        await pilot.pause()
        assert bar.size.height == 1


async def test_the_bar_follows_the_titles() -> None:
    app = Bar(TitleBar, "Vowl", "")
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.title = "UWO"
        app.screen.sub_title = "you play the Gnorfs"
        await pilot.pause()
        line = "".join(text for text, _ in (await _row(app)))
        assert "UWO — you play the Gnorfs" in line


async def _row(app: App[None]) -> list[tuple[str, object]]:
    strip = app.screen._compositor.render_strips()[0]  # noqa: SLF001
    return [(segment.text, segment.style) for segment in strip]
