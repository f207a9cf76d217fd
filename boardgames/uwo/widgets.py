"""The pieces of the UWO screen, each drawn only from a ``UwoView``.

None of these widgets ever touches the engine: they are handed a view (and, for the
hand, the view of the seat at the keyboard), so a hand that is not in the view cannot
be drawn.  Colours and sizes live in ``uwo.tcss``; these classes only set CSS classes
(``-gnorfs``/``-pnorfs``, ``-cursor``, ``-move``, ``-attack`` ...) and text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from boardgames.common.text import sentence
from boardgames.common.ui.classes import set_classes_once
from boardgames.uwo import board as B
from boardgames.uwo.board import Square
from boardgames.uwo.cards import Kind, Role
from boardgames.uwo.render import SIDE_STYLE
from boardgames.uwo.side import Side
from boardgames.uwo.view import SideView, UmoView

SIDE_CLASS = {Side.GNORFS: "-gnorfs", Side.PNORFS: "-pnorfs"}
#: Rich styles for text in the sides' colours (the CSS variables of uwo.tcss, for Rich text).
HIGHLIGHTS = ("-cursor", "-selected", "-move", "-attack", "-morph", "-duel", "-blast", "-last")
#: What a hint starts with, by the mark it comes with: never colour alone (a 256-colour
#: terminal blends an attack's red and a Pnorf's purple into one shade).
MARK_GLYPHS = {"-attack": "× ", "-blast": "✱ ", "-move": "» ", "-morph": "+ "}
MARK_ORDER = ("-attack", "-blast", "-morph", "-move")


class Drawn(Static):
    """A ``Static`` that skips redrawing when handed what it already shows, and asks
    for a layout only when its height changes.

    The screen redraws every panel after every key; most of them have not changed,
    and a real ``update`` costs a repaint.  A layout costs far more: the whole screen
    is arranged again and every widget on it repainted (the info panel's
    "c3: an empty square" asked for one on every cursor move, 30-40 ms a key).  An
    auto-height panel whose new text takes the lines it has now keeps its place, so
    a repaint is enough.
    """

    _shown: object = None
    #: Taller than its text (a ``shrink=False`` kept the height): the next full draw fits it.
    _kept_height = False
    #: How many panels asked for a layout (tests count them: one per height change).
    layouts = 0

    def show_text(self, text: Text, *, layout: bool = True, shrink: bool = True) -> None:
        """Show *text*; with ``shrink=False`` a shorter text leaves the panel as tall as
        it is (no layout) until it is next shown with ``shrink`` (``InfoPanel``)."""
        key = (text.plain, tuple(text.spans), str(text.style))
        if key == self._shown:
            if shrink and self._kept_height:  # the same text, taller than it: fit it now
                self._kept_height = False
                Drawn.layouts += 1
                self.refresh(layout=True)
            return
        self._shown = key
        self._kept_height = False
        width = self.content_region.width if self.is_mounted else 0
        height = self.styles.height
        if layout and width and height is not None and height.is_auto:
            # Against the height it was given, not the old text's (never laid out at this
            # width if it was drawn before a resize).
            self.update(text, layout=False)
            if self._needs_layout(self.get_content_height(self.size, self.app.size, width), shrink=shrink):
                Drawn.layouts += 1
                self.refresh(layout=True)
            return
        Drawn.layouts += layout
        self.update(text, layout=layout)

    def _needs_layout(self, lines: int, *, shrink: bool) -> bool:
        """Whether a text of *lines* lines needs another height than the panel has now:
        as many rows as it has lines, up to the panel's ``max-height`` (a text taller than
        that is cut at the same height whatever it says, so it needs no new layout)."""
        have = self.content_region.height
        limit = self.styles.max_height
        if limit is not None and limit.is_cells:
            lines = min(lines, max(0, int(limit.value) - self.styles.gutter.height))
        if not shrink and lines < have:
            self._kept_height = True  # fitted at the next ``show_text`` with ``shrink``
            return False
        return lines != have


#: The special cards' rules in a narrow panel's few words (the whole text: F1, or a wider terminal).
SHORT_RULES = {
    Role.BAZOOKA: "Out of play after each shot.",
    Role.RIDER: "Rides over enemies (tramples them out of play); no attack; out after a ride.",
    Role.DYNAMITE: "Blast: it and all 8 around die; no evasion.",
}


def card_numbers(kind: Kind) -> str:
    """A card's numbers in the fewest cells: ``mv2/1 at1/1`` (range / energy), ``blast/2``."""
    text = f"mv{kind.move}/{kind.move_cost}" if kind.role is not Role.RIDER else f"ride{kind.move}/{kind.move_cost}"
    if kind.role is Role.DYNAMITE:
        text += f" blast/{kind.attack_cost}"
    elif kind.can_attack:
        text += f" at{kind.attack}/{kind.attack_cost}"
    return text


