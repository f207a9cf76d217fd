#!/usr/bin/env python3
"""Build Vowl's three card decks (``decks/vowl/*.txt``) from word-frequency data.

Usage (from the repository root)::

    .venv/bin/python -m pip install -e '.[decks]'       # once: wordfreq is a build-only extra
    .venv/bin/python tools/build_vowl_decks.py           # rewrite the three deck files
    .venv/bin/python tools/build_vowl_decks.py --check   # exit 1 if the files are stale
    .venv/bin/python tools/build_vowl_decks.py --report  # also print every card's score

The output is a pure function of the wordfreq data, the hunspell ``en_US``
dictionary the game itself uses, ``tools/blocklist.txt`` and the constants below:
no randomness, every choice sorted by a total order.  It runs in about five
seconds (the cost is ``solutions()`` on the long skeletons).

Why these rules
---------------
A card is a *skeleton*: a word with its vowels removed.  The game accepts every
word that fits the skeleton and that the dictionary knows, so the decks are
built with the judge the game uses -- ``SkeletonMatcher(get_dictionary())`` --
never with a second opinion that could disagree with it in play.

*Commonness* is wordfreq's Zipf frequency (log10 of uses per billion words:
6 is "time", 3 is about one use per million words).  Vowl plays in American
English, so the uses of a word's British spellings that en_US rejects are added
in (savor + savour, meter + metre, catalog + catalogue): they are the same word
to a player.  See ``zipf`` and ``british_spellings``.

1. **Candidate words.**  Every word of wordfreq's English ``large`` list with a
   Zipf frequency of at least ``MIN_ZIPF`` that has the puzzle's shape (rulebook,
   "Word Puzzles": a consonant first, exactly one vowel A/E/I/O/U between
   consecutive consonants, optionally one vowel at the end, Y a consonant), that
   the game's dictionary accepts, and that is not in ``NOT_EVERYDAY``.
   ``NOT_EVERYDAY`` holds names, abbreviations and foreign words that hunspell
   happens to accept in lower case but that wordfreq counts mostly as something
   else ("japan", "peter", "gov", "situ"), so their frequency says nothing about
   how well players know them as words.  It was filled by reading the decks.
2. **Candidate skeletons.**  The consonant skeleton of each candidate word, with
   2 to 6 consonants (one consonant is too easy and too ambiguous for a card).
3. **Answers.**  ``solutions(skeleton)`` lists every answer the game accepts:
   hunspell curated by ``decks/vowl/added.txt`` and ``refused.txt`` (abbreviations
   and offensive words are never answers, so never block a card either).
   The skeleton is dropped when *any* of them is on the block list (or is a plain
   inflection of a blocked word): the game shows every accepted answer after a
   turn, so an offensive word must not be a possible answer at all.
   The card's *reference answers* are the accepted answers with a Zipf frequency
   of at least ``COMMON_ZIPF`` that are not in ``NOT_EVERYDAY``, most common
   first (ties alphabetical).  A skeleton with no reference answer is dropped:
   every card has at least one common, family-friendly answer.
4. **A head word first.**  The skeleton is dropped when its best (most common)
   answer is a regular inflection of another accepted word (``-s``, ``-es``,
   ``-d``, ``-ed`` on a stem of three letters or more): "MDCN" -> medicine is a
   puzzle, "MNTS" -> minutes is "MNT" with an S stuck on.

Difficulty
----------
For a skeleton with ``n`` consonants whose best answer has Zipf frequency ``z``
and which has ``a`` reference answers::

    D = 1.0 * (n - 2)  +  1.5 * (6 - z)  -  1.0 * log2(a)

- every extra consonant costs one point (a longer word to assemble);
- every Zipf unit below 6 costs 1.5 points: one Zipf unit is a tenfold drop in
  how often the word is met, which weighs a little more than a consonant;
- every doubling of the number of common answers takes one point off: more
  words to stumble upon means an easier card.

Examples: FR (for far fire fur fare fore fir) D = -4.32; SVR (severe saver
savor sever) D = 1.16; CBNT (cabinet) D = 4.26; CRNVRS (coronavirus) D = 8.17.

Tiers
-----
Each tier has a fixed mix of consonant counts (``TIERS``), a floor on the best
answer's Zipf frequency, and (expert only) a cap on the number of answers the
game accepts, so that no expert card is a free-for-all.  The tiers are filled in
order, basic first, and every slot takes the *lowest-D* skeletons still unused
that meet its tier's rules.  So for each consonant count the basic cards are
the easiest ones, advanced the next, expert the next; and the consonant mix
rises from tier to tier:

=========  =====  ======================  =========  ====================
tier       cards  consonants (cards)      best z >=  accepted answers <=
=========  =====  ======================  =========  ====================
basic      210    2 (150), 3 (60)         4.0        any
advanced   130    3 (70), 4 (60)          3.8        any
expert     60     4 (30), 5 (28), 6 (2)   3.2        3
=========  =====  ======================  =========  ====================

Few well-known 6-consonant words are not inflections (most are "-ed" or "-s"
forms), hence only two such expert cards.

Each deck file lists its cards alphabetically by skeleton (the game shuffles),
with the card's ``D`` as a trailing comment for people reviewing the deck.

Frequencies
-----------
The build also writes ``decks/vowl/frequency.txt``: the Zipf frequency (British
spellings added in, as above) of every word the game's skeleton index holds, so the
turn review can list a card's most common answers first without wordfreq
at play time.  Words wordfreq does not know are left out: the game sorts them last.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from a checkout without installing the package

from boardgames.common.dictionary import get_dictionary  # noqa: E402
from boardgames.common.skeleton import SkeletonMatcher, consonant_skeleton, skeleton_index  # noqa: E402

try:
    import wordfreq
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit(
        "build_vowl_decks: wordfreq is not installed; it is a build-only extra.\n"
        "Install it with:  .venv/bin/python -m pip install -e '.[decks]'"
    )

DECKS_DIR = REPO / "decks" / "vowl"
FREQUENCY_FILE = DECKS_DIR / "frequency.txt"
BLOCKLIST = REPO / "tools" / "blocklist.txt"

LANG = "en"
WORDLIST = "large"

#: No candidate word is rarer than this (Zipf 3.2 is about 1.6 uses per million words).
MIN_ZIPF = 3.2
#: A reference answer is at least this common (1 use per million words).
COMMON_ZIPF = 3.0
#: How far below MIN_ZIPF a word may start and still reach it with its British spellings.
SPELLING_MARGIN = 1.0
MIN_CONSONANTS = 2
MAX_CONSONANTS = 6

#: The puzzle's shape, for one lower-case word (the rulebook's "Word Puzzles").
PUZZLE_SHAPE = re.compile(r"^[b-df-hj-np-tv-z](?:[aeiou][b-df-hj-np-tv-z])*[aeiou]?$")

#: Accepted in lower case by hunspell, but counted by wordfreq mostly as a name, an
#: abbreviation or a foreign word, so their frequency says nothing about how well
#: players know them as words.  They never count as a reference answer (the game
#: still accepts them).  Found by reading the generated decks.
NOT_EVERYDAY = frozenset(
    [
        "ben",
        "bey",
        "bis",
        "bor",
        "bora",
        "cal",
        "casa",
        "cate",
        "cir",
        "cis",
        "civ",
        "col",
        "cole",
        "coli",
        "colorado",
        "com",
        "cor",
        "cos",
        "cur",
        "dak",
        "dat",
        "dec",
        "del",
        "der",
        "dey",
        "dir",
        "div",
        "dom",
        "dona",
        "dora",
        "dos",
        "duma",
        "fac",
        "fec",
        "fer",
        "fol",
        "gan",
        "gov",
        "hap",
        "hes",
        "hor",
        "hos",
        "hove",
        "hoy",
        "japan",
        "jun",
        "kana",
        "kat",
        "ken",
        "kino",
        "lat",
        "lev",
        "lewis",
        "liber",
        "lin",
        "lis",
        "logan",
        "mac",
        "mam",
        "mara",
        "mater",
        "maya",
        "med",
        "medicare",
        "meg",
        "mel",
        "mig",
        "mil",
        "milo",
        "mir",
        "mol",
        "mon",
        "mora",
        "mot",
        "mun",
        "nom",
        "non",
        "nos",
        "pacific",
        "pas",
        "pec",
        "pes",
        "peter",
        "petit",
        "pica",
        "pis",
        "poco",
        "pol",
        "pos",
        "rata",
        "rec",
        "reg",
        "rel",
        "rem",
        "res",
        "rit",
        "roc",
        "roger",
        "rom",
        "roman",
        "rota",
        "sal",
        "sec",
        "sem",
        "sen",
        "ser",
        "serena",
        "situ",
        "som",
        "sot",
        "takin",
        "tali",
        "tana",
        "ted",
        "tel",
        "ter",
        "til",
        "tod",
        "tor",
        "tori",
        "tum",
        "tun",
        "vas",
        "vol",
        "wales",
        "wat",
        "wot",
    ]
)

#: Suffixes under which a blocked word is still blocked ("rape" blocks "rapes").
BLOCK_SUFFIXES = ("s", "es", "d", "ed", "r", "er", "y")


@dataclass(frozen=True, slots=True)
class TierRule:
    """How one deck is filled: its file, consonant mix and fairness floors."""

    name: str
    colour: str
    mix: tuple[tuple[int, int], ...]  # (consonant count, cards)
    min_best_zipf: float
    max_answers: int | None  # cap on *accepted* answers (None: no cap)

    @property
    def size(self) -> int:
        return sum(count for _, count in self.mix)

    @property
    def filename(self) -> str:
        return f"{self.name}.txt"

    def admits(self, card: Candidate) -> bool:
        if card.best_zipf < self.min_best_zipf:
            return False
        return self.max_answers is None or len(card.accepted) <= self.max_answers


TIERS: tuple[TierRule, ...] = (
    TierRule("basic", "GREEN", ((2, 150), (3, 60)), 4.0, None),
    TierRule("advanced", "YELLOW", ((3, 70), (4, 60)), 3.8, None),
    TierRule("expert", "RED", ((4, 30), (5, 28), (6, 2)), 3.2, 3),
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One skeleton with everything the selection needs to know about it."""

    skeleton: str
    accepted: tuple[str, ...]  # every answer the game accepts
    answers: tuple[str, ...]  # reference answers, most common first
    best_zipf: float

    @property
    def consonants(self) -> int:
        return len(self.skeleton)

    @property
    def difficulty(self) -> float:
        return difficulty(self.consonants, self.best_zipf, len(self.answers))


