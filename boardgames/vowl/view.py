"""What one seat may see of a Vowl game: ``VowlGame.view(seat)`` builds these.

The screen and its widgets render only from a view, never from the engine, so a
secret that is not in the view cannot reach the terminal.  The engine strips, per
viewer: the deck order (``DeckView`` holds counts only), face-down cards, the
selection hand (the selector's alone) and the other racer's pile in
head-to-head (a ``RunView`` with ``visible=False`` keeps only harmless counts).
``view(None)`` is the public view a handover screen shows.  The viewer is a seat
(the suite's contract, ``common.game``), and so is every player a field names (the
current player, the actors, a runner, a buzzer...): the screen words them with the
view's own seat-to-name table (``players``, ``name(seat)``).  ``Outcome``, the end of the game, is here because a view
carries it.  A seat with nothing to hide sees what the table sees: ``viewer`` and
``legal`` (and ``answer``) are left out of ``==``, so ``view(seat) == view(None)`` says exactly that
(``common.handovers`` hands the keyboard over on it).
Every one is a frozen ``msgspec.Struct`` (``common.values`` says why).
"""

from __future__ import annotations

from typing import ClassVar

from msgspec import Struct

from boardgames.common.game import Seat
from boardgames.common.values import EqualityWithout
from boardgames.vowl.actions import Action, Answer, AnswerRule, Racing
from boardgames.vowl.card import Card, Tier
from boardgames.vowl.events import Event, RaceResult, TurnSummary
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.track import BUZZ_SECONDS, Board, Extras, ModeFace, Timer


class Outcome(Struct, frozen=True):
    """The end of the game: who won (a seat) and after how many turns (``common.game.Outcome``)."""

    winner: Seat
    turns: int
    practice: bool = False

    @property
    def winners(self) -> frozenset[Seat]:
        return frozenset({self.winner})


class PlayerView(Struct, frozen=True):
    name: str
    seat: int
    timer: Timer
    score: int
    victory: int
    extras: Extras  # what this scoring token's tier draws now
    within_reach: bool  # within winning distance: must play solitaire on own turn

    @property
    def distance(self) -> int:
        return self.victory - self.score


class RunView(Struct, frozen=True):
    """One pile in play.  When ``visible`` is False (the other racer's pile in
    head-to-head) only the counts that give nothing away are filled in."""

    runner: Seat
    partner: Seat | None
    time_limit: int
    visible: bool
    started: bool
    finished: bool
    total: int
    pile_left: int  # face-down cards not yet turned
    current: Card | None
    passed: tuple[Card, ...]
    solved: tuple[tuple[Card, str], ...]
    solved_count: int | None
    complete: bool | None
    elapsed: float | None

    @property
    def cards_left(self) -> int:
        """Unsolved cards: face down, face up, and passed."""
        return self.total - (self.solved_count or 0)


class SelectionView(Struct, frozen=True):
    selector: Seat
    player: Seat
    hand: tuple[Card, ...] | None  # only the selector sees it
    hand_size: int
    to_discard: int


class SuddenDeathView(Struct, frozen=True):
    players: tuple[Seat, ...]
    card: Card | None
    buzzer: Seat | None
    locked_out: tuple[Seat, ...]
    cards_tried: int
    #: how long a buzz is held before it runs out (Interpretation V29): the screen's countdown
    buzz_seconds: int = BUZZ_SECONDS

    def may_buzz(self) -> tuple[Seat, ...]:
        """Who may still buzz on this card, in seat order (the holder of the buzz included)."""
        return tuple(p for p in self.players if p not in self.locked_out)


class DeckView(Struct, frozen=True):
    tier: Tier
    draw: int
    discard: int


class VowlView(EqualityWithout, Struct, frozen=True):
    """Everything a screen may show to the seat ``viewer`` (``None``: the public handover view)."""

    not_compared: ClassVar[frozenset[str]] = frozenset({"viewer", "legal", "answer"})

    viewer: Seat | None
    practice: bool
    board: Board
    phase: Phase
    turn: int
    current_player: Seat
    players: tuple[PlayerView, ...]
    #: who must act now (and so sit at the keyboard); both racers in sudden death
    actors: tuple[Seat, ...]
    #: the seat whose own view now holds secrets: show a handover first
    private_to: Seat | None
    number: int | None
    face: ModeFace | None
    mode: Mode | None
    forced_solitaire: bool
    partner: Seat | None
    opponent: Seat | None
    time_limit: int | None
    extras_owner: Seat | None
    pending_extras: int
    runs: tuple[RunView, ...]
    active_run: RunView | None
    selection: SelectionView | None
    sudden_death: SuddenDeathView | None
    scorer: Seat | None
    race: RaceResult | None
    review: TurnSummary | None  # this turn's cards, once its piles are done (SCORE)
    last_turn: TurnSummary | None
    decks: tuple[DeckView, ...]
    last_events: tuple[Event, ...]
    #: what this seat may do now, answers aside (none for the table, nor for a seat that waits)
    legal: tuple[Action, ...]
    #: when this seat may type an answer now, and with what time (``None``: it may not)
    answer: AnswerRule | None
    outcome: Outcome | None
    #: head-to-head racers race at the same time, each on their own device (Interpretation V34)
    simultaneous: bool = False

    def allows(self, action: Action) -> bool:
        """May this seat send *action* now (what ``legal`` lists, or an answer ``answer`` admits)?"""
        if isinstance(action, Racing) and isinstance(action.action, Answer):
            return action.racer == self.viewer and self.allows(action.action)
        if isinstance(action, Answer):
            return self.answer is not None and self.answer.problem(action) is None
        return action in self.legal

    def player(self, seat: Seat) -> PlayerView:
        return self.players[seat]

    def name(self, seat: Seat) -> str:
        """What the player in *seat* is called: every name a screen shows comes from here."""
        return self.players[seat].name

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat: what ``events.words`` calls each seat."""
        return tuple(p.name for p in self.players)
