"""Per-player views, legal actions, events and errors: what the screen relies on."""

from __future__ import annotations

import random

import pytest

from boardgames.common.game import LegalActions, visible_to
from boardgames.vowl.actions import (
    Action,
    Answer,
    Buzz,
    ChooseOpponent,
    Discard,
    Pass,
    PlaceExtras,
    Revisit,
    Roll,
    ScoreTwo,
    StartRun,
    TimeUp,
)
from boardgames.vowl.cards import Tier
from boardgames.vowl.engine import IllegalActionError, VowlGame, view
from boardgames.vowl.events import AnswerAccepted, CardFlipped
from boardgames.vowl.kinds import Phase
from boardgames.vowl.track import Board, Extras, ModeFace
from tests.vowl.conftest import (
    ANN,
    BOB,
    CY,
    actor_names,
    cards_in,
    current,
    make_decks,
    make_game,
    matcher_for,
    roll,
    seat_of,
    set_tokens,
    solve,
    solve_pile,
    start_solitaire,
)


def test_view_function_and_method_agree() -> None:
    game = make_game()
    assert view(game, 0) == game.view(0) == game.view(seat_of(game, ANN))
    assert view(game) == game.view(None)
    assert game.view(1) == game.view(seat_of(game, BOB)) and game.view(1).viewer == 1 and game.view(None).viewer is None


def test_view_of_someone_not_at_the_table_is_refused() -> None:
    for stranger in (2, -1, "Ann Lee", True):  # a seat of this table, never a name
        with pytest.raises(KeyError):
            make_game().view(stranger)  # type: ignore[arg-type]


def test_only_the_player_who_must_act_gets_legal_actions() -> None:
    game = make_game((ANN, BOB, CY))
    assert game.view(seat_of(game, ANN)).actors == (seat_of(game, ANN),)
    assert Roll() in game.view(seat_of(game, ANN)).legal
    assert not game.view(seat_of(game, BOB)).legal
    assert not game.view(None).legal


def test_view_carries_the_scoreboard() -> None:
    game = make_game((ANN, BOB), board=Board.ADVANCED)
    set_tokens(game, BOB, score=11, victory=13)
    v = game.view(None)
    bob = v.player(seat_of(game, BOB))
    assert (bob.score, bob.victory, bob.extras, bob.within_reach, bob.distance) == (
        11,
        13,
        Extras(advanced=1, expert=1),
        True,
        2,
    )
    assert v.board is Board.ADVANCED and v.current_player == seat_of(game, ANN) and v.turn == 1
    assert [d.draw for d in v.decks] == [30, 16, 10]


def test_view_never_shows_a_card_still_in_a_deck_or_face_down() -> None:
    game = make_game((ANN, BOB, CY))
    roll(game, 4, ModeFace.SOLITAIRE)
    game.apply(StartRun())
    face_down = [c for place, c in game.card_places() if "deck" in place or "pile" in place]
    for viewer in (None, ANN, BOB, CY):
        shown = set(cards_in(game.view(None if viewer is None else seat_of(game, viewer))))
        assert shown == {current(game)}
        assert not shown & set(face_down)


def test_the_secrecy_walker_sees_a_card_inside_any_value() -> None:
    """``cards_in`` (every secrecy check here) looks inside events, actions and views
    alike, whatever kind of class they are: a card it cannot see would pass for kept."""
    game = make_game()
    roll(game, 4, ModeFace.SOLITAIRE)
    game.apply(StartRun())
    card = current(game)
    assert cards_in(CardFlipped(seat_of(game, ANN), card, False)) == [card]
    assert cards_in([Revisit(card), (AnswerAccepted(seat_of(game, ANN), card, "x"),)]) == [card, card]
    assert card in cards_in(game.view(seat_of(game, ANN)))


def test_the_selection_hand_is_shown_to_the_opponent_alone() -> None:
    game = make_game()
    roll(game, 3, ModeFace.PARTNER)
    hand = set(game.view(seat_of(game, BOB)).selection.hand)  # type: ignore[union-attr, arg-type]
    assert len(hand) == 6
    assert set(cards_in(game.view(seat_of(game, BOB)))) == hand  # in the hand and in the Discard choices
    assert not set(cards_in(game.view(seat_of(game, ANN)))) & hand
    assert not set(cards_in(game.view(None))) & hand


def test_head_to_head_events_of_a_racer_are_for_that_racer_only() -> None:
    game = make_game()
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    events = game.apply(StartRun())
    flipped = events[-1]
    assert isinstance(flipped, CardFlipped) and flipped.audience == frozenset({seat_of(game, ANN)}) == {0}
    assert flipped in game.view(seat_of(game, ANN)).last_events
    assert flipped not in game.view(seat_of(game, BOB)).last_events
    assert flipped not in game.view(None).last_events
    events = solve(game, 2.0)
    assert isinstance(events[0], AnswerAccepted) and not visible_to(events[0], seat_of(game, BOB))


def test_after_the_race_both_piles_are_public() -> None:
    game = make_game()
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    game.apply(StartRun())
    solve_pile(game, timed=True)
    game.apply(StartRun())
    game.apply(TimeUp())
    assert game.phase is Phase.SCORE
    v = game.view(None)
    assert all(r.visible for r in v.runs)
    assert v.race is not None and v.race.winner == seat_of(game, ANN)
    assert v.review is not None and len(v.review.cards) == 6


def test_view_during_place_extras_shows_who_places_and_how_many() -> None:
    game = make_game()
    set_tokens(game, ANN, score=5)
    roll(game, 3, ModeFace.SOLITAIRE)
    v = game.view(None)
    assert v.phase is Phase.PLACE_EXTRAS and v.extras_owner == seat_of(game, ANN) and v.pending_extras == 2
    assert set(game.view(seat_of(game, ANN)).legal) == {PlaceExtras(True), PlaceExtras(False)}


