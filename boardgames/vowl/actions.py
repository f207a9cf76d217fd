"""What a player can do in Vowl, and which of it is legal now.

An action is a small immutable value (``Answer("savor")``, ``Revisit(card)``: a
frozen ``msgspec.Struct``, ``common.values`` says why), as in python-chess: a
screen builds one, tests it for membership in ``game.legal_actions`` and hands it
to ``VowlGame.apply``.  Saves store actions
by class name (``boardgames.common.saves``), so these names are a file format:
``spec.ACTION_CLASSES`` decodes them from this module and ``cards``.  Actions
that name a player (``ChooseOpponent``, ``Buzz``, ``ScoreOne``) name their seat, as every
game's do (``common.game``); saves from before, which named them by name, are read
through ``old_saves``.

What may be done now is ``VowlGame.legal_actions`` (the suite's lazy
``common.game.LegalActions``); the open-ended ``Answer(word)`` is legal by an
``AnswerRule``, plain data that every seat's view carries too (``VowlView.answer``:
what its player may type now), so it lives here, below the views.
"""

from __future__ import annotations

import math

from msgspec import Struct
from msgspec.structs import force_setattr

from boardgames.common.game import Seat
from boardgames.vowl.card import Card

# --------------------------------------------------------------------------- actions


class Action(Struct, frozen=True):
    """Base of every action a screen may send."""


class Roll(Action, frozen=True):
    """Roll both dice (only the number die in solitaire practice)."""


class ChooseOpponent(Action, frozen=True):
    """Head-to-head: race the player in *seat*."""

    seat: Seat


class ChoosePartner(Action, frozen=True):
    """Partner mode: play with the neighbour in *seat*."""

    seat: Seat


class Discard(Action, frozen=True):
    """Selection mode: the three cards the opponent removes from the hand."""

    cards: frozenset[Card]

    def __post_init__(self) -> None:
        if not isinstance(self.cards, frozenset):
            force_setattr(self, "cards", frozenset(self.cards))  # still frozen to everyone else


class PlaceExtras(Action, frozen=True):
    """Put the face-down tier cards on top of (``True``) or under the pile."""

    on_top: bool


class StartRun(Action, frozen=True):
    """Flip the sand timer: the first card turns face up (or the sudden-death card)."""


class Answer(Action, frozen=True):
    """An answer to the face-up card; *elapsed* is the run's time so far in seconds."""

    word: str
    elapsed: float | None = None


class Pass(Action, frozen=True):
    """Set the face-up card aside face down and turn the next one."""


class Revisit(Action, frozen=True):
    """Go back to a passed card (the face-up card, if any, is passed in its place)."""

    card: Card


class TimeUp(Action, frozen=True):
    """The sand timer ran out (sent by the screen)."""


class Buzz(Action, frozen=True):
    """Sudden death: the player in *seat* claims the right to answer, for ``BUZZ_SECONDS`` (Interpretation V29).

    Backing out is ``Pass()`` sent by the buzzer; like a refused answer it locks them out.
    """

    seat: Seat


class BuzzTimeUp(Action, frozen=True):
    """Sudden death: the buzzer's own countdown ran out (sent by the screen).

    Interpretation V29: the buzzer is locked out of the card.  Not ``TimeUp``: the
    card's sand timer stands still while a buzz is held, so the two never mean the same.
    """


class Racing(Action, frozen=True):
    """One racer's own step in a simultaneous head-to-head race (Interpretation V34): with a
    device per racer both piles are in play at once, so each step names whose pile it is.

    *action* is what a racer sends on one keyboard (flip their sand timer, answer, pass, go
    back, time up); the host stamps an answer's elapsed seconds from its own clock.
    """

    racer: Seat
    action: StartRun | Answer | Pass | Revisit | TimeUp


class ScoreTwo(Action, frozen=True):
    """Take 2 points."""


class ScoreOne(Action, frozen=True):
    """Take 1 point and move your victory token and seat *other*'s one space down."""

    other: Seat


# --------------------------------------------------------------------------- the rule for answers


class AnswerRule(Struct, frozen=True):
    """When ``Answer`` is legal: any word, under these conditions on ``elapsed``.

    Interpretation V22: elapsed seconds come from the screen's clock; they never
    go back within a pile and never pass the timer (the screen sends ``TimeUp``).
    """

    needs_elapsed: bool = False
    min_elapsed: float = 0.0
    limit: float | None = None

    def problem(self, answer: Answer) -> str | None:
        e = answer.elapsed
        if e is None:
            if self.needs_elapsed:
                return "a head-to-head answer must carry the elapsed time (Answer(word, elapsed=...))"
            return None
        if isinstance(e, bool) or not isinstance(e, int | float) or not math.isfinite(e):
            return f"elapsed must be a number of seconds, not {e!r}"
        if e < self.min_elapsed:
            return f"elapsed {e:g} s is earlier than an answer already given ({self.min_elapsed:g} s)"
        if self.limit is not None and e > self.limit:
            return f"elapsed {e:g} s is past the {self.limit:g} s timer; send TimeUp instead"
        return None