def difficulty(consonants: int, best_zipf: float, answers: int) -> float:
    """The score ``D`` of the module docstring: higher is harder."""
    return 1.0 * (consonants - 2) + 1.5 * (6.0 - best_zipf) - 1.0 * math.log2(max(answers, 1))


def british_spellings(word: str) -> list[str]:
    """Candidate British spellings of an American word (savor -> savour, meter -> metre).

    Only forms the en_US dictionary rejects count: those are the same word spelled
    the British way, not another word ("four" is not a spelling of "for").
    """
    forms = {word[: m.start()] + "our" + word[m.end() :] for m in re.finditer("or", word)}
    forms |= {word[: m.start()] + "is" + word[m.end() :] for m in re.finditer("iz", word)}
    forms |= {word[: m.start()] + "ell" + word[m.end() :] for m in re.finditer("el(?=(ed|er)$)", word)}
    if word.endswith("er"):
        forms.add(word[:-2] + "re")
    if word.endswith("og"):
        forms.add(word + "ue")
    dictionary = get_dictionary()
    return sorted(f for f in forms if f != word and not dictionary.check(f))


def zipf(word: str) -> float:
    """How common *word* is, on wordfreq's Zipf scale, rounded to 0.01.

    Vowl plays in American English, but wordfreq counts "savour" apart from
    "savor"; both are uses of the word a player knows, so they are added up.
    """
    freq = wordfreq.word_frequency(word, LANG, wordlist=WORDLIST)
    freq += sum(wordfreq.word_frequency(f, LANG, wordlist=WORDLIST) for f in british_spellings(word))
    return round(math.log10(freq) + 9, 2) if freq > 0 else 0.0


