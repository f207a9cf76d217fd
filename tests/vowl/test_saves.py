"""Vowl games are saved after every action and resume exactly where they stopped."""

from __future__ import annotations

import random

import pytest
from textual.widgets import OptionList

from boardgames.common.errors import UserFacingError
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.session import GameSession
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen, OpeningHandover
from boardgames.vowl.actions import Answer, Pass, Roll, StartRun
from boardgames.vowl.entry import ENTRY
from boardgames.vowl.events import AnswerRejected
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.screen import VowlScreen
from boardgames.vowl.spec import ACTION_CLASSES, SPEC, VowlSetup
from tests.screen import deliberately, screen_text, take_keyboard
from tests.vowl.conftest import ANN, BOB, CY, seat_of
from tests.vowl.test_properties import RandomPlayer
from tests.vowl.test_screen import MATCHER, SIZE, expire_timer, make_app, roll_and_start_pile, vowl


async def play_a_little(pilot, app, clock) -> VowlScreen:
    screen = await roll_and_start_pile(pilot, app)
    run = screen.view().active_run
    clock.advance(5)
    await pilot.press(*MATCHER.solutions(run.current.skeleton)[0], "enter")
    await pilot.pause()
    return screen


async def test_every_action_is_saved_and_resume_is_identical() -> None:
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await play_a_little(pilot, app, clock)
        (record,) = SaveStore().unfinished("vowl").records
        record.read_actions()  # listed from its header: the actions are read when resumed
        assert len(record.actions) == 3  # roll, start, answer
        assert "Ann Lee 0, Bob Roy 0" in record.title
        before = screen.game.view(seat_of(screen.game, "Ann Lee"))
        places = screen.game.card_places()
        screen.release_game()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
        opened = ENTRY.resume_screen(record, app)
        # Mid-pile: behind its handover, alone in the first frame, the table built after it.
        assert isinstance(opened, OpeningHandover)
        resumed = opened._build()
        assert isinstance(resumed, VowlScreen)
        after = resumed.game.view(seat_of(resumed.game, "Ann Lee"))
        assert resumed.game.card_places() == places
        assert after.active_run == before.active_run and after.players == before.players
        # the random stream too: both games roll the same from here on
        assert resumed.game._rng.getstate() == screen.game._rng.getstate()


async def test_v26_resumed_pile_hands_over_and_restarts_the_timer_with_the_time_left() -> None:
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_a_little(pilot, app, clock)
        (record,) = SaveStore().unfinished("vowl").records
        app.back_to_menu()
        await pilot.pause()
        app.resume_game(record)
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert "interrupted mid-pile" in screen_text(app) and "20 s left" in screen_text(app)
        await take_keyboard(pilot)
        screen = vowl(app)
        assert screen.game.phase is Phase.SOLVING and screen.timer.running
        assert round(screen.timer.countdown.remaining) == 20
        await expire_timer(pilot, app, clock)
        assert screen.game.phase is not Phase.SOLVING


