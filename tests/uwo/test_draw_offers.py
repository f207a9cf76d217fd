"""U29: the computer ends level bare endgames politely - it offers a draw when neither side
can make progress, and accepts one offered there - and the person answers its offer.

The offer is the engine's ``OfferDraw`` (U26): legal, saved and replayed like any action.
"""

from __future__ import annotations

import random

from boardgames.common.ui.choice import ChoiceScreen
from boardgames.uwo.actions import AnswerDraw, EndTurn, OfferDraw, parse_action
from boardgames.uwo.ai import OFFER_GAP, ComputerPlayer, dead_level
from boardgames.uwo.engine import Game
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase
from tests.screen import deliberately, wait_for
from tests.uwo.positions import make
from tests.uwo.test_vs_computer import app_against, computer_done

G, P = Side.GNORFS, Side.PNORFS
#: Both sides step out and back; the squares repeat as a position once the rows refill.
SHUFFLE = ("move a1-a2", "move e6-e5", "move a2-a1", "move e5-e6")


def shuffled_until_repeated(layout: str = "a1=G:troop e6=P:troop", evasions: tuple[int, int] = (0, 0)) -> Game:
    """The Pnorfs' turn begins in a position that has come up before (U27's count 2)."""
    g = make(layout, evasions=evasions)
    i = 0
    while not (g.current is P and g.reps >= 2):
        g.apply(parse_action(SHUFFLE[i % 4]))
        g.apply(EndTurn())
        i += 1
        assert not g.is_over() and i < 100
    return g


def test_U28_the_computer_offers_a_draw_in_a_level_bare_endgame_that_repeats() -> None:
    g = shuffled_until_repeated()
    player = ComputerPlayer("normal", random.Random(1))
    assert player.choose(g.view(P)) == OfferDraw()
    events = g.apply(OfferDraw())
    assert g.phase is Phase.DRAW_OFFER and g.to_act is G and events
    # Declined, its turn goes on, and it does not offer again that turn nor for a while.
    g.apply(AnswerDraw(accept=False))
    action = player.choose(g.view(P))
    assert not isinstance(action, OfferDraw)
    g.apply(action)
    while g.current is P and not g.is_over():
        g.apply(player.choose(g.view(P)))
    while not g.is_over() and g.turn < g.turn_cap:  # the next turns of its own, within the gap
        if g.current is P and g.phase is Phase.TURN:
            seen = g.turn
            a = player.choose(g.view(P))
            if seen - player._offered_turn < OFFER_GAP:
                assert not isinstance(a, OfferDraw)
            else:
                break
            g.apply(a)
        else:
            g.apply(EndTurn() if g.phase is Phase.TURN else AnswerDraw(accept=False))


def test_U28_no_offer_before_the_position_repeats_when_ahead_or_with_evasions_left() -> None:
    fresh = make("a1=G:troop e6=P:troop", evasions=(0, 0), current="P", turn=2)
    assert fresh.reps == 1
    assert not isinstance(ComputerPlayer("normal", random.Random(1)).choose(fresh.view(P)), OfferDraw)
    for layout, evasions in (("a1=G:troop e6=P:troop", (1, 0)), ("a1=G:troop e6=P:troop", (0, 2))):
        g = shuffled_until_repeated(layout, evasions)
        assert not isinstance(ComputerPlayer("normal", random.Random(1)).choose(g.view(P)), OfferDraw)
    ahead = shuffled_until_repeated("a1=G:troop d6=P:troop e6=P:troop")
    assert not isinstance(ComputerPlayer("normal", random.Random(1)).choose(ahead.view(P)), OfferDraw)


def test_U28_what_a_level_bare_endgame_is() -> None:
    ev = ComputerPlayer("normal", random.Random(1)).search.ev
    assert dead_level(make("a1=G:troop e6=P:troop", evasions=(0, 0)), ev)
    assert dead_level(make("c2=G:wisp c5=P:wisp", evasions=(0, 0)), ev)
    assert not dead_level(make("c2=G:troop c5=P:wisp", evasions=(0, 0)), ev)  # the Wisp is worth more
    assert not dead_level(make("a1=G:troop e6=P:troop", evasions=(0, 1)), ev)
    assert not dead_level(make("a1=G:troop b1=G:troop e6=P:troop", evasions=(0, 0)), ev)
    three = "a1=G:troop b1=G:troop c1=G:troop c6=P:troop d6=P:troop e6=P:troop"
    assert not dead_level(make(three, evasions=(0, 0)), ev)  # three each: not bare


def test_U28_the_computer_accepts_a_draw_offered_in_a_level_bare_endgame() -> None:
    """Its evaluation alone scored these a little above 0 (who is nearer the other, who
    moves next) and declined: a draw that careful play cannot avoid is taken."""
    for layout in ("a1=G:troop e6=P:troop", "c2=G:wisp c5=P:wisp", "a1=G:troop b1=G:brawler d6=P:troop e6=P:brawler"):
        g = make(layout, evasions=(0, 0))
        g.apply(OfferDraw())
        assert ComputerPlayer("normal", random.Random(1)).choose(g.view(P)) == AnswerDraw(accept=True), layout
        g.apply(AnswerDraw(accept=True))
        outcome = g.outcome()
        assert outcome is not None and outcome.winner is None


async def test_U28_the_person_answers_the_computers_offer_on_the_screen() -> None:
    g = shuffled_until_repeated()
    app = app_against(g, computer=P)
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_done(pilot)
        assert g.phase is Phase.DRAW_OFFER and g.to_act is G
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the person is asked about the offer")
        await deliberately(pilot, "n")
        await wait_for(pilot, lambda: g.phase is not Phase.DRAW_OFFER, "the offer answered")
        await computer_done(pilot)
        assert not g.is_over() and g.current is G  # declined: the computer played its turn on


async def test_U28_the_person_accepts_the_computers_offer() -> None:
    g = shuffled_until_repeated()
    app = app_against(g, computer=P)
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_done(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the person is asked about the offer")
        await deliberately(pilot, "y")
        await wait_for(pilot, g.is_over, "the draw")
        outcome = g.outcome()
        assert outcome is not None and outcome.winner is None
