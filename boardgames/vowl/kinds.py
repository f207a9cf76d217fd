"""The two words of Vowl's state that every layer shares: ``Phase`` and ``Mode``.

The engine sets them, the events report them (``Rolled.mode``, a turn summary's
mode) and the views show them (``VowlView.phase``, ``VowlView.mode``), so they
live below all three: here, with nothing else, and importing nothing of Vowl.
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """What the game is waiting for.  ``VowlView.actors`` says who must act."""

    ROLL = "roll the dice"
    CHOOSE_OPPONENT = "choose a head-to-head opponent"
    CHOOSE_PARTNER = "choose a partner"
    SELECT_DISCARDS = "choose 3 cards to discard"
    PLACE_EXTRAS = "put the extra cards on top of or under the pile"
    READY = "flip the timer"
    SOLVING = "solve the cards"
    SUDDEN_DEATH_READY = "get ready for sudden death"
    SUDDEN_DEATH = "sudden death"
    SCORE = "take the points"
    GAME_OVER = "game over"


class Mode(enum.Enum):
    """How this turn is played (the mode die's face after the rules apply)."""

    SOLITAIRE = "solitaire"
    PARTNER = "partner"
    HEAD_TO_HEAD = "head-to-head"
    SELECTION = "selection"
