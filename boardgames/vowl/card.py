"""A Vowl card and its tier: the values the rules, the views and the saves trade in.

Apart from the deck files (``cards`` reads them, with the dictionary's curation) so
that the engine, which holds cards, imports nothing of the dictionary: the engine
stays pure (no spell checker), and its judge is given to it (``judging``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Tier(enum.Enum):
    """The three decks, by colour.  Values are the colour names the rulebook uses."""

    BASIC = "green"
    ADVANCED = "yellow"
    EXPERT = "red"

    @property
    def filename(self) -> str:
        return f"{self.name.lower()}.txt"

    @property
    def size(self) -> int:
        """How many cards the published deck has."""
        return {Tier.BASIC: 210, Tier.ADVANCED: 130, Tier.EXPERT: 60}[self]


@dataclass(frozen=True, slots=True)
class Card:
    skeleton: str
    tier: Tier
    answers: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.skeleton
