"""The UWO board's geometry: 5 columns (files a-e) by 6 rows (ranks 1-6).

A square is an ``int`` 0..29, ``rank_index * 5 + file_index``; rank 1 is the
Gnorfs' back row, rank 6 the Pnorfs'.  Squares are plain ints so the engine's
hot path (legal actions in self-play) does only list lookups; every neighbour and
line of sight is precomputed here once.
"""

from __future__ import annotations

COLS = 5
ROWS = 6
SQUARES = COLS * ROWS
FILES = "abcde"

Square = int

#: Orthogonal directions as (file step, rank step): north (towards rank 6), east, south, west.
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))


def square(col: int, row: int) -> Square:
    return row * COLS + col


def col_of(sq: Square) -> int:
    return sq % COLS


def row_of(sq: Square) -> int:
    return sq // COLS


def on_board(col: int, row: int) -> bool:
    return 0 <= col < COLS and 0 <= row < ROWS


def name(sq: Square) -> str:
    """``0`` -> ``"a1"``, ``29`` -> ``"e6"``."""
    return f"{FILES[col_of(sq)]}{row_of(sq) + 1}"


def parse(text: str) -> Square:
    """``"c4"`` -> its square; ``ValueError`` for anything else."""
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in FILES or not t[1].isdigit() or not 1 <= int(t[1]) <= ROWS:
        raise ValueError(f"not a square of the 5×6 board: {text!r}")
    return square(FILES.index(t[0]), int(t[1]) - 1)


def _ray(sq: Square, dc: int, dr: int) -> tuple[Square, ...]:
    c, r = col_of(sq), row_of(sq)
    out = []
    c, r = c + dc, r + dr
    while on_board(c, r):
        out.append(square(c, r))
        c, r = c + dc, r + dr
    return tuple(out)


#: RAYS[sq]: for each direction, the squares from nearest to farthest.
RAYS: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(
    tuple(_ray(sq, dc, dr) for dc, dr in DIRECTIONS) for sq in range(SQUARES)
)
#: ADJACENT[sq]: the orthogonal neighbours.
ADJACENT: tuple[tuple[Square, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[sq] if ray) for sq in range(SQUARES)
)
#: AROUND[sq]: the up to 8 squares around (a dynamite's blast).
AROUND: tuple[tuple[Square, ...], ...] = tuple(
    tuple(
        square(col_of(sq) + dc, row_of(sq) + dr)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dc, dr) != (0, 0) and on_board(col_of(sq) + dc, row_of(sq) + dr)
    )
    for sq in range(SQUARES)
)


def home_rows(side_index: int) -> tuple[int, int]:
    """The two rows a side's troops start on: ranks 1-2 for the Gnorfs, 5-6 for the Pnorfs."""
    return (0, 1) if side_index == 0 else (ROWS - 1, ROWS - 2)


def corners(side_index: int) -> tuple[Square, Square]:
    """The board corners on a side's back row (left empty in the first-game variant)."""
    row = 0 if side_index == 0 else ROWS - 1
    return square(0, row), square(COLS - 1, row)
