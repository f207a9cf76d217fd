"""VNTYPL8S's two decks: the 0WN3R (owner) cards and the R3QRMNTS (requirements) cards.

Files (documented in their own header comments):

- ``decks/vntypl8s/owners.txt``: 184 owner titles, one per line (``Fire Fighter``);
- ``decks/vntypl8s/requirements.txt``: 36 cards of three plate characters (``SH5``).

Both are read through ``boardgames.common.decks`` so a malformed line stops start-up
with the file and the line named, never a traceback.  Cards are plain strings: an
owner card *is* its title and a requirements card *is* its three characters, which
keeps the engine's state easy to print, compare and serialise.
"""

from __future__ import annotations

import functools
import re
import string
from collections import Counter
from dataclasses import dataclass

from boardgames.common.decks import DeckError, DeckLine, deck_path, read_lines
from boardgames.common.skeleton import CONSONANTS, VOWELS

GAME = "vntypl8s"
OWNERS_FILE = "owners.txt"
REQUIREMENTS_FILE = "requirements.txt"

#: How many cards the published game has (rulebook, "Components").
OWNER_COUNT = 184
REQUIREMENT_COUNT = 36

#: Longest title: what an owner grid cell can show on an 80-column terminal.
MAX_TITLE_LENGTH = 24
MAX_TITLE_WORDS = 4
_TITLE = re.compile(r"^[A-Z][a-z]*(?:[ -][A-Z][a-z]*)*$")

#: What a requirements card may carry: what a legal plate may hold.
REQUIREMENT_CHARACTERS = CONSONANTS + string.digits
REQUIREMENT_LENGTH = 3

Owner = str
Requirement = str


@dataclass(frozen=True, slots=True)
class Decks:
    """Both decks in file order (the engine shuffles its own copies)."""

    owners: tuple[Owner, ...]
    requirements: tuple[Requirement, ...]


def parse_owner(line: DeckLine) -> Owner:
    """One line of ``owners.txt`` -> a title; ``DeckError`` naming the line otherwise."""
    title = line.text
    if len(title) > MAX_TITLE_LENGTH:
        raise line.error(f"the title {title!r} has {len(title)} characters; at most {MAX_TITLE_LENGTH} fit a card")
    if not _TITLE.match(title):
        raise line.error(
            f"the title {title!r} must be words of letters, each starting with a capital, "
            "separated by single spaces or hyphens"
        )
    if len(re.split(r"[ -]", title)) > MAX_TITLE_WORDS:
        raise line.error(f"the title {title!r} has more than {MAX_TITLE_WORDS} words")
    return title


def parse_requirement(line: DeckLine) -> Requirement:
    """One line of ``requirements.txt`` -> a three-character card; ``DeckError`` otherwise."""
    card = line.text
    if len(card) != REQUIREMENT_LENGTH:
        raise line.error(f"the card {card!r} must have exactly {REQUIREMENT_LENGTH} characters")
    for ch in card:
        if ch.upper() in VOWELS:
            raise line.error(f"the card {card!r} has the vowel {ch!r}; a plate cannot hold a vowel")
        if ch not in REQUIREMENT_CHARACTERS:
            raise line.error(
                f"the card {card!r} has {ch!r}; only digits and capital consonants (Y included) can be on a plate"
            )
    return card


def normalise_requirement(text: str) -> Requirement:
    """A card typed by a person (``sh5``) -> ``SH5``; ``ValueError`` with a plain reason."""
    card = text.strip().upper()
    if len(card) != REQUIREMENT_LENGTH:
        raise ValueError(f"a requirements card has exactly {REQUIREMENT_LENGTH} characters, not {len(card)}")
    for ch in card:
        if ch in VOWELS:
            raise ValueError(f"{ch} is a vowel; a requirements card never has one")
        if ch not in REQUIREMENT_CHARACTERS:
            raise ValueError(f"{ch!r} cannot be on a plate; use digits and consonants (Y included)")
    return card


def requirement_key(card: Requirement) -> tuple[tuple[str, int], ...]:
    """The card as a multiset: order does not matter when a plate uses it."""
    return tuple(sorted(Counter(card).items()))


def load_owners() -> tuple[Owner, ...]:
    path = deck_path(GAME, OWNERS_FILE)
    seen: dict[str, int] = {}
    owners: list[Owner] = []
    for line in read_lines(path):
        title = parse_owner(line)
        key = title.lower()
        if key in seen:
            raise line.error(f"the title {title!r} is already on line {seen[key]}")
        seen[key] = line.number
        owners.append(title)
    if len(owners) != OWNER_COUNT:
        raise DeckError(path, None, f"expected {OWNER_COUNT} owner cards, found {len(owners)}")
    return tuple(owners)


def load_requirements() -> tuple[Requirement, ...]:
    path = deck_path(GAME, REQUIREMENTS_FILE)
    seen: dict[tuple[tuple[str, int], ...], tuple[str, int]] = {}
    cards: list[Requirement] = []
    for line in read_lines(path):
        card = parse_requirement(line)
        key = requirement_key(card)
        if key in seen:
            other, number = seen[key]
            same = "" if other == card else f" ({other} has the same characters; order does not matter)"
            raise line.error(f"the card {card!r} repeats line {number}{same}")
        seen[key] = (card, line.number)
        cards.append(card)
    if len(cards) != REQUIREMENT_COUNT:
        raise DeckError(path, None, f"expected {REQUIREMENT_COUNT} requirements cards, found {len(cards)}")
    return tuple(cards)


@functools.cache
def load_decks() -> Decks:
    """Both decks, validated; read once per process."""
    return Decks(load_owners(), load_requirements())
