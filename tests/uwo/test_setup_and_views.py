"""Dealing a game, and what each seat may see of it."""

from __future__ import annotations

import random

import pytest

from boardgames.common import game as contract
from boardgames.common.game import PublicEvent, visible_to
from boardgames.uwo import board as B
from boardgames.uwo.actions import Swap
from boardgames.uwo.cards import Role, load_catalog
from boardgames.uwo.engine import HAND_SIZE, Game
from boardgames.uwo.events import Swapped
from boardgames.uwo.players import RandomPlayer
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase
from tests.uwo.positions import make

CAT = load_catalog()


def test_start_position() -> None:
    """Rulebook, "Beginning the Game": troops on the first two rows, 3 cards each, Gnorfs begin."""
    g = Game.new(random.Random(7))
    for sq in range(B.SQUARES):
        u = g.board[sq]
        row = B.row_of(sq)
        if row in (0, 1):
            assert u is not None and u.side is Side.GNORFS and u.kind.role is Role.TROOP
        elif row in (4, 5):
            assert u is not None and u.side is Side.PNORFS and u.kind.role is Role.TROOP
        else:
            assert u is None
    for s in Side:
        assert len(g.hands[s]) == HAND_SIZE
        assert len(g.decks[s]) == 40 - 10 - HAND_SIZE
        assert g.energy[s] == 6
        assert not any(CAT.card_kinds[c].role is Role.TROOP for c in g.hands[s] + g.decks[s])
    assert g.current is Side.GNORFS and g.to_act is Side.GNORFS and g.phase is Phase.TURN and g.turn == 1


def test_U25_the_starting_umos_are_placed_for_both_players() -> None:
    """U25: the 10 starting UMOs are the catalog's 10 Troopers, which fill the two home rows
    exactly - there is nothing left to choose, and the same deal places them the same way."""
    troops = [i for i, k in enumerate(CAT.card_kinds) if k is CAT.troop]
    assert len(troops) == 2 * B.COLS, "the catalog's Troopers must fill two rows of the board"
    a, b = Game.new(random.Random(1)), Game.new(random.Random(2))
    for g in (a, b):
        for side in Side:
            home = {B.square(c, r) for r in B.home_rows(side) for c in range(B.COLS)}
            on_board = {sq for sq, u in enumerate(g.board) if u is not None and u.side is side}
            assert on_board == home
            assert sorted(c for sq in home for c in g.board[sq].cards) == troops  # type: ignore[union-attr]
    assert [u and u.cards for u in a.board] == [u and u.cards for u in b.board]


def test_U1_evasion_cards_are_a_separate_public_supply() -> None:
    g = Game.new(random.Random(1))
    assert g.evasions == [9, 9]
    assert CAT.deck_size == 40 and sum(k.count for k in CAT.kinds) == 40
    view = g.view(None)
    assert view.sides[0].evasions == 9 and view.sides[1].evasions_max == 9


def test_the_deal_is_seeded() -> None:
    a, b, c = (Game.new(random.Random(s)) for s in (5, 5, 6))
    assert a.decks == b.decks and a.hands == b.hands
    assert a.decks != c.decks
    assert a.decks[0] != a.decks[1], "each side shuffles its own deck"


def test_U15_first_game_leaves_the_corners_empty() -> None:
    g = Game.new(random.Random(3), first_game=True)
    for name in ("a1", "e1", "a6", "e6"):
        assert g.board[B.parse(name)] is None
    assert g.alive == [8, 8]
    for s in Side:
        assert len(g.removed[s]) == 2
        assert all(CAT.card_kinds[c].role is Role.TROOP for c in g.removed[s])
    assert g.view(None).first_game


def test_view_strips_the_other_hand_and_both_deck_orders() -> None:
    g = Game.new(random.Random(11))
    gv, pv, public = g.view(Side.GNORFS), g.view(Side.PNORFS), g.view(None)
    assert gv.sides[0].hand is not None and len(gv.sides[0].hand) == 3
    assert gv.sides[1].hand is None
    assert pv.sides[0].hand is None and pv.sides[1].hand is not None
    assert public.sides[0].hand is None and public.sides[1].hand is None
    assert gv.sides[1].hand_size == 3 and gv.sides[0].deck_size == 27
    for view in (gv, pv, public):
        for field in view.sides[0].__slots__:
            assert "deck" not in field or field == "deck_size"
    # Legal actions (which name hand cards) only for the seat to act.
    assert gv.legal and not pv.legal and not public.legal


