"""VNTYPL8S's widgets: the licence plate, the owner grid, buzzers and score tables.

Each widget draws one thing from plain data handed to it by the screen (never from
the engine directly), so the screen decides what a viewer may see and the widgets
cannot leak a secret by themselves.  Names, owners and plates are data: they are
drawn as ``Text`` through ``common.text.plain`` (a ``str`` cell of a Rich ``Table`` would
be read as markup).  Their CSS lives in ``vntypl8s.tcss``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.align import Align
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from boardgames.common.text import plain
from boardgames.common.ui.text_input import TextInput
from boardgames.vntypl8s.engine import Outcome, PlateRecord, PlayerView, Standing
from boardgames.vntypl8s.judge import MAX_LENGTH

# A 3x3 font in heavy box-drawing lines, so the plate reads from across the table.
# Letters and digits that look alike in so few cells (O/0, S/5, B/8) are told apart
# by the plain text the plate prints under its big characters.
_GLYPHS: dict[str, tuple[str, str, str]] = {
    "0": ("┏━┓", "┃ ┃", "┗━┛"),
    "1": ("╺┓ ", " ┃ ", "╺┻╸"),
    "2": ("╺━┓", "┏━┛", "┗━╸"),
    "3": ("╺━┓", " ━┫", "╺━┛"),
    "4": ("╻ ╻", "┗━┫", "  ╹"),
    "5": ("┏━╸", "┗━┓", "╺━┛"),
    "6": ("┏━╸", "┣━┓", "┗━┛"),
    "7": ("╺━┓", "  ┃", "  ╹"),
    "8": ("┏━┓", "┣━┫", "┗━┛"),
    "9": ("┏━┓", "┗━┫", "╺━┛"),
    "A": ("┏━┓", "┣━┫", "╹ ╹"),
    "B": ("┳━┓", "┣━┫", "┻━┛"),
    "C": ("┏━╸", "┃  ", "┗━╸"),
    "D": ("┳━┓", "┃ ┃", "┻━┛"),
    "E": ("┏━╸", "┣━╸", "┗━╸"),
    "F": ("┏━╸", "┣━╸", "╹  "),
    "G": ("┏━╸", "┃╺┓", "┗━┛"),
    "H": ("╻ ╻", "┣━┫", "╹ ╹"),
    "I": ("╺┳╸", " ┃ ", "╺┻╸"),
    "J": ("  ╻", "  ┃", "┗━┛"),
    "K": ("╻┏╸", "┣┫ ", "╹┗╸"),
    "L": ("╻  ", "┃  ", "┗━╸"),
    "M": ("┏┳┓", "┃┃┃", "╹╹╹"),
    "N": ("┏┓╻", "┃┃┃", "╹┗┛"),
    "O": ("┏━┓", "┃ ┃", "┗━┛"),
    "P": ("┏━┓", "┣━┛", "╹  "),
    "Q": ("┏━┓", "┃ ┃", "┗━╋"),
    "R": ("┏━┓", "┣┳┛", "╹┗╸"),
    "S": ("┏━━", "┗━┓", "━━┛"),
    "T": ("╺┳╸", " ┃ ", " ╹ "),
    "U": ("╻ ╻", "┃ ┃", "┗━┛"),
    "V": ("╻ ╻", "╲ ╱", " ╹ "),
    "W": ("╻ ╻", "┃┃┃", "┗┻┛"),
    "X": ("╲ ╱", " ╳ ", "╱ ╲"),
    "Y": ("╻ ╻", "┗┳┛", " ╹ "),
    "Z": ("╺━┓", " ╱ ", "┗━╸"),
    " ": ("   ", "   ", "   "),
}
_UNKNOWN = ("╺━┓", " ┏┛", " ╹ ")
_EMPTY_SLOT = ("   ", "   ", " ─ ")


def big_text(text: str, slots: int = 0) -> list[str]:
    """Three lines of big characters for *text*, padded with empty slots to *slots*."""
    glyphs = [_GLYPHS.get(ch.upper(), _UNKNOWN) for ch in text]
    glyphs += [_EMPTY_SLOT] * max(0, slots - len(glyphs))
    return [" ".join(g[row] for g in glyphs) for row in range(3)]


class PlateView(Static):
    """A vanity plate drawn like a licence plate: state band, big characters, text.

    ``slots`` shows the eight places of an empty board while a plate is written.
    """

    plate: reactive[str] = reactive("")

    def __init__(self, plate: str = "", *, slots: int = 0, caption: str = "VNTYPL8S", id: str | None = None) -> None:
        super().__init__(id=id)
        self.slots = slots
        self.caption = caption
        self.set_reactive(PlateView.plate, plate)

    def render(self) -> Group:
        # Non-breaking spaces keep every row of the block the same width when centred.
        lines = [line.replace(" ", "\u00a0") for line in big_text(self.plate, self.slots)]
        body = Align.center(Text("\n".join(lines), style="bold", no_wrap=True))
        spaced = " ".join(plain(self.plate)) if self.plate else " "  # a plate is typed: data
        return Group(
            Text(self.caption, style="italic", justify="center"),
            body,
            Text(spaced, justify="center"),
        )


class PlateInput(TextInput):
    """The plate editor's text field: what is typed or pasted goes in as capitals.

    Upper-casing at insertion (not after the fact on ``Changed``) never loses a key
    typed quickly; anything else (punctuation, spaces) goes in as typed so the judge
    can name it.  Every edit (a key, a paste, typing over a selection) goes through
    ``replace``.  Text that would not fit the field is refused whole, and said so.
    """

    def replace(self, text: str, start: int, end: int) -> None:
        super().replace(text.upper(), start, end)

    def restricted(self) -> None:
        super().restricted()
        self.notify(
            f"That does not fit: the editor holds {self.max_length} characters (a plate has at most {MAX_LENGTH}).",
            severity="warning",
        )


class CardView(Static):
    """A face-up card: the 0WN3R title or the R3QRMNTS characters, with its deck name."""

    def show(self, kind: str, text: str | None) -> None:
        self.set_class(text is None, "-blank")
        self.update(Text.assemble((kind, "dim"), "\n", (plain(text or ""), "bold")) if text else "")


def requirement_ticks(card: str, used: Sequence[bool]) -> Text:
    """``[S ✓] [H ·] [5 ✓]``: which characters of the card the plate uses (P11)."""
    out = Text()
    for i, (ch, ok) in enumerate(zip(card, used, strict=True)):
        if i:
            out.append(" ")
        out.append(f"[{ch} {'✓' if ok else '·'}]", style="bold green" if ok else "dim")
    return out


def grid_key(index: int) -> str:
    """The key of the card in grid slot *index*: a, b, c..."""
    return "abcdefghijklmnopqrstuvwxyz"[index]


class OwnerGrid(Static):
    """The face-up grid of owners, one key per card; gone cards stay in place, dimmed.

    The screen passes only public facts: the grid as dealt, which cards are still
    in it, and who took the gone ones.
    """

    def show(self, layout: Sequence[str], remaining: Sequence[str], history: Sequence[PlateRecord], names: Sequence[str], round_: int) -> None:
        taken = {r.owner: r for r in history if r.round == round_}
        table = Table.grid(padding=(0, 2), expand=True)
        columns = 3
        for _ in range(columns):
            table.add_column(ratio=1)
        cells: list[Text] = []
        for i, owner in enumerate(layout):
            key = grid_key(i)
            if owner in remaining:
                cells.append(Text.assemble((f"{key}", "bold reverse"), " ", plain(owner)))
            else:
                record = taken.get(owner)
                guessed = record.guessed_by if record else None
                who = f" → {plain(names[guessed])}" if guessed is not None else " (revealed)"
                cells.append(Text.assemble((f"{key}", "dim"), " ", (plain(owner), "dim strike"), (who, "dim")))
        for row in range(0, len(cells), columns):
            chunk = cells[row : row + columns]
            table.add_row(*chunk, *[Text("")] * (columns - len(chunk)))
        self.update(table)


class BuzzerBar(Static):
    """One buzzer per player, by name: ``[1] Ann``; the writer and locked-out players dimmed."""

    def show(self, players: Sequence[PlayerView], active: int | None, locked: frozenset[int]) -> None:
        out = Text("Buzz: ", style="bold")
        for p in players:
            label = f" {p.seat + 1} "
            name = plain(p.name)
            if p.seat == active:
                out.append(label, style="dim")
                out.append(f"{name} (wrote it)", style="dim")
            elif p.seat in locked:
                out.append(label, style="dim")
                out.append(f"{name} (locked out)", style="dim strike")
            else:
                out.append(label, style="bold reverse")
                out.append(f" {name}")
            out.append("   ")
        self.update(out)


def score_table(standings: Sequence[Standing], title: str, winners: Sequence[int] = ()) -> Table:
    """Players with their 0WN3R cards, R3QRMNTS cards and total, highest first."""
    table = Table(title=title, expand=True)
    table.add_column("Player")
    table.add_column("0WN3R", justify="right")
    table.add_column("R3QRMNTS", justify="right")
    table.add_column("Cards", justify="right", style="bold")
    ranked = sorted(standings, key=lambda s: (-s.cards, -s.requirements, s.player))
    for s in ranked:
        name = f"★ {plain(s.name)}" if s.player in winners else plain(s.name)
        table.add_row(Text(name), str(s.owners), str(s.requirements), str(s.cards))
    return table


def plates_table(history: Sequence[PlateRecord], names: Sequence[str], title: str) -> Table:
    """Every plate played: who wrote it, its owner, who guessed it, its requirements."""
    table = Table(title=title, expand=True)
    table.add_column("Plate", style="bold")
    table.add_column("Writer")
    table.add_column("0WN3R")
    table.add_column("Guessed by")
    table.add_column("R3QRMNTS")
    for r in history:
        guessed = plain(names[r.guessed_by]) if r.guessed_by is not None else "nobody"
        if r.requirements_scored:
            reqs = f"{plain(r.requirements)} scored"
        elif r.requirements_met:
            reqs = f"{plain(r.requirements)} met, not guessed"
        else:
            reqs = f"{plain(r.requirements)} missed"
        # A str cell would be read as Rich markup: every cell is Text.
        cells = (plain(r.plate), plain(names[r.writer]), plain(r.owner), guessed, reqs)
        table.add_row(*(Text(c) for c in cells))
    return table


def tiebreak_text(outcome: Outcome, names: Sequence[str]) -> Text:
    """The winner line and how the tie (if any) was broken (P18)."""
    winners = [plain(names[w]) for w in outcome.winners]
    if outcome.shared:
        head = f"Shared victory: {' and '.join(winners)}!"
    else:
        head = f"{winners[0]} wins!"
    return Text.assemble((head, "bold"), "\n", (f"Decided by: {outcome.tiebreak.value}.", "italic"))


def characters_left(plate: str) -> str:
    left = MAX_LENGTH - len(plate)
    if left >= 0:
        return f"{left} character{'s' if left != 1 else ''} left"
    return f"{-left} character{'s' if left != -1 else ''} too many"


#: The most lines the status bar takes (``status_text``): the rest of the screen is the game's.
STATUS_LINES = 2


def status_text(head: str, scores: Sequence[tuple[str, int]], width: int, lines: int = STATUS_LINES) -> Text:
    """The status bar: *head* (round and phase), then every player's cards, in at most *lines*.

    Every score is always shown: a line breaks only between two players (never
    between a name and its score), and when the names as written would need more
    lines, each is shortened (``…``) just enough to fit - 8 players with 24-character
    names on an 80-column terminal included.
    """
    width = max(width, 20)
    for limit in range(max((cell_len(plain(n)) for n, _ in scores), default=1), 0, -1):
        entries = [f"{plain(name, limit).replace(' …', '…')} {score}".replace(" ", "\u00a0") for name, score in scores]
        rows = _flow([head, "Cards:", *entries], width)
        if len(rows) <= lines:
            return Text("\n".join(rows), no_wrap=True, overflow="ellipsis")
    return Text("\n".join(_flow([head, "Cards:", *entries], width)[:lines]), no_wrap=True, overflow="ellipsis")


def _flow(words: Sequence[str], width: int) -> list[str]:
    """*words* laid out in lines of at most *width* cells, three spaces apart."""
    rows: list[str] = []
    line = ""
    for word in words:
        gap = " " if line.endswith("Cards:") or word == "Cards:" and not line else "   "
        candidate = f"{line}{gap}{word}" if line else word
        if line and cell_len(candidate) > width:
            rows.append(line)
            line = word
        else:
            line = candidate
    if line:
        rows.append(line)
    return rows
