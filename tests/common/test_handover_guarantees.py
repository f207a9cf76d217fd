"""The handover guarantees, proven for every game at once.

One test, parametrised over every registered game and Tricks (``tests/fourth``), two
seeds each (each adapter's ``hands``, ``tests/conformance/fast_hands.py``), plays a seeded
game forward with real keys the way the friends at the shared keyboard would
(``boardgames <game> ... --seed N`` through the real command line, on a
``ManualClock``) and, at every handover it reaches, is the fast hand that used to
skip it: right after the key that led there, without letting any time pass, it
sends Enter Enter, Space, a letter, a digit, Escape and Enter again.  Then:

- the handover is still on top and the game has not moved;
- nothing private of any seat is rendered: a ``HandoverScreen`` covers the whole
  terminal in every game and wipes what the outgoing player saw, so not even the
  player who just confirmed may still see their secrets (UWO: the hand of the side
  that acted; VNTYPL8S: the writer's 0WN3R, R3QRMNTS and plate; Vowl: the racer's
  cards, typed words and verdicts - all gone before anyone else looks);
- then the incoming player takes the keyboard properly (a pause past ``ARM``,
  Space) and sees their own secrets, and nobody else's.

Every question (``ChoiceScreen``) and every other guarded modal met on the way
(Vowl's review and discard, VNTYPL8S's guess) gets the same fast hand - Enter
Enter and each of its answer keys - and must still be on top with the game
unchanged; then it is answered deliberately.

"Private" is what the engine's contract says (``common.game``): what ``view(seat)``
shows that ``view(None)`` does not, turned into the strings the screen would draw.
Waiting is always "until this state" (bounded ``pilot.pause()`` loops), never time.

``test_the_guarantee_test_fails_with_the_gate_off`` checks that this test has
teeth: with the quiet period set to 0 and Enter accepted by handovers, it fails.
"""

from __future__ import annotations

import functools

import pytest
from textual.widgets import Input

from boardgames.common.ui.base import ARM
from boardgames.common.ui.handover import HandoverScreen
from boardgames.games import GAMES
from tests.conformance.adapters import ADAPTERS
from tests.conformance.fast_hands import HANDOVERS, FastHands, Tally, _gate_off, handled, play_and_check
from tests.fourth.registration import TEST_GAMES, register

#: Every registered game, and the games the tests register (Tricks).
KEYS = [*(g.key for g in GAMES), *TEST_GAMES]


@functools.cache
def hands(key: str) -> FastHands:
    fast = {**ADAPTERS, **TEST_GAMES}[key]().hands
    assert fast is not None, f"{key} has no table for the handover guarantees (its adapter's hands)"
    return fast()


def cases() -> list[object]:
    return [pytest.param(key, seed, id=f"{key}-seed{seed}") for key in KEYS for seed in hands(key).seeds]


async def play(key: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> Tally:
    register(monkeypatch)  # Tricks's entry, for its resume and menu (the shipped games need nothing)
    return await play_and_check(hands(key), seed, monkeypatch, key)


def test_every_registered_game_has_a_table_for_the_guarantees() -> None:
    assert all(hands(key) for key in KEYS)


@pytest.mark.slow  # a seeded game each, played with real keys: 7-30 s per case
@pytest.mark.parametrize(("game", "seed"), cases())
async def test_no_fast_hand_skips_a_handover_or_answers_a_question(
    game: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    tally = await play(game, seed, monkeypatch)
    assert tally.handovers >= HANDOVERS, tally
    assert len({h for h in tally.holders if h}) >= 2, f"the keyboard never changed hands between players: {tally}"
    if hands(game).enter_confirms:
        assert "enter" in tally.confirmed_by, f"no handover came right after an Enter: {tally}"


# --- the test's teeth ---------------------------------------------------------------------


@pytest.mark.parametrize("game", KEYS)
async def test_the_guarantee_test_fails_with_the_gate_off(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the gate, the very first handover is skipped by the fast hand: the check must see it."""
    _gate_off(monkeypatch)
    with pytest.raises(AssertionError, match="the handover is gone"):
        await play(game, hands(game).seeds[0], monkeypatch)


# --- the key that passed a handover, pressed again ---------------------------------------


@pytest.mark.parametrize("keys", [("space", "space"), ("space", "space", "space", "space")], ids=["double", "held"])
async def test_the_double_of_the_key_that_passed_a_handover_reaches_nothing(keys: tuple[str, ...]) -> None:
    """Ann passes her handover with Space, pressed twice (or held): the second Space was
    for the handover, not for her plate, and is swallowed (it typed a space into her
    plate).  Each one swallowed restarts the quiet; another key goes through at once,
    and so does Space after it: the double press is over."""
    from tests.vntypl8s.ui import game_screen, make_app

    app, clock = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await handled(pilot)
        assert isinstance(app.screen, HandoverScreen)
        clock.advance(ARM + 0.1)
        await pilot.press(*keys)
        await handled(pilot)
        screen = game_screen(app)
        assert app.screen is screen
        plate = screen.query_one("#plate-input", Input)
        assert plate.value == "", "the handover's Space reached the plate"
        await pilot.press("b")
        await handled(pilot)
        assert plate.value == "B"  # the player's own key: at once
        await pilot.press("space")
        await handled(pilot)
        assert plate.value == "B "  # hers too (the editor shows why a plate has no spaces)
