"""Work-arounds for Textual bugs the suite meets, each pinned to the version it was seen in.

Kept in one module so each can be dropped when Textual fixes it: every patch names
the Textual version, the symptom and why the patch is safe.  ``apply()`` is
idempotent; the app calls it once at import.

Two kinds live here.  The crash fixes wrap one public-facing method each and apply on
every Textual.  The speed-ups (issue 16) replace Textual internals with copies that
differ in one respect (a cache handed over, a restyle skipped, a narrower render):
they are right only for the Textual they were copied from, so they apply only when
the installed Textual is ``SPEED_UPS_FOR``.  Another release keeps Textual's own
code, slower and correct, until the copies are checked against it and the version
here is moved.
"""

from __future__ import annotations

import functools
import weakref
from pathlib import Path
from typing import Any

from textual.content import Content
from textual.widgets import OptionList

_applied = False

#: The Textual release the speed-ups were copied from and checked against (the suite's
#: frame-by-frame comparison, the snapshots, the counted tests of first frames).
SPEED_UPS_FOR = "8.2.8"


def speed_ups_apply() -> bool:
    """Whether the installed Textual is ``SPEED_UPS_FOR``.

    Read from the install's metadata folder beside the package (one ``stat``):
    ``textual.__version__`` and ``importlib.metadata`` scan every installed
    distribution, tens of milliseconds before the first frame.  An install laid out
    otherwise answers no, and keeps Textual's own code.
    """
    import textual  # noqa: PLC0415 - already imported by the app; a name lookup

    site = Path(textual.__file__).resolve().parent.parent
    return (site / f"textual-{SPEED_UPS_FOR}.dist-info").is_dir()


def _wrap_at_least_one_cell() -> None:
    """Textual 8.2.8 (Rich 15): text wrapped to a width of 0 or less crashes the app.

    Narrowing the terminal to a few columns (≤ 6 on the main menu, ≤ 3 in a game)
    leaves an ``OptionList`` with no room inside its padding; its
    ``get_content_height`` wraps each option's ``Content`` to ``width - padding``,
    Rich's ``chop_cells`` builds ``range(0, n, width)`` and the app stops with
    ``ValueError: range() arg 3 must not be zero``.  Other apps hit the same trace
    (OpenHands-CLI issues 397 and 401, on Textual 7.3); no Textual issue names it.
    Nothing can be drawn in zero cells anyway, so wrapping to one cell instead only
    changes how tall an invisible widget thinks it is.
    """
    original = Content._wrap_and_format

    @functools.wraps(original)
    def wrap_and_format(self: Content, width: int, *args: Any, **kwargs: Any) -> Any:
        line_pad = kwargs.get("line_pad", args[3] if len(args) > 3 else 0)
        return original(self, max(width, 1 + 2 * line_pad), *args, **kwargs)

    Content._wrap_and_format = wrap_and_format  # type: ignore[method-assign]


def _page_through_an_unmeasured_list() -> None:
    """Textual 8.2.8: PageUp/PageDown on an ``OptionList`` that has no room crashes the app.

    ``OptionList`` measures its lines only when it has a content region
    (``_update_lines`` returns early at zero size: a terminal narrowed to a few cells,
    a list inside a dialog squeezed to nothing); ``_move_page`` then looks the
    highlighted option up in the empty line map and the app stops with ``KeyError``.
    ``scroll_to_highlight`` guards the same lookup; ``_move_page`` does not.  Another
    app met the same trace (kagan-sh/kagan-legacy issue 31); no Textual issue names it.
    A list that shows no line has no page to move by, so the key does nothing.
    """
    original = OptionList._move_page

    @functools.wraps(original)
    def move_page(self: OptionList, direction: Any) -> None:
        if (self.highlighted or 0) not in self._index_to_line:  # noqa: SLF001 - the lookup that fails
            return
        original(self, direction)

    OptionList._move_page = move_page  # type: ignore[method-assign]


