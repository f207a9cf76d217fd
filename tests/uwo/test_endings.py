"""Games that end before the turn limit: resigning, a draw offered and answered (U26),
and a position repeated (U27) - pure engine, seeded, and through a save."""

from __future__ import annotations

import random

import pytest

from boardgames.common.game import IllegalActionError
from boardgames.uwo.actions import AnswerDraw, EndTurn, Move, OfferDraw, Resign, Undo, parse_action
from boardgames.uwo.ai import ComputerPlayer
from boardgames.uwo.engine import REPEATS, Game
from boardgames.uwo.events import DrawAnswered, DrawOffered, GameEnded, Resigned
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase
from tests.uwo.positions import make, sq

G, P = Side.GNORFS, Side.PNORFS


def test_U26_resigning_ends_the_game_for_the_other_side() -> None:
    g = Game.new(random.Random(3))
    ev = g.apply(Resign())
    assert [type(e) for e in ev] == [Resigned, GameEnded]
    assert str(ev[0]) == "The Gnorfs resign."
    assert g.outcome() is not None and g.outcome().winner is P  # type: ignore[union-attr]
    assert g.phase is Phase.OVER and g.to_act is None
    assert str(ev[1]) == "The Pnorfs win: the Gnorfs resigned."


def test_U26_the_defender_may_resign_in_a_duel() -> None:
    g = make("c2=G:troop c3=P:troop")
    g.apply(parse_action("attack c2xc3"))
    assert g.to_act is P
    g.apply(Resign())
    assert g.outcome().winner is G  # type: ignore[union-attr]


def test_U26_resign_and_offer_are_never_listed() -> None:
    """A player choosing among the listed moves never gives the game away by chance."""
    g = Game.new(random.Random(3))
    assert Resign() in g.legal_actions and OfferDraw() in g.legal_actions
    assert not any(isinstance(a, (Resign, OfferDraw, AnswerDraw)) for a in g.legal_list())


def test_U26_a_declined_offer_leaves_the_turn_where_it_was() -> None:
    g = make("b2=G:troop e6=P:troop")
    g.apply(Move(sq("b2"), sq("b3")))
    ev = g.apply(OfferDraw())
    assert ev == [DrawOffered(G)] and str(ev[0]) == "The Gnorfs offer a draw."
    assert g.phase is Phase.DRAW_OFFER and g.to_act is P and g.current is G
    assert g.legal_list() == [AnswerDraw(True), AnswerDraw(False)]
    view = g.view(P)
    assert view.legal == (AnswerDraw(True), AnswerDraw(False)) and view.draw_offered
    with pytest.raises(IllegalActionError, match="offer of a draw"):
        g.apply(EndTurn())
    ev = g.apply(AnswerDraw(accept=False))
    assert ev == [DrawAnswered(P, False)]
    assert str(ev[0]) == "The Pnorfs decline the draw; the Gnorfs' turn goes on."
    assert g.phase is Phase.TURN and g.to_act is G and g.action_used
    assert g.why_illegal(OfferDraw()) == "you have already offered a draw this turn (U26)"
    assert Undo() in g.legal_actions  # the move before the offer can still be taken back (U24)
    g.apply(EndTurn())
    g.apply(OfferDraw())  # a new turn (the Pnorfs'), a new offer
    assert g.to_act is G


def test_U26_an_accepted_offer_is_a_draw() -> None:
    g = Game.new(random.Random(3))
    g.apply(OfferDraw())
    ev = g.apply(AnswerDraw(accept=True))
    assert [type(e) for e in ev] == [DrawAnswered, GameEnded]
    assert str(ev[-1]) == "The game is a draw: the Pnorfs accepted the Gnorfs' offer."
    assert g.outcome() is not None and g.outcome().winner is None  # type: ignore[union-attr]


def test_U26_no_offer_in_a_duel_nor_an_answer_without_one() -> None:
    g = make("c2=G:troop c3=P:troop")
    assert g.why_illegal(AnswerDraw(accept=True)) == "nobody has offered a draw"
    g.apply(parse_action("attack c2xc3"))
    assert "outside a duel" in (g.why_illegal(OfferDraw()) or "")