def test_U22_whole_stacks_are_public() -> None:
    g = make("b2=G:troop+wisp+brawler e6=P:troop")
    for viewer in (Side.GNORFS, Side.PNORFS, None):
        u = g.view(viewer).board[B.parse("b2")]
        assert u is not None and [k.key for k in u.stack] == ["troop", "wisp", "brawler"] and u.height == 3


def test_U13_a_swapped_card_stays_secret() -> None:
    g = make("b2=G:troop e6=P:troop", hands={"G": ["dynamite"]})
    events = g.apply(Swap("dynamite"))
    assert any(isinstance(e, Swapped) for e in events)
    assert not any("Dynamite" in str(e) for e in events)
    assert g.view(Side.PNORFS).sides[0].hand is None


def test_drawing_is_public_only_as_a_count() -> None:
    g = make("b2=G:troop e6=P:troop", hands={"G": ["wisp"]}, decks={"G": ["rider", "dynamite"]})
    from boardgames.uwo.actions import EndTurn
    from boardgames.uwo.events import Drew

    events = g.apply(EndTurn())
    drew = [e for e in events if isinstance(e, Drew)]
    assert drew == [Drew(Side.GNORFS, 2)]
    text = " ".join(map(str, events))
    assert not any(k.name in text for k in CAT.kinds if k.role is not Role.TROOP)


@pytest.mark.parametrize("seed", range(20))
def test_from_view_agrees_with_the_view(seed: int) -> None:
    """A determinized game shows its seat exactly what the real one does."""
    from boardgames.uwo.players import RandomPlayer

    g = Game.new(random.Random(seed))
    player = RandomPlayer(random.Random(seed))
    for _ in range(random.Random(seed).randrange(0, 150)):
        if g.is_over():
            break
        g.apply(player.pick(g.legal_list()))
    for viewer in (Side.GNORFS, Side.PNORFS, None):
        view = g.view(viewer)
        sample = Game.from_view(view, random.Random(seed + 100))
        assert sample.view(viewer) == view
        if viewer is not None and view.to_act is viewer:
            assert sample.legal_list() == g.legal_list()


def test_copy_is_independent() -> None:
    g = Game.new(random.Random(4))
    h = g.copy()
    action = g.legal_list()[0]
    g.apply(action)
    assert h.view(None) != g.view(None)
    assert h.view(Side.GNORFS) == Game.new(random.Random(4)).view(Side.GNORFS)


def _played(seed: int, steps: int) -> tuple[Game, list[object]]:
    """A game after ``steps`` random legal actions, and every event they gave."""
    g = Game.new(random.Random(seed))
    player = RandomPlayer(random.Random(seed + 1))
    happened: list[object] = []
    for _ in range(steps):
        if g.is_over():
            break
        happened.extend(g.apply(player.pick(g.legal_list())))
    return g, happened


def test_every_event_is_public_and_keeps_its_words() -> None:
    # (but ``Undone``, never listed by legal_list, whose audience is its side: test_undo.py)
    g, happened = _played(3, 2000)
    assert g.is_over() and happened
    for event in happened:
        assert isinstance(event, PublicEvent) and isinstance(event, contract.GameEvent)
        assert event.audience is None
        assert visible_to(event, None) and visible_to(event, Side.GNORFS) and visible_to(event, Side.PNORFS)
        assert not hasattr(event, "__dict__")  # slotted: frozen msgspec Structs
        text = str(event)
        assert text[-1] in ".!" and "PublicEvent" not in text


@pytest.mark.parametrize("seed", range(8))
def test_the_table_view_hides_every_secret(seed: int) -> None:
    """``view(None)`` shows no hand, no deck order, no legal actions: two games that differ
    only in what nobody at the table may see give the very same table view."""
    g, _ = _played(seed, random.Random(seed).randrange(0, 150))
    table = g.view(None)
    assert table.viewer is None and table.legal == ()
    assert all(side.hand is None for side in table.sides)
    for deal in range(3):  # the hidden cards dealt afresh, differently each time
        other = Game.from_view(table, random.Random(deal))
        assert other.view(None) == table
    assert g.view(0) == g.view(Side.GNORFS) and g.view(1) == g.view(Side.PNORFS)  # a seat is an int
