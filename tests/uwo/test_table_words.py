"""What the duel's panels and notices tell the player at 80×24, as a playtest found them:
a notice never covers the board or the hand, nor piles up; the cursor is said in words
while a UMO is selected; a morph is not "free" with an empty energy row; and no message
cites the rules page's row ids ("(U26)")."""

from __future__ import annotations

from textual.widgets._toast import Toast

from boardgames.uwo import render
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.widgets import BoardGrid, HandPanel, InfoPanel, StatusPanel
from tests.screen import screen_text, wait_for
from tests.uwo.positions import make
from tests.uwo.test_screen import app_for, goto, take_keyboard, uwo

SMALL = (80, 24)


def toasts(screen: UwoScreen) -> list[Toast]:
    return list(screen.query(Toast))


def panel_text(screen: UwoScreen, panel: type) -> str:
    return " ".join(str(screen.query_one(panel).render()).split())


async def test_notices_stand_one_at_a_time_clear_of_the_board_and_the_hand_at_80_by_24() -> None:
    g = make("c2=G:troop d1=G:troop c3=P:troop e6=P:troop", hands={"G": ["wisp", "skitter"]})
    app = app_for(g)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        for key in ("v", "t", "p", "v"):  # no attack to answer: each refused with a notice
            await pilot.press(key)
        await wait_for(pilot, lambda: bool(toasts(screen)), "a notice")
        await pilot.pause()
        shown = toasts(screen)
        assert len(shown) == 1, [str(t.render()) for t in shown]
        board = screen.query_one(BoardGrid).region
        hand = screen.query_one(HandPanel).region
        for toast in shown:
            assert not toast.region.overlaps(board), (toast.region, board)
            assert not toast.region.overlaps(hand), (toast.region, hand)


async def test_a_taken_back_step_and_a_refusal_do_not_pile_up() -> None:
    g = make("c2=G:troop d1=G:troop c3=P:troop e6=P:troop", hands={"G": ["wisp"]})
    app = app_for(g)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        await goto(pilot, "d1")
        await pilot.press("enter")
        await goto(pilot, "e1")
        await pilot.press("enter")  # a move ...
        await wait_for(pilot, lambda: g.action_used, "the move")
        await pilot.press("u")  # ... taken back: a notice
        await wait_for(pilot, lambda: not g.action_used, "the move taken back")
        await pilot.press("v")  # refused: another notice
        await pilot.pause()
        assert len(toasts(screen)) == 1


async def test_the_cursor_is_said_in_words_while_a_umo_is_selected() -> None:
    g = make("c2=G:troop d1=G:troop c3=P:troop/out e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        await goto(pilot, "c2")
        await pilot.press("enter")
        await goto(pilot, "a5")
        await pilot.pause()
        info = panel_text(screen, InfoPanel)
        assert "Cursor a5: empty" in info and "not a target" in info
        await goto(pilot, "b2")
        await pilot.pause()
        assert "Cursor b2: empty Enter moves there" in panel_text(screen, InfoPanel)
        await goto(pilot, "c3")
        await pilot.pause()
        info = panel_text(screen, InfoPanel)
        assert "Cursor c3: Pnorf Trooper Enter attacks it" in info
        assert "Cursor c3" in " ".join(screen_text(app).split())


async def test_no_free_morph_or_action_is_offered_with_an_empty_energy_row() -> None:
    g = make("c2=G:troop e6=P:troop", hands={"G": ["wisp"]}, energy=(1, 6))
    app = app_for(g)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        await goto(pilot, "c2")
        await pilot.press("enter")
        await goto(pilot, "c3")
        await pilot.press("enter")  # the last energy card pays the move
        await wait_for(pilot, lambda: g.energy[0] == 0, "the move")
        await pilot.pause()
        status = panel_text(screen, StatusPanel)
        assert "Morph free" not in status, status
        assert "Morph no energy · action used" in status


def test_no_message_cites_a_row_id() -> None:
    assert render.for_players("a draw can be offered on your own turn, outside a duel (U26)") == (
        "a draw can be offered on your own turn, outside a duel"
    )
    assert render.for_players("it cannot be defended (U11, U23): the hit lands") == (
        "it cannot be defended: the hit lands"
    )


async def test_refusals_and_questions_on_the_screen_cite_no_row_id() -> None:
    g = make("c2=G:troop e6=P:troop", hands={"G": ["wisp"]})
    app = app_for(g)
    said: list[str] = []
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        notify = app.notify

        def recording(message: str, *args: object, **kwargs: object) -> None:
            said.append(str(message))
            notify(message, *args, **kwargs)  # type: ignore[arg-type]

        app.notify = recording  # type: ignore[method-assign]
        await pilot.press("u")  # nothing to take back (the engine's reason cites U24)
        await pilot.pause()
        assert said and not any("(U" in s for s in said), said
        assert "(U" not in screen.why_not("undo")
        await pilot.press("g")  # the resign question
        await wait_for(pilot, lambda: app.screen is not screen, "the question")
        await pilot.pause()
        assert "(U" not in screen_text(app)