def shield_names(kind: Kind, names: dict[str, str]) -> str:
    return ", ".join(names[k] for k in sorted(kind.shield, key=lambda k: names[k])) or "none"


class Cell(Drawn):
    """One square of the board: empty, or a UMO with its kind, stack height and marks."""

    @dataclass
    class Clicked(Message):
        square: Square

    def __init__(self, square: Square) -> None:
        dark = (B.col_of(square) + B.row_of(square)) % 2 == 0
        super().__init__(id=f"sq-{B.name(square)}", classes="cell -dark" if dark else "cell")
        self.square = square

    _last: object = None

    def show(self, umo: UmoView | None, marks: set[str], hint: str = "") -> None:
        """Draw the square; ``marks`` are highlight classes, ``hint`` what Enter would do here.

        Three lines, at every size: the kind, then side, square and status, then the
        hint.  Every mark that matters has a glyph as well as a colour (``MARK_GLYPHS``),
        so it reads in 256 colours, in 16 and with none.
        """
        key = (umo, frozenset(marks), hint)
        if key == self._last:
            return
        self._last = key
        set_classes_once(
            self,
            {
                **{cls: cls in marks for cls in HIGHLIGHTS},
                "-empty": umo is None,
                "-gnorfs": umo is not None and umo.side is Side.GNORFS,
                "-pnorfs": umo is not None and umo.side is Side.PNORFS,
                "-out": umo is not None and umo.out_of_play,
            },
        )
        glyph = next((MARK_GLYPHS[m] for m in MARK_ORDER if m in marks), "")
        shown_hint = f"{glyph}{hint}" if hint else ("◆ chosen" if "-selected" in marks else "")
        text = Text(no_wrap=True, overflow="ellipsis")
        if umo is None:
            # A marked empty square is a target: its name is read, not dimmed.
            text.append(B.name(self.square), style="" if marks else "bright_black")  # muted, readable on both greys
            text.append("\n")
        else:
            text.append(f"{umo.kind.name}")
            text.append("\n")
            # Not dimmed: the side and the square are what a player reads to find a UMO,
            # and dim text on a side's square fell to 3.2:1 (tests/common/test_contrast.py).
            text.append(f"{umo.side.singular[0]} {B.name(self.square)}")
            status = "OUT" if umo.out_of_play else ("new" if umo.morphed_this_turn else "")
            if status:
                text.append(f" {status}", style="bold reverse" if status == "OUT" else "italic")
            if umo.height > 1:
                text.append(f" ×{umo.height}", style="bold")
        text.append("\n")
        text.append(shown_hint, style="bold")
        self.show_text(text, layout=False)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.square))


