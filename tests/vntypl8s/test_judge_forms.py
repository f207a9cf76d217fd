"""``decks/vntypl8s/forms.txt``: validated on load like every deck file (P23-P25).

It holds what the dictionary cannot decide: which title words are compounds (and
which splits are accidents), short forms, sound-alike spellings, and -er words whose
stem is another word.  A bad line stops the game with the file and the line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from boardgames.cli import main
from boardgames.common.decks import DECKS_ENV, DeckError, DeckLine, decks_root
from boardgames.common.dictionary import get_dictionary
from boardgames.vntypl8s.cards import load_owners
from boardgames.vntypl8s.judge import (
    MIN_PART,
    FormsData,
    PlateJudge,
    load_forms,
    parse_forms,
    stem_candidates,
    title_words,
)


def lines(*texts: str) -> list[DeckLine]:
    return [DeckLine(Path("forms.txt"), n, t) for n, t in enumerate(texts, start=1)]


def test_the_shipped_file_loads() -> None:
    data = load_forms()
    assert data.compounds["lumberjack"] == ("lumber", "jack")
    assert ("carp", "enter") in data.accidents
    assert data.shorts["champion"] == ("champ",)
    assert data.sounds["chef"] == ("shef",)
    assert data.unrelated["ranger"] == {"rang", "range"}
    assert data.roots["scientist"] == ("science",)


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        ("mixed lumberjack lumber jack", "not a kind of line"),
        ("compound Lumberjack lumber jack", "lower-case letters"),
        ("compound lumberjack lumb erjack2", "lower-case letters"),
        ("compound lumberjack lumber", "at least two parts"),
        ("compound lumberjack lumber jacks", "do not make lumberjack"),
        ("compound cowboy co wboy", "at least 3 letters"),
        ("short champion", "needs a word and at least one more"),
        ("short champion champ ion", "exactly two words"),
        ("short champ champion", "shorter than the word"),
        ("sound chef chef", "differs from the word"),
        ("unrelated barber bar", "not a stem the judge takes off barber"),
        ("unrelated chef che", "it takes none"),
        ("root harpist harp", "takes harp off harpist already"),
        ("root harpist harpist", "a root is another word"),
        ("root lawyer la", "at least 3 letters"),
    ],
)
def test_a_bad_line_is_refused_with_its_line(bad: str, problem: str) -> None:
    with pytest.raises(DeckError) as info:
        parse_forms(lines("short robot bot", bad))
    assert info.value.line == 2
    assert problem in info.value.problem


@pytest.mark.parametrize(
    ("texts", "problem"),
    [
        (("short robot bot", "short robot bot"), "repeats line 1"),
        (("compound lumberjack lumber jack", "compound lumberjack lum berjack"), "already split on line 1"),
        (("whole cowboy cow boy", "compound cowboy cow boy"), "calls this split an accident"),
        (("compound cowboy cow boy", "whole cowboy cow boy"), "cannot be an accident too"),
    ],
)
def test_contradictions_are_refused(texts: tuple[str, ...], problem: str) -> None:
    with pytest.raises(DeckError) as info:
        parse_forms(lines(*texts))
    assert info.value.line == 2 and problem in info.value.problem


def test_a_damaged_file_stops_check_with_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardgames.vntypl8s.spec import plate_judge

    root = tmp_path / "decks"
    shutil.copytree(decks_root(), root)
    forms = root / "vntypl8s" / "forms.txt"
    forms.write_text(forms.read_text(encoding="utf-8").replace("short robot bot\n", "short robot robots\n"), "utf-8")
    monkeypatch.setenv(DECKS_ENV, str(root))
    load_forms.cache_clear()
    plate_judge.cache_clear()
    try:
        code = main(["vntypl8s", "check", "B0T", "--owner", "Robot Butler"])
    finally:
        load_forms.cache_clear()
        plate_judge.cache_clear()
    err = capsys.readouterr().err
    assert code == 4
    assert "forms.txt, line" in err and "shorter than the word" in err
    assert "Traceback" not in err


# --- the shipped decisions, against the dictionary and the owner cards ----------------

DECK_WORDS = sorted({w for owner in load_owners() for w in title_words(owner)})


def test_every_title_word_the_dictionary_splits_is_decided() -> None:
    """Reproducible: each split of an owner's title word into two dictionary words (of at
    least MIN_PART letters) is either the compound of forms.txt or an accident there."""
    known = get_dictionary().check
    data = load_forms()
    undecided = [
        f"{word} = {word[:i]} + {word[i:]}"
        for word in DECK_WORDS
        for i in range(MIN_PART, len(word) - MIN_PART + 1)
        if known(word[:i])
        and known(word[i:])
        and data.compounds.get(word) != (word[:i], word[i:])
        and (word[:i], word[i:]) not in data.accidents
    ]
    assert undecided == []


def test_every_line_is_about_an_owner_card() -> None:
    data = load_forms()
    parts = {p for ps in data.compounds.values() for p in ps}
    words = set(data.compounds) | {"".join(a) for a in data.accidents} | set(data.shorts) | set(data.sounds)
    words |= set(data.roots)
    assert words <= set(DECK_WORDS)
    assert set(data.unrelated) <= set(DECK_WORDS) | parts


def test_compound_parts_and_short_forms_are_dictionary_words() -> None:
    known = get_dictionary().check
    data = load_forms()
    assert [p for ps in data.compounds.values() for p in ps if not known(p)] == []
    assert [s for ss in data.shorts.values() for s in ss if not known(s)] == []
    assert [r for rs in data.roots.values() for r in rs if not known(r)] == []


def test_every_unrelated_line_removes_a_stem_the_judge_would_take() -> None:
    """Without forms.txt the judge would take each unrelated stem as a form."""
    data = load_forms()
    bare = PlateJudge(get_dictionary(), FormsData())
    for word, stems in data.unrelated.items():
        for stem in stems:
            assert stem in stem_candidates(word)
            assert stem in bare.agent_stems(word), (word, stem)
