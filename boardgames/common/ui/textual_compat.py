"""Every use of Textual's private API in the suite, in this one module.

Textual is pinned exactly (``pyproject.toml``), so the code here always meets the
Textual it was written for; ``tests/common/test_textual_compat.py`` fails when the
installed Textual is another, and no other module of ``boardgames`` may reach past
Textual's public API (the same test reads the source).  Each entry names what it works
around; ``docs/textual-workarounds.md`` holds its upstream report (the bug, a minimal
reproduction, the proposed fix), so it can be reported and deleted once fixed.

Three kinds live here:

- **crash fixes** wrap one method each and apply on every Textual; a renamed internal
  makes them do nothing rather than fail at import;
- **speed-ups** (``SPEED_UPS``) replace Textual internals with copies that differ in
  one respect; they apply only on ``TEXTUAL_VERSION``, each is measured on and off by
  ``benchmarks/run.py --patches``, and ``BOARDGAMES_SPEED_UPS=off`` (or a list of
  names, each with a leading ``-``) turns them off to check a drawing problem;
- **access**: the few things the suite needs that Textual only has privately (a
  frame sent, a screen slid under another, the notifications listed, a palette that
  survives fast hands, the crash hooks).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import weakref
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from textual import events, work
from textual.app import App
from textual.command import Command, CommandList, CommandPalette
from textual.content import Content
from textual.css.query import NoMatches
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import LoadingIndicator, OptionList

#: The Textual release this module was written and checked against; the one pinned.
TEXTUAL_VERSION = "8.2.8"
#: Turns speed-ups off: ``off``, or names each with a leading ``-`` (``-partial-update``).
SPEED_UPS_ENV = "BOARDGAMES_SPEED_UPS"

_applied = False
#: The speed-ups installed in this process (``active(name)``).
_active: set[str] = set()


def pinned_textual() -> bool:
    """Whether the installed Textual is ``TEXTUAL_VERSION``.

    Read from the install's metadata folder beside the package (one ``stat``):
    ``textual.__version__`` and ``importlib.metadata`` scan every installed
    distribution, tens of milliseconds before the first frame.  An install laid out
    otherwise answers no, and keeps Textual's own code.
    """
    import textual  # noqa: PLC0415 - already imported by the app; a name lookup

    site = Path(textual.__file__).resolve().parent.parent
    return (site / f"textual-{TEXTUAL_VERSION}.dist-info").is_dir()


def active(name: str) -> bool:
    """Is the speed-up *name* installed (the widgets that choose a faster path ask)?"""
    return name in _active


# --- crash fixes: on every Textual, each a no-op where its internal is gone ------------


def _wrap_at_least_one_cell() -> None:
    """Text wrapped to a width of 0 or less crashes the app (``ValueError`` from Rich's
    ``chop_cells``): an ``OptionList`` squeezed inside its padding.  Nothing can be drawn in
    zero cells, so it is wrapped to one."""
    original = getattr(Content, "_wrap_and_format", None)
    if original is None:
        return

    @functools.wraps(original)
    def wrap_and_format(self: Content, width: int, *args: Any, **kwargs: Any) -> Any:
        line_pad = kwargs.get("line_pad", args[3] if len(args) > 3 else 0)
        return original(self, max(width, 1 + 2 * line_pad), *args, **kwargs)

    Content._wrap_and_format = wrap_and_format  # type: ignore[method-assign]


def _page_through_an_unmeasured_list() -> None:
    """PageUp/PageDown on an ``OptionList`` that was never measured (no room) crashes the
    app (``KeyError`` in ``_move_page``); a list that shows no line has no page to move by."""
    original = getattr(OptionList, "_move_page", None)
    if original is None:
        return

    @functools.wraps(original)
    def move_page(self: OptionList, direction: Any) -> None:
        lines = getattr(self, "_index_to_line", None)
        if lines is not None and (self.highlighted or 0) not in lines:
            return
        original(self, direction)

    OptionList._move_page = move_page  # type: ignore[method-assign]


CRASH_FIXES: dict[str, Callable[[], None]] = {
    "wrap-at-least-one-cell": _wrap_at_least_one_cell,
    "page-through-an-unmeasured-list": _page_through_an_unmeasured_list,
}


# --- speed-ups: copies of Textual 8.2.8 internals with one change each -----------------


#: Rows a scroll bar keeps (ScrollBar -> (what else it was drawn with, row -> strip)).
_SCROLL_BAR_ROWS: weakref.WeakKeyDictionary[Any, tuple[tuple[object, ...], dict[object, Any]]] = (
    weakref.WeakKeyDictionary()
)
#: A bar has a few kinds of row (track, thumb, its ends): more than this and the kept rows start again.
SCROLL_BAR_ROWS_KEPT = 256
#: Textual's own ``ScrollBar.render_lines`` (the tests compare every row with it).
TEXTUAL_SCROLL_BAR_RENDER_LINES: Any = None


def scroll_bar_rows(bar: Any, renderable: Any) -> list[tuple[Any, ...]] | None:
    """The segments of each row of *bar*, as ``ScrollBarRender.__rich_console__`` draws
    them at the bar's size, or ``None`` for a renderer drawn otherwise."""
    from rich.color import Color  # noqa: PLC0415
    from rich.segment import Segment  # noqa: PLC0415
    from textual.scrollbar import ScrollBarRender  # noqa: PLC0415

    width, height = bar.size
    if type(renderable) is not ScrollBarRender or not width or not height:
        return None
    vertical = renderable.vertical
    style = bar.app.console.get_style(renderable.style)
    segments = renderable.render_bar(
        size=height if vertical else width,
        window_size=renderable.window_size,
        virtual_size=renderable.virtual_size,
        position=renderable.position,
        vertical=vertical,
        thickness=width if vertical else height,
        back_color=style.bgcolor or Color.parse("#555555"),
        bar_color=style.color or Color.parse("bright_magenta"),
    ).segments
    if vertical:
        return [(segment,) for segment in segments]
    row = tuple(segment for segment in segments if segment != Segment.line())
    return [row] * height


