"""The plate judge: is a vanity plate legal for its owner, and does it meet its card?

Pure: no Textual, no clock, no randomness.  The only things it consults are the
dictionary (injected) and ``decks/vntypl8s/forms.txt`` (what the dictionary cannot
decide: compounds, short forms, sound-alike spellings, roots that are other words).

Every rule of the rulebook's *Plate Creation Rules* is checked separately and each
broken rule becomes its own ``Violation`` with a plain reason, so the plate editor can
list them as the player types and ``boardgames vntypl8s check`` can print them.  The
decisions behind the rules are the rows of ``docs/rules/vntypl8s.md``
(*Interpretations*, and its section "How the judge reads a plate"); each piece of code
below names its row.

"No words of the owner's title may be represented" is judged by one principle, as a
person reads a plate (P32, with P22-P27): a title word is represented when a plausible
reading of the plate contains it, an inflection, the root it is built from by a suffix
(-er, -or, -ist, -ian, -eer, -ier, -ess, -ant), a part of it (a compound), a short form
or a sound-alike spelling, each character read through one table of substitutions
(``DIGIT_READINGS``, ``DIGIT_SOUNDS``, ``PAIR_READINGS``, ``LETTER_EXTRA_READINGS``).
Each stretch of two or more plate characters is read through the shared
consonant-skeleton machinery (``boardgames.common.skeleton.compile_reading``: each
character standing for its spellings, vowels free) and matched against every form of
every title word; a match does not count when the stretch lies inside a longer
stretch that plainly reads as another dictionary word, past it by more than vowel
digits, and leaves no more of the run over (FRST is "first", so FRS is not "fires";
but HTDG is "hot" + "dog", not "hated" + G), when it is two bare letters alone (GD),
or when a digit would have to lose its own vowel (2R is not "tour").  Of the runs that
count, the refusal names the one a person reads (P10).
"""

from __future__ import annotations

import enum
import functools
import itertools
import string
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from boardgames.common.decks import DeckLine, deck_path, read_lines
from boardgames.common.skeleton import FREE_VOWELS, VOWELS, compile_reading
from boardgames.common.wordcheck import WordChecker
from boardgames.vntypl8s.limits import MAX_JUDGED, MAX_LENGTH

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

#: P27: a digit read as a whole word ending in a vowel (2 = "to", 8 = "ate") gives
#: the vowel sound there itself: no further vowel may follow it, since "to" + "u" is
#: "tou", another sound (2R is "tor", never "tour"; 2L is "tool", never "toil").
#: P27 also reads 0 as the "ow" ending a word (SN0 = snow, WND0 = window).
_NO_VOWEL_AFTER = "(?![aeiou])"

#: P8: the digits: what each digit may stand for when a plate is read.  Single letters
#: first (the usual look-alikes: 0=O, 1=I or L, 3=E, 4=A, 5=S, 7=T, 8=B...), then the
#: sounds players spell with digits (SK8R = skater, W8R = waiter, B4 = before, 2 = to).
DIGIT_READINGS: dict[str, tuple[str, ...]] = {
    "0": ("o", "ow(?![a-z])"),
    "1": ("i", "ll?", f"one{_NO_VOWEL_AFTER}", "won"),
    "2": ("zz?", f"to{_NO_VOWEL_AFTER}", f"too{_NO_VOWEL_AFTER}", f"two{_NO_VOWEL_AFTER}"),
    "3": ("e",),
    "4": ("a", "for", f"fore{_NO_VOWEL_AFTER}", "four"),
    "5": ("ss?",),
    "6": ("gg?", "bb?", "six"),
    "7": ("tt?",),
    "8": ("bb?", f"ate{_NO_VOWEL_AFTER}", "ait", "eat", "eight", "aight"),
    "9": ("gg?", f"nine{_NO_VOWEL_AFTER}"),
}

#: P32: the sound a digit makes, however English spells it: 8 is "ay" (M8L = mail,
#: MRM8D = mermaid, PL8R = player, B8KR = baker: an a before one consonant and a
#: vowel).  Read in a title word like ``DIGIT_READINGS``; the plain reading of P22 tries
#: only the one-letter spelling, a (each more would multiply its dictionary look-ups).
DIGIT_SOUNDS: dict[str, tuple[str, ...]] = {
    "8": ("ai", "ay", "ei", "ey", "eigh", "a(?=[b-df-hj-np-tv-z][eiy])"),
}

#: P27, P32: pairs of plate characters read as one sound, besides the two characters one
#: by one (which they still are).  10 is the number players spell with (10S = "tenis",
#: 10T = tent); a doubled vowel digit is one long vowel (T33CH = "teach", like T3CH;
#: B00K = book); PH is F (PHRMR = "farmer") and KW is QU (KWN = "queen").
PAIR_READINGS: dict[str, tuple[str, ...]] = {
    "10": ("ten",),
    "00": ("o", "u"),
    "11": ("i",),
    "33": ("e",),
    "44": ("a",),
    "PH": ("f",),
    "KW": ("qu",),
}

