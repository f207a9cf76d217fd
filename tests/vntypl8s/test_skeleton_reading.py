"""``compile_reading``: the shared skeleton module's generalised pattern builder (P7)."""

from __future__ import annotations

import pytest

from boardgames.common.skeleton import SkeletonError, compile_reading


def test_vowels_are_free_anywhere() -> None:
    pattern = compile_reading((("f",), ("r",)))
    for word in ("fr", "fire", "afar", "fiore", "free"):
        assert pattern.match(word), word


def test_consonants_are_never_free() -> None:
    pattern = compile_reading((("f",), ("r",)))
    for word in ("fir", "fight", "frost", "ff"):
        assert (pattern.match(word) is not None) == (word == "fir"), word


def test_each_character_uses_exactly_one_of_its_readings_in_order() -> None:
    pattern = compile_reading((("w",), ("b", "ait", "ate"), ("r",)))
    assert pattern.match("waiter") and pattern.match("water") and pattern.match("wiser") is None
    assert compile_reading((("r",), ("w",))).match("wr") is None


def test_patterns_are_memoised() -> None:
    assert compile_reading((("t",),)) is compile_reading((("t",),))


@pytest.mark.parametrize("bad", [(), (("t",), ())])
def test_empty_reading_is_an_error(bad: tuple[tuple[str, ...], ...]) -> None:
    with pytest.raises(SkeletonError):
        compile_reading(bad)
