"""The pieces of the UWO screen, each drawn only from a ``UwoView``.

None of these widgets ever touches the engine: they are handed a view (and, for the
hand, the view of the seat at the keyboard), so a hand that is not in the view cannot
be drawn.  Colours and sizes live in ``uwo.tcss``; these classes only set CSS classes
(``-gnorfs``/``-pnorfs``, ``-cursor``, ``-move``, ``-attack`` ...) and text.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from boardgames.common.text import sentence
from boardgames.uwo import board as B
from boardgames.uwo.board import Square
from boardgames.uwo.cards import Kind, Role
from boardgames.uwo.side import Side
from boardgames.uwo.view import SideView, UmoView

SIDE_CLASS = {Side.GNORFS: "-gnorfs", Side.PNORFS: "-pnorfs"}
#: Rich styles for text in the sides' colours (the CSS variables of uwo.tcss, for Rich text).
SIDE_STYLE = {Side.GNORFS: "bold #5fd35f", Side.PNORFS: "bold #b77ff0"}
HIGHLIGHTS = ("-cursor", "-selected", "-move", "-attack", "-morph", "-duel", "-blast", "-last")


class Drawn(Static):
    """A ``Static`` that skips redrawing when handed what it already shows.

    The screen redraws every panel after every key; most of them have not changed,
    and a real ``update`` costs a repaint (and, for auto-sized panels, a layout).
    """

    _shown: object = None

    def show_text(self, text: Text, *, layout: bool = True) -> None:
        key = (text.plain, tuple(text.spans), str(text.style))
        if key != self._shown:
            self._shown = key
            self.update(text, layout=layout)


def shield_names(kind: Kind, names: dict[str, str]) -> str:
    return ", ".join(names[k] for k in sorted(kind.shield, key=lambda k: names[k])) or "none"


class Cell(Drawn):
    """One square of the board: empty, or a UMO with its kind, stack height and marks."""

    @dataclass
    class Clicked(Message):
        square: Square

    def __init__(self, square: Square) -> None:
        super().__init__(id=f"sq-{B.name(square)}", classes="cell")
        self.square = square

    _last: object = None

    def show(self, umo: UmoView | None, marks: set[str], hint: str = "") -> None:
        """Draw the square; ``marks`` are highlight classes, ``hint`` what Enter would do here."""
        key = (umo, frozenset(marks), hint)
        if key == self._last:
            return
        self._last = key
        for cls in HIGHLIGHTS:
            self.set_class(cls in marks, cls)
        self.set_class(umo is None, "-empty")
        self.set_class(umo is not None and umo.side is Side.GNORFS, "-gnorfs")
        self.set_class(umo is not None and umo.side is Side.PNORFS, "-pnorfs")
        self.set_class(umo is not None and umo.out_of_play, "-out")
        text = Text(no_wrap=True, overflow="ellipsis")
        if umo is None:
            text.append(B.name(self.square), style="dim")
            text.append("\n")
            text.append(hint)
        else:
            text.append(f"{umo.kind.name}")
            if umo.height > 1:
                text.append(f" ×{umo.height}", style="bold")
            text.append("\n")
            status = "OUT" if umo.out_of_play else ("new" if umo.morphed_this_turn else "")
            text.append(f"{umo.side.singular[0]} {B.name(self.square)}", style="dim")
            if status:
                text.append(f" {status}", style="bold reverse" if status == "OUT" else "italic")
            if hint:
                text.append(f" {hint}", style="bold")
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
        Binding("enter", "activate", "Select / go"),
        Binding("escape", "cancel", "Cancel"),
    ]

    cursor: reactive[Square] = reactive(B.square(2, 1), init=False)

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


def energy_cards(left: int, total: int, side: Side) -> Text:
    """The energy row as cards: face up (still to spend) and turned over (spent)."""
    text = Text()
    for i in range(total):
        if i < left:
            text.append("▐█▌", style=SIDE_STYLE[side].replace("bold ", ""))
        else:
            text.append("▐░▌", style="dim")
    return text


class SideBar(Drawn):
    """One army's row: energy as six cards, evasion cards, deck, hand size, UMOs left."""

    def __init__(self, side: Side) -> None:
        super().__init__(id=f"bar-{side.name.lower()}", classes=f"sidebar {SIDE_CLASS[side]}")
        self.side = side

    def show(self, sv: SideView, *, to_act: bool, current: bool) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")
        marker = "▶ " if to_act else "  "
        text.append(marker, style="bold")
        text.append(f"{self.side.title.upper():<7}", style=SIDE_STYLE[self.side])
        text.append(" energy ")
        text.append_text(energy_cards(sv.energy, sv.energy_max, self.side))
        text.append(f" {sv.energy}/{sv.energy_max}")
        text.append(f"  evasion {sv.evasions}  deck {sv.deck_size}  hand {sv.hand_size}  UMOs {sv.umos}")
        if current:
            text.append("  (turn)", style="italic")
        self.set_class(to_act, "-to-act")
        self.show_text(text, layout=False)