class BoardGrid(Grid, can_focus=True):
    """The 5×6 board; rank 6 at the top (Pnorfs' side), rank 1 at the bottom (Gnorfs').

    It owns the cursor keys (arrows, WASD, hjkl), Enter and Esc, and tells the screen
    what the player pointed at; what that means in the game is the screen's business.
    """

    BINDINGS = [
        Binding("up,w,k", "cursor(0, 1)", "Up", show=False),
        Binding("down,s,j", "cursor(0, -1)", "Down", show=False),
        Binding("left,a,h", "cursor(-1, 0)", "Left", show=False),
        Binding("right,d,l", "cursor(1, 0)", "Right", show=False),
        Binding("enter", "activate", "Go"),
        Binding("escape", "cancel", "Back"),
    ]

    #: No repaint of the grid itself when it moves: the two cells it leaves and enters
    #: redraw themselves (``Cell.show``); repainting the grid repainted all 30.
    cursor: reactive[Square] = reactive(B.square(2, 1), init=False, repaint=False)

    @dataclass
    class CursorMoved(Message):
        square: Square

    @dataclass
    class Activated(Message):
        square: Square

    class Cancelled(Message):
        pass

    def compose(self) -> ComposeResult:
        for row in reversed(range(B.ROWS)):
            yield Static(f"{row + 1}", classes="rank-label")
            for col in range(B.COLS):
                yield Cell(B.square(col, row))
        yield Static("", classes="rank-label")
        for col in range(B.COLS):
            yield Static(B.FILES[col], classes="file-label")

    def cell(self, square: Square) -> Cell:
        return self.query_one(f"#sq-{B.name(square)}", Cell)

    def watch_has_focus(self, has_focus: bool) -> None:
        """Restyle the grid alone as it gains or loses the focus.

        Textual's ``Widget.watch_has_focus`` restyles the widget and all 43 inside it,
        in case a rule styles them by their parent's focus.  None does here: only the
        grid's own background follows its focus (``uwo.tcss``: ``BoardGrid:focus``), so
        its cells and labels keep their styles.  The duel focuses the grid as it opens,
        and that was a fifth of the stylings before its first frame.
        """
        self.app.stylesheet.update_nodes([self], animate=True)

    def watch_cursor(self, square: Square) -> None:
        self.post_message(self.CursorMoved(square))

    def action_cursor(self, dx: int, dy: int) -> None:
        col, row = B.col_of(self.cursor) + dx, B.row_of(self.cursor) + dy
        if B.on_board(col, row):
            self.cursor = B.square(col, row)

    def action_activate(self) -> None:
        self._tell_screen(self.Activated(self.cursor))

    def action_cancel(self) -> None:
        self._tell_screen(self.Cancelled())

    def on_cell_clicked(self, event: Cell.Clicked) -> None:
        event.stop()
        self.focus()
        self.cursor = event.square
        self._tell_screen(self.Activated(event.square))

    def _tell_screen(self, message: Message) -> None:
        """Hand *message* to the screen's handler at once, in the order the keys came.

        The screen's own keys act at once (``e`` ends the turn); a message bubbling up
        through the containers' queues would arrive later, so "Enter, Up, Enter, e"
        typed in one burst (a quick hand, or keys piling up on a busy machine) ended
        the turn first and dropped the move.
        """
        handler = getattr(self.screen, message.handler_name, None)
        if handler is None:
            self.post_message(message)  # no screen handler: the usual way up
        else:
            handler(message)


class ThinkingDots(Static):
    """Three dots that pulse while the computer thinks: a cheap stand-in for Textual's
    ``LoadingIndicator``.

    The ``LoadingIndicator`` asks for a frame 16 times a second and computes a colour
    gradient for each; with the computer's search holding the interpreter in its
    thread, every one of those frames waited for it too, and a cursor key waited for
    them (40-100 ms a key while the computer thought).  Four changes a second,
    each one line of three characters, say "busy" as well; the timer runs only while
    the dots are shown (``run``).
    """

    FRAMES = ("●○○", "○●○", "○○●", "○●○")
    PERIOD = 0.25

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(self.FRAMES[0], **kwargs)
        self._frame = 0
        self._timer: Timer | None = None

    def on_mount(self) -> None:
        self._timer = self.set_interval(self.PERIOD, self._step, pause=True)

    def run(self, running: bool) -> None:
        """Pulse (``True``) or stand still (``False``, hidden)."""
        if self._timer is None:
            return
        if running:
            self._timer.resume()
        else:
            self._timer.pause()

    def _step(self) -> None:
        self._frame = (self._frame + 1) % len(self.FRAMES)
        self.update(self.FRAMES[self._frame], layout=False)