#: P8, P32: spellings a consonant letter may stand for besides itself (and itself
#: doubled): the sound-alike spellings every plate reader knows (KMST = chemist, FN =
#: phone, NYT = knight, PLMR = plumber, PLS = police, FYR = fire, QWN = "kween").
LETTER_EXTRA_READINGS: dict[str, tuple[str, ...]] = {
    "C": ("ck", "k"),
    "F": ("ph",),
    "J": ("g(?=[eiy])",),
    "K": ("ck", "c(?![eiy])", "cc", "ch"),
    "M": ("mb",),
    "N": ("kn", "gn"),
    "Q": ("k", "kw"),
    "S": ("c(?=[eiy])", "sc(?=[eiy])"),
    "W": ("wh",),
    "X": ("ks", "cks", "cs"),
    "Y": ("i", "igh"),
}

#: P23, P32: the shortest root that counts as a word of its own.
MIN_DERIVED = 3

#: P24: the shortest part of a compound (``bee`` of beekeeper, ``zoo`` of zookeeper).
MIN_PART = 3

#: P22: how far past a run reading as a title word the judge looks for a longer word
#: the plate reads as (FRS -> FRST "first", ML -> SML "smile"), and the longest stretch
#: it reads that way.  Each candidate is one dictionary check (14 us), and a stretch of
#: n characters has 1 + 5n + 25n(n-1)/2 candidates (``_plain_candidates``): at most
#: two characters further and eight in all keep one plate to a few milliseconds.
MAX_EXTENSION = 2
MAX_LONGER_WORD = 8
#: P22, P32: the digits that read as a whole word (1 = one, 2 = to, 4 = for, 6 = six,
#: 8 = ate, 9 = nine): beside a run, such a digit is a word of its own (CHF4LF is
#: "chef for life"), not a stray character.
WORD_DIGITS = frozenset("124689")
#: P22, P32: the digits that look like vowels (0 = o, 1 = i, 3 = e, 4 = a): beside a
#: run they add a vowel, which the reader adds anyway, not another word.
VOWEL_DIGITS = frozenset("0134")
#: P22: the longest stretch read as one word when counting what a reading leaves over
#: (DGVNDR is "dog" + "vendor"): a stretch of five plain characters costs as many
#: look-ups as all the shorter ones together.
MAX_STRAY_WORD = 4
#: P22: the most vowels the plain reading adds to a stretch to find a longer word.
MAX_ADDED_VOWELS = 2

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


class FormKind(enum.Enum):
    """What a word the plate reads as is of a title word (P22-P25); the value is for reasons."""

    WORD = "the word itself"
    FORM = "a form"  # fires, fighters; the root: fight for fighter, harp for harpist (P23, P32)
    PART = "part of a compound"  # lumber of lumberjack (P24)
    SHORT = "a short form"  # champ for champion (P25)
    SOUND = "a sound-alike spelling"  # shef for chef (P25)


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule, with the reason in plain words.

    ``characters`` are the offending characters (for character rules) and ``span``
    the run of the plate that reads as a title word (``TITLE_WORD``), so a screen can
    highlight them.  For ``TITLE_WORD``, ``reading`` is the word the run reads as,
    ``kind`` what that word is of the title word (P22-P25) and ``part`` the part of a
    compound it belongs to (P24): the refusal says what the judge read.
    """

    rule: Rule
    reason: str
    characters: tuple[str, ...] = ()
    span: tuple[int, int] | None = None
    title_word: str | None = None
    reading: str | None = None
    kind: FormKind | None = None
    part: str | None = None


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
        return DIGIT_READINGS[ch] + DIGIT_SOUNDS.get(ch, ())
    low = ch.lower()
    if ch in VOWELS:
        return (low,)
    return (f"{low}{low}?", *LETTER_EXTRA_READINGS.get(ch, ()))


@functools.lru_cache(maxsize=4096)
def _tokens(run: str) -> tuple[tuple[str, ...], ...]:
    """P8, P27, P32: the readings of a run, one tuple per character or pair.

    A pair of ``PAIR_READINGS`` (``10``, ``PH``, ``33``) is one token that reads as its
    sound or as its two characters one by one, so reading it as a pair never loses a
    reading.
    """
    out: list[tuple[str, ...]] = []
    i = 0
    while i < len(run):
        pair = run[i : i + 2]
        if pair in PAIR_READINGS:
            apart = FREE_VOWELS.join("(?:" + "|".join(_char_readings(ch)) + ")" for ch in pair)
            out.append((*PAIR_READINGS[pair], apart))
            i += 2
        else:
            out.append(_char_readings(run[i]))
            i += 1
    return tuple(out)


def reading_pattern(run: str):  # noqa: ANN201 - re.Pattern, memoised in skeleton
    """The words a run of plate characters (capitals and digits) may read as (P7, P8, P27)."""
    return compile_reading(_tokens(run))


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


# --- P23-P25: what the dictionary cannot decide: decks/vntypl8s/forms.txt ---------------

GAME = "vntypl8s"
FORMS_FILE = "forms.txt"


class FormsLine(enum.Enum):
    """The kinds of line of ``forms.txt`` (its header says what each means)."""

    COMPOUND = "compound"
    WHOLE = "whole"
    SHORT = "short"
    SOUND = "sound"
    UNRELATED = "unrelated"
    ROOT = "root"


@dataclass(frozen=True)
class FormsData:
    """The decisions of ``forms.txt``, by title word (lower case)."""

    compounds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    accidents: frozenset[tuple[str, ...]] = frozenset()  # splits kept whole (carp + enter)
    shorts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    sounds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    unrelated: Mapping[str, frozenset[str]] = field(default_factory=dict)
    roots: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # scientist: science


def _is_cvc(word: str) -> bool:
    """Ends consonant-vowel-consonant (not w, x or y): a suffix may double it (run -> running)."""
    return len(word) >= 3 and word[-1] not in "aeiouwxy" and word[-2] in "aeiou" and word[-3] not in "aeiou"


def _syllables(word: str) -> int:
    """Groups of vowels (y after a consonant counts): about the word's syllables."""
    groups = 0
    previous = False
    for i, ch in enumerate(word):
        vowel = ch in "aeiou" or (ch == "y" and i > 0 and word[i - 1] not in "aeiou")
        groups += vowel and not previous
        previous = vowel
    return groups