def _reparse_with_the_parse_cache() -> None:
    """Textual 8.2.8: the first push of each screen with a stylesheet re-parses all CSS.

    ``App._load_screen_css`` adds the screen's ``CSS_PATH`` to the stylesheet and calls
    ``Stylesheet.reparse``, which parses every source again in a fresh ``Stylesheet``
    with an empty parse cache: the app's CSS and every widget's ``DEFAULT_CSS`` seen so
    far, not just the new file.  Each game's first frame paid it for its own screen and
    again for the handover over it (about a third of the time from ``App.run`` to the
    first frame, issue 16); tldw_chatbook's PR 1616 and 1662 measured the same path.
    The cache is keyed by the CSS text, where it came from, its scope and
    default-ness, and its entries depend only on the CSS variables, which ``reparse``
    keeps; ``set_variables`` (a new theme) clears the cache before ``reparse`` runs.
    So the fresh stylesheet may start from the old cache: what is re-parsed is the
    new source only, and the rules are the same objects they would be equal to.  The
    variables' tokens (``_variable_tokens``, worked out once per stylesheet from its
    variables) are handed over too: the same variables give the same tokens, and
    ``set_variables`` forgets them with the cache.
    """
    from textual.css.stylesheet import Stylesheet  # noqa: PLC0415

    original = Stylesheet.reparse

    @functools.wraps(original)
    def reparse(self: Stylesheet) -> None:
        # Textual 8.2.8's ``reparse``, line for line, but for the cache handed over.
        stylesheet = Stylesheet(variables=self._variables)  # noqa: SLF001
        stylesheet._parse_cache = self._parse_cache  # noqa: SLF001 - the one change
        # ... and the variables' tokens, read from the same variables (``tokenize_values``
        # of the theme's 168 variables, again for every reparse).
        stylesheet._Stylesheet__variable_tokens = self._Stylesheet__variable_tokens  # type: ignore[attr-defined]  # noqa: SLF001
        for read_from, (css, is_defaults, tie_breaker, scope) in self.source.items():
            stylesheet.add_source(css, read_from=read_from, is_default_css=is_defaults,
                                  tie_breaker=tie_breaker, scope=scope)
        try:
            stylesheet.parse()
        except Exception:
            self._invalid_css.update(stylesheet._invalid_css)  # noqa: SLF001
            raise
        self._rules = stylesheet.rules  # noqa: SLF001
        self._rules_map = None  # noqa: SLF001
        self.source = stylesheet.source
        self._require_parse = False  # noqa: SLF001

    Stylesheet.reparse = reparse  # type: ignore[method-assign]


def _covered(screen: Any) -> bool:
    """Is *screen* out of sight: under at least one opaque screen of the app's stack?"""
    from textual.app import ScreenStackError  # noqa: PLC0415

    try:
        stack = screen.app.screen_stack
        above = stack[stack.index(screen) + 1:]
    except (ScreenStackError, ValueError):
        return False
    return any(other.styles.background.a == 1 for other in above)


def _no_restyle_on_a_screens_first_resume() -> None:
    """Textual 8.2.8: a screen just pushed is styled twice before its first frame.

    ``push_screen`` mounts the screen - every widget is styled as it is registered -
    then posts ``ScreenResume()``, whose handler restyles the whole screen again
    (``refresh_styles`` defaults to true).  That second pass is for a screen coming
    *back* (the theme may have changed while it was covered); on the first resume
    nothing has changed since the mount, and on a game screen it was a quarter of the
    styling before the first frame (87 of 373 ``Stylesheet.apply`` calls for UWO,
    issue 16).  Later resumes keep Textual's own behaviour.
    """
    from textual import events  # noqa: PLC0415
    from textual.screen import Screen  # noqa: PLC0415

    original = Screen._on_screen_resume
    resumed: weakref.WeakSet[Screen[Any]] = weakref.WeakSet()

    @functools.wraps(original)
    def on_screen_resume(self: Screen[Any], event: events.ScreenResume) -> None:
        if self not in resumed:
            resumed.add(self)
            event = events.ScreenResume(refresh_styles=False)
        original(self, event)

    Screen._on_screen_resume = on_screen_resume  # type: ignore[method-assign]