def _scroll_bars_drawn_from_their_rows() -> None:
    """A scroll bar whose thumb moves is drawn again whole, though it has a handful of kinds
    of row, each drawn from its own segments alone: rows are kept by their segments (with
    everything else they were drawn with) and only a kind not kept yet is drawn by Textual."""
    global TEXTUAL_SCROLL_BAR_RENDER_LINES  # noqa: PLW0603 - once, at install
    from textual.scrollbar import ScrollBar  # noqa: PLC0415

    TEXTUAL_SCROLL_BAR_RENDER_LINES = ScrollBar.render_lines

    @functools.wraps(TEXTUAL_SCROLL_BAR_RENDER_LINES)
    def render_lines(self: ScrollBar, crop: Any) -> Any:
        rows = None if self.auto_links or self.text_selection is not None else scroll_bar_rows(self, self.render())
        if rows is None:
            return TEXTUAL_SCROLL_BAR_RENDER_LINES(self, crop)
        app = self.app
        drawn_with = (
            self.size,
            self.content_region.size,
            self.styles._cache_key,
            self.background_colors,
            self.visual_style,
            self.opacity,
            tuple(self.get_line_filters()),
            app.ansi_theme,
            app.native_ansi_color,
            self._border_title,
            self._border_subtitle,
        )
        kept = _SCROLL_BAR_ROWS.get(self)
        if kept is None or kept[0] != drawn_with or len(kept[1]) > SCROLL_BAR_ROWS_KEPT:
            kept = _SCROLL_BAR_ROWS[self] = (drawn_with, {})
        strips = kept[1]
        wanted = rows[crop.y : crop.bottom]
        width = self.size.width
        for y, row in zip(crop.line_range, wanted, strict=True):
            if row not in strips:  # a kind of row not drawn yet: Textual draws that row alone
                [strips[row]] = TEXTUAL_SCROLL_BAR_RENDER_LINES(self, Region(0, y, width, 1))
        x1, x2 = crop.column_span
        if (x1, x2) == (0, width):
            return [strips[row] for row in wanted]
        return [strips[row].crop(x1, x2) for row in wanted]

    ScrollBar.render_lines = render_lines  # type: ignore[method-assign, assignment]


