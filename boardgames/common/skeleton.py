"""The consonant-skeleton matcher: Vowl's puzzle rule, backed by the dictionary.

A *skeleton* is a word with its vowels removed, written in capitals (``SVR``).
A word *fits* a skeleton when (rulebook, "Word Puzzles"):

- its first letter is the skeleton's first consonant (no word starts with a vowel);
- exactly one vowel (A, E, I, O, U) stands between each pair of consecutive
  consonants: never none, never two ("no double vowels");
- there may be one vowel after the last consonant, or none;
- ``Y`` is a consonant.

That is a regular language, so each skeleton compiles to one regex
(``^s[aeiou]v[aeiou]r[aeiou]?$``).  A word is *accepted* when it fits **and** the
dictionary knows it.  VNTYPL8S uses the same module to read plates.

``solutions`` enumerates the candidates the regex admits (5^(n-1) x 6 of them for
n consonants) and keeps those the dictionary knows: one memoised dictionary check
per candidate is the whole cost, which is the bound the dictionary itself sets.
That cost grows five-fold with every consonant, so ``solutions`` refuses skeletons
longer than ``MAX_SOLVED`` (``SkeletonTooLong``): the limit lives here, in the
matcher, so ``boardgames vowl solve``, the turn review and any other caller share it.
Checking one word stays cheap at any length; ``MAX_SKELETON`` only bounds the text.
"""

from __future__ import annotations

import enum
import functools
import itertools
import re
from dataclasses import dataclass

from boardgames.common.dictionary import WordChecker

VOWELS = "AEIOU"
CONSONANTS = "BCDFGHJKLMNPQRSTVWXYZ"
_VOWEL_CLASS = "[aeiou]"


#: The most consonants ``SkeletonMatcher.solutions`` enumerates.  Measured on the
#: 2-core development machine (hunspell en_US, one raw check per candidate): 6
#: consonants take 0.13 s (18,750 candidates), 7 take 0.6-0.8 s (93,750), 8 take
#: 3.7-5.7 s (468,750), 9 over 20 s, and 16 ran out of memory.  7 is the largest that
#: answers in about a second; the longest card of ``decks/vowl`` has 6 consonants
#: (``cards.py`` refuses a deck card over this limit, so every card stays solvable).
#: Issue 16 replaces the enumeration with an index lookup, then this limit can go.
MAX_SOLVED = 7

#: The longest skeleton accepted at all (``check`` included): no word of the en_US
#: dictionary has more than 25 consonants (pneumonoultramicroscopicsilicovolcanoconiosis),
#: so anything longer is a mistake, and it keeps a pasted page from compiling into a
#: megabyte-long regex.
MAX_SKELETON = 32


class SkeletonError(ValueError):
    """A skeleton that no card could carry: empty, too long, or with a vowel, digit or symbol."""


class SkeletonTooLong(SkeletonError):
    """A well-formed skeleton with more consonants than ``solutions`` will enumerate.

    Its own type so that a caller can say "too long to list" rather than "malformed":
    the skeleton is fine for ``check``, only listing its answers is refused.
    """

    def __init__(self, skeleton: str) -> None:
        super().__init__(
            f"{skeleton} has {len(skeleton)} consonants; answers are listed for at most "
            f"{MAX_SOLVED} (every extra consonant multiplies the search by five)"
        )
        self.skeleton = skeleton


