"""Vowl's events in plain words, for the screen's log.

Pure (no Textual) so the wording is tested without a terminal.  ``describe``
returns ``None`` for events that only matter to the screen's flow.
"""

from __future__ import annotations

from boardgames.vowl.cards import Tier
from boardgames.vowl.events import (
    AnswerAccepted,
    AnswerRejected,
    Buzzed,
    CardPassed,
    CardsDrawn,
    DeckExhausted,
    DeckReshuffled,
    DrawPurpose,
    Event,
    ExtrasPlaced,
    GameWon,
    LockedOut,
    OpponentChosen,
    PartnerChosen,
    RaceDecided,
    RaceTied,
    Rolled,
    RunFinished,
    RunStarted,
    Scored,
    ScoreOption,
    SelectionMade,
    SuddenDeathCard,
    TurnFailed,
    TurnStarted,
    TurnSucceeded,
    VictoryTokenMoved,
)
from boardgames.vowl.kinds import Mode

TIER_STYLE = {Tier.BASIC: "green", Tier.ADVANCED: "yellow", Tier.EXPERT: "red"}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def describe(event: Event) -> str | None:
    """One log line (Rich markup) for *event*, or ``None`` when it needs no line."""
    match event:
        case TurnStarted(player=p, turn=n):
            return f"[b]Turn {n}: {p}[/b]"
        case Rolled(player=p, number=n, face=face, mode=mode, forced_solitaire=forced):
            if face is None:
                return f"{p} rolled {n}."
            text = f"{p} rolled {n} and {face.value}"
            if mode is Mode.SELECTION:
                text += ": selection mode (two players)"
            elif mode.value != face.value:
                text += f": {mode.value}"
            text += "."
            if forced:
                text += " Within 2 spaces of victory: solitaire it must be."
            return text
        case OpponentChosen(player=p, opponent=o, automatic=auto):
            return f"{p} races {o} head-to-head" + (" (the only other player)." if auto else ".")
        case PartnerChosen(player=p, partner=o):
            return f"{p} partners with {o}."
        case CardsDrawn(owner=o, tier=t, count=c, purpose=purpose):
            what = {
                DrawPurpose.PILE: "for the pile",
                DrawPurpose.PARTNER_BONUS: "(partner bonus)",
                DrawPurpose.EXTRAS: "(tier extras)",
                DrawPurpose.SELECTION: "to choose from",
                DrawPurpose.SUDDEN_DEATH: "for the sudden death",
            }[purpose]
            return f"{o} draws {plural(c, f'[{TIER_STYLE[t]}]{t.value}[/] card')} {what}."
        case DeckReshuffled(tier=t, count=c):
            return f"The {t.value} deck ran out: {plural(c, 'discard')} shuffled into a new deck."
        case DeckExhausted(tier=t, short=s):
            return f"The {t.value} deck and its discards are empty: {plural(s, 'card')} could not be drawn."
        case SelectionMade(selector=s, player=p, discarded=d, shuffled_in=k):
            return f"{s} discarded {d} and shuffled {plural(k, 'card')} into {p}'s pile."
        case ExtrasPlaced(owner=o, on_top=top, count=c):
            return f"{o} put {plural(c, 'extra card')} {'on top of' if top else 'under'} the pile."
        case RunStarted(runner=r, partner=partner, pile_size=n, time_limit=t):
            who = f"{r} and {partner}" if partner else r
            return f"{who}: {plural(n, 'card')}, {t} seconds — go!"
        case AnswerAccepted(word=w, card=c):
            return f"  {c.skeleton} → [b]{w}[/b] ✓"
        case AnswerRejected(card=c, verdict=v):
            return f"  {c.skeleton} ✗ {v.word or '(nothing)'}: {v.message.removeprefix('rejected: ')}"
        case CardPassed(card=c):
            return f"  {c.skeleton} passed."
        case RunFinished(result=r, timed_out=timed_out):
            if r.complete:
                t = f" in {r.elapsed:.1f} s" if r.elapsed is not None else ""
                return f"{r.runner} got through all {plural(r.total, 'card')}{t}."
            end = "Time!" if timed_out else "Stopped."
            return f"{end} {r.runner} solved {r.solved} of {r.total}."
        case RaceTied():
            return "A tie! Sudden death on a red card."
        case SuddenDeathCard(card=c, number=n):
            return f"Sudden-death card {n}: [red]{c.skeleton}[/]."
        case Buzzed(player=p):
            return f"{p} buzzes in!"
        case LockedOut(player=p, verdict=v):
            return f"{p} is wrong ({v.word}) and locked out of this card."
        case RaceDecided(race=race):
            if race.winner is None:
                return f"Nobody wins the race: {race.how.value}."
            return f"{race.winner} wins the race: {race.how.value}."
        case TurnSucceeded(players=ps):
            return f"Success for {' and '.join(ps)}!"
        case TurnFailed(player=p):
            return f"No success for {p} this turn."
        case Scored(player=p, option=opt, score_from=a, score_to=b):
            if opt is ScoreOption.TWO_POINTS:
                return f"{p} takes 2 points: {a} → {b}."
            return f"{p} takes 1 point: {a} → {b}."
        case VictoryTokenMoved(player=p, space_from=a, space_to=b):
            return f"{p}'s victory token moves down: {a} → {b}."
        case GameWon(player=p, score=s, victory=v):
            return f"[b]{p} wins with {s} points (victory token on {v})![/b]"
    return None
