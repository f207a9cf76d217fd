"""Game colours stay readable in every built-in Textual theme: the text of
the pieces and cards a player must read keeps at least 4.5:1 contrast (WCAG AA) with
what is behind it.  Measured on what Textual really draws: each widget's rendered
lines, character by character, foreground against background.

In ``textual-light`` the UWO piece labels had 1.07:1 (Gnorfs) and 1.22:1 (Pnorfs).
"""

from __future__ import annotations

from rich.color import Color
from rich.segment import Segment
from textual.app import App
from textual.geometry import Region
from textual.theme import BUILTIN_THEMES
from textual.widget import Widget

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from tests.screen import settled, take_keyboard, wait_for

AA = 4.5
SIZE = (120, 40)
THEMES = sorted(BUILTIN_THEMES)


def luminance(color: Color) -> float:
    """WCAG relative luminance of a colour."""
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = color.get_truecolor()
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(fg: Color, bg: Color) -> float:
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def worst_contrast(widget: Widget) -> tuple[float, str]:
    """The lowest contrast of any visible character *widget* draws, and that character."""
    width, height = widget.size
    worst, where = 21.0, ""
    for strip in widget.render_lines(Region(0, 0, width, height)):
        for segment in strip:
            assert isinstance(segment, Segment)
            text, style = segment.text, segment.style
            if style is None or not text.strip() or style.color is None or style.bgcolor is None:
                continue
            if style.color.is_default or style.bgcolor.is_default:
                continue  # the terminal's own colours (the ANSI themes): readable by the player's choice
            if style.dim:
                continue  # a deliberately faded hint is not what a player must read
            if all(0x2500 <= ord(c) <= 0x259F for c in text.strip()):
                continue  # box drawing and blocks: a square's frame, not text to read
            ratio = contrast(style.color, style.bgcolor)
            if ratio < worst:
                worst, where = ratio, text.strip()
    return worst, where


async def _each_theme(pilot, app: App, measure) -> list[str]:  # noqa: ANN001
    """Switch *app* through every built-in theme, letting it redraw, and collect what
    ``measure()`` finds too faint in each (one app per game: starting 21 apps per game
    would make this the slowest file of the suite)."""
    faint: list[str] = []
    for theme in THEMES:
        app.theme = theme
        await wait_for(pilot, lambda: settled(app), f"the redraw in {theme}")
        await pilot.pause()
        faint += [f"{theme}: {problem}" for problem in measure()]
    return faint


def _too_faint(widgets: list[Widget], what: str) -> list[str]:
    out = []
    for widget in widgets:
        ratio, char = worst_contrast(widget)
        if ratio < AA:
            out.append(f"{what} {char!r} ({sorted(widget.classes)}) has contrast {ratio:.2f}:1")
    return out


async def test_uwo_pieces_marks_and_hand_cards_are_readable_in_every_theme() -> None:
    from boardgames.uwo.screen import UwoScreen  # noqa: PLC0415

    app = BoardgamesApp(start=lambda: UwoScreen(), seed=4, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, UwoScreen) and settled(app), "the duel")
        pieces = [c for c in app.screen.query(".cell") if c.has_class("-gnorfs") or c.has_class("-pnorfs")]
        assert len(pieces) == 20
        # A UMO selected: the squares it may move to and attack are marked as well.
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(c.has_class("-move") for c in app.screen.query(".cell")), "move marks")
        marked = [c for c in app.screen.query(".cell") if c.classes & {"-move", "-attack", "-morph", "-duel"}]
        hand = list(app.screen.query(".hand-card"))
        assert marked and hand

        def measure() -> list[str]:
            return _too_faint([*pieces, *marked], "square") + _too_faint(hand, "hand card")

        assert not await _each_theme(pilot, app, measure)


async def test_vowl_cards_are_readable_in_every_theme() -> None:
    from boardgames.vowl.widgets import CardFace  # noqa: PLC0415
    from tests.vowl.test_screen import make_app  # noqa: PLC0415

    app, _ = make_app(("Ann Lee", "Bob Roy"), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: any(c.classes & {"-green", "-yellow", "-red"} for c in app.screen.query(CardFace))
                       and settled(app), "a card face up")
        cards = list(app.screen.query(CardFace))
        assert not await _each_theme(pilot, app, lambda: _too_faint(cards, "card"))


async def test_vntypl8s_plates_are_readable_in_every_theme() -> None:
    from boardgames.vntypl8s.widgets import PlateView  # noqa: PLC0415
    from tests.vntypl8s.ui import make_app  # noqa: PLC0415

    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: bool(app.screen.query(PlateView)) and settled(app), "the plate editor")
        await pilot.press(*"trbb")
        await wait_for(pilot, lambda: settled(app), "the plate typed")
        plates = list(app.screen.query(PlateView))
        assert plates
        assert not await _each_theme(pilot, app, lambda: _too_faint(plates, "plate"))
