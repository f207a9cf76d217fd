"""Every answer of every deck card, listed, and each one known to both word lists.

A playtest found the review of real deck cards listed junk (hos on HS, ter, dat, guv) that
hunspell en_US alone accepts.  A Vowl answer is a word hunspell accepts *and* SCOWL's
word list (decks/vowl/scowl.txt) holds, or a word of decks/vowl/added.txt, never one
of refused.txt.  This test checks it on every accepted answer of every card, against
the files themselves (not through the judge that is under test), and keeps the whole
listing in tests/vowl/data/card_answers.txt so that a change in what a card accepts
shows in review as a diff:

    PYTHONPATH=. .venv/bin/python -m tests.vowl.test_card_answers   # rewrites the listing
"""

from __future__ import annotations

import sys
from pathlib import Path

from boardgames.common.dictionary import get_dictionary, load_curation, load_listed
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.vowl.cards import load_decks

LISTING = Path(__file__).resolve().parent / "data" / "card_answers.txt"
HEADER = (
    "# Every accepted answer of every Vowl deck card, deck by deck, in deck order.\n"
    "# Written by tests/vowl/test_card_answers.py (run it as a module to rewrite it);\n"
    "# each word is in hunspell en_US and decks/vowl/scowl.txt, or in decks/vowl/added.txt.\n"
)


def listing() -> str:
    matcher = SkeletonMatcher(get_dictionary())
    lines = [HEADER]
    for tier, cards in load_decks().items():
        lines.append(f"\n# {tier.value}\n")
        lines += [f"{card.skeleton:<7}{' '.join(matcher.solutions(card.skeleton))}\n" for card in cards]
    return "".join(lines)


def test_every_answer_of_every_card_is_in_both_lists_or_added() -> None:
    raw = get_dictionary().check_uncached
    listed, curation = load_listed(), load_curation()
    matcher = SkeletonMatcher(get_dictionary())
    outside = []
    for cards in load_decks().values():
        for card in cards:
            for word in sorted({*card.answers, *matcher.solutions(card.skeleton)}):
                known = (raw(word) and word in listed) or word in curation.added
                if not known or word in curation.refused:
                    outside.append((card.skeleton, word))
    assert outside == []


def test_every_card_has_answers_and_keeps_its_printed_ones() -> None:
    matcher = SkeletonMatcher(get_dictionary())
    lost = [
        (c.skeleton, w)
        for cards in load_decks().values()
        for c in cards
        for w in c.answers
        if w not in matcher.solutions(c.skeleton)
    ]
    assert lost == []


def test_the_listing_is_the_reviewed_one() -> None:
    """A card that gains or loses an answer changes tests/vowl/data/card_answers.txt:
    rewrite it (see the module docstring) and read the diff."""
    assert LISTING.read_text(encoding="utf-8") == listing()


if __name__ == "__main__":
    LISTING.write_text(listing(), encoding="utf-8")
    print(f"wrote {LISTING}", file=sys.stderr)