def test_view_during_solving_has_the_current_card_passed_cards_and_counts() -> None:
    game = make_game()
    start_solitaire(game, 4)
    first = current(game)
    game.apply(Pass())
    solve(game)
    run = game.view(seat_of(game, ANN)).active_run
    assert run is not None
    assert (run.total, run.pile_left, run.passed, run.solved_count, run.cards_left) == (4, 1, (first,), 1, 3)
    assert Revisit(first) in game.view(seat_of(game, ANN)).legal
    assert game.view(seat_of(game, ANN)).answer is not None
    assert game.view(None).legal == () and game.view(None).answer is None  # the table acts for nobody


def test_last_turn_is_kept_for_the_after_turn_screen() -> None:
    game = make_game()
    start_solitaire(game)
    solve_pile(game)
    review = game.view(None).review
    game.apply(ScoreTwo())
    v = game.view(None)
    assert v.review is None and v.last_turn == review and v.phase is Phase.ROLL


def test_views_and_actions_are_immutable_values() -> None:
    game = make_game()
    v = game.view(seat_of(game, ANN))
    with pytest.raises(AttributeError):  # frozen (a msgspec.Struct, as it was a frozen dataclass)
        v.phase = Phase.GAME_OVER  # type: ignore[misc]
    assert Answer("savor", 1.0) == Answer("savor", 1.0)
    assert hash(Discard([*make_decks()[Tier.BASIC][:3]])) == hash(Discard(frozenset(make_decks()[Tier.BASIC][:3])))


# --------------------------------------------------------------------------- legal actions


def test_legal_actions_membership_kinds_and_iteration() -> None:
    game = make_game()
    start_solitaire(game, 3)
    legal = game.legal_actions
    word = current(game).answers[0]
    assert Answer(word) in legal and Answer("anything at all") in legal
    assert Pass() in legal and TimeUp() in legal and Roll() not in legal
    assert isinstance(legal, LegalActions)  # the suite's lazy one
    assert list(legal) == [Pass(), TimeUp()]  # the open-ended Answer is a rule, not a list
    assert len(legal) == 2 and bool(legal)
    assert "Pass" not in legal and Answer(word, elapsed=float("nan")) not in legal  # type: ignore[comparison-overlap]
    assert game.answer_rule() is not None
    first = current(game)
    assert Revisit(first) not in legal
    game.apply(Pass())
    assert Revisit(first) in legal  # the game as it is when asked, not when the container was made
    assert Roll() not in legal


# --------------------------------------------------------------------------- errors


def test_illegal_action_error_is_a_value_error_with_a_reason() -> None:
    game = make_game()
    with pytest.raises(ValueError, match="waiting to roll the dice"):
        game.apply(StartRun())
    with pytest.raises(IllegalActionError, match="not a Vowl action"):
        game.apply("roll")  # type: ignore[arg-type]
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    game.apply(StartRun())
    with pytest.raises(IllegalActionError):
        game.apply(Buzz(seat_of(game, ANN)))


def test_illegal_actions_change_nothing() -> None:
    game = make_game((ANN, BOB, CY))
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    before = (game.view(seat_of(game, ANN)), game.card_places())
    for bad in (ChooseOpponent(seat_of(game, ANN)), ChooseOpponent(7), Roll(), ScoreTwo()):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
    assert (game.view(seat_of(game, ANN)), game.card_places()) == before


def test_choose_opponent_errors_say_why() -> None:
    game = make_game((ANN, BOB, CY))
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    with pytest.raises(IllegalActionError, match="against yourself"):
        game.apply(ChooseOpponent(seat_of(game, ANN)))
    with pytest.raises(IllegalActionError, match="no seat 7"):
        game.apply(ChooseOpponent(7))


def test_setup_rejects_cards_in_the_wrong_deck_or_twice() -> None:
    from boardgames.vowl.engine import SetupError

    decks = make_decks()
    decks[Tier.ADVANCED] = decks[Tier.ADVANCED] + [decks[Tier.BASIC][0]]
    with pytest.raises(SetupError, match="sits in the yellow deck"):
        make_game(decks=decks)
    decks = make_decks()
    decks[Tier.BASIC] = decks[Tier.BASIC] + [decks[Tier.BASIC][0]]
    with pytest.raises(SetupError, match="appears twice"):
        make_game(decks=decks)


# --------------------------------------------------------------------------- determinism


def _play(seed: int) -> list[object]:
    decks = make_decks()
    game = VowlGame((ANN, BOB, CY), decks=decks, judge=matcher_for(decks), rng=random.Random(seed))
    policy = random.Random(seed)
    log: list[object] = []
    for _ in range(400):
        if game.is_over():
            break
        legal = game.legal_actions
        action: Action
        rule = game.answer_rule()
        if rule is not None and policy.random() < 0.8:
            card = (game.view(seat_of(game, actor_names(game)[0])).active_run or game.view(None)).current  # type: ignore[union-attr]
            if game.phase is Phase.SUDDEN_DEATH:
                card = game.view(None).sudden_death.card  # type: ignore[union-attr]
            elapsed = rule.min_elapsed + 1 if rule.needs_elapsed else None
            action = Answer(card.answers[0], elapsed)  # type: ignore[union-attr]
        else:
            action = policy.choice(list(legal))
        log.append(action)
        log.extend(game.apply(action))
    return log


def test_the_same_seed_replays_the_same_game() -> None:
    assert _play(11) == _play(11)
    assert _play(11) != _play(12)
