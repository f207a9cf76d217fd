"""The plate judge: is a vanity plate legal for its owner, and does it meet its card?

Pure: no Textual, no clock, no randomness.  The only thing it consults is the
dictionary (injected), to find the family of each word of the owner's title.

Every rule of the rulebook's *Plate Creation Rules* is checked separately and each
broken rule becomes its own ``Violation`` with a plain reason, so the plate editor can
list them as the player types and ``boardgames vntypl8s check`` can print them.  The
decisions behind the rules are rows P1-P11 of ``docs/rules/vntypl8s.md``
(*Interpretations*); each piece of code below names its row.

"No words of the owner's title may be represented" (P4-P10) is read through the
shared consonant-skeleton machinery (``boardgames.common.skeleton.compile_reading``):
every run of two or more plate characters is turned into a pattern over words (each
character standing for its spellings, vowels free) and every form of every title word
is tried against it.
"""

from __future__ import annotations

import enum
import functools
import string
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from boardgames.common.dictionary import WordChecker
from boardgames.common.skeleton import VOWELS, compile_reading, consonant_skeleton

#: P2: the most characters a plate holds.
MAX_LENGTH = 8

#: P21: the most characters the judge reads.  Longer text is still judged illegal
#: (too long, and every character rule), but its runs are not read for title words:
#: there are n(n-1)/2 of them, so 1,500 characters took 4 s and 900 MB.  The plate
#: editor holds exactly this many (``PlateInput``'s ``max_length``), so a writer sees
#: "too long" with every other reason while typing, and ``boardgames vntypl8s check``
#: refuses longer plates outright.
MAX_JUDGED = 2 * MAX_LENGTH

#: P21: the longest owner title ``check`` accepts (the longest card has 22 characters).
MAX_OWNER = 64

#: P7: the shortest run of a plate that can represent a word.  One character alone
#: (a lone ``C`` for "ice") is a letter, not a word.
MIN_RUN = 2

PLATE_CHARACTERS = frozenset(string.ascii_uppercase + string.digits)

#: P4: words of a title that carry no meaning of their own and are never checked.
FUNCTION_WORDS = frozenset(
    {
        "a", "an", "the", "of", "and", "or", "nor", "but", "for", "to", "in", "on", "at",
        "by", "with", "from", "as", "into", "onto", "upon", "off", "so",
        "de", "la", "le", "el", "du", "von", "van",
    }
)  # fmt: skip

#: P8: what each digit may stand for when a plate is read.  Single letters first (the
#: usual look-alikes: 0=O, 1=I or L, 3=E, 4=A, 5=S, 7=T, 8=B...), then the sounds
#: players spell with digits (SK8R = skater, W8R = waiter, B4 = before, 2 = to).
DIGIT_READINGS: dict[str, tuple[str, ...]] = {
    "0": ("o",),
    "1": ("i", "ll?", "one", "won"),
    "2": ("zz?", "to", "too", "two"),
    "3": ("e",),
    "4": ("a", "for", "fore", "four"),
    "5": ("ss?",),
    "6": ("gg?", "bb?", "six"),
    "7": ("tt?",),
    "8": ("bb?", "ate", "ait", "eat", "eight", "aight"),
    "9": ("gg?", "nine"),
}

#: P8: spellings a consonant letter may stand for besides itself (and itself doubled):
#: the sound-alike spellings every plate reader knows (KMST = chemist, FN = phone,
#: NYT = knight, PLMR = plumber, PLS = police, FYR = fire).
LETTER_EXTRA_READINGS: dict[str, tuple[str, ...]] = {
    "C": ("ck", "k"),
    "F": ("ph",),
    "J": ("g(?=[eiy])",),
    "K": ("ck", "c(?![eiy])", "cc", "ch"),
    "M": ("mb",),
    "N": ("kn", "gn"),
    "S": ("c(?=[eiy])", "sc(?=[eiy])"),
    "W": ("wh",),
    "X": ("ks", "cks", "cs"),
    "Y": ("i", "igh"),
}

#: P5: endings added to and taken off a title word to find its family.
ADDED_ENDINGS = ("s", "es", "ed", "d", "ing", "er", "ers", "r", "rs")
REMOVED_ENDINGS = ("s", "es", "ed", "d", "ing", "ings", "er", "ers", "r", "rs", "or", "ors", "ist", "ists", "ian", "ians")
#: P5: the shortest stem that counts as a word of its own.
MIN_DERIVED = 3
#: P5: a relative (not the title word itself) needs this many consonants to count, so
#: that short stems the dictionary happens to know ("tail" from tailor, "tour" from
#: tourist) do not ban every plate with a T beside an R.
MIN_RELATED_CONSONANTS = 3

