"""VNTYPL8S's widgets: the licence plate, the owner grid, buzzers and score tables.

Each widget draws one thing from plain data handed to it by the screen (never from
the engine directly), so the screen decides what a viewer may see and the widgets
cannot leak a secret by themselves.  Names, owners and plates are data: they are
drawn as ``Text`` through ``common.text.plain`` (a ``str`` cell of a Rich ``Table`` would
be read as markup).  Their CSS lives in ``vntypl8s.tcss``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich import box
from rich.align import Align
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from boardgames.common.bigletters import big_text, double_size
from boardgames.common.text import plain
from boardgames.common.ui.text_input import TextInput
from boardgames.vntypl8s.engine import Outcome, PlateRecord, PlayerView, Standing
from boardgames.vntypl8s.limits import MAX_LENGTH

GAME = "vntypl8s"
#: Below this every VNTYPL8S screen is hidden behind "enlarge the terminal" (``GameScreen``).
MIN_SIZE = (80, 24)

#: The style of the characters past a plate's eight: visibly more than the plate holds (P21).
TOO_MANY = "bold #c1121f"


class PlateView(Static):
    """A vanity plate drawn like a licence plate: the state in its top border, big
    characters, the plain text under them (O and 0, S and 5 look alike in 3×3 cells).

    ``slots`` shows the eight places of an empty board while a plate is written.  A
    plate longer than eight characters (the editor holds 16, P21) is drawn whole, never
    spilling out of the board: the big characters past the eighth go on a second row,
    in red, the plain text marks them the same way, and the border turns red.
    """

    plate: reactive[str] = reactive("")
    #: 2: the characters at double size (``double_size``), where the terminal has room.
    scale: reactive[int] = reactive(1, layout=True)

    def __init__(self, plate: str = "", *, slots: int = 0, caption: str = "VNTYPL8S", id: str | None = None) -> None:
        super().__init__(id=id)
        self.slots = slots
        self.caption = caption
        self.border_title = caption
        self.set_reactive(PlateView.plate, plate)

    def watch_plate(self, plate: str) -> None:
        self.set_class(len(plate) > MAX_LENGTH, "-too-long")

    def on_mount(self) -> None:
        self.watch_plate(self.plate)

    def render(self) -> Group:
        return plate_lines(self.plate, self.slots, scale=self.scale)


def plate_lines(plate: str, slots: int = 0, *, scale: int = 1) -> Group:
    """The board's content: rows of up to eight big characters, then the plain text.

    *scale* 2 draws a plate of up to eight characters at double size."""
    # Non-breaking spaces keep every row of the block the same width when centred.
    rows: list[Text] = []
    for start in range(0, max(len(plate), 1), MAX_LENGTH):
        chunk = plate[start : start + MAX_LENGTH]
        lines = big_text(chunk, slots if start == 0 else 0)
        if scale == 2 and len(plate) <= MAX_LENGTH:
            lines = double_size(lines)
        style = "bold" if start < MAX_LENGTH else TOO_MANY
        rows.append(Text("\n".join(line.replace(" ", "\u00a0") for line in lines), style=style, no_wrap=True))
    spaced = Text(justify="center")
    shown = plain(plate, None) if plate else ""  # a plate is typed: data
    for i, ch in enumerate(shown):
        if i:
            spaced.append(" ")
        spaced.append(ch, style=TOO_MANY if i >= MAX_LENGTH else "")
    if not shown:
        spaced.append(" ")
    return Group(*(Align.center(r) for r in rows), Align.center(spaced))


class PlateInput(TextInput):
    """The plate editor's text field: what is typed or pasted goes in as capitals.

    Upper-casing at insertion (not after the fact on ``Changed``) never loses a key
    typed quickly; anything else (punctuation, spaces) goes in as typed so the judge
    can name it.  Every edit (a key, a paste, typing over a selection) goes through
    ``replace``.  Text that would not fit the field is refused whole, and said so.
    """

    cut_to_fit = False
    #: The full text the writer was last told does not take more: said once for it, so a
    #: key held down or typed on does not stack one notice per key (the bell still rings).
    _told_for: str | None = None

    def replace(self, text: str, start: int, end: int) -> None:
        super().replace(text.upper(), start, end)

    def restricted(self) -> None:
        super().restricted()
        if self._told_for == self.value:
            return
        self._told_for = self.value
        self.notify(
            f"That does not fit: the editor holds {self.max_length} characters (a plate has at most {MAX_LENGTH}).",
            severity="warning",
            markup=False,
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
    in it, and who took the gone ones.  As many columns as the width holds (3 at 80
    columns, more on a wider terminal, so the grid takes fewer rows).
    """

    #: The cells a column needs: a key, a space and most titles (``cards``: at most 24).
    COLUMN = 24

    _shown: tuple[Sequence[str], Sequence[str], Sequence[PlateRecord], Sequence[str], int] | None = None

    def show(
        self,
        layout: Sequence[str],
        remaining: Sequence[str],
        history: Sequence[PlateRecord],
        names: Sequence[str],
        round_: int,
    ) -> None:
        self._shown = (layout, remaining, history, names, round_)
        taken = {r.owner: r for r in history if r.round == round_}
        width = self.content_size.width or (self.app.size.width - 6)
        columns = max(2, min(6, width // self.COLUMN))
        table = Table.grid(padding=(0, 2), expand=True)
        for _ in range(columns):
            table.add_column(ratio=1)
        cell_width = max(1, (width - 2 * (columns - 1)) // columns)
        cells: list[Text] = []
        for i, owner in enumerate(layout):
            key = grid_key(i)
            if owner in remaining:
                cells.append(Text.assemble((f"{key}", "bold reverse"), " ", plain(owner)))
            else:
                record = taken.get(owner)
                guessed = record.guessed_by if record else None
                who = " (revealed)"
                if guessed is not None:
                    # The taker's buzzer number always (the buzzers beside the plate name it
                    # in full); the name only when it fits whole: never a cut name, and never
                    # the grid's rows doubled off the bottom of an 80x24 screen.
                    who = f" → {guessed + 1}"
                    named = f"{who} {plain(names[guessed])}"
                    if cell_len(f"{key} {plain(owner)}{named}") <= cell_width:
                        who = named
                cells.append(
                    Text.assemble(
                        (f"{key}", "dim"),
                        " ",
                        (plain(owner), "dim strike"),
                        (who, "dim"),
                        no_wrap=True,
                        overflow="ellipsis",
                    )
                )
        for row in range(0, len(cells), columns):
            chunk = cells[row : row + columns]
            table.add_row(*chunk, *[Text("")] * (columns - len(chunk)))
        self.update(table)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


class BuzzerBar(Static):
    """One buzzer per player, one a line: `` 2  Bob``; who may still buzz has their key
    bright, the writer and locked-out players are dimmed and said so, and whoever holds
    the buzz is marked (P29).  It stands beside the plate, so it is in sight whoever buzzes
    - the guess dialog opens below it."""

    def show(
        self, players: Sequence[PlayerView], active: int | None, locked: frozenset[int], holder: int | None = None
    ) -> None:
        head = "Buzz with your number:" if holder is None else "Wait: the buzz is held."
        out = Text(head, style="bold", no_wrap=True, overflow="ellipsis")
        for p in players:
            out.append("\n")
            label = f" {p.seat + 1} "
            name = plain(p.name)
            if p.seat == active:
                out.append(label, style="dim")
                out.append(f" {name} (wrote it)", style="dim")
            elif p.seat in locked:
                out.append(label, style="dim")
                out.append(f" {name}", style="dim strike")
                out.append(" (locked out)", style="dim")
            elif p.seat == holder:
                out.append(label, style="bold reverse")
                out.append(f" {name} ◀ buzzed", style="bold")
            else:
                out.append(label, style="bold reverse" if holder is None else "reverse")
                out.append(f" {name}")
        self.update(out)


def score_table(standings: Sequence[Standing], title: str, winners: Collection[int] = ()) -> Table:
    """Players with their 0WN3R cards, R3QRMNTS cards and total, highest first.

    No box lines: one row per player, so eight players and the plates below them
    still fit on an 80×24 terminal.
    """
    table = Table(
        title=title,
        title_justify="left",
        title_style="bold",
        box=None,
        padding=(0, 2, 0, 0),
        header_style="bold underline",
    )
    table.add_column("Player", overflow="fold")  # a name is never cut (…): it folds
    table.add_column("0WN3R", justify="right")
    table.add_column("R3QRMNTS", justify="right")
    table.add_column("Cards", justify="right", style="bold")
    ranked = sorted(standings, key=lambda s: (-s.cards, -s.requirements, s.player))
    for s in ranked:
        name = f"★ {plain(s.name)}" if s.player in winners else f"  {plain(s.name)}"
        table.add_row(Text(name), str(s.owners), str(s.requirements), str(s.cards))
    return table


def requirements_result(record: PlateRecord) -> str:
    """What became of a plate's R3QRMNTS card, in a few words."""
    if record.requirements_scored:
        return f"{plain(record.requirements)} scored"
    if record.requirements_met:
        return f"{plain(record.requirements)} met, not guessed"
    return f"{plain(record.requirements)} missed"


#: What starts a plate's line in the final list once it is marked: a sign, not a colour alone (P37).
MARKED = "★ "


def plate_option(record: PlateRecord, names: Sequence[str], *, marked: bool = False) -> Text:
    """One plate of the game in the favourites list, on one line: ``★`` when marked, its
    round, the plate, its 0WN3R and its writer (``plate_detail`` tells the highlighted one
    in full)."""
    return Text.assemble(
        (MARKED if marked else "", "bold"),
        (f"R{record.round} ", "dim"),
        (f"{plain(record.plate):<8}", "bold"),
        "  ",
        plain(record.owner),
        (f" — by {plain(names[record.writer])}", "dim"),
        no_wrap=True,
        overflow="ellipsis",
    )


def plate_detail(record: PlateRecord, names: Sequence[str]) -> Text:
    """Everything the printed record page asks of a plate (0WN3R, R3QRMNTS) and how it
    went, in full: a line of the list may be cut on a narrow terminal, this never is."""
    guessed = plain(names[record.guessed_by]) if record.guessed_by is not None else "nobody"
    return Text.assemble(
        (plain(record.plate), "bold"),
        f": 0WN3R {plain(record.owner)} · R3QRMNTS {requirements_result(record)} · "
        f"written by {plain(names[record.writer])} · guessed by {guessed}",
    )


#: What the round's table says of a writer whose time ran out without a plate (P17, P35).
NO_PLATE = "no plate: time ran out"


def plates_table(
    history: Sequence[PlateRecord], names: Sequence[str], title: str, without: Sequence[int] = ()
) -> Table:
    """Every plate played: who wrote it, its owner, who guessed it, its requirements; then
    the writers in *without*, whose time ran out with no plate (P35: their 0WN3R card
    stays a decoy's secret, P19).  Names fold onto a second line rather than being cut."""
    table = Table(
        title=title,
        title_justify="left",
        title_style="bold",
        expand=True,
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
    )
    table.add_column("Plate", style="bold", no_wrap=True)
    table.add_column("Writer", overflow="fold")
    table.add_column("0WN3R", overflow="fold")
    table.add_column("Guessed by", overflow="fold")
    table.add_column("R3QRMNTS", overflow="fold")
    for r in history:
        guessed = plain(names[r.guessed_by]) if r.guessed_by is not None else "nobody"
        reqs = requirements_result(r)
        # A str cell would be read as Rich markup: every cell is Text.
        cells = (plain(r.plate), plain(names[r.writer]), plain(r.owner), guessed, reqs)
        table.add_row(*(Text(c) for c in cells))
    for seat in without:
        table.add_row(Text("—"), Text(plain(names[seat])), Text(NO_PLATE, style="italic"), Text("—"), Text("—"))
    return table


def tiebreak_text(outcome: Outcome, names: Sequence[str]) -> Text:
    """The winner line and how the tie (if any) was broken (P18)."""
    winners = [plain(names[w]) for w in sorted(outcome.winners)]
    if outcome.shared and len(winners) == len(names):
        head = "Shared victory: everyone ties!"
    elif outcome.shared and len(winners) > 3:
        # Long lists of names would push the plates off an 80×24 screen: the table stars them.
        head = f"Shared victory between {len(winners)} players (★ below)!"
    elif outcome.shared:
        head = f"Shared victory: {' and '.join(winners)}!"
    else:
        head = f"{winners[0]} wins!"
    return Text.assemble((head, "bold"), "  ", (f"Decided by: {outcome.tiebreak.value}.", "italic"))


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
        gap = " " if line.endswith("Cards:") or (word == "Cards:" and not line) else "   "
        candidate = f"{line}{gap}{word}" if line else word
        if line and cell_len(candidate) > width:
            rows.append(line)
            line = word
        else:
            line = candidate
    if line:
        rows.append(line)
    return rows
