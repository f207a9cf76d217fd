"""VNTYPL8S through the UI: a whole 3-player round with handovers, a wrong guess and
its lock-out, a correct guess, the reveal and the round table; the writing timer
on an injected clock; and no secret on screen at any handover.
"""

from __future__ import annotations

import re

from textual.pilot import Pilot

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui.handover import HandoverScreen
from boardgames.common.ui.rules import RulesScreen
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.vntypl8s.engine import Phase, Tiebreak
from boardgames.vntypl8s.favourites import load_favourites
from boardgames.vntypl8s.screen import (
    ConfirmScreen,
    GuessScreen,
    Stage,
    Vntypl8sScreen,
    Vntypl8sSetupScreen,
    start_screen,
)
from boardgames.vntypl8s.widgets import CardView, grid_key

from .helpers import answer, legal_plate, screen_text

SIZE = (110, 44)
PLAYERS = ("Ann", "Bob", "Cy")


def make_app(timer: int | None = None, players: tuple[str, ...] | None = PLAYERS) -> tuple[BoardgamesApp, ManualClock]:
    clock = ManualClock()
    return BoardgamesApp(start=lambda: start_screen(players, timer), seed=1, clock=clock), clock


def game_screen(app: BoardgamesApp) -> Vntypl8sScreen:
    return next(s for s in app.screen_stack if isinstance(s, Vntypl8sScreen))


async def type_text(pilot: Pilot, text: str) -> None:
    await pilot.press(*["space" if ch == " " else ch for ch in text])
    await pilot.pause()


def secrets_of(screen: Vntypl8sScreen, players: range | list[int]) -> list[str]:
    """The current round's owner titles and requirements cards of *players*."""
    game = screen.game
    assert game is not None
    out = []
    for p in players:
        me = game.view(p).players[p]
        out += [me.owner or "", me.requirements or ""]
    return [s for s in out if s]


def assert_not_shown(text: str, secrets: list[str]) -> None:
    for secret in secrets:
        assert not re.search(rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])", text), f"{secret!r} is on screen"


async def write_round(pilot: Pilot, app: BoardgamesApp, *, miss: set[int] = frozenset()) -> list[str]:
    """Every writer takes the keyboard and hands in a legal plate; checks secrecy throughout."""
    screen = game_screen(app)
    game = screen.game
    assert game is not None
    captures = []
    while game.phase is Phase.WRITING:
        assert isinstance(app.screen, HandoverScreen)
        text = screen_text(app)
        captures.append(text)
        assert_not_shown(text, secrets_of(screen, range(len(game.players))))
        # Underneath, the previous writer's cards are already wiped.
        assert screen.query_one("#owner-card", CardView).content == ""
        assert screen.query_one("#req-card", CardView).content == ""
        await pilot.press("enter")
        await pilot.pause()
        writer = screen.writer
        assert writer is not None and screen.stage is Stage.WRITING
        text = screen_text(app)
        me = game.view(writer).players[writer]
        assert me.owner in text and me.requirements in text
        assert_not_shown(text, secrets_of(screen, [p for p in range(len(game.players)) if p != writer]))
        plate = legal_plate(game, writer, meet=writer not in miss)
        await type_text(pilot, plate.lower())  # the editor upper-cases
        assert screen.query_one("#plate-input").value == plate
        await pilot.press("enter")
        await pilot.pause()
        if writer in miss:
            assert isinstance(app.screen, ConfirmScreen)
            assert "cannot score" in screen_text(app)
            await pilot.press("y")
            await pilot.pause()
    return captures


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
        await pilot.press("enter")
        await pilot.pause()
        assert screen.stage is Stage.PLATE and game.active == 0
        view = game.view(None)
        text = screen_text(app)
        assert " ".join(view.plate) in text
        for i, owner in enumerate(view.grid_layout):
            assert owner in text
        assert "1 Ann (wrote it)" in text and "2  Bob" in text and "3  Cy" in text

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
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, GuessScreen)
        assert 1 in game.view(None).locked_out
        assert "locked out" in screen_text(app)
        assert screen.check_action("buzz", (1,)) is False
        await pilot.press("2")
        await pilot.pause()
        assert not isinstance(app.screen, GuessScreen)

        # Cy buzzes and picks the right card by its key.
        await pilot.press("3")
        await pilot.pause()
        key = grid_key(view.grid_layout.index(right))
        await type_text(pilot, key)
        assert app.screen.query_one("#guess-options").get_option_at_index(0).id == right
        await pilot.press("enter")
        await pilot.pause()
        assert screen.stage is Stage.REVEAL
        text = screen_text(app)
        assert f"Cy guessed it: {right}" in text
        assert "Ann's R3QRMNTS card" in text and "scores it" in text
        assert game.scores() == (1, 0, 1)

        # Next plate: Bob's (he missed his requirements); nobody knows.
        await pilot.press("enter")
        await pilot.pause()
        assert screen.stage is Stage.PLATE and game.active == 1
        assert 1 not in game.view(None).locked_out  # the lock-out ended with the plate
        bob_owner = answer(game, 1)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        text = screen_text(app)
        assert f"Nobody guessed it. Bob reveals: {bob_owner}" in text
        assert "not all three used" in text

        # Cy's plate: Ann guesses right.
        await pilot.press("enter")
        await pilot.pause()
        assert game.active == 2
        taken = [right, bob_owner]
        text = screen_text(app)
        assert "→ Cy" in text and "(revealed)" in text  # gone cards stay in place, dimmed
        cy_owner = answer(game, 2)
        await pilot.press("1")
        await pilot.pause()
        await type_text(pilot, grid_key(game.view(None).grid_layout.index(cy_owner)))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.stage is Stage.REVEAL
        await pilot.press("enter")
        await pilot.pause()

        # The round table, then round 2 starts with Bob's handover (P13).
        assert screen.stage is Stage.ROUND_END
        text = screen_text(app)
        assert "Scores after round 1 of 3" in text and "Plates of round 1" in text
        assert all(t in text for t in taken)
        assert game.scores() == (2, 0, 2)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        assert game.round == 2


