"""Tricks: a small trick-taking game with hidden hands, the suite's proof that a fourth game
needs only an engine, a screen, a setup declaration and its deck data.

Each player is dealt a hand from a seeded shuffle of ``deck.txt``.  The leader plays any
card; the others, in seat order, follow the led suit when they can; the highest card of
the led suit takes the trick and leads the next.  When the hands are empty, the most
tricks wins (ties share).  A player whose time runs out plays their lowest legal card.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import msgspec

from boardgames.common.decks import DeckError, DeckLine, load_deck
from boardgames.common.game import Audience, IllegalActionError, LegalActions, PublicEvent, Seat

DECK = Path(__file__).with_name("deck.txt")


class Card(msgspec.Struct, frozen=True, order=True):
    suit: str
    rank: int

    def __str__(self) -> str:
        return f"{self.rank} {self.suit}"


def _suit(line: DeckLine) -> list[Card]:
    suit, _, ranks = line.text.partition(" ")
    low, _, high = ranks.partition("-")
    if not suit.isalpha() or not (low.isdigit() and high.isdigit()) or not 1 <= int(low) <= int(high) <= 20:
        raise line.error(f"expected 'Suit low-high' (ranks 1 to 20), not {line.text!r}")
    return [Card(suit, rank) for rank in range(int(low), int(high) + 1)]


def load_cards(path: Path = DECK) -> tuple[Card, ...]:
    """Every card of the deck file; ``DeckError`` naming the line when one is wrong."""
    seen: set[str] = set()

    def parse(line: DeckLine) -> list[Card]:
        cards = _suit(line)
        if cards[0].suit in seen:
            raise line.error(f"the suit {cards[0].suit} is named twice")
        seen.add(cards[0].suit)
        return cards

    suits = load_deck(path, parse)
    if len(suits) < 2:
        raise DeckError(path, None, "a deck needs two suits at least")
    return tuple(card for cards in suits for card in cards)


# --- actions, events, views ----------------------------------------------------------------


class Play(msgspec.Struct, frozen=True):
    seat: Seat
    card: Card


class TimeUp(msgspec.Struct, frozen=True):
    """The screen's sand ran out for *seat*: their lowest legal card is played."""

    seat: Seat


Action = Play | TimeUp


class Dealt(msgspec.Struct, frozen=True):
    seat: Seat
    cards: tuple[Card, ...]

    @property
    def audience(self) -> Audience:
        return frozenset({self.seat})

    def __str__(self) -> str:
        return f"You were dealt {', '.join(map(str, self.cards))}."


class Played(PublicEvent, msgspec.Struct, frozen=True):
    name: str
    card: Card

    def __str__(self) -> str:
        return f"{self.name} played {self.card}."


class TrickTaken(PublicEvent, msgspec.Struct, frozen=True):
    name: str
    trick: int

    def __str__(self) -> str:
        return f"{self.name} takes trick {self.trick}."


class Outcome(msgspec.Struct, frozen=True):
    winners: frozenset[Seat]
    tricks: tuple[int, ...]


class TricksView(msgspec.Struct, frozen=True):
    viewer: Seat | None
    names: tuple[str, ...]
    hand: tuple[Card, ...] | None  # the viewer's own, sorted; None for the table
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[Seat, Card], ...]  # the cards on the table, in play order
    last_trick: tuple[tuple[Seat, Card], ...]  # stays face up until the next trick is done
    to_play: Seat | None
    tricks: tuple[int, ...]
    trick_number: int
    legal: tuple[Play, ...]


# --- the engine ------------------------------------------------------------------------------


class Tricks:
    def __init__(self, names: tuple[str, ...], hand: int, rng: random.Random, cards: tuple[Card, ...]) -> None:
        if not 2 <= len(names) <= 4 or not 1 <= hand <= len(cards) // len(names):
            raise ValueError(f"{len(names)} players with {hand} cards each cannot be dealt from {len(cards)}")
        deck = list(cards)
        rng.shuffle(deck)
        self.names = names
        self.hands = [sorted(deck[i * hand : (i + 1) * hand]) for i in range(len(names))]
        self.trick: list[tuple[Seat, Card]] = []
        self.last_trick: tuple[tuple[Seat, Card], ...] = ()
        self.tricks = [0] * len(names)
        self.leader: Seat = 0
        self.trick_number = 1

    @property
    def seats(self) -> int:
        return len(self.names)

    def opening_events(self) -> list[Dealt]:
        return [Dealt(seat, tuple(hand)) for seat, hand in enumerate(self.hands)]

    @property
    def to_play(self) -> Seat | None:
        if not any(self.hands):
            return None
        return (self.leader + len(self.trick)) % self.seats

    def actors(self) -> frozenset[Seat]:
        return frozenset() if self.to_play is None else frozenset({self.to_play})

    @property
    def legal_actions(self) -> LegalActions[Action]:
        return LegalActions(self.why_illegal, self.listing, kind=Play | TimeUp)

    def listing(self) -> Iterator[Action]:
        """Every card playable now, then running out of time (which plays the lowest of them)."""
        seat = self.to_play
        if seat is not None:
            yield from (Play(seat, card) for card in self.playable(seat))
            yield TimeUp(seat)

    def playable(self, seat: Seat) -> list[Card]:
        hand = self.hands[seat]
        led = [c for c in hand if self.trick and c.suit == self.trick[0][1].suit]
        return led or list(hand)

    def why_illegal(self, action: object) -> str | None:
        if not isinstance(action, Play | TimeUp):
            return f"{action!r} is not a Tricks action"
        if self.to_play is None:
            return "the game is over"
        if action.seat != self.to_play:
            return f"it is {self.names[self.to_play]}'s turn to play"
        if isinstance(action, Play) and action.card not in self.hands[action.seat]:
            return f"{action.card} is not in {self.names[action.seat]}'s hand"
        if isinstance(action, Play) and action.card not in self.playable(action.seat):
            return f"{self.names[action.seat]} must follow {self.trick[0][1].suit}"
        return None

    def apply(self, action: Action) -> list[object]:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(action, reason)
        card = action.card if isinstance(action, Play) else self.playable(action.seat)[0]
        self.hands[action.seat].remove(card)
        self.trick.append((action.seat, card))
        events: list[object] = [Played(self.names[action.seat], card)]
        if len(self.trick) == self.seats:
            led = self.trick[0][1].suit
            winner = max((c.rank, s) for s, c in self.trick if c.suit == led)[1]
            self.tricks[winner] += 1
            events.append(TrickTaken(self.names[winner], self.trick_number))
            self.trick, self.last_trick, self.leader = [], tuple(self.trick), winner
            self.trick_number += 1
        return events

    def view(self, seat: Seat | None) -> TricksView:
        me = seat is not None and seat == self.to_play
        return TricksView(
            seat,
            self.names,
            None if seat is None else tuple(self.hands[seat]),
            tuple(len(h) for h in self.hands),
            tuple(self.trick),
            self.last_trick,
            self.to_play,
            tuple(self.tricks),
            self.trick_number,
            tuple(a for a in self.legal_actions if isinstance(a, Play)) if me else (),
        )

    def outcome(self) -> Outcome | None:
        if self.to_play is not None:
            return None
        best = max(self.tricks)
        return Outcome(frozenset(s for s, t in enumerate(self.tricks) if t == best), tuple(self.tricks))