#: What a vowel may be written as instead (for the reason the player reads).
VOWEL_STAND_INS = {"A": "4", "E": "3", "I": "1", "O": "0"}


class Rule(enum.Enum):
    """One rule a plate can break; the value is the short name players see."""

    EMPTY = "empty plate"
    LOWER_CASE = "lower-case letters"
    SPACE = "spaces"
    PUNCTUATION = "punctuation"
    EMOJI = "emoji or drawing"
    OTHER_CHARACTER = "not a plate character"
    TOO_LONG = "too long"
    VOWEL = "vowels"
    TITLE_WORD = "word of the owner's title"


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule, with the reason in plain words.

    ``characters`` are the offending characters (for character rules) and ``span``
    the run of the plate that reads as a title word (``TITLE_WORD``), so a screen can
    highlight them.
    """

    rule: Rule
    reason: str
    characters: tuple[str, ...] = ()
    span: tuple[int, int] | None = None
    title_word: str | None = None
    reading: str | None = None


@dataclass(frozen=True, slots=True)
class Judgement:
    """The verdict on one plate for one owner: legal when nothing is broken."""

    plate: str
    owner: str
    violations: tuple[Violation, ...]

    @property
    def legal(self) -> bool:
        return not self.violations

    def broken(self) -> frozenset[Rule]:
        return frozenset(v.rule for v in self.violations)

    def lines(self) -> list[str]:
        """``legal``, or ``illegal:`` then one ``  - reason`` line per broken rule."""
        if self.legal:
            return ["legal"]
        return ["illegal:", *(f"  - {v.reason}" for v in self.violations)]


@dataclass(frozen=True, slots=True)
class RequirementsCheck:
    """Does a plate use all three characters of its requirements card? (P11)

    ``used`` says, for each character of the card in order, whether the plate has
    it (each occurrence counted): the editor ticks them.
    """

    card: str
    plate: str
    used: tuple[bool, ...]
    missing: tuple[str, ...] = field(default=())

    @property
    def met(self) -> bool:
        return not self.missing

    @property
    def message(self) -> str:
        if self.met:
            return "requirements: met"
        return "requirements: missing " + ", ".join(self.missing)


def check_requirements(plate: str, card: str) -> RequirementsCheck:
    """P11: met when the plate holds every character of *card*, counting repeats, any order."""
    available = Counter(plate)
    used: list[bool] = []
    missing: list[str] = []
    for ch in card:
        if available[ch] > 0:
            available[ch] -= 1
            used.append(True)
        else:
            used.append(False)
            missing.append(ch)
    return RequirementsCheck(card, plate, tuple(used), tuple(missing))


# --- P1-P3: the characters --------------------------------------------------------------


def _character_rule(ch: str) -> Rule | None:
    """Which rule a single character breaks (vowels aside), or ``None`` when it is fine."""
    if ch in PLATE_CHARACTERS:
        return None
    if "a" <= ch <= "z":
        return Rule.LOWER_CASE
    if ch.isspace():
        return Rule.SPACE
    if ch in string.punctuation:
        return Rule.PUNCTUATION
    category = unicodedata.category(ch)
    if category in ("So", "Sk", "Cs") or ch in ("\u200d", "\ufe0f", "\ufe0e"):
        return Rule.EMOJI
    if category.startswith("P") or category in ("Sm", "Sc"):
        return Rule.PUNCTUATION
    return Rule.OTHER_CHARACTER


def _shown(chars: Iterable[str]) -> str:
    """Characters for a reason: each once, in order, invisible ones named."""
    out: list[str] = []
    for ch in dict.fromkeys(chars):
        if ch == " ":
            out.append("space")
        elif ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf", "Mn"):
            out.append(f"U+{ord(ch):04X}")
        else:
            out.append(ch)
    return ", ".join(out)


_REASONS: dict[Rule, str] = {
    Rule.LOWER_CASE: "lower-case letters ({chars}): plates use capital letters only",
    Rule.SPACE: "spaces: a plate has none, write the characters together",
    Rule.PUNCTUATION: "punctuation ({chars}): only numbers and capital letters, no dashes, periods or commas",
    Rule.EMOJI: "emoji or drawing ({chars}): only numbers and capital letters",
    Rule.OTHER_CHARACTER: "characters a plate cannot hold ({chars}): only the digits 0-9 and the letters A-Z",
}


def character_violations(plate: str) -> list[Violation]:
    """P1-P3: every character rule the plate breaks, one ``Violation`` per rule."""
    if not plate:
        return [Violation(Rule.EMPTY, "the plate is empty: write at least one character")]
    found: dict[Rule, list[str]] = {}
    for ch in plate:
        rule = _character_rule(ch)
        if rule is not None:
            found.setdefault(rule, []).append(ch)
    out = [
        Violation(rule, _REASONS[rule].format(chars=_shown(chars)), tuple(dict.fromkeys(chars)))
        for rule, chars in found.items()
    ]
    if len(plate) > MAX_LENGTH:
        unread = f"; its words are not read past {MAX_JUDGED} characters (P21)" if len(plate) > MAX_JUDGED else ""
        out.append(
            Violation(
                Rule.TOO_LONG,
                f"{len(plate)} characters: a plate holds at most {MAX_LENGTH}{unread}",
            )
        )
    vowels = [ch.upper() for ch in plate if ch.upper() in VOWELS and ch.isascii()]
    if vowels:
        unique = list(dict.fromkeys(vowels))
        swaps = [f"{VOWEL_STAND_INS[v]} for {v}" for v in unique if v in VOWEL_STAND_INS]
        hint = f" (numbers may stand in: {', '.join(swaps)})" if swaps else ""
        out.append(
            Violation(
                Rule.VOWEL,
                f"vowels ({', '.join(unique)}): no A, E, I, O or U on a plate{hint}; Y is allowed",
                tuple(unique),
            )
        )
    order = list(Rule)
    return sorted(out, key=lambda v: order.index(v.rule))


# --- P4-P10: words of the owner's title -----------------------------------------------


@functools.lru_cache(maxsize=4096)
def _char_readings(ch: str) -> tuple[str, ...]:
    """P8: the regex fragments one plate character may stand for."""
    if ch in DIGIT_READINGS:
        return DIGIT_READINGS[ch]
    low = ch.lower()
    if ch in VOWELS:
        return (low,)
    return (f"{low}{low}?", *LETTER_EXTRA_READINGS.get(ch, ()))


def reading_pattern(run: str):  # noqa: ANN201 - re.Pattern, memoised in skeleton
    """The words a run of plate characters (capitals and digits) may read as (P7, P8)."""
    return compile_reading(tuple(_char_readings(ch) for ch in run))


def title_words(owner: str) -> tuple[str, ...]:
    """P4: the words of a title that are checked: lower case, function words skipped."""
    words: list[str] = []
    current: list[str] = []
    for ch in owner.lower() + " ":
        if "a" <= ch <= "z":
            current.append(ch)
        elif current:
            words.append("".join(current))
            current = []
    return tuple(dict.fromkeys(w for w in words if len(w) > 1 and w not in FUNCTION_WORDS))


@dataclass(frozen=True, slots=True)
class TitleWord:
    """One checked word of a title and every form that counts as it (P5)."""

    word: str
    forms: tuple[str, ...]


def _inflections(stem: str) -> set[str]:
    """P5: a stem with the usual endings added, spelled as English spells them."""
    if stem.endswith("ee"):
        return {stem + "s"}  # bee -> bees, never "beer" or "being"
    out = {stem + e for e in ADDED_ENDINGS if e != "es"}
    if stem.endswith(("s", "x", "z", "ch", "sh", "o")):
        out.add(stem + "es")
    if stem.endswith("e"):
        out |= {stem[:-1] + e for e in ("ing", "ed", "er", "ers")}
    if stem.endswith("y") and len(stem) > 2 and stem[-2] not in "aeiou":
        out |= {stem[:-1] + e for e in ("ies", "ied", "ier", "iers")}
    if (
        len(stem) >= 3
        and stem[-1] not in "aeiouwxy"
        and stem[-2] in "aeiou"
        and stem[-3] not in "aeiou"
    ):
        out |= {stem + stem[-1] + e for e in ("ing", "ed", "er", "ers")}
    if stem.endswith("man"):
        out.add(stem[:-3] + "men")
    return out


def _stems(word: str) -> set[str]:
    """P5: the words an ending can be taken off *word* to reach (``fighter`` -> ``fight``)."""
    out: set[str] = set()
    for ending in REMOVED_ENDINGS:
        if not word.endswith(ending):
            continue
        base = word[: -len(ending)]
        candidates = {base, base + "e"}
        if len(base) >= 2 and base[-1] == base[-2]:
            candidates.add(base[:-1])  # runner -> run
        if base.endswith("i") and ending[0] in "aei":
            candidates.add(base[:-1] + "y")  # carries -> carry
        if ending.startswith("i"):
            candidates.add(base + "y")  # comedian -> comedy
        out |= {c for c in candidates if len(c) >= MIN_DERIVED}
    return out


class PlateJudge:
    """Judges plates against owners with one dictionary (memoised per owner)."""

    def __init__(self, dictionary: WordChecker) -> None:
        self._dictionary = dictionary
        self._titles: dict[str, tuple[TitleWord, ...]] = {}

    def _known(self, word: str) -> bool:
        return self._dictionary.check(word)

    def family(self, word: str) -> tuple[str, ...]:
        """P5: *word* and its dictionary-known relatives, longest first.

        The word itself always counts, even when the dictionary does not know it.
        """
        w = word.lower()
        stems = {w} | {s for s in _stems(w) if self._known(s)}
        related: set[str] = set()
        for stem in stems:
            related.add(stem)
            related |= {f for f in _inflections(stem) if self._known(f)}
        forms = {w} | {f for f in related if len(consonant_skeleton(f)) >= MIN_RELATED_CONSONANTS}
        return tuple(sorted(forms, key=lambda f: (-len(f), f)))

    def title(self, owner: str) -> tuple[TitleWord, ...]:
        """The checked words of *owner* with their forms (P4-P6), memoised.

        A compound (``Beekeeper``) is one word: its parts are not words of the title
        (P6), because the dictionary cannot tell bee|keeper from carp|enter.
        """
        key = owner.strip()
        if key not in self._titles:
            entries: list[TitleWord] = []
            for word in title_words(key):
                entries.append(TitleWord(word, self.family(word)))
            self._titles[key] = tuple(entries)
        return self._titles[key]

    def title_violations(self, plate: str, owner: str) -> list[Violation]:
        """P7-P10: one ``Violation`` per title word some run of the plate reads as.

        P21: a plate over ``MAX_JUDGED`` characters is not read (none are reported):
        its runs grow with the square of its length, and it is illegal as too long
        anyway.  The guard is here, not in the callers, so no caller can explode it.
        """
        if len(plate) > MAX_JUDGED:
            return []
        text = plate.upper()
        runs = _runs(text)
        out: list[Violation] = []
        for entry in self.title(owner):
            hit = _first_reading(runs, entry.forms)
            if hit is None:
                continue
            (start, end), form = hit
            shown = text[start:end]
            label = entry.word.capitalize()
            if form == entry.word:
                why = f"{shown} reads as \u201c{form}\u201d, a word of the owner's title"
            else:
                why = f"{shown} reads as \u201c{form}\u201d, a form of \u201c{label}\u201d in the owner's title"
            out.append(Violation(Rule.TITLE_WORD, why, span=(start, end), title_word=entry.word, reading=form))
        return out

    def judge(self, plate: str, owner: str) -> Judgement:
        """Every rule the plate breaks for *owner*, each reported separately."""
        violations = character_violations(plate)
        violations += self.title_violations(plate, owner)
        return Judgement(plate, owner, tuple(violations))


def _runs(text: str) -> list[tuple[int, int, str]]:
    """P9: every run of ``MIN_RUN``+ plate characters as (start, end, text).

    Longest first, then leftmost.  Runs never cross a character a plate cannot hold
    (a dash splits the plate in two).
    """
    segments: list[tuple[int, int]] = []
    start: int | None = None
    for i, ch in enumerate(text + "\0"):
        if ch in PLATE_CHARACTERS:
            if start is None:
                start = i
        elif start is not None:
            segments.append((start, i))
            start = None
    runs = [
        (a, b, text[a:b])
        for seg_start, seg_end in segments
        for a in range(seg_start, seg_end)
        for b in range(a + MIN_RUN, seg_end + 1)
    ]
    return sorted(runs, key=lambda r: (r[0] - r[1], r[0]))


def _first_reading(runs: list[tuple[int, int, str]], forms: tuple[str, ...]) -> tuple[tuple[int, int], str] | None:
    """The longest (then leftmost) run that reads as one of *forms*, with that form."""
    # Every plate character reads as at least one letter, so a run longer than the
    # longest form cannot read as any: skipping those keeps live validation quick.
    longest = max((len(f) for f in forms), default=0)
    for start, end, run in runs:
        if end - start > longest:
            continue
        pattern = reading_pattern(run)
        for form in forms:
            if pattern.match(form):
                return (start, end), form
    return None
