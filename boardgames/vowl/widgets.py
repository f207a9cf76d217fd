"""Vowl's widgets: the face-up card, the scoreboard (tokens, timers, tiers and a
legend), the row of passed cards and the end-of-game panel.  They render views; they never touch the engine.
Names are data: drawn as ``Text`` through ``common.text.plain``, never as markup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from rich.cells import cell_len
from rich.console import Group
from rich.measure import measure_renderables
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.cache import LRUCache
from textual.content import Content
from textual.events import Resize
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import VisualType
from textual.widgets import Static

from boardgames.common.bigletters import big_text, double_size, fits
from boardgames.common.text import plain
from boardgames.common.ui.classes import set_classes_once
from boardgames.common.ui.textual_compat import active, keep_rows_across_scroll
from boardgames.vowl.card import Card, Tier
from boardgames.vowl.events import plural
from boardgames.vowl.narrate import TIER_LETTER, TIER_STYLE
from boardgames.vowl.track import Extras
from boardgames.vowl.view import PlayerView, VowlView

if TYPE_CHECKING:  # the summary is built once a game is over, not before the first frame
    from boardgames.vowl.summary import GameSummary

TIER_CLASS = {Tier.BASIC: "-green", Tier.ADVANCED: "-yellow", Tier.EXPERT: "-red"}

_UNSHOWN = object()


class Layouts:
    """How many times ``put`` asked for a layout (tests count them: one per change of size)."""

    count = 0


def put(widget: Static, content: VisualType, key: object = _UNSHOWN, *, layout: bool = False) -> bool:
    """Show *content* in *widget* unless it already shows it (*key*: what it is drawn
    from, by default the content itself); ``True`` if it was drawn.

    Why: the screen redraws every panel after every key, and each
    ``Static.update`` asked for a layout - the whole screen arranged again and every
    widget on it repainted, several times per Enter.  An unchanged panel needs
    nothing; a changed one needs a layout only when its size can change: an auto
    width, or an auto height whose new text does not take the lines it has now.
    *layout*: always lay out a change (a Rich table, whose height Textual's measure
    at the content width does not always match).
    """
    key = content if key is _UNSHOWN else key
    if getattr(widget, "_put_key", _UNSHOWN) == key:
        return False
    widget._put_key = key  # type: ignore[attr-defined]
    styles = widget.styles
    width = widget.content_region.width if widget.is_mounted else 0
    if layout or not width or (styles.width is not None and styles.width.is_auto):
        Layouts.count += 1
        widget.update(content)
        return True
    if styles.height is not None and styles.height.is_auto:
        # Compared with the height the last layout gave it, not with the old text's: the
        # old text may never have been laid out at this width (drawn before a resize).
        widget.update(content, layout=False)
        height = _bounded_height(widget, widget.get_content_height(widget.size, widget.app.size, width))
        if height != widget.content_region.height:
            Layouts.count += 1
            widget.refresh(layout=True)
        return True
    widget.update(content, layout=False)  # a fixed size: the text cannot move anything
    return True


def _bounded_height(widget: Static, lines: int) -> int:
    """The content height a layout would give *widget* for *lines* lines of text: within
    its ``min-height`` and ``max-height`` when they are counted in lines (as Textual's
    box model does), so a verdict of one line in a box kept two lines high (``#feedback``)
    asks for no layout.  Other units are left alone: then any change of lines lays out."""
    styles = widget.styles
    gutter = styles.gutter.height if styles.box_sizing == "border-box" else 0
    low, high = styles.min_height, styles.max_height
    if low is not None and low.is_cells:
        lines = max(lines, int(low.value) - gutter)
    if high is not None and high.is_cells:
        lines = min(lines, int(high.value) - gutter)
    return max(0, lines)


class EventLog(ScrollView, can_focus=True):
    """The game's log: Textual's ``RichLog`` for lines of ``Text``, whose new lines do
     not lay out the whole screen, nor draw again the lines it already shows.

     Not a ``RichLog`` subclass: ``textual.widgets._rich_log`` imports ``rich.pretty``
     and with it ``attrs`` (63 M instructions, a tenth of what Vowl's first frame
     costs above a bare Textual app) for ``Pretty``, which draws objects
     that are not text; the log is written only ``Text`` (``narrate.log_line``).  So
     this is ``RichLog``'s text path, as Textual 8.2.8 has it: a line is rendered
     through the app's console at the log's width (wrapped, never parsed as markup),
     kept as ``Strip`` rows in ``lines``, and drawn cropped to the scroll; a write
     before the log knows its size waits for it; it scrolls to its end on each write.
     Its look is ``RichLog``'s (``DEFAULT_CSS``, focusable, the focus tint).

     ``RichLog.write`` sets the log's virtual size, a reactive that asks for a layout:
     the whole screen arranged again and every widget repainted, on every Enter
    .  The log's own size is fixed by its place (``vowl.tcss``), so a new
     line changes only how far it scrolls - unless its scroll bar appears or goes,
     which moves its text: then the layout is kept.

     A new line at the end changed, besides the scroll bar, only the rows that show
     it, yet ``RichLog`` redrew every row, and then again a frame later when it
     scrolled (``scroll_end`` waits for a refresh): each Enter drew the whole log
     twice.  Here a write repaints only the rows its lines land on, the log scrolls
     at once when no layout is pending (the line shows in the same frame as the
     verdict), and a scroll by *k* rows moves the rows already drawn by *k* in
     Textual's per-line cache (``_styles_cache``), drawing only the rows that come
     into view.  Whatever else changes (a style, the width, the focus, a theme)
     empties that cache as before.
    """

    DEFAULT_CSS = """
    EventLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    #: How many writes still asked for a layout (tests count them).
    layouts = 0
    _writing = False
    #: During a write: how many lines the log had before it, and whether a layout was kept.
    _lines_before = 0
    _layout_kept = False
    _style: Style | None = None

    def __init__(
        self,
        *,
        min_width: int = 78,
        wrap: bool = False,
        auto_scroll: bool = True,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """*min_width*: the narrowest a line is rendered at; *wrap*: wrap long lines
        (else they run on, to scroll sideways); *auto_scroll*: scroll to the end on a write."""
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        #: The rendered rows, one ``Strip`` each.
        self.lines: list[Strip] = []
        self._line_cache: LRUCache[tuple[int, int, int, int], Strip] = LRUCache(1024)
        #: Writes made before the log knew its width, in order: (text, scroll to the end?).
        self._deferred: list[tuple[Text, bool | None]] = []
        self.min_width = min_width
        self.wrap = wrap
        self.auto_scroll = auto_scroll
        self._widest_line_width = 0
        #: Whether the log knows its width (the first resize): writes wait for it.
        self._size_known = False

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_cache.clear()

    def on_resize(self, event: Resize) -> None:
        if event.size.width and not self._size_known:
            self._size_known = True
            deferred, self._deferred = self._deferred, []
            for text, scroll_end in deferred:
                self.write(text, scroll_end=scroll_end)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._size_known else container.width

    @property
    def rich_style(self) -> Style:
        """The log's style, worked out once per frame.

        ``RichLog`` asks for it for every line it draws, and Textual works it out each
        time from every ancestor's styles (a third of a frame in a long log); each
        frame starts afresh (``render_lines``), so a change of theme or of an
        ancestor's class is never missed.
        """
        if self._style is None:
            return super().rich_style
        return self._style

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style = super().rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._style = None

    def write(self, content: Text | str, *, scroll_end: bool | None = None, animate: bool = False) -> Self:
        """Add *content* (a ``str`` is plain text, never markup) at the end of the log,
        rendered at the log's width (at least ``min_width``), and scroll to the end
        (*scroll_end*, by default ``auto_scroll``).  Before the log knows its width the
        write waits, in order, for its first resize."""
        text = Text(content) if isinstance(content, str) else content
        if not self._size_known:
            self._deferred.append((text.copy(), scroll_end))
            return self
        now = active("log-rows") and self.is_mounted and bool(self.container_size)
        follow = self.auto_scroll if scroll_end is None else scroll_end
        self._writing, self._layout_kept, self._lines_before = True, False, len(self.lines)
        try:
            self._add_lines(text)
        finally:
            self._writing = False
        if follow:
            # With no layout pending the new size is known now: scroll in this frame.
            # Not ours to speed up: a frame later, as ``RichLog`` scrolls.
            self.scroll_end(animate=animate, immediate=now and not self._layout_kept, x_axis=False)
        return self

    def _add_lines(self, text: Text) -> None:
        """``RichLog.write``'s rendering of a ``Text`` (Textual 8.2.8): its rows, each
        as wide as the text rendered (at least ``min_width``, at most the log's width)."""
        text.expand_tabs()
        console = self.app.console
        options = console.options
        if not self.wrap:
            options = options.update(overflow="ignore", no_wrap=True)
        width = measure_renderables(console, options, [text]).maximum
        width = max(min(width, self.scrollable_content_region.width), self.min_width)
        lines = list(Segment.split_lines(console.render(text, options.update_width(width))))
        if not lines:
            self._widest_line_width = max(width, self._widest_line_width)
            self.lines.append(Strip.blank(width))
        else:
            strips = Strip.from_lines(lines)
            for strip in strips:
                strip.adjust_cell_length(width)
            self.lines.extend(strips)
            self._widest_line_width = max(
                self._widest_line_width, max(sum(segment.cell_length for segment in line) for line in lines)
            )
        # The width may have changed with the new rows; the height has.
        self.virtual_size = Size(self._widest_line_width, len(self.lines))

    def clear(self) -> Self:
        """Empty the log (and forget the writes still waiting for its width)."""
        self.lines.clear()
        self._line_cache.clear()
        self._widest_line_width = 0
        self._deferred.clear()
        self.virtual_size = Size(0, 0)
        self.refresh()
        return self

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        return self._render_line(scroll_y + y, scroll_x, self.scrollable_content_region.width).apply_style(
            self.rich_style
        )

    def _render_line(self, y: int, scroll_x: int, width: int) -> Strip:
        if y >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        key = (y, scroll_x, width, self._widest_line_width)
        line = self._line_cache.get(key)
        if line is None:
            line = self._line_cache[key] = self.lines[y].crop_extend(scroll_x, scroll_x + width, self.rich_style)
        return line

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if layout and self._writing and self.is_mounted and self.container_size:
            self._writing = False  # what follows (a scroll bar that appears) asks as ever
            try:
                bars = (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
                self._scroll_update(self.virtual_size)
                layout = bars != (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
            finally:
                self._writing = True
            EventLog.layouts += layout
            self._layout_kept = layout
            if not layout and repaint and not regions and active("log-rows"):
                return self._repaint_new_lines(recompose)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _repaint_new_lines(self, recompose: bool) -> Self:
        """Repaint only the rows the lines written since ``_lines_before`` land on (none
        when they are below the rows shown): the lines above them did not change."""
        first = self._lines_before - round(self.scroll_y)
        count = len(self.lines) - self._lines_before
        shown = self.content_region.height
        if first < 0 or count < 0:
            return super().refresh(recompose=recompose)  # not an append at the end: all of it
        if count == 0 or first >= shown:
            return super().refresh(repaint=False, recompose=recompose)
        width = max(self.virtual_size.width, self.size.width)
        return super().refresh(Region(0, first, width, min(count, shown - first)), recompose=recompose)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Textual's (every row repainted), but the rows still shown keep what was drawn
        for them, moved with the scroll; only the rows that come into view are drawn."""
        step = round(new_value) - round(old_value)
        if not (step and active("log-rows") and self.is_mounted):
            super().watch_scroll_y(old_value, new_value)
            return
        keep_rows_across_scroll(self, step, lambda: super(EventLog, self).watch_scroll_y(old_value, new_value))


class Feedback(Static):
    """The verdict under the answer box ("✓ savor — accepted", "✗ … rejected"), green
    when the answer counted and red when it did not.

    The colour is in the content (``[$text-success]``/``[$text-error]``, the theme's own, readable), not a
    CSS class: a verdict usually follows one of the other kind, and a class toggled on
    every Enter restyled the line through the whole stylesheet (``Stylesheet.apply``,
    about a fifth of an answer's handling).  *text* is markup whose outside
    text went through ``shown``.
    """

    def say(self, text: str, *, ok: bool) -> None:
        put(self, f"[{'$text-success' if ok else '$text-error'}]{text}[/]" if text else "")

    def clear(self) -> None:
        """No verdict (a new card, a handover)."""
        put(self, "")


#: Rows the card needs before its letters are drawn big: 80×24 gives it 8 and keeps the
#: plain line; 110×34 and more (a TV across the table) have room to spare.
BIG_CARD_ROWS = 12
#: Rows under the big letters: a blank, the plain letters, a blank, the deck.
_UNDER_BIG = 4
#: Cells between two big letters (the plain line keeps its three spaces).
BIG_GAP = 2


def card_scale(skeleton: str, width: int, height: int) -> int:
    """How big the card's letters are drawn in *width* × *height* cells: 0 the plain line
    alone, 1 or 2 big letters (``common.bigletters``) above it."""
    if height < BIG_CARD_ROWS:
        return 0
    return fits(len(skeleton), width, height - _UNDER_BIG, gap=BIG_GAP)


def card_text(card: Card, scale: int = 0) -> Text:
    """The card's face: its letters (big at *scale* 1 or 2, then plain on a line of their
    own, the one screen readers and terminal tests read), then its deck."""
    text = Text(style="bold")
    if scale:
        lines = big_text(card.skeleton, gap=BIG_GAP)
        if scale == 2:
            lines = double_size(lines)
        # Non-breaking spaces: every row of the block keeps its width when centred.
        text.append("\n".join(line.replace(" ", "\u00a0") for line in lines))
        text.append("\n\n")
    text.append("   ".join(card.skeleton))
    text.append(f"\n\n{card.tier.name.lower()} · {card.tier.value}", style="dim")
    return text


class CardFace(Static):
    """The face-up card, large, framed in its deck's colour; its letters big where the
    card has room (``card_scale``), plain otherwise."""

    def _scale(self, card: Card) -> int:
        width, height = self.content_region.size if self.is_mounted else (0, 0)
        return card_scale(card.skeleton, width, height)

    def show(self, card: Card | None, caption: str = "") -> None:
        scale = self._scale(card) if card is not None else 0
        if getattr(self, "_put_key", None) == (card, caption, scale):
            return  # the same card: no class to change, nothing to draw
        # A card of another deck: one class off, one on, and one restyle.
        set_classes_once(
            self,
            {
                **{cls: card is not None and TIER_CLASS[card.tier] == cls for cls in TIER_CLASS.values()},
                "-empty": card is None,
            },
        )
        if card is None:
            put(self, Text(caption or "·", style="dim"), (card, caption, scale))
            return
        put(self, card_text(card, scale), (card, caption, scale))

    def on_resize(self, event: Resize) -> None:
        """Another size may hold bigger or smaller letters: drawn again if so."""
        shown = getattr(self, "_put_key", None)
        if isinstance(shown, tuple) and shown[0] is not None:
            self.show(shown[0], shown[1])


def track_line(p: PlayerView, star: int) -> Text:
    """The scoring track as one line: ● scoring token, ★ victory token."""
    line = Text()
    for space in range(star + 1):
        if space == p.score and space == p.victory:
            line.append("◉", style="bold magenta")
        elif space == p.score:
            line.append("●", style="bold cyan")
        elif space == p.victory:
            line.append("★", style="bold yellow")
        elif p.score < space < p.victory:
            line.append("─", style="dim")
        else:
            line.append("·", style="dim")
    return line


#: What the scoreboard's other columns take beside the names and the track: ``pts``
#: ("10/10"), ``timer`` ("25 s"), ``draws`` ("Y Y R") and a gap after each column.
OTHER_COLUMNS = 5 + 5 + 5 + 4


def fitted_names(names: list[str], room: int) -> list[str]:
    """*names* made visible (``plain``), each cut to *room* cells with "…" at its end.

    Names that would then look alike ("Bartholo…" twice) are cut in the middle instead,
    keeping their ends ("Bart…stone", "Bart…ather"); any still alike keep every letter
    (and wrap), so no two players ever read the same."""
    room = max(room, 1)
    shown = [plain(name, room) for name in names]
    for cut in (_middle_cut, lambda name, _room: plain(name)):
        folded = [n.casefold() for n in shown]
        alike = [folded.count(f) > 1 for f in folded]
        if not any(alike):
            break
        shown = [cut(name, room) if same else n for name, n, same in zip(names, shown, alike, strict=True)]
    return shown


def _middle_cut(name: str, room: int) -> str:
    """*name* cut to *room* cells in its middle: its start, "…", its end."""
    text = plain(name)
    if cell_len(text) <= room:
        return text
    tail = plain(text[::-1], (room - 1) // 2 + 1)[::-1].removeprefix("…")  # the end, in whole characters
    head = plain(text, room - cell_len(tail)).removesuffix("…")
    return f"{head}…{tail}"


def draws_text(extras: Extras) -> Text:
    """A tier's extra cards as coloured letters ("Y R"); "–" for none."""
    out = Text()
    for tier in Tier:
        for _ in range(extras.count(tier)):
            if out:
                out.append(" ")
            out.append(TIER_LETTER[tier], style=f"bold {TIER_STYLE[tier]}")
    return out or Text("–", style="dim")


class Scoreboard(Static):
    """Every player: scoring and victory tokens, their sand timer and the extra cards
    their tier draws now - with a legend, so no marker is a riddle (nor colour alone).

    The track is drawn only when the names, the track and the other columns all fit
    (the ``pts`` column says the same in numbers), so the side panel fits an 80-column
    terminal; it is redrawn on every resize from the last view shown."""

    _view: VowlView | None = None
    _drawn: object = None

    def show(self, view: VowlView) -> None:
        self._view = view
        self._draw()

    def on_resize(self) -> None:
        if self._view is not None:
            self._draw()

    def _draw(self) -> None:
        view = self._view
        assert view is not None
        key = (
            view.players,
            view.current_player,
            view.outcome is None,
            view.practice,
            view.board.victory_space,
            self.size.width,
        )
        width = self.content_region.width
        if (
            key == self._drawn
            and width
            and self.content_region.height == self.get_content_height(self.size, self.app.size, width)
        ):
            return  # the same table, and the height it was laid out with fits it
        self._drawn = key
        longest = max(cell_len(plain(p.name)) for p in view.players) + 2  # "! " within reach
        wide = self.size.width >= longest + view.board.victory_space + 1 + OTHER_COLUMNS
        star = view.board.victory_space
        marks = [p.within_reach and not view.practice and view.outcome is None for p in view.players]
        marked = any(marks)
        rows = []
        for p in view.players:
            cells = [track_line(p, star)] if wide else []
            cells += [Text(f"{p.score}/{p.victory}"), Text(p.timer.label), draws_text(p.extras)]
            rows.append(cells)
        table = Table(box=None, expand=True, show_header=True, header_style="dim", pad_edge=False, padding=(0, 1, 0, 0))
        # The "!" (within reach) has a column of its own, before the name: never cut off
        # with a long name's end, never left alone on a line above a wrapped one.
        if marked:
            table.add_column("", no_wrap=True, min_width=1)
        # A name is one line, cut to the column with "…"; names that would look alike cut
        # keep every letter and wrap (``fitted_names``).
        table.add_column("player", overflow="fold", ratio=1)
        if wide:
            table.add_column("track", no_wrap=True)
        table.add_column("pts", justify="right", no_wrap=True)
        table.add_column("timer", justify="right", no_wrap=True)
        table.add_column("draws", no_wrap=True)
        headers = ["track"] * wide + ["pts", "timer", "draws"]
        others = sum(max(cell_len(h), *(c.cell_len for c in col)) for h, *col in zip(headers, *rows, strict=True))
        room = width - others - len(headers) - (2 if marked else 0)  # a gap after every column but the last
        names = fitted_names([p.name for p in view.players], room)
        for p, mark, name, cells in zip(view.players, marks, names, rows, strict=True):
            style = "bold reverse" if p.seat == view.current_player else "bold"
            lead = [Text("!" if mark else "", style="bold red")] if marked else []
            label = Text()
            label.append(name, style=style)  # the name alone, not its cell's padding, is highlighted
            table.add_row(*lead, label, *cells)
        legend = Text(style="dim", no_wrap=False)
        if wide:
            legend.append("● score ★ victory ◉ both · ")
        legend.append("draws:")
        for tier in Tier:
            legend.append(" ")
            legend.append(TIER_LETTER[tier], style=f"bold {TIER_STYLE[tier]}")
            legend.append(f" {tier.value}")
        if marked:
            legend.append("\n! within 2 of victory: must play solitaire")
        self.update(Group(table, legend))  # a Rich table: always laid out (see ``put``)


class PassedCards(Static):
    """The cards set aside face down, on as many lines as they need (never cut off);
    click one (or Ctrl+B for the one passed last, Interpretation V33) to go back to it."""

    _cards: tuple[Card, ...] = ()

    def show(self, cards: tuple[Card, ...]) -> None:
        self._cards = cards
        if not cards:
            put(self, Content.styled("No passed cards.", "dim"), cards)
            return
        # Skeletons come from our own card files (capital letters, checked on load);
        # still assembled as Content parts, never parsed as markup.
        parts: list[Content | tuple[str, str]] = [Content.styled("Passed (Ctrl+B back): ", "dim")]
        for i, card in enumerate(cards):
            if i:
                parts.append(("  ", ""))
            parts.append(Content.styled(card.skeleton, f"bold {TIER_STYLE[card.tier]} @click=screen.revisit_at({i})"))
        put(self, Content.assemble(*parts), cards)

    def chosen(self, index: int) -> Card | None:
        return self._cards[index] if 0 <= index < len(self._cards) else None


class GameOverPanel(Static):
    """The end of the game, where the card was: winner, final tokens, what each did."""

    def show(self, summary: GameSummary, practice: bool) -> None:
        table = Table(box=None, expand=False, header_style="dim", pad_edge=False, padding=(0, 1, 0, 0))
        # Only the names may wrap: at 80 columns a long name took the room of the
        # numbers' headers ("sc… victo…"), and its "…" hid the winner's ★, which has a
        # column of its own now, on the name's first line.
        table.add_column("player", overflow="fold", max_width=26)
        table.add_column("", no_wrap=True, min_width=1)
        for header in ("score", *(() if practice else ("victory", "successes")), "solved"):
            table.add_column(header, justify="right", no_wrap=True, min_width=cell_len(header))
        for line in summary.lines:
            name = Text(plain(line.name), style="bold")
            cells = [name, Text("★" if line.winner else "", style="bold yellow"), Text(str(line.score))]
            if not practice:
                cells += [Text(str(line.victory)), Text(str(line.successes))]
            cells.append(Text(str(line.cards_solved)))
            table.add_row(*cells)
        head = Text(style="bold")
        if summary.winner is not None:
            what = "reached the star" if practice else "wins the game"
            head.append(f"{plain(summary.winner)} {what}", style="bold")
            head.append(
                f" after {plural(summary.turns, 'turn')}." if not practice else f" in {plural(summary.turns, 'pile')}."
            )
        else:
            head.append("Game over.")
        legend = "solved: cards solved in the piles played"
        if not practice:
            legend = "★ winner · successes: turns that brought points · " + legend
        hint = Text(legend + "\n\nn: new game · o: the last turn's review · Esc: leave", style="dim")
        self.update(Group(head, Text(""), table, Text(""), hint))