class StatusPanel(Drawn):
    """Whose turn, what is still available, and what the player at the keyboard is asked."""

    def show(self, title: str, lines: list[str]) -> None:
        text = Text(title, style="bold")
        for line in lines:
            text.append("\n")
            text.append(line)
        self.show_text(text)


class InfoPanel(Drawn):
    """Everything printed on a card: the one under the cursor, the selected one or a hand card."""

    def show_kind(self, kind: Kind, names: dict[str, str], *, heading: str, extra: list[str] | None = None) -> None:
        text = Text(heading + "\n", style="bold")
        text.append(f"{kind.name}", style="bold underline")
        if kind.role is not Role.REGULAR:
            text.append(f"  ({kind.role.value})", style="italic")
        text.append(f"\nmove    {kind.move_text()}")
        text.append(f"\nattack  {kind.attack_text()}")
        text.append(f"\nshield  {shield_names(kind, names)}")
        if kind.rule_text:
            text.append(f"\n{kind.rule_text}", style="italic")
        for line in extra or []:
            text.append(f"\n{line}")
        self.show_text(text)

    def show_umo(self, umo: UmoView, names: dict[str, str]) -> None:
        self.show_kind(umo.kind, names, heading=f"{umo.side.singular} UMO on {B.name(umo.square)}",
                       extra=umo_notes(umo))

    def clear_info(self, hint: str) -> None:
        self.show_text(Text(hint, style="dim"))


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

    def show(self, side: Side | None, hand: tuple[Kind, ...] | None, picked: int | None,
             playable: set[int], names: dict[str, str]) -> None:
        title = self.query_one("#hand-title", Drawn)
        cards = list(self.query(HandCard))
        if side is None or hand is None:
            title.show_text(Text("Hands are hidden until a player takes the keyboard.", style="dim"))
            for card in cards:
                card.show_text(Text())
                card.display = False
            return
        if hand:
            title.show_text(Text.assemble(("Your hand", "bold"), f" ({side.title}): 1, 2, 3 pick a card"))
        else:
            title.show_text(Text.assemble(("Your hand", "bold"), f" ({side.title}) is empty."))
        for i, card in enumerate(cards):
            if i >= len(hand):
                card.show_text(Text())
                card.display = False
                continue
            kind = hand[i]
            text = Text()
            text.append(f"{i + 1} {kind.name}", style="bold")
            if kind.role is not Role.REGULAR:
                text.append(f" ({kind.role.value})", style="italic")
            text.append("\n")
            text.append(f"mv {kind.move}/{kind.move_cost}")
            if kind.role is Role.DYNAMITE:
                text.append(f" · blast/{kind.attack_cost}")
            elif kind.can_attack:
                text.append(f" · at {kind.attack}/{kind.attack_cost}")
            text.append(f" · shield {shield_names(kind, names)}", style="dim")
            card.show_text(text)
            card.display = True
            card.set_class(i == picked, "-picked")
            card.set_class(i not in playable, "-unplayable")
            card.set_class(True, SIDE_CLASS[side])
            card.set_class(False, SIDE_CLASS[side.other])
