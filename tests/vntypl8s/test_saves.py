"""VNTYPL8S games are saved after every action and resume exactly where they stopped (P20).

Engine level: a whole seeded game is saved action by action and, after every one,
the save replays to the same cards, plates, scores, turn and random stream.
Screen level: every action through the UI is on disk at once; a game resumes from
the main menu and from ``--resume`` behind a handover (the writer's, or a public
one before the guessing table), an interrupted writer starts afresh with the whole
timer, a finished game moves to the history, and bad saves never crash the app.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import OptionList

from boardgames.app import MainMenu
from boardgames.cli import main
from boardgames.common.errors import UserFacingError
from boardgames.common.saves import Autosaver, SaveRecord, SaveStore, encode, read_record, replay
from boardgames.common.session import GameSession, SaveAlreadyOver
from boardgames.common.storage import DATA_ENV
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen, OpeningHandover
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.vntypl8s.engine import (
    Action,
    Game,
    Guess,
    NobodyKnows,
    Phase,
    PlateSubmitted,
    RoundStarted,
    SubmitPlate,
)
from boardgames.vntypl8s.entry import ENTRY
from boardgames.vntypl8s.screen import Stage, Vntypl8sScreen
from boardgames.vntypl8s.spec import ACTION_CLASSES, GAME, SPEC, Vntypl8sSetup, build_game, save_title
from boardgames.vntypl8s.widgets import grid_key
from tests.screen import deliberately, screen_text, take_keyboard

from .helpers import answer, flat, legal_plate, wrong_owner
from .test_simulation import play_step
from .ui import PLAYERS, SIZE, assert_not_shown, game_screen, make_app, quick_round, resumed_app, secrets_of


def snapshot(game: Game) -> tuple:
    """Everything that makes a game what it is, as plain comparable values."""
    views = tuple(game.view(v) for v in [None, *range(game.player_count)])
    return (views, game.card_locations(), game.scores(), game.phase, game.round, game.active, game._rng.getstate())


def replayed(record: SaveRecord) -> Game:
    """The game a save replays to, as the menu and ``--resume`` rebuild it."""
    return GameSession.resume(SPEC, record).engine


# -- engine level ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 11])
def test_after_every_action_the_save_replays_to_the_same_game(seed: int, tmp_path: Path) -> None:
    setup = Vntypl8sSetup(("Ann", "Bob", "Cy", "Dee"), timer=None)
    game = build_game(setup, seed)
    saver = Autosaver(SaveStore(tmp_path), SaveRecord(GAME, SPEC.setup_to_json(setup), seed))
    rng = random.Random(seed)
    applied: list[Action] = []
    original_apply = game.apply

    def apply(action: Action) -> list:
        events = original_apply(action)
        applied.append(action)
        return events

    game.apply = apply  # type: ignore[method-assign]
    checked = 0
    while game.phase is not Phase.GAME_OVER:
        done = len(applied)
        play_step(game, rng)
        for action in applied[done:]:
            assert saver.record_action(action, save_title(game)) is None
        (record,) = SaveStore(tmp_path).unfinished(GAME).records
        if game.phase is Phase.GAME_OVER:  # a save that ends the game is filed, not resumed: replayed by hand
            with pytest.raises(SaveAlreadyOver):
                replayed(record)
            again = build_game(setup, seed)
            for action in replay(record, SPEC.action_classes):
                again.apply(action)
        else:
            again = replayed(record)
        assert snapshot(again) == snapshot(game), f"after action {len(applied)}"
        checked += 1
    assert checked > 10
    assert saver.finish() is None
    assert SaveStore(tmp_path).unfinished(GAME).records == ()
    (finished,) = (tmp_path / "history").glob("vntypl8s-*.json")
    assert read_record(finished).to_json()["finished"] is True


def test_a_save_from_other_decks_or_with_a_bad_action_is_refused_plainly() -> None:
    setup = Vntypl8sSetup(PLAYERS)
    record = SaveRecord(GAME, {**SPEC.setup_to_json(setup), "decks": "0123456789abcdef"}, 1)
    with pytest.raises(UserFacingError, match="dealt from other card decks"):
        replayed(record)
    record = SaveRecord(GAME, SPEC.setup_to_json(setup), 1, actions=[encode(Guess(0, "Chef"))])
    with pytest.raises(UserFacingError, match=r"cannot be resumed: guesses are made only in the guessing phase"):
        replayed(record)
    record = SaveRecord(GAME, {"players": ["Ann"], "timer": None}, 1)
    with pytest.raises(UserFacingError, match="needs 3 to 8 players"):
        replayed(record)
    record = SaveRecord(GAME, SPEC.setup_to_json(setup), 1, actions=[{"$type": "Explode"}])
    with pytest.raises(UserFacingError, match="unknown kind 'Explode'"):
        replayed(record)


# -- through the screen ----------------------------------------------------------------------


def the_save() -> SaveRecord:
    (record,) = SaveStore().unfinished(GAME).records
    record.read_actions()  # listed from its header: the actions are read when resumed
    return record


async def test_every_action_through_the_ui_is_on_disk_at_once() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        applied: list[Action] = []
        original_apply = game.apply

        def apply(action: Action) -> list:
            events = original_apply(action)
            applied.append(action)
            return events

        game.apply = apply  # type: ignore[method-assign]
        assert SaveStore().unfinished(GAME).records == ()  # nothing played, nothing to resume
        while game.phase is Phase.WRITING:
            await take_keyboard(pilot)
            screen.query_one("#plate-input").value = legal_plate(game, screen.writer, meet=True)
            await pilot.press("enter")
            await pilot.pause()
            assert the_save().actions == [encode(a) for a in applied]
        await take_keyboard(pilot, "Everyone")
        # A buzz, a wrong guess, then nobody knows: each saved as it happens.
        await pilot.press("2")
        await pilot.pause()
        assert the_save().actions == [encode(a) for a in applied] and len(applied) == 4  # the buzz (P29)
        app.screen.query_one("#guess-filter").value = grid_key(game.view(None).grid_layout.index(wrong_owner(game, 0)))
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert the_save().actions == [encode(a) for a in applied] and len(applied) == 5
        await pilot.press("0")
        await deliberately(pilot, "y")
        await pilot.pause()
        record = the_save()
        assert record.actions == [encode(a) for a in applied] and len(applied) == 6
        assert record.title == save_title(game) == "Ann 0, Bob 0, Cy 0 — round 1 of 3, guessing"
        # The record on disk replays to the game on screen.
        screen.release_game()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
        again = replayed(record)
        assert snapshot(again) == snapshot(game)


async def test_leaving_mid_writing_and_resuming_from_the_menu() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        await take_keyboard(pilot, "Ann")
        ann_plate = legal_plate(game, 0, meet=True)
        screen.query_one("#plate-input").value = ann_plate
        await pilot.press("enter")
        await take_keyboard(pilot, "Bob")  # Bob takes the keyboard and starts typing
        await pilot.press("q", "x")
        before = snapshot(game)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "It is saved" in screen_text(app)
        await deliberately(pilot, "y")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        text = screen_text(app)
        assert "Resume VNTYPL8S" in text and "Ann 0, Bob 0, Cy 0 — round 1 of 3, writing" in text
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        at = next(i for i, o in enumerate(ids) if o and o.startswith("resume:"))
        await pilot.press(*["down"] * at, "enter")
        await pilot.pause()
        # Bob's own handover comes first (P20): his plate starts afresh.
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        assert "You write your plate from the start" in flat(screen_text(app))
        assert_not_shown(screen_text(app), secrets_of(game_screen(app), range(3)))
        resumed = game_screen(app)
        assert resumed is not screen and snapshot(resumed.game) == before
        await take_keyboard(pilot, "Bob")
        assert resumed.writer == 1 and resumed.stage is Stage.WRITING
        assert resumed.query_one("#plate-input").value == ""
        assert resumed.game.view(0).players[0].plate == ann_plate


async def test_p20_an_interrupted_writer_gets_the_whole_timer_again() -> None:
    app, clock = make_app(timer=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await take_keyboard(pilot, "Ann")
        screen.query_one("#plate-input").value = legal_plate(screen.game, 0, meet=True)
        await pilot.press("enter")
        await take_keyboard(pilot, "Bob")
        clock.advance(45)  # Bob used 45 of his 60 seconds, then the laptop died
        screen.query_one(SandTimer).tick()
    app, clock = resumed_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        assert "with the whole 60 seconds" in flat(screen_text(app))
        await take_keyboard(pilot, "Bob")
        timer = game_screen(app).query_one(SandTimer)
        assert timer.running and round(timer.countdown.remaining) == 60
        clock.advance(59)
        timer.tick()
        await pilot.pause()
        assert game_screen(app).writer == 1


async def test_resuming_mid_guessing_shows_a_public_handover_then_the_plate_and_its_lock_outs() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        while game.phase is Phase.WRITING:
            await take_keyboard(pilot)
            screen.query_one("#plate-input").value = legal_plate(game, screen.writer, meet=True)
            await pilot.press("enter")
        await take_keyboard(pilot, "Everyone")
        await pilot.press("2")
        wrong = wrong_owner(game, 0)
        app.screen.query_one("#guess-filter").value = grid_key(game.view(None).grid_layout.index(wrong))
        await deliberately(pilot, "enter")
        await pilot.pause()
        before = snapshot(game)
    app, _ = resumed_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert snapshot(screen.game) == before
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Everyone"
        text = screen_text(app)
        assert "The game resumes" in text
        # Public: nobody's owner, requirements or unrevealed plate is on the handover.
        assert_not_shown(text, secrets_of(screen, range(3)))
        await take_keyboard(pilot, "Everyone")
        assert screen.stage is Stage.PLATE
        text = screen_text(app)
        assert f"Bob guessed {wrong}: wrong. Bob is locked out for this plate." in text
        assert "Bob (locked out)" in text and screen.check_action("buzz", (1,)) is None
        # Play goes on: Cy guesses right and the resumed game keeps saving.
        await pilot.press("3")
        app.screen.query_one("#guess-filter").value = grid_key(
            screen.game.view(None).grid_layout.index(answer(screen.game, 0))
        )
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert screen.stage is Stage.REVEAL and screen.game.scores() == (1, 0, 1)
        assert len(the_save().actions) == 7  # 3 plates, then a buzz before each guess (P29)


def reveal_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if "reveals" in line or "R3QRMNTS card" in line]


async def test_resuming_after_a_reveal_shows_that_reveal_again() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        while game.phase is Phase.WRITING:
            await take_keyboard(pilot)
            screen.query_one("#plate-input").value = legal_plate(game, screen.writer, meet=True)
            await pilot.press("enter")
        await take_keyboard(pilot, "Everyone")
        await pilot.press("0")
        await deliberately(pilot, "y")
        await pilot.pause()
        assert screen.stage is Stage.REVEAL
        revealed = reveal_lines(screen_text(app))
    app, _ = resumed_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await take_keyboard(pilot, "Everyone")
        assert screen.stage is Stage.REVEAL
        assert reveal_lines(screen_text(app)) == revealed
        assert any("Nobody guessed it. Ann reveals" in line for line in revealed)
        await deliberately(pilot, "enter")
        assert screen.stage is Stage.PLATE and screen.game.active == 1


def saved_rounds(rounds: int) -> Game:
    """A game saved action by action as ``make_app`` would deal it, *rounds* played at the
    engine (every plate meets its card; the next seat guesses right): quicker than keys."""
    setup = Vntypl8sSetup(PLAYERS)
    seed = make_app()[0].new_seed()  # the seed the app would give its first game
    game = build_game(setup, seed)
    saver = Autosaver(SaveStore(), SaveRecord(GAME, SPEC.setup_to_json(setup), seed))

    def act(action: Action) -> None:
        game.apply(action)
        assert saver.record_action(action, save_title(game)) is None

    while game.round <= rounds and game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.WRITING:
            writer = next(p for p in game.writing_order if not game.view(None).players[p].done_writing)
            act(SubmitPlate(writer, legal_plate(game, writer, meet=True)))
        else:
            act(Guess((game.active + 1) % game.player_count, answer(game, game.active)))
    return game


async def test_resuming_at_a_round_table_then_the_next_round() -> None:
    game = saved_rounds(1)
    assert game.round == 2
    app, _ = resumed_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert snapshot(screen.game) == snapshot(game)
        # The last action ended round 1: the public handover, then the last plate's reveal,
        # then the round table, then Bob writes (P13: round 2 starts with seat 2).
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Everyone"
        await take_keyboard(pilot, "Everyone")
        assert screen.stage is Stage.REVEAL
        await deliberately(pilot, "enter")
        assert screen.stage is Stage.ROUND_END and "Scores after round 1 of 3" in screen_text(app)
        assert screen.game.scores() == (2, 2, 2)
        await deliberately(pilot, "enter")
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"


async def test_a_finished_game_moves_to_history_and_leaves_the_menu(_private_data_dir: Path) -> None:
    saved_rounds(2)
    app, _ = resumed_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await take_keyboard(pilot, "Everyone")
        await deliberately(pilot, "enter")  # the last reveal
        await deliberately(pilot, "enter")  # round 2's table
        assert screen.game.round == 3 and isinstance(app.screen, HandoverScreen) and app.screen.player == "Cy"
        await quick_round(pilot, app)
        await pilot.pause()
        assert screen.stage is Stage.FINAL and screen.game.phase is Phase.GAME_OVER
        assert SaveStore().unfinished(GAME).records == ()
        (path,) = (_private_data_dir / "history").glob("vntypl8s-*.json")
        saved = read_record(path).to_json()
        assert saved["finished"] is True and saved["title"] == "Ann 6, Bob 6, Cy 6 — round 3 of 3, game over"
        # Rounds 1-2 played through the engine (a guess alone), round 3 through the screen,
        # where each guess follows its buzz (P29).
        assert len(saved["actions"]) == 2 * (3 + 3) + 3 * 3
        await pilot.press("escape")  # the final table leaves without asking
        await pilot.pause()
        assert isinstance(app.screen, MainMenu) and "Resume VNTYPL8S" not in screen_text(app)


async def test_an_unwritable_data_folder_warns_once_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv(DATA_ENV, str(blocker))
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        await take_keyboard(pilot, "Ann")
        screen.query_one("#plate-input").value = legal_plate(game, 0, meet=True)
        await pilot.press("enter")
        await pilot.pause()

        def warnings() -> list[str]:
            return [n.message for n in app._notifications if "without saving" in n.message]

        assert len(warnings()) == 1 and "play continues without saving" in warnings()[0]
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        assert screen.autosave is not None and not screen.autosave.enabled
        await take_keyboard(pilot, "Bob")  # a notice for the whole table outlives the handover
        assert len(warnings()) == 1
        screen.query_one("#plate-input").value = legal_plate(game, 1, meet=True)
        await pilot.press("enter")
        await pilot.pause()
        assert len(warnings()) == 1 and game.view(None).players[1].done_writing  # told once, play went on
        await take_keyboard(pilot, "Cy")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "Leave this game?" in app.screen.question
        assert "It is not saved and will be lost" in app.screen.detail


def test_resume_on_the_command_line_without_a_save_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vntypl8s", "--resume"]) == 1
    assert "There is no unfinished VNTYPL8S game to resume." in capsys.readouterr().err


def test_resume_takes_no_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vntypl8s", "--resume", "--players", "Ann,Bob,Cy"]) == 2
    assert "--resume cannot be combined with --players" in capsys.readouterr().err


async def test_an_unreplayable_save_on_the_menu_is_told_and_the_app_goes_on() -> None:
    setup = Vntypl8sSetup(PLAYERS)
    record = SaveRecord(GAME, SPEC.setup_to_json(setup), 1, actions=[encode(Guess(0, "Chef"))], title="broken")
    SaveStore().write(record)
    app, _ = make_app(players=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.resume_game(record)
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert any("cannot be resumed" in n.message for n in app._notifications)


async def test_resume_screen_is_what_the_app_builds_from_a_save() -> None:
    """``ENTRY.resume_screen`` (what the menu calls) gives the replayed game."""
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await take_keyboard(pilot, "Ann")
        screen.query_one("#plate-input").value = legal_plate(screen.game, 0, meet=True)
        await pilot.press("enter")
        await pilot.pause()
        screen.release_game()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
        built = ENTRY.resume_screen(the_save(), app)
        assert snapshot(the_game(built).game) == snapshot(screen.game)
        the_game(built).release_game()
        assert snapshot(the_game(ENTRY.session_screen(GameSession.resume(SPEC, the_save()), app)).game) == snapshot(
            screen.game
        )


def the_game(screen: Screen) -> Vntypl8sScreen:
    """The game a resumed save opens: behind its handover, built after its first frame
    (``OpeningHandover``), or the screen itself."""
    if isinstance(screen, OpeningHandover):
        screen = screen._build()
    assert isinstance(screen, Vntypl8sScreen)
    return screen


def test_the_spec_starts_refuses_saves_and_replays_a_game(tmp_path) -> None:
    setup = Vntypl8sSetup(("Ann", "Bob", "Cy"), timer=60)
    assert SPEC.setup_from_json(SPEC.setup_to_json(setup)) == setup
    assert {"SubmitPlate", "WritingTimeUp", "Guess", "NobodyKnows"} <= set(ACTION_CLASSES)
    assert SPEC.is_action(NobodyKnows()) and not SPEC.is_action(RoundStarted(1, 0))
    store = SaveStore(tmp_path)
    session = GameSession.start(SPEC, setup, 77, store=store)
    step = session.apply(Guess(1, "Chef"))
    assert step.refusal == "Guesses are made only in the guessing phase." and step.events == ()
    step = session.apply(SubmitPlate(0, "AEIOU"))
    assert step.refusal is not None and step.refusal.startswith("The plate 'AEIOU' is illegal: ")
    game = session.engine
    step = session.apply(SubmitPlate(0, legal_plate(game, 0, meet=True)))
    assert step.applied and isinstance(step.events[0], PlateSubmitted)
    (record,) = store.unfinished(SPEC.key).records
    assert record.title == "Ann 0, Bob 0, Cy 0 — round 1 of 3, writing"
    assert record.setup["players"] == ["Ann", "Bob", "Cy"] and record.setup["timer"] == 60
    session.close()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
    again = GameSession.resume(SPEC, record, store=store)
    assert again.setup == setup and again.engine.view(0) == game.view(0)
    assert [type(e) for e in again.last] == [PlateSubmitted]