def _typing_without_a_layout() -> None:
    """Every key typed into an ``Input`` sets its virtual size, a reactive that lays out the
    whole screen; a box whose own size does not follow its text is not moved by it, so only
    its scroll state is updated (and the layout kept when a scroll bar comes or goes)."""
    from textual.geometry import Size  # noqa: PLC0415
    from textual.widget import Widget  # noqa: PLC0415
    from textual.widgets import Input  # noqa: PLC0415

    original = Input._watch_value

    @functools.wraps(original)
    def watch_value(self: Input, value: str) -> None:
        size = Size(self.content_width, 1)  # what Textual's watcher sets
        if size != self.virtual_size and self.is_mounted and self.size and not self.styles.auto_dimensions:
            bars = (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
            self.set_reactive(Widget.virtual_size, size)
            self._scrollbar_changes.clear()  # as ScrollView._size_updated does
            self._scroll_update(size)
            moved = bars != (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
            self.refresh(layout=moved)
        original(self, value)

    Input._watch_value = watch_value  # type: ignore[method-assign]


#: Textual's own two compositor methods (the tests compare every frame with what they write).
TEXTUAL_RENDER_PARTIAL_UPDATE: Any = None
TEXTUAL_GET_RENDERS: Any = None


def render_partial_update(self: Any) -> Any:
    """``Compositor.render_partial_update``, rendering the widgets under each cluster of
    dirty regions instead of under the rectangle around them all (``partial_update``)."""
    from textual._compositor import ChopsUpdate  # noqa: PLC0415

    from boardgames.common.ui.partial_update import clusters  # noqa: PLC0415

    screen_region = self.size.region
    update_regions = self._dirty_regions.copy()
    self._dirty_regions.clear()
    if not update_regions:
        return None
    spans = list(self._regions_to_spans(update_regions))
    is_rendered_line = {y for y, _, _ in spans}.__contains__
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    for cluster in clusters(update_regions):
        crop = cluster.intersection(screen_region)
        if not crop:
            continue
        top, bottom = crop.y, crop.bottom

        def in_crop(y: int, top: int = top, bottom: int = bottom) -> bool:
            return top <= y < bottom and is_rendered_line(y)  # each line divided once per crop only

        part: Sequence[Mapping[int, Strip | None]] = self._render_chops(crop, in_crop)
        # Only the pieces inside the crop: every widget covering one of them overlaps the
        # crop, so the front one won there; outside it a widget further back may have won.
        left, right = crop.x, crop.right
        for y in range(top, bottom):
            if not is_rendered_line(y):
                continue
            line, more, cut_set = chops[y], part[y], cuts[y]
            for cut, end in itertools.pairwise(cut_set):
                if cut < right and end > left:
                    strip = more.get(cut)
                    if strip is not None:
                        line[cut] = strip
    chop_ends = [cut_set[1:] for cut_set in self.cuts]
    return ChopsUpdate(chops, spans, chop_ends)


def get_renders(self: Any, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
    """``Compositor._get_renders``, choosing the widgets whose *visible part* overlaps
    ``crop`` rather than their clip, and none whose every piece is already taken by the
    widgets in front of it (``partial_update.covered``)."""
    from boardgames.common.ui.partial_update import covered  # noqa: PLC0415

    overlaps = crop.overlaps if crop else None
    intersection = Region.intersection
    contains_region = Region.contains_region
    area = crop if crop is not None else self.size.region
    cuts = self.cuts
    front: list[Region] = []  # the visible parts of the widgets rendered so far (front first)
    for widget, (region, clip) in self.visible_widgets.items():
        if contains_region(clip, region):
            visible = region
            lines = Region(0, 0, region.width, region.height)
        else:
            visible = intersection(region, clip)
            new_x, new_y, new_width, new_height = visible
            if not (new_width and new_height):
                continue
            lines = Region(new_x - region.x, new_y - region.y, new_width, new_height)
        if overlaps is not None and not overlaps(visible):
            continue  # nothing of it is in the crop: nothing of it would be written
        if front and covered(visible, area, front, cuts):
            continue  # every piece it could give is already another's
        front.append(visible)
        yield region, clip, widget.render_lines(lines)


def _partial_frames() -> None:
    """A partial frame renders every widget whose clip overlaps the rectangle around *all*
    the dirty regions (a board cell's clip is the whole board); it now renders the widgets
    under each cluster of dirty regions, and writes the same cells."""
    global TEXTUAL_RENDER_PARTIAL_UPDATE, TEXTUAL_GET_RENDERS  # noqa: PLW0603 - once, at install
    from textual._compositor import Compositor  # noqa: PLC0415

    TEXTUAL_RENDER_PARTIAL_UPDATE = Compositor.render_partial_update
    TEXTUAL_GET_RENDERS = Compositor._get_renders
    Compositor.render_partial_update = render_partial_update  # type: ignore[method-assign]
    Compositor._get_renders = get_renders  # type: ignore[method-assign]


#: Each speed-up by name, in the order installed (``None``: a faster path that a widget
#: takes when ``active(name)``, nothing installed).
SPEED_UPS: dict[str, Callable[[], None] | None] = {
    "scroll-bar-rows": _scroll_bars_drawn_from_their_rows,
    "typing-without-layout": _typing_without_a_layout,
    "partial-frames": _partial_frames,
    "log-rows": None,
}


def keep_rows_across_scroll(widget: Any, step: int, scroll: Callable[[], None]) -> None:
    """Run *scroll* (which marks every row of *widget* to be drawn) keeping what was drawn
    for the rows still shown, moved by *step* rows (``log-rows``): only the rows that come
    into view are drawn again."""
    cache = widget._styles_cache
    top = widget.styles.gutter.top
    rows = range(top, top + widget.content_region.height)
    drawn, dirty = cache._cache, cache._dirty_lines
    kept = {y: drawn[y + step] for y in rows if y + step in rows and y + step in drawn and y + step not in dirty}
    scroll()
    drawn.update(kept)
    dirty.difference_update(kept)


# --- access: what the suite needs that Textual has only privately ----------------------


async def run_own_binding(widget: Any, event: Any) -> bool:
    """Run *widget*'s own (non-priority) binding for the key *event* where the key arrives,
    and stop the key there; whether one ran.  Textual resolves a focused widget's bindings
    only after the key bubbled to the app, so letters typed behind a Backspace went in
    first; the widget's own bindings are the first the chain would try anyway."""
    for binding in widget._bindings.key_to_bindings.get(event.key, ()):
        if not binding.priority and await widget.app.run_action(binding.action, widget):
            event.stop()
            return True
    return False


#: Called with (app, screen) after each frame handed to the driver (``frames``).
_frame_listeners: list[Callable[[App[Any], Screen[Any]], None]] = []


def watch_frames(listener: Callable[[App[Any], Screen[Any]], None]) -> bool:
    """Call *listener* after each frame handed to the terminal; whether frames can be watched
    (Textual has no public signal for a frame sent: ``App._display`` is where they go)."""
    if not pinned_textual():
        return False
    if not _frame_listeners:
        original = App._display

        @functools.wraps(original)
        def display(self: App[Any], screen: Screen[Any], renderable: Any) -> None:
            original(self, screen, renderable)
            if renderable is None or self._batch_count:  # dropped: nothing sent
                return
            for each in _frame_listeners:
                each(self, screen)

        App._display = display  # type: ignore[method-assign]
    _frame_listeners.append(listener)
    return True


def slide_under(top: Screen[Any], screen: Screen[Any]) -> Any:
    """Mount *screen* on the app's stack just beneath *top*, as ``push_screen`` would on top
    of it; an awaitable of its mounting.  It is resumed and suspended at once, so it is laid
    out to the terminal's size while the players read *top*."""
    app = top.app
    stack = app._screen_stack
    next_screen, await_mount = app._get_screen(screen)  # registers it: composed and mounted
    next_screen._push_result_callback(app, None)  # popped with it one day
    app._load_screen_css(next_screen)
    next_screen._update_auto_focus()
    stack.insert(stack.index(top), next_screen)
    next_screen.post_message(events.ScreenResume())
    next_screen.post_message(events.ScreenSuspend())
    return await_mount


def notifications(app: App[Any]) -> list[Any]:
    """The notifications on screen now (Textual lists them only privately)."""
    return list(app._notifications)


class CrashHookedApp(App[int]):
    """An app that hears of every error Textual stops it for, and prints no traceback with
    locals as it exits (a player gets a summary; the crash report has the trace)."""

    def on_unhandled_error(self, error: Exception) -> None:
        """Called with each error a handler, worker or timer lets through."""

    def _handle_exception(self, error: Exception) -> None:
        self.on_unhandled_error(error)
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        self.bell()
        self._close_messages_no_wait()


@functools.cache
def hardened_command_palette() -> type[CommandPalette]:
    """Textual's palette, hardened against fast hands (defined when first opened: a screen
    class costs the menu's first frame):

    - it closes once (a double Enter closed it and the screen beneath it);
    - Page Up/Down before the list has lines does nothing (``KeyError``);
    - once closed, nothing it started touches its widgets (a late search raised
      ``NoMatches`` in a worker and stopped the app);
    - commands of equal score are listed by name (they kept the order the providers'
      searches answered in, which the machine's load decided).
    """

    class HardenedCommandPalette(CommandPalette):
        _dismissed_once = False

        @property
        def closed(self) -> bool:
            """Dismissed, popped or being removed: its widgets may be gone."""
            return self._dismissed_once or not self.is_attached or self not in self.app.screen_stack

        def dismiss(self, result: Any = None) -> Any:
            if self._dismissed_once:
                return None
            self._dismissed_once = True
            self._cancel_gather_commands()
            self._stop_busy_countdown()
            self._stop_no_matches_countdown()
            return super().dismiss(result)

        @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
        async def _gather_commands(self, search_value: str) -> None:
            if self.closed:
                return
            try:
                await CommandPalette._gather_commands.__wrapped__(self, search_value)  # type: ignore[attr-defined]
            except NoMatches:
                if not self.closed:
                    raise  # a real bug while open: let it be seen

        def _refresh_command_list(
            self, command_list: CommandList, commands: list[Command], clear_current: bool
        ) -> None:
            if self.closed:
                return
            by_name = sorted(commands, key=lambda command: str(command.hit.text or ""))
            super()._refresh_command_list(command_list, by_name, clear_current)

        def _watch__list_visible(self) -> None:
            if not self.closed:
                super()._watch__list_visible()

        def _watch__show_busy(self) -> None:  # type: ignore[override]  # plain: no coroutine left unawaited when closed
            if not self.closed:
                self.query_one(LoadingIndicator).set_class(self._show_busy, "--visible")
                self.query_one(CommandList).set_class(self._show_busy, "--populating")

        def _on_timer(self, event: events.Timer) -> None:
            if self.closed:  # a countdown (busy, "no matches") that fires as the palette goes
                event.prevent_default()
                event.stop()

        def _action_command_list(self, action: str) -> None:
            with contextlib.suppress(KeyError):  # no lines yet: nothing to page through
                super()._action_command_list(action)

    return HardenedCommandPalette


def _skipped_by_environment() -> set[str]:
    """The speed-ups ``BOARDGAMES_SPEED_UPS`` turns off (``off``: all; ``-name,-name``: those)."""
    said = os.environ.get(SPEED_UPS_ENV, "").strip()
    if said.lower() in ("off", "none", "0"):
        return set(SPEED_UPS)
    return {part.strip()[1:] for part in said.split(",") if part.strip().startswith("-")}


def apply(skip: Collection[str] | None = None) -> None:
    """Install the crash fixes, and the speed-ups on the pinned Textual but those in *skip*
    (default: what ``BOARDGAMES_SPEED_UPS`` says).  Once per process."""
    global _applied  # noqa: PLW0603 - a process-wide, install-once flag
    if _applied:
        return
    _applied = True
    for fix in CRASH_FIXES.values():
        fix()
    if not pinned_textual():
        return
    skipped = _skipped_by_environment() if skip is None else set(skip)
    for name, install in SPEED_UPS.items():
        if name in skipped:
            continue
        if install is not None:
            install()
        _active.add(name)
