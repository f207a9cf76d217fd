"""Colours readable in every theme: the theme's own, moved just far enough in lightness.

Textual's built-in themes draw some of their own colours too faint to read on their own
backgrounds (an orange accent on light grey at 1.25:1, a footer key at 1.8:1, muted text
at 60% opacity).  Each colour a player must read is taken from the theme and blended
toward white or black until it reaches WCAG's ratio on every background the theme
paints (``readable``): a theme's green stays its green, only lighter or darker.  The
factions' colours are derived the same way from a fixed hue.

The ANSI themes are left alone: there the terminal's own colours are the player's choice.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rich.style import Style as RichStyle
from rich.terminal_theme import TerminalTheme
from textual.color import Color
from textual.constants import DIM_FACTOR

#: WCAG AA for text, and the minimum for the parts of a control (frames, borders).
TEXT = 4.5
PART = 3.0
_WHITE = Color(255, 255, 255)
_BLACK = Color(0, 0, 0)


def luminance(color: Color) -> float:
    """WCAG relative luminance."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)


def contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio of two opaque colours, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _ratio(a: float, b: float) -> float:
    high, low = (a, b) if a > b else (b, a)
    return (high + 0.05) / (low + 0.05)


def readable(color: Color, grounds: Iterable[Color], ratio: float = TEXT, *, dimmed: bool = False) -> Color:
    """*color* blended toward white or black, the least that reads at *ratio* on every
    one of *grounds* (the best it can do when nothing reaches it); *dimmed*: drawn dim
    too (Textual draws dim text ``DIM_FACTOR`` of the way from the background)."""
    grounds = list(grounds)
    lums = [luminance(g) for g in grounds]

    def worst_of(c: Color) -> float:
        lum = luminance(c)
        worst = min(_ratio(lum, g) for g in lums)
        if dimmed:
            worst = min(worst, *(_ratio(luminance(g.blend(c, DIM_FACTOR)), lg) for g, lg in zip(grounds, lums)))
        return worst

    best, best_ratio = color, worst_of(color)
    if best_ratio >= ratio:
        return color
    for step in range(1, 41):
        for target in (_WHITE, _BLACK):
            tried = color.blend(target, step / 40)
            worst = worst_of(tried)
            if worst >= ratio:
                return tried
            if worst > best_ratio:
                best, best_ratio = tried, worst
    return best


#: Our colours, a fixed hue each, made readable per theme: the factions of UWO (the
#: rulebook's card colours).  Vowl's decks are the theme's own success, warning and
#: error ($text-success …, and ``green``/``yellow``/``red`` in Rich styles, ``terminal_theme``).
HUES = {
    "gnorf": "#4caf50",
    "pnorf": "#9c5fd6",
}

#: The same in the ANSI themes, whose colours the terminal decides.
ANSI_HUES = {
    "gnorf": "ansi_green",
    "pnorf": "ansi_magenta",
}

#: Textual's selection and scroll bars in the ANSI themes: white on blue, a white thumb
#: on a black track (Textual's black on blue and navy on black are dark on dark in
#: most terminals' palettes).
ANSI_PARTS = {
    "input-selection-background": "ansi_blue",
    "input-selection-foreground": "ansi_bright_white",
    "scrollbar": "ansi_white",
    "scrollbar-hover": "ansi_bright_white",
    "scrollbar-active": "ansi_bright_white",
    "scrollbar-background": "ansi_black",
}

#: Textual's own text colours, each from the theme colour it starts from: foreground
#: colours that Textual's widgets (Footer keys, Input placeholders, disabled options,
#: muted text) draw with, and the ratio each must reach.
_TEXT_FROM = {
    "text-primary": ("primary", TEXT),
    "text-secondary": ("secondary", TEXT),
    "text-accent": ("accent", TEXT),
    "text-warning": ("warning", TEXT),
    "text-error": ("error", TEXT),
    "text-success": ("success", TEXT),
    "footer-key-foreground": ("accent", TEXT),
    "footer-description-foreground": ("foreground", TEXT),
    "footer-foreground": ("foreground", TEXT),
    "markdown-h1-color": ("primary", TEXT),
    "markdown-h2-color": ("primary", TEXT),
    "markdown-h3-color": ("primary", TEXT),
    # Frames: a control's parts need 3:1, but a screen is mostly frames at 80×24 and
    # at most a tenth of it may be under 4.5:1.
    "border": ("primary", TEXT),
    "accent-frame": ("accent", TEXT),
}