def read_blocklist(path: Path = BLOCKLIST) -> frozenset[str]:
    """The block list's words (comments and blank lines skipped)."""
    words = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        word = line.split("#", 1)[0].strip().lower()
        if word:
            words.add(word)
    return frozenset(words)


def is_blocked(word: str, blocked: frozenset[str]) -> bool:
    """True for a blocked word or a plain inflection of one."""
    if word in blocked:
        return True
    return any(word.endswith(suffix) and word[: -len(suffix)] in blocked for suffix in BLOCK_SUFFIXES)


def is_inflection(word: str) -> bool:
    """True when *word* is ``stem + -s/-es/-d/-ed`` for an accepted stem of 3+ letters."""
    dictionary = get_dictionary()
    for suffix in ("s", "es", "d", "ed"):
        stem = word[: -len(suffix)]
        if word.endswith(suffix) and len(stem) >= 3 and dictionary.check(stem):
            return True
    return False


def candidate_words() -> Iterator[str]:
    """Words common enough, of the puzzle's shape, known to the game's dictionary."""
    dictionary = get_dictionary()
    for word in wordfreq.iter_wordlist(LANG, WORDLIST):
        if wordfreq.zipf_frequency(word, LANG, wordlist=WORDLIST) < MIN_ZIPF - SPELLING_MARGIN:
            return  # the list is sorted by frequency, most common first
        if (
            PUZZLE_SHAPE.match(word)
            and word not in NOT_EVERYDAY
            and dictionary.check_answer(word)  # the game's judge of an answer: both word lists
            and zipf(word) >= MIN_ZIPF
        ):
            yield word


