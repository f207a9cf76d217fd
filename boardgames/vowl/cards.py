"""Vowl's cards and the three deck files that hold them.

File format (``decks/vowl/basic.txt``, ``advanced.txt``, ``expert.txt``): one card
per line, the skeleton first in capitals, then optionally whitespace and reference
answers (lower case, space separated); ``#`` starts a comment.  The reference
answers are for people reading the file and for the deck tests; in play every
answer the dictionary accepts counts (see ``boardgames.common.skeleton``).
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from boardgames.common.decks import DeckError, DeckLine, deck_path, read_lines
from boardgames.common.skeleton import SkeletonError, fits, normalise_skeleton


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


def parse_card(line: DeckLine, tier: Tier) -> Card:
    """One deck line -> a ``Card``; ``DeckError`` naming the line when it is malformed."""
    first, *answers = line.text.split()
    if first != first.upper():
        raise line.error(f"the skeleton {first!r} must be in capitals")
    try:
        skeleton = normalise_skeleton(first)
    except SkeletonError as exc:
        raise line.error(f"bad skeleton {first!r}: {exc}") from None
    for answer in answers:
        if not answer.isascii() or not answer.isalpha() or answer != answer.lower():
            raise line.error(f"reference answer {answer!r} must be a lower-case word")
        if not fits(skeleton, answer):
            raise line.error(f"reference answer {answer!r} does not fit {skeleton}")
    return Card(skeleton, tier, tuple(answers))


@functools.cache
def load_decks() -> dict[Tier, tuple[Card, ...]]:
    """All three decks, checked: right counts, and every skeleton unique across decks."""
    decks: dict[Tier, tuple[Card, ...]] = {}
    seen: dict[str, str] = {}
    for tier in Tier:
        path = deck_path("vowl", tier.filename)
        cards = []
        for line in read_lines(path):
            card = parse_card(line, tier)
            where = f"{path.name} line {line.number}"
            if card.skeleton in seen:
                raise line.error(f"skeleton {card.skeleton} already appears in {seen[card.skeleton]}")
            seen[card.skeleton] = where
            cards.append(card)
        if len(cards) != tier.size:
            raise DeckError(path, None, f"expected {tier.size} cards, found {len(cards)}")
        decks[tier] = tuple(cards)
    return decks