class Rejection(enum.Enum):
    """Why an answer was not accepted; the screen shows ``message`` to the player."""

    NOT_LETTERS = "not letters"
    DOES_NOT_FIT = "does not fit the letters"
    NOT_A_WORD = "not a word"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of checking one answer against one skeleton."""

    word: str
    accepted: bool
    rejection: Rejection | None = None
    detail: str = ""

    @property
    def message(self) -> str:
        """One line for the player: ``accepted`` or ``rejected: <reason>``."""
        if self.accepted:
            return "accepted"
        assert self.rejection is not None
        reason = self.rejection.value
        return f"rejected: {reason}" + (f" ({self.detail})" if self.detail else "")


def normalise_skeleton(text: str) -> str:
    """Upper-case and validate a skeleton typed by a person or read from a deck."""
    s = text.strip().upper()
    if not s:
        raise SkeletonError("the skeleton is empty")
    if len(s) > MAX_SKELETON:
        raise SkeletonError(f"{len(s)} characters; a skeleton has at most {MAX_SKELETON} consonants (no word has more)")
    for ch in s:
        if ch in VOWELS:
            raise SkeletonError(f"'{ch}' is a vowel; a skeleton has consonants only (Y counts as one)")
        if ch not in CONSONANTS:
            raise SkeletonError(f"'{ch}' is not a letter; a skeleton has consonants only")
    return s


def consonant_skeleton(word: str) -> str:
    """The consonants of *word*, in order, in capitals (``severe`` -> ``SVR``)."""
    return "".join(ch for ch in word.upper() if ch not in VOWELS)


@functools.lru_cache(maxsize=4096)
def compile_skeleton(skeleton: str) -> re.Pattern[str]:
    """The regex for *skeleton* over lower-case words (see the module docstring)."""
    s = normalise_skeleton(skeleton).lower()
    body = _VOWEL_CLASS.join(re.escape(c) for c in s)
    return re.compile(f"^{body}{_VOWEL_CLASS}?$")


def fits(skeleton: str, word: str) -> bool:
    """True when *word* has the shape the skeleton allows (dictionary not consulted)."""
    return compile_skeleton(skeleton).match(word.strip().lower()) is not None


def explain_misfit(skeleton: str, word: str) -> str:
    """Say in plain words why *word* does not fit *skeleton* (it must not fit)."""
    s = normalise_skeleton(skeleton)
    w = word.strip().upper()
    if w[:1] in VOWELS:
        return "words never start with a vowel"
    cons = consonant_skeleton(w)
    if cons != s:
        hint = " (Y counts as a consonant)" if "Y" in cons and "Y" not in s else ""
        return f"its consonants are {cons or 'none'}, not {s}{hint}"
    for run in re.findall(f"[{VOWELS}]{{2,}}", w):
        return f"double vowel {run}: only one vowel may stand in each gap"
    for i in range(len(w) - 1):
        if w[i] not in VOWELS and w[i + 1] not in VOWELS:
            return f"a vowel is missing between {w[i]} and {w[i + 1]}"
    return "it does not have the shape of the puzzle"  # pragma: no cover - all cases above


class SkeletonMatcher:
    """Checks answers to skeletons and lists solutions, against one dictionary."""

    def __init__(self, dictionary: WordChecker) -> None:
        self._dictionary = dictionary
        self._solved: dict[str, tuple[str, ...]] = {}

    def check(self, skeleton: str, word: str) -> Verdict:
        """Accept *word* for *skeleton*, or say why not.

        Raises ``SkeletonError`` for a malformed skeleton: that is the caller's bug
        (or a malformed command line), not a wrong answer.
        """
        pattern = compile_skeleton(skeleton)
        w = word.strip()
        if not w or not w.isascii() or not w.isalpha():
            return Verdict(w, False, Rejection.NOT_LETTERS, "type letters only")
        if not pattern.match(w.lower()):
            return Verdict(w, False, Rejection.DOES_NOT_FIT, explain_misfit(skeleton, w))
        if not self._dictionary.check(w.lower()):
            return Verdict(w, False, Rejection.NOT_A_WORD, f"{w.lower()} is not in the dictionary")
        return Verdict(w.lower(), True)

    def accepts(self, skeleton: str, word: str) -> bool:
        return self.check(skeleton, word).accepted

    def solutions(self, skeleton: str) -> list[str]:
        """Every accepted word for *skeleton*, sorted.

        Raises ``SkeletonTooLong`` over ``MAX_SOLVED`` consonants, before any work:
        the enumeration is exponential, and no caller may make it explode.
        """
        key = normalise_skeleton(skeleton)
        if len(key) > MAX_SOLVED:
            raise SkeletonTooLong(key)
        if key not in self._solved:
            self._solved[key] = self._enumerate(key)
        return list(self._solved[key])

    def _enumerate(self, skeleton: str) -> tuple[str, ...]:
        """Try every string the regex admits; one raw dictionary check each.

        Candidates are lower-case ASCII by construction, so the memoising wrapper's
        validation and cache would only add overhead here: we call the raw check
        when the dictionary offers one.
        """
        check = getattr(self._dictionary, "check_uncached", self._dictionary.check)
        s = skeleton.lower()
        stems = [s[0]]
        for c in s[1:]:
            stems = [stem + v + c for stem in stems for v in "aeiou"]
        found = [
            cand
            for stem in stems
            for cand in (stem, stem + "a", stem + "e", stem + "i", stem + "o", stem + "u")
            if check(cand)
        ]
        return tuple(sorted(found))


def candidate_count(skeleton: str) -> int:
    """How many strings the skeleton's regex admits: the enumeration's size."""
    n = len(normalise_skeleton(skeleton))
    return 5 ** (n - 1) * 6


# --- Reading a run of characters as a word (VNTYPL8S plates) -----------------------

#: Any number of vowels, none included: what may stand between the readings of a run.
FREE_VOWELS = "[aeiou]*"


@functools.lru_cache(maxsize=16384)
def compile_reading(readings: tuple[tuple[str, ...], ...]) -> re.Pattern[str]:
    """The skeleton rule generalised to stand-ins and optional vowels.

    A Vowl skeleton says "these consonants, in order, one vowel in each gap".  A
    vanity plate says the same thing more loosely: each character stands for one of
    several spellings (``8`` for "b", "ate", "eat"...), and vowels may be dropped
    anywhere.  *readings* lists, for each character of a run in order, the regex
    fragments (over lower-case words) it may stand for.  The pattern matches a whole
    lower-case word made of one reading per character, in order, with any number of
    vowels (none included) before, between and after them.

    Callers pass tuples so patterns are memoised: a plate editor re-reads the same
    runs on every keystroke.
    """
    if not readings or any(not alts for alts in readings):
        raise SkeletonError("a reading needs at least one character, each with a spelling")
    body = FREE_VOWELS.join("(?:" + "|".join(alts) + ")" for alts in readings)
    return re.compile(f"^{FREE_VOWELS}{body}{FREE_VOWELS}$")
