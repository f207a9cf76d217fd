"""The judge reads plates as a person would: rows P22-P27.

Row ids are those of docs/rules/vntypl8s.md, "Interpretations".  Each case below is a
plate players saw judged wrongly before these rows: the first group was refused
though it represents no title word, the second accepted though it plainly does.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames.common.dictionary import get_dictionary
from boardgames.common.skeleton import consonant_skeleton
from boardgames.vntypl8s.cards import load_owners
from boardgames.vntypl8s.judge import (
    MAX_JUDGED,
    PLATE_CHARACTERS,
    FormKind,
    FormsData,
    PlateJudge,
    Rule,
    _plain_candidates,
    title_words,
)

# --- P22: a run inside a longer word the plate reads as does not represent a title word


@pytest.mark.parametrize(
    ("plate", "owner", "longer"),
    [
        ("FRST", "Fire Fighter", "first"),  # FRS reads as "fires", but FRST is first/frost
        ("SMLL", "Mail Carrier", "small"),  # ML would be "mail"
        ("SPT", "Poet", "spit"),  # PT would be "poet"
        ("HMM", "Mime", "hmm"),  # MM would be "mime"
        ("TRVL", "Tour Guide", "travel"),  # TR would be "tour"
        ("PLNT", "Alien Tourist", "plan"),  # LN would be "alien"
    ],
)
def test_p22_a_run_inside_a_longer_word_is_not_the_title_word(
    judge: PlateJudge, plate: str, owner: str, longer: str
) -> None:
    verdict = judge.judge(plate, owner)
    assert verdict.legal, verdict.lines()
    # The longer word is really there: the plate reads it plainly.
    assert any(
        longer in judge.longer_words(plate[a:b]) for a in range(len(plate)) for b in range(a + 2, len(plate) + 1)
    )


def test_p22_a_title_word_beside_letters_that_make_no_word_still_counts(judge: PlateJudge) -> None:
    verdict = judge.judge("XXCHFXX", "Chef")
    assert [(v.span, v.reading) for v in verdict.violations] == [((2, 5), "chef")]


def test_p22_a_longer_word_that_is_itself_a_form_does_not_excuse(judge: PlateJudge) -> None:
    # FGHTS is inside nothing longer: "fights" is the reading, a form of Fighter.
    assert [v.reading for v in judge.judge("FGHTS", "Fire Fighter").violations] == ["fights"]
    assert [v.reading for v in judge.judge("FRS", "Fire Fighter").violations] == ["fires"]


class Knows:
    """A dictionary that knows exactly the given words (the judge's reading, isolated)."""

    def __init__(self, *words: str) -> None:
        self.words = frozenset(words)

    def check(self, word: str) -> bool:
        return word in self.words


@pytest.mark.parametrize(
    ("known", "legal"),
    [
        ("chefb", True),  # one character further: a longer word
        ("chefbb", True),  # two further (MAX_EXTENSION)
        ("chefbbb", False),  # three further is not looked at (the run goes on: X)
        ("bechefb", True),  # one each side
        ("chfb", False),  # no vowel, no drawn-out consonant: an abbreviation, not said
        ("chefbbbx", True),  # P22: the whole run reads as one word, however long
    ],
)
def test_p22_the_longer_word_is_looked_for_at_most_two_characters_further(known: str, legal: bool) -> None:
    judge = PlateJudge(Knows(known), FormsData())
    plate = "B" + "CHFBBBX" if known.startswith("b") else "CHFBBBX"
    assert judge.judge(plate, "Chef").legal is legal


def test_p22_the_plain_reading_adds_at_most_two_vowels() -> None:
    # n letters: the bare letters, one vowel in one of n places, two in two of them.
    for n in range(1, 7):
        stretch = "BCDFGH"[:n]
        assert len(list(_plain_candidates(stretch))) == 1 + 5 * n + 25 * n * (n - 1) // 2
    assert "first" in set(_plain_candidates("FRST")) and "fires" in set(_plain_candidates("FRS"))
    assert "afrst" not in set(_plain_candidates("FRST"))  # never a vowel before the first


# --- P23: forms are inflections, and what a doer does; no other derivation -----------


@pytest.mark.parametrize(
    ("plate", "owner"),
    [
        ("DNTL", "Dentist"),  # "dent" is another word, not a form of dentist
        ("DNTS", "Dentist"),
        ("D3NT", "Dentist"),
        ("BRB", "Barber"),  # a barber is no "barb"-er (forms.txt: unrelated)
        ("RNG", "Park Ranger"),  # nor a ranger one who ranges
    ],
)
def test_p23_a_related_but_different_word_is_no_form(judge: PlateJudge, plate: str, owner: str) -> None:
    verdict = judge.judge(plate, owner)
    assert verdict.legal, verdict.lines()


@pytest.mark.parametrize(
    ("word", "not_forms"),
    [
        ("dentist", {"dent", "dents"}),  # forms.txt: a dentist is no "dent"-ist (P32)
        ("barber", {"barb", "barbs"}),
        ("ranger", {"range", "rang", "ranges"}),
        ("camp", {"camper"}),  # -er makes another word
    ],
)
def test_p23_families_leave_out_derivations(judge: PlateJudge, word: str, not_forms: set[str]) -> None:
    assert not (set(judge.family(word)) & not_forms)


def test_p23_a_doer_covers_what_they_do_w8_and_w8s_agree(judge: PlateJudge) -> None:
    # W8 passed while W8S was refused: both read as the waiter's action now.
    for plate, reading in (("W8", "wait"), ("W8S", "waits"), ("W8R", "waiter")):
        verdict = judge.judge(plate, "Waiter")
        assert [v.reading for v in verdict.violations] == [reading], plate


def test_p23_adjectives_keep_their_comparisons_nouns_get_none(judge: PlateJudge) -> None:
    assert {"deeper", "deepest"} <= set(judge.family("deep"))
    assert "camper" not in judge.family("camp")


def test_p23_a_title_word_in_ing_covers_its_verb(judge: PlateJudge) -> None:
    assert "spell" in judge.family("spelling")
    assert not judge.judge("SPLL", "Spelling Bee Champion").legal


# --- P24: the parts of a compound title word ------------------------------------------


@pytest.mark.parametrize(
    ("plate", "owner", "part"),
    [
        ("LMBR", "Lumberjack", "lumber"),
        ("WSHR", "Dishwasher", "washer"),
        ("STTR", "Babysitter", "sitter"),
        ("BBY", "Babysitter", "baby"),
        ("CSTL", "Sandcastle Builder", "castle"),
        ("Z00", "Zookeeper", "zoo"),
        ("C0W", "Cowboy", "cow"),
        ("MSTR", "Ringmaster", "master"),
        ("SN0", "Snowboarder", "snow"),
        ("B33", "Beekeeper", "bee"),
        ("HR0", "Superhero", "hero"),
        ("FSH", "Fisherman", "fisher"),
    ],
)
def test_p24_a_part_of_a_compound_is_a_title_word(judge: PlateJudge, plate: str, owner: str, part: str) -> None:
    verdict = judge.judge(plate, owner)
    assert verdict.broken() == {Rule.TITLE_WORD}, verdict.lines()
    (violation,) = verdict.violations
    assert violation.kind is FormKind.PART and violation.part == part


def test_p24_the_refusal_names_the_part_and_its_form(judge: PlateJudge) -> None:
    (violation,) = judge.judge("FSH", "Fisherman").violations
    assert violation.reason == (
        "FSH reads as \u201cfish\u201d, a form of \u201cfisher\u201d, part of \u201cFisherman\u201d in the owner's title"
    )
    (violation,) = judge.judge("LMBR", "Lumberjack").violations
    assert violation.reason == "LMBR reads as \u201clumber\u201d, part of \u201cLumberjack\u201d in the owner's title"


def test_p24_an_accidental_split_is_not_made(judge: PlateJudge) -> None:
    # carpenter = carp + enter by accident (forms.txt "whole"): NTR is no part of it.
    assert judge.judge("NTR", "Carpenter").legal
    assert not judge.judge("KRPNTR", "Carpenter").legal


# --- P25: short forms and sound-alike spellings ---------------------------------------


@pytest.mark.parametrize(
    ("plate", "owner", "kind", "reading"),
    [
        ("SHF", "Chef", FormKind.SOUND, "shef"),
        ("KWN", "Queen", FormKind.WORD, "queen"),  # KW is QU (P32)
        ("QWN", "Queen", FormKind.SOUND, "kween"),  # Q is KW (P32)
        ("10S", "Tennis Champion", FormKind.SOUND, "tenis"),
        ("N1T", "Knight", FormKind.SOUND, "nite"),
        ("CHMP", "Tennis Champion", FormKind.SHORT, "champ"),
    ],
)
def test_p25_short_forms_and_sound_alikes_are_title_words(
    judge: PlateJudge, plate: str, owner: str, kind: FormKind, reading: str
) -> None:
    verdict = judge.judge(plate, owner)
    assert [(v.kind, v.reading) for v in verdict.violations] == [(kind, reading)], verdict.lines()


def test_p25_the_refusal_names_the_short_form(judge: PlateJudge) -> None:
    (violation,) = judge.judge("CHMP", "Tennis Champion").violations
    assert (
        violation.reason == "CHMP reads as \u201cchamp\u201d, a short form of \u201cChampion\u201d in the owner's title"
    )
    (violation,) = judge.judge("SHF", "Chef").violations
    assert (
        violation.reason
        == "SHF reads as \u201cshef\u201d, which sounds like \u201cChef\u201d, a word of the owner's title"
    )


# --- P26: two bare letters are read as letters ----------------------------------------


def test_p26_two_bare_letters_are_letters(judge: PlateJudge) -> None:
    assert judge.judge("GD", "Tour Guide").legal  # god, good, gad... or initials
    assert judge.judge("KR", "Car Washer").legal
    # With a third character the word is read again.
    assert not judge.judge("GYD", "Tour Guide").legal
    assert not judge.judge("GDS", "Tour Guide").legal


def test_p26_two_letters_inside_a_longer_run_are_still_read(judge: PlateJudge) -> None:
    verdict = judge.judge("DGLVR", "Dog Walker")
    assert [v.reading for v in verdict.violations] == ["dog"]


# --- P27: digits read as sounds ---------------------------------------------------------


def test_p27_a_digit_word_keeps_its_own_vowel(judge: PlateJudge) -> None:
    assert judge.judge("2R", "Tour Guide").legal  # 2R is "tor"/"tore", never to + u + r
    assert judge.judge("2RS", "Tour Guide").legal  # "tours" needs to + u too
    assert not judge.judge("5K8R", "Ice Skater").legal  # sk + ate + r adds no vowel after "ate"
    assert not judge.judge("2L", "Tool Maker").legal  # too + l


def test_p27_zero_ends_a_word_as_ow(judge: PlateJudge) -> None:
    assert not judge.judge("WND0", "Window Washer").legal
    assert not judge.judge("SN0", "Snow Plow Driver").legal


def test_p27_ten_is_read_as_one_number_or_two_digits(judge: PlateJudge) -> None:
    assert not judge.judge("10T", "Tent Maker").legal  # ten + t
    assert not judge.judge("L10N", "Lion Tamer").legal  # l + i + o + n, the digits one by one


# --- properties -----------------------------------------------------------------------

PLATE_TEXT = st.text(alphabet=sorted(PLATE_CHARACTERS), min_size=0, max_size=MAX_JUDGED)
ANY_TEXT = st.text(min_size=0, max_size=MAX_JUDGED)
OWNERS = load_owners()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plate=PLATE_TEXT, owner=st.sampled_from(OWNERS))
def test_property_the_judge_never_raises_on_plate_characters(judge: PlateJudge, plate: str, owner: str) -> None:
    verdict = judge.judge(plate, owner)
    assert verdict.legal == (not verdict.violations)
    for v in verdict.violations:
        if v.rule is Rule.TITLE_WORD:
            assert v.span is not None and v.reading and v.kind is not None
            a, b = v.span
            assert 0 <= a < b <= len(plate) and v.reason.startswith(plate[a:b] + " reads as")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plate=ANY_TEXT, owner=st.sampled_from(OWNERS))