def _breakpoints_before_compose() -> None:
    """Textual 8.2.8: a screen with breakpoints is restyled whole at its first resize.

    ``Screen._on_resize`` sets the breakpoint classes (``HORIZONTAL_BREAKPOINTS``,
    ``VERTICAL_BREAKPOINTS``: UWO's ``-narrow``/``-wide``, ``-short``/``-tall``) from
    the size, and a class that changes restyles the screen and every widget in it.
    The first Resize arrives after the widgets are mounted, so the classes a screen
    was always going to have cost a second styling of all of it (71 of UWO's 373
    ``Stylesheet.apply`` calls before its first frame, issue 16).  Set here from the
    app's size before the screen composes - what ``_on_resize`` computes, with
    Textual's own ``_get_breakpoint_classes`` - the first resize finds them in place
    and restyles nothing; every later resize works as before.
    """
    from textual.screen import Screen  # noqa: PLC0415

    original = Screen._compose

    @functools.wraps(original)
    async def compose(self: Screen[Any]) -> None:
        app = self.app
        horizontal = (app.HORIZONTAL_BREAKPOINTS if self.HORIZONTAL_BREAKPOINTS is None
                      else self.HORIZONTAL_BREAKPOINTS) or []
        vertical = (app.VERTICAL_BREAKPOINTS if self.VERTICAL_BREAKPOINTS is None
                    else self.VERTICAL_BREAKPOINTS) or []
        if horizontal or vertical:
            width, height = app.size
            classes = {name: False for _, name in (*horizontal, *vertical)}
            for name in self._get_breakpoint_classes(width, horizontal):  # noqa: SLF001
                classes[name] = True
            for name in self._get_breakpoint_classes(height, vertical):  # noqa: SLF001
                classes[name] = True
            self.update_classes(classes, animate=False)
        await original(self)

    Screen._compose = compose  # type: ignore[method-assign]


def _one_footer_rebuild_at_a_time() -> None:
    """Textual 8.2.8: a Footer is rebuilt once per bindings signal, not once per change.

    ``Footer.bindings_changed`` answers every ``bindings_updated_signal`` of its screen
    (``refresh_bindings``, each change of focus, the screen's first resume) with
    ``call_after_refresh(self.recompose)``, and each recompose removes every key and
    mounts and styles a new one (each ``FooterKey`` styled with its two component
    classes).  Vowl's screen sends four before its first frame, so its Footer was
    built four times over (56 ``FooterKey`` stylings, issue 16).  A recompose reads
    the screen's bindings when it runs, not when it was asked for, so one pending
    rebuild already shows every change signalled before it runs: a signal while one
    is pending asks for nothing more; one that comes after it started asks again.

    Nor is a Footer rebuilt while its screen is out of sight, under an opaque screen
    (a game's first handover covers the game, whose Footer was built before the
    handover's first frame): it is rebuilt as its screen comes back (``ScreenResume``),
    from the bindings it has then.  A screen seen through a translucent one above it
    (a question over the game) is in sight, and its Footer rebuilt as before.
    """
    from textual.dom import NoScreen  # noqa: PLC0415
    from textual.screen import Screen  # noqa: PLC0415
    from textual.widgets import Footer  # noqa: PLC0415

    pending: weakref.WeakSet[Footer] = weakref.WeakSet()
    out_of_sight: weakref.WeakSet[Footer] = weakref.WeakSet()

    def in_sight(footer: Footer) -> bool:
        try:
            return not _covered(footer.screen)
        except NoScreen:
            return True  # removed (shutting down): Textual's own way

    async def rebuild(footer: Footer) -> None:
        pending.discard(footer)
        if not in_sight(footer):
            out_of_sight.add(footer)  # rebuilt when its screen comes back
            return
        await footer.recompose()

    original_resume = Screen._on_screen_resume

    @functools.wraps(original_resume)
    def on_screen_resume(self: Screen[Any], event: Any) -> None:
        original_resume(self, event)
        hidden = [footer for footer in out_of_sight if footer.is_attached and footer.screen is self]
        if hidden:
            out_of_sight.difference_update(hidden)
            self.refresh_bindings()  # each Footer asks for its rebuild, as Textual's own do

    Screen._on_screen_resume = on_screen_resume  # type: ignore[method-assign]

    @functools.wraps(Footer.bindings_changed)
    def bindings_changed(self: Footer, screen: Any) -> None:
        # Textual 8.2.8's ``bindings_changed``, but for the rebuild asked for once.
        self._bindings_ready = True  # noqa: SLF001
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and self not in pending:
            pending.add(self)
            self.call_after_refresh(rebuild, self)

    Footer.bindings_changed = bindings_changed  # type: ignore[method-assign]


