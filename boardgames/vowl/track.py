"""Vowl's table pieces as data: the two dice, the sand timers and the scoring track.

Everything here is plain, immutable data so the engine, the screen (which draws the
track and each player's tier) and the rules document can share one source of
truth.  The printed scoring board is not available to us, so the tiers below are
our design (Interpretation V5 in ``docs/rules/vowl.md``): the extra cards rise with
the score, nothing is drawn on space 0, and the rulebook's one example holds
(11 points on the advanced side draws 1 yellow + 1 red).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from msgspec import Struct

from boardgames.vowl.card import Tier

#: Number die, as published: four 3s and two 4s (Interpretation V6).
NUMBER_DIE: tuple[int, ...] = (3, 3, 3, 3, 4, 4)

#: "Within winning distance": a roller this close to their victory token must play
#: solitaire (rulebook, "Solve Cards").
WINNING_DISTANCE = 2

#: Partner mode draws this many extra basic cards before the tier cards.
PARTNER_BONUS = 3

#: Selection mode: the opponent draws the rolled number plus this many, then discards this many.
SELECTION_EXTRA = 3

#: Sudden death: seconds a buzzer holds the buzz to answer (Interpretation V29).  Short,
#: so that buzzing first is a claim to know the word, not a free moment to think.
BUZZ_SECONDS = 10


class ModeFace(enum.Enum):
    """The faces of the game-mode die (two of each, Interpretation V6)."""

    SOLITAIRE = "solitaire"
    PARTNER = "partner"  # the "+3" owls; Selection mode with exactly two players
    HEAD_TO_HEAD = "head-to-head"


#: Game-mode die: two faces of each mode.
MODE_DIE: tuple[ModeFace, ...] = (
    ModeFace.SOLITAIRE,
    ModeFace.SOLITAIRE,
    ModeFace.PARTNER,
    ModeFace.PARTNER,
    ModeFace.HEAD_TO_HEAD,
    ModeFace.HEAD_TO_HEAD,
)


class Timer(enum.IntEnum):
    """The two sand timers; the value is the number of seconds."""

    GREEN = 25
    RED = 15

    @property
    def label(self) -> str:
        return f"{self.value} s"


class Board(enum.Enum):
    """The two sides of the scoring board."""

    STANDARD = "standard"
    ADVANCED = "advanced"

    @property
    def victory_space(self) -> int:
        """Where the victory tokens start: the star at the end of the track."""
        return 10 if self is Board.STANDARD else 15


class Extras(Struct, frozen=True):
    """How many extra cards of each deck a tier of the scoring track draws."""

    basic: int = 0
    advanced: int = 0
    expert: int = 0

    def count(self, tier: Tier) -> int:
        return {Tier.BASIC: self.basic, Tier.ADVANCED: self.advanced, Tier.EXPERT: self.expert}[tier]

    @property
    def total(self) -> int:
        return self.basic + self.advanced + self.expert

    def draws(self) -> Iterator[Tier]:
        """The tiers to draw from, easiest first (the order the extra block is laid in)."""
        for tier in Tier:
            for _ in range(self.count(tier)):
                yield tier

    def __str__(self) -> str:
        parts = [f"{self.count(t)} {t.value}" for t in Tier if self.count(t)]
        return " + ".join(parts) if parts else "no extra cards"


class Band(Struct, frozen=True):
    """One tier of the track: spaces ``first``..``last`` (inclusive) draw ``extras``."""

    first: int
    last: int
    extras: Extras

    @property
    def label(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"


_G, _Y, _R = Extras(basic=1), Extras(advanced=1), Extras(expert=1)

#: The scoring track's tiers for both board sides (Interpretation V5).  Each side's
#: bands cover every space from 0 to its star; scores past the star (only reached by
#: winning) use the last band.
TRACK: dict[Board, tuple[Band, ...]] = {
    Board.STANDARD: (
        Band(0, 0, Extras()),
        Band(1, 2, Extras(basic=1)),
        Band(3, 4, Extras(advanced=1)),
        Band(5, 6, Extras(basic=1, advanced=1)),
        Band(7, 10, Extras(advanced=1, expert=1)),
    ),
    Board.ADVANCED: (
        Band(0, 0, Extras()),
        Band(1, 2, Extras(basic=1)),
        Band(3, 4, Extras(basic=2)),
        Band(5, 6, Extras(advanced=1)),
        Band(7, 8, Extras(basic=1, advanced=1)),
        Band(9, 10, Extras(advanced=2)),
        Band(11, 12, Extras(advanced=1, expert=1)),
        Band(13, 15, Extras(advanced=2, expert=1)),
    ),
}


def extras_for(board: Board, score: int) -> Extras:
    """The extra cards a scoring token on *score* draws on *board*."""
    if score < 0:
        raise ValueError(f"a scoring token cannot stand on {score}")
    bands = TRACK[board]
    for band in bands:
        if band.first <= score <= band.last:
            return band.extras
    return bands[-1].extras