def test_property_the_judge_never_raises_on_any_text(judge: PlateJudge, plate: str, owner: str) -> None:
    judge.judge(plate, owner)


def _skeleton_plates() -> list[tuple[str, str]]:
    """Every title word's consonant skeleton of three or more letters, with its owner."""
    out = []
    for owner in OWNERS:
        for word in title_words(owner):
            skeleton = consonant_skeleton(word)
            if len(skeleton) >= 3:
                out.append((skeleton, owner))
    return out


@pytest.mark.parametrize(("plate", "owner"), _skeleton_plates())
def test_property_a_title_words_skeleton_is_illegal(judge: PlateJudge, plate: str, owner: str) -> None:
    """P7, P22: a plate that is exactly a title word's consonants represents it (for
    every owner card).  Two-letter skeletons are read as letters (P26)."""
    verdict = judge.judge(plate, owner)
    assert Rule.TITLE_WORD in verdict.broken(), verdict.lines()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plate=st.text(alphabet=sorted(PLATE_CHARACTERS), min_size=1, max_size=10), owner=st.sampled_from(OWNERS))
def test_property_memoising_never_changes_a_verdict(judge: PlateJudge, plate: str, owner: str) -> None:
    """The session judge has read thousands of plates; a fresh one must agree with it."""
    fresh = PlateJudge(get_dictionary())
    assert fresh.judge(plate, owner) == judge.judge(plate, owner)


