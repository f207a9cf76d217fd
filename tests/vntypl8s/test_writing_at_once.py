"""The writers at once (P33): a setup option of hosted games; hot-seat keeps P13's writers in turn."""

from __future__ import annotations

import random

import pytest

from boardgames.common.dictionary import get_dictionary
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.session import GameSession
from boardgames.vntypl8s.cards import load_decks
from boardgames.vntypl8s.engine import (
    Game,
    GridDealt,
    IllegalActionError,
    Phase,
    PlateForfeited,
    PlateSubmitted,
    SubmitPlate,
    Writing,
    WritingTimeUp,
)
from boardgames.vntypl8s.judge import PlateJudge
from boardgames.vntypl8s.spec import SPEC, Vntypl8sSetup

from .helpers import legal_plate


def at_once(players: int = 4, seed: int = 1) -> Game:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:players]
    return Game(names, random.Random(seed), PlateJudge(get_dictionary()), load_decks(), writing=Writing.AT_ONCE)


def test_p33_every_writer_not_done_acts_and_may_hand_in_in_any_order() -> None:
    game = at_once(4)
    assert game.actors() == frozenset({0, 1, 2, 3}) and game.writers == (0, 1, 2, 3)
    game.apply(SubmitPlate(2, legal_plate(game, 2, meet=True)))
    assert game.actors() == frozenset({0, 1, 3})
    game.apply(SubmitPlate(3, legal_plate(game, 3, meet=False)))
    game.apply(SubmitPlate(0, legal_plate(game, 0, meet=True)))
    assert game.actors() == frozenset({1}) and game.phase is Phase.WRITING
    events = game.apply(SubmitPlate(1, legal_plate(game, 1, meet=True)))
    assert any(isinstance(e, GridDealt) for e in events) and game.phase is Phase.GUESSING
    assert game.view(None).turns == (0, 1, 2, 3)  # the guessing turns keep the clockwise order (P13)


def test_p13_in_turn_is_the_default_and_refuses_a_writer_out_of_turn() -> None:
    game = Game(["Ann", "Bob", "Cy"], random.Random(1), PlateJudge(get_dictionary()), load_decks())
    assert game.writing is Writing.IN_TURN and game.actors() == frozenset({0})
    with pytest.raises(IllegalActionError, match="Ann's turn to write"):
        game.apply(SubmitPlate(2, legal_plate(game, 2, meet=True)))


def test_p33_each_writers_view_hides_the_others_plates_and_owners() -> None:
    game = at_once(3)
    plate = legal_plate(game, 1, meet=True)
    game.apply(SubmitPlate(1, plate))
    for viewer in (None, 0, 2):
        seen = game.view(viewer).players[1]
        assert (seen.plate, seen.owner, seen.requirements) == (None, None, None)
        assert seen.done_writing
    for viewer in (0, 2):
        mine = game.view(viewer).players[viewer]
        assert mine.owner is not None and mine.requirements is not None
        others = [p for p in game.view(viewer).players if p.seat != viewer]
        assert all(p.owner is None and p.requirements is None for p in others)
    assert game.view(1).players[1].plate == plate
    assert game.view(None).writing is Writing.AT_ONCE


def test_p33_time_up_lists_every_writer_and_forfeits_without_a_legal_draft() -> None:
    game = at_once(3)
    assert set(game.legal_actions) == {WritingTimeUp(0), WritingTimeUp(1), WritingTimeUp(2)}
    game.apply(SubmitPlate(0, legal_plate(game, 0, meet=True)))
    draft = legal_plate(game, 2, meet=False)
    events = game.apply(WritingTimeUp(2, draft))  # the draft the host had: handed in as it stood
    assert len(events) == 1 and isinstance(events[0], PlateSubmitted)
    assert (events[0].player, events[0].timed_out, game.view(2).players[2].plate) == (2, True, draft)
    events = game.apply(WritingTimeUp(1, "AEIOU"))  # no legal plate: forfeited, the grid dealt
    assert events[0] == PlateForfeited(1) and game.phase is Phase.GUESSING
    assert game.view(None).turns == (0, 2)


def test_p33_the_option_saves_and_old_saves_write_in_turn(tmp_path) -> None:
    hot = Vntypl8sSetup(("Ann", "Bob", "Cy"), 30)
    saved = SPEC.setup_to_json(hot)
    assert "writing" not in saved  # a hot-seat save is written exactly as before P33
    assert SPEC.setup_from_json(saved) == hot and SPEC.setup_from_json(saved).writing is Writing.IN_TURN
    hosted = Vntypl8sSetup(("Ann", "Bob", "Cy"), 30, Writing.AT_ONCE)
    assert SPEC.setup_to_json(hosted)["writing"] == "at once"
    assert SPEC.setup_from_json(SPEC.setup_to_json(hosted)) == hosted
    assert SPEC.build(hosted, 1).actors() == frozenset({0, 1, 2})
    with pytest.raises(ValueError, match="not a VNTYPL8S setup"):
        SPEC.setup_from_json({**saved, "writing": "sideways"})


def test_p33_a_hosted_save_replays_at_once_then_writes_in_turn_on_one_keyboard(tmp_path) -> None:
    store = SaveStore(tmp_path)
    setup = Vntypl8sSetup(("Ann", "Bob", "Cy"), None, Writing.AT_ONCE)
    session = GameSession.start(SPEC, setup, 5, store=store)
    session.apply(SubmitPlate(2, legal_plate(session.engine, 2, meet=True)))  # out of turn: at once
    assert session.autosave is not None
    record: SaveRecord = session.autosave.record
    session.close()
    again = GameSession.resume(SPEC, record, store=store)
    assert again.engine.actors() == frozenset({0, 1})
    again.engine.write_in_turn()  # what the hot-seat screen does with it
    assert again.engine.actors() == frozenset({0})
    again.apply(SubmitPlate(0, legal_plate(again.engine, 0, meet=True)))
    assert again.engine.actors() == frozenset({1})
