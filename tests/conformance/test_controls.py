"""Each law of ``laws`` fails on an engine that breaks it: the suite has teeth.

The broken engines are the proof game (``tests.fourth``), which keeps every law, with
one thing undone each.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from boardgames.common.handovers import Handover, Keyboard, Why, holder
from tests.conformance import laws
from tests.conformance.adapters import Adapter
from tests.fourth import engine as tricks
from tests.fourth.adapter import adapter
from tests.fourth.engine import IllegalActionError, Played, Tricks
from tests.fourth.screen import Words
from tests.fourth.spec import SPEC, TricksSetup


def broken(engine: type[Tricks], *, deal: Any = None) -> Adapter:
    """The proof game's adapter, its games built as *engine* (dealt by *deal*, if given)."""

    def build(setup: TricksSetup, seed: int) -> Tricks:
        return engine(setup.names, setup.hand, deal() if deal else random.Random(seed), tricks.load_cards())

    spec = copy.copy(SPEC)  # the same game, but for how it is dealt
    spec.build = build
    return replace(adapter(), spec=spec)


def test_the_proof_game_keeps_every_law(tmp_path: Path) -> None:
    """The baseline the controls break: the same engine, unbroken."""
    whole = broken(Tricks)
    assert laws.refusals(whole, 1) and laws.actors(whole, 1) and laws.winners(whole, 1)
    assert laws.secrecy(whole, 1) and laws.resume(whole, 1, tmp_path) and laws.handovers(whole, 1)


# --- refusals -------------------------------------------------------------------------------


class SaysYesToAnything(Tricks):
    def why_illegal(self, action: object) -> str | None:
        return None if isinstance(action, tricks.Play) else super().why_illegal(action)


class RefusesAnotherWay(Tricks):
    def apply(self, action: Any) -> list[object]:
        if self.why_illegal(action) is not None:
            raise ValueError("no")
        return super().apply(action)


class RefusesTooLate(Tricks):
    def apply(self, action: Any) -> list[object]:
        if (
            isinstance(action, tricks.Play)
            and action.seat == self.to_play
            and action.card not in self.hands[action.seat]
        ):
            self.tricks[action.seat] += 1  # a point taken before the check
        return super().apply(action)


