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

A Vowl answer is judged by ``check_answer`` when the dictionary has one
(``Dictionary.check_answer``: hunspell en_US, cross-checked with SCOWL's word list
``decks/vowl/scowl.txt``, curated by ``added.txt`` and ``refused.txt``), else by its
``check`` (a test's small set of words).

``solutions`` looks the skeleton up in an *index*: every word the
dictionary accepts as an answer, grouped by consonant skeleton.  The index is built
once per dictionary, lazily, from the words that can be answers at all (the second
list and the added words: ``Dictionary.candidate_words``), each verified by the
judge itself -- so it never holds a word the judge would refuse.  Any skeleton is
then a dictionary lookup, whatever its length (``MAX_SKELETON`` bounds the text).
A dictionary with no word list (a test's fake) falls back to the exhaustive search:
every string the regex admits (5^(n-1) x 6 for n consonants), one check each, which
stays the reference the tests compare the index with and refuses more than
``MAX_ENUMERATED`` consonants (``SkeletonTooLong``) because it grows five-fold per
consonant.
"""

from __future__ import annotations

import enum
import functools
import re
import threading
from collections.abc import Callable, Iterable

from boardgames.common.records import FrozenRecord
from boardgames.common.wordcheck import MIN_LETTERS, PUZZLE_SHAPE, REFUSAL_REASONS, WordChecker, fold_accents

VOWELS = "AEIOU"
CONSONANTS = "BCDFGHJKLMNPQRSTVWXYZ"
_VOWEL_CLASS = "[aeiou]"


#: The most consonants the exhaustive fallback enumerates (see the module docstring).
#: Measured on the 2-core development machine (hunspell en_US, one raw check per
#: candidate): 6 consonants take 0.13 s (18,750 candidates), 7 take 0.6-0.8 s
#: (93,750), 8 take 3.7-14 s, 9 over 60 s.  The index answers any length at once;
#: only a dictionary without a readable word list meets this limit.
MAX_ENUMERATED = 7
MAX_SOLVED = MAX_ENUMERATED  # the old name, for callers of the exhaustive search

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
            f"{MAX_ENUMERATED} without a word list to index (every extra consonant multiplies "
            "the search by five)"
        )
        self.skeleton = skeleton


class Rejection(enum.Enum):
    """Why an answer was not accepted; the screen shows ``message`` to the player."""

    NOT_LETTERS = "not letters"
    DOES_NOT_FIT = "does not fit the letters"
    NOT_A_WORD = "not a word"


class Verdict(FrozenRecord):
    """The outcome of checking one answer against one skeleton: an immutable value,
    equal to another verdict with the same fields (and hashable alike).

    A ``FrozenRecord``, not a dataclass: ``vowl check`` imports this module, and
    ``dataclasses`` (with ``inspect`` behind it) was a tenth of that command's time
    against a raw pyenchant script.  Nor a ``msgspec.Struct`` like the
    engines' values (``common.values``): outside the app, where ``typing``, ``uuid`` and
    ``decimal`` are not loaded yet, importing msgspec costs more than ``dataclasses`` did.
    """

    __slots__ = ("word", "accepted", "rejection", "detail")
    word: str
    accepted: bool
    rejection: Rejection | None
    detail: str

    def __init__(self, word: str, accepted: bool, rejection: Rejection | None = None, detail: str = "") -> None:
        super().__init__(word, accepted, rejection, detail)

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


#: ``str.translate``'s table that drops the vowels (one pass in C, where a generator of
#: characters cost most of the deck check before Vowl's first frame).
_NO_VOWELS = str.maketrans("", "", VOWELS)


def consonant_skeleton(word: str) -> str:
    """The consonants of *word*, in order, in capitals (``severe`` -> ``SVR``)."""
    return word.upper().translate(_NO_VOWELS)


@functools.lru_cache(maxsize=4096)
def compile_skeleton(skeleton: str) -> re.Pattern[str]:
    """The regex for *skeleton* over lower-case words (see the module docstring)."""
    s = normalise_skeleton(skeleton).lower()
    body = _VOWEL_CLASS.join(re.escape(c) for c in s)
    return re.compile(f"^{body}{_VOWEL_CLASS}?$")


def fits(skeleton: str, word: str) -> bool:
    """True when *word* has the shape the skeleton allows (dictionary not consulted).

    The same language as ``compile_skeleton(skeleton)``, tested without compiling it:
    the word has the puzzle's shape (one shared regex) and its consonants are the
    skeleton's.  Deck validation calls this for every reference answer of 400 cards,
    and a regex compiled per card cost most of the start-up's deck check.
    """
    return fits_normalised(normalise_skeleton(skeleton), word.strip().lower())


def fits_normalised(skeleton: str, word: str) -> bool:
    """``fits`` for a *skeleton* normalised already (``normalise_skeleton``) and a *word*
    stripped and in lower case already: what the deck check calls for each of its 800
    answers before a Vowl game's first frame."""
    return PUZZLE_SHAPE.match(word) is not None and consonant_skeleton(word) == skeleton


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


def answer_check(dictionary: WordChecker) -> Callable[[str], bool]:
    """What judges a Vowl answer: the dictionary's ``check_answer`` (the cross-check with
    the second word list) when it has one, else its ``check``."""
    judge: Callable[[str], bool] | None = getattr(dictionary, "check_answer", None)
    return judge if judge is not None else dictionary.check


def build_index(words: Iterable[str], dictionary: WordChecker) -> dict[str, tuple[str, ...]]:
    """Consonant skeleton -> every accepted word of that skeleton, sorted.

    *words* only proposes candidates (any case, repeats allowed); each one of the
    puzzle's shape is kept when the dictionary accepts it as an answer
    (``answer_check``), so the index agrees with ``SkeletonMatcher.check`` by
    construction.
    """
    check = answer_check(dictionary)
    shaped = {w.lower() for w in words}
    index: dict[str, list[str]] = {}
    for word in sorted(w for w in shaped if PUZZLE_SHAPE.match(w)):
        if check(word):
            index.setdefault(consonant_skeleton(word), []).append(word)
    return {k: tuple(v) for k, v in index.items()}


class _Index:
    """One dictionary's index, built at most once, from any thread (a warm-up may race a lookup)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.table: dict[str, tuple[str, ...]] | None = None


_INDEXES: dict[int, tuple[object, _Index]] = {}
_INDEXES_LOCK = threading.Lock()


def _index_slot(dictionary: object) -> _Index:
    with _INDEXES_LOCK:
        entry = _INDEXES.get(id(dictionary))
        if entry is None or entry[0] is not dictionary:
            entry = (dictionary, _Index())
            _INDEXES[id(dictionary)] = entry
        return entry[1]


def skeleton_index(dictionary: WordChecker) -> dict[str, tuple[str, ...]] | None:
    """The index of *dictionary* (built on first call), or ``None`` when it has no word list.

    A dictionary offers the words that can be answers with ``candidate_words()``
    (``Dictionary`` does: its second word list and the added words).  One dictionary
    per process is the rule, so the index is kept for the life of the process, next to it.
    """
    source = getattr(dictionary, "candidate_words", None)
    words = source() if source is not None else None  # a lazy iterator: nothing read yet
    if words is None:
        return None
    slot = _index_slot(dictionary)
    with slot.lock:
        if slot.table is None:
            slot.table = build_index(words, dictionary)
        return slot.table


def exhaustive_solutions(dictionary: WordChecker, skeleton: str) -> tuple[str, ...]:
    """The reference search: try every string the regex admits, keep what ``check`` accepts.

    5^(n-1) x 6 checks for n consonants, so it refuses more than ``MAX_ENUMERATED``
    (``SkeletonTooLong``) before any work.  The index must give exactly this.
    """
    key = normalise_skeleton(skeleton)
    if len(key) > MAX_ENUMERATED:
        raise SkeletonTooLong(key)
    s = key.lower()
    stems = [s[0]]
    for c in s[1:]:
        stems = [stem + v + c for stem in stems for v in "aeiou"]
    check = answer_check(dictionary)
    found = [
        cand
        for stem in stems
        for cand in (stem, stem + "a", stem + "e", stem + "i", stem + "o", stem + "u")
        if check(cand)
    ]
    return tuple(sorted(found))


class SkeletonMatcher:
    """Checks answers to skeletons and lists solutions, against one dictionary."""

    def __init__(self, dictionary: WordChecker) -> None:
        self._dictionary = dictionary
        self._solved: dict[str, tuple[str, ...]] = {}

    def check(self, skeleton: str, word: str) -> Verdict:
        """Accept *word* for *skeleton*, or say why not.

        Accents are folded first (``café`` is ``cafe``): a player who types the
        accented spelling means the word.  A single letter is never an answer
        (Interpretation V32).  Raises ``SkeletonError`` for a malformed skeleton:
        that is the caller's bug (or a malformed command line), not a wrong answer.
        """
        pattern = compile_skeleton(skeleton)
        w = fold_accents(word.strip())
        if not w or not w.isascii() or not w.isalpha():
            return Verdict(w, False, Rejection.NOT_LETTERS, "type letters only")
        if not pattern.match(w.lower()):
            return Verdict(w, False, Rejection.DOES_NOT_FIT, explain_misfit(skeleton, w))
        if len(w) < MIN_LETTERS:
            return Verdict(w, False, Rejection.NOT_A_WORD, "a single letter is not an answer")
        if not answer_check(self._dictionary)(w.lower()):
            kind = getattr(getattr(self._dictionary, "curation", None), "refused", {}).get(w.lower())
            why = REFUSAL_REASONS.get(kind, "not accepted") if kind else "not in the dictionary"
            return Verdict(w, False, Rejection.NOT_A_WORD, f"{w.lower()} is {why}")
        return Verdict(w.lower(), True)

    def prepare(self) -> None:
        """Build the answer index now, in the calling thread (a screen's worker:
        ``common.ui.words``); at once when it is built already."""
        skeleton_index(self._dictionary)

    def accepts(self, skeleton: str, word: str) -> bool:
        return self.check(skeleton, word).accepted

    def ready(self) -> bool:
        """Whether ``solutions`` answers from memory now: the dictionary's index is built
        (a screen's worker may still be building it: ``prepare``), or the dictionary has no word list
        (a test's small set of words, searched card by card).

        Never waits: the after-turn review asks it on the UI thread, and works out the
        answers in a worker thread when it says no (the index takes about 0.1 s to build).
        """
        if getattr(self._dictionary, "candidate_words", None) is None:
            return True
        with _INDEXES_LOCK:
            entry = _INDEXES.get(id(self._dictionary))
        return entry is not None and entry[0] is self._dictionary and entry[1].table is not None

    def solutions(self, skeleton: str) -> list[str]:
        """Every accepted word for *skeleton*, sorted alphabetically.

        From the dictionary's index when it has one (any length, one lookup);
        else the exhaustive search, which raises ``SkeletonTooLong`` over
        ``MAX_ENUMERATED`` consonants before any work.
        """
        key = normalise_skeleton(skeleton)
        if key not in self._solved:
            index = skeleton_index(self._dictionary)
            if index is not None:
                found = index.get(key, ())
            else:
                found = exhaustive_solutions(self._dictionary, key)
            self._solved[key] = tuple(w for w in found if len(w) >= MIN_LETTERS)
        return list(self._solved[key])


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
