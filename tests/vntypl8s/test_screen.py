"""VNTYPL8S through the UI: a whole 3-player round with handovers, a wrong guess and
its lock-out, a correct guess, the reveal and the round table; the writing timer
on an injected clock; setup, F1, the final table and favourites, a too-small terminal.
"""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.common.ui.rules import RulesScreen
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.vntypl8s.engine import Tiebreak
from boardgames.vntypl8s.entry import ENTRY
from boardgames.vntypl8s.favourites import Favourite, add_favourites, favourites_path, load_favourites
from boardgames.vntypl8s.screen import FavouritesScreen, GuessScreen, Stage, Vntypl8sSetupScreen
from boardgames.vntypl8s.widgets import grid_key
from tests.monkey import send_key
from tests.screen import deliberately, screen_text, settled, take_keyboard, wait_for

from .helpers import answer, legal_plate
from .ui import PLAYERS, SIZE, assert_not_shown, game_screen, make_app, quick_round, secrets_of, type_text, write_round


async def test_a_whole_round_through_the_ui() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        assert game is not None
        captures = await write_round(pilot, app, miss={1})
        assert len(captures) == 3
        # Everyone gathers round: a public handover, then the first plate.
        assert isinstance(app.screen, HandoverScreen) and "Everyone" in screen_text(app)
        assert_not_shown(screen_text(app), secrets_of(screen, range(3)))
        await take_keyboard(pilot, "Everyone")
        assert screen.stage is Stage.PLATE and game.active == 0
        view = game.view(None)
        text = screen_text(app)
        assert " ".join(view.plate) in text
        for _i, owner in enumerate(view.grid_layout):
            assert owner in text
        assert "1  Ann (wrote it)" in text and "2  Bob" in text and "3  Cy" in text

        # Ann cannot buzz on her own plate.
        assert screen.check_action("buzz", (0,)) is False
        await pilot.press("1")
        await pilot.pause()
        assert not isinstance(app.screen, GuessScreen)

        # Bob buzzes and guesses wrong by typing part of a title: locked out.
        right = answer(game, 0)
        wrong = next(o for o in view.grid_layout if o != right)
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, GuessScreen)
        await type_text(pilot, wrong.lower()[:6])
        options = app.screen.query_one("#guess-options")
        assert options.get_option_at_index(0).id == wrong
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert not isinstance(app.screen, GuessScreen)
        assert 1 in game.view(None).locked_out
        assert "locked out" in screen_text(app)
        assert screen.check_action("buzz", (1,)) is None  # dimmed: out
        await pilot.press("2")
        await pilot.pause()
        assert not isinstance(app.screen, GuessScreen)

        # Cy buzzes and picks the right card by its key.
        await pilot.press("3")
        await pilot.pause()
        key = grid_key(view.grid_layout.index(right))
        await type_text(pilot, key)
        assert app.screen.query_one("#guess-options").get_option_at_index(0).id == right
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert screen.stage is Stage.REVEAL
        text = screen_text(app)
        assert f"Cy guessed it: {right}" in text
        assert "Ann's R3QRMNTS card" in text and "scores it" in text
        assert game.scores() == (1, 0, 1)

        # Next plate: Bob's (he missed his requirements); nobody knows.
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert screen.stage is Stage.PLATE and game.active == 1
        assert 1 not in game.view(None).locked_out  # the lock-out ended with the plate
        bob_owner = answer(game, 1)
        await pilot.press("0")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await deliberately(pilot, "y")
        await pilot.pause()
        text = screen_text(app)
        assert f"Nobody guessed it. Bob reveals: {bob_owner}" in text
        assert "not all three used" in text

        # Cy's plate: Ann guesses right.
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert game.active == 2
        taken = [right, bob_owner]
        text = screen_text(app)
        assert "→ 3 Cy" in text and "(revealed)" in text  # gone cards stay in place, dimmed
        cy_owner = answer(game, 2)
        await pilot.press("1")
        await pilot.pause()
        await type_text(pilot, grid_key(game.view(None).grid_layout.index(cy_owner)))
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert screen.stage is Stage.REVEAL
        await deliberately(pilot, "enter")
        await pilot.pause()

        # The round table, then round 2 starts with Bob's handover (P13).
        assert screen.stage is Stage.ROUND_END
        text = screen_text(app)
        assert "Scores after round 1 of 3" in text and "Plates of round 1" in text
        assert all(t in text for t in taken)
        assert game.scores() == (2, 0, 2)
        await deliberately(pilot, "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        assert game.round == 2


async def test_illegal_plate_is_refused_with_every_reason() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await take_keyboard(pilot, "Ann")
        screen = game_screen(app)
        await type_text(pilot, "ab-cdefgh")
        text = screen_text(app)
        assert "✗ punctuation (-)" in text and "✗ 9 characters" in text and "✗ vowels (A, E)" in text
        assert "1 character too many" in text
        await pilot.press("enter")
        await pilot.pause()
        assert screen.writer == 0 and screen.stage is Stage.WRITING  # nothing handed in
        assert not screen.game.view(None).players[0].done_writing


async def test_writing_timer_runs_on_the_injected_clock() -> None:
    app, clock = make_app(timer=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        await take_keyboard(pilot, "Ann")
        timer = screen.query_one(SandTimer)
        assert timer.running
        # Ann types a legal plate but does not press Enter: it is handed in as it stands.
        plate = legal_plate(game, 0, meet=True)
        await type_text(pilot, plate)
        clock.advance(29)
        timer.tick()
        await pilot.pause()
        assert "1 s" in screen_text(app) and not game.view(None).players[0].done_writing
        clock.advance(2)
        timer.tick()
        await pilot.pause()
        assert game.view(0).players[0].plate == plate
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        # Bob writes nothing: he sits the round out.
        await take_keyboard(pilot, "Bob")
        assert screen.query_one(SandTimer).running
        clock.advance(31)
        screen.query_one(SandTimer).tick()
        await pilot.pause()
        assert game.view(None).players[1].done_writing and game.view(1).players[1].plate is None
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Cy"


async def test_setup_screen_validates_and_starts_a_game() -> None:
    app, _ = make_app(players=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Vntypl8sSetupScreen)
        await type_text(pilot, "Ann")
        await pilot.press("enter")
        await type_text(pilot, "Bob")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, Vntypl8sSetupScreen)
        assert "needs 3 to 8 players; 2 named" in screen_text(app)
        await pilot.press("enter")
        await type_text(pilot, "ann")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert 'Two players are called "ann"' in screen_text(app)
        await pilot.press("end", "ctrl+u")
        await type_text(pilot, "Cy")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Ann"
        assert game_screen(app).players == PLAYERS


async def test_f1_shows_the_rules() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await take_keyboard(pilot, "Ann")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.game == "vntypl8s"
        assert "Interpretations" in screen_text(app) or "VNTYPL8S" in screen_text(app)


async def test_final_table_and_favourites() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        for _ in range(3):
            await quick_round(pilot, app)
        await pilot.pause()
        assert screen.stage is Stage.FINAL
        outcome = game.outcome()
        # Everyone guessed one plate a round and every plate met its card: 6 cards each.
        assert outcome is not None and game.scores() == (6, 6, 6)
        assert outcome.tiebreak is Tiebreak.SHARED and outcome.winners == {0, 1, 2}
        text = screen_text(app)
        flat = " ".join(text.split())
        assert "Final scores" in text and "Every plate" in text
        assert f"Decided by: {outcome.tiebreak.value}." in flat
        for name in (game.players[w] for w in outcome.winners):
            assert f"★ {name}" in text
        # Mark the first plate and save it.
        await pilot.press("space", "f")
        await pilot.pause()
        saved = load_favourites().favourites
        first = game.view(None).history[0]
        assert [(f.plate, f.owner, f.requirements) for f in saved] == [(first.plate, first.owner, first.requirements)]
        assert screen.check_action("new_game", ()) is True


async def test_too_small_terminal_is_told_and_resizing_loses_nothing() -> None:
    app, _ = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        await take_keyboard(pilot, "Ann")
        screen = game_screen(app)
        assert screen.too_small
        assert "Enlarge the terminal to 80×24" in screen_text(app)
        await type_text(pilot, "qx")  # typed blind: keys do nothing behind the message
        await pilot.press("enter", "escape")
        assert screen.query_one("#plate-input").value == ""
        assert app.screen is screen and not screen.game.view(None).players[0].done_writing
        owner = screen.game.view(0).players[0].owner
        assert owner not in screen_text(app)  # the layout is hidden, not drawn broken
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not screen.too_small and screen.writer == 0 and screen.stage is Stage.WRITING
        await type_text(pilot, "qx")
        text = screen_text(app)
        assert owner in text and "Q X" in text
        assert screen.query_one("#plate-input").value == "QX"


async def test_favourites_are_listed_from_the_main_menu() -> None:
    add_favourites([Favourite("N0FL4M3S", "Fire Fighter", "FL5", "Ann"), Favourite("H3NF33D", "Farmer", "HND", "Bob")])
    app = BoardgamesApp(clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert "VNTYPL8S: favourite license plates" in screen_text(app)
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        at = ids.index("extra:vntypl8s:0")
        await pilot.press(*["down"] * at, "enter")
        await pilot.pause()
        assert isinstance(app.screen, FavouritesScreen)
        text = screen_text(app)
        assert "Favourite license plates" in text
        assert "N 0 F L 4 M 3 S" in text and "0WN3R: Fire Fighter    R3QRMNTS: FL5   by Ann" in text
        assert "0WN3R: Farmer    R3QRMNTS: HND   by Bob" in text
        await deliberately(pilot, "f1")  # the rules of the game whose page this is
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.game == "vntypl8s"
        await deliberately(pilot, "f1")
        await wait_for(pilot, lambda: isinstance(app.screen, FavouritesScreen), "the favourites again")
        await deliberately(pilot, "escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_a_corrupt_favourites_file_is_set_aside_and_told_on_the_menu_page() -> None:
    favourites_path().parent.mkdir(parents=True, exist_ok=True)
    favourites_path().write_text('{"version": 1, "plates": [{"plate": "N0FL', encoding="utf-8")
    app = BoardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        (favourites,) = ENTRY.menu_items()
        assert favourites.label == "favourite license plates"
        app.push_screen(favourites.open())
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "was unreadable" in text and "No favourites yet" in text
        assert list(favourites_path().parent.glob(f"{favourites_path().name}.corrupt-*"))


async def test_pastes_into_the_plate_editor_are_capitals_and_a_long_one_is_refused_plainly() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await take_keyboard(pilot, "Ann")
        screen = game_screen(app)
        editor = screen.query_one("#plate-input")
        app.post_message(events.Paste("qz7"))
        await pilot.pause()
        assert editor.value == "QZ7"
        await pilot.press("left", "shift+left")  # select the Z, then paste over it
        app.post_message(events.Paste("x9\nsecond line"))
        await pilot.pause()
        assert editor.value == "QX97"
        app.post_message(events.Paste("x" * 5000))
        await pilot.pause()
        assert editor.value == "QX97"
        assert any("does not fit" in n.message for n in app._notifications)
        app.post_message(events.Paste("ñandú 🦉"))
        await pilot.pause()
        assert editor.value == "QX9ÑANDÚ 🦉7"  # at the cursor, after the last paste
        assert "✗" in screen_text(app)  # every broken rule is named, nothing crashed


def titled(screen: object) -> bool:
    """The screen's Header has drawn its title: nothing of its mounting is pending."""
    from textual.widgets._header import HeaderTitle

    return (
        isinstance(screen, Vntypl8sSetupScreen)
        and bool(screen.query(HeaderTitle))
        and all(str(t.render()) for t in screen.query(HeaderTitle))
    )


async def test_a_fast_double_enter_on_the_menu_opens_vntypl8s_once() -> None:
    """Both Enters reach the menu before the setup screen mounts; the second must not
    open it again (popping the first mid-mount crashed the app)."""
    app = BoardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        at = [menu.get_option_at_index(i).id for i in range(menu.option_count)].index("vntypl8s")
        await pilot.press(*["down"] * at)
        send_key(app, "enter")
        send_key(app, "enter")
        # Wait until both Enters are handled and the setup screen is fully mounted (its
        # Header titled): leaving the test mid-mount would tear the app down under it.
        await wait_for(
            pilot, lambda: settled(app) and titled(app.screen), "both Enters handled, the setup screen titled"
        )
        assert [type(s) for s in app.screen_stack[1:]] == [MainMenu, Vntypl8sSetupScreen]


async def test_the_leave_question_stops_the_writers_clock_until_answered() -> None:
    app, clock = make_app(timer=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await take_keyboard(pilot, "Ann")
        screen = game_screen(app)
        timer = screen.query_one(SandTimer)
        clock.advance(10)
        await pilot.press("escape")
        assert isinstance(app.screen, ChoiceScreen) and not timer.running
        assert "nothing to resume" in app.screen.detail  # no plate handed in yet
        clock.advance(100)  # a long think: the sand does not run out meanwhile
        timer.tick()
        await deliberately(pilot, "n")
        assert timer.running and round(timer.countdown.remaining) == 20
        assert screen.writer == 0 and screen.stage is Stage.WRITING
