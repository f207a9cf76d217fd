"""What a word is, for the rules, and what a rules engine needs of a dictionary
(``WordChecker``): nothing of enchant.

A pure module, so that an engine that judges words (VNTYPL8S's plates, through the
skeleton matcher's readings) is given a dictionary without importing the one that talks
to enchant (``common.dictionary``, which re-exports these).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Protocol

#: The shortest answer (Interpretation V32): hunspell lists every single letter as a
#: "word" (b, x), but a lone letter is no answer to a puzzle about spelling a word.
MIN_LETTERS = 2


def fold_accents(text: str) -> str:
    """*text* with accents taken off its letters (café -> cafe, naïve -> naive).

    Players type the spelling they know; en_US spells these words without accents, and
    a keyboard may not offer them.  Letters with no plain form (æ, ß) stay as they are.
    """
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


#: What a refused word is, for the player's "rejected" line (``SkeletonMatcher.check``).
REFUSAL_REASONS = {
    "abbreviation": "an abbreviation, not a word",
    "offensive": "not accepted",
    "dialect": "a dialect spelling, not a word",
    "nonword": "not a word in its own right",
}


#: The puzzle's shape (docs/rules/vowl.md, "The puzzles"): a consonant, then
#: vowel-consonant pairs, then maybe one vowel; Y a consonant.  Every line of the list
#: has it, and the skeleton index keeps only such words (``skeleton.PUZZLE_SHAPE``).
PUZZLE_SHAPE = re.compile(r"^[b-df-hj-np-tv-z](?:[aeiou][b-df-hj-np-tv-z])*[aeiou]?$")


class WordChecker(Protocol):
    """Anything that can say whether a lower-case word is in the dictionary."""

    def check(self, word: str) -> bool: ...
