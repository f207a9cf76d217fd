"""No Vowl secret is ever on screen for the wrong eyes.

Secrets: cards still face down in any pile; in head-to-head, the other racer's
pile and result until both have run; in selection mode, the hand being chosen
from, for anyone but the selector.  The screen is captured after every step.
"""

from __future__ import annotations

import re

import pytest

from boardgames.common.ui.handover import HandoverScreen
from boardgames.vowl.cards import Card
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import DiscardScreen, ReviewScreen
from tests.screen import deliberately, screen_text, take_keyboard
from tests.vowl.test_screen import MATCHER, SIZE, expire_timer, make_app, vowl


def shows(text: str, card: Card) -> bool:
    """Whether *card*'s skeleton is on screen, as a word or spaced out on the card face."""
    sk = card.skeleton
    return bool(re.search(rf"(?<![A-Z]){sk}(?![A-Z])", text)) or "   ".join(sk) in text


def face_down(game) -> list[Card]:
    return [c for where, c in game.card_places() if where.endswith("'s pile") or where == "extras"]


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=["large", "80x24"])
async def test_head_to_head_every_step(tmp_path, size) -> None:
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = vowl(app)
        steps = 0

        def check() -> None:
            nonlocal steps
            steps += 1
            text = screen_text(app)
            game = screen.game
            if not isinstance(app.screen, ReviewScreen):  # the after-turn review shows them all
                for card in face_down(game):
                    assert not shows(text, card), f"face-down {card} on screen at step {steps}:\n{text}"
            if isinstance(app.screen, HandoverScreen):
                for _, card in game.card_places():
                    assert not shows(text, card), f"{card} shows through a handover:\n{text}"
            if game.phase is Phase.SOLVING and screen.holder == "Bob Roy":
                for where, card in game.card_places():
                    if where.startswith("Ann Lee's"):
                        assert not shows(text, card), f"Ann's {card} shown to Bob:\n{text}"
                assert "got through all" not in text and "solved 0 of" not in text

        await pilot.press("r")
        await pilot.pause()
        check()
        await pilot.press("enter")  # Ann's double press: ignored
        check()
        await take_keyboard(pilot, "Ann Lee")  # Ann's run
        check()
        while screen.game.phase is Phase.SOLVING and screen.holder == "Ann Lee":
            run = screen.view().active_run
            clock.advance(1)
            await pilot.press(*MATCHER.solutions(run.current.skeleton)[0], "enter")
            await pilot.pause()
            check()
        assert isinstance(app.screen, HandoverScreen)
        check()
        await take_keyboard(pilot, "Bob Roy")  # Bob's run
        check()
        await pilot.press("ctrl+x")
        await pilot.pause()
        check()
        await pilot.press(*"zzz", "enter")
        await pilot.pause()
        check()
        await expire_timer(pilot, app, clock)
        check()
        assert isinstance(app.screen, ReviewScreen)  # both runs over: now everything is revealed
        assert steps >= 6


async def test_selection_hand_only_after_the_selectors_handover() -> None:
    app, _clock = make_app(("Ann Lee", "Bob Roy"), Mode.SELECTION)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        hand = [c for where, c in screen.game.card_places() if where == "selection hand"]
        assert len(hand) >= 6
        text = screen_text(app)
        assert not any(shows(text, c) for c in hand), "the hand showed before Bob took the keyboard"
        await take_keyboard(pilot, "Bob Roy")
        assert isinstance(app.screen, DiscardScreen)
        text = screen_text(app)
        assert all(shows(text, c) for c in hand)  # Bob, the selector, sees the whole hand
        await deliberately(pilot, "space", "down", "space", "down", "space", "enter")
        await pilot.pause()
        # Back to Ann: none of the cards Bob saw may be on screen now.
        assert isinstance(app.screen, HandoverScreen)
        text = screen_text(app)
        assert not any(shows(text, c) for c in hand)
        await take_keyboard(pilot, "Ann Lee")
        text = screen_text(app)
        pile_rest = face_down(screen.game)
        assert not any(shows(text, c) for c in pile_rest)
        assert screen.game.phase is Phase.SOLVING
