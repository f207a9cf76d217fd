"""UWO's words at the suite's one handover policy (``uwo.handovers`` on ``common.handovers``),
on the engine alone: who takes the keyboard, the headline, the last things said."""

from __future__ import annotations

import random

from boardgames.common.handovers import Keyboard, Why, worded
from boardgames.uwo import handovers
from boardgames.uwo.actions import EndTurn, Morph, Move, Undo
from boardgames.uwo.engine import Game
from boardgames.uwo.events import standing
from boardgames.uwo.side import Side
from tests.uwo.positions import make, sq


def duel_keyboard(game: Game, people: frozenset[Side] | None = None) -> Keyboard:
    """The duel's keyboard as ``UwoScreen`` builds it (``SessionScreen.open_keyboard``)."""
    return Keyboard(game, handovers.WORDS, people, forget=standing)


def first(game: Game, *, resumed: bool) -> tuple[Side, str, str] | None:
    handover = duel_keyboard(game).first(resumed=resumed)
    assert handover is not None and handover.seat is not None
    return Side(handover.seat), handover.title, handover.detail


def test_the_opening_said_before_the_engine_is_the_policys_own() -> None:
    """``boardgames uwo`` says the opening handover with no engine (``worded`` from nothing):
    the words the duel's own keyboard says once it is dealt."""
    game = Game.new(random.Random(3))
    before = worded(handovers.WORDS, None, Side.GNORFS, Why.OPENING)
    assert first(game, resumed=False) == (Side.GNORFS, before.title, before.detail)
    assert before.title == "Gnorfs, take the keyboard — your turn"
    assert first(game, resumed=True) == (
        Side.GNORFS,
        "Gnorfs, take the keyboard — the duel resumes on your turn",
        handovers.PRIVACY,
    )


def test_a_step_taken_back_is_not_told_to_the_other_side() -> None:
    g = make("c2=G:troop a2=G:troop c5=P:troop", hands={"G": ["skitter", "wisp", "brawler"]})
    keyboard = duel_keyboard(g)
    keyboard.taken(keyboard.first(resumed=False))  # type: ignore[arg-type]
    assert keyboard.after(g.apply(Morph("wisp", sq("c2")))) is None  # the Gnorfs go on
    assert keyboard.after(g.apply(Undo())) is None
    assert keyboard.after(g.apply(Move(sq("a2"), sq("a3")))) is None
    handover = keyboard.after(g.apply(EndTurn()))
    assert handover is not None and handover.seat is Side.PNORFS and handover.why is Why.TURN
    assert handover.title == "Pnorfs, take the keyboard — your turn"
    said = handover.detail.split("\n")
    assert said[-1] == handovers.PRIVACY and len(said) <= handovers.RECENT + 1
    assert not any("Wisp" in line or "take back" in line for line in said), said
    assert any("a3" in line for line in said), said


def test_against_the_computer_nobody_hands_over() -> None:
    g = make("c2=G:troop c5=P:troop")
    keyboard = duel_keyboard(g, frozenset({Side.GNORFS}))
    assert keyboard.first(resumed=False) is None and keyboard.seat is Side.GNORFS
    assert keyboard.after(g.apply(EndTurn())) is None and keyboard.seat is Side.GNORFS
