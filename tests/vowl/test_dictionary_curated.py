"""The curated dictionary (hunspell en_US cross-checked with SCOWL's word list
decks/vowl/scowl.txt, + decks/vowl/added.txt and refused.txt), as every answer meets
it: through the real matcher, the real files and the real command line."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from boardgames.cli import main
from boardgames.common.decks import DECKS_ENV, DeckError
from boardgames.common.dictionary import (
    REFUSAL_KINDS,
    _listed_line_by_line,
    get_dictionary,
    load_curation,
    load_listed,
    read_added,
    read_listed,
    read_refused,
    word_list_files,
)
from boardgames.common.skeleton import Rejection, SkeletonMatcher, consonant_skeleton
from boardgames.vowl.cards import Card, Tier, load_decks
from boardgames.vowl.events import CardStatus, TurnCard, TurnSummary
from boardgames.vowl.kinds import Mode
from boardgames.vowl.modals import review_table

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "decks" / "vowl"
BLOCKLIST = ROOT / "tools" / "blocklist.txt"

ABBREVIATIONS = ["dir", "rel", "dec", "div", "civ", "voc", "vol", "sec", "gov", "tel"]
AMERICAN = ["donut", "gelato", "panini", "sudoku", "dojo"]


@pytest.fixture(scope="module")
def matcher() -> SkeletonMatcher:
    return SkeletonMatcher(get_dictionary())


#: Seen in a playtest: accepted and listed on real deck cards, although no table takes them.
#: Affix-made strings and abbreviations fall out by the cross-check with SCOWL's list
#: (scowl.txt lacks them); what both lists know is refused in refused.txt.
NOT_LISTED_BY_SCOWL = ["ter", "dat", "cit", "tox", "res", "rit"]
REFUSED_BOTH_KNOW = {
    "hos": "offensive",
    "fer": "dialect",
    "hes": "nonword",
    "cis": "abbreviation",
    "gey": "dialect",
    "guv": "dialect",
    "lis": "dialect",
}
#: Seen in a playtest: refused although a table accepts them.
TABLE_WORDS = ["covid", "coronavirus", "vid", "yoyo"]


@pytest.mark.parametrize("word", [*NOT_LISTED_BY_SCOWL, *REFUSED_BOTH_KNOW])
def test_issue_33_junk_is_neither_accepted_nor_listed(matcher: SkeletonMatcher, word: str) -> None:
    skeleton = consonant_skeleton(word)
    verdict = matcher.check(skeleton, word)
    assert verdict.rejection is Rejection.NOT_A_WORD, verdict
    assert word not in matcher.solutions(skeleton)


@pytest.mark.parametrize("word", NOT_LISTED_BY_SCOWL)
def test_hunspell_alone_accepts_what_scowls_list_lacks(word: str) -> None:
    """The cross-check, not a line of refused.txt, is what refuses these."""
    dictionary = get_dictionary()
    assert dictionary.check(word) and word not in load_listed() and word not in load_curation().refused


@pytest.mark.parametrize(("word", "kind"), sorted(REFUSED_BOTH_KNOW.items()))
def test_what_both_lists_know_is_refused_with_its_kind(word: str, kind: str) -> None:
    assert word in load_listed() and get_dictionary().check_uncached(word)
    assert load_curation().refused.get(word) == kind


@pytest.mark.parametrize("word", TABLE_WORDS)
def test_issue_33_table_words_are_accepted_and_listed(
    matcher: SkeletonMatcher, word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    skeleton = consonant_skeleton(word)
    assert matcher.check(skeleton, word).accepted
    assert word in matcher.solutions(skeleton)
    assert main(["vowl", "check", skeleton, word]) == 0
    assert capsys.readouterr().out.strip() == "accepted"


def test_the_offensive_hos_is_never_listed(matcher: SkeletonMatcher, capsys: pytest.CaptureFixture[str]) -> None:
    """It was listed on the HS card's review: not by ``solve``, the review (all answers
    shown) nor any card's answers now."""
    assert main(["vowl", "solve", "HS"]) == 0
    listed = capsys.readouterr().out.split()
    assert "hos" not in listed and "his" in listed
    card = TurnCard(Card("HS", Tier.BASIC), 0, CardStatus.PASSED, None)
    summary = TurnSummary(1, 0, Mode.SOLITAIRE, None, None, (card,), (), None)
    shown = "".join(
        str(cell)
        for column in review_table(summary, matcher, show_all=True, names=("Ann Lee",)).columns
        for cell in column._cells
    )
    assert "his" in shown and "hos" not in shown.replace("hose", "")
    assert "HS" in {c.skeleton for cards in load_decks().values() for c in cards}


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


def test_every_added_word_is_one_the_cross_check_lacks() -> None:
    """An added word hunspell and SCOWL's list both know already is a stale line:
    added.txt stays small."""
    raw = get_dictionary().check_uncached
    listed = load_listed()
    known = [w for w in sorted(load_curation().added) if raw(w) and w in listed]
    assert known == []


def test_every_refused_word_is_one_hunspell_accepts() -> None:
    """A refused word hunspell would refuse anyway is a line that does nothing."""
    raw = get_dictionary().check_uncached
    assert [w for w in sorted(load_curation().refused) if not raw(w)] == []