# --- the check command prints the reading -----------------------------------------------


@pytest.mark.parametrize(
    ("plate", "owner", "line"),
    [
        (
            "CHMP",
            "Tennis Champion",
            "  - CHMP reads as \u201cchamp\u201d, a short form of \u201cChampion\u201d in the owner's title",
        ),
        (
            "FSH",
            "Fisherman",
            "  - FSH reads as \u201cfish\u201d, a form of \u201cfisher\u201d, part of \u201cFisherman\u201d in the owner's title",
        ),
    ],
)
def test_check_prints_the_reading(capsys: pytest.CaptureFixture[str], plate: str, owner: str, line: str) -> None:
    from boardgames.cli import main

    assert main(["vntypl8s", "check", plate, "--owner", owner]) == 1
    assert capsys.readouterr().out.splitlines() == ["illegal:", line]


def test_check_prints_no_unassigned_character_of_the_plate_raw(capsys: pytest.CaptureFixture[str]) -> None:
    """The verdict quotes the plate: outside text, printed through ``common.text.plain``."""
    from boardgames.cli import main

    assert main(["vntypl8s", "check", "CHF\U0010fffe", "--owner", "Chef"]) == 1
    out = capsys.readouterr().out
    assert "\U0010fffe" not in out and "\ufffd" in out


