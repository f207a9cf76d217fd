"""The session layer (``common.session``), on a toy game so that only its own logic is tested.

Counting to a target: seats take turns adding 1 or 2; whoever reaches the target
wins.  Small enough to read, rich enough to refuse, end, save and replay.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from boardgames.common.errors import UserFacingError
from boardgames.common.game import Audience, IllegalActionError, PublicEvent, refusal_text, visible_to
from boardgames.common.saves import SaveFormatError, SaveStore, classes_of, read_record
from boardgames.common.session import GameSession


@dataclass(frozen=True, slots=True)
class Add:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Added(PublicEvent):
    seat: int
    total: int

    def __str__(self) -> str:
        return f"Seat {self.seat} makes {self.total}."


@dataclass(frozen=True, slots=True)
class Whisper:
    seat: int

    @property
    def audience(self) -> Audience:
        return frozenset({self.seat})


class Counting:
    """The toy engine: ``common.game.Engine`` in a few lines."""

    def __init__(self, target: int, rng: random.Random) -> None:
        self.target = target
        self.total = rng.randrange(3)  # a seeded deal: replay must reproduce it
        self.turn = 0

    @property
    def seats(self) -> int:
        return 2

    def actors(self) -> frozenset[int]:
        return frozenset() if self.outcome() is not None else frozenset({self.turn})

    @property
    def legal_actions(self) -> frozenset[Add]:
        return frozenset(Add(s, n) for s in self.actors() for n in (1, 2))

    def why_illegal(self, action: Add) -> str | None:
        if self.outcome() is not None:
            return "the game is over"
        if action.seat != self.turn:
            return f"it is seat {self.turn}'s turn"
        if action.amount not in (1, 2):
            return "add 1 or 2"
        return None

    def apply(self, action: Add) -> list[object]:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(action, reason)
        self.total += action.amount
        self.turn = 1 - self.turn
        return [Added(action.seat, self.total), Whisper(action.seat)]

    def view(self, seat: int | None) -> int:
        return self.total

    def outcome(self) -> int | None:
        return 1 - self.turn if self.total >= self.target else None


class CountingSpec:
    key = "counting"
    title = "Counting"

    @property
    def action_classes(self) -> Mapping[str, type]:
        return classes_of(__import__(__name__, fromlist=["Add"]))

    def build(self, setup: int, seed: int) -> Counting:
        return Counting(setup, random.Random(seed))

    def setup_to_json(self, setup: int) -> dict[str, Any]:
        return {"target": setup}

    def setup_from_json(self, data: dict[str, Any]) -> int:
        target = data.get("target")
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 100:
            raise SaveFormatError(f"the target {target!r} is not a number from 1 to 100")
        return target

    def is_action(self, value: object) -> bool:
        return isinstance(value, Add)

    def save_title(self, game: Counting, setup: int) -> str:
        return f"{game.total} of {setup}"

    def upgrade(self, record: Any) -> None:
        """Its saves never changed form."""


SPEC = CountingSpec()


def saved_files(root: Path, folder: str = "saves") -> list[dict[str, Any]]:
    return [read_record(p).to_json() for p in sorted((root / folder).glob("*.json"))]


def test_every_applied_action_is_saved_with_its_title(tmp_path: Path) -> None:
    session = GameSession.start(SPEC, 10, seed=7, store=SaveStore(tmp_path))
    assert session.leave_detail() == "Nothing has been played yet, so there is nothing to resume."
    step = session.apply(Add(0, 2))
    assert step.applied and step.warning is None
    assert next(str(e) for e in step.events).startswith("Seat 0 makes")
    [save] = saved_files(tmp_path)
    assert save["actions"] == [{"$type": "Add", "seat": 0, "amount": 2}]
    assert save["title"] == f"{session.engine.total} of 10"
    assert session.saved
    assert session.leave_detail() == "It is saved: resume it from the main menu."


def test_a_refusal_changes_nothing_and_is_a_sentence(tmp_path: Path) -> None:
    session = GameSession.start(SPEC, 10, seed=7, store=SaveStore(tmp_path))
    before = session.engine.total
    step = session.apply(Add(1, 1))
    assert not step.applied and step.events == ()
    assert step.refusal == "It is seat 0's turn."
    assert session.engine.total == before
    assert saved_files(tmp_path) == []  # nothing was written for a refused action


def test_refusal_text_keeps_names_as_written() -> None:
    """``str.capitalize`` lowercased names ("Bob roy answered…"); refusal_text must not."""
    assert refusal_text("Bob Roy answered wrong") == "Bob Roy answered wrong."
    assert refusal_text("the Pnorfs' next turn") == "The Pnorfs' next turn."
    assert refusal_text("done!") == "Done!"
    assert refusal_text("") == "That is not allowed now."


def test_resume_replays_to_the_same_game(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, 10, seed=11, store=store)
    played: list[object] = []
    for action in (Add(0, 2), Add(1, 1), Add(0, 2)):
        step = session.apply(action)
        assert step.applied
        played.extend(step.events)
    [record] = store.unfinished().records
    session.close()  # the players left it: one window at a time holds a game (test_save_lock)
    again = GameSession.resume(SPEC, record, store=store)
    assert again.engine.total == session.engine.total and again.engine.turn == session.engine.turn
    assert list(again.history) == played
    assert list(again.last) == played[-2:]
    # and it goes on saving into the same file
    assert again.apply(Add(1, 1)).applied
    assert len(saved_files(tmp_path)[0]["actions"]) == 4


def test_a_finished_game_moves_to_the_history(tmp_path: Path) -> None:
    session = GameSession.start(SPEC, 3, seed=0, store=SaveStore(tmp_path))
    while session.engine.outcome() is None:
        assert session.apply(Add(session.engine.turn, 2)).applied
    assert saved_files(tmp_path) == []
    [done] = saved_files(tmp_path, "history")
    assert done["finished"] is True
    assert session.leave_detail() == "The game is over."


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d.update(setup={"target": "ten"}), "target"),
        (lambda d: d.update(actions=[{"$type": "Add", "seat": 1, "amount": 1}]), "turn"),
        (lambda d: d.update(actions=[{"$type": "Added", "seat": 0, "total": 1}]), "not a Counting action"),
        (lambda d: d.update(actions=[{"$type": "Add", "seat": 0}]), "bad Add"),
        (lambda d: d.update(actions=[{"$frozenset": [[1, 2]]}]), "cannot be resumed"),
        (lambda d: d.update(actions=[{"$dict": [1]}]), "cannot be resumed"),
        (lambda d: d.update(actions=[{"$tuple": 5}]), "cannot be resumed"),
        (lambda d: d.update(game="vowl"), "not a 'counting'"),
    ],
)
def test_an_unreplayable_save_is_one_clear_error(tmp_path: Path, change: Any, why: str) -> None:
    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, 10, seed=3, store=store)
    session.apply(Add(0, 1))
    session.close()
    [record] = store.unfinished().records
    data = record.to_json()
    change(data)
    broken = type(record).from_json(data)
    with pytest.raises(UserFacingError) as caught:
        GameSession.resume(SPEC, broken, store=store)
    assert why in caught.value.message and broken.filename in caught.value.message


def test_a_disk_that_refuses_is_said_once_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    session = GameSession.start(SPEC, 10, seed=3, store=SaveStore(blocker))
    first = session.apply(Add(0, 1))
    assert first.applied and first.warning
    second = session.apply(Add(1, 1))
    assert second.applied and second.warning is None
    assert not session.saved
    assert session.leave_detail() == "It is not saved and will be lost."


def test_an_unsaved_session_writes_nothing(tmp_path: Path) -> None:
    session = GameSession.start(SPEC, 10, seed=3, store=SaveStore(tmp_path), save=False)
    assert session.apply(Add(0, 1)).applied
    assert not (tmp_path / "saves").exists()


def test_rematch_keeps_the_setup_and_deals_afresh(tmp_path: Path) -> None:
    session = GameSession.start(SPEC, 10, seed=3, store=SaveStore(tmp_path))
    again = session.rematch(random.Random(5))
    assert again.setup == 10 and again.engine is not session.engine and again.saved


def test_events_carry_their_audience() -> None:
    added, whisper = Added(0, 3), Whisper(1)
    assert visible_to(added, None) and visible_to(added, 0) and visible_to(added, 1)
    assert visible_to(whisper, 1) and not visible_to(whisper, 0) and not visible_to(whisper, None)


def test_illegal_action_error_carries_action_and_reason() -> None:
    error = IllegalActionError(Add(0, 3), "add 1 or 2")
    assert error.action == Add(0, 3) and error.reason == "add 1 or 2" and str(error) == "add 1 or 2"
