"""Measure the contrast of the whole terminal as the player sees it.

Every non-blank character of the screen as composed (the compositor's full frame: modal
layers and what shows through them, the title bar and the Footer), its foreground
against its background by the WCAG ratio, after Textual's own filters: dim text is
measured in the colour it is drawn with, reversed text with its colours swapped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rich.color import Color
from rich.segment import Segment
from textual.app import App
from textual.filter import dim_color
from textual.theme import BUILTIN_THEMES

#: The floor: nothing on screen under it (WCAG's minimum for large text and for the
#: parts of a control, which is what borders and frames are).
FLOOR = 3.0
#: WCAG AA for text: at most ``BUDGET`` of the characters may fall under it.
AA = 4.5
BUDGET = 0.10
THEMES = sorted(BUILTIN_THEMES)


def luminance(color: Color) -> float:
    """WCAG relative luminance of a colour."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = color.get_truecolor()
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(fg: Color, bg: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


@dataclass(frozen=True)
class Cell:
    """One character on screen and the colours it is drawn in."""

    char: str
    x: int
    y: int
    fg: Color
    bg: Color

    @property
    def ratio(self) -> float:
        return contrast(self.fg, self.bg)

    def __str__(self) -> str:
        return f"{self.char!r} at ({self.x},{self.y}) {self.fg.get_truecolor().hex} on {self.bg.get_truecolor().hex} {self.ratio:.2f}:1"


def screen_rows(app: App) -> list[list[Segment]]:
    """The terminal's rows as the compositor draws them (``App.export_screenshot``'s source)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)  # noqa: SLF001
    return [[segment for strip in line for segment in strip] for line in update.strips]


def cells(rows: list[list[Segment]]) -> Iterator[Cell]:
    """Every non-blank character with a colour of its own and a background of its own.

    Skipped, and only these: characters drawn in the terminal's *default* colours (the
    ANSI themes leave foreground and background to the terminal, whose colours the
    player chose).  Everything else counts, frames and box drawing included.
    """
    for y, row in enumerate(rows):
        x = 0
        for segment in row:
            text, style = segment.text, segment.style
            if segment.control:
                continue
            for char in text:
                if char.strip() and style is not None:
                    fg, bg = style.color, style.bgcolor
                    if style.reverse:
                        fg, bg = bg, fg
                    if fg is not None and bg is not None and not fg.is_default and not bg.is_default:
                        if style.dim:  # not resolved by a filter: drawn half-way to the background
                            fg = dim_color(bg, fg) if fg.triplet and bg.triplet else fg
                        yield Cell(char, x, y, fg, bg)
                x += 1


@dataclass
class Measure:
    """What one screen in one theme measures."""

    theme: str
    what: str
    cells: list[Cell]

    @property
    def under_floor(self) -> list[Cell]:
        return [c for c in self.cells if c.ratio < FLOOR]

    @property
    def under_aa(self) -> list[Cell]:
        return [c for c in self.cells if c.ratio < AA]

    def problem(self) -> str | None:
        """What is wrong with this screen, or None."""
        if not self.cells:
            return None
        low, faint = self.under_floor, self.under_aa
        share = len(faint) / len(self.cells)
        if not low and share <= BUDGET:
            return None
        # The worst pairs, one example each: what to fix first.
        pairs: dict[tuple[str, str], list[Cell]] = {}
        for c in sorted(faint, key=lambda c: c.ratio):
            pairs.setdefault((c.fg.get_truecolor().hex, c.bg.get_truecolor().hex), []).append(c)
        worst = "; ".join(
            f"{len(cs)}× e.g. {''.join(c.char for c in cs[:12])!r} {fg} on {bg} {cs[0].ratio:.2f}:1 at ({cs[0].x},{cs[0].y})"
            for (fg, bg), cs in list(pairs.items())[:6]
        )
        return (
            f"{self.theme} / {self.what}: {len(low)} of {len(self.cells)} characters under {FLOOR}:1, "
            f"{share:.0%} under {AA}:1; worst: {worst}"
        )


def measure(app: App, theme: str, what: str) -> Measure:
    return Measure(theme, what, list(cells(screen_rows(app))))


async def each_theme(pilot, what: str, ready: Callable[[], bool] | None = None) -> list[str]:
    """Switch the app through every built-in theme, letting it redraw, and say what is
    too faint in each.  One app, its theme changed: a new app per theme would make this
    file the slowest of the suite."""
    from tests.screen import settled, wait_for

    app = pilot.app
    start = app.theme
    problems: list[str] = []
    for theme in THEMES:
        app.theme = theme
        await wait_for(pilot, lambda: settled(app) and (ready is None or ready()), f"the redraw of {what} in {theme}")
        await pilot.pause()
        found = measure(app, theme, what).problem()
        if found:
            problems.append(found)
    app.theme = start
    await wait_for(pilot, lambda: settled(app), "the theme back")
    return problems