def energy_cards(left: int, total: int, side: Side) -> Text:
    """The energy row as cards: face up (still to spend) and turned over (spent)."""
    text = Text()
    for i in range(total):
        if i < left:
            text.append("▐█▌", style=SIDE_STYLE[side].replace("bold ", ""))
        else:
            text.append("▐░▌", style="dim")
    return text


class SideBar(Static):
    """One army's row: energy as six cards, evasion cards, deck, hand size, UMOs left.

    Written in the longest of its forms that fits the width it is given (``render``
    runs again on every resize), so the UMO count is never what gets cut.
    """

    def __init__(self, side: Side) -> None:
        super().__init__(id=f"bar-{side.name.lower()}", classes=f"sidebar {SIDE_CLASS[side]}")
        self.side = side
        self._forms: tuple[Text, ...] = (Text(),)

    def show(self, sv: SideView, *, to_act: bool, current: bool) -> None:
        forms = tuple(self._form(sv, to_act, current, level) for level in range(4))
        self.set_class(to_act, "-to-act")
        if tuple(f.plain for f in forms) != tuple(f.plain for f in self._forms):
            self._forms = forms
            self.refresh()

    def _form(self, sv: SideView, to_act: bool, current: bool, level: int) -> Text:
        """Level 0 is the widest (energy as cards, words in full), 3 the narrowest."""
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("▶ " if to_act else "  ", style="bold")
        text.append(f"{self.side.title.upper():<7}", style=SIDE_STYLE[self.side])
        colour = SIDE_STYLE[self.side].replace("bold ", "")
        if level == 0:
            text.append(" energy ")
            text.append_text(energy_cards(sv.energy, sv.energy_max, self.side))
        else:
            text.append(" " if level == 3 else " energy ")
            text.append("█" * sv.energy, style=colour)
            text.append("░" * (sv.energy_max - sv.energy), style="dim")
        text.append(f" {sv.energy}/{sv.energy_max}")
        if level <= 1:
            text.append(f"  evasion {sv.evasions}  deck {sv.deck_size}  hand {sv.hand_size}  UMOs {sv.umos}")
        elif level == 2:
            text.append(f" evasion {sv.evasions} deck {sv.deck_size} hand {sv.hand_size} UMOs {sv.umos}")
        else:
            text.append(f" ev {sv.evasions} deck {sv.deck_size} hand {sv.hand_size} UMOs {sv.umos}")
        if current and level <= 1:
            text.append("  (turn)", style="italic")
        return text

    @property
    def shown_text(self) -> Text:
        """The form that fits the bar's width now (the narrowest when none does)."""
        width = self.content_region.width or self.size.width
        for form in self._forms:
            if form.cell_len <= width:
                return form
        return self._forms[-1]

    def render(self) -> Text:
        return self.shown_text


class StatusPanel(Drawn):
    """Whose turn, what is still available, and what the player at the keyboard is asked."""

    def show(self, title: str, lines: list[str]) -> None:
        text = Text(title, style="bold")
        for line in lines:
            text.append("\n")
            text.append(line)
        self.show_text(text)