def _parse(value: str) -> Color | None:
    try:
        color = Color.parse(value)
    except Exception:  # noqa: BLE001 - "auto 87%", "ansi_default": not a colour of its own
        return None
    return None if color.ansi is not None else color


def readable_variables(variables: Mapping[str, str]) -> dict[str, str]:
    """The CSS variables to put over the theme's *variables* so that its text reads
    (worked out once per theme: Textual asks for the variables at every restyle)."""
    return dict(_readable_variables(tuple(sorted(variables.items()))))


@functools.lru_cache(maxsize=64)
def _readable_variables(items: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    variables = dict(items)
    return tuple(_work_out(variables).items())


def _work_out(variables: Mapping[str, str]) -> dict[str, str]:
    background = _parse(variables.get("background", ""))
    if background is None:  # an ANSI theme: the terminal's colours, ours named as ANSI colours
        return {**ANSI_HUES, "accent-frame": variables.get("accent", "ansi_blue"), **ANSI_PARTS}
    foreground = _parse(variables.get("foreground", "")) or (_WHITE if background.brightness < 0.5 else _BLACK)

    def ground_colours(*names: str) -> list[Color]:
        found = []
        for name in names:
            color = _parse(variables.get(name, ""))
            if color is not None:
                found.append(background + color if color.a < 1 else color)
        return found

    # What text is drawn on: the theme's backgrounds, its panels (UWO's dark squares),
    # and each tinted as a focused widget's is (``background-tint``, toward the foreground).
    grounds = [
        background,
        *ground_colours(
            "surface", "panel", "panel-darken-1", "panel-darken-2", "panel-lighten-1", "surface-darken-1", "boost"
        ),
    ]
    grounds += [g.blend(foreground, tint) for g in list(grounds) for tint in (0.05, 0.1)]
    darker = grounds
    foreground = readable(foreground, grounds, TEXT, dimmed=True)  # Rich's "dim" is the foreground dimmed
    out: dict[str, str] = {"foreground": foreground.hex, "button-foreground": foreground.hex}
    for name, (source, ratio) in _TEXT_FROM.items():
        base = _parse(variables.get(source, "")) or foreground
        out[name] = readable(base, grounds, ratio).hex
    # The Footer has a background of its own (some themes paint it in their primary).
    footer = _parse(variables.get("footer-background", "")) or background
    for name in ("footer-key-foreground", "footer-description-foreground", "footer-foreground"):
        out[name] = readable(Color.parse(out[name]), [footer], TEXT).hex
    on_footer = readable(foreground, [footer], TEXT)
    out["footer-disabled"] = readable(on_footer.blend(footer, 0.4), [footer], PART).hex
    # Under Textual's own name (used by none of its widgets), so that the Footer's rule
    # resolves in any app: the Footer's disabled keys.
    out["foreground-disabled"] = out["footer-disabled"]
    # Muted and disabled text: the theme's foreground faded toward its background, as
    # Textual fades it, but no further than a hint can still be read.
    out["text-muted"] = readable(foreground.blend(background, 0.35), darker, TEXT).hex
    out["foreground-muted"] = out["text-muted"]
    # Placeholders and disabled options are most of a setup form: read at 4.5:1 too.
    out["text-disabled"] = readable(foreground.blend(background, 0.55), grounds, TEXT).hex
    out["border-blurred"] = readable(foreground.blend(background, 0.6), darker, TEXT).hex
    for name, hue in HUES.items():
        out[name] = readable(Color.parse(hue), grounds, TEXT).hex
    # A scroll bar's thumb against its track (their ends are drawn as half blocks).
    track = _parse(variables.get("scrollbar-background", "")) or background
    for name in ("scrollbar", "scrollbar-hover", "scrollbar-active"):
        thumb = _parse(variables.get(name, ""))
        if thumb is not None:
            out[name] = readable(track + thumb if thumb.a < 1 else thumb, [track], PART).hex
    # Selected text in an input: its foreground on a selection colour that reads.
    selection = _parse(variables.get("input-selection-background", ""))
    if selection is not None:
        under = background + selection if selection.a < 1 else selection
        out["input-selection-background"] = readable(under, [foreground], TEXT).hex
        out["input-selection-foreground"] = foreground.hex
    # The highlighted row of a list: the theme's primary, dark or light enough that
    # full-strength text reads on it (muted text included).
    primary = _parse(variables.get("primary", "")) or foreground
    on = _WHITE if contrast(_WHITE, primary) >= contrast(_BLACK, primary) else _BLACK
    cursor = readable(primary, [on], 7.0)
    for _ in range(20):  # dim text on it too (Textual draws dim two thirds of the way from the background)
        if contrast(cursor.blend(on, DIM_FACTOR), cursor) >= TEXT:
            break
        cursor = cursor.blend(_BLACK if on is _WHITE else _WHITE, 0.05)
    out["block-cursor-background"] = cursor.hex
    out["block-cursor-foreground"] = on.hex
    return out


def terminal_theme(variables: Mapping[str, str], dark: bool) -> TerminalTheme | None:
    """The theme's ANSI colours (what ``red``, ``green``, ``dim`` … in Rich styles become
    once Textual turns them to true colour): its own error, success, warning and primary,
    readable on its backgrounds.  None for an ANSI theme."""
    if _parse(variables.get("background", "")) is None:
        return None
    fixed = readable_variables(variables)
    background = Color.parse(variables["background"])
    foreground = _parse(variables.get("foreground", "")) or (_WHITE if dark else _BLACK)
    grounds = [background, *(c for c in (_parse(variables.get(n, "")) for n in ("surface", "panel")) if c)]

    def rgb(color: Color) -> tuple[int, int, int]:
        return color.r, color.g, color.b

    def hue(value: str) -> Color:
        return readable(Color.parse(value), grounds, TEXT)

    normal = [
        readable(_BLACK, grounds, TEXT) if dark else foreground,
        Color.parse(fixed["text-error"]),
        Color.parse(fixed["text-success"]),
        Color.parse(fixed["text-warning"]),
        Color.parse(fixed["text-primary"]),
        Color.parse(fixed["pnorf"]),
        hue("#2aa1b3"),
        foreground if dark else readable(_WHITE, grounds, TEXT),
    ]
    # Bright black is muted text; bright green and magenta the factions of UWO.
    bright = [Color.parse(fixed["text-muted"]), *normal[1:]]
    bright[2], bright[5] = Color.parse(fixed["gnorf"]), Color.parse(fixed["pnorf"])
    return TerminalTheme(rgb(background), rgb(foreground), [rgb(c) for c in normal], [rgb(c) for c in bright])


def ansi(style: str) -> RichStyle:
    """*style* (``"bold red"``) as a Rich style, for a whole ``Text``: its named colours
    stay ANSI colours, drawn in the theme's own (``terminal_theme``).  Given as a string,
    Textual reads a whole Text's style as CSS, where ``red`` is #ff0000 in every theme."""
    return RichStyle.parse(style)


if TYPE_CHECKING:
    from textual.app import App

    _AppBase = App[Any]  # for the type checker, what the mixin is mixed into
else:
    _AppBase = object


class ReadableColours(_AppBase):
    """The suite's colours for any app that shows its widgets (the suite's own, a test's):
    the theme's variables with what players read made readable on its backgrounds, and
    the suite's own (``$accent-frame``, the factions, the decks) derived from it.  The
    widgets' stylesheets use them, so an app without them cannot show those widgets."""

    theme_variables: dict[str, str]

    def get_css_variables(self) -> dict[str, str]:
        variables = super().get_css_variables()
        variables.update(readable_variables(variables))
        self.theme_variables = variables
        return variables

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {
            **super().get_theme_variable_defaults(),
            **ANSI_HUES,
            "accent-frame": "ansi_blue",
            "footer-disabled": "ansi_default",
            "foreground-disabled": "ansi_default",
        }
