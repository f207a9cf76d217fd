"""The plate judge, rule by rule: every rulebook example and every Interpretation row.

Row ids (P1...) are those of docs/rules/vntypl8s.md, "Interpretations".
"""

from __future__ import annotations

import pytest

from boardgames.vntypl8s.judge import (
    MAX_LENGTH,
    PlateJudge,
    Rule,
    check_requirements,
    title_words,
)

# --- The rulebook's examples, exactly as the issue lists them ------------------------


def test_rulebook_fire_fighter_fghtsf1r_is_illegal(judge: PlateJudge) -> None:
    verdict = judge.judge("FGHTSF1R", "Fire Fighter")
    assert not verdict.legal
    assert verdict.broken() == {Rule.TITLE_WORD}
    words = {v.title_word for v in verdict.violations}
    assert words == {"fire", "fighter"}


def test_rulebook_fire_fighter_n0fl4m3s_is_legal(judge: PlateJudge) -> None:
    assert judge.judge("N0FL4M3S", "Fire Fighter").legal


@pytest.mark.parametrize(
    ("plate", "owner"),
    [
        ("5YR0LDS", "Elementary Teacher"),
        ("18WHLSMN", "Truck Driver"),
        ("H3NF33D", "Farmer"),
        ("SRVYV1", "Park Ranger"),
    ],
)
def test_rulebook_example_round_plates_are_legal(judge: PlateJudge, plate: str, owner: str) -> None:
    verdict = judge.judge(plate, owner)
    assert verdict.legal, verdict.lines()


def test_rulebook_5yr0lds_does_not_meet_sh5_missing_h() -> None:
    result = check_requirements("5YR0LDS", "SH5")
    assert not result.met
    assert result.missing == ("H",)
    assert result.message == "requirements: missing H"


# --- P1: only digits and capital letters, each kind of bad character its own rule ----


@pytest.mark.parametrize(
    ("plate", "rule", "shown"),
    [
        ("n0fl4m3s", Rule.LOWER_CASE, "n, f, l, m, s"),
        ("N0 FL4M", Rule.SPACE, "spaces"),
        ("N0-FL.4,M", Rule.PUNCTUATION, "-, ., ,"),
        ("N0FL4M€", Rule.PUNCTUATION, "€"),
        ("N0FL\U0001f692", Rule.EMOJI, "\U0001f692"),
        ("N0FL\u2665", Rule.EMOJI, "\u2665"),
        ("N0FLÉ", Rule.OTHER_CHARACTER, "É"),
        ("N0FL\u00b2", Rule.OTHER_CHARACTER, "\u00b2"),
    ],
)
def test_p1_each_bad_character_kind_is_reported(judge: PlateJudge, plate: str, rule: Rule, shown: str) -> None:
    verdict = judge.judge(plate, "Fire Fighter")
    assert rule in verdict.broken()
    reason = next(v.reason for v in verdict.violations if v.rule is rule)
    assert shown in reason


def test_p1_several_broken_rules_are_reported_separately(judge: PlateJudge) -> None:
    verdict = judge.judge("ab c-\U0001f692ÉXYZW", "Chef")
    assert verdict.broken() == {
        Rule.LOWER_CASE,
        Rule.SPACE,
        Rule.PUNCTUATION,
        Rule.EMOJI,
        Rule.OTHER_CHARACTER,
        Rule.TOO_LONG,
        Rule.VOWEL,
    }
    assert len(verdict.violations) == 7
    assert verdict.lines()[0] == "illegal:"
    assert all(line.startswith("  - ") for line in verdict.lines()[1:])


def test_p1_empty_plate_is_illegal(judge: PlateJudge) -> None:
    verdict = judge.judge("", "Chef")
    assert verdict.broken() == {Rule.EMPTY}


def test_p1_digits_and_capitals_are_fine(judge: PlateJudge) -> None:
    assert judge.judge("BCDFGHJK", "Chef").broken() == frozenset()
    assert judge.judge("01234567", "Chef").legal


# --- P2: at most eight characters ---------------------------------------------------


def test_p2_eight_characters_is_the_limit(judge: PlateJudge) -> None:
    assert MAX_LENGTH == 8
    assert judge.judge("XYZ7BCDW", "Chef").legal
    verdict = judge.judge("XYZ7BCDWQ", "Chef")
    assert verdict.broken() == {Rule.TOO_LONG}
    assert "9 characters" in verdict.violations[0].reason


