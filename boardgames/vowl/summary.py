"""The end-of-game summary: final tokens, the winner, and what each player did.

Built from the turn summaries the engine already hands out (``TurnEnded.summary``),
so it needs no extra state in the engine and works the same for a game played
through and a game resumed from a save (the screen replays the history's events).
Pure: no Textual, tested on its own.

A shared partner pile counts for both partners (Interpretation V28): the game does
not record who typed which answer (V23).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from boardgames.common.game import Seat
from boardgames.vowl.events import CardStatus, Event, TurnEnded, TurnSummary
from boardgames.vowl.kinds import Mode
from boardgames.vowl.view import VowlView


@dataclass(frozen=True)
class PlayerLine:
    """One player's line of the summary."""

    name: str
    score: int
    victory: int
    successes: int  # turns (their own or as a partner / racer) that ended in success for them
    cards_solved: int  # cards of piles they played, solved (a shared pile counts for both)
    winner: bool


@dataclass(frozen=True)
class GameSummary:
    winner: str | None
    turns: int
    lines: tuple[PlayerLine, ...]  # the winner first, then by score, then seating order


def turn_summaries(events: Iterable[Event]) -> list[TurnSummary]:
    """Every finished turn's summary, in order."""
    return [e.summary for e in events if isinstance(e, TurnEnded)]


def solvers(summary: TurnSummary, owner: Seat | None) -> tuple[Seat, ...]:
    """Who is credited with a card of *owner*'s pile (Interpretation V28)."""
    if owner is None:
        return ()
    if summary.mode is Mode.PARTNER and owner == summary.player and summary.partner is not None:
        return (owner, summary.partner)
    return (owner,)


def game_summary(view: VowlView, events: Iterable[Event]) -> GameSummary:
    """The summary of the game *view* shows, from the *events* of the whole game."""
    solved: dict[Seat, int] = {p.seat: 0 for p in view.players}
    successes: dict[Seat, int] = {p.seat: 0 for p in view.players}
    turns = turn_summaries(events)
    for s in turns:
        for seat in s.succeeded:
            successes[seat] = successes.get(seat, 0) + 1
        for tc in s.cards:
            if tc.status is CardStatus.SOLVED:
                for seat in solvers(s, tc.owner):
                    solved[seat] = solved.get(seat, 0) + 1
    winner = view.outcome.winner if view.outcome else None
    lines = [
        PlayerLine(p.name, p.score, p.victory, successes[p.seat], solved[p.seat], p.seat == winner)
        for p in view.players
    ]
    lines.sort(key=lambda line: (not line.winner, -line.score, line.victory))  # stable: seats break ties
    return GameSummary(
        None if winner is None else view.name(winner), view.outcome.turns if view.outcome else view.turn, tuple(lines)
    )
