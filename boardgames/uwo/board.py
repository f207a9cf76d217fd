"""The UWO board: its geometry and the rules that are geometry or turn counting only.

A square is an ``int`` 0..29, ``rank_index * 5 + file_index``; rank 1 is the
Gnorfs' back row, rank 6 the Pnorfs'.  Squares are plain ints so the engine's
hot path (legal actions in self-play) does only list lookups; every neighbour and
line of sight is precomputed here once.

Both the rules engine and the computer opponent ask this module what a UMO can
reach (a straight move, a line of fire, a Dynamite's blast) and whether a UMO is
out of play, so the two can never disagree on it: the opponent's evaluation looks
at exactly the lines the engine will allow.  The functions read a board only as
"which squares are empty" (any sequence of 30 items, ``None`` for empty), so they
serve the engine's ``Umo`` records and the screen's views alike.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence

COLS = 5
ROWS = 6
SQUARES = COLS * ROWS
FILES = "abcde"
#: The farthest apart two squares of one line are: a reach beyond it reaches no further.
LONGEST = max(COLS, ROWS) - 1

Square = int
#: A board as this module reads it: 30 squares, ``None`` where a square is empty.
Board = Sequence[object | None]

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


def home_rows(side_index: int) -> tuple[int, int]:
    """The two rows a side's troops start on: ranks 1-2 for the Gnorfs, 5-6 for the Pnorfs."""
    return (0, 1) if side_index == 0 else (ROWS - 1, ROWS - 2)


def corners(side_index: int) -> tuple[Square, Square]:
    """The board corners on a side's back row (left empty in the first-game variant)."""
    row = 0 if side_index == 0 else ROWS - 1
    return square(0, row), square(COLS - 1, row)


# ---------------------------------------------------------------------- precomputed tables


def _ray(sq: Square, dc: int, dr: int) -> tuple[Square, ...]:
    c, r = col_of(sq), row_of(sq)
    out: list[Square] = []
    c, r = c + dc, r + dr
    while on_board(c, r):
        out.append(square(c, r))
        c, r = c + dc, r + dr
    return tuple(out)


#: RAYS[sq]: for each direction, the squares from nearest to farthest.
RAYS: tuple[tuple[tuple[Square, ...], ...], ...] = tuple(
    tuple(_ray(sq, dc, dr) for dc, dr in DIRECTIONS) for sq in range(SQUARES)
)
#: RAYS_WITHIN[reach][sq]: the rays cut ``reach`` squares long (reach 0..LONGEST; a longer
#: reach is LONGEST's), so that scanning a line within a UMO's reach copies nothing.
RAYS_WITHIN: tuple[tuple[tuple[tuple[Square, ...], ...], ...], ...] = tuple(
    tuple(tuple(ray[:reach] for ray in RAYS[sq]) for sq in range(SQUARES)) for reach in range(LONGEST + 1)
)
#: ADJACENT[sq]: the orthogonal neighbours.
ADJACENT: tuple[tuple[Square, ...], ...] = tuple(tuple(ray[0] for ray in RAYS[sq] if ray) for sq in range(SQUARES))
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


def _line(src: Square, dst: Square) -> tuple[Square, ...] | None:
    for ray in RAYS[src]:
        if dst in ray:
            return ray[: ray.index(dst) + 1]
    return None


#: LINES[src][dst]: the squares from ``src`` (left out) to ``dst`` (included) when ``dst``
#: lies straight ahead of ``src`` in one of the four directions; ``None`` otherwise.
LINES: tuple[tuple[tuple[Square, ...] | None, ...], ...] = tuple(
    tuple(_line(src, dst) for dst in range(SQUARES)) for src in range(SQUARES)
)


def _line_gap(a: Square, b: Square, reach: int) -> int:
    dc, dr = abs(col_of(a) - col_of(b)), abs(row_of(a) - row_of(b))
    return min(dc + max(0, dr - reach), dr + max(0, dc - reach))


_LineGaps = tuple[tuple[tuple[int, ...], ...], ...]
_line_gap_cache: list[_LineGaps] = []  # the table once built (a list: no ``global`` needed)


def _line_gap_table() -> _LineGaps:
    """[reach][a][b] (reach 0..LONGEST): see ``line_gaps``; reach 0 is the Manhattan distance.

    Built on first use: only the computer opponent asks, and a duel between people
    should not pay for 5,400 entries before its first frame.
    """
    if not _line_gap_cache:
        _line_gap_cache.append(
            tuple(
                tuple(tuple(_line_gap(a, b, reach) for b in range(SQUARES)) for a in range(SQUARES))
                for reach in range(LONGEST + 1)
            )
        )
    return _line_gap_cache[0]


#: BLAST_GAP[a][b]: the steps (blockers aside) a Dynamite on ``a`` must take before ``b`` is
#: among the 8 squares around it (``AROUND``): 0 when it already is, -1 for ``a`` itself.
BLAST_GAP: tuple[tuple[int, ...], ...] = tuple(
    tuple(max(abs(col_of(a) - col_of(b)), abs(row_of(a) - row_of(b))) - 1 for b in range(SQUARES))
    for a in range(SQUARES)
)


