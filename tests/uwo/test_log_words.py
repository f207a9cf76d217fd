"""The log both players read: events in the order they happened, in words for both.

The log and the handover are public (everyone at the table reads them), so they name
the sides instead of saying "you", and each number is the one that was paid.
"""

from __future__ import annotations

from boardgames.uwo.actions import Attack, EndTurn, Morph, Move
from boardgames.uwo.events import Morphed, Moved, Paid, RanOut
from boardgames.uwo.side import Side
from tests.uwo.positions import make, sq


def test_the_row_runs_empty_after_the_morph_that_emptied_it() -> None:
    g = make("c2=G:troop c5=P:troop", hands={"G": ["wisp"]}, energy=(1, 6))
    events = g.apply(Morph("wisp", sq("c2")))
    assert [type(e) for e in events] == [Morphed, RanOut]
    assert str(events[1]) == "The Gnorfs' energy row is empty."


def test_the_row_runs_empty_after_the_move_that_emptied_it() -> None:
    g = make("c2=G:troop c5=P:troop", energy=(1, 6))
    events = g.apply(Move(sq("c2"), sq("c3")))
    assert [type(e) for e in events] == [Moved, RanOut]


def test_spending_all_energy_says_what_was_left_not_the_turns_total() -> None:
    g = make("c2=G:troop c5=P:troop")
    g.apply(Move(sq("c2"), sq("c3")))  # 1 energy: 5 left
    events = g.apply(EndTurn(drain=True))
    paid = next(e for e in events if isinstance(e, Paid))
    assert paid.amount == 5 and str(paid) == "Gnorfs spend their remaining 5 energy."
    assert g.energy[Side.GNORFS] == 0
    assert events.index(paid) < next(i for i, e in enumerate(events) if isinstance(e, RanOut))


def test_a_duel_that_cannot_go_on_is_told_in_the_third_person() -> None:
    # The Pnorfs' defensive morph spends their last energy: no counter-attack, and the
    # reason is read by both players, so it says "the Pnorfs have 0", not "you have 0".
    g = make("c2=G:troop c3=P:troop e6=P:troop", hands={"P": ["brawler"]}, energy=(6, 1))
    g.apply(Attack(sq("c2"), sq("c3")))
    events = g.apply(Morph("brawler", sq("c3")))
    said = " ".join(str(e) for e in events)
    assert "you" not in said.lower().split() and "your" not in said.lower()
    assert "the Pnorfs have 0" in said
    assert said.index("Brawler") < said.index("energy row is empty") < said.index("The duel ends")


def test_side_names_keep_their_capitals_in_every_sentence() -> None:
    from boardgames.uwo.widgets import umo_notes

    g = make("c2=G:troop c5=P:troop/out")
    umo = g.view(Side.GNORFS).board[sq("c5")]
    assert umo is not None and umo.out_of_play
    assert "Out of play until the end of the Pnorfs' next turn." in umo_notes(umo)


def test_no_handover_when_no_card_the_defender_might_hold_could_shield() -> None:
    """U23: the Pnorfs have no evasion card left, and every card of theirs that is not on
    the board or out of the game is a Trooper, Longeye or Dynamite - none shields against
    a Trooper.  Both players can count that, so the hit lands at once and is told."""
    g = make(
        "c2=G:troop c3=P:troop e6=P:troop",
        hands={"P": ["longeye"]},
        decks={"P": ["dynamite", "longeye"]},
        evasions=(9, 0),
    )
    events = g.apply(Attack(sq("c2"), sq("c3")))
    said = " ".join(str(e) for e in events)
    assert g.phase.value == "turn" and g.board[sq("c3")] is None
    assert "none of their cards has a shield against a Trooper" in said


def test_the_defender_is_still_asked_when_only_their_secret_hand_has_no_fitting_card() -> None:
    """U11/U23: a Brawler (shield: Trooper) is still in the Pnorfs' deck, so the Gnorfs
    cannot tell whether the hand holds one: the Pnorfs are asked (their only answer,
    which only they see, is taking the hit)."""
    g = make(
        "c2=G:troop c3=P:troop e6=P:troop",
        hands={"P": ["longeye"]},
        decks={"P": ["brawler"]},
        evasions=(9, 0),
    )
    g.apply(Attack(sq("c2"), sq("c3")))
    assert g.phase.value == "defend"
    assert [str(a) for a in g.legal_list()] == ["take the hit"]


def test_no_public_event_of_whole_random_games_says_you() -> None:
    """Every event is read by both players (log, handover): none may say "you"."""
    import random

    from boardgames.uwo.engine import Game
    from boardgames.uwo.players import RandomPlayer

    said = 0
    for seed in range(12):
        g = Game.new(random.Random(seed))
        player = RandomPlayer(random.Random(seed + 100))
        while not g.is_over():
            for event in g.apply(player.pick(g.legal_list())):
                words = str(event).lower().replace(",", " ").replace(".", " ").replace("(", " ").split()
                assert "you" not in words and "your" not in words, str(event)
                said += 1
    assert said > 1000
