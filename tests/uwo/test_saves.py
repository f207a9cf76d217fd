"""UWO duels are saved after every action and resume exactly where they stopped."""

from __future__ import annotations

import random

import pytest

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.errors import UserFacingError
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.session import GameSession
from boardgames.common.ui.handover import HandoverScreen
from boardgames.uwo import board as B
from boardgames.uwo.actions import Attack, EndTurn, Move
from boardgames.uwo.engine import Game
from boardgames.uwo.players import ComputerOpponent
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.side import Side
from boardgames.uwo.spec import SPEC, UwoSession, UwoSetup
from tests.screen import deliberately, screen_text, take_keyboard, wait_for
from tests.uwo.test_screen import end_turn, uwo

SIZE = (120, 40)


def same_duel(a: Game, b: Game) -> None:
    for side in Side:
        assert a.card_places(side) == b.card_places(side)
    assert a.view(None) == b.view(None)
    assert (a.turn, a.current, a.phase, a.energy, a.evasions) == (b.turn, b.current, b.phase, b.energy, b.evasions)


def replayed(record: SaveRecord) -> UwoSession:
    """The saved duel rebuilt, as the menu and ``--resume`` rebuild it."""
    return GameSession.resume(SPEC, record)


async def first_moves(pilot, app: BoardgamesApp) -> UwoScreen:
    """Gnorfs take the keyboard, step the front-row UMO forward, end the turn."""
    await take_keyboard(pilot, "Gnorfs")  # the duel starts behind a handover
    await pilot.press("enter", "up", "enter")
    await pilot.pause()
    await end_turn(pilot)
    return uwo(app)