def test_p2_illegal_characters_count_towards_length(judge: PlateJudge) -> None:
    assert Rule.TOO_LONG in judge.judge("XY-Z7-BCD", "Chef").broken()


# --- P3: no vowels, Y allowed -------------------------------------------------------


@pytest.mark.parametrize("vowel", list("AEIOU"))
def test_p3_each_vowel_is_illegal(judge: PlateJudge, vowel: str) -> None:
    verdict = judge.judge(f"XZ{vowel}Q", "Chef")
    assert verdict.broken() == {Rule.VOWEL}
    assert vowel in verdict.violations[0].reason


def test_p3_y_is_allowed(judge: PlateJudge) -> None:
    assert judge.judge("YYZ", "Chef").legal


def test_p3_lower_case_vowels_are_vowels_too(judge: PlateJudge) -> None:
    assert judge.judge("XaQ", "Chef").broken() == {Rule.LOWER_CASE, Rule.VOWEL}


def test_p3_reason_suggests_digit_stand_ins(judge: PlateJudge) -> None:
    reason = judge.judge("MAX", "Chef").violations[0].reason
    assert "4 for A" in reason and "Y is allowed" in reason


# --- P4: which words of the title are checked ---------------------------------------


def test_p4_function_and_one_letter_words_are_skipped() -> None:
    assert title_words("Keeper of the Lighthouse") == ("keeper", "lighthouse")
    assert title_words("A Man and a Plan") == ("man", "plan")


def test_p4_function_words_are_never_represented(judge: PlateJudge) -> None:
    # "TH" would read as "the", "F" + vowel digit as "of": neither counts.
    assert judge.judge("TH0F", "Keeper of the Lighthouse").legal
    assert not judge.judge("KPR", "Keeper of the Lighthouse").legal


# --- P5: a word's family, through the dictionary ------------------------------------


def test_p5_family_of_fighter(judge: PlateJudge) -> None:
    assert {"fighter", "fighters", "fight", "fights", "fighting"} <= set(judge.family("fighter"))


def test_p5_family_of_fire(judge: PlateJudge) -> None:
    assert {"fire", "fires", "fired", "firing"} <= set(judge.family("fire"))


@pytest.mark.parametrize(
    ("word", "relative"),
    [("teacher", "teach"), ("farmer", "farm"), ("carrier", "carry"), ("runner", "running")],
)
def test_p5_relatives_are_found(judge: PlateJudge, word: str, relative: str) -> None:
    assert relative in judge.family(word)


def test_p23_a_stem_that_is_another_word_is_no_form(judge: PlateJudge) -> None:
    # P23 replaces P5's three-consonant rule: forms.txt says a tailor is no "tail"-er.
    tailor = judge.family("tailor")
    assert "tail" not in tailor and "tails" not in tailor and "tailors" in tailor
    assert judge.judge("7L", "Tailor").legal
    assert judge.judge("7LS", "Tailor").legal


def test_p5_the_title_word_itself_always_counts(judge: PlateJudge) -> None:
    # "zorblax" is no dictionary word, but it is the owner's word.
    assert not judge.judge("ZRBLX", "Zorblax Tamer").legal


def test_p5_relative_reported_as_a_form(judge: PlateJudge) -> None:
    verdict = judge.judge("FGHT", "Fire Fighter")
    assert verdict.violations[0].reading == "fight"
    assert "a form of \u201cFighter\u201d" in verdict.violations[0].reason


# --- P6 (superseded by P24): the parts of a compound are words of the title -------


def test_p24_compound_is_checked_whole_and_by_parts(judge: PlateJudge) -> None:
    assert not judge.judge("BKPR", "Beekeeper").legal
    verdict = judge.judge("KPR", "Beekeeper")  # P6 let this through: "keeper" is part of it
    assert [(v.reading, v.part) for v in verdict.violations] == [("keeper", "keeper")]


# --- P7: runs of two or more characters, vowels optional, consonants never ---------


def test_p7_vowels_may_be_dropped_or_written(judge: PlateJudge) -> None:
    for plate in ("TCHR", "T3CHR", "T34CH3R"):
        assert not judge.judge(plate, "Music Teacher").legal, plate


def test_p7_a_missing_consonant_is_not_the_word(judge: PlateJudge) -> None:
    assert judge.judge("TCR", "Music Teacher").legal  # no H: not "teacher"


def test_p7_a_single_character_never_represents_a_word(judge: PlateJudge) -> None:
    assert judge.judge("C", "Ice Skater").legal
    assert not judge.judge("1C3", "Ice Skater").legal