def _widget_classes_defined_without_dir() -> None:
    """Textual 8.2.8: defining a widget class lists every attribute it has (``dir``).

    ``DOMNode.__init_subclass__`` finds a new class's compute methods among
    ``dir(cls)`` (six hundred names gathered and sorted for a widget) and its reactives
    in the ``__dict__`` of every class of its MRO: 1.7M instructions for each widget,
    screen or app class defined, two thirds of it ``dir`` - about 2 ms per ten classes,
    and every screen module defines some (issue 16: the Header's and the Footer's
    modules, the menu and the app before the main menu's first frame).

    ``dir(cls)`` is the names in the ``__dict__`` of each class of the MRO, so each
    class's own compute names and reactives are read once, when it is first met, and
    a new class takes the union along its MRO: the same sets, in the same order of
    precedence.  (A compute method or reactive added to a class *after* it was
    defined would not be seen by its later subclasses; nothing in Textual or here
    does that.)  The rest is Textual's own, line for line.
    """
    from textual.dom import DOMNode  # noqa: PLC0415
    from textual.reactive import Reactive  # noqa: PLC0415

    prefixes = ("_compute_", "compute_")
    computes: weakref.WeakKeyDictionary[type, frozenset[str]] = weakref.WeakKeyDictionary()
    reactives: weakref.WeakKeyDictionary[type, dict[str, Reactive[Any]]] = weakref.WeakKeyDictionary()

    def own_computes(cls: type) -> frozenset[str]:
        found = computes.get(cls)
        if found is None:
            found = computes[cls] = frozenset(name for name in cls.__dict__ if name.startswith(prefixes))
        return found

    def own_reactives(cls: type) -> dict[str, Reactive[Any]]:
        found = reactives.get(cls)
        if found is None:
            found = reactives[cls] = {name: value for name, value in cls.__dict__.items() if isinstance(value, Reactive)}
        return found

    def init_subclass(
        cls: type[DOMNode],
        inherit_css: bool = True,
        inherit_bindings: bool = True,
        inherit_component_classes: bool = True,
    ) -> None:
        # Textual 8.2.8's ``DOMNode.__init_subclass__`` but for the two look-ups above.
        super(DOMNode, cls).__init_subclass__()

        merged: dict[str, Reactive[Any]] = {}
        for base in reversed(cls.__mro__):
            merged.update(own_reactives(base))
        cls._reactives = merged  # noqa: SLF001

        cls._inherit_css = inherit_css  # noqa: SLF001
        cls._inherit_bindings = inherit_bindings  # noqa: SLF001
        cls._inherit_component_classes = inherit_component_classes  # noqa: SLF001
        css_type_names: set[str] = set()
        bases = cls._css_bases(cls)  # noqa: SLF001
        cls._css_type_name = bases[0].__name__  # noqa: SLF001
        for base in bases:
            css_type_names.add(base.__name__)
        cls._merged_bindings = cls._merge_bindings()  # noqa: SLF001
        cls._css_type_names = frozenset(css_type_names)  # noqa: SLF001
        names: set[str] = set()
        for base in cls.__mro__:
            names |= own_computes(base)
        cls._computes = frozenset([name.lstrip("_")[8:] for name in names])  # noqa: SLF001

    DOMNode.__init_subclass__ = classmethod(init_subclass)  # type: ignore[assignment]