def candidate_skeletons(words: Iterable[str]) -> list[str]:
    skeletons = {consonant_skeleton(w) for w in words}
    return sorted(s for s in skeletons if MIN_CONSONANTS <= len(s) <= MAX_CONSONANTS)


def assess(skeleton: str, matcher: SkeletonMatcher, blocked: frozenset[str]) -> Candidate | None:
    """The ``Candidate`` for *skeleton*, or ``None`` when it cannot be a card."""
    accepted = tuple(matcher.solutions(skeleton))
    if any(is_blocked(w, blocked) for w in accepted):
        return None
    scored = sorted(((zipf(w), w) for w in accepted if w not in NOT_EVERYDAY), key=lambda t: (-t[0], t[1]))
    answers = tuple(w for z, w in scored if z >= COMMON_ZIPF)
    if not answers:
        return None
    if is_inflection(answers[0]):
        return None
    return Candidate(skeleton, accepted, answers, scored[0][0])


def select(candidates: Iterable[Candidate]) -> dict[str, list[Candidate]]:
    """Fill the tiers in order; each slot takes the lowest-D admissible skeletons."""
    ranked = sorted(candidates, key=lambda c: (c.difficulty, c.skeleton))
    used: set[str] = set()
    decks: dict[str, list[Candidate]] = {}
    for tier in TIERS:
        chosen: list[Candidate] = []
        for consonants, count in tier.mix:
            pool = [c for c in ranked if c.consonants == consonants and c.skeleton not in used and tier.admits(c)]
            if len(pool) < count:
                raise SystemExit(
                    f"build_vowl_decks: only {len(pool)} skeletons of {consonants} consonants "
                    f"qualify for the {tier.name} deck, {count} needed; relax TIERS"
                )
            for card in pool[:count]:
                used.add(card.skeleton)
                chosen.append(card)
        decks[tier.name] = sorted(chosen, key=lambda c: c.skeleton)
    return decks


def render(tier: TierRule, cards: list[Candidate]) -> str:
    """The text of one deck file."""
    mix = ", ".join(f"{count} of {n} consonants" for n, count in tier.mix)
    head = [
        f"# Vowl {tier.name} deck ({tier.colour}): {tier.size} cards ({mix}).",
        "#",
        "# GENERATED by tools/build_vowl_decks.py -- do not edit by hand.  To rebuild:",
        "#   .venv/bin/python -m pip install -e '.[decks]'",
        "#   .venv/bin/python tools/build_vowl_decks.py",
        f"# Built from wordfreq {version('wordfreq')} ({LANG}, {WORDLIST} list), the game's own",
        "# hunspell en_US dictionary (curated by added.txt and refused.txt) and",
        "# tools/blocklist.txt; decks/vowl/README.md explains how cards are chosen and scored.",
        "#",
        "# One card per line: the SKELETON (the word's consonants, in capitals), then the",
        "# reference answers: the common family-friendly words that solve it, most common",
        "# first.  In play every word the dictionary accepts counts, not only these.",
        "# The trailing '# D=' is the card's difficulty score (higher is harder).",
        "",
    ]
    width = max(len(c.skeleton) for c in cards) + 2
    answers_width = max(len(" ".join(c.answers)) for c in cards) + 2
    body = [f"{c.skeleton:<{width}}{' '.join(c.answers):<{answers_width}}# D={c.difficulty:.2f}" for c in cards]
    return "\n".join(head + body) + "\n"


