"""What happened: ``VowlGame.apply`` returns a list of these, in order.

Events feed the action log (``narrate``), the screen's reactions and the
after-turn review (``TurnSummary``, carried by ``TurnEnded``).  Most are public;
an event with an ``audience`` may be shown only to those players (a head-to-head
racer's own cards), and ``Event.visible_to`` says so.  The enums here are the
vocabulary of the events alone: why cards were drawn, which scoring option was
taken, what became of a card, how a race was decided.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from boardgames.common.skeleton import Verdict
from boardgames.vowl.cards import Card, Tier
from boardgames.vowl.kinds import Mode
from boardgames.vowl.track import ModeFace


# --------------------------------------------------------------------------- kinds


class DrawPurpose(enum.Enum):
    PILE = "pile"
    PARTNER_BONUS = "partner bonus"
    EXTRAS = "tier extras"
    SELECTION = "selection hand"
    SUDDEN_DEATH = "sudden death"


class ScoreOption(enum.Enum):
    TWO_POINTS = "2 points"
    ONE_POINT = "1 point and two victory tokens down"


class CardStatus(enum.Enum):
    """What became of a card by the end of a turn (the after-turn review)."""

    SOLVED = "solved"
    PASSED = "passed, never solved"
    SHOWN = "face up when time ran out"
    UNSEEN = "never turned over"
    DISCARDED = "discarded in selection"


class RaceHow(enum.Enum):
    """How a head-to-head race was decided."""

    FASTER = "both got through; the faster won"
    ONLY_FINISHER = "the only one through all the cards"
    SOLVED_MORE = "solved more cards"
    SUDDEN_DEATH = "won the sudden death"
    NO_CARD = "tie, and no card left for a sudden death"


# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    """Something that happened.  ``audience`` is ``None`` when everyone may see it,
    else the names of the only players who may (a head-to-head racer's own cards)."""

    audience: frozenset[str] | None = field(default=None, kw_only=True)

    def visible_to(self, viewer: str | None) -> bool:
        return self.audience is None or (viewer is not None and viewer in self.audience)


@dataclass(frozen=True)
class TurnStarted(Event):
    player: str
    turn: int


@dataclass(frozen=True)
class Rolled(Event):
    player: str
    number: int
    face: ModeFace | None  # None in solitaire practice: only the number die is rolled
    mode: Mode
    forced_solitaire: bool


@dataclass(frozen=True)
class OpponentChosen(Event):
    player: str
    opponent: str
    automatic: bool = False


@dataclass(frozen=True)
class PartnerChosen(Event):
    player: str
    partner: str


@dataclass(frozen=True)
class CardsDrawn(Event):
    owner: str
    tier: Tier
    count: int
    purpose: DrawPurpose


@dataclass(frozen=True)
class DeckReshuffled(Event):
    tier: Tier
    count: int


@dataclass(frozen=True)
class DeckExhausted(Event):
    tier: Tier
    short: int  # cards that could not be drawn


@dataclass(frozen=True)
class SelectionMade(Event):
    selector: str
    player: str
    discarded: int
    shuffled_in: int


@dataclass(frozen=True)
class ExtrasPlaced(Event):
    owner: str
    on_top: bool
    count: int


@dataclass(frozen=True)
class RunStarted(Event):
    runner: str
    partner: str | None
    pile_size: int
    time_limit: int


@dataclass(frozen=True)
class CardFlipped(Event):
    runner: str
    card: Card
    from_passed: bool


@dataclass(frozen=True)
class AnswerAccepted(Event):
    runner: str
    card: Card
    word: str


@dataclass(frozen=True)
class AnswerRejected(Event):
    runner: str
    card: Card
    verdict: Verdict

    @property
    def reason(self) -> str:
        return self.verdict.message


@dataclass(frozen=True)
class CardPassed(Event):
    runner: str
    card: Card


@dataclass(frozen=True)
class RunResult:
    """One pile's result: how many solved, all of them or not, and in what time."""

    runner: str
    solved: int
    total: int
    complete: bool
    elapsed: float | None  # the time of the last answer when complete


@dataclass(frozen=True)
class RunFinished(Event):
    result: RunResult
    timed_out: bool


@dataclass(frozen=True)
class RaceResult:
    winner: str | None
    how: RaceHow
    results: tuple[RunResult, ...]


@dataclass(frozen=True)
class RaceTied(Event):
    results: tuple[RunResult, ...]


@dataclass(frozen=True)
class SuddenDeathCard(Event):
    card: Card
    number: int  # 1 for the first card, 2 after both were locked out, ...


@dataclass(frozen=True)
class Buzzed(Event):
    player: str


@dataclass(frozen=True)
class LockedOut(Event):
    player: str
    card: Card
    verdict: Verdict


@dataclass(frozen=True)
class RaceDecided(Event):
    race: RaceResult


@dataclass(frozen=True)
class TurnSucceeded(Event):
    players: tuple[str, ...]


@dataclass(frozen=True)
class TurnFailed(Event):
    player: str


@dataclass(frozen=True)
class Scored(Event):
    player: str
    option: ScoreOption
    score_from: int
    score_to: int
    automatic: bool = False


@dataclass(frozen=True)
class VictoryTokenMoved(Event):
    player: str
    space_from: int
    space_to: int
    by: str


@dataclass(frozen=True)
class GameWon(Event):
    player: str
    score: int
    victory: int


@dataclass(frozen=True)
class TurnCard:
    """One card of a finished turn, for the "you could also have said ..." review."""

    card: Card
    owner: str | None  # whose pile; None for a sudden-death card
    status: CardStatus
    answer: str | None = None
    sudden_death: bool = False


@dataclass(frozen=True)
class TurnSummary:
    turn: int
    player: str
    mode: Mode
    partner: str | None
    opponent: str | None
    cards: tuple[TurnCard, ...]
    succeeded: tuple[str, ...]
    race: RaceResult | None


@dataclass(frozen=True)
class TurnEnded(Event):
    summary: TurnSummary