def _footer_keys_styled_once() -> None:
    """Textual 8.2.8: each key of a Footer is styled three times as it is built.

    A ``FooterKey`` is registered (styled: itself and its two component classes), then
    its ``compact`` reactive is initialised to ``True`` and its watcher adds the
    ``-compact`` class (styled again), then its binding to the Footer's ``compact``
    (``data_bind``) sets ``False`` and the watcher removes the class (styled a third
    time): nine ``Stylesheet.apply`` per key, a fifth of the main menu's styling before
    its first frame (issue 16).  The key's final ``compact`` is known as the Footer
    yields it - the Footer's own for a bound key, the reactive's default (``True``)
    for the command palette's - so it is set here, value and class, before the key is
    registered: the watcher then finds the class it would set already there and
    restyles nothing; the binding still sets the value (and repaints) as before.
    """
    from textual.reactive import Reactive  # noqa: PLC0415
    from textual.widgets import Footer  # noqa: PLC0415
    from textual.widgets._footer import FooterKey  # noqa: PLC0415

    original = Footer.compose

    @functools.wraps(original)
    def compose(self: Footer) -> Any:
        for widget in original(self):
            if isinstance(widget, FooterKey):
                compact = FooterKey.compact._default  # noqa: SLF001 - the reactive's default, as it would start
                bound = (widget._reactive_connect or {}).get("compact")  # noqa: SLF001 - its ``data_bind``
                if bound is not None:
                    parent, reactive = bound
                    if not isinstance(reactive, Reactive):
                        yield widget  # bound to a plain value: Textual's own way
                        continue
                    compact = getattr(parent, reactive.name)
                widget.set_reactive(FooterKey.compact, bool(compact))
                widget.set_class(bool(compact), "-compact", update=False)
            yield widget

    Footer.compose = compose  # type: ignore[method-assign]


def _no_frame_drawn_inside_a_batch() -> None:
    """Textual 8.2.8: a frame drawn while the app batches updates is thrown away.

    ``Screen._refresh_layout`` inside a batch (``App.batch_update``, ``Widget.batch``:
    every ``recompose``) defers its compositor refresh with ``call_later``, but the
    deferred refresh often runs while the batch still holds: the whole screen is drawn,
    then ``App._display`` drops the frame.  The main menu drew itself whole that way
    under the app's start-up batch, then again for its first frame (a quarter of the
    time from ``App.run`` to that frame, issue 16).

    A refresh of the top screen inside a batch draws nothing now; the screen waits, and
    is laid out and drawn as the last batch ends (what Textual's own deferred refresh
    does when it runs after the batch), unless another refresh drew it first.  What a
    terminal is sent is unchanged: the dropped frame never reached it.
    """
    from textual.app import App  # noqa: PLC0415
    from textual.screen import Screen  # noqa: PLC0415

    waiting: weakref.WeakSet[Screen[Any]] = weakref.WeakSet()
    original_refresh = Screen._compositor_refresh
    original_end = App._end_batch

    @functools.wraps(original_refresh)
    def compositor_refresh(self: Screen[Any]) -> None:
        app = self.app
        if app.is_inline or self is not app.screen:
            original_refresh(self)
        elif app._batch_count:  # noqa: SLF001
            waiting.add(self)  # App._display would drop it: drawn after the batch
        elif self in waiting:
            # The batch may have mounted or moved widgets since the layout this refresh
            # followed (a recompose's new widgets): laid out again, then drawn.
            waiting.discard(self)
            self._refresh_layout()  # noqa: SLF001 - it ends in this refresh, not waiting any more
        else:
            original_refresh(self)

    def draw_if_waiting(screen: Screen[Any]) -> None:
        if screen in waiting and screen.is_attached:
            screen._compositor_refresh()  # noqa: SLF001

    @functools.wraps(original_end)
    def end_batch(self: App[Any]) -> None:
        original_end(self)
        if not self._batch_count:  # noqa: SLF001
            for screen in list(waiting):
                if screen.app is self:
                    screen.call_later(draw_if_waiting, screen)

    Screen._compositor_refresh = compositor_refresh  # type: ignore[method-assign]
    App._end_batch = end_batch  # type: ignore[method-assign]


