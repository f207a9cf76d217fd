"""What happened: ``VowlGame.apply`` returns a list of these, in order.

Events feed the action log (``narrate``), the screen's reactions and the
after-turn review (``TurnSummary``, carried by ``TurnEnded``).  As the suite's
contract asks (``common.game``), each carries its **audience**: ``None`` when
everyone may see it, else the seats that may (a head-to-head racer's own cards
and answers are for that racer alone until the race is over); ``common.game.
visible_to(event, seat)`` says whether a seat may see it.  Players are named in
the fields by seat, as the audience is, the suite's contract (``common.game``); the wording
takes the table's names (``words(event, mark, names)``, ``names[seat]``: a view's
``names``, or the session's), so no name travels inside an event.

Each event words itself: ``str(event)`` is plain text (players called by seat, for a
log without names), and ``words(event, mark, names)`` is the sentence with the parts a screen emphasises passed through *mark*
(``narrate`` marks them up for the log), so the wording lives here once.  Names and
answers are outside text: each one goes through ``mark.text``, which a markup *mark*
escapes (``common.text``), so a name is never read as markup.

The enums here are the vocabulary of the events alone: why cards were drawn,
which scoring option was taken, what became of a card, how a race was decided.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Protocol

from msgspec import Struct

from boardgames.common.game import Audience, Seat
from boardgames.vowl.card import Card, Tier
from boardgames.vowl.judging import Ruling
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


class LockOut(enum.Enum):
    """Why a buzzer lost the buzz and is locked out of the card (Interpretation V10)."""

    WRONG = "answered wrong"
    PASSED = "passed"
    OUT_OF_TIME = "ran out of buzz time"


# --------------------------------------------------------------------------- events


class Event(Struct, frozen=True, kw_only=True):
    """Something that happened.  ``audience`` is ``None`` when everyone may see it,
    else the seats of the only players who may (a head-to-head racer's own cards).

    A frozen ``msgspec.Struct`` (``common.values`` says why and what it keeps); the
    ``kw_only`` here makes ``audience`` keyword-only, the subclasses' own fields stay
    positional.
    """

    audience: Audience = None

    def __str__(self) -> str:
        """The event in plain words (``words`` with no emphasis)."""
        return words(self, PLAIN)


class TurnStarted(Event, frozen=True):
    player: Seat
    turn: int


class Rolled(Event, frozen=True):
    player: Seat
    number: int
    face: ModeFace | None  # None in solitaire practice: only the number die is rolled
    mode: Mode
    forced_solitaire: bool


class OpponentChosen(Event, frozen=True):
    player: Seat
    opponent: Seat
    automatic: bool = False


class PartnerChosen(Event, frozen=True):
    player: Seat
    partner: Seat


class CardsDrawn(Event, frozen=True):
    owner: Seat
    tier: Tier
    count: int
    purpose: DrawPurpose


class DeckReshuffled(Event, frozen=True):
    tier: Tier
    count: int


class DeckExhausted(Event, frozen=True):
    tier: Tier
    short: int  # cards that could not be drawn


class SelectionMade(Event, frozen=True):
    selector: Seat
    player: Seat
    discarded: int
    shuffled_in: int


class ExtrasPlaced(Event, frozen=True):
    owner: Seat
    on_top: bool
    count: int


class RunStarted(Event, frozen=True):
    runner: Seat
    partner: Seat | None
    pile_size: int
    time_limit: int


class CardFlipped(Event, frozen=True):
    runner: Seat
    card: Card
    from_passed: bool


class AnswerAccepted(Event, frozen=True):
    runner: Seat
    card: Card
    word: str


class AnswerRejected(Event, frozen=True):
    runner: Seat
    card: Card
    verdict: Ruling

    @property
    def reason(self) -> str:
        return self.verdict.message


class CardPassed(Event, frozen=True):
    runner: Seat
    card: Card


class RunResult(Struct, frozen=True):
    """One pile's result: how many solved, all of them or not, and in what time."""

    runner: Seat
    solved: int
    total: int
    complete: bool
    elapsed: float | None  # the time of the last answer when complete


class RunFinished(Event, frozen=True):
    result: RunResult
    timed_out: bool


class RaceResult(Struct, frozen=True):
    """Who won a head-to-head race (a seat; ``None``: nobody), how, and both piles' results."""

    winner: Seat | None
    how: RaceHow
    results: tuple[RunResult, ...]


class RaceTied(Event, frozen=True):
    results: tuple[RunResult, ...]


class SuddenDeathCard(Event, frozen=True):
    card: Card
    number: int  # 1 for the first card, 2 after both were locked out, ...


class Buzzed(Event, frozen=True):
    player: Seat


class LockedOut(Event, frozen=True):
    """The buzzer lost the buzz: a refused answer (*verdict*), a pass or their time ran out."""

    player: Seat
    card: Card
    verdict: Ruling | None
    why: LockOut = LockOut.WRONG


class CardUnanswered(Event, frozen=True):
    """Nobody won this sudden-death card: the card's time ran out, or both were locked out
    (Interpretation V30); a new card follows."""

    card: Card
    timed_out: bool


class RaceDecided(Event, frozen=True):
    race: RaceResult


class TurnSucceeded(Event, frozen=True):
    players: tuple[Seat, ...]


class TurnFailed(Event, frozen=True):
    player: Seat


class Scored(Event, frozen=True):
    player: Seat
    option: ScoreOption
    score_from: int
    score_to: int
    automatic: bool = False


class VictoryTokenMoved(Event, frozen=True):
    player: Seat
    space_from: int
    space_to: int
    by: Seat


class GameWon(Event, frozen=True):
    player: Seat
    score: int
    victory: int


class TurnCard(Struct, frozen=True):
    """One card of a finished turn, for the "you could also have said ..." review."""

    card: Card
    owner: Seat | None  # whose pile; None for a sudden-death card
    status: CardStatus
    answer: str | None = None
    sudden_death: bool = False


class TurnSummary(Struct, frozen=True):
    turn: int
    player: Seat
    mode: Mode
    partner: Seat | None
    opponent: Seat | None
    cards: tuple[TurnCard, ...]
    succeeded: tuple[Seat, ...]  # who scores for the turn
    race: RaceResult | None


class TurnEnded(Event, frozen=True):
    summary: TurnSummary


# --------------------------------------------------------------------------- wording


class Mark(Protocol):
    """How the parts of a sentence a screen emphasises are shown (``PLAIN``: as they are)."""

    def text(self, value: str) -> str:
        """Outside text - a player's name, an answer, a verdict quoting it - as data.

        Every such value in a sentence passes through here, so a screen that words
        events in markup (``narrate``) escapes it (``common.text.shown``): ``[/]Ann``
        is shown as itself, never read as a tag.  ``PLAIN`` keeps it as it is.
        """
        ...

    def strong(self, text: str) -> str:
        """A headline, a word that was accepted, a winner."""
        ...

    def tier(self, text: str, tier: Tier) -> str:
        """Text in the colour of a card tier (green, yellow, red)."""
        ...


class _Plain:
    def text(self, value: str) -> str:
        return value

    def strong(self, text: str) -> str:
        return text

    def tier(self, text: str, tier: Tier) -> str:
        return text


PLAIN: Mark = _Plain()

_DRAWN_FOR = {
    DrawPurpose.PILE: "for the pile",
    DrawPurpose.PARTNER_BONUS: "(partner bonus)",
    DrawPurpose.EXTRAS: "(tier extras)",
    DrawPurpose.SELECTION: "to choose from",
    DrawPurpose.SUDDEN_DEATH: "for the sudden death",
}


def plural(n: int, word: str) -> str:
    """ "1 point", "2 points": a count with its noun agreeing (never "1 points")."""
    return f"{n} {word}" + ("" if n == 1 else "s")


Names = Sequence[str]
"""The players' names by seat (``names[seat]``), what the wording calls each seat."""


def name_of(seat: Seat, names: Names) -> str:
    """What *seat* is called: its name, or "seat N" when no names are given (``str(event)``)."""
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def run_line(r: RunResult, mark: Mark = PLAIN, names: Names = ()) -> str:
    """One racer's result as a clause: "Ann Lee 4 of 4 in 8.0 s" / "Bob Roy 2 of 5, out of time".

    Shown only once a race is over (``RaceTied``, ``RaceDecided``, the review): before
    that a racer's result is theirs alone (Interpretation V18).
    """
    who = mark.text(name_of(r.runner, names))
    if r.complete:
        took = f" in {r.elapsed:.1f} s" if r.elapsed is not None else ""
        return f"{who} {r.solved} of {r.total}{took}"
    return f"{who} {r.solved} of {r.total}, out of time"


def race_lines(results: tuple[RunResult, ...], mark: Mark = PLAIN, names: Names = ()) -> str:
    """Both racers' results, times included (Interpretation V18: revealed once both ran)."""
    return "; ".join(run_line(r, mark, names) for r in results)


def words(event: Event, mark: Mark = PLAIN, names: Names = ()) -> str:  # noqa: C901, PLR0911, PLR0912 - one sentence per event
    """*event* as a sentence for the table, its emphasis passed through *mark*, each seat
    called by its name in *names*.

    Every name and answer goes through ``mark.text`` (``t`` below, ``nm`` for a seat's
    name), never straight into the sentence: with a markup *mark* it is data, not markup.
    """
    t = mark.text

    def nm(seat: Seat) -> str:
        return t(name_of(seat, names))

    match event:
        case TurnStarted(player=p, turn=n):
            return mark.strong(f"Turn {n}: {nm(p)}")
        case Rolled(player=p, number=n, face=face, mode=mode, forced_solitaire=forced):
            if face is None:
                return f"{nm(p)} rolled {n}."
            text = f"{nm(p)} rolled {n} and {face.value}"
            if mode is Mode.SELECTION:
                text += ": selection mode (two players)"
            elif mode.value != face.value:
                text += f": {mode.value}"
            text += "."
            if forced:
                text += " Within 2 spaces of victory: solitaire it must be."
            return text
        case OpponentChosen(player=p, opponent=o, automatic=auto):
            return f"{nm(p)} races {nm(o)} head-to-head" + (" (the only other player)." if auto else ".")
        case PartnerChosen(player=p, partner=o):
            return f"{nm(p)} partners with {nm(o)}."
        case CardsDrawn(owner=o, tier=tier, count=c, purpose=purpose):
            return f"{nm(o)} draws {plural(c, mark.tier(tier.value, tier) + ' card')} {_DRAWN_FOR[purpose]}."
        case DeckReshuffled(tier=tier, count=c):
            return f"The {tier.value} deck ran out: {plural(c, 'discard')} shuffled into a new deck."
        case DeckExhausted(tier=tier, short=short):
            return f"The {tier.value} deck and its discards are empty: {plural(short, 'card')} could not be drawn."
        case SelectionMade(selector=sel, player=p, discarded=d, shuffled_in=k):
            return f"{nm(sel)} discarded {d} and shuffled {plural(k, 'card')} into {nm(p)}'s pile."
        case ExtrasPlaced(owner=o, on_top=top, count=c):
            return f"{nm(o)} put {plural(c, 'extra card')} {'on top of' if top else 'under'} the pile."
        case RunStarted(runner=r, partner=partner, pile_size=n, time_limit=limit):
            who = f"{nm(r)} and {nm(partner)}" if partner is not None else nm(r)
            return f"{who}: {plural(n, 'card')}, {limit} seconds — go!"
        case CardFlipped(runner=r, card=c):
            return f"{nm(r)} turns {t(c.skeleton)} face up."
        case AnswerAccepted(word=w, card=c):
            return f"  {t(c.skeleton)} → {mark.strong(t(w))} ✓"
        case AnswerRejected(card=c, verdict=v):
            reason = t(v.message.removeprefix("rejected: "))
            return f"  {t(c.skeleton)} ✗ {t(v.word) if v.word else '(nothing)'}: {reason}"
        case CardPassed(card=c):
            return f"  {t(c.skeleton)} passed."
        case RunFinished(result=r, timed_out=timed_out):
            if r.complete:
                took = f" in {r.elapsed:.1f} s" if r.elapsed is not None else ""
                return f"{nm(r.runner)} got through all {plural(r.total, 'card')}{took}."
            end = "Time!" if timed_out else "Stopped."
            return f"{end} {nm(r.runner)} solved {r.solved} of {r.total}."
        case RaceTied(results=results):
            return f"A tie ({race_lines(results, mark, names)})! Sudden death on a red card."
        case SuddenDeathCard(card=c, number=n):
            # A sudden-death card is a red card (Interpretation V15: another tier only when red is out).
            return f"Sudden-death card {n}: {mark.tier(t(c.skeleton), Tier.EXPERT)}."
        case Buzzed(player=p):
            return f"{nm(p)} buzzes in!"
        case LockedOut(player=p, verdict=v, why=why):
            if why is LockOut.WRONG and v is not None:
                said = t(v.word) if v.word else "(nothing)"
                return (
                    f"{nm(p)} is wrong ({said}: {t(v.message.removeprefix('rejected: '))}) and locked out of this card."
                )
            return f"{nm(p)} {why.value} and is locked out of this card."
        case CardUnanswered(card=c, timed_out=timed_out):
            if timed_out:
                return f"Time! Nobody answered {t(c.skeleton)}: nobody wins it."
            return f"Both are locked out of {t(c.skeleton)}: nobody wins it."
        case RaceDecided(race=race):
            said = f" ({race_lines(race.results, mark, names)})" if race.results else ""
            if race.winner is None:
                return f"Nobody wins the race: {race.how.value}{said}."
            return f"{nm(race.winner)} wins the race: {race.how.value}{said}."
        case TurnSucceeded(players=ps):
            return f"Success for {' and '.join(nm(p) for p in ps)}!"
        case TurnFailed(player=p):
            return f"No success for {nm(p)} this turn."
        case Scored(player=p, option=opt, score_from=a, score_to=b):
            if opt is ScoreOption.TWO_POINTS:
                return f"{nm(p)} takes 2 points: {a} → {b}."
            return f"{nm(p)} takes 1 point: {a} → {b}."
        case VictoryTokenMoved(player=p, space_from=a, space_to=b):
            return f"{nm(p)}'s victory token moves down: {a} → {b}."
        case GameWon(player=p, score=score, victory=v):
            return mark.strong(f"{nm(p)} wins with {plural(score, 'point')} (victory token on {v})!")
        case TurnEnded(summary=summary):
            return f"Turn {summary.turn} is over."
    return type(event).__name__  # pragma: no cover - every event is worded above
