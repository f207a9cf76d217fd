"""The handover policy derived from the contract (``common.handovers``), on a toy engine.

The toy: seats take turns; each seat holds a private card that only it sees while it
acts (``view(seat)`` differs from the table's then); ``Race`` makes everyone an actor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from boardgames.common.game import PublicEvent
from boardgames.common.handovers import TABLE, Handover, Keyboard, NoCourtesy, Why, holder


@dataclass(frozen=True)
class Said(PublicEvent):
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Whisper:
    """An event only *to* may see."""

    to: int
    text: str

    @property
    def audience(self) -> frozenset[int]:
        return frozenset({self.to})

    def __str__(self) -> str:
        return self.text


class Toy:
    def __init__(self, seats: int = 3, *, secret: bool = True) -> None:
        self.seats = seats
        self.turn = 0
        self.race = False
        self.over = False
        self.secret = secret

    def actors(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        return frozenset(range(self.seats)) if self.race else frozenset({self.turn})

    def view(self, seat: int | None) -> tuple[object, ...]:
        card = f"card {seat}" if self.secret and seat == self.turn and not self.race else None
        return (self.turn, self.race, card)

    def outcome(self) -> object | None:
        return "over" if self.over else None

    def next(self) -> list[object]:
        self.turn = (self.turn + 1) % self.seats
        return [Said(f"seat {self.turn} to play")]


class Words(NoCourtesy):
    def title(self, engine: Any, seat: int | None, why: Why, seen: Sequence[object]) -> str:
        return f"{'everyone' if seat is None else f'seat {seat}'}: {why.value}"

    def detail(self, engine: Any, seat: int | None, why: Why, seen: Sequence[object]) -> str:
        return " / ".join(map(str, seen))


class Courteous(Words):
    def courtesy(self, engine: Any, why: Why, events: Sequence[object]) -> bool:
        return any(isinstance(e, Said) and "courtesy" in e.text for e in events)


def test_the_holder_is_the_one_actor_with_a_private_view() -> None:
    toy = Toy()
    assert holder(toy) == 0
    toy.race = True  # several actors: the table
    assert holder(toy) is TABLE
    toy.race, toy.secret = False, False  # one actor who sees what the table sees: the table
    assert holder(toy) is TABLE
    toy.secret, toy.over = True, True
    assert holder(toy) is TABLE


def test_a_new_holder_gets_a_handover_with_what_they_may_see_since_the_last() -> None:
    toy = Toy()
    keyboard = Keyboard(toy, Words())
    opening = keyboard.first(resumed=False)
    assert opening == Handover(0, Why.OPENING, "seat 0: opening", "")
    assert keyboard.seat is TABLE  # nothing private is drawn before Space
    keyboard.taken(opening)
    assert keyboard.seat == 0
    events = [Whisper(2, "for seat 2 only"), Whisper(1, "for seat 1 only"), *toy.next()]
    handover = keyboard.after(events)
    assert handover is not None and handover.seat == 1 and handover.why is Why.TURN
    assert handover.detail == "for seat 1 only / seat 1 to play"  # the whisper to seat 2 is not told
    assert keyboard.seat is TABLE


def test_the_same_holder_goes_on_without_a_handover() -> None:
    toy = Toy()
    keyboard = Keyboard(toy, Words())
    keyboard.taken(keyboard.first(resumed=False))  # type: ignore[arg-type]
    assert keyboard.after([Said("seat 0 moved")]) is None
    assert keyboard.seat == 0
    handover = keyboard.after(toy.next())
    assert handover is not None and handover.detail == "seat 0 moved / seat 1 to play"


def test_the_table_takes_the_keyboard_back_without_a_handover_unless_the_rules_ask() -> None:
    toy = Toy()
    keyboard = Keyboard(toy, Words())
    keyboard.taken(keyboard.first(resumed=False))  # type: ignore[arg-type]
    toy.race = True
    assert keyboard.after([Said("race!")]) is None
    assert keyboard.seat is TABLE  # the private view goes at once
    courteous = Keyboard(toy, Courteous())
    handover = courteous.after([Said("courtesy: gather round")])
    assert handover is not None and handover.seat is TABLE and handover.why is Why.COURTESY


def test_a_game_opens_at_the_table_without_a_handover_unless_the_rules_ask() -> None:
    toy = Toy(secret=False)
    assert Keyboard(toy, Words()).first(resumed=True) is None
    assert Keyboard(Toy(), Words()).first(resumed=True).why is Why.RESUMED  # type: ignore[union-attr]


def test_nobody_to_hand_over_to_means_no_handovers() -> None:
    toy = Toy(seats=2)
    keyboard = Keyboard(toy, Words(), people=frozenset({1}))
    assert keyboard.seat == 1  # the lone person holds it throughout
    assert keyboard.first(resumed=False) is None
    assert keyboard.after(toy.next()) is None
    assert keyboard.seat == 1


def test_game_over_hands_nothing_over() -> None:
    toy = Toy()
    keyboard = Keyboard(toy, Words())
    toy.over = True
    assert keyboard.first(resumed=True) is None
    assert keyboard.after([Said("the end")]) is None
    assert keyboard.seat is TABLE


def test_a_step_taken_back_is_forgotten_before_anyone_is_told() -> None:
    toy = Toy()

    def forget(events: list[object]) -> list[object]:  # "undo" takes back the step before it
        out: list[object] = []
        for e in events:
            if isinstance(e, Whisper) and e.text == "undo":
                out.pop()
            else:
                out.append(e)
        return out

    keyboard = Keyboard(toy, Words(), forget=forget)
    keyboard.taken(keyboard.first(resumed=False))  # type: ignore[arg-type]
    assert keyboard.after([Said("seat 0 moved"), Whisper(0, "undo")]) is None
    handover = keyboard.after(toy.next())
    assert handover is not None and handover.detail == "seat 1 to play"


class Replayed(Words):
    def courtesy(self, engine: Any, why: Why, events: Sequence[object]) -> bool:
        return any(isinstance(e, Said) and "gather" in e.text for e in events)


def test_a_resumed_game_may_show_the_table_its_last_events_before_the_holder_takes_over() -> None:
    toy = Toy()
    keyboard = Keyboard(toy, Replayed())
    first = keyboard.first(resumed=True, last=[Said("gather: the last move")])
    assert first == Handover(TABLE, Why.RESUMED, "everyone: resumed", "the last move".join(["gather: ", ""]))
    keyboard.taken(first)  # type: ignore[arg-type]
    handover = keyboard.after(())
    assert handover is not None and handover.seat == 0 and handover.why is Why.TURN
    assert Keyboard(toy, Replayed()).first(resumed=True, last=[Said("quiet")]).seat == 0  # type: ignore[union-attr]
