"""Version-2 saves are outside input too: the header corpus (``corpus.header_cases``).

A bad header is set aside when listed, with the usual one message, after reading no
more than the first line (at most ``HEADER_LIMIT`` and one chunk: a 1.9 MB file with
no newline, binary, a huge header are refused without being read whole; a file over
the size cap is refused without being read at all).  Damage after the header is not
the listing's business: the save lists, and resuming it is one ``SaveNotResumable``
naming it, after which it is set aside like any save that cannot be replayed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boardgames.common import saves as saves_module
from boardgames.common import storage
from boardgames.common.saves import HEADER_LIMIT, SaveStore
from boardgames.common.session import GameSession
from tests.hostile.corpus import GAMES, Case, Stage, all_header_cases, aside_of, count_reads, dump_v2
from tests.hostile.test_hostile_saves import resume_fails_once_and_is_set_aside, spec, with_good_save

CASES = all_header_cases()
LISTING = [c for c in CASES if c.stage is Stage.LISTING]
RESUME = [c for c in CASES if c.stage is Stage.RESUME]


@pytest.fixture
def bytes_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every read the storage module makes, by size (what listing costs in bytes)."""
    return count_reads(monkeypatch)


def with_good_v2_save(root: Path, game: str) -> Path:
    return with_good_save(root, game, dump_v2(game, "good"))


@pytest.mark.parametrize("game", GAMES)
def test_the_good_saves_the_header_corpus_derives_from_list_and_resume(game: str, tmp_path: Path) -> None:
    with_good_v2_save(tmp_path, game)
    listing = SaveStore(tmp_path).unfinished()
    (record,) = listing.records
    assert listing.warnings == () and record.unread is not None
    assert GameSession.resume(spec(game), record, store=SaveStore(tmp_path)).engine is not None


@pytest.mark.parametrize("case", LISTING, ids=lambda c: c.id)
def test_a_bad_header_is_set_aside_reading_no_further_than_its_first_line(
    case: Case, tmp_path: Path, bytes_read: list[int]
) -> None:
    good = with_good_v2_save(tmp_path, case.game)
    path = case.write(tmp_path / "saves")
    bytes_read.clear()
    listing = SaveStore(tmp_path).unfinished()
    assert [r.id for r in listing.records] == ["good"]
    (warning,) = listing.warnings
    (aside,) = aside_of(tmp_path / "saves", case.name)
    assert not os.path.lexists(path) and aside.read_bytes() == case.content  # moved, never changed
    assert warning.startswith(saves_module.plain(case.name)) and saves_module.plain(aside.name) in warning
    assert "\n" not in warning and "\x1b" not in warning
    assert sum(bytes_read) <= HEADER_LIMIT + 2 * storage.LINE_CHUNK  # the good header, and at most the bad line
    assert good.exists()
    assert SaveStore(tmp_path).unfinished().warnings == ()  # told once: the file is gone from the list


@pytest.mark.parametrize("case", RESUME, ids=lambda c: c.id)
def test_damage_after_the_header_lists_and_is_one_error_when_resumed(
    case: Case, tmp_path: Path, bytes_read: list[int]
) -> None:
    store = SaveStore(tmp_path)
    case.write(store.saves)
    bytes_read.clear()
    listing = store.unfinished()
    (record,) = listing.records
    assert listing.warnings == () and sum(bytes_read) <= storage.LINE_CHUNK
    resume_fails_once_and_is_set_aside(case, record, store)