async def test_every_action_is_saved_and_the_replay_is_the_same_duel() -> None:
    app = BoardgamesApp(start=lambda: UwoScreen(), seed=4, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_moves(pilot, app)
        (record,) = SaveStore().unfinished("uwo").records
        record.read_actions()  # listed from its header: the actions are read when resumed
        assert len(record.actions) == 2  # the move and the end of the turn
        assert "hot-seat — turn 2" in record.title
        screen.release_game()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
        session = replayed(record)
        assert session.setup.computer is None and session.history
        same_duel(session.engine, screen.game)


async def test_resume_from_the_menu_starts_behind_a_handover() -> None:
    app = BoardgamesApp(start=lambda: UwoScreen(), seed=4, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_moves(pilot, app)
        before = screen.game
        await take_keyboard(pilot, "Pnorfs")
        await pilot.press("escape")  # nothing selected: leave, after the question
        await wait_for(
            pilot, lambda: "It is saved: resume it from the main menu." in screen_text(app), "the leave question"
        )
        await deliberately(pilot, "y")
        await wait_for(pilot, lambda: "Resume UWO" in screen_text(app), "the menu's resume line")
        (record,) = SaveStore().unfinished("uwo").records
        app.resume_game(record)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the resumed duel's handover")
        said = await take_keyboard(pilot, "Pnorfs, take the keyboard")
        # the turn had not begun going on: a resumed duel says so, not "your turn goes on"
        assert "the duel resumes on your turn" in said and "goes on" not in said
        same_duel(uwo(app).game, before)
        assert "The duel resumes on turn 2" in " ".join(screen_text(app).split())


async def test_the_computers_steps_are_saved_too() -> None:
    clock = ManualClock()
    computer = ComputerOpponent("random", Side.GNORFS)  # it begins
    app = BoardgamesApp(start=lambda: UwoScreen(computer=computer, step_delay=0), clock=clock, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        screen = uwo(app)
        for _ in range(200):
            await pilot.pause()
            if screen.game is not None and screen.game.current is Side.PNORFS:
                break
        assert screen.game.current is Side.PNORFS  # the computer played its whole turn
        (record,) = SaveStore().unfinished("uwo").records
        record.read_actions()
        assert record.actions and record.setup["computer"] == {"level": "random", "side": "gnorfs"}
        screen.release_game()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
        session = replayed(record)
        assert session.setup.computer == computer
        same_duel(session.engine, screen.game)


def test_resume_with_nothing_saved_is_a_clear_error(capsys) -> None:
    from boardgames.cli import main

    assert main(["uwo", "--resume"]) == 1
    assert "There is no unfinished UWO game to resume." in capsys.readouterr().err


async def test_U26_a_draw_offer_is_saved_and_resumes_with_the_question() -> None:
    """The offer is an action in the stream: a duel left while it waits for its answer
    comes back behind the answering player's handover, and the question is asked again."""
    from boardgames.common.ui.choice import ChoiceScreen
    from boardgames.uwo.actions import OfferDraw
    from boardgames.uwo.view import Phase

    app = BoardgamesApp(start=lambda: UwoScreen(), seed=4, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        screen = await first_moves(pilot, app)
        await take_keyboard(pilot, "Pnorfs")
        assert screen.play(OfferDraw())
        (record,) = SaveStore().unfinished("uwo").records
        from boardgames.common.saves import replay
        from boardgames.uwo.spec import ACTION_CLASSES

        assert list(replay(record, ACTION_CLASSES))[-1] == OfferDraw()
        screen.release_game()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
        session = replayed(record)
        assert session.engine.phase is Phase.DRAW_OFFER and session.engine.to_act is Side.GNORFS
        same_duel(session.engine, screen.game)
        session.close()
    app = BoardgamesApp(start=lambda: UwoScreen(session=replayed(record)), seed=4, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert "The Pnorfs offer a draw" in screen_text(app)


def test_the_setup_is_saved_as_it_always_was() -> None:
    versus = UwoSetup(True, ComputerOpponent("hard", Side.PNORFS))
    assert SPEC.setup_to_json(versus) == {"first_game": True, "computer": {"level": "hard", "side": "pnorfs"}}
    assert SPEC.setup_to_json(UwoSetup()) == {"first_game": False, "computer": None}
    for setup in (versus, UwoSetup(), UwoSetup(False, ComputerOpponent("random", Side.GNORFS))):
        assert SPEC.setup_from_json(SPEC.setup_to_json(setup)) == setup
    for bad in (
        {},
        {"first_game": False},
        {"first_game": False, "computer": {"level": "godlike", "side": "gnorfs"}},
        {"first_game": False, "computer": {"level": "easy", "side": "trolls"}},
    ):
        with pytest.raises(ValueError):
            SPEC.setup_from_json(bad)
    assert {
        "Morph",
        "Move",
        "Ride",
        "Attack",
        "Blast",
        "Swap",
        "EndTurn",
        "Evade",
        "TakeHit",
        "StopDuel",
        "Side",
    } <= set(SPEC.action_classes)
    assert SPEC.is_action(EndTurn()) and not SPEC.is_action(UwoSetup()) and not SPEC.is_action("end turn")


def test_a_save_written_before_the_session_layer_still_resumes() -> None:
    """The JSON an existing save holds: setup keys and action class names as they were."""
    record = SaveRecord(
        "uwo",
        {"first_game": False, "computer": {"level": "easy", "side": "pnorfs"}},
        4,
        actions=[{"$type": "Move", "src": B.parse("c2"), "dst": B.parse("c3")}, {"$type": "EndTurn", "drain": False}],
    )
    session = GameSession.resume(SPEC, record)
    assert session.setup == UwoSetup(False, ComputerOpponent("easy", Side.PNORFS))
    expected = Game.new(random.Random(4))
    expected.apply(Move(B.parse("c2"), B.parse("c3")))
    expected.apply(EndTurn())
    assert session.engine.view(None) == expected.view(None) and session.engine.current is Side.PNORFS
    assert any("moves to c3" in str(e) for e in session.history)

    session.close()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
    record.actions.append({"$type": "Attack", "src": 0, "dst": 29})  # refused by the rules
    with pytest.raises(UserFacingError, match="cannot be resumed"):
        GameSession.resume(SPEC, record)


def test_the_session_saves_every_action_and_refuses_in_words() -> None:
    session = GameSession.start(SPEC, UwoSetup(), 4)
    c2, c5 = B.parse("c2"), B.parse("c5")
    step = session.apply(Attack(c2, c5))
    assert not step.applied and step.refusal == "Out of range: the Trooper's bazooka reaches 2 squares."
    assert not SaveStore().unfinished("uwo").records  # nothing done, nothing saved yet
    step = session.apply(Move(c2, B.parse("c3")))
    assert step.applied and step.events and step.refusal is None
    (record,) = SaveStore().unfinished("uwo").records
    record.read_actions()  # listed from its header: the actions are read when resumed
    assert record.actions == [{"$type": "Move", "src": c2, "dst": B.parse("c3")}]
    assert record.title.startswith("hot-seat — turn 1")
    assert session.saved and "saved" in session.leave_detail()