def _doubles(stem: str) -> bool:
    """P23: whether a suffix doubles *stem*'s last consonant: one syllable ending CVC.

    run -> runner, star -> starred; a longer stem is not doubled in American spelling
    (travel -> traveler, traveled; garden -> gardener; counsel -> counselor).
    """
    return _is_cvc(stem) and _syllables(stem) == 1


#: P23, P32: the suffixes a title word may be built with, and how its root is spelled
#: before each: ``+`` the base as it stands (harpist: harp), ``e`` with a final e
#: restored (cyclist: cycle, skater: skate), ``y`` with the final y the suffix replaced
#: (pharmacist: pharmacy, comedian: comedy, carrier: carry; only when the base is no
#: word: harpist is not "harpy"), ``=`` a doubled consonant undone (runner: run).
#: Longest first: -ier before -er.
ROOT_SUFFIXES: tuple[tuple[str, str], ...] = (
    ("ist", "+ey"),  # harpist: harp, cyclist: cycle, botanist: botany
    ("ian", "+y"),  # magician: magic, comedian: comedy, librarian: library
    ("eer", "+e"),  # puppeteer: puppet, auctioneer: auction
    ("ier", "+y"),  # cashier: cash, carrier: carry
    ("ess", "+e"),  # princess: prince
    ("ant", "+e"),  # accountant: account, attendant: attend
    ("er", "+=ey"),  # golfer: golf, runner: run, skater: skate, astronomer: astronomy
    ("or", "+=e"),  # sailor: sail, curator: curate, counselor: counsel
)


def _suffix_roots(word: str) -> Iterator[tuple[str, str, str, str]]:
    """(suffix, how, base, root) for every root spelling a suffix of *word* may be taken off to."""
    for suffix, hows in ROOT_SUFFIXES:
        if not word.endswith(suffix) or len(word) < len(suffix) + MIN_DERIVED:
            continue
        base = word[: -len(suffix)]
        for how in hows:
            if how == "+":
                yield suffix, how, base, base
            elif how == "e":
                yield suffix, how, base, base + "e"
            elif how == "y":
                yield suffix, how, base, base[:-1] + "y" if base.endswith("i") else base + "y"
            elif how == "=" and base[-1] == base[-2] and base[-1] not in "aeiou":
                yield suffix, how, base, base[:-1]


def stem_candidates(word: str) -> tuple[str, ...]:
    """P23, P32: every root a suffix may be taken off *word* to, dictionary unasked.

    ``fighter`` -> fight, ``skater`` -> skate, ``runner`` -> run, ``carrier`` -> carry,
    ``harpist`` -> harp, ``comedian`` -> comedy.  The judge keeps those the dictionary
    knows (``PlateJudge.agent_stems``); ``forms.txt`` may only call unrelated a stem
    listed here.
    """
    return tuple(dict.fromkeys(r for *_, r in _suffix_roots(word) if len(r) >= MIN_DERIVED))


def _parse_forms_line(line: DeckLine) -> tuple[FormsLine, str, tuple[str, ...]]:
    """One line of ``forms.txt`` -> (kind, word, values); ``DeckError`` naming the line."""
    fields = line.text.split()
    try:
        kind = FormsLine(fields[0])
    except ValueError:
        kinds = ", ".join(k.value for k in FormsLine)
        raise line.error(f"{fields[0]!r} is not a kind of line; the kinds are {kinds}") from None
    if len(fields) < 3:
        raise line.error(f"a {kind.value} line needs a word and at least one more word")
    for f in fields[1:]:
        if not f.isascii() or not f.isalpha() or not f.islower():
            raise line.error(f"{f!r} is not a word of lower-case letters a-z")
    word, values = fields[1], tuple(fields[2:])
    if kind in (FormsLine.COMPOUND, FormsLine.WHOLE):
        if len(values) < 2:
            raise line.error(f"{kind.value} {word}: name at least two parts")
        if "".join(values) != word:
            raise line.error(f"{kind.value} {word}: the parts {' + '.join(values)} do not make {word}")
        short = [v for v in values if len(v) < MIN_PART]
        if short:
            raise line.error(f"{kind.value} {word}: a part has at least {MIN_PART} letters, not {short[0]!r}")
        return kind, word, values
    if len(values) != 1:
        raise line.error(f"a {kind.value} line has exactly two words: the title word and one more")
    value = values[0]
    if kind is FormsLine.SHORT and len(value) >= len(word):
        raise line.error(f"short {word} {value}: a short form is shorter than the word")
    if kind is FormsLine.SOUND and value == word:
        raise line.error(f"sound {word} {value}: a sound-alike spelling differs from the word")
    if kind is FormsLine.ROOT and value in stem_candidates(word):
        raise line.error(
            f"root {word} {value}: the judge takes {value} off {word} already, so the line would change nothing"
        )
    if kind is FormsLine.ROOT and (value == word or len(value) < MIN_DERIVED):
        raise line.error(f"root {word} {value}: a root is another word of at least {MIN_DERIVED} letters")
    if kind is FormsLine.UNRELATED and value not in stem_candidates(word):
        raise line.error(
            f"unrelated {word} {value}: {value} is not a stem the judge takes off {word} "
            f"({', '.join(stem_candidates(word)) or 'it takes none'}), so the line would change nothing"
        )
    return kind, word, values