FORM_TEXTS = sorted(
    {f.text for owner in OWNERS[:60] for entry in PlateJudge(get_dictionary()).title(owner) for f in entry.forms}
    | {"eat", "toe", "oat", "ten", "tenis", "snow", "aeon"}
)


@settings(max_examples=300, deadline=None)
@given(
    piece=st.text(alphabet=sorted(PLATE_CHARACTERS), min_size=2, max_size=6),
    form=st.sampled_from(FORM_TEXTS),
)
def test_property_the_quick_filter_never_hides_a_reading(piece: str, form: str) -> None:
    """The judge compiles a run's pattern only when its ends could spell a form's ends;
    that filter must let through every form the pattern reads (4T is "eat", T0 "toe")."""
    from boardgames.vntypl8s.judge import _could_read, _ends, reading_pattern

    if reading_pattern(piece).match(form):
        assert _could_read(form, *_ends(piece))


def test_the_quick_filter_lets_free_vowels_through() -> None:
    from boardgames.vntypl8s.judge import _could_read, _ends, reading_pattern

    for piece, form in (("4T", "eat"), ("T0", "toe"), ("10S", "tenis"), ("SN0", "snow")):
        assert reading_pattern(piece).match(form)
        assert _could_read(form, *_ends(piece)), (piece, form)


def test_p22_an_abbreviation_is_no_longer_word(judge: PlateJudge) -> None:
    # The dictionary knows "shpt" (shipment), but nobody reads SHPT as a word.
    assert get_dictionary().check("shpt")
    assert [v.reading for v in judge.judge("SHPT", "Ship Captain").violations] == ["ship"]
    assert judge.judge("HMM", "Mime").legal  # an interjection is said: hmm


@pytest.mark.parametrize(
    ("candidate", "could"),
    [
        ("first", True),
        ("small", True),
        ("hmm", True),
        ("string", True),
        ("knight", True),
        ("fghts", False),
        ("tfr", False),
        ("ab", True),
    ],
)
def test_p22_only_readings_that_start_as_words_start_are_looked_up(candidate: str, could: bool) -> None:
    from boardgames.vntypl8s.judge import _could_start_a_word

    assert _could_start_a_word(candidate) is could