def test_every_word_hunspell_marks_never_to_suggest_is_refused_as_offensive() -> None:
    """The principle of the offensive list: en_US.aff's NOSUGGEST flag ('!'), all forms."""
    dictionary = get_dictionary()
    dic = word_list_files()[0]  # the en_US.dic enchant's hunspell provider reads first
    aff = dic.with_suffix(".aff")
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


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("savor\nsavor\n", "listed already, line 2"),
        ("Savor\n", "lower-case"),
        ("sa vor\n", "one word per line"),
        ("savior\n", "puzzle's shape"),
        ("b\n", "single letter"),
    ],
)
def test_a_bad_listed_line_names_file_and_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "scowl.txt"
    path.write_text("# header\n" + text, encoding="utf-8")
    with pytest.raises(DeckError, match=re.escape(problem)) as caught:
        read_listed(path)
    assert caught.value.path == path and caught.value.line is not None


def test_a_hand_edited_list_reads_every_word(tmp_path: Path) -> None:
    """Not as the build writes it (a comment after a word, a blank line, spaces): read
    line by line, every word kept."""
    path = tmp_path / "scowl.txt"
    path.write_text("# head\nsavor  # a note\n\n  sever\nsevere\nfire\nwater\nminute\n# tail\n", encoding="utf-8")
    assert read_listed(path) == {"savor", "sever", "severe", "fire", "water", "minute"}


def test_a_listed_file_without_common_words_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "scowl.txt"
    path.write_text("# only a header\n", encoding="utf-8")
    with pytest.raises(DeckError, match="lacks common words"):
        read_listed(path)


def test_the_shipped_list_reads_in_one_pass_as_line_by_line() -> None:
    """The one-regex reading (what the build writes) and the line-by-line one agree."""
    path = DECKS / "scowl.txt"
    assert read_listed(path) == _listed_line_by_line(path) == load_listed()


def _decks_with(tmp_path: Path, change: Callable[[Path], None]) -> Path:
    copy = tmp_path / "decks"
    shutil.copytree(ROOT / "decks", copy)
    change(copy / "vowl" / "scowl.txt")
    return copy


def _run(decks: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardgames", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, DECKS_ENV: str(decks)},
    )


def _damage(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[-3] = "NotAWord"
    path.write_text("\n".join(lines), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "phrases"),
    [
        (Path.unlink, ["scowl.txt", "the file is missing"]),
        (_damage, ["scowl.txt", "not a word in lower-case letters", "(line "]),
        (lambda p: p.write_text("# emptied\n", encoding="utf-8"), ["scowl.txt", "lacks common words"]),
    ],
    ids=["missing", "corrupt", "empty"],
)
@pytest.mark.parametrize(
    "command", [["vowl", "check", "SVR", "savor"], ["vowl", "solve", "SVR"]], ids=["check", "solve"]
)
def test_a_missing_or_damaged_list_is_one_paragraph(
    tmp_path: Path, change: Callable[[Path], None], phrases: list[str], command: list[str]
) -> None:
    """Exit 3 and one paragraph saying what is wrong and how to get the list back, like
    a missing hunspell dictionary: without it every answer would be judged otherwise."""
    result = _run(_decks_with(tmp_path, change), *command)
    assert result.returncode == 3, result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr
    for phrase in [*phrases, "cannot check answers", "reinstall boardgames", "tools/build_vowl_words.py"]:
        assert phrase in result.stderr, result.stderr


def test_a_damaged_list_found_after_the_first_frame_ends_the_game_with_the_paragraph(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The list is read as the dictionary opens, after a game's first frame: the game
    leaves with the same paragraph and status 3."""
    from boardgames import app as app_module

    def headless(self: app_module.BoardgamesApp, **options: object) -> object:
        return app_module.App.run(self, headless=True, size=(80, 24))

    monkeypatch.setenv(DECKS_ENV, str(_decks_with(tmp_path, _damage)))
    monkeypatch.setattr(app_module.BoardgamesApp, "run", headless)
    get_dictionary.cache_clear()
    load_listed.cache_clear()
    try:
        assert main(["vowl", "--players", "Ann,Bob", "--seed", "1"]) == 3
    finally:
        get_dictionary.cache_clear()
        load_listed.cache_clear()
    err = capsys.readouterr().err
    assert "scowl.txt" in err and "cannot check answers" in err and "Traceback" not in err


def test_the_list_is_what_its_build_writes() -> None:
    """tools/build_vowl_words.py --check, where Debian's scowl package (the source its
    header names) is installed in that version."""
    scowl = Path("/usr/share/dict/scowl")
    if not scowl.is_dir() or not Path("/usr/share/doc/scowl/copyright").is_file():
        pytest.skip("SCOWL's word files and licence are not installed (Debian: apt-get install scowl)")
    header = (DECKS / "scowl.txt").read_text(encoding="utf-8").split("\n", 10)
    version = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "scowl"], capture_output=True, text=True, check=False
    )
    if not any(f"scowl {version.stdout.strip()}:" in line for line in header):
        pytest.skip(f"another SCOWL release is installed ({version.stdout.strip() or 'unknown'})")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_vowl_words.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr


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


def test_v32_a_deck_card_whose_reference_answer_is_refused_is_a_deck_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

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