async def test_illegal_plate_is_refused_with_every_reason() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
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
        await pilot.press("enter")
        await pilot.pause()
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
        await pilot.press("enter")
        await pilot.pause()
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
        assert "3 to 8 players, not 2" in screen_text(app)
        await pilot.press("enter")
        await type_text(pilot, "ann")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Two players are called 'Ann'" in screen_text(app)
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
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.game == "vntypl8s"
        assert "Interpretations" in screen_text(app) or "VNTYPL8S" in screen_text(app)


async def quick_round(pilot: Pilot, app: BoardgamesApp) -> None:
    """A round with few keystrokes: plates pasted into the editor, the next seat guesses right."""
    screen = game_screen(app)
    game = screen.game
    assert game is not None
    while game.phase is Phase.WRITING:
        await pilot.press("enter")  # the handover
        writer = screen.writer
        assert writer is not None
        screen.query_one("#plate-input").value = legal_plate(game, writer, meet=True)
        await pilot.press("enter")
    await pilot.press("enter")  # everyone gathers round
    while screen.stage is Stage.PLATE:
        guesser = (game.active + 1) % len(game.players)
        key = grid_key(game.view(None).grid_layout.index(answer(game, game.active)))
        await pilot.press(str(guesser + 1))
        app.screen.query_one("#guess-filter").value = key
        await pilot.press("enter", "enter")
    assert screen.stage is Stage.ROUND_END
    await pilot.press("enter")


async def test_no_secret_on_screen_at_any_handover() -> None:
    """At every handover of a four-player round (and the next round's first), nobody's
    cards are visible; while a writer writes, only their own are."""
    app, _ = make_app(players=("Ann", "Bob", "Cy", "Dee"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        assert game is not None
        captures = await write_round(pilot, app, miss={2})
        assert len(captures) == 4
        assert isinstance(app.screen, HandoverScreen)  # everyone gathers round
        assert_not_shown(screen_text(app), secrets_of(screen, range(4)))
        await pilot.press("enter")
        while screen.stage is Stage.PLATE:
            await pilot.press("r", "y")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert game.round == 2 and isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        assert_not_shown(screen_text(app), secrets_of(screen, range(4)))
        assert screen.query_one("#owner-card", CardView).content == ""


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
        assert outcome.tiebreak is Tiebreak.SHARED and outcome.winners == (0, 1, 2)
        text = screen_text(app)
        flat = " ".join(text.split())
        assert "Final scores" in text and "Every plate" in text
        assert f"Decided by: {outcome.tiebreak.value}." in flat
        for name in (game.players[w] for w in outcome.winners):
            assert f"★ {name}" in text
        # Mark the first plate and save it.
        await pilot.press("space", "s")
        await pilot.pause()
        saved = load_favourites().favourites
        first = game.view(None).history[0]
        assert [(f.plate, f.owner, f.requirements) for f in saved] == [(first.plate, first.owner, first.requirements)]
        assert screen.check_action("new_game", ()) is True


async def test_backing_out_of_a_guess_does_not_lock_out() -> None:
    app, _ = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        while game.phase is Phase.WRITING:
            await pilot.press("enter")
            screen.query_one("#plate-input").value = legal_plate(game, screen.writer, meet=True)
            await pilot.press("enter")
        await pilot.press("enter")
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, GuessScreen)
        await type_text(pilot, "zzzz")
        assert "No card of the grid matches 'zzzz'" in screen_text(app)
        await pilot.press("enter")  # nothing to pick: nothing happens
        assert isinstance(app.screen, GuessScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert game.view(None).locked_out == frozenset() and game.view(None).can_guess(1)
        assert "Bob did not guess" in screen_text(app)


async def test_too_small_terminal_is_told() -> None:
    app, _ = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "The terminal is 70×20; VNTYPL8S needs at least 80×24" in " ".join(screen_text(app).split())