def parse_forms(lines: Iterable[DeckLine]) -> FormsData:
    """Every line of ``forms.txt`` checked; ``DeckError`` naming the first bad line."""
    seen: dict[tuple[FormsLine, str, tuple[str, ...]], int] = {}
    compounds: dict[str, tuple[str, ...]] = {}
    compound_lines: dict[str, int] = {}
    accidents: dict[tuple[str, ...], int] = {}
    shorts: dict[str, list[str]] = {}
    sounds: dict[str, list[str]] = {}
    unrelated: dict[str, set[str]] = {}
    roots: dict[str, list[str]] = {}
    for line in lines:
        entry = _parse_forms_line(line)
        if entry in seen:
            raise line.error(f"this line repeats line {seen[entry]}")
        seen[entry] = line.number
        kind, word, values = entry
        if kind is FormsLine.COMPOUND:
            if word in compound_lines:
                raise line.error(f"{word} is already split on line {compound_lines[word]}; a word splits one way")
            if values in accidents:
                raise line.error(
                    f"line {accidents[values]} calls this split an accident; it cannot be the compound too"
                )
            compounds[word] = values
            compound_lines[word] = line.number
        elif kind is FormsLine.WHOLE:
            if compounds.get(word) == values:
                raise line.error(f"line {compound_lines[word]} splits {word} this way; it cannot be an accident too")
            accidents[values] = line.number
        elif kind is FormsLine.SHORT:
            shorts.setdefault(word, []).append(values[0])
        elif kind is FormsLine.SOUND:
            sounds.setdefault(word, []).append(values[0])
        elif kind is FormsLine.ROOT:
            roots.setdefault(word, []).append(values[0])
        else:
            unrelated.setdefault(word, set()).add(values[0])
    return FormsData(
        compounds=compounds,
        accidents=frozenset(accidents),
        shorts={w: tuple(v) for w, v in shorts.items()},
        sounds={w: tuple(v) for w, v in sounds.items()},
        unrelated={w: frozenset(v) for w, v in unrelated.items()},
        roots={w: tuple(v) for w, v in roots.items()},
    )


@functools.cache
def load_forms() -> FormsData:
    """``decks/vntypl8s/forms.txt``, checked; read once per process (``DeckError`` if bad)."""
    return parse_forms(read_lines(deck_path(GAME, FORMS_FILE)))


# --- P23, P32: a word's forms through the dictionary ---------------------------------------


def _inflections(stem: str) -> set[str]:
    """P23: the regular inflections of *stem*, spelled as English spells them (unchecked).

    Plural and third person (-s, -es, -ies), past (-ed, -d, -ied), -ing, with a final
    e dropped, y turned to i and a final consonant doubled where English does; man to
    men.  Never -er: that makes another word (camp -> camper, time -> timer).
    """
    if stem.endswith("ee"):
        return {stem + "s", stem + "d", stem + "ing"}  # bee -> bees, never "beer" or "being"
    out = {stem + "s"}
    if stem.endswith(("s", "x", "z", "ch", "sh", "o")):
        out.add(stem + "es")
    if stem.endswith("y") and len(stem) > 2 and stem[-2] not in "aeiou":
        out |= {stem[:-1] + "ies", stem[:-1] + "ied"}
    if stem.endswith("e"):
        out |= {stem + "d", stem[:-1] + "ing"}
    else:
        out |= {stem + "ed", stem + "ing"}
    if _doubles(stem):
        # star -> starred, starring; never "stared", "staring" (those are stare's)
        out -= {stem + "ed", stem + "ing"}
        out |= {stem + stem[-1] + "ed", stem + stem[-1] + "ing"}
    elif _is_cvc(stem):
        out |= {stem + stem[-1] + "ed", stem + stem[-1] + "ing"}  # travelled beside traveled
    if stem.endswith("man"):
        out.add(stem[:-3] + "men")
    return out


def _comparisons(stem: str) -> tuple[str, str]:
    """P23: an adjective's -er and -est (deep -> deeper, deepest; hot -> hotter, hottest)."""
    if stem.endswith("e"):
        return stem + "r", stem + "st"
    if stem.endswith("y") and len(stem) > 2 and stem[-2] not in "aeiou":
        return stem[:-1] + "ier", stem[:-1] + "iest"
    if _doubles(stem):
        return stem + stem[-1] + "er", stem + stem[-1] + "est"
    return stem + "er", stem + "est"


@dataclass(frozen=True, slots=True)
class Form:
    """One word that counts as a title word, and what it is of it (P22-P25)."""

    text: str
    kind: FormKind
    part: str | None = None  # the compound's part it belongs to (PART)


