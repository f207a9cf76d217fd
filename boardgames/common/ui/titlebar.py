"""``TitleBar``: the game screens' title line, Textual's ``Header`` drawn by one widget.

Why: Textual's ``Header`` is four widgets (itself, the icon, the title, the
clock's space), each with its own ``DEFAULT_CSS`` parsed, styled, laid out and drawn
before a game's first frame - about 28M instructions of Vowl's first frame, 2% of
it, for one line that never changes while a game is played.  ``TitleBar`` draws the
same line from one widget: the icon ``⭘`` one cell in from the left in its 8 cells,
the screen's title (``App.format_title``: title — sub-title) centred between the
icon and the 10 cells Textual keeps for its clock, cut with ``…`` when too long,
on the same ``$panel`` background.  It behaves the same: a click on the icon opens
the command palette (its tooltip says so, and it lights up under the mouse as
``HeaderIcon:hover`` does), a click elsewhere makes the bar three lines tall and a
second one makes it one line again; it follows the app's and the screen's title
and sub-title.  The clock (``Header(show_clock=True)``) is not drawn: no screen of
the suite shows it.
"""

from __future__ import annotations

from textual import events
from textual.color import Color
from textual.content import Content
from textual.style import Style
from textual.widget import Widget

#: Cells of the icon at the left (``HeaderIcon``: width 8, one cell of padding each side).
ICON_WIDTH = 8
#: Cells kept at the right for the clock (``HeaderClockSpace``: width 10).
CLOCK_WIDTH = 10
ICON = "⭘"
ICON_TOOLTIP = "Open the command palette"


class TitleBar(Widget):
    """The screen's title on one line at the top, with the command palette's icon."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        background: $panel;
        color: $foreground;
        height: 1;
        &.-tall { height: 3; }
    }
    """

    #: Is the mouse over the icon (drawn lit, as ``HeaderIcon:hover``)?
    _icon_hover = False

    def on_mount(self) -> None:
        for node, name in (
            (self.app, "title"),
            (self.app, "sub_title"),
            (self.screen, "title"),
            (self.screen, "sub_title"),
        ):
            self.watch(node, name, self._retitle, init=False)

    def _retitle(self) -> None:
        self.refresh()

    @property
    def screen_title(self) -> str:
        """The screen's title, or the app's when the screen has none (as ``Header``)."""
        title = self.screen.title
        return title if title is not None else self.app.title

    @property
    def screen_sub_title(self) -> str:
        """The screen's sub-title, or the app's when the screen has none (as ``Header``)."""
        sub_title = self.screen.sub_title
        return sub_title if sub_title is not None else self.app.sub_title

    def render(self) -> Content:
        """The bar's lines: the title on the first (``HeaderTitle`` is one line high, at
        the top of a tall bar), the icon on the middle one (``HeaderIcon`` fills the
        bar's height and centres its icon), the rest blank."""
        width, height = self.size
        middle = max(0, width - ICON_WIDTH - CLOCK_WIDTH)
        icon = Content(f" {ICON}").pad_right(ICON_WIDTH - 2)
        if self._icon_hover:
            icon = icon.stylize(Style(background=self._icon_hover_background()))
        title = self.app.format_title(self.screen_title, self.screen_sub_title).center(middle, ellipsis=True)
        clock = " " * CLOCK_WIDTH
        icon_row = max(0, height - 1) // 2
        if icon_row == 0:
            lines = [Content.assemble(icon, title, clock)]
        else:
            lines = [Content.assemble(" " * ICON_WIDTH, title, clock)]
            lines += [Content(" " * width)] * (icon_row - 1)
            lines.append(Content.assemble(icon, " " * middle, clock))
        return Content("\n").join(line.truncate(width) if line.cell_length > width else line for line in lines)

    def _icon_hover_background(self) -> Color:
        """``HeaderIcon:hover``'s ``background: $foreground 10%``, over the bar's own."""
        foreground = Color.parse(self.app.get_css_variables()["foreground"])
        return self.styles.background + foreground.with_alpha(0.1)

    def _over_icon(self, x: int) -> bool:
        return 0 <= x < ICON_WIDTH and bool(self.app.ENABLE_COMMAND_PALETTE)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover_icon(self._over_icon(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._hover_icon(False)

    def _hover_icon(self, hover: bool) -> None:
        if hover != self._icon_hover:
            self._icon_hover = hover
            self.tooltip = ICON_TOOLTIP if hover else None
            self.refresh()

    async def on_click(self, event: events.Click) -> None:
        """The icon opens the command palette; elsewhere the bar grows or shrinks."""
        if self._over_icon(event.x):
            event.stop()
            await self.run_action("app.command_palette")
        else:
            self.toggle_class("-tall")
