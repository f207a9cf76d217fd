"""UWO's prompts and its steps that cannot be taken back honour the suite's quiet moment.

What was seen against the computer: "You are attacked!" took a key pressed 50 ms
after it appeared (``t`` took the hit at once); ``t``, ``b`` and a Dynamite's counter
(which blasts your own Dynamite) acted on one key with no question; Escape then a quick
``e``, ``y`` left the duel instead of ending the turn.  Time is the app's
``ManualClock``: a key "within the moment" is one pressed before the clock moved ``ARM``.
"""

from __future__ import annotations

import pytest
from textual import events

from boardgames.common.ui.base import ARM, IGNORED_HINT, QuietGate
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase
from tests.screen import PAUSE, deliberately, screen_text, settled, wait_for
from tests.uwo.positions import make, top
from tests.uwo.test_screen import SIZE, answer, app_for, goto, log_text, take_keyboard, uwo
from tests.uwo.test_vs_computer import app_against, computer_done

SOON = 0.05  # a key pressed this long after the prompt appeared: well within the moment


def question(app) -> str | None:
    """The open question's words, if one is on top."""
    return app.screen.question if isinstance(app.screen, ChoiceScreen) else None


def attacked_by_the_computer():
    """A Pnorf Brawler faces a lone Gnorf Trooper: the computer attacks at once."""
    return make("c3=G:troop a1=G:troop c4=P:brawler e6=P:troop", current="P", turn=2, energy=(6, 6))


@pytest.mark.parametrize("key", ["t", "v", "enter"])
@pytest.mark.parametrize("gate", ["on", "off"])
async def test_a_key_within_the_moment_after_the_computers_attack_does_nothing(key: str, gate: str) -> None:
    g = attacked_by_the_computer()
    app = app_against(g)
    async with app.run_test(size=SIZE) as pilot:
        await computer_done(pilot)
        assert g.phase is Phase.DEFEND and g.to_act is Side.GNORFS
        assert "You are attacked!" in screen_text(app)
        screen = uwo(app)
        if gate == "off":  # the control: with no quiet moment the key acts
            screen._prompt_gate = QuietGate(0)
            screen._prompt_gate.restart(float("-inf"))
        evasions = g.evasions[Side.GNORFS]
        app.clock.advance(SOON)  # type: ignore[attr-defined]
        await pilot.press(key)
        await wait_for(pilot, lambda: settled(app), "the key handled")
        acted = question(app) is not None or g.evasions[Side.GNORFS] != evasions or g.phase is not Phase.DEFEND
        if key == "enter":  # Enter on the attacked UMO with no card picked: a refusal, not an answer
            acted = acted or g.phase is not Phase.DEFEND
        assert acted is (gate == "off" and key != "enter"), (question(app), g.phase)
        if gate == "off":
            return
        # A held key restarts the moment; once the person paused, the key works.
        app.clock.advance(ARM - SOON / 2)  # type: ignore[attr-defined]
        await pilot.press("v")
        await wait_for(pilot, lambda: settled(app), "the key handled")
        assert g.evasions[Side.GNORFS] == evasions and g.phase is Phase.DEFEND
        await deliberately(pilot, "v")
        await wait_for(pilot, lambda: g.evasions[Side.GNORFS] == evasions - 1, "the evasion")


async def test_the_status_says_keys_are_ignored_until_the_moment_has_passed() -> None:
    g = attacked_by_the_computer()
    app = app_against(g)
    async with app.run_test(size=SIZE) as pilot:
        await computer_done(pilot)
        text = " ".join(screen_text(app).split())
        assert "You are attacked!" in text and IGNORED_HINT in text
        app.clock.advance(PAUSE)  # type: ignore[attr-defined]
        uwo(app)._prompt_gate_opened()  # what its timer does (the display's only timer)
        await wait_for(pilot, lambda: IGNORED_HINT not in screen_text(app), "the hint gone")
        assert "You are attacked!" in screen_text(app)