@dataclass(frozen=True, slots=True)
class TitleWord:
    """One checked word of a title and every form that counts as it, longest first."""

    word: str
    forms: tuple[Form, ...]

    @property
    def texts(self) -> frozenset[str]:
        return frozenset(f.text for f in self.forms)


_KIND_ORDER = list(FormKind)


class PlateJudge:
    """Judges plates against owners with one dictionary (memoised per owner and per stretch).

    *forms* is the data of ``decks/vntypl8s/forms.txt``, read (and checked: a bad line
    raises ``DeckError`` naming it) when the judge is made, not in the middle of a
    game; tests may pass their own.
    """

    def __init__(self, dictionary: WordChecker, forms: FormsData | None = None) -> None:
        self._dictionary = dictionary
        self._forms = forms if forms is not None else load_forms()
        self._titles: dict[str, tuple[TitleWord, ...]] = {}
        self._longer: dict[tuple[str, tuple[bool, ...]], tuple[str, ...]] = {}
        self._strays: dict[str, int] = {}

    @property
    def forms_data(self) -> FormsData:
        return self._forms

    def _known(self, word: str) -> bool:
        return self._dictionary.check(word)

    # -- P23: forms ---------------------------------------------------------------

    def agent_stems(self, word: str) -> tuple[str, ...]:
        """P23, P32: the root a title word is built from by a suffix, when the dictionary knows it.

        fighter -> fight, skater -> skate, harpist -> harp, cyclist -> cycle, magician
        -> magic, puppeteer -> puppet, cashier -> cash, traveler -> travel; spelling -> spell.
        A one-syllable root ending consonant-vowel-consonant would have doubled (run ->
        runner), so skater is not "skat"-er; a longer one does not double (travel ->
        traveler, yodel -> yodeler).  ``forms.txt`` removes the roots that are other
        words (barber is no "barb"-er, dentist no "dent"-ist).
        """
        w = word.lower()
        found: list[str] = []
        for suffix, how, base, root in _suffix_roots(w):
            if len(root) < MIN_DERIVED or not self._known(root):
                continue
            if how == "+" and suffix in ("er", "or") and _doubles(root):
                continue  # skat-er would be skatter: the root is skate
            if how in ("=", "y") and self._known(base):
                continue  # only when the base is no word: harpist is no "harpy"-ist
            if how == "=" and not _is_cvc(root):
                continue  # undoubled as English doubles: controller, control
            found.append(root)
        ing = self._ing_stem(w)
        if ing:
            found.append(ing)
        found += self.forms_data.roots.get(w, ())  # built by a suffix no rule undoes: scientist
        unrelated = self.forms_data.unrelated.get(w, frozenset())
        return tuple(dict.fromkeys(s for s in found if s not in unrelated and s != w))

    def _ing_stem(self, word: str) -> str | None:
        """P23: the verb of a title word in -ing (spelling -> spell, wedding -> wed)."""
        if not word.endswith("ing") or len(word) < 3 + MIN_DERIVED:
            return None
        base = word[:-3]
        for stem in (base, base[:-1] if base[-1] == base[-2] else "", base + "e"):
            if len(stem) >= MIN_DERIVED and self._known(stem):
                return stem
        return None

    def _inflected(self, stem: str) -> set[str]:
        """*stem*'s inflections the dictionary knows (-er and -est only for adjectives)."""
        out = {f for f in _inflections(stem) if self._known(f)}
        comparative, superlative = _comparisons(stem)
        if self._known(superlative):
            out |= {f for f in (comparative, superlative) if self._known(f)}
        return out

    def family(self, word: str) -> tuple[str, ...]:
        """P23, P32: *word* and its forms, longest first.

        Its inflections, and for a doer (fighter) what they do and its inflections
        (fight, fights, fighting), and for a word built by a suffix its root and the
        root's inflections (harpist: harp, harps; P32).  Never a word built from it
        (camp: camper), nor a root ``forms.txt`` calls unrelated (dentist: dent).  The
        word itself always counts, even when the dictionary does not know it.
        """
        w = word.lower()
        forms = {w} | self._inflected(w)
        for stem in self.agent_stems(w):
            forms |= {stem} | self._inflected(stem)
        return tuple(sorted(forms, key=lambda f: (-len(f), f)))

    def forms(self, word: str) -> tuple[Form, ...]:
        """Everything that counts as *word* (P22-P25), longest first, each once."""
        w = word.lower()
        data = self.forms_data
        out: dict[str, Form] = {}

        def add(text: str, kind: FormKind, part: str | None = None) -> None:
            if len(text) >= 2 and text not in out:
                out[text] = Form(text, kind, part)

        add(w, FormKind.WORD)
        for f in self.family(w):
            add(f, FormKind.FORM)
        for part in data.compounds.get(w, ()):
            for f in (part, *self.family(part)):
                add(f, FormKind.PART, part)
        for short in data.shorts.get(w, ()):
            for f in (short, *sorted(self._inflected(short))):
                add(f, FormKind.SHORT)
        for sound in data.sounds.get(w, ()):
            plural = sound + ("es" if sound.endswith(("s", "x", "z", "ch", "sh")) else "s")
            for f in (sound, plural):
                add(f, FormKind.SOUND)
        return tuple(sorted(out.values(), key=lambda f: (-len(f.text), _KIND_ORDER.index(f.kind), f.text)))

    def title(self, owner: str) -> tuple[TitleWord, ...]:
        """The checked words of *owner* with their forms (P4, P22-P25), memoised."""
        key = owner.strip()
        if key not in self._titles:
            self._titles[key] = tuple(TitleWord(word, self.forms(word)) for word in title_words(key))
        return self._titles[key]

    # -- P22: reading the plate ------------------------------------------------------

    def longer_words(self, stretch: str) -> tuple[str, ...]:
        """P22: the dictionary words a stretch of plate characters plainly reads as, memoised.

        The plain reading: each character as its letter (digits as P8 says), at most
        ``MAX_ADDED_VOWELS`` vowels added between or after them, none before; only words
        one can say (``_speakable``) that start as English words do (``_could_start_a_word``)
        count.
        """
        return self.plain_words(stretch, ())

    def plain_words(self, stretch: str, looks: tuple[bool, ...]) -> tuple[str, ...]:
        """``longer_words``, with the characters marked in *looks* read only as the letter
        they look like (``_plain_candidates``); memoised."""
        key = (stretch, looks if any(looks) else ())
        if key not in self._longer:
            self._longer[key] = tuple(
                dict.fromkeys(
                    w
                    for w in _plain_candidates(stretch, key[1])
                    if _could_start_a_word(w) and _speakable(w) and self._known(w)
                )
            )
        return self._longer[key]

    def stray_characters(self, stretch: str) -> int:
        """P22: how many characters of *stretch* are left over, at fewest, when it is
        cut into words: stretches of two to ``MAX_STRAY_WORD`` characters that plainly
        read as a dictionary word (``longer_words``), and the digits that read as a whole word
        (``WORD_DIGITS``: 4 = "for").  Memoised: a plate is re-read on every keystroke.
        """
        if stretch not in self._strays:
            best = [0] * (len(stretch) + 1)
            for i in range(1, len(stretch) + 1):
                best[i] = best[i - 1] + (stretch[i - 1] not in WORD_DIGITS)
                for j in range(max(0, i - MAX_STRAY_WORD), i - 1):
                    if best[j] < best[i] and self.longer_words(stretch[j:i]):
                        best[i] = best[j]
            self._strays[stretch] = best[-1]
        return self._strays[stretch]

    def _left_over(self, text: str, run: tuple[int, int], span: tuple[int, int]) -> int:
        """P22: the stray characters of *run* when *span* is read as one word."""
        return self.stray_characters(text[run[0] : span[0]]) + self.stray_characters(text[span[1] : run[1]])

    def _inside_longer_word(
        self, text: str, run: tuple[int, int], span: tuple[int, int], entry: TitleWord, form: Form
    ) -> tuple[tuple[int, int], str] | None:
        """P22: a longer stretch of the run, around *span*, that reads as another word.

        The stretch must go past *span* by more than vowel digits (a vowel beside a run
        is one the reader adds anyway: CHF4 is no "chufa", 4PLT no "aplite"; C8K is
        "cake"), and reading it must leave no more of the run over than reading *form*
        does (HTDG is "hot" + "dog", not "hated" + G).
        """
        run_start, run_end = run
        start, end = span
        around = [
            (a, b)
            for a in range(max(run_start, start - MAX_EXTENSION), start + 1)
            for b in range(end, min(run_end, end + MAX_EXTENSION) + 1)
            if (a, b) != span and (start - a) + (b - end) <= MAX_EXTENSION and b - a <= MAX_LONGER_WORD
        ]
        # A stretch that only adds vowel digits (0 1 3 4 as o i e a) adds no word.
        around = [(a, b) for a, b in around if any(ch not in VOWEL_DIGITS for ch in text[a:start] + text[end:b])]
        around.sort(key=lambda s: (s[1] - s[0], s[0]))
        rest = text[run_start:start] + text[end:run_end]
        whole = (
            run not in around
            and run != span
            and run_end - run_start <= MAX_LONGER_WORD
            and any(ch not in VOWEL_DIGITS for ch in rest)
        )
        if whole:
            around.append(run)  # a run that reads as one word is that word (CRYSTL: crystal)
        own = entry.texts
        left_over: int | None = None
        for a, b in around:
            # A digit beside the title word reads only as the letter it looks like: as a
            # sound or a word it is a word of its own (2KNG is "to king", not "toking";
            # CHF4LF "chef for life").  A whole run is read that way throughout (P22).
            everywhere = whole and (a, b) == run
            looks = tuple(text[i].isdigit() and (everywhere or not start <= i < end) for i in range(a, b))
            for word in self.plain_words(text[a:b], looks):
                if word in own:
                    continue
                if left_over is None:
                    left_over = self._left_over(text, run, span)
                if self._left_over(text, run, (a, b)) <= left_over:
                    return (a, b), word
                break  # every word of this stretch leaves the same characters over
        return None

    def represented(self, plate: str, entry: TitleWord) -> tuple[tuple[int, int], Form] | None:
        """P7-P10, P22, P26: the run of *plate* that represents *entry*, and the form it
        reads as; ``None`` when the title word is not represented.

        P10: of the runs that do, the one a person reads: the one that leaves fewest
        characters of its run over (HTDG: HT "hot" + DG "dog", not HTD "hotted" + G;
        VTDR: VT "vet" + DR "dear", not VTD "vetted" + R), then the longest (CWB0Y is
        "cowboy", not CW + "boy"), then the leftmost; of the forms one run reads as, the
        nearest to the title word (``FormKind`` order: PRNCSS is "princess", NYT
        "knight"; then the shortest).
        """
        text = plate.upper()
        longest = max((len(f.text) for f in entry.forms), default=0)
        hits: list[tuple[tuple[int, int, int, int, str], tuple[int, int], tuple[int, int], Form]] = []
        for start, end, run in _spans(text):
            # Every plate character (every pair: PH, 00) reads as at least one letter, so
            # a run longer than the longest form cannot read as any: skipping those keeps
            # typing quick.
            piece = text[start:end]
            if end - start > longest and len(_tokens(piece)) > longest:
                continue
            if (start, end) == run and len(piece) == MIN_RUN and piece.isalpha():
                continue  # P26: a plate run of two bare letters is read as the letters
            # Compiling a pattern costs a millisecond, matching it a microsecond: only
            # runs whose ends could spell a form's ends are compiled.
            firsts, lasts = _ends(piece)
            maybe = [f for f in entry.forms if _could_read(f.text, firsts, lasts)]
            if not maybe:
                continue
            pattern = reading_pattern(piece)
            for f in maybe:
                if pattern.match(f.text):
                    key = (start - end, start, _KIND_ORDER.index(f.kind), len(f.text), f.text)
                    hits.append((key, (start, end), run, f))
        ranked = sorted(hits, key=lambda h: (self._left_over(text, h[2], h[1]), h[0]))
        for _, span, run, form in ranked:
            if self._inside_longer_word(text, run, span, entry, form) is None:
                return span, form
        return None

    def title_violations(self, plate: str, owner: str) -> list[Violation]:
        """One ``Violation`` per title word the plate represents (P7-P10, P22-P27).

        P21: a plate over ``MAX_JUDGED`` characters is not read (none are reported):
        its runs grow with the square of its length, and it is illegal as too long
        anyway.  The guard is here, not in the callers, so no caller can explode it.
        """
        if len(plate) > MAX_JUDGED:
            return []
        text = plate.upper()
        out: list[Violation] = []
        for entry in self.title(owner):
            hit = self.represented(text, entry)
            if hit is None:
                continue
            (start, end), form = hit
            out.append(
                Violation(
                    Rule.TITLE_WORD,
                    _title_reason(text[start:end], entry.word, form),
                    span=(start, end),
                    title_word=entry.word,
                    reading=form.text,
                    kind=form.kind,
                    part=form.part,
                )
            )
        return out

    def judge(self, plate: str, owner: str) -> Judgement:
        """Every rule the plate breaks for *owner*, each reported separately."""
        violations = character_violations(plate)
        violations += self.title_violations(plate, owner)
        return Judgement(plate, owner, tuple(violations))


