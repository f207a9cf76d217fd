"""A save written before Vowl's actions named seats still resumes, to the same views.

``saves/vowl-9172d3b29b81.json`` was written by the game as it was then (its actions
name players: ``ChooseOpponent``, ``ChoosePartner``, ``ScoreOne``, ``Buzz``), stopped in
a sudden death; ``saves/vowl-9172d3b29b81.views.json`` is what each seat's view held
then, players named by name, as the views named them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from boardgames.common.saves import SaveStore, decode
from boardgames.common.session import GameSession
from boardgames.common.storage import data_dir
from boardgames.vowl.actions import Buzz, ChooseOpponent, ChoosePartner, ScoreOne
from boardgames.vowl.old_saves import upgrade_action
from boardgames.vowl.spec import ACTION_CLASSES, SPEC
from boardgames.vowl.view import VowlView

SAVES = Path(__file__).parent / "saves"
OLD = SAVES / "vowl-9172d3b29b81.json"
NAMES = ("Ann Lee", "Bob Roy", "Cy Diaz")


def digest(v: VowlView) -> dict[str, Any]:
    """What the old views showed, in the old views' terms (players by name: the view's own
    seat-to-name table turns each seat back into the name the old view held)."""

    def sk(card: Any) -> str | None:
        return None if card is None else card.skeleton

    def nm(seat: int | None) -> str | None:
        return None if seat is None else v.name(seat)

    run, sd, sel = v.active_run, v.sudden_death, v.selection
    return {
        "viewer": v.viewer,
        "phase": v.phase.value,
        "turn": v.turn,
        "current": nm(v.current_player),
        "players": [[p.name, p.score, p.victory] for p in v.players],
        "actors": [nm(a) for a in v.actors],
        "private_to": nm(v.private_to),
        "mode": v.mode.value if v.mode else None,
        "run": None
        if run is None
        else [
            nm(run.runner),
            nm(run.partner),
            run.visible,
            sk(run.current),
            [sk(c) for c in run.passed],
            run.solved_count,
        ],
        "runs": [[nm(r.runner), r.visible, r.solved_count, r.total] for r in v.runs],
        "sudden": None
        if sd is None
        else [[nm(p) for p in sd.players], sk(sd.card), nm(sd.buzzer), [nm(p) for p in sd.locked_out], sd.cards_tried],
        "selection": None
        if sel is None
        else [nm(sel.selector), nm(sel.player), None if sel.hand is None else [sk(c) for c in sel.hand]],
        "last_turn": None if v.last_turn is None else v.last_turn.turn,
        "race": None if v.race is None else [nm(v.race.winner), v.race.how.value],
        "legal": sorted(type(a).__name__ for a in v.legal) + (["Answer"] if v.answer else []),
    }


def test_an_old_action_names_its_seat_now() -> None:
    old = [
        {"$type": "ChooseOpponent", "player": "Cy Diaz"},
        {"$type": "ChoosePartner", "player": "Bob Roy"},
        {"$type": "Buzz", "player": "Ann Lee"},
        {"$type": "ScoreOne", "other": "Bob Roy"},
    ]
    new = [decode(upgrade_action(a, NAMES), ACTION_CLASSES) for a in old]
    assert new == [ChooseOpponent(2), ChoosePartner(1), Buzz(0), ScoreOne(1)]
    for same in ({"$type": "Roll"}, {"$type": "Buzz", "seat": 1}, {"$type": "Buzz", "player": "Nobody"}, [1], "x"):
        assert upgrade_action(same, NAMES) == same


def test_an_old_save_resumes_to_the_same_views() -> None:
    folder = data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD, folder / OLD.name)
    (record,) = SaveStore().unfinished("vowl").records
    session = GameSession.resume(SPEC, record)  # the spec upgrades it (GameSpec.upgrade)
    try:
        expected = json.loads((SAVES / "vowl-9172d3b29b81.views.json").read_text())
        game = session.engine
        assert {str(seat): digest(game.view(seat)) for seat in (None, 0, 1, 2)} == expected
        assert game.names == NAMES
    finally:
        session.close()


def test_control_without_the_upgrade_an_old_save_does_not_resume(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: the same file without the spec's upgrade is refused (its actions name players)."""
    from boardgames.common.session import SaveNotResumable

    folder = data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD, folder / OLD.name)
    (record,) = SaveStore().unfinished("vowl").records
    monkeypatch.setattr(SPEC, "upgrade", lambda record: record)
    with pytest.raises(SaveNotResumable):
        GameSession.resume(SPEC, record).close()