async def test_t_against_the_computer_asks_and_takes_the_hit_only_on_yes() -> None:
    g = attacked_by_the_computer()
    app = app_against(g)
    async with app.run_test(size=SIZE) as pilot:
        await computer_done(pilot)
        await deliberately(pilot, "t")
        await wait_for(pilot, lambda: question(app) == "Take the hit?", "the question")
        assert top(g, "c3") == "G:troop" and g.phase is Phase.DEFEND
        await answer(pilot, "y")
        await wait_for(pilot, lambda: top(g, "c3") != "G:troop", "the hit taken")
        assert "destroyed" in log_text(app).lower()


async def test_t_asks_first_and_a_double_press_never_answers() -> None:
    g = make("c2=G:troop c3=P:troop e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")
        await take_keyboard(pilot, "Pnorfs, you are attacked")
        await pilot.press("t", "t", "y")  # the question comes; the repeat and a quick "y" never answer it
        await wait_for(pilot, lambda: question(app) == "Take the hit?" and settled(app), "the question")
        assert top(g, "c3") == "P:troop" and g.phase is Phase.DEFEND
        await answer(pilot, "n")
        assert top(g, "c3") == "P:troop" and g.phase is Phase.DEFEND
        await pilot.press("t")
        await answer(pilot, "y")
        await wait_for(pilot, lambda: top(g, "c3") is None, "the hit taken")


async def test_b_asks_before_the_blast() -> None:
    g = make("c3=G:troop a1=G:troop c4=P:troop d4=P:bazooka e6=P:troop", hands={"G": ["dynamite"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c3")
        await pilot.press("1", "enter")  # morph the Trooper into the Dynamite
        await wait_for(pilot, lambda: top(g, "c3") == "G:dynamite", "the Dynamite")
        await pilot.press("b", "b", "y")
        await wait_for(pilot, lambda: question(app) == "Blast the Dynamite on c3?" and settled(app), "the question")
        assert [top(g, s) for s in ("c3", "c4", "d4")] == ["G:dynamite", "P:troop", "P:bazooka"]
        await answer(pilot, "y")
        await wait_for(pilot, lambda: top(g, "c3") is None, "the blast")
        assert [top(g, s) for s in ("c3", "c4", "d4", "a1", "e6")] == [None, None, None, "G:troop", "P:troop"]


async def test_a_dynamites_counter_asks_before_it_blasts() -> None:
    g = make("c2=G:troop a1=G:troop c3=P:dynamite e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")  # the Trooper attacks the Dynamite
        await take_keyboard(pilot, "Pnorfs, you are attacked")
        await pilot.press("v")  # evaded: the Dynamite may counter, and its counter is its blast
        await wait_for(pilot, lambda: g.phase is Phase.COUNTER, "the counter")
        await pilot.press("c", "c", "y")
        await wait_for(pilot, lambda: question(app) == "Blast the Dynamite on c3?" and settled(app), "the question")
        assert top(g, "c3") == "P:dynamite" and g.phase is Phase.COUNTER
        await answer(pilot, "y")
        await wait_for(pilot, lambda: top(g, "c3") is None, "the blast")
        assert top(g, "c2") is None


async def test_escape_then_a_quick_e_and_y_answers_nothing() -> None:
    """Escape with nothing selected asks "Leave this duel?"; an ``e`` and ``y`` right
    behind it - in the same burst of keys, and a ``y`` a moment later - neither end the
    turn nor leave, and ``e`` never stacks "End the turn?" with it (one question at a time)."""
    g = make("c2=G:troop a1=G:troop c5=P:troop e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        assert screen.selected is None and screen.picked is None
        for key, character in (("escape", "\x1b"), ("e", "e"), ("y", "y")):
            app.post_message(events.Key(key, character))
        await wait_for(pilot, lambda: question(app) is not None and settled(app), "a question")
        app.clock.advance(SOON)  # type: ignore[attr-defined]
        await pilot.press("y")
        await wait_for(pilot, lambda: settled(app), "the keys handled")
        assert isinstance(screen, UwoScreen) and screen in app.screen_stack and g.current is Side.GNORFS
        assert len([s for s in app.screen_stack if isinstance(s, ChoiceScreen)]) == 1
        assert g.turn == 1 and g.phase is Phase.TURN
