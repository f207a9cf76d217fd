"""Big letters: text drawn three cells tall in heavy box-drawing lines, for what is read
from across the table (VNTYPL8S's plate, Vowl's card) on a terminal with room for it.

Pure strings in, strings out (no Textual): a widget picks the size from the room it
has (``fits``) and keeps the plain text on a line of its own, since a few letters look
alike at this size and screen readers and terminal tests read the plain line.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Rows of one glyph: ``big_text``'s height; ``double_size`` makes it ``DOUBLE_ROWS``.
ROWS = 3
DOUBLE_ROWS = 2 * ROWS - 1

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


def big_text(text: str, slots: int = 0, *, gap: int = 1) -> list[str]:
    """Three lines of big characters for *text*, *gap* cells apart, padded with empty
    slots to *slots*."""
    glyphs = [_GLYPHS.get(ch.upper(), _UNKNOWN) for ch in text]
    glyphs += [_EMPTY_SLOT] * max(0, slots - len(glyphs))
    return [(" " * gap).join(g[row] for g in glyphs) for row in range(ROWS)]


#: Which way each line of the font's box-drawing characters reaches out of its cell
#: (Up, Down, Left, Right): what ``double_size`` needs to stretch them without gaps.
_ARMS = {
    "━": "LR",
    "─": "LR",
    "┃": "UD",
    "┏": "RD",
    "┓": "LD",
    "┗": "UR",
    "┛": "UL",
    "┣": "UDR",
    "┫": "UDL",
    "┳": "LRD",
    "┻": "LRU",
    "╋": "UDLR",
    "╸": "L",
    "╺": "R",
    "╹": "U",
    "╻": "D",
}


def double_size(lines: Sequence[str]) -> list[str]:
    """The big characters twice as wide and nearly twice as tall (3 rows become 5), for
    a terminal with room to spare: a plate is read from across the table.

    Each cell becomes two side by side (a line reaching right goes on through the new
    one), and between two rows comes one that carries every line reaching down (and
    the diagonals on, one cell over)."""
    wide: list[list[str]] = []
    for line in lines:
        row: list[str] = []
        for ch in line:
            if ch == "╱":
                row += [" ", "╱"]  # a rising diagonal leans into its right half
            else:
                row += [ch, ("─" if ch == "─" else "━") if "R" in _ARMS.get(ch, "") else " "]
        wide.append(row)
    out: list[str] = []
    for i, row in enumerate(wide):
        out.append("".join(row))
        if i == len(wide) - 1:
            break
        below = [" "] * len(row)
        for x, ch in enumerate(row):
            if "D" in _ARMS.get(ch, ""):
                below[x] = "┃"
            elif ch in "╲╳" and x + 1 < len(row):
                below[x + 1] = "╲"
            if ch in "╱╳" and x > 0:
                below[x - 1] = "╱"
        out.append("".join(below))
    return out


def big_width(count: int, *, scale: int = 1, gap: int = 1) -> int:
    """Cells across *count* big characters drawn *gap* cells apart, at *scale* 1 or 2."""
    if count <= 0:
        return 0
    return scale * (count * ROWS + (count - 1) * gap)


def fits(count: int, width: int, height: int, *, gap: int = 1) -> int:
    """The largest scale (2, 1, or 0: none) at which *count* big characters fit in
    *width* × *height* cells."""
    for scale, rows in ((2, DOUBLE_ROWS), (1, ROWS)):
        if big_width(count, scale=scale, gap=gap) <= width and rows <= height:
            return scale
    return 0