def _fragment_letters(fragment: str) -> str:
    """The letters of a P8 fragment (``ll?`` -> ll, ``c(?=[eiy])`` -> c, ``ow(?![a-z])`` -> ow)."""
    return fragment.split("(", 1)[0].replace("?", "")


@functools.lru_cache(maxsize=4096)
def _ends(run: str) -> tuple[frozenset[str], frozenset[str]]:
    """The letters a reading of *run* can start with and end with (before free vowels).

    A pair (``10``, ``PH``) at either end counts with its sound and with its characters.
    """

    def letters(chars: str) -> frozenset[str]:
        fragments = [f for ch in chars for f in _char_readings(ch)]
        if chars in PAIR_READINGS:
            fragments += PAIR_READINGS[chars]
        return frozenset(x for f in fragments if (x := _fragment_letters(f)))

    head, tail = run[:1], run[-1:]
    first = letters(head) | (letters(run[:2]) if run[:2] in PAIR_READINGS else frozenset())
    last = letters(tail) | (letters(run[-2:]) if run[-2:] in PAIR_READINGS else frozenset())
    return frozenset(x[0] for x in first), frozenset(x[-1] for x in last)


def _could_read(form: str, firsts: frozenset[str], lasts: frozenset[str]) -> bool:
    """Whether *form*'s ends could be spelled by a run's first and last characters.

    Never wrong the other way (a test checks it): vowels before the first reading and
    after the last are free, so a form starting or ending with a vowel is let through
    when a reading there is a vowel too (4T is "eat": e free, then 4 = a).
    """
    vowels = "aeiou"
    head = form.lstrip(vowels)[:1]
    tail = form.rstrip(vowels)[-1:]
    start = form[0] in firsts or head in firsts or (form[0] in vowels and not firsts.isdisjoint(vowels))
    end = form[-1] in lasts or tail in lasts or (form[-1] in vowels and not lasts.isdisjoint(vowels))
    return start and end