# ---------------------------------------------------------------------- lines and reach


def line(src: Square, dst: Square) -> tuple[Square, ...] | None:
    """The squares a straight move or shot from ``src`` crosses to ``dst``, ``dst`` last;
    ``None`` when ``dst`` is not straight ahead (UMOs move and attack only horizontally
    or vertically), is ``src`` itself or is not a square of the board."""
    if 0 <= dst < SQUARES:
        return LINES[src][dst]
    return None


class Sight(enum.Enum):
    """Whether a UMO can reach a square along a line, and if not, why (the first reason)."""

    CLEAR = "clear"
    #: Not horizontally or vertically in line.
    NOT_IN_LINE = "not in line"
    #: In line, but farther than the reach.
    TOO_FAR = "too far"
    #: In line and within reach, but a UMO (of either side) stands in between.
    BLOCKED = "blocked"


def sight(board: Board, src: Square, dst: Square, reach: int) -> Sight:
    """Can a UMO on ``src`` reach ``dst`` in a straight line of at most ``reach`` squares
    with nothing in between?  Whatever stands on ``dst`` itself is not looked at: an
    attack needs a UMO there, a move an empty square, and the caller says which.

    The engine's refusals are built on it, so the reason is the first that applies in
    this order: not in line, too far, blocked.
    """
    path = line(src, dst)
    if path is None:
        return Sight.NOT_IN_LINE
    if len(path) > reach:
        return Sight.TOO_FAR
    for sq in path[:-1]:
        if board[sq] is not None:
            return Sight.BLOCKED
    return Sight.CLEAR


def open_squares(board: Board, src: Square, reach: int, see_through: Square = -1) -> list[Square]:
    """The empty squares in line with ``src``, up to ``reach`` squares away and before the
    first UMO of each line: where a straight move may end (U2), and where a UMO that
    steps in stands in the line of fire of an attacker on ``src``.  Direction by
    direction, nearest first, so that the legal moves always come in the same order.

    ``see_through`` counts as empty: the UMO about to move away, whose escapes from an
    attacker are being judged.
    """
    out: list[Square] = []
    for ray in RAYS_WITHIN[reach if reach < LONGEST else LONGEST][src]:
        for sq in ray:
            if board[sq] is not None and sq != see_through:
                break
            out.append(sq)
    return out


def targets(board: Board, src: Square, reach: int) -> list[Square]:
    """The UMOs in the line of fire of an attacker on ``src``: on each line, the first UMO
    within ``reach`` squares (friend or enemy: nothing shoots through a UMO).  Who may
    be attacked among them (side, shield) is for the caller to decide."""
    out: list[Square] = []
    for ray in RAYS_WITHIN[reach if reach < LONGEST else LONGEST][src]:
        for sq in ray:
            if board[sq] is not None:
                out.append(sq)
                break
    return out


def flood(board: Board, src: Square, steps: int) -> list[Square]:
    """The squares reached from ``src`` in 1..``steps`` orthogonal steps over empty
    squares only (never ``src``), nearest first: where a Rider can get to without
    trampling anyone."""
    out: list[Square] = []
    frontier = [src]
    seen = {src}
    for _ in range(steps):
        nxt: list[Square] = []
        for sq in frontier:
            for n in ADJACENT[sq]:
                if n not in seen and board[n] is None:
                    seen.add(n)
                    nxt.append(n)
        out.extend(nxt)
        frontier = nxt
    return out


def line_gaps(src: Square, reach: int) -> tuple[int, ...]:
    """Per square ``b``, how many squares a UMO on ``src`` must walk (blockers aside) to
    stand in line with ``b`` at most ``reach`` squares away.  Not the Manhattan distance
    less the reach: a Bazooka five squares off in a knight-like slant still has to step
    into the file."""
    table = _line_gap_cache[0] if _line_gap_cache else _line_gap_table()
    return table[reach if reach < LONGEST else LONGEST][src]


# ---------------------------------------------------------------------- out of play


def out_of_play(out: tuple[int, int], done: Sequence[int]) -> bool:
    """Is a UMO with the mark ``out`` out of play when the sides have finished ``done``
    turns?  ``out`` holds, per side, the turns that side must have finished before the
    UMO is back (U4, U7); one unfinished condition is enough to keep it out.

    An out-of-play UMO cannot attack or defend, and its shield does not protect it (U5).
    """
    return done[0] < out[0] or done[1] < out[1]


def waits_for(out: tuple[int, int], done: Sequence[int], side: int) -> bool:
    """Is a UMO with the mark ``out`` still waiting for the end of a turn of ``side``?
    (Said in words on the screen: "out of play until the end of the Gnorfs' next turn".)"""
    return done[side] < out[side]


def shield_stops(shield: Collection[str], attacker: str, out: bool) -> bool:
    """Does a UMO's ``shield`` stop an attacker of kind ``attacker``?  Only while the UMO is
    in play (``out`` false): out of play, it has lost its defence (U5).  A Rider crossing
    it counts as an attack (U3)."""
    return not out and attacker in shield
