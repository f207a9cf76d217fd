"""Questions are single-flight: while one is open the app opens no other.

A double Enter reaches the same handler twice before the first question is on screen
(a terminal read holds both keys; each passes the key gate, since the question is not
there yet).  VNTYPL8S asked "Hand in XYZ anyway?" twice; the writer answered the top
one, the handover came, and the next writer found the other copy - the previous
writer's plate and secret R3QRMNTS card - over their own screen.  The gate is in the
app (``BoardgamesApp.push_screen`` asks ``common.ui.base.may_open``), so every game has it.
"""

from __future__ import annotations

import pytest
from textual import events

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui import base
from boardgames.common.ui.choice import Choice, ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.uwo.screen import UwoScreen
from tests.common.test_guard import Table, make_app
from tests.screen import deliberately, record_notifications, screen_text, settled, take_keyboard, wait_for
from tests.vntypl8s import ui as plates

YES_NO = [Choice("y", "yes", True), Choice("n", "no", False)]


def questions(app) -> list[ChoiceScreen]:
    return [s for s in app.screen_stack if isinstance(s, ChoiceScreen)]


@pytest.mark.parametrize("gate", ["on", "off"])
async def test_a_second_question_is_not_opened_while_one_is_open(gate: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The gate itself, and its control: switched off, the second question opens."""
    if gate == "off":
        monkeypatch.setattr(base, "may_open", lambda app, screen: True)
    app, _clock = make_app()
    answers: list[object] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Table) and settled(app), "the table")
        app.push_screen(ChoiceScreen("First?", YES_NO), lambda yes: answers.append(("first", yes)))
        app.push_screen(ChoiceScreen("Second?", YES_NO), lambda yes: answers.append(("second", yes)))
        await wait_for(pilot, lambda: settled(app), "the questions up")
        if gate == "off":
            assert len(questions(app)) == 2
            return
        assert [q.question for q in questions(app)] == ["First?"]
        await deliberately(pilot, "y")
        await wait_for(pilot, lambda: not questions(app), "the question answered")
        assert answers == [("first", True)]
        # Answered, it is gone: the next question opens, from its callback or later.
        app.push_screen(ChoiceScreen("Third?", YES_NO), lambda yes: answers.append(("third", yes)))
        await wait_for(pilot, lambda: [q.question for q in questions(app)] == ["Third?"], "the next question")


async def test_a_question_asked_from_an_answers_callback_opens() -> None:
    """A chain of questions (UWO's variant, level, army) asks the next one as the first
    one closes: the gate counts an answered question as gone."""
    app, _clock = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Table) and settled(app), "the table")
        app.push_screen(
            ChoiceScreen("First?", YES_NO),
            lambda yes: app.push_screen(ChoiceScreen("Then?", YES_NO)),
        )
        await deliberately(pilot, "y")
        await wait_for(pilot, lambda: [q.question for q in questions(app)] == ["Then?"], "the chained question")


async def test_vntypl8s_double_enter_asks_once_and_the_next_writer_sees_nothing_of_it() -> None:
    """``--players Ann,Bob,Cy --seed 7``, Space, ``XYZ``, Enter Enter (one burst), ``y``, Space."""
    app, _clock = plates.make_app(players=("Ann", "Bob", "Cy"), seed=7)
    async with app.run_test(size=plates.SIZE) as pilot:
        await take_keyboard(pilot, "Ann")
        screen = plates.game_screen(app)
        game = screen.game
        assert game is not None
        ann = game.view(0).players[0]
        await pilot.press("X", "Y", "Z")
        await wait_for(pilot, lambda: settled(app), "the plate typed")
        # Both Enters in one terminal read: queued together, before the question is up.
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.Key("enter", "\r"))
        await wait_for(pilot, lambda: questions(app) and settled(app), "the hand-in question")
        assert len(questions(app)) == 1, [q.question for q in questions(app)]
        await deliberately(pilot, "y")
        await take_keyboard(pilot, "Bob")
        await wait_for(pilot, lambda: settled(app), "Bob's editor")
        assert not any(isinstance(s, (ChoiceScreen, HandoverScreen)) for s in app.screen_stack), app.screen_stack
        assert screen.writer == 1
        text = screen_text(app)
        assert "XYZ" not in text and "anyway" not in text, text
        plates.assert_not_shown(text, [ann.requirements or "", ann.owner or ""])


async def test_the_palettes_way_out_over_an_open_question_says_to_answer_it_first() -> None:
    """ "Main menu" from the palette while "End the turn?" is open asks nothing more (one
    question at a time) and says why; answered, the way out asks as always."""
    app = BoardgamesApp(start=lambda: UwoScreen(), clock=ManualClock(), seed=4)
    said = record_notifications(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, UwoScreen) and settled(app), "the duel")
        await pilot.press("e")
        await wait_for(pilot, lambda: [q.question for q in questions(app)] == ["End the turn?"], "the question")
        app.leave_game_then(app.back_to_menu)
        await wait_for(pilot, lambda: settled(app), "the way out handled")
        assert [q.question for q in questions(app)] == ["End the turn?"]
        assert "Answer the question on the screen first." in said
        await deliberately(pilot, "n")
        await wait_for(pilot, lambda: not questions(app), "the question answered")
        app.leave_game_then(app.back_to_menu)
        await wait_for(
            pilot, lambda: [q.question for q in questions(app)] == ["Leave this duel?"], "the leave question"
        )
