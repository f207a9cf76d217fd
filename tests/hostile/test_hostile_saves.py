"""Saves are outside input: the listing, ``SaveStore.path``, ``decode`` and ``GameSession.resume``.

Each case of the corpus (``tests/hostile/corpus.py``) is a good save with one thing
wrong.  Caught when listed: the file is set aside with one message naming it and the
good save beside it is still listed.  Caught on replay: ``GameSession.resume`` raises
``SaveNotResumable`` and nothing else.  No path a file holds leaves the saves folder.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames.common import saves as saves_module
from boardgames.common.saves import SaveFormatError, SaveRecord, SaveStore, decode, encode
from boardgames.common.session import GameSession, SaveNotResumable
from boardgames.games import get_game
from tests.hostile.corpus import (
    GAMES,
    SPECIAL,
    TRAVERSAL,
    Case,
    Stage,
    all_cases,
    aside_of,
    dump,
    fingerprint,
    good_record,
    make_special,
    name_cases,
)

CASES = all_cases() + name_cases()
LISTING = [c for c in CASES if c.stage is Stage.LISTING]
RESUME = [c for c in CASES if c.stage is Stage.RESUME]


def spec(game: str) -> Any:
    return get_game(game).entry.spec


def with_good_save(root: Path, game: str, data: bytes | None = None) -> Path:
    """A good save of *game* beside the corpus case: *data*, or by default a
    version-1 file (the header corpus passes a version-2 one)."""
    saves = root / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    good = saves / f"{game}-good.json"
    good.write_bytes(dump(good_record(game, "good")) if data is None else data)
    return good


@pytest.mark.parametrize("game", GAMES)
def test_the_good_saves_the_corpus_derives_from_list_and_resume(game: str, tmp_path: Path) -> None:
    with_good_save(tmp_path, game)
    listing = SaveStore(tmp_path).unfinished()
    (record,) = listing.records
    assert listing.warnings == ()
    assert GameSession.resume(spec(game), record, store=SaveStore(tmp_path)).engine is not None


@pytest.mark.parametrize("case", LISTING, ids=lambda c: c.id)
def test_a_bad_file_is_set_aside_with_one_message_and_the_good_save_stays(case: Case, tmp_path: Path) -> None:
    good = with_good_save(tmp_path, case.game)
    path = case.write(tmp_path / "saves")
    listing = SaveStore(tmp_path).unfinished()
    assert [r.id for r in listing.records] == ["good"]
    (warning,) = listing.warnings
    (aside,) = aside_of(tmp_path / "saves", case.name)
    assert not os.path.lexists(path) and aside.read_bytes() == case.content  # moved, never changed
    assert warning.startswith(saves_module.plain(case.name)) and saves_module.plain(aside.name) in warning
    assert "\n" not in warning and "\x1b" not in warning
    assert good.exists()
    assert SaveStore(tmp_path).unfinished().warnings == ()  # told once: the file is gone from the list


@pytest.mark.parametrize("case", RESUME, ids=lambda c: c.id)
def test_an_unreplayable_save_is_one_error_naming_it(case: Case, tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    case.write(store.saves)
    (record,) = store.unfinished().records
    resume_fails_once_and_is_set_aside(case, record, store)


def resume_fails_once_and_is_set_aside(case: Case, record: SaveRecord, store: SaveStore) -> None:
    """Resuming *record* is one ``SaveNotResumable`` naming it, in one plain line; set
    aside, the file is kept beside the saves and the list is empty."""
    with pytest.raises(SaveNotResumable) as caught:
        GameSession.resume(spec(case.game), record, store=store)
    message = caught.value.message
    assert message.startswith(f"The saved {get_game(case.game).title} game {case.name} cannot be resumed: ")
    assert "\n" not in message and "\x1b" not in message and caught.value.record is record
    sentence = store.set_aside(record)
    (aside,) = aside_of(store.saves, case.name)
    assert sentence == f"It was kept as {aside.name} in {store.saves}."
    assert store.unfinished().records == ()


@pytest.mark.parametrize("kind", SPECIAL)
def test_special_files_in_the_saves_folder_are_set_aside_and_the_rest_listed(kind: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    outside = tmp_path / "outside.json"
    outside.write_bytes(dump(good_record("vowl", "x1")))
    before = fingerprint(outside)
    with_good_save(data, "uwo")
    make_special(kind, data / "saves", "vowl-x1.json", outside)
    listing = SaveStore(data).unfinished()
    assert [r.game for r in listing.records] == ["uwo"]
    (warning,) = listing.warnings
    assert warning.startswith("vowl-x1.json was unreadable (")
    assert aside_of(data / "saves", "vowl-x1.json") and fingerprint(outside) == before
    assert SaveStore(data).unfinished().warnings == ()


def test_a_saves_folder_that_cannot_be_listed_is_said_once(tmp_path: Path) -> None:
    (tmp_path / "saves").write_text("not a folder")  # as root too: a file cannot be listed
    first = SaveStore(tmp_path).unfinished()
    assert first.records == ()
    (warning,) = first.warnings
    assert warning.startswith(f"Cannot list the saved games in {tmp_path / 'saves'} (")
    assert SaveStore(tmp_path).unfinished().warnings == ()  # the menu lists at every return: said once


def test_a_file_that_cannot_be_moved_is_said_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames.common import storage

    monkeypatch.setattr(storage, "set_aside", lambda p: None)
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "vowl-bad.json").mkdir()  # a folder: not renamed here, so met again
    (warning,) = SaveStore(tmp_path).unfinished().warnings
    assert "could not be moved aside" in warning
    assert SaveStore(tmp_path).unfinished().warnings == ()


# --------------------------------------------------------------------------- nothing leaves the folder


@pytest.mark.parametrize("ident", [*TRAVERSAL, "a.b", "", "x" * 65, "[b]"])
def test_no_record_reaches_outside_the_saves_folder(ident: str, tmp_path: Path) -> None:
    """``x/../../../victim`` made the autosave overwrite ``victim.json`` and "Delete" delete it."""
    data = tmp_path / "a" / "b" / "data"
    store = SaveStore(data)
    store.saves.mkdir(parents=True)
    victims = [tmp_path / "victim.json", tmp_path / "a" / "victim.json", data / "victim.json"]
    for victim in victims:
        victim.write_text('{"precious": true}')
    before = [fingerprint(v) for v in victims]
    listing = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    record = SaveRecord("vowl", good_record("vowl", "x")["setup"], 1, id=ident)
    with pytest.raises(SaveFormatError):
        store.path(record)
    assert "play continues without saving" in (store.write(record) or "")
    assert store.discard(record) and store.finish(record)
    assert store.set_aside(record).startswith("Its file was left alone")
    assert [fingerprint(v) for v in victims] == before
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == listing  # nothing made either


def test_a_traversal_id_on_disk_is_never_listed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.json"
    victim.write_text("precious")
    before = fingerprint(victim)
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    (data / "saves" / "vowl-abc.json").write_bytes(dump({**good_record("vowl", "abc"), "id": "x/../../../victim"}))
    listing = SaveStore(data).unfinished()
    assert listing.records == () and len(listing.warnings) == 1
    assert fingerprint(victim) == before


def test_every_real_field_kind_is_one_decode_can_check() -> None:
    """A new action field of a kind ``_conforms`` does not know would refuse every save holding it."""
    from boardgames.common.values import init_fields

    for game in GAMES:
        for cls in spec(game).action_classes.values():
            fields = init_fields(cls)  # a dataclass or a msgspec.Struct
            if fields is not None:
                hints = saves_module._hints(cls)  # noqa: SLF001
                for hint in (hints[name] for name in fields):  # fields only: a mixin's ClassVar is none
                    if cls.__name__ in ("DeckLine",):  # a Path: never in a save, refused if it were
                        continue
                    saves_module._conforms(object(), hint)  # noqa: SLF001 - raises for an unknown kind


def test_round_trips_still_decode_with_the_checks() -> None:
    from boardgames.uwo.actions import EndTurn, Morph, Move, Ride
    from boardgames.vntypl8s.engine import Guess, NobodyKnows, SubmitPlate, WritingTimeUp
    from boardgames.vowl.actions import Answer, Discard, PlaceExtras, Revisit, ScoreOne
    from boardgames.vowl.cards import Card, Tier

    card = Card("SVR", Tier.BASIC, ("savor",))
    actions = {
        "vowl": [
            Answer("savor", 3),
            Answer("x", None),
            Revisit(card),
            Discard(frozenset({card})),
            PlaceExtras(True),
            ScoreOne(1),
        ],
        "uwo": [Move(7, 12), Ride(7, (12, 17)), Morph("wisp", 3), EndTurn(True)],
        "vntypl8s": [SubmitPlate(0, "N0FL4M3S"), WritingTimeUp(1), Guess(2, "Chef"), NobodyKnows()],
    }
    for game, values in actions.items():
        for action in values:
            data = json.loads(json.dumps(encode(action)))
            assert decode(data, spec(game).action_classes) == action


# --------------------------------------------------------------------------- decode, by property

KEYS = st.sampled_from(
    [
        "$type",
        "$enum",
        "value",
        "$tuple",
        "$frozenset",
        "$dict",
        "src",
        "dst",
        "word",
        "elapsed",
        "plate",
        "player",
        "owner",
        "card",
        "cards",
        "path",
        "skeleton",
        "tier",
        "answers",
        "drain",
        "kind",
        "square",
        "on_top",
    ]
)
NAMES = st.sampled_from(sorted({n for g in GAMES for n in spec(g).action_classes} | {"Nope"}))
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5)
    | NAMES
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS | st.text(max_size=3), inner, max_size=4),
    max_leaves=25,
)
ALL_CLASSES = {n: c for g in GAMES for n, c in spec(g).action_classes.items()}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_decode_of_arbitrary_json_raises_nothing_but_save_format_error(data: Any) -> None:
    with contextlib.suppress(SaveFormatError):
        decode(data, ALL_CLASSES)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200) | JSON.map(lambda v: json.dumps(v).encode()))
def test_parsing_arbitrary_bytes_raises_nothing_but_file_problem(raw: bytes) -> None:
    from boardgames.common.storage import FileProblem, parse_json

    with contextlib.suppress(FileProblem):
        parse_json(raw)