#: Rows a scroll bar keeps (ScrollBar -> (what else it was drawn with, row -> strip)).
_SCROLL_BAR_ROWS: weakref.WeakKeyDictionary[Any, tuple[tuple[object, ...], dict[object, Any]]] = (
    weakref.WeakKeyDictionary()
)
#: A scroll bar has a few kinds of row (track above and below, thumb, its two ends):
#: more than this and the kept rows start again.
SCROLL_BAR_ROWS_KEPT = 256
#: Textual's own ``ScrollBar.render_lines`` (the tests compare every row with it).
TEXTUAL_SCROLL_BAR_RENDER_LINES: Any = None


def scroll_bar_rows(bar: Any, renderable: Any) -> list[tuple[Any, ...]] | None:
    """The segments of each row of *bar*, as ``ScrollBarRender.__rich_console__`` draws
    them at the bar's size (Textual 8.2.8), or ``None`` for a renderer drawn otherwise."""
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
    """Textual 8.2.8: a scroll bar whose thumb moves is drawn again whole.

    Each change of a scroll bar's geometry (a log one line longer, scrolled to its
    end) clears its line cache, and all its rows are drawn again through Rich and the
    styles cache - a third of the frame after each Enter in Vowl's log (issue 16),
    though a bar has a handful of kinds of row (the track above and below the thumb,
    the thumb, its two ends) and a thumb that moves changes two or three rows.

    Each row of a bar is drawn from its own segments alone (``ScrollBarRender``
    puts one segment per row of a vertical bar, the same segments on every row of a
    horizontal one; the styles cache and the line filters work row by row).  So the
    rows Textual drew are kept by their segments, with everything else they were drawn
    with (size, styles, colours beneath, filters, theme: any change and they are
    dropped).  A bar is put together from the rows kept; a kind of row not kept yet
    is drawn by Textual, that row alone, and kept.  A renderer other than
    ``ScrollBarRender``, linked or selected text: always Textual's whole.
    """
    global TEXTUAL_SCROLL_BAR_RENDER_LINES  # noqa: PLW0603 - once, at install
    from textual.geometry import Region  # noqa: PLC0415
    from textual.scrollbar import ScrollBar  # noqa: PLC0415

    TEXTUAL_SCROLL_BAR_RENDER_LINES = ScrollBar.render_lines

    @functools.wraps(TEXTUAL_SCROLL_BAR_RENDER_LINES)
    def render_lines(self: ScrollBar, crop: Any) -> Any:
        rows = None if self.auto_links or self.text_selection is not None else scroll_bar_rows(self, self.render())
        if rows is None:
            return TEXTUAL_SCROLL_BAR_RENDER_LINES(self, crop)
        app = self.app
        drawn_with = (self.size, self.content_region.size, self.styles._cache_key, self.background_colors,  # noqa: SLF001
                      self.visual_style, self.opacity, tuple(self.get_line_filters()), app.ansi_theme,
                      app.native_ansi_color, self._border_title, self._border_subtitle)  # noqa: SLF001
        kept = _SCROLL_BAR_ROWS.get(self)
        if kept is None or kept[0] != drawn_with or len(kept[1]) > SCROLL_BAR_ROWS_KEPT:
            kept = _SCROLL_BAR_ROWS[self] = (drawn_with, {})
        strips = kept[1]
        wanted = rows[crop.y:crop.bottom]
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
    """Textual 8.2.8: every key typed into an ``Input`` lays out the whole screen.

    ``Input._watch_value`` sets the box's virtual size to the width of its text (or of
    its ``placeholder=`` hint), and ``virtual_size`` is a reactive that asks for a
    layout: each letter typed, and the answer box emptied after each accepted Vowl answer, arranged
    every widget of the screen again and repainted them (issue 16).  A box whose own
    size does not follow its text (no ``auto`` width or height) is not moved by it:
    what the layout did for it was ``ScrollView._size_updated``'s ``_scroll_update``
    (the scroll bars' state, the scroll offset kept within the new width).  That is
    done here at once, and the layout kept only when a scroll bar appears or goes (it
    takes room); the virtual size is set before Textual's watcher runs, which then
    finds it unchanged.  An auto-sized box, or one not laid out yet: Textual's own.
    """
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
            self._scrollbar_changes.clear()  # noqa: SLF001 - as ScrollView._size_updated does
            self._scroll_update(size)  # noqa: SLF001
            moved = bars != (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
            self.refresh(layout=moved)
        original(self, value)

    Input._watch_value = watch_value  # type: ignore[method-assign]


def update_changed_rows(widget: Any, content: Any) -> None:
    """``Static.update(content, layout=False)`` that repaints only the rows whose drawn
    content changes (issue 16).

    ``Static.update`` repaints the whole widget: Vowl's card is 27 rows at 120x40, of
    which a new card of the same deck changes one or two (its letters, its tier), and
    Textual drew all 27 again through the styles cache after each accepted answer.
    Here the new content is drawn the way ``Widget._render_content`` draws it and
    compared row by row with what is drawn now; only the rows that differ are marked
    dirty (``refresh(*regions)``: the styles cache keeps every other row).  Anything
    else that changes how a row looks (a class, a style, the size, the theme) repaints
    the whole widget by itself.  On another Textual, before the widget is drawn at its
    size, or with a repaint already pending: ``Static.update`` as ever.
    """
    from textual.geometry import Region  # noqa: PLC0415
    from textual.visual import Visual, visualize  # noqa: PLC0415

    drawn = widget._render_cache  # noqa: SLF001
    size = widget.size
    if (not speed_ups_apply() or not widget.is_mounted or not size or drawn.size != size
            or widget._dirty_regions or widget._repaint_required):  # noqa: SLF001
        widget.update(content, layout=False)
        return
    visual = visualize(widget, content, markup=widget._render_markup)  # noqa: SLF001
    width, height = size
    lines = Visual.to_strips(widget, visual, width, height, widget.visual_style)
    widget._Static__content = content  # what ``Static.update`` sets, without its whole repaint
    widget._Static__visual = visual
    old = drawn.lines
    rows = [y for y in range(max(len(old), len(lines)))
            if y >= len(old) or y >= len(lines) or old[y] != lines[y]]
    if rows:
        widget.refresh(*(Region(0, y, width, 1) for y in rows))


async def run_own_binding(widget: Any, event: Any) -> bool:
    """Run *widget*'s own (non-priority) binding for the key *event* where the key
    arrives, and stop the key there; whether one ran.

    Textual 8.2.8 resolves a focused widget's bindings only once its key has bubbled up
    through every container to the app, one message queue after another, while a key
    the widget handles itself (a typed letter) takes effect as it arrives: in a burst,
    the letters typed behind a Backspace went in before it ran.  The widget's own
    bindings are the first the app's binding chain would try, so running them here
    changes only when, not which; priority bindings ran in the app before the key came.
    Used by ``common.ui.text_input.TextInput``.
    """
    for binding in widget._bindings.key_to_bindings.get(event.key, ()):  # noqa: SLF001 - no public lookup
        if not binding.priority and await widget.app.run_action(binding.action, widget):
            event.stop()
            return True
    return False


def apply() -> None:
    """Install every work-around (once)."""
    global _applied  # noqa: PLW0603 - a process-wide, install-once flag
    if _applied:
        return
    _applied = True
    _wrap_at_least_one_cell()
    _page_through_an_unmeasured_list()
    if not speed_ups_apply():
        return
    _widget_classes_defined_without_dir()  # first: the classes below import Textual's Footer
    _reparse_with_the_parse_cache()
    _no_restyle_on_a_screens_first_resume()
    _breakpoints_before_compose()
    _one_footer_rebuild_at_a_time()
    _footer_keys_styled_once()
    _no_frame_drawn_inside_a_batch()
    # Not a bug: with frames deferred to a batch's end, "after the first frame" has to
    # mean a frame sent (``frames.after_first_frame``).
    from boardgames.common.ui import frames  # noqa: PLC0415

    frames.install()
    _scroll_bars_drawn_from_their_rows()
    _typing_without_a_layout()
    # Not a bug: a frame after a key renders only the widgets under what changed (issue 16).
    from boardgames.common.ui import partial_update  # noqa: PLC0415 - the compositor's own module

    partial_update.apply()
