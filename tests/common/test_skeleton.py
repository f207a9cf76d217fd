"""The consonant-skeleton matcher: the rulebook's puzzle rules, one by one."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames.common.dictionary import Curation, Dictionary, get_dictionary
from boardgames.common.skeleton import (
    Rejection,
    SkeletonError,
    SkeletonMatcher,
    Verdict,
    candidate_count,
    compile_skeleton,
    consonant_skeleton,
    exhaustive_solutions,
    fits,
    normalise_skeleton,
)


class FakeBackend:
    def __init__(self, words: set[str]) -> None:
        self.words = words

    def check(self, word: str) -> bool:
        return word in self.words


@pytest.fixture(scope="module")
def real() -> SkeletonMatcher:
    return SkeletonMatcher(get_dictionary())


# --- The rulebook example (Vowl, "Word Puzzles") against the real dictionary ---


@pytest.mark.parametrize("word", ["savor", "sever", "severe", "SAVOR", " Severe "])
def test_rulebook_example_accepted(real: SkeletonMatcher, word: str) -> None:
    assert real.check("SVR", word).accepted


def test_savior_rejected_double_vowel(real: SkeletonMatcher) -> None:
    verdict = real.check("SVR", "savior")
    assert verdict.rejection is Rejection.DOES_NOT_FIT
    assert "double vowel" in verdict.message


def test_savory_rejected_y_is_not_a_vowel(real: SkeletonMatcher) -> None:
    verdict = real.check("SVR", "savory")
    assert verdict.rejection is Rejection.DOES_NOT_FIT
    assert "Y counts as a consonant" in verdict.message


def test_solutions_of_svr_contain_the_examples_and_not_the_counter_examples(real: SkeletonMatcher) -> None:
    sols = real.solutions("svr")
    assert {"savor", "sever", "severe"} <= set(sols)
    assert "savior" not in sols and "savory" not in sols
    assert sols == sorted(sols)


# --- Each puzzle rule ---


def test_first_consonant_is_first_letter() -> None:
    assert not fits("SVR", "asvr")
    assert not fits("SVR", "aver")


def test_exactly_one_vowel_between_consonants() -> None:
    assert fits("BNN", "banana")
    assert not fits("BNN", "bnana")  # none between B and N
    assert not fits("BNN", "beanana")  # two between B and N


def test_optional_single_vowel_at_the_end() -> None:
    assert fits("CT", "cat") and fits("CT", "cute")
    assert not fits("CT", "cutee")


def test_y_is_a_consonant() -> None:
    assert fits("YL", "yale")
    assert fits("BY", "bayou") is False  # "ou" is a double vowel, Y is not a vowel
    assert not fits("SVR", "savory")


def test_proper_nouns_and_acronyms_are_refused(real: SkeletonMatcher) -> None:
    # "Paris" and "NASA" are in hunspell only capitalised; we check lower case.
    verdict = real.check("PRS", "Paris")
    assert verdict.rejection is Rejection.NOT_A_WORD
    assert real.check("NS", "NASA").rejection is Rejection.NOT_A_WORD


def test_american_spelling(real: SkeletonMatcher) -> None:
    assert real.check("CLR", "color").accepted
    assert not get_dictionary().check("colour")


def test_not_letters_rejected(real: SkeletonMatcher) -> None:
    for word in ["", "s4vor", "sa vor", "sævor"]:  # æ has no plain form to fold to
        assert real.check("SVR", word).rejection is Rejection.NOT_LETTERS


@pytest.mark.parametrize(("skeleton", "typed", "judged"), [("CF", "café", "cafe"), ("SVR", "sävör", "savor")])
def test_accents_are_folded_before_judging(real: SkeletonMatcher, skeleton: str, typed: str, judged: str) -> None:
    """ "café" was refused as "not letters"."""
    verdict = real.check(skeleton, typed)
    assert verdict.accepted and verdict.word == judged


def test_naive_with_its_diaeresis_is_judged_as_naive(real: SkeletonMatcher) -> None:
    verdict = real.check("NV", "naïve")  # a word at last, but "ai" is a double vowel
    assert verdict.rejection is Rejection.DOES_NOT_FIT and "double vowel" in verdict.message


def test_a_single_letter_is_never_an_answer_v29(real: SkeletonMatcher) -> None:
    """Interpretation V32: hunspell lists every letter; none is an answer."""
    verdict = real.check("B", "b")
    assert verdict.rejection is Rejection.NOT_A_WORD and "single letter" in verdict.message
    assert "b" not in real.solutions("B")
    assert all(len(w) >= 2 for w in real.solutions("B"))


@pytest.mark.parametrize("bad", ["", "  ", "SAV", "S1R", "S-R", "SÜR"])
def test_malformed_skeleton(bad: str) -> None:
    with pytest.raises(SkeletonError):
        normalise_skeleton(bad)


def test_regex_shape() -> None:
    assert compile_skeleton("svr").pattern == "^s[aeiou]v[aeiou]r[aeiou]?$"


def test_consonant_skeleton() -> None:
    assert consonant_skeleton("severe") == "SVR"
    assert consonant_skeleton("savory") == "SVRY"


def test_candidate_count_is_the_size_of_the_enumeration() -> None:
    assert candidate_count("SVR") == 5 * 5 * 6
    assert candidate_count("C") == 6


def test_without_a_word_list_solutions_checks_every_candidate_once() -> None:
    """The exhaustive fallback (a dictionary that offers no word list to index)."""
    calls: list[str] = []

    class Counting:
        def check(self, word: str) -> bool:
            calls.append(word)
            return word in {"savor", "sever"}

    matcher = SkeletonMatcher(Counting())
    assert matcher.solutions("SVR") == ["savor", "sever"]
    assert len(calls) == candidate_count("SVR") == len(set(calls))
    matcher.solutions("SVR")
    assert len(calls) == candidate_count("SVR")  # memoised


def test_unknown_word_with_fake_dictionary() -> None:
    matcher = SkeletonMatcher(Dictionary(FakeBackend({"savor"})))
    assert matcher.check("SVR", "savor").accepted
    verdict = matcher.check("SVR", "sivor")
    assert verdict.rejection is Rejection.NOT_A_WORD
    assert verdict.message == "rejected: not a word (sivor is not in the dictionary)"


# --- fits without a regex per skeleton -----------------

_LETTERS = "abcdefghijklmnopqrstuvwxyzé"
_SKELETON_LETTERS = "BCDFGHJKLMNPQRSTVWXYZ"


@given(
    skeleton=st.text(alphabet=_SKELETON_LETTERS, min_size=1, max_size=6),
    word=st.text(alphabet=_LETTERS + " \n", max_size=12),
)
def test_fits_agrees_with_the_skeletons_regex(skeleton: str, word: str) -> None:
    """``fits`` tests the shape and the consonants instead of compiling the skeleton's
    regex: the two must accept exactly the same words."""
    assert fits(skeleton, word) == (compile_skeleton(skeleton).match(word.strip().lower()) is not None)


@pytest.mark.parametrize("word", ["savor", "sever", "severe", "SAVOR", " savor "])
def test_fits_accepts_the_rulebook_examples(word: str) -> None:
    assert fits("SVR", word)


def test_fits_compiles_no_regex(monkeypatch: pytest.MonkeyPatch) -> None:
    """Validating 400 deck cards compiled 400 regexes (28 ms of every start-up)."""
    import re

    def compiled(*args: object, **kwargs: object) -> None:
        raise AssertionError("fits compiled a regex")

    compile_skeleton.cache_clear()
    monkeypatch.setattr(re, "compile", compiled)
    assert fits("SVR", "savor") and not fits("SVR", "savior") and not fits("SVR", "savory")


def test_a_verdict_is_an_immutable_value() -> None:
    """A plain class since ``vowl check`` stopped importing ``dataclasses``: still
    equal by its fields, hashable, unchangeable, copied and pickled whole, and never
    equal to a tuple of the same fields."""
    v = Verdict("savior", False, Rejection.DOES_NOT_FIT, "double vowel IO")
    assert v == Verdict("savior", False, Rejection.DOES_NOT_FIT, "double vowel IO")
    assert v != Verdict("savior", False, Rejection.DOES_NOT_FIT) and v != Verdict("savior", True)
    assert v != ("savior", False, Rejection.DOES_NOT_FIT, "double vowel IO")
    assert len({v, Verdict("savior", False, Rejection.DOES_NOT_FIT, "double vowel IO")}) == 1
    assert Verdict(word="savor", accepted=True) == Verdict("savor", True, None, "")
    with pytest.raises(AttributeError):
        v.word = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del v.detail
    with pytest.raises(AttributeError):
        v.extra = 1  # type: ignore[attr-defined]
    assert copy.deepcopy(v) == v == pickle.loads(pickle.dumps(v))
    assert repr(v) == (
        "Verdict(word='savior', accepted=False, rejection=<Rejection.DOES_NOT_FIT: "
        "'does not fit the letters'>, detail='double vowel IO')"
    )
    assert v.message == "rejected: does not fit the letters (double vowel IO)"


# --- The cross-check with a second word list (Interpretations V24, V32) ---------------


def cross_checked(
    hunspell: set[str], listed: set[str], added: frozenset[str] = frozenset(), refused: dict[str, str] | None = None
) -> SkeletonMatcher:
    curation = Curation(added, refused or {})
    return SkeletonMatcher(Dictionary(FakeBackend(hunspell), curation=curation, listed=frozenset(listed)))


def test_an_answer_must_be_in_both_lists() -> None:
    """Hunspell's affix rules make "ter"; SCOWL's list does not hold it."""
    m = cross_checked({"tar", "ter", "tire"}, {"tar", "tire", "tore"})
    assert m.solutions("TR") == ["tar", "tire"]  # ter: hunspell only; tore: the list only
    verdict = m.check("TR", "ter")
    assert verdict.rejection is Rejection.NOT_A_WORD and "not in the dictionary" in verdict.message
    assert not m.accepts("TR", "tore")


def test_an_added_word_needs_neither_list_and_a_refused_one_is_never_an_answer() -> None:
    m = cross_checked({"fer", "fir"}, {"fer", "fir"}, added=frozenset({"fur"}), refused={"fer": "dialect"})
    assert m.solutions("FR") == ["fir", "fur"]
    assert "a dialect spelling, not a word" in m.check("FR", "fer").message


def test_the_hunspell_check_alone_is_unchanged_for_other_games() -> None:
    """VNTYPL8S reads plates into words of any shape with ``check``: no cross-check there."""
    dictionary = Dictionary(FakeBackend({"ter", "fighter"}), listed=frozenset({"tar"}))
    assert dictionary.check("ter") and dictionary.check("fighter")
    assert not dictionary.check_answer("ter")


def test_the_index_and_the_exhaustive_search_agree_under_the_cross_check() -> None:
    hunspell = {"savor", "sever", "severe", "saver", "savr"}
    m = cross_checked(hunspell, {"savor", "severe", "saver", "sofa"})
    fake = Dictionary(FakeBackend(hunspell), listed=frozenset({"savor", "severe", "saver", "sofa"}))
    assert m.solutions("SVR") == list(exhaustive_solutions(fake, "SVR")) == ["saver", "savor", "severe"]
