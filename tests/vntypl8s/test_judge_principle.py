"""One principle for the plate judge: Interpretation P32 of docs/rules/vntypl8s.md.

A title word is represented when a plausible reading of the plate contains it, an
inflection, the root it is built from by a suffix, a compound part, a listed short
form or a sound-alike spelling under P32's table of substitutions; a run beside a
digit is a word like any other, and the refusal names the reading a person gives.
Each plate here was judged otherwise before P32.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgames.vntypl8s.judge import (
    DIGIT_SOUNDS,
    PAIR_READINGS,
    ROOT_SUFFIXES,
    FormKind,
    PlateJudge,
    Rule,
    reading_pattern,
    stem_candidates,
)

RULES_DOC = Path(__file__).parents[2] / "docs" / "rules" / "vntypl8s.md"


def readings(judge: PlateJudge, plate: str, owner: str) -> list[tuple[str, str]]:
    """(the run, the word it reads as) for every title word the plate represents."""
    verdict = judge.judge(plate, owner)
    assert verdict.broken() <= {Rule.TITLE_WORD}, verdict.lines()
    out = []
    for v in verdict.violations:
        assert v.span is not None and v.reading is not None
        out.append((plate[v.span[0] : v.span[1]], v.reading))
    return out


# --- roots by a suffix: -ist, -ian, -eer, -ier as -er and -or --------------------------


@pytest.mark.parametrize(
    ("plate", "owner", "root"),
    [
        ("HRP", "Harpist", "harp"),
        ("V10L1N", "Violinist", "violin"),
        ("CYCL", "Cyclist", "cycle"),
        ("LCTRC", "Electrician", "electric"),
        ("MJK", "Magician", "magic"),
        ("C0M3DY", "Comedian", "comedy"),
        ("PPT", "Puppeteer", "puppet"),
        ("CSH", "Cashier", "cash"),
        ("PHRMCY", "Pharmacist", "pharmacy"),
        ("B0TNY", "Botanist", "botany"),
        ("GLF", "Golfer", "golf"),  # as before: what a golfer does
    ],
)
def test_p32_the_root_of_a_suffixed_title_word_is_represented(
    judge: PlateJudge, plate: str, owner: str, root: str
) -> None:
    assert readings(judge, plate, owner) == [(plate, root)]
    (violation,) = judge.judge(plate, owner).violations
    assert violation.kind is FormKind.FORM


@pytest.mark.parametrize(
    ("word", "root"),
    [("harpist", "harp"), ("cyclist", "cycle"), ("pharmacist", "pharmacy"), ("magician", "magic"),
     ("comedian", "comedy"), ("puppeteer", "puppet"), ("cashier", "cash"), ("librarian", "library")],
)  # fmt: skip
def test_p32_the_roots_are_the_forms(judge: PlateJudge, word: str, root: str) -> None:
    assert root in judge.agent_stems(word)
    assert root in judge.family(word)
    assert root in stem_candidates(word)


def test_p32_a_y_is_restored_only_where_the_suffix_took_it() -> None:
    from boardgames.common.dictionary import get_dictionary

    judge = PlateJudge(get_dictionary())
    # harp is a word, so harpist is not "harpy"-ist; botan is none, so botanist is botany's.
    assert judge.agent_stems("harpist") == ("harp",)
    assert judge.agent_stems("botanist") == ("botany",)
    assert "boxy" not in judge.agent_stems("boxer")


def test_p32_a_root_that_is_another_word_stays_legal(judge: PlateJudge) -> None:
    # forms.txt: a dentist is no "dent"-ist, as a barber is no "barb"-er.
    for plate in ("DNTL", "DNTS", "D3NT"):
        assert judge.judge(plate, "Dentist").legal, plate
    assert not judge.judge("DNTST", "Dentist").legal


# --- consonant-vowel-consonant stems that do not double ---------------------------------


@pytest.mark.parametrize(
    ("plate", "owner", "reading"),
    [
        ("TRVL", "Time Traveler", "travel"),
        ("TRVLNG", "Time Traveler", "traveling"),
        ("YDL", "Yodeler", "yodel"),
        ("GRDN", "Gardener", "garden"),
        ("KNSL", "Camp Counselor", "counsel"),
    ],
)
def test_p32_a_stem_of_two_syllables_keeps_its_last_consonant_single(
    judge: PlateJudge, plate: str, owner: str, reading: str
) -> None:
    assert readings(judge, plate, owner) == [(plate, reading)]


def test_p32_a_stem_of_one_syllable_doubles() -> None:
    from boardgames.common.dictionary import get_dictionary

    judge = PlateJudge(get_dictionary())
    assert "run" in judge.agent_stems("runner")
    assert "skat" not in judge.agent_stems("skater")  # skat-er would be spelled skatter
    assert judge.agent_stems("controller") == ("control",)
    stars = set(judge.family("star"))
    assert {"starred", "starring"} <= stars
    assert not {"stared", "staring"} & stars  # those are stare's


# --- the table of substitutions ---------------------------------------------------------


@pytest.mark.parametrize(
    ("plate", "owner", "reading"),
    [
        ("MRM8D", "Mermaid", "mermaid"),  # 8 = "ay", spelled ai
        ("M8L", "Mail Carrier", "mail"),
        ("B8KR", "Baker", "baker"),  # 8 = "ay", an a before one consonant and a vowel
        ("PHRMR", "Farmer", "farmer"),  # PH = F
        ("QWN", "Queen", "kween"),  # Q = KW
        ("KWN", "Queen", "queen"),  # KW = QU
        ("T33CH", "Music Teacher", "teach"),  # a doubled vowel digit is one vowel
        ("T3CH", "Music Teacher", "teach"),
        ("G00L", "Goalkeeper", "goal"),
        ("CH3PH", "Chef", "chef"),  # two characters for one letter: longer than the word
    ],
)
def test_p32_sound_alikes_are_read_by_one_table(judge: PlateJudge, plate: str, owner: str, reading: str) -> None:
    assert readings(judge, plate, owner) == [(plate, reading)]


def test_p32_phrmr2d_was_accepted_in_a_game(judge: PlateJudge) -> None:
    assert not judge.judge("PHRMR2D", "Farmer").legal


def test_p32_every_pair_keeps_its_characters_one_by_one() -> None:
    # Reading a pair as one sound adds readings and never loses one.
    for pair in PAIR_READINGS:
        apart = "".join(ch.lower() if ch.isalpha() else {"0": "o", "1": "i", "3": "e", "4": "a"}[ch] for ch in pair)
        assert reading_pattern(pair).match(apart), pair


def test_p32_the_table_in_the_rules_is_the_table_in_the_code() -> None:
    """docs/rules/vntypl8s.md, row P32, names every substitution the judge makes."""
    row = next(line for line in RULES_DOC.read_text(encoding="utf-8").splitlines() if line.startswith("| P32 |"))
    for pair in PAIR_READINGS:
        assert f"`{pair}`" in row, pair
    for digit in DIGIT_SOUNDS:
        assert f"`{digit}`" in row, digit
    for suffix, _ in ROOT_SUFFIXES:
        assert re.search(rf"`-{suffix}`", row), suffix


# --- a run beside a digit is a word like any other ------------------------------------------


@pytest.mark.parametrize(
    ("plate", "owner", "run", "reading"),
    [
        ("CHF4LF", "Chef", "CHF", "chef"),  # "chef for life", not "chufa"
        ("4PLT", "Pilot", "PLT", "pilot"),  # "a pilot", not "aplite"
        ("BKR4LF", "Baker", "BKR", "baker"),
        ("2KNG", "King", "KNG", "king"),  # "to king", not "toking"
        ("4JDG", "Judge", "JDG", "judge"),  # "for judge", not "forjudge"
    ],
)
def test_p32_a_title_word_beside_a_digit_is_read(
    judge: PlateJudge, plate: str, owner: str, run: str, reading: str
) -> None:
    assert readings(judge, plate, owner) == [(run, reading)]


def test_p32_a_letter_beside_a_title_word_still_makes_a_longer_word(judge: PlateJudge) -> None:
    # 8K reads as "bake", but C8K is "cake": the C is no vowel the reader adds.
    assert judge.judge("C8K", "Baker").legal


def test_p32_a_whole_run_that_is_one_word_is_that_word(judge: PlateJudge) -> None:
    # TL reads as "tell", but CRYSTL is "crystal": too far from TL for P22's two
    # characters, and still what anyone reads.
    assert judge.judge("CRYSTL", "Fortune Teller").legal


# --- the reading a person gives -----------------------------------------------------------


@pytest.mark.parametrize(
    ("plate", "owner", "expected"),
    [
        ("HTDG", "Hot Dog Vendor", [("HT", "hot"), ("DG", "dog")]),  # not "hotted" + G
        ("VTDR", "Veterinarian", [("VT", "vet")]),  # not "vetted" + R
        ("STRNG", "Rock Star", [("STRNG", "starring")]),  # from star, never stare
        ("CWB0Y", "Cowboy", [("CWB0Y", "cowboy")]),  # the whole word, not CW + "boy"
        ("PRNCSS", "Princess", [("PRNCSS", "princess")]),  # not "princesses"
        ("NYT", "Knight", [("NYT", "knight")]),  # the word before its sound-alike
        ("FGHTSF1R", "Fire Fighter", [("F1R", "fire"), ("FGHTS", "fights")]),  # the rulebook's
    ],
)
def test_p32_the_reason_names_the_reading_a_person_gives(
    judge: PlateJudge, plate: str, owner: str, expected: list[tuple[str, str]]
) -> None:
    assert readings(judge, plate, owner) == expected


def test_p32_the_reasons_say_what_was_read(judge: PlateJudge) -> None:
    assert [v.reason for v in judge.judge("HTDG", "Hot Dog Vendor").violations] == [
        "HT reads as \u201chot\u201d, a word of the owner's title",
        "DG reads as \u201cdog\u201d, a word of the owner's title",
    ]
    (violation,) = judge.judge("HRP", "Harpist").violations
    assert violation.reason == "HRP reads as \u201charp\u201d, a form of \u201cHarpist\u201d in the owner's title"
