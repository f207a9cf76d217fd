"""Tools for the Vowl engine tests: tiny decks, a fake dictionary, rigged dice.

The engine tests never read the real decks (another module owns and tests them)
nor the real dictionary: each game gets small decks of made-up cards whose
answers are in a fake dictionary (a set of words), judged by the real
``SkeletonMatcher``.  ``RiggedRandom`` is a seeded ``random.Random`` whose next
die results can be forced and whose shuffles can be switched off, so a test
knows exactly which card is on top — arranging a position the way a chess test
writes a FEN.
"""

from __future__ import annotations

import enum
import itertools
import operator
import random
import weakref
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from boardgames.common.skeleton import SkeletonMatcher
from boardgames.common.values import init_fields
from boardgames.vowl.actions import Answer, PlaceExtras, Roll, StartRun
from boardgames.vowl.cards import Card, Tier
from boardgames.vowl.engine import PlayerSetup, VowlGame
from boardgames.vowl.kinds import Phase
from boardgames.vowl.track import Board, ModeFace
from boardgames.vowl.view import VowlView

#: The rulebook's example card, and the words the fake dictionary knows around it.
SVR = Card("SVR", Tier.BASIC, ("savor", "sever", "severe"))
SVR_WORDS = {"savor", "sever", "severe", "savior", "savory"}

_LEAD = {Tier.BASIC: "B", Tier.ADVANCED: "D", Tier.EXPERT: "F"}


def word_for(skeleton: str) -> str:
    """A made-up word that fits *skeleton*: an ``a`` in every gap (``BKL`` -> ``bakal``)."""
    return "a".join(skeleton.lower())


def make_cards(tier: Tier, count: int) -> list[Card]:
    """*count* distinct cards of *tier*; skeletons start with B, D or F by tier."""
    combos = itertools.permutations("KLMNPRST", 2)
    cards = []
    for a, b in itertools.islice(combos, count):
        skeleton = _LEAD[tier] + a + b
        cards.append(Card(skeleton, tier, (word_for(skeleton),)))
    return cards


def make_decks(
    basic: int = 30, advanced: int = 16, expert: int = 10, top: Mapping[Tier, Sequence[Card]] | None = None
) -> dict[Tier, list[Card]]:
    """Small decks; *top* cards are put first (the top, when shuffling is off)."""
    decks = {
        Tier.BASIC: make_cards(Tier.BASIC, basic),
        Tier.ADVANCED: make_cards(Tier.ADVANCED, advanced),
        Tier.EXPERT: make_cards(Tier.EXPERT, expert),
    }
    for tier, cards in (top or {}).items():
        decks[tier] = list(cards) + decks[tier]
    return decks


class FakeDictionary:
    """The dictionary protocol over a plain set of lower-case words."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = {w.lower() for w in words}

    def check(self, word: str) -> bool:
        return word.lower() in self.words


def matcher_for(decks: Mapping[Tier, Sequence[Card]], extra: Iterable[str] = ()) -> SkeletonMatcher:
    words = set(extra) | SVR_WORDS
    for cards in decks.values():
        for card in cards:
            words.update(card.answers)
    return SkeletonMatcher(FakeDictionary(words))


class RiggedRandom(random.Random):
    """A seeded Random: ``force(4, ModeFace.HEAD_TO_HEAD)`` fixes the next dice."""

    def __init__(self, seed: int = 0, *, shuffle: bool = False) -> None:
        self.forced: deque[Any] = deque()
        self.shuffling = shuffle
        super().__init__(seed)

    def force(self, *values: Any) -> None:
        self.forced.extend(values)

    def choice(self, seq: Sequence[Any]) -> Any:
        if self.forced:
            value = self.forced.popleft()
            assert value in seq, f"cannot force {value!r}: the die has {seq!r}"
            return value
        return super().choice(seq)

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        if self.shuffling:
            super().shuffle(x)


_RIGS: weakref.WeakKeyDictionary[VowlGame, RiggedRandom] = weakref.WeakKeyDictionary()

ANN, BOB, CY, DEE, EVE = "Ann Lee", "Bob Roy", "Cy Diaz", "Dee Fox", "Eve Gray"
NAMES = (ANN, BOB, CY, DEE, EVE)


def make_game(
    names: Sequence[str | PlayerSetup] = (ANN, BOB),
    *,
    board: Board = Board.STANDARD,
    decks: Mapping[Tier, Sequence[Card]] | None = None,
    rng: RiggedRandom | None = None,
    extra_words: Iterable[str] = (),
) -> VowlGame:
    decks = decks if decks is not None else make_decks()
    rng = rng if rng is not None else RiggedRandom()
    game = VowlGame(names, board=board, decks=decks, judge=matcher_for(decks, extra_words), rng=rng)
    _RIGS[game] = rng
    return game


def make_practice(
    name: str | PlayerSetup = ANN, *, board: Board = Board.STANDARD, decks: Mapping[Tier, Sequence[Card]] | None = None
) -> VowlGame:
    decks = decks if decks is not None else make_decks()
    rng = RiggedRandom()
    game = VowlGame.practice(name, board=board, decks=decks, judge=matcher_for(decks), rng=rng)
    _RIGS[game] = rng
    return game


def rig(game: VowlGame) -> RiggedRandom:
    return _RIGS[game]


def seat_of(game: VowlGame, name: str) -> int:
    """The seat of the player called *name* (the tests speak of players by name; the game by seat)."""
    return game.names.index(name)


def actor_names(game: VowlGame) -> tuple[str, ...]:
    """Who must act now, by name, in the order the screen addresses them (``VowlView.actors``)."""
    return tuple(game.names[seat] for seat in game.view(None).actors)


def named(game: VowlGame, seat: int | None) -> str | None:
    """The name of the player in *seat* (``None`` stays ``None``): to compare a view's seats with names."""
    return None if seat is None else game.names[seat]


