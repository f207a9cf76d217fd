"""U24: this turn's morphs and moves can be taken back, last first, until an attack.

``Undo`` is an action in the stream (as python-chess's ``push``/``pop`` are calls on
one board): the engine keeps what each step changed, a save records the ``Undo``,
and a replay takes the same step back.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames.common.saves import SaveStore
from boardgames.common.session import GameSession
from boardgames.uwo.actions import (
    Attack,
    EndTurn,
    Morph,
    Move,
    Ride,
    Swap,
    Undo,
    parse_action,
)
from boardgames.uwo.engine import Game, IllegalActionError
from boardgames.uwo.events import Undone
from boardgames.uwo.players import RandomPlayer
from boardgames.uwo.side import Side
from boardgames.uwo.spec import SPEC, UwoSetup
from boardgames.uwo.view import Phase
from tests.uwo.positions import make, sq, top


def seen(g: Game) -> tuple[object, ...]:
    """Everything anyone could see or hold: both seats' views, the public one, every card's place."""
    return (
        g.view(None),
        g.view(Side.GNORFS),
        g.view(Side.PNORFS),
        tuple(tuple(g.card_places(s)) for s in Side),
        tuple(tuple(d) for d in g.decks),
        g.morph_used,
        g.action_used,
        g.paid,
        g.ran_out_first,
    )


def test_a_morph_taken_back_returns_the_card_to_its_place_in_the_hand_and_the_energy() -> None:
    g = make("c2=G:troop c5=P:troop", hands={"G": ["skitter", "wisp", "brawler"]})
    before = seen(g)
    g.apply(Morph("wisp", sq("c2")))
    assert top(g, "c2") == "G:wisp" and g.energy[Side.GNORFS] == 5 and g.view(None).undoable == 1
    events = g.apply(Undo())
    assert seen(g) == before
    assert [k.key for k in g.hand_kinds(Side.GNORFS)] == ["skitter", "wisp", "brawler"]  # same place, too
    (undone,) = events
    assert isinstance(undone, Undone) and undone.refund == 1
    assert str(undone) == (
        "The Gnorfs take back their morph on c2: the Wisp card goes back to their hand "
        "and the UMO is a Trooper again (1 energy back)."
    )


def test_morph_then_move_are_taken_back_last_first() -> None:
    g = make("c2=G:troop c5=P:troop", hands={"G": ["skitter"]})
    start = seen(g)
    g.apply(Morph("skitter", sq("c2")))
    after_morph = seen(g)
    g.apply(Move(sq("c2"), sq("c4")))
    assert g.view(None).undoable == 2
    (undone,) = g.apply(Undo())
    assert "the move of their Skitter from c2 to c4" in str(undone)
    assert seen(g) == after_morph
    g.apply(Undo())
    assert seen(g) == start
    with pytest.raises(IllegalActionError, match="nothing of this turn to take back"):
        g.apply(Undo())


def test_an_attack_closes_the_turn_to_undoing() -> None:
    g = make("c2=G:troop d1=G:troop c3=P:troop e6=P:troop", hands={"G": ["wisp"]}, evasions=(9, 0))
    g.apply(Morph("wisp", sq("d1")))
    g.apply(Attack(sq("c2"), sq("c3")))  # no evasion left, no hand: the hit lands at once (U11)
    assert g.phase is Phase.TURN and top(g, "c3") is None
    assert Undo() not in g.legal_actions
    assert "cannot be taken back" in (g.why_illegal(Undo()) or "")


def test_a_swap_and_the_end_of_the_turn_close_it_too() -> None:
    g = make("c2=G:troop c5=P:troop", hands={"G": ["wisp"], "P": ["wisp"]})
    g.apply(Move(sq("c2"), sq("c3")))
    g.apply(EndTurn())
    assert g.current is Side.PNORFS and Undo() not in g.legal_actions  # a new turn: nothing to take back
    g.apply(Swap("wisp"))
    assert g.current is Side.GNORFS and Undo() not in g.legal_actions


def test_no_undo_in_a_duel() -> None:
    g = make("c2=G:troop c3=P:troop e6=P:troop", hands={"P": ["brawler"]})
    g.apply(Attack(sq("c2"), sq("c3")))
    assert g.phase is Phase.DEFEND
    assert g.why_illegal(Undo()) == "in a duel nothing can be taken back (U24)"


def test_a_turn_whose_paid_step_was_undone_still_pays_its_minimum() -> None:
    g = make("c2=G:troop c5=P:troop")
    g.apply(Move(sq("c2"), sq("c3")))
    g.apply(Undo())
    assert g.paid == 0 and g.energy[Side.GNORFS] == 6
    g.apply(EndTurn())
    assert g.energy[Side.GNORFS] == 5  # U12: the turn paid nothing, so it pays 1


def test_undo_is_legal_but_never_listed_for_a_player_choosing_among_moves() -> None:
    g = make("c2=G:troop c5=P:troop")
    g.apply(Move(sq("c2"), sq("c3")))
    assert Undo() in g.legal_actions
    assert Undo() not in g.legal_list() and Undo() not in g.view(Side.GNORFS).legal
    assert parse_action(str(Undo())) == Undo()


def _random_turn(seed: int, steps: int) -> Game:
    g = Game.new(random.Random(seed))
    player = RandomPlayer(random.Random(seed * 3 + 2))
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(player.pick(g.legal_list()))
    return g


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 300), pick=st.integers(0, 10**6))
def test_undo_after_any_legal_morph_or_move_restores_exactly_what_each_seat_saw(
    seed: int, steps: int, pick: int
) -> None:
    g = _random_turn(seed, steps)
    if g.phase is not Phase.TURN:
        return
    steps_now = [a for a in g.legal_list() if isinstance(a, (Morph, Move, Ride))]
    if not steps_now:
        return
    before = seen(g)
    undoable = g.view(None).undoable
    closed = "cannot be taken back" in (g.why_illegal(Undo()) or "")  # an attack came first this turn
    g.apply(steps_now[pick % len(steps_now)])
    if closed:
        assert Undo() not in g.legal_actions
        return
    assert g.view(None).undoable == undoable + 1
    # legal, yet never offered to a player choosing from the view (the computer never undoes)
    assert Undo() in g.legal_actions and Undo() not in g.view(g.current).legal
    g.apply(Undo())
    assert seen(g) == before
    assert g.view(None).undoable == undoable


def test_a_save_with_undone_steps_replays_to_the_same_duel() -> None:
    session = GameSession.start(SPEC, UwoSetup(), 11, store=SaveStore())
    g = session.engine
    mine = next(a for a in g.legal_list() if isinstance(a, Move))
    kind = g.hand_kinds(Side.GNORFS)[0].key
    for action in (mine, Undo(), Morph(kind, mine.src), mine, Undo(), EndTurn()):
        step = session.apply(action)
        assert step.applied, step.refusal
    assert session.autosave is not None
    record = session.autosave.record
    assert len(record.actions) == 6
    session.close()  # left: one window at a time holds a game (tests/common/test_save_lock.py)
    again = GameSession.resume(SPEC, record).engine
    assert seen(again) == seen(g)
    # move, undone; morph, move, the move undone: the morphed UMO stands where it started
    assert again.board[mine.src] is not None and again.board[mine.src].kind.key == kind  # type: ignore[union-attr]
    assert again.board[mine.dst] is None
    assert any(isinstance(e, Undone) for e in GameSession.resume(SPEC, record).history)


def test_the_log_forgets_steps_taken_back() -> None:
    """``standing``: what the log and the handover show (U24) - an undone step, what it
    caused, and the ``Undone`` itself are gone; what came before stays."""
    from boardgames.uwo.events import standing

    g = make("c2=G:troop d2=G:troop c5=P:troop", hands={"G": ["wisp"]}, energy=(2, 6))
    happened: list[object] = ["a heading"]
    happened += g.apply(Move(sq("d2"), sq("d3")))
    kept = list(happened)
    happened += g.apply(Morph("wisp", sq("c2")))  # the last energy: the row runs empty too
    assert any("energy row is empty" in str(e) for e in happened)
    happened += g.apply(Undo())
    assert standing(happened) == kept
    happened += g.apply(Undo())
    assert standing(happened) == ["a heading"]


def test_only_its_side_is_told_what_went_back_into_the_hand() -> None:
    from boardgames.common.game import visible_to

    g = make("c2=G:troop c5=P:troop", hands={"G": ["wisp"]})
    g.apply(Morph("wisp", sq("c2")))
    (undone,) = g.apply(Undo())
    assert visible_to(undone, Side.GNORFS)
    assert not visible_to(undone, Side.PNORFS) and not visible_to(undone, None)