async def test_menu_offers_to_resume_and_a_finished_turn_keeps_the_save() -> None:
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_a_little(pilot, app, clock)
        await pilot.press("escape")
        await pilot.pause()
        assert "It is saved" in screen_text(app)
        await deliberately(pilot, "y")
        await pilot.pause()
        text = screen_text(app)
        assert "Resume Vowl" in text and "Ann Lee 0, Bob Roy 0" in text
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        resume_at = next(i for i, o in enumerate(ids) if o and o.startswith("resume:"))
        await pilot.press(*["down"] * resume_at, "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen), screen_text(app)


async def test_a_finished_game_moves_to_history(_private_data_dir) -> None:
    app, _clock = make_app(("Ann",), practice=True, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        # Play the practice session to its end through the screen's own act(), answering
        # every card right and closing every review and handover as a player would.
        while not screen.game.is_over():
            if screen.game.phase is Phase.SOLVING:
                run = screen.game.view(seat_of(screen.game, "Ann")).active_run
                screen.act(Answer(MATCHER.solutions(run.current.skeleton)[0], elapsed=1.0))
            elif isinstance(app.screen, ChoiceScreen):
                await deliberately(pilot, "u")  # extra cards underneath
            elif app.screen is screen:
                await pilot.press("r")
            elif isinstance(app.screen, HandoverScreen):
                await take_keyboard(pilot)
            else:
                await deliberately(pilot, "enter")  # the review
            await pilot.pause()
        assert SaveStore().unfinished("vowl").records == ()
        assert list((_private_data_dir / "history").glob("vowl-*.json"))


async def test_unwritable_data_folder_warns_once_and_play_goes_on(monkeypatch, tmp_path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("BOARDGAMES_DATA", str(blocker))  # saves/ cannot be created under a file
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    notes: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        app.notify = lambda message, **kw: notes.append(message)  # type: ignore[method-assign]
        await pilot.pause()
        screen = await play_a_little(pilot, app, clock)
        assert screen.game.phase is Phase.SOLVING  # the game went on
        warnings = [n for n in notes if "play continues without saving" in n]
        assert len(warnings) == 1  # said once, not after every action
        assert not screen.autosave.enabled


def test_resume_with_nothing_saved_is_a_clear_error(capsys) -> None:
    from boardgames.cli import main

    assert main(["vowl", "--resume"]) == 1
    assert "There is no unfinished Vowl game to resume." in capsys.readouterr().err


def test_the_setup_is_saved_as_it_always_was() -> None:
    setup = VowlSetup(("Ann Lee", "Bob Roy"), (25, 15), advanced=True)
    assert SPEC.setup_to_json(setup) == {
        "names": ["Ann Lee", "Bob Roy"],
        "timers": [25, 15],
        "advanced": True,
        "practice": False,
    }
    practice = VowlSetup(("Ann",), (15,), practice=True)
    for s in (setup, practice):
        assert SPEC.setup_from_json(SPEC.setup_to_json(s)) == s
    for bad in (
        {},
        {"names": ["Ann"], "timers": [25], "advanced": False, "practice": False},
        {"names": ["Ann", "Bob"], "timers": [25, 20], "advanced": False, "practice": False},
        {"names": 5, "timers": [], "advanced": False, "practice": False},
    ):
        with pytest.raises(ValueError):
            SPEC.setup_from_json(bad)
    assert {
        "Roll",
        "ChooseOpponent",
        "ChoosePartner",
        "Discard",
        "PlaceExtras",
        "StartRun",
        "Answer",
        "Pass",
        "Revisit",
        "TimeUp",
        "Buzz",
        "ScoreTwo",
        "ScoreOne",
        "Card",
        "Tier",
    } <= set(ACTION_CLASSES)
    assert SPEC.is_action(Roll()) and not SPEC.is_action(setup) and not SPEC.is_action("roll")
    assert SPEC.key == "vowl" and SPEC.title == "Vowl"


def test_the_session_starts_refuses_saves_and_resumes_the_very_game(tmp_path) -> None:
    store = SaveStore(tmp_path)
    setup = VowlSetup(("Ann Lee", "Bob Roy", "Cy Diaz"), (25, 25, 15))
    session = GameSession.start(SPEC, setup, 21, store=store)
    step = session.apply(StartRun())
    assert not step.applied and step.events == ()
    assert step.refusal == "StartRun is not possible now: the game is waiting to roll the dice."
    assert not store.unfinished("vowl").records  # nothing done, nothing saved yet
    game = session.engine
    player = RandomPlayer(random.Random(4), 0.8)
    happened: list[object] = []
    for _ in range(60):
        step = session.apply(player.choose(game))
        assert step.applied and step.refusal is None
        happened.extend(step.events)
    (record,) = store.unfinished("vowl").records
    record.read_actions()  # listed from its header: the actions are read when resumed
    assert len(record.actions) == 60 and record.setup == SPEC.setup_to_json(setup)
    assert (
        record.title
        == f"Ann Lee {game.player(seat_of(game, ANN)).score}, Bob Roy {game.player(seat_of(game, BOB)).score}, "
        f"Cy Diaz {game.player(seat_of(game, CY)).score} — turn {game.turn}"
    )
    session.close()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
    again = GameSession.resume(SPEC, record, store=store)
    assert again.setup == setup and list(again.history) == happened
    assert again.engine.card_places() == game.card_places()
    assert all(again.engine.view(s) == game.view(s) for s in (None, 0, 1, 2))
    assert again.engine._rng.getstate() == game._rng.getstate()  # noqa: SLF001 - the dice to come, too
    assert session.saved and "saved" in session.leave_detail()


def test_a_save_written_before_the_session_layer_still_resumes() -> None:
    """The JSON an existing save holds: setup keys and action class names as they were."""
    record = SaveRecord(
        "vowl",
        {"names": ["Ann"], "timers": [15], "advanced": False, "practice": True},
        3,
        actions=[
            {"$type": "Roll"},
            {"$type": "StartRun"},
            {"$type": "Answer", "word": "zzz", "elapsed": 2.5},
            {"$type": "Pass"},
        ],
    )
    session = GameSession.resume(SPEC, record)
    assert session.setup == VowlSetup(("Ann",), (15,), practice=True)
    expected = SPEC.build(session.setup, 3)
    for action in (Roll(), StartRun(), Answer("zzz", 2.5), Pass()):
        expected.apply(action)
    assert session.engine.view(0) == expected.view(0) and session.engine.phase is Phase.SOLVING
    assert any(isinstance(e, AnswerRejected) for e in session.history)

    session.close()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
    record.actions.append({"$type": "Roll"})  # refused by the rules: a pile is being solved
    with pytest.raises(UserFacingError, match="cannot be resumed"):
        GameSession.resume(SPEC, record)