def set_tokens(game: VowlGame, name: str, score: int | None = None, victory: int | None = None) -> None:
    """Arrange a position: put *name*'s tokens on the given spaces."""
    player = game._get(seat_of(game, name))  # noqa: SLF001 - test set-up, like loading a FEN
    game._views.clear()  # noqa: SLF001 - views are memoised per state
    if score is not None:
        player.score = score
    if victory is not None:
        player.victory = victory


def roll(game: VowlGame, number: int = 3, face: ModeFace | None = ModeFace.SOLITAIRE) -> list:
    """Roll with the dice forced to *number* and *face* (no face in practice)."""
    rig(game).force(number, *([face] if face is not None and not game.is_practice else []))
    return game.apply(Roll())


def actor_view(game: VowlGame) -> VowlView:
    return game.view(seat_of(game, actor_names(game)[0]))


def current(game: VowlGame) -> Card:
    """The face-up card of the pile in play (as its runner sees it)."""
    run = actor_view(game).active_run
    assert run is not None and run.current is not None
    return run.current


def solve(game: VowlGame, elapsed: float | None = None) -> list:
    """Answer the face-up card correctly."""
    return game.apply(Answer(current(game).answers[0], elapsed))


def solve_pile(game: VowlGame, start: float = 1.0, step: float = 1.0, timed: bool = False) -> list:
    """Solve every card of the pile in play; with *timed*, answers carry elapsed times."""
    events: list = []
    run_owner = actor_view(game).active_run.runner  # type: ignore[union-attr]
    t = start
    while game.phase is Phase.SOLVING and actor_view(game).active_run.runner == run_owner:  # type: ignore[union-attr]
        events += solve(game, t if timed else None)
        t += step
    return events


def start_solitaire(game: VowlGame, number: int = 3, on_top: bool = True) -> list:
    """Roll a solitaire turn and get to the first face-up card."""
    events = roll(game, number, ModeFace.SOLITAIRE)
    if game.phase is Phase.PLACE_EXTRAS:
        events += game.apply(PlaceExtras(on_top))
    events += game.apply(StartRun())
    return events


def kinds(events: Iterable[object]) -> list[str]:
    return [type(e).__name__ for e in events]


_WALK: dict[type, tuple[str, ...] | None] = {}  # per type: a value class's fields, or None to iterate
_GET: dict[type, Any] = {}  # per value class with fields: one getter for all of them (a tuple)


def _walk_plan(kind: type) -> tuple[str, ...] | None:
    if kind not in _WALK:
        fields = init_fields(kind)  # a dataclass or a msgspec.Struct (events, views, actions)
        if fields is not None:
            _WALK[kind] = tuple(fields)
        elif issubclass(kind, str | bytes | int | float | enum.Enum) or not hasattr(kind, "__iter__"):
            _WALK[kind] = ()
        else:
            _WALK[kind] = None
        plan = _WALK[kind]
        if plan:
            _GET[kind] = (
                operator.attrgetter(*plan) if len(plan) > 1 else (lambda item, name=plan[0]: (getattr(item, name),))
            )
    return _WALK[kind]


def cards_in(obj: object) -> list[Card]:
    """Every ``Card`` reachable inside a view, event or action (for secrecy checks).

    (Hundreds of seeded games call this for several views at every step: one getter
    per class, not a ``getattr`` per field, and nothing pushed for a leaf.)"""
    found: list[Card] = []
    stack = [obj]
    walk, get = _WALK, _GET
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is Card:
            found.append(item)  # type: ignore[arg-type]
            continue
        if kind is tuple or kind is list:
            stack.extend(item)  # type: ignore[arg-type]
            continue
        plan = walk[kind] if kind in walk else _walk_plan(kind)
        if plan is None:
            stack.extend(item.values() if isinstance(item, dict) else item)  # type: ignore[attr-defined]
        elif plan:
            stack.extend(get[kind](item))
    return found