class RefusesInOtherWords(Tricks):
    def apply(self, action: Any) -> list[object]:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(action, reason.upper())
        return super().apply(action)


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        (SaysYesToAnything, "said legal but apply raised|legal in a finished game"),
        (RefusesAnotherWay, "not IllegalActionError"),
        (RefusesTooLate, "changed the game"),
        (RefusesInOtherWords, "the refusal of"),
    ],
)
def test_the_refusal_law_fails_when_refusals_break(engine: type[Tricks], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        laws.refusals(broken(engine), 1)


# --- actors ---------------------------------------------------------------------------------


class EveryoneActs(Tricks):
    def actors(self) -> frozenset[int]:
        return frozenset(range(self.seats)) if self.to_play is not None else frozenset()


class ActsWhenOver(Tricks):
    def actors(self) -> frozenset[int]:
        return super().actors() or frozenset({0})


class OffersToOthers(Tricks):
    def view(self, seat: int | None) -> tricks.TricksView:
        view = super().view(seat)
        if seat is not None and seat != self.to_play and self.hands[seat]:
            return replace_view(view, legal=(tricks.Play(seat, self.hands[seat][0]),))
        return view


def replace_view(view: tricks.TricksView, **changes: object) -> tricks.TricksView:
    import msgspec

    return msgspec.structs.replace(view, **changes)


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        (EveryoneActs, "act but have no legal action"),
        (ActsWhenOver, "with the outcome"),
        (OffersToOthers, "does not act but its view offers"),
    ],
)
def test_the_actors_law_fails_when_actors_and_legal_actions_disagree(engine: type[Tricks], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        laws.actors(broken(engine), 1)


class NoWinners(Tricks):
    def outcome(self) -> Any:
        outcome = super().outcome()
        return None if outcome is None else ("over", outcome.tricks)


def test_the_winners_law_fails_on_an_outcome_without_winners() -> None:
    with pytest.raises(AssertionError, match="names no winners"):
        laws.winners(broken(NoWinners), 1)


# --- secrets --------------------------------------------------------------------------------


class ShowsTheLeadersHand(Tricks):
    """Every seat's view shows seat 0's hand where its own should be."""

    def view(self, seat: int | None) -> tricks.TricksView:
        view = super().view(seat)
        return view if seat is None else replace_view(view, hand=tuple(self.hands[0]))


class TellsTheHand(Tricks):
    """Each public "played" event names the cards the player still holds."""

    def apply(self, action: Any) -> list[object]:
        seat = action.seat if isinstance(action, tricks.Play | tricks.TimeUp) else None
        events = super().apply(action)
        if seat is not None and self.hands[seat]:
            events.append(Played(self.names[seat], self.hands[seat][-1]))
        return events


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        (ShowsTheLeadersHand, "sees seat 0's"),
        (TellsTheHand, "tells seat"),
    ],
)
def test_the_secrets_law_fails_when_a_secret_reaches_another_seat(engine: type[Tricks], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        laws.secrecy(broken(engine), 1)


# --- save and resume ------------------------------------------------------------------------


def test_the_resume_law_fails_when_the_deal_is_not_the_seeds(tmp_path: Path) -> None:
    """Dealt by a generator the seed does not make: the replay is another game."""
    unseeded = iter(range(1000, 2000))
    with pytest.raises(AssertionError, match="another game"):
        laws.resume(broken(Tricks, deal=lambda: random.Random(next(unseeded))), 1, tmp_path)


# --- purity ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("added", "message"),
    [
        ("import time\n", "imports time"),
        ("from textual.widgets import Static\n", "imports textual.widgets"),
        ("def later():\n    from rich.text import Text\n", "imports rich.text"),
        ("from random import shuffle\n", "the global generator"),
        ("def deal(cards):\n    random.shuffle(cards)\n", "random.shuffle, the global generator"),
    ],
)
def test_the_purity_law_fails_when_an_engine_imports_what_it_may_not(added: str, message: str) -> None:
    real = laws._read_ours  # noqa: SLF001 - the law's own reader, with one module changed

    def read(name: str) -> tuple[str, str] | None:
        found = real(name)
        if found is not None and name == "tests.fourth.engine":
            return found[0] + added, found[1]
        return found

    assert laws.impurities("tests.fourth.engine") == []
    found = laws.impurities("tests.fourth.engine", read)
    assert any(message in line for line in found), found


def test_a_type_checking_import_is_no_impurity() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from textual.app import App\n"
    assert laws.impurities("toy", lambda name: (source, "toy.py") if name == "toy" else None) == []


# --- handovers ------------------------------------------------------------------------------


class TellsEveryHand(Words):
    def detail(self, engine: Tricks, seat: int | None, why: Why, seen: Sequence[object]) -> str:
        return " ".join(str(card) for hand in engine.hands for card in hand)


def test_the_handover_law_fails_when_the_words_tell_a_secret() -> None:
    with pytest.raises(AssertionError, match="tells seat"):
        laws.handovers(adapter(), 1, TellsEveryHand())


def test_the_handover_law_fails_without_handovers(monkeypatch: pytest.MonkeyPatch) -> None:
    def after(self: Keyboard, events: Iterable[object]) -> Handover | None:
        self.seat = holder(self.engine)  # the next player's hand, at once
        return None

    monkeypatch.setattr(Keyboard, "after", after)
    with pytest.raises(AssertionError, match="drawn without a handover"):
        laws.handovers(adapter(), 1)


def test_the_handover_law_fails_when_a_hand_stays_under_the_handover(monkeypatch: pytest.MonkeyPatch) -> None:
    handover = Keyboard._handover  # noqa: SLF001 - the policy's own step, with its wipe undone

    def keeping(self: Keyboard, seat: int | None, why: Why) -> Handover:
        kept = self.seat
        made = handover(self, seat, why)
        self.seat = kept
        return made

    monkeypatch.setattr(Keyboard, "_handover", keeping)
    with pytest.raises(AssertionError, match="under the handover"):
        laws.handovers(adapter(), 1)