def render_frequencies() -> str:
    """The text of ``frequency.txt``: ``word zipf`` for every indexed word wordfreq knows."""
    index = skeleton_index(get_dictionary())
    if index is None:
        raise SystemExit("build_vowl_decks: no hunspell word list found to index")
    words = sorted({w for answers in index.values() for w in answers})
    scored = [(w, zipf(w)) for w in words]
    head = [
        "# Vowl word frequencies: how common each possible answer is, for the turn review.",
        "#",
        "# GENERATED by tools/build_vowl_decks.py -- do not edit by hand.  To rebuild:",
        "#   .venv/bin/python -m pip install -e '.[decks]'",
        "#   .venv/bin/python tools/build_vowl_decks.py",
        f"# Built from wordfreq {version('wordfreq')} ({LANG}, {WORDLIST} list) for every word the",
        "# game's skeleton index holds (hunspell en_US curated by added.txt and refused.txt).",
        "#",
        "# One word per line: the word (lower case), then its Zipf frequency, log10 of uses per",
        "# billion words (6 is 'time', 3 one use per million), British spellings added in.",
        "# The review lists a card's answers most common first; a word missing here sorts",
        "# after every listed one, so a missing line is harmless.  Read and checked by",
        "# boardgames.vowl.cards.load_frequencies.",
        "",
    ]
    return "\n".join(head + [f"{w} {z:.2f}" for w, z in scored if z > 0]) + "\n"


def build() -> dict[str, tuple[TierRule, list[Candidate]]]:
    matcher = SkeletonMatcher(get_dictionary())
    blocked = read_blocklist()
    skeletons = candidate_skeletons(candidate_words())
    candidates = [c for s in skeletons if (c := assess(s, matcher, blocked)) is not None]
    decks = select(candidates)
    return {t.name: (t, decks[t.name]) for t in TIERS}


def report(decks: dict[str, tuple[TierRule, list[Candidate]]], *, cards: bool) -> None:
    for name, (_tier, chosen) in decks.items():
        by_n: dict[int, int] = {}
        for c in chosen:
            by_n[c.consonants] = by_n.get(c.consonants, 0) + 1
        mean = lambda xs: sum(xs) / len(xs)  # noqa: E731
        print(
            f"{name:9} {len(chosen):3} cards  consonants {dict(sorted(by_n.items()))}  "
            f"mean D {mean([c.difficulty for c in chosen]):5.2f}  "
            f"mean best z {mean([c.best_zipf for c in chosen]):4.2f}  "
            f"mean answers {mean([len(c.answers) for c in chosen]):4.2f}"
        )
        if cards:
            for c in sorted(chosen, key=lambda c: (c.difficulty, c.skeleton)):
                print(
                    f"    {c.difficulty:5.2f} {c.best_zipf:4.2f} {c.skeleton:7} "
                    f"{' '.join(c.answers)}   [all: {' '.join(c.accepted)}]"
                )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="compare with the files on disk; write nothing")
    parser.add_argument("--report", action="store_true", help="print every chosen card with its score")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    decks = build()
    stale = []
    for _name, (tier, chosen) in decks.items():
        text = render(tier, chosen)
        path = DECKS_DIR / tier.filename
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(path)
        else:
            path.write_text(text, encoding="utf-8")
    frequencies = render_frequencies()
    if args.check:
        if not FREQUENCY_FILE.is_file() or FREQUENCY_FILE.read_text(encoding="utf-8") != frequencies:
            stale.append(FREQUENCY_FILE)
    else:
        FREQUENCY_FILE.write_text(frequencies, encoding="utf-8")
    report(decks, cards=args.report)
    print(f"built in {time.perf_counter() - started:.1f} s")
    if stale:
        print("stale: " + ", ".join(str(p.relative_to(REPO)) for p in stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