def test_p7_the_run_may_be_anywhere_in_the_plate(judge: PlateJudge) -> None:
    verdict = judge.judge("XXCHFXX", "Chef")
    assert verdict.violations[0].span == (2, 5)


def test_p7_the_run_must_read_as_the_whole_word(judge: PlateJudge) -> None:
    assert judge.judge("TRC", "Truck Driver").legal is False  # C reads as ck: "truck"
    assert judge.judge("TR", "Truck Driver").legal  # "tr" is only the start of truck


# --- P8: stand-ins --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plate", "owner"),
    [
        ("F1R", "Fire Fighter"),  # 1 = I
        ("B4K3R", "Baker"),  # 4 = A, 3 = E
        ("P1L07", "Pilot"),  # 1 = I, 0 = O, 7 = T
        ("5K8R", "Ice Skater"),  # 5 = S, 8 = ate
        ("W8R", "Waiter"),  # 8 = ait
        ("8XR", "Boxer"),  # 8 = B
        ("NYT", "Knight"),  # N = kn, Y = igh
        ("KMST", "Chemist"),  # K = ch
        ("PLMR", "Plumber"),  # M = mb
        ("PLS", "Police Officer"),  # S = soft c
        ("FTGRFR", "Photographer"),  # F = ph
        ("JDJ", "Judge"),  # J = soft g
        ("FLYNG", "Kite Flyer"),  # Y = y
        ("MJ1SN", "Magician"),  # J = soft g, 1 = I
        ("5PL1NG", "Spelling Bee Champion"),  # 1 = L (double l written once)
    ],
)
def test_p8_stand_ins_are_read(judge: PlateJudge, plate: str, owner: str) -> None:
    verdict = judge.judge(plate, owner)
    assert verdict.broken() == {Rule.TITLE_WORD}, verdict.lines()


def test_p8_hard_c_is_not_read_as_s(judge: PlateJudge) -> None:
    # S reads a c only before e/i/y: "SRS" is not "cars".  (Two bare letters, "KR",
    # are read as letters since P26, so the plates have three.)
    assert judge.judge("SRS", "Car Washer").legal
    assert not judge.judge("KRS", "Car Washer").legal


def test_p8_doubled_letters_may_be_written_once(judge: PlateJudge) -> None:
    assert not judge.judge("DRMR", "Drummer").legal
    assert not judge.judge("STR", "Pet Sitter").legal


# --- P9: runs stop at characters a plate cannot hold ------------------------------


def test_p9_punctuation_splits_runs(judge: PlateJudge) -> None:
    verdict = judge.judge("CH-F", "Chef")
    assert verdict.broken() == {Rule.PUNCTUATION}


def test_p9_lower_case_is_read_as_capitals_for_title_words(judge: PlateJudge) -> None:
    verdict = judge.judge("chf", "Chef")
    assert verdict.broken() == {Rule.LOWER_CASE, Rule.TITLE_WORD}


# --- P10: one reason per title word, longest run --------------------------------------


def test_p10_longest_run_is_reported(judge: PlateJudge) -> None:
    verdict = judge.judge("FGHTS", "Fire Fighter")
    (only,) = verdict.violations
    assert only.span == (0, 5) and only.reading == "fights"
    assert only.reason == "FGHTS reads as \u201cfights\u201d, a form of \u201cFighter\u201d in the owner's title"


def test_p10_each_title_word_is_its_own_violation(judge: PlateJudge) -> None:
    verdict = judge.judge("TRKDRVR", "Truck Driver")
    assert [v.title_word for v in verdict.violations] == ["truck", "driver"]


# --- P11: requirements ------------------------------------------------------------


def test_p11_requirements_met_in_any_order() -> None:
    assert check_requirements("5XXHS", "SH5").met
    assert check_requirements("5XXHS", "SH5").message == "requirements: met"


def test_p11_each_occurrence_counts() -> None:
    assert not check_requirements("R7", "RR7").met
    assert check_requirements("R7", "RR7").missing == ("R",)
    assert check_requirements("R7R", "RR7").met


def test_p11_ticks_follow_the_card() -> None:
    assert check_requirements("S5", "SH5").used == (True, False, True)
    assert check_requirements("", "SH5").message == "requirements: missing S, H, 5"


def test_p11_requirements_is_independent_of_legality(judge: PlateJudge) -> None:
    # A plate may meet its card and still be illegal, and the reverse.
    assert check_requirements("CHF5SH", "SH5").met
    assert not judge.judge("CHF5SH", "Chef").legal
