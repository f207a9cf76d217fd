"""The indexed solver gives exactly what the exhaustive search gives.

The reference is ``exhaustive_solutions`` -- the pre-issue-16 search, every vowel in
every gap, one dictionary check per candidate -- run in the same test against the same
curated dictionary.  Speed is measured in benchmarks/vowl_bench.py, never asserted here.
"""

from __future__ import annotations

import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames.common.dictionary import Dictionary, get_dictionary
from boardgames.common.skeleton import (
    CONSONANTS,
    SkeletonMatcher,
    build_index,
    exhaustive_solutions,
    skeleton_index,
)
from boardgames.vowl.cards import load_decks

DECK_SKELETONS = sorted({card.skeleton for cards in load_decks().values() for card in cards})


@pytest.fixture(scope="module")
def matcher() -> SkeletonMatcher:
    return SkeletonMatcher(get_dictionary())


def test_the_real_dictionary_has_an_index() -> None:
    index = skeleton_index(get_dictionary())
    assert index is not None and len(index) > 1000
    assert skeleton_index(get_dictionary()) is index  # built once per dictionary


def test_every_deck_card_gets_exactly_the_exhaustive_answers(matcher: SkeletonMatcher) -> None:
    dictionary = get_dictionary()
    different = {
        sk: (matcher.solutions(sk), list(exhaustive_solutions(dictionary, sk)))
        for sk in DECK_SKELETONS
        if matcher.solutions(sk) != list(exhaustive_solutions(dictionary, sk))
    }
    assert different == {}
    assert len(DECK_SKELETONS) == 400


def test_every_skeleton_of_one_and_two_consonants_matches_the_exhaustive_search(matcher: SkeletonMatcher) -> None:
    dictionary = get_dictionary()
    skeletons = list(CONSONANTS) + [a + b for a in CONSONANTS for b in CONSONANTS]
    assert [sk for sk in skeletons if matcher.solutions(sk) != list(exhaustive_solutions(dictionary, sk))] == []


skeletons = st.text(alphabet=CONSONANTS, min_size=1, max_size=4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(skeleton=skeletons)
def test_random_skeletons_match_the_exhaustive_search(matcher: SkeletonMatcher, skeleton: str) -> None:
    assert matcher.solutions(skeleton) == list(exhaustive_solutions(get_dictionary(), skeleton))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(skeleton=st.sampled_from(DECK_SKELETONS))
def test_every_listed_answer_passes_the_matcher(matcher: SkeletonMatcher, skeleton: str) -> None:
    for word in matcher.solutions(skeleton):
        assert matcher.check(skeleton, word).accepted, (skeleton, word)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(skeleton=st.sampled_from([s for s in DECK_SKELETONS if len(s) <= 3]), data=st.data())
def test_the_matcher_accepts_exactly_what_the_solver_lists(
    matcher: SkeletonMatcher, skeleton: str, data: st.DataObject
) -> None:
    """Any string of the skeleton's shape is accepted exactly when it is listed."""
    vowels = data.draw(st.lists(st.sampled_from("aeiou"), min_size=len(skeleton) - 1, max_size=len(skeleton) - 1))
    tail = data.draw(st.sampled_from(["", "a", "e", "i", "o", "u"]))
    s = skeleton.lower()
    word = s[0] + "".join(v + c for v, c in zip(vowels, s[1:], strict=True)) + tail
    assert matcher.check(skeleton, word).accepted == (word in matcher.solutions(skeleton))


def test_the_index_keeps_only_what_the_dictionary_accepts() -> None:
    class Fake:
        def check(self, word: str) -> bool:
            return word in {"savor", "sever"}

    index = build_index(["Savor", "sever", "savior", "severe", "s4vor", "sever"], Fake())
    assert index == {"SVR": ("savor", "sever")}


def test_a_dictionary_without_a_word_list_falls_back_to_the_exhaustive_search() -> None:
    class Backend:
        def check(self, word: str) -> bool:
            return word == "savor"

    assert SkeletonMatcher(Dictionary(Backend())).solutions("SVR") == ["savor"]


def test_a_background_warm_up_racing_a_lookup_builds_one_index() -> None:
    """``SkeletonMatcher.prepare`` (a game screen's worker, after its first frame) and a
    review asking at once."""
    real = get_dictionary()
    fresh = Dictionary(real._backend, real.provider, real.curation, real.listed)
    thread = threading.Thread(target=SkeletonMatcher(fresh).prepare, daemon=True)
    thread.start()
    answers = SkeletonMatcher(fresh).solutions("SVR")
    thread.join(timeout=120)
    assert not thread.is_alive()
    assert answers == list(exhaustive_solutions(fresh, "SVR"))
    assert skeleton_index(fresh) is skeleton_index(fresh) == skeleton_index(real)