def _title_reason(shown: str, word: str, form: Form) -> str:
    """The refusal, naming the reading the judge found (P10, P22-P25)."""
    label = f"\u201c{word.capitalize()}\u201d"
    read = f"{shown} reads as \u201c{form.text}\u201d"
    if form.kind is FormKind.WORD:
        return f"{read}, a word of the owner's title"
    if form.kind is FormKind.FORM:
        return f"{read}, a form of {label} in the owner's title"
    if form.kind is FormKind.PART:
        if form.text == form.part:
            return f"{read}, part of {label} in the owner's title"
        return f"{read}, a form of \u201c{form.part}\u201d, part of {label} in the owner's title"
    if form.kind is FormKind.SHORT:
        return f"{read}, a short form of {label} in the owner's title"
    return f"{read}, which sounds like {label}, a word of the owner's title"


def _runs(text: str) -> list[tuple[int, int]]:
    """P9: the maximal runs of plate characters (a dash splits the plate in two)."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for i, ch in enumerate(text + "\0"):
        if ch in PLATE_CHARACTERS:
            if start is None:
                start = i
        elif start is not None:
            runs.append((start, i))
            start = None
    return runs


def _spans(text: str) -> list[tuple[int, int, tuple[int, int]]]:
    """P7, P9: every stretch of ``MIN_RUN``+ characters inside one run, with its run.

    Longest first, then leftmost.
    """
    spans = [
        (a, b, (run_start, run_end))
        for run_start, run_end in _runs(text)
        for a in range(run_start, run_end)
        for b in range(a + MIN_RUN, run_end + 1)
    ]
    return sorted(spans, key=lambda s: (s[0] - s[1], s[0]))


def _speakable(word: str) -> bool:
    """P22: a word one can say: it has a vowel or y, or draws a consonant out (hmm, shh).

    The dictionary also knows abbreviations (shpt for shipment), which are written, not
    read: SHPT is "ship" and a T, not a longer word.
    """
    return any(ch in "aeiouy" for ch in word) or any(a == b for a, b in itertools.pairwise(word))


#: P22: the pairs of consonants an English word can start with (y counts as a vowel
#: here: gym, lynx), and the three-consonant starts (an interjection's included: hmm).
#: A plain reading that starts otherwise is no word anyone reads, so it is not looked up:
#: that spares most of the dictionary look-ups for a stretch such as FGHTSF.
_ONSETS_2 = frozenset(
    {
        "bl", "br", "ch", "cl", "cr", "cz", "dr", "dw", "fl", "fr", "gh", "gl", "gn", "gr", "hm",
        "kl", "kn", "kr", "mn", "ph", "pl", "pn", "pr", "ps", "pt", "rh", "sc", "sh", "sk", "sl",
        "sm", "sn", "sp", "sq", "st", "sv", "sw", "th", "tr", "ts", "tw", "wh", "wr",
    }
)  # fmt: skip
_ONSETS_3 = frozenset(
    {"chr", "phr", "sch", "scr", "shr", "sph", "spl", "spr", "str", "thr", "hmm", "shh", "pss", "brr", "grr", "tsk", "nth"}
)  # fmt: skip
_CONSONANT_LETTERS = frozenset("bcdfghjklmnpqrstvwxz")


def _could_start_a_word(candidate: str) -> bool:
    """P22: whether *candidate* starts as English words do (see ``_ONSETS_2``)."""
    if len(candidate) < 2 or candidate[1] not in _CONSONANT_LETTERS or candidate[0] not in _CONSONANT_LETTERS:
        return True
    if candidate[:2] not in _ONSETS_2:
        return False
    return len(candidate) < 3 or candidate[2] not in _CONSONANT_LETTERS or candidate[:3] in _ONSETS_3


def _plain(fragment: str) -> tuple[str, bool]:
    """A P8 regex fragment as plain letters (``zz?`` -> z), and whether a vowel may follow."""
    closed = fragment.endswith(_NO_VOWEL_AFTER)
    letters = fragment.split("(", 1)[0]
    if letters.endswith("?"):
        letters = letters[:-2]
    return letters, not closed


@functools.lru_cache(maxsize=64)
def _plain_readings(ch: str) -> tuple[tuple[str, bool], ...]:
    """P22: what a character plainly reads as: a letter as itself, a digit as P8 says,
    and as the one letter of its sound (8 = a: C8K is "cake"; P32), the other spellings
    of the sound (ai, ey, eigh) left out for their cost."""
    if ch in DIGIT_READINGS:
        sounds = [f for f in DIGIT_SOUNDS.get(ch, ()) if len(_plain(f)[0]) == 1]
        return tuple(dict.fromkeys(_plain(f) for f in (*DIGIT_READINGS[ch], *sounds) if _plain(f)[0]))
    return ((ch.lower(), True),)


def _plain_candidates(stretch: str, looks: tuple[bool, ...] = ()) -> Iterator[str]:
    """P22: the strings a stretch plainly reads as: readings in order, with at most
    ``MAX_ADDED_VOWELS`` vowels added after characters (none before the first).

    A character whose place in *looks* is true reads only as the letter it looks like
    (0 = o, 2 = z, 4 = a, 8 = b), never as a sound or a word."""
    vowels = "aeiou"
    readings = (
        _plain_readings(ch)[:1] if i < len(looks) and looks[i] else _plain_readings(ch) for i, ch in enumerate(stretch)
    )
    for combo in itertools.product(*readings):
        letters = [r for r, _ in combo]
        open_gaps = [i for i, (_, may) in enumerate(combo) if may]
        yield "".join(letters)
        for i in open_gaps:
            for v in vowels:
                yield "".join(letters[: i + 1]) + v + "".join(letters[i + 1 :])
        if MAX_ADDED_VOWELS >= 2:
            for x, i in enumerate(open_gaps):
                for j in open_gaps[x + 1 :]:
                    for v in vowels:
                        for u in vowels:
                            yield (
                                "".join(letters[: i + 1])
                                + v
                                + "".join(letters[i + 1 : j + 1])
                                + u
                                + "".join(letters[j + 1 :])
                            )