class InfoPanel(Drawn):
    """Everything printed on a card: the one under the cursor, the selected one or a hand card.

    While only the cursor moves it grows for a taller card but does not shrink
    (``shrink=False``); it fits its text again at the next full redraw (an action, a
    handover).  Walking the cursor between a card and an empty square would otherwise
    lay out the whole screen on every other key (the keys slower than a frame
    were those), and the hand and the log beneath it would jump up and down under the
    player's eyes as the cursor moves.
    """

    #: Below this many columns of content the panel writes a card in its short form.
    COMPACT_BELOW = 40

    def show_kind(
        self,
        kind: Kind,
        names: dict[str, str],
        *,
        heading: str,
        extra: list[str] | None = None,
        shrink: bool = True,
        lead: str | None = None,
    ) -> None:
        """The card in words; in a narrow panel (80×24) the same facts in fewer lines.
        *lead*: a line before it (where the cursor is, while another UMO is selected)."""
        compact = 0 < self.content_region.width < self.COMPACT_BELOW
        text = Text(style="bold")  # the whole card bold, as the heading
        if lead:
            text.append(lead + "\n", style="reverse")
        text.append(heading + ("\n" if not compact else ": "))
        text.append(f"{kind.name}", style="bold underline")
        if compact:
            text.append(
                "\n"
                + card_numbers(kind)
                .replace("mv", "move ")
                .replace("at", "· attack ")
                .replace("ride", "ride ")
                .replace(" blast", " · blast")
            )
            text.append(f"\nshield {shield_names(kind, names)}")
            rule = SHORT_RULES.get(kind.role, "")
        else:
            if kind.role is not Role.REGULAR:
                text.append(f"  ({kind.role.value})", style="italic")
            text.append(f"\nmove    {kind.move_text()}")
            text.append(f"\nattack  {kind.attack_text()}")
            text.append(f"\nshield  {shield_names(kind, names)}")
            rule = kind.rule_text
        if rule:
            text.append(f"\n{rule}", style="italic")
        for line in extra or []:
            text.append(f"\n{line}")
        self.show_text(text, shrink=shrink)

    def show_umo(self, umo: UmoView, names: dict[str, str], *, shrink: bool = True, lead: str | None = None) -> None:
        self.show_kind(
            umo.kind,
            names,
            heading=f"{umo.side.singular} {B.name(umo.square)}",
            extra=umo_notes(umo),
            shrink=shrink,
            lead=lead,
        )

    def clear_info(self, hint: str, *, shrink: bool = True) -> None:
        self.show_text(Text(hint, style="dim"), shrink=shrink)


def umo_notes(umo: UmoView) -> list[str]:
    """What the card does not print about a UMO on the board: its stack, its marks."""
    extra = []
    if umo.height > 1:
        extra.append("stack   " + " › ".join(k.name for k in umo.stack) + " (top rules)")
    if umo.out_of_play:
        extra.append(sentence(umo.out_text) + ".")  # never str.capitalize: "the Pnorfs' turn"
    if umo.morphed_this_turn:
        extra.append("Morphed this turn: may move, not attack.")
    return extra


class HandCard(Drawn):
    """One card in the hand of the player at the keyboard."""

    @dataclass
    class Clicked(Message):
        index: int

    def __init__(self, index: int) -> None:
        super().__init__(id=f"hand-{index + 1}", classes="hand-card")
        self.index = index

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))


class HandPanel(Widget):
    """The hand of the seat at the keyboard, and only that seat's (``None``: nothing shown)."""

    def compose(self) -> ComposeResult:
        yield Drawn("", id="hand-title")
        for i in range(3):
            yield HandCard(i)

    def show(
        self,
        side: Side | None,
        hand: tuple[Kind, ...] | None,
        picked: int | None,
        playable: set[int],
        names: dict[str, str],
    ) -> None:
        title = self.query_one("#hand-title", Drawn)
        cards = list(self.query(HandCard))
        if side is None or hand is None:
            title.show_text(Text("Hands are hidden until a player takes the keyboard.", style="dim"))
            for card in cards:
                card.show_text(Text())
                card.display = False
            return
        if hand:
            title.show_text(Text.assemble(("Your hand", "bold"), f" ({side.title}) · 1-3"))
        else:
            title.show_text(Text.assemble(("Your hand", "bold"), f" ({side.title}) is empty."))
        for i, card in enumerate(cards):
            if i >= len(hand):
                card.show_text(Text())
                card.display = False
                continue
            kind = hand[i]
            # Line 1 is all a short terminal shows (one line per card): name and numbers;
            # the shield follows, and the picked card's whole text is in the info panel.
            text = Text(overflow="ellipsis")
            text.append(f"{i + 1} {kind.name}", style="bold")
            text.append(f" {card_numbers(kind)}")
            text.append("\n")
            if kind.role is not Role.REGULAR:
                text.append(f"({kind.role.value}) ", style="italic")
            text.append(f"shield {shield_names(kind, names)}", style="dim")
            card.show_text(text)
            card.display = True
            card.set_class(i == picked, "-picked")
            card.set_class(i not in playable, "-unplayable")
            card.set_class(True, SIDE_CLASS[side])
            card.set_class(False, SIDE_CLASS[side.other])