def test_U26_the_actions_read_back_from_their_words() -> None:
    for a in (Resign(), OfferDraw(), AnswerDraw(True), AnswerDraw(False)):
        assert parse_action(str(a)) == a


def test_U26_the_computer_accepts_a_draw_only_when_it_is_not_winning() -> None:
    """Its own evaluation decides: far behind (one UMO against three), it accepts; far ahead, it plays on."""
    behind = make("a1=G:troop b1=G:troop c1=G:troop e6=P:troop")
    behind.apply(OfferDraw())
    ahead = make("a1=G:troop e5=P:troop e6=P:troop d6=P:troop")
    ahead.apply(OfferDraw())
    player = ComputerPlayer("normal", random.Random(1))
    assert player.choose(behind.view(P)) == AnswerDraw(accept=True)
    assert ComputerPlayer("normal", random.Random(1)).choose(ahead.view(P)) == AnswerDraw(accept=False)


def _shuffle(g: Game, times: int) -> list[object]:
    """Both sides step out and back, ``times`` whole rounds (4 turns each)."""
    ev: list[object] = []
    for _ in range(times):
        for text in ("move a1-a2", "move e6-e5", "move a2-a1", "move e5-e6"):
            if g.is_over():
                return ev
            ev += g.apply(parse_action(text))
            if not g.is_over():
                ev += g.apply(EndTurn())
    return ev


def test_U27_the_third_time_a_position_comes_up_the_game_is_drawn() -> None:
    """Two UMOs stepping out and back: energy is part of the position, so the squares come
    back as the same position only once both rows are where they were (every 12 turns)."""
    g = make("a1=G:troop e6=P:troop", energy=(6, 6))
    assert g.repetitions() == 1
    counts: list[int] = []
    while not g.is_over() and g.turn < 200:
        _shuffle(g, 1)
        counts.append(g.repetitions())
    outcome = g.outcome()
    assert outcome is not None and outcome.winner is None
    assert outcome.reason == "the same position came up for the third time"
    assert g.turn < 60  # long before the 300-turn limit (U14)
    assert g.repetitions() == REPEATS and max(counts[:-1]) < REPEATS  # drawn the first time it was the third


def test_U27_a_position_counts_what_both_players_see_not_the_hidden_cards() -> None:
    a = make("a1=G:troop e6=P:troop", hands={"G": ["skitter"]})
    b = make("a1=G:troop e6=P:troop", hands={"G": ["wisp"]})
    assert a.position_key() == b.position_key()
    c = make("a1=G:troop e6=P:troop", hands={"G": ["wisp", "wisp"]})
    assert a.position_key() != c.position_key()


def test_U27_copies_and_samples_share_the_history() -> None:
    g = make("a1=G:troop e6=P:troop", energy=(6, 6))
    _shuffle(g, 3)
    h = g.copy()
    assert h.positions() == g.positions()
    _shuffle(h, 1)
    assert h.positions() != g.positions()  # the copy's turns are its own
    sample = Game.from_view(g.view(G), random.Random(1))
    assert sample.positions() == g.positions() and sample.repetitions() == g.repetitions()


def test_U27_a_repetition_is_replayed_by_a_save() -> None:
    """The draw comes from the actions alone: replaying them on the same deal draws again."""
    g = make("a1=G:troop e6=P:troop", energy=(6, 6))
    actions = []
    while not g.is_over():
        for text in (
            "move a1-a2",
            "end turn",
            "move e6-e5",
            "end turn",
            "move a2-a1",
            "end turn",
            "move e5-e6",
            "end turn",
        ):
            if g.is_over():
                break
            a = parse_action(text)
            g.apply(a)
            actions.append(a)
    again = make("a1=G:troop e6=P:troop", energy=(6, 6))
    for a in actions:
        again.apply(a)
    assert again.outcome() == g.outcome() and again.turn == g.turn
