"""The curated dictionary (hunspell en_US + decks/vowl/added.txt and
refused.txt), as every answer meets it: through the real matcher, the real files and
the real command line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgames.cli import main
from boardgames.common.decks import DeckError
from boardgames.common.dictionary import (
    REFUSAL_KINDS,
    get_dictionary,
    load_curation,
    read_added,
    read_refused,
)
from boardgames.common.hunspell_words import word_forms
from boardgames.common.skeleton import Rejection, SkeletonMatcher, consonant_skeleton
from boardgames.vowl.cards import load_decks

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "decks" / "vowl"
BLOCKLIST = ROOT / "tools" / "blocklist.txt"

ABBREVIATIONS = ["dir", "rel", "dec", "div", "civ", "voc", "vol", "sec", "gov", "tel"]
AMERICAN = ["donut", "gelato", "panini", "sudoku", "dojo"]


@pytest.fixture(scope="module")
def matcher() -> SkeletonMatcher:
    return SkeletonMatcher(get_dictionary())


@pytest.mark.parametrize("word", ABBREVIATIONS)
def test_abbreviations_are_neither_accepted_nor_suggested(matcher: SkeletonMatcher, word: str) -> None:
    skeleton = consonant_skeleton(word)
    verdict = matcher.check(skeleton, word)
    assert verdict.rejection is Rejection.NOT_A_WORD
    assert "abbreviation" in verdict.message
    assert word not in matcher.solutions(skeleton)


@pytest.mark.parametrize("word", AMERICAN)
def test_common_american_words_hunspell_lacks_are_accepted_and_listed(matcher: SkeletonMatcher, word: str) -> None:
    assert matcher.check(consonant_skeleton(word), word).accepted
    assert word in matcher.solutions(consonant_skeleton(word))


def test_every_added_word_is_one_hunspell_lacks() -> None:
    """An added word hunspell already knows is a stale line: added.txt stays small."""
    raw = get_dictionary().check_uncached
    known = [w for w in sorted(load_curation().added) if raw(w)]
    assert known == []


def test_every_refused_word_is_one_hunspell_accepts() -> None:
    """A refused word hunspell would refuse anyway is a line that does nothing."""
    raw = get_dictionary().check_uncached
    assert [w for w in sorted(load_curation().refused) if not raw(w)] == []


def test_every_word_hunspell_marks_never_to_suggest_is_refused_as_offensive() -> None:
    """The principle of the offensive list: en_US.aff's NOSUGGEST flag ('!'), all forms."""
    dictionary = get_dictionary()
    assert dictionary.word_list is not None
    dic, aff = dictionary.word_list
    flag = re.search(r"^NOSUGGEST\s+(\S)", aff.read_text(encoding="utf-8"), re.MULTILINE)
    assert flag is not None
    marked = Path(dic).read_text(encoding="utf-8").splitlines()
    tiny = [e for e in marked[1:] if "/" in e and flag.group(1) in e.split("/", 1)[1]]
    assert len(tiny) >= 20  # the installed list marks its obscenities
    refused = load_curation().refused
    raw = dictionary.check_uncached
    missing = []
    for entry in tiny:
        stem = entry.split("/", 1)[0]
        if stem.islower() and raw(stem) and refused.get(stem) != "offensive":
            missing.append(stem)
    assert missing == []


def test_the_slurs_of_the_block_list_are_refused() -> None:
    refused = load_curation().refused
    text = BLOCKLIST.read_text(encoding="utf-8")
    slurs = text.split("# Ethnic, religious and other slurs", 1)[1].split("\n\n", 1)[0].split()
    raw = get_dictionary().check_uncached
    assert [w for w in slurs if raw(w) and refused.get(w) != "offensive"] == []


def test_no_deck_card_lists_or_accepts_a_refused_word(matcher: SkeletonMatcher) -> None:
    """A slur appeared in a deck card's review (JW: jaw, jew)."""
    refused = load_curation().refused
    bad = []
    for cards in load_decks().values():
        for card in cards:
            for word in (*card.answers, *matcher.solutions(card.skeleton)):
                if word in refused:
                    bad.append((card.skeleton, word))
    assert bad == []


def test_the_review_of_jw_no_longer_offers_a_slur(matcher: SkeletonMatcher) -> None:
    assert "jaw" in matcher.solutions("JW") and "jew" not in matcher.solutions("JW")


def test_v32_check_refuses_a_lone_letter(capsys: pytest.CaptureFixture[str]) -> None:
    """``boardgames vowl check B b`` said "accepted" (Interpretation V32)."""
    assert main(["vowl", "check", "B", "b"]) == 1
    assert "single letter" in capsys.readouterr().out


def test_check_accepts_an_accented_spelling(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vowl", "check", "CF", "café"]) == 0
    assert capsys.readouterr().out.strip() == "accepted"


# --- the files, validated like every deck file -----------------------------------------


def test_both_files_open_with_a_header_saying_what_they_are_for() -> None:
    for name, what in (("added.txt", "ADDED"), ("refused.txt", "REFUSED")):
        first = (DECKS / name).read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# Vowl curated dictionary") and what in first


def test_refused_kinds_are_the_documented_ones() -> None:
    assert set(load_curation().refused.values()) == set(REFUSAL_KINDS)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("dojo\ndojo\n", "listed already, line 2"),
        ("Dojo\n", "lower-case"),
        ("do jo\n", "one word per line"),
        ("b\n", "single letter"),
        ("café\n", "lower-case letters a-z"),
    ],
)
def test_a_bad_added_line_names_file_and_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "added.txt"
    path.write_text("# header\n" + text, encoding="utf-8")
    with pytest.raises(DeckError, match=re.escape(problem)) as caught:
        read_added(path)
    assert caught.value.path == path and caught.value.line is not None


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("dir abbreviation\ndir offensive\n", "listed already"),
        ("dir\n", "a word and its kind"),
        ("dir rude\n", "unknown kind 'rude'"),
        ("DIR abbreviation\n", "lower-case"),
    ],
)
def test_a_bad_refused_line_names_file_and_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "refused.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError, match=re.escape(problem)) as caught:
        read_refused(path)
    assert caught.value.line is not None


def test_word_forms_expand_affixes(tmp_path: Path) -> None:
    """The generator behind the index: stems, suffixes, prefixes and cross products."""
    dic = tmp_path / "t.dic"
    aff = tmp_path / "t.aff"
    dic.write_text("1\nlove/SDU\n", encoding="utf-8")
    aff.write_text(
        "PFX U Y 1\nPFX U 0 un .\n"
        "SFX S Y 1\nSFX S 0 s .\n"
        "SFX D Y 2\nSFX D 0 d e\nSFX D 0 ed [^e]\n",
        encoding="utf-8",
    )
    assert set(word_forms(dic, aff)) == {"love", "loves", "loved", "unlove", "unloves", "unloved"}


def test_v32_a_deck_card_whose_reference_answer_is_refused_is_a_deck_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil  # noqa: PLC0415

    copy = tmp_path / "decks"
    shutil.copytree(ROOT / "decks", copy)
    basic = copy / "vowl" / "basic.txt"
    lines = basic.read_text(encoding="utf-8").split("\n")
    i = next(n for n, line in enumerate(lines) if line.startswith("DR "))
    lines[i] = "DR   dare dir"
    basic.write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.setenv("BOARDGAMES_DECKS", str(copy))
    load_decks.cache_clear()
    load_curation.cache_clear()
    try:
        with pytest.raises(DeckError, match="'dir' is refused") as caught:
            load_decks()
        assert caught.value.line == i + 1
    finally:
        load_decks.cache_clear()
        load_curation.cache_clear()
