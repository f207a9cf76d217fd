"""Snapshots of VNTYPL8S: what the players see, pinned at 80×24 (the smallest terminal
the game plays on, with 8 players of long names where it is tightest) and 120×40.

Every game here is dealt from a fixed seed, played to the moment shown through the
engine (``played_session``) or the keyboard, on a ``ManualClock``, so the pictures
never change by themselves.  Regenerate after an intended change with
``pytest tests/vntypl8s/test_snapshots_vntypl8s.py --snapshot-update`` and look at
every SVG in ``tests/vntypl8s/__snapshots__`` before committing it.
"""

from __future__ import annotations

from textual.widgets import Input

from boardgames.vntypl8s.screen import GuessScreen, Stage, Vntypl8sScreen
from tests.screen import deliberately, settled, take_keyboard, wait_for

from .ui import LONG_NAMES, PLAYERS, game_screen, make_app, played_session, session_app, type_text

SMALL = (80, 24)
LARGE = (120, 40)


def no_blinking(app) -> None:
    """A blinking cursor would make two pictures of the same screen differ."""
    for screen in app.screen_stack:
        for box in screen.query(Input):
            box.cursor_blink = False


async def settle(pilot) -> None:
    no_blinking(pilot.app)
    await wait_for(pilot, lambda: settled(pilot.app))
    await pilot.pause()


def test_writing_80x24_with_8_players(snap_compare) -> None:
    """The writer's cards, the sand timer, the board and every broken rule."""
    app, _ = make_app(timer=90, players=LONG_NAMES)

    async def run_before(pilot) -> None:
        await take_keyboard(pilot)
        no_blinking(app)
        await type_text(pilot, "vtrnrna-")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_writing_120x40_a_plate_too_long(snap_compare) -> None:
    """16 characters: drawn whole, the ones past the eighth in red (P21)."""
    app, _ = make_app(players=PLAYERS)

    async def run_before(pilot) -> None:
        await take_keyboard(pilot)
        no_blinking(app)
        await type_text(pilot, "sk8rddzzzzzzzzqx")
        await settle(pilot)

    assert snap_compare(app, terminal_size=LARGE, run_before=run_before)


def test_guessing_80x24_with_8_players(snap_compare) -> None:
    """The plate, eight buzzers beside it, the grid of 14 owners."""
    app, _ = session_app(played_session(LONG_NAMES))

    async def run_before(pilot) -> None:
        await take_keyboard(pilot, "Everyone")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_guessing_80x24_the_guess_dialog_leaves_the_plate_in_sight(snap_compare) -> None:
    app, _ = session_app(played_session(LONG_NAMES))

    async def run_before(pilot) -> None:
        await take_keyboard(pilot, "Everyone")
        await pilot.press("3")
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_guessing_120x40_after_a_wrong_guess(snap_compare) -> None:
    app, _ = session_app(played_session(PLAYERS, plates=1))  # Ann's plate is done: Bob's is up

    async def run_before(pilot) -> None:
        await take_keyboard(pilot, "Everyone")
        await wait_for(pilot, lambda: on_game_screen(app), "the game screen")  # pushed after the app's start-up
        screen = game_screen(app)
        await deliberately(pilot, "enter")  # past Ann's reveal
        await wait_for(pilot, lambda: screen.stage is Stage.PLATE)
        await pilot.press("3")
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen))
        app.screen.query_one("#guess-filter", Input).value = "a"  # the first card: wrong for this seed
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: app.screen is screen)
        await settle(pilot)

    assert snap_compare(app, terminal_size=LARGE, run_before=run_before)


def test_reveal_80x24_with_8_players(snap_compare) -> None:
    """The last plate of round 1: the status bar still says round 1."""
    app, _ = session_app(played_session(LONG_NAMES, plates=len(LONG_NAMES)))

    async def run_before(pilot) -> None:
        await take_keyboard(pilot, "Everyone")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_reveal_120x40(snap_compare) -> None:
    app, _ = session_app(played_session(PLAYERS, plates=1))

    async def run_before(pilot) -> None:
        await take_keyboard(pilot, "Everyone")
        await settle(pilot)

    assert snap_compare(app, terminal_size=LARGE, run_before=run_before)


def on_game_screen(app) -> bool:
    return any(isinstance(s, Vntypl8sScreen) for s in app.screen_stack)


def test_final_80x24_with_8_players_favourites_scrolled(snap_compare) -> None:
    """24 plates: the list follows its highlight, the highlighted plate told in full."""
    app, _ = session_app(played_session(LONG_NAMES, rounds=3))

    async def run_before(pilot) -> None:
        await wait_for(pilot, lambda: on_game_screen(app), "the game screen")  # pushed after the app's start-up
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.stage is Stage.FINAL)
        await pilot.press(*["down"] * 17, "space")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_final_120x40_with_favourites(snap_compare) -> None:
    app, _ = session_app(played_session(PLAYERS, rounds=3))

    async def run_before(pilot) -> None:
        await wait_for(pilot, lambda: on_game_screen(app), "the game screen")  # pushed after the app's start-up
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.stage is Stage.FINAL)
        await pilot.press("space", "down", "down", "space")
        await settle(pilot)

    assert snap_compare(app, terminal_size=LARGE, run_before=run_before)
