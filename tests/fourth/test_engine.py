"""Tricks's own rules and data: following suit, who takes a trick, time running out, the end,
and a deck file that says which line is wrong."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardgames.common.decks import DeckError
from boardgames.common.game import IllegalActionError
from tests.fourth.engine import Card, Play, Played, TimeUp, Tricks, TrickTaken, load_cards
from tests.fourth.spec import SPEC, TricksSetup


def dealt(*hands: list[Card]) -> Tricks:
    """A game whose hands are exactly *hands*."""
    game = Tricks(tuple("ABCD"[: len(hands)]), len(hands[0]), random.Random(0), load_cards())
    game.hands = [sorted(hand) for hand in hands]
    return game


M, S = "Moons", "Suns"


def test_the_deck_file_deals_every_card_once() -> None:
    cards = load_cards()
    assert len(cards) == len(set(cards)) == 32 and {c.suit for c in cards} == {"Moons", "Suns", "Stars", "Comets"}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Moons 1-8\nSuns 1-x\n", "line 2: expected 'Suit low-high'"),
        ("Moons 1-8\nMoons 1-3\n", "line 2: the suit Moons is named twice"),
        ("# one suit is no game\nMoons 1-8\n", "a deck needs two suits at least"),
        ("Moons 8-1\nSuns 1-8\n", "line 1: expected"),
    ],
)
def test_a_bad_deck_file_names_its_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError, match=problem):
        load_cards(path)


def test_a_player_follows_the_led_suit_when_they_can() -> None:
    game = dealt([Card(M, 2), Card(S, 8)], [Card(M, 5), Card(S, 1)])
    game.apply(Play(0, Card(M, 2)))
    assert game.why_illegal(Play(1, Card(S, 1))) == "B must follow Moons"
    with pytest.raises(IllegalActionError, match="must follow"):
        game.apply(Play(1, Card(S, 1)))
    assert game.why_illegal(Play(0, Card(S, 8))) == "it is B's turn to play"
    assert game.why_illegal(Play(1, Card(M, 8))) == "8 Moons is not in B's hand"
    assert list(game.legal_actions) == [Play(1, Card(M, 5)), TimeUp(1)]


def test_an_off_suit_card_never_takes_a_trick() -> None:
    game = dealt([Card(M, 2)], [Card(S, 8)])
    game.apply(Play(0, Card(M, 2)))
    game.apply(Play(1, Card(S, 8)))  # B has no Moons: any card, but it cannot win
    assert game.tricks == [1, 0] and game.outcome() is not None and game.outcome().winners == frozenset({0})


def test_the_highest_card_of_the_led_suit_takes_the_trick_and_leads() -> None:
    game = dealt([Card(M, 2), Card(S, 3)], [Card(S, 8), Card(M, 1)], [Card(M, 4), Card(S, 2)])
    game.apply(Play(0, Card(M, 2)))
    game.apply(Play(1, Card(M, 1)))
    events = game.apply(Play(2, Card(M, 4)))
    assert events == [Played("C", Card(M, 4)), TrickTaken("C", 1)]
    assert game.tricks == [0, 0, 1] and game.to_play == 2 and game.view(None).last_trick[-1] == (2, Card(M, 4))
    game.apply(Play(2, Card(S, 2)))
    game.apply(Play(0, Card(S, 3)))
    game.apply(Play(1, Card(S, 8)))
    assert game.tricks == [0, 1, 1] and game.outcome() is not None
    assert game.outcome().winners == frozenset({1, 2}) and game.actors() == frozenset()  # a tie shares the win


def test_time_running_out_plays_the_lowest_card_allowed() -> None:
    game = dealt([Card(M, 6), Card(S, 1)], [Card(S, 4), Card(M, 7)])
    game.apply(TimeUp(0))
    assert game.view(None).trick == ((0, Card(M, 6)),)
    game.apply(TimeUp(1))
    assert game.view(None).last_trick == ((0, Card(M, 6)), (1, Card(M, 7)))


def test_a_seat_sees_its_own_hand_and_the_table_sees_none() -> None:
    game = SPEC.build(TricksSetup(("Ann", "Bob", "Cy"), 4), 9)
    assert game.view(None).hand is None and game.view(None).legal == ()
    assert len(game.view(1).hand or ()) == 4 and game.view(1).legal == ()  # Ann plays first
    assert {a.card for a in game.view(0).legal} == set(game.view(0).hand or ())


@pytest.mark.parametrize(
    "data",
    [
        {"names": ["Ann"]},
        {"names": ["Ann", "Ann"]},
        {"names": ["A", "B"], "hand": 9},
        {"names": ["A", "B"], "cards": 3},
        {"names": "AB"},
    ],
)
def test_a_saved_setup_that_is_not_one_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="not a Tricks setup"):
        SPEC.setup_from_json(data)
