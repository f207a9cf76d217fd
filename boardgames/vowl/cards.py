"""Vowl's cards and the three deck files that hold them.

File format (``decks/vowl/basic.txt``, ``advanced.txt``, ``expert.txt``): one card
per line, the skeleton first in capitals, then optionally whitespace and reference
answers (lower case, space separated); ``#`` starts a comment.  The reference
answers are for people reading the file and for the deck tests; in play every
answer the dictionary accepts counts (see ``boardgames.common.skeleton``).

``frequency.txt`` (generated with the decks) says how common each possible answer is,
so the turn review lists the words a player knows first (``by_frequency``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path

from boardgames.common.decks import DeckError, DeckLine, deck_path, read_lines, read_text
from boardgames.common.dictionary import REFUSED_FILE, load_curation
from boardgames.common.skeleton import SkeletonError, fits_normalised, normalise_skeleton
from boardgames.vowl.card import Card, Tier

__all__ = ["Card", "Tier", "by_frequency", "check_frequencies", "load_decks", "load_frequencies", "parse_card"]


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
        if not fits_normalised(skeleton, answer):  # both normalised above (800 answers)
            raise line.error(f"reference answer {answer!r} does not fit {skeleton}")
    return Card(skeleton, tier, tuple(answers))


@functools.cache
def load_decks() -> dict[Tier, tuple[Card, ...]]:
    """All three decks, checked: right counts, every skeleton unique across decks, and
    no reference answer that ``refused.txt`` refuses (Interpretation V32)."""
    decks: dict[Tier, tuple[Card, ...]] = {}
    seen: dict[str, DeckLine] = {}  # where each skeleton was met, named only to blame a repeat
    refused = load_curation().refused  # a refused word is never a card's answer (V32)
    for tier in Tier:
        path = deck_path("vowl", tier.filename)
        cards = []
        for line in read_lines(path):
            card = parse_card(line, tier)
            for word in card.answers:
                if word in refused:
                    raise line.error(f"reference answer {word!r} is refused ({refused[word]}, {REFUSED_FILE})")
            first = seen.get(card.skeleton)
            if first is not None:
                where = f"{first.path.name} line {first.number}"
                raise line.error(f"skeleton {card.skeleton} already appears in {where}")
            seen[card.skeleton] = line
            cards.append(card)
        if len(cards) != tier.size:
            raise DeckError(path, None, f"expected {tier.size} cards, found {len(cards)}")
        decks[tier] = tuple(cards)
    return decks


FREQUENCY_FILE = "frequency.txt"
#: ``word zipf``: a lower-case word, then a Zipf frequency with two decimals.
_FREQUENCY_LINE = re.compile(r"^([a-z]{2,})\s+(\d\.\d\d)$")
#: wordfreq's Zipf scale tops out near 7.7 ("the"); above 8 a line is a typo.
MAX_ZIPF = 8.0
#: The file as the deck build writes it, one pass each (``_well_formed_frequencies``): a
#: row is ``word zipf`` alone on its line, below 8; any other line is blank or a comment.
#: Both read the text with a newline put before and after it, and look for a newline
#: (what starts a line): re scans for that one character in C, where ``^`` with
#: ``re.MULTILINE`` tried the pattern at each of the file's 64,000 characters (half
#: the time of the check).
_FREQUENCY_ROW = re.compile(r"\n([a-z]{2,})[ \t]+([0-7]\.[0-9][0-9])(?=\n)")
_NOT_A_ROW_OR_COMMENT = re.compile(r"\n(?!\n|#|\Z|[a-z]{2,}[ \t]+[0-7]\.[0-9][0-9]\n)")
#: In a file where every line is a row, a comment or blank: the word of each row.
_ROW_WORD = re.compile(r"\n([a-z]+)")


@functools.cache
def load_frequencies() -> dict[str, float]:
    """``decks/vowl/frequency.txt`` as word -> Zipf frequency, every line checked.

    Untrusted like every deck file: a malformed line, a frequency outside 0-8 or a
    word listed twice is a ``DeckError`` naming the file and line.  A word missing
    here is only sorted last, so the file has no count to check.

    Read before every Vowl game's first frame (the command line checks every deck
    file first), so a file as the deck build writes it is checked in one pass of two
    regular expressions (``_well_formed_frequencies``, 5,300 lines: 9 ms line by line);
    any other file is read line by line, which accepts the same and names the
    line at fault.
    """
    path = deck_path("vowl", FREQUENCY_FILE)
    table = _well_formed_frequencies(read_text(path))
    if table is not None:
        return table
    return _frequencies_line_by_line(path)


def check_frequencies() -> None:
    """``DeckError`` unless ``frequency.txt`` reads (``load_frequencies``), without
    building its table.

    This is the check the command line makes before a Vowl game's first frame; the
    table itself is first used by the turn review, after it.  A file as the deck
    build writes it is checked by one regular expression over the text (every line a
    row, a comment or blank) and one over the rows' words (none twice): what
    ``_well_formed_frequencies`` checks, without its list of rows, its ``float``
    calls and its table, three quarters of its time.  Any other file is
    read line by line, which names the line at fault.
    """
    path = deck_path("vowl", FREQUENCY_FILE)
    text = f"\n{read_text(path)}\n"
    if _NOT_A_ROW_OR_COMMENT.search(text) is None:
        words = _ROW_WORD.findall(text)
        if len(set(words)) == len(words):
            return
    _frequencies_line_by_line(path)


def _well_formed_frequencies(text: str) -> dict[str, float] | None:
    """The table of *text* if every line is a ``word zipf`` row (below 8, no word twice), a
    comment or empty; ``None`` for anything else, left to ``_frequencies_line_by_line``,
    which accepts all this does, with the same table."""
    text = f"\n{text}\n"  # every line between two newlines (see ``_FREQUENCY_ROW``)
    if _NOT_A_ROW_OR_COMMENT.search(text) is not None:
        return None
    rows = _FREQUENCY_ROW.findall(text)
    if not rows:
        return {}
    words, values = zip(*rows, strict=True)
    table = dict(zip(words, map(float, values), strict=True))
    return table if len(table) == len(rows) else None


def _frequencies_line_by_line(path: Path) -> dict[str, float]:
    """``load_frequencies``, one ``DeckLine`` at a time: the line at fault named."""
    table: dict[str, float] = {}
    where: dict[str, int] = {}
    for line in read_lines(path):
        match = _FREQUENCY_LINE.match(line.text)
        if match is None:
            raise line.error("expected a lower-case word (letters a-z, two or more) and a frequency such as 3.45")
        word, value = match.group(1), float(match.group(2))
        if value > MAX_ZIPF:
            raise line.error(f"frequency {match.group(2)} is above {MAX_ZIPF:.0f}, the top of the Zipf scale")
        if word in table:
            raise line.error(f"{word!r} is listed already, line {where[word]}")
        table[word] = value
        where[word] = line.number
    return table


def by_frequency(words: Iterable[str], frequencies: dict[str, float] | None = None) -> list[str]:
    """*words*, most common first (``frequency.txt``); ties, and unknown words last, alphabetically."""
    table = load_frequencies() if frequencies is None else frequencies
    return sorted(words, key=lambda w: (-table.get(w, -1.0), w))
