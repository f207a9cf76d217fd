"""The Vowl engine, rule by rule, in the rulebook's order.

Each test names the rulebook rule it checks.  Decisions the rulebook leaves open
are tested in ``test_engine_interpretations.py`` (one test per row V1..V25).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from boardgames.common import game as contract
from boardgames.common.game import Engine, visible_to
from boardgames.common.skeleton import Rejection
from boardgames.vowl import engine
from boardgames.vowl.actions import (
    Action,
    Answer,
    Buzz,
    ChooseOpponent,
    ChoosePartner,
    Discard,
    Pass,
    PlaceExtras,
    Revisit,
    Roll,
    ScoreOne,
    ScoreTwo,
    StartRun,
    TimeUp,
)
from boardgames.vowl.cards import Card, Tier
from boardgames.vowl.engine import IllegalActionError, PlayerSetup, SetupError, VowlGame
from boardgames.vowl.events import (
    AnswerAccepted,
    AnswerRejected,
    CardFlipped,
    CardPassed,
    CardsDrawn,
    DeckReshuffled,
    DrawPurpose,
    Event,
    GameWon,
    RaceDecided,
    RaceHow,
    RaceTied,
    Rolled,
    RunFinished,
    Scored,
    ScoreOption,
    SelectionMade,
    SuddenDeathCard,
    TurnFailed,
    TurnStarted,
    TurnSucceeded,
    VictoryTokenMoved,
    words,
)
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.track import MODE_DIE, NUMBER_DIE, Board, Extras, ModeFace, Timer, extras_for
from tests.contract import check_refusals
from tests.vowl.conftest import (
    ANN,
    BOB,
    CY,
    DEE,
    EVE,
    NAMES,
    SVR,
    actor_names,
    actor_view,
    current,
    make_decks,
    make_game,
    make_practice,
    matcher_for,
    named,
    roll,
    seat_of,
    set_tokens,
    solve,
    solve_pile,
    start_solitaire,
)
from tests.vowl.test_properties import RandomPlayer, _secrets, _shown_to

# --------------------------------------------------------------------------- components and setup


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_components_two_to_five_players(n: int) -> None:
    game = make_game(NAMES[:n])
    assert game.names == NAMES[:n]


@pytest.mark.parametrize("n", [0, 6])
def test_components_no_more_than_five_players(n: int) -> None:
    with pytest.raises(SetupError, match="2 to 5 players"):
        make_game(tuple(f"Player {i}" for i in range(n)))


@pytest.mark.parametrize(("board", "star"), [(Board.STANDARD, 10), (Board.ADVANCED, 15)])
def test_setup_scoring_tokens_on_zero_victory_tokens_on_the_star(board: Board, star: int) -> None:
    game = make_game(NAMES[:4], board=board)
    assert [(p.score, p.victory) for p in game.players] == [(0, star)] * 4


def test_setup_each_deck_is_shuffled_separately_with_the_seeded_rng() -> None:
    decks = make_decks()

    def deck_order(seed: int) -> list[tuple[str, Card]]:
        game = VowlGame([ANN, BOB], decks=decks, judge=matcher_for(decks), rng=random.Random(seed))
        return game.card_places()

    first, again, other = deck_order(7), deck_order(7), deck_order(8)
    assert first == again
    assert first != other
    assert all(place == f"{card.tier.value} deck" for place, card in first)  # each deck on its own
    assert Counter(c for _, c in first) == Counter(c for cards in decks.values() for c in cards)


def test_setup_starting_player_is_the_first_full_name_alphabetically() -> None:
    game = make_game(["Zed Ames", BOB, ANN, "Cat Ng"])
    assert game.starting_player == seat_of(game, ANN)
    assert game.current_player == seat_of(game, ANN)
    assert game.phase is Phase.ROLL


def test_setup_each_player_chooses_the_25_or_the_15_second_timer() -> None:
    game = make_game([PlayerSetup(ANN, Timer.RED), PlayerSetup(BOB, 25)])
    assert [p.timer for p in game.players] == [Timer.RED, Timer.GREEN]
    start_solitaire(game)
    assert actor_view(game).time_limit == 15
    assert actor_view(game).active_run.time_limit == 15  # type: ignore[union-attr]


def test_setup_a_timer_is_25_or_15_seconds() -> None:
    with pytest.raises(SetupError, match="25 or 15"):
        make_game([PlayerSetup(ANN, 20), PlayerSetup(BOB)])  # type: ignore[arg-type]


# --------------------------------------------------------------------------- word puzzles


@pytest.mark.parametrize("word", ["savor", "sever", "severe", "SEVERE", " Savor "])
def test_word_puzzles_rulebook_example_svr_accepts(word: str) -> None:
    game = make_game(decks=make_decks(top={Tier.BASIC: [SVR]}))
    start_solitaire(game)
    assert current(game) == SVR
    accepted, flipped = game.apply(Answer(word))
    assert isinstance(accepted, AnswerAccepted)
    assert accepted.word == word.strip().lower()
    assert isinstance(flipped, CardFlipped)


@pytest.mark.parametrize(
    ("word", "rejection", "because"),
    [
        ("savior", Rejection.DOES_NOT_FIT, "double vowel"),  # two vowels in one gap
        ("savory", Rejection.DOES_NOT_FIT, "Y counts as a consonant"),
        ("sivar", Rejection.NOT_A_WORD, "not in the dictionary"),
        ("asvr", Rejection.DOES_NOT_FIT, "never start with a vowel"),
        ("sv4r", Rejection.NOT_LETTERS, "letters only"),
    ],
)
def test_word_puzzles_rulebook_example_svr_rejects_with_the_reason(
    word: str, rejection: Rejection, because: str
) -> None:
    game = make_game(decks=make_decks(top={Tier.BASIC: [SVR]}))
    start_solitaire(game)
    [event] = game.apply(Answer(word))
    assert isinstance(event, AnswerRejected)
    assert rejection.value in event.verdict.message
    assert because in event.reason
    assert current(game) == SVR  # still the same card; no penalty


# --------------------------------------------------------------------------- 1. roll & draw


@pytest.mark.parametrize("number", [3, 4])
def test_roll_draws_green_cards_equal_to_the_number_die(number: int) -> None:
    game = make_game()
    events = roll(game, number, ModeFace.SOLITAIRE)
    assert [e for e in events if isinstance(e, CardsDrawn)] == [
        CardsDrawn(seat_of(game, ANN), Tier.BASIC, number, DrawPurpose.PILE)
    ]
    assert actor_view(game).active_run.pile_left == number  # type: ignore[union-attr]


@pytest.mark.parametrize("board", list(Board))
def test_roll_no_extra_cards_while_on_zero(board: Board) -> None:
    assert extras_for(board, 0) == Extras()
    game = make_game(board=board)
    events = roll(game, 4, ModeFace.SOLITAIRE)
    assert not [e for e in events if isinstance(e, CardsDrawn) and e.purpose is DrawPurpose.EXTRAS]
    assert game.phase is Phase.READY  # no extras: no top-or-under choice


def _tiers_in_play_order(game: VowlGame) -> list[Tier]:
    tiers = []
    while game.phase is Phase.SOLVING:
        tiers.append(current(game).tier)
        solve(game)
    return tiers


def test_roll_rulebook_example_eleven_points_advanced_draws_one_yellow_one_red() -> None:
    game = make_game(board=Board.ADVANCED)
    set_tokens(game, ANN, score=11)
    events = roll(game, 4, ModeFace.SOLITAIRE)
    drawn = [(e.tier, e.count, e.purpose) for e in events if isinstance(e, CardsDrawn)]
    assert drawn == [
        (Tier.BASIC, 4, DrawPurpose.PILE),
        (Tier.ADVANCED, 1, DrawPurpose.EXTRAS),
        (Tier.EXPERT, 1, DrawPurpose.EXTRAS),
    ]
    assert game.phase is Phase.PLACE_EXTRAS
    assert actor_view(game).pending_extras == 2
    # Jennifer wants the easier cards first: she puts the extras underneath.
    game.apply(PlaceExtras(on_top=False))
    game.apply(StartRun())
    assert _tiers_in_play_order(game) == [Tier.BASIC] * 4 + [Tier.ADVANCED, Tier.EXPERT]


def test_roll_extra_cards_on_top_of_the_pile_come_first() -> None:
    game = make_game(board=Board.ADVANCED)
    set_tokens(game, ANN, score=11)
    roll(game, 3, ModeFace.SOLITAIRE)
    game.apply(PlaceExtras(on_top=True))
    game.apply(StartRun())
    assert _tiers_in_play_order(game) == [Tier.ADVANCED, Tier.EXPERT] + [Tier.BASIC] * 3


def test_roll_extra_cards_are_not_seen_before_they_are_placed() -> None:
    game = make_game(board=Board.ADVANCED)
    set_tokens(game, ANN, score=11)
    roll(game, 3, ModeFace.SOLITAIRE)
    view = actor_view(game)
    assert view.pending_extras == 2
    assert view.active_run.current is None  # type: ignore[union-attr]


# --------------------------------------------------------------------------- 2. solve: solitaire


def test_solitaire_succeeds_when_every_card_is_solved_before_time_runs_out() -> None:
    game = make_game()
    start_solitaire(game, 4)
    events = solve_pile(game)
    assert sum(isinstance(e, AnswerAccepted) for e in events) == 4
    assert TurnSucceeded((seat_of(game, ANN),)) in events
    assert game.phase is Phase.SCORE
    assert actor_view(game).scorer == seat_of(game, ANN)


def test_solitaire_fails_when_time_runs_out() -> None:
    game = make_game()
    start_solitaire(game, 3)
    solve(game)
    events = game.apply(TimeUp())
    finished = next(e for e in events if isinstance(e, RunFinished))
    assert finished.timed_out and finished.result.solved == 1 and not finished.result.complete
    assert TurnFailed(seat_of(game, ANN)) in events
    assert TurnStarted(seat_of(game, BOB), 2) in events
    assert [p.score for p in game.players] == [0, 0]


# --------------------------------------------------------------------------- within winning distance


@pytest.mark.parametrize("face", [ModeFace.PARTNER, ModeFace.HEAD_TO_HEAD])
def test_within_two_spaces_of_your_victory_token_you_must_play_solitaire(face: ModeFace) -> None:
    game = make_game((ANN, BOB, CY))
    set_tokens(game, ANN, score=8)
    events = roll(game, 3, face)
    rolled = events[0]
    assert rolled.mode is Mode.SOLITAIRE and rolled.forced_solitaire
    assert [(e.tier, e.purpose) for e in events if isinstance(e, CardsDrawn)] == [
        (Tier.BASIC, DrawPurpose.PILE),
        (Tier.ADVANCED, DrawPurpose.EXTRAS),
        (Tier.EXPERT, DrawPurpose.EXTRAS),
    ]  # no partner bonus, no opponent
    game.apply(PlaceExtras(on_top=True))
    assert game.phase is Phase.READY and actor_names(game) == (ANN,)


def test_within_two_spaces_you_may_still_be_chosen_as_partner_or_opponent() -> None:
    game = make_game((ANN, BOB, CY))
    set_tokens(game, BOB, score=9)
    roll(game, 3, ModeFace.PARTNER)
    assert ChoosePartner(seat_of(game, BOB)) in game.legal_actions
    game = make_game((ANN, BOB, CY))
    set_tokens(game, BOB, score=9)
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    assert ChooseOpponent(seat_of(game, BOB)) in game.legal_actions


# --------------------------------------------------------------------------- partner


def test_partner_draws_three_extra_green_cards_before_the_tier_cards() -> None:
    game = make_game((ANN, BOB, CY))
    set_tokens(game, ANN, score=1)
    events = roll(game, 3, ModeFace.PARTNER)
    assert [(e.tier, e.count, e.purpose) for e in events if isinstance(e, CardsDrawn)] == [
        (Tier.BASIC, 3, DrawPurpose.PILE),
        (Tier.BASIC, 3, DrawPurpose.PARTNER_BONUS),
        (Tier.BASIC, 1, DrawPurpose.EXTRAS),
    ]
    assert game.phase is Phase.PLACE_EXTRAS
    game.apply(PlaceExtras(on_top=False))
    # ...and the partner is chosen after drawing by YOUR position on the track.
    assert game.phase is Phase.CHOOSE_PARTNER


def test_partner_is_one_of_your_neighbours() -> None:
    game = make_game(NAMES)
    roll(game, 3, ModeFace.PARTNER)
    assert set(game.legal_actions) == {ChoosePartner(seat_of(game, BOB)), ChoosePartner(seat_of(game, EVE))}
    with pytest.raises(IllegalActionError, match="next to you"):
        game.apply(ChoosePartner(seat_of(game, CY)))
    with pytest.raises(IllegalActionError):
        game.apply(ChoosePartner(seat_of(game, DEE)))


def test_partners_share_the_pile_and_both_succeed_the_roller_scoring_first() -> None:
    game = make_game((ANN, BOB, CY))
    roll(game, 3, ModeFace.PARTNER)
    game.apply(ChoosePartner(seat_of(game, CY)))
    game.apply(StartRun())
    assert actor_names(game) == (ANN, CY)
    assert actor_view(game).active_run.total == 6  # type: ignore[union-attr]
    events = solve_pile(game)
    assert TurnSucceeded((seat_of(game, ANN), seat_of(game, CY))) in events
    assert actor_view(game).scorer == seat_of(game, ANN)
    game.apply(ScoreTwo())
    assert actor_view(game).scorer == seat_of(game, CY)
    events = game.apply(ScoreTwo())
    assert TurnStarted(seat_of(game, BOB), 2) in events
    assert [p.score for p in game.players] == [2, 0, 2]


def test_partners_fail_together_when_time_runs_out() -> None:
    game = make_game((ANN, BOB, CY))
    roll(game, 3, ModeFace.PARTNER)
    game.apply(ChoosePartner(seat_of(game, BOB)))
    game.apply(StartRun())
    solve(game)
    events = game.apply(TimeUp())
    assert TurnFailed(seat_of(game, ANN)) in events
    assert [p.score for p in game.players] == [0, 0, 0]


# --------------------------------------------------------------------------- head-to-head


def test_head_to_head_opponent_draws_the_rolled_number_plus_their_own_tier() -> None:
    game = make_game((ANN, BOB, CY))
    set_tokens(game, CY, score=3)  # standard side, spaces 3-4: one yellow
    roll(game, 4, ModeFace.HEAD_TO_HEAD)
    assert game.phase is Phase.CHOOSE_OPPONENT
    assert set(game.legal_actions) == {ChooseOpponent(seat_of(game, BOB)), ChooseOpponent(seat_of(game, CY))}
    events = game.apply(ChooseOpponent(seat_of(game, CY)))
    assert [(named(game, e.owner), e.tier, e.count) for e in events if isinstance(e, CardsDrawn)] == [
        (ANN, Tier.BASIC, 4),
        (CY, Tier.BASIC, 4),
        (CY, Tier.ADVANCED, 1),
    ]
    assert game.phase is Phase.PLACE_EXTRAS and actor_names(game) == (CY,)
    game.apply(PlaceExtras(on_top=True))
    assert game.phase is Phase.READY and actor_names(game) == (ANN,)
    assert [r.total for r in game.view(None).runs] == [4, 5]


def _race_to_second_pile(game: VowlGame) -> None:
    roll(game, 3, ModeFace.HEAD_TO_HEAD)  # two players: Bob is the opponent
    game.apply(StartRun())


def test_head_to_head_the_first_through_all_cards_wins() -> None:
    game = make_game()
    _race_to_second_pile(game)
    solve_pile(game, start=2.0, step=2.0, timed=True)  # Ann: done at 6 s
    assert game.phase is Phase.READY and actor_names(game) == (BOB,)
    game.apply(StartRun())
    events = solve_pile(game, start=1.0, step=1.0, timed=True)  # Bob: done at 3 s
    decided = next(e for e in events if isinstance(e, RaceDecided))
    assert decided.race.winner == seat_of(game, BOB) and decided.race.how is RaceHow.FASTER
    assert TurnSucceeded((seat_of(game, BOB),)) in events
    assert actor_view(game).scorer == seat_of(game, BOB)


def test_head_to_head_the_only_one_through_all_cards_wins() -> None:
    game = make_game()
    _race_to_second_pile(game)
    solve(game, 1.0)
    solve(game, 2.0)
    game.apply(TimeUp())
    game.apply(StartRun())
    events = solve_pile(game, start=20.0, step=2.0, timed=True)  # slower, but through
    decided = next(e for e in events if isinstance(e, RaceDecided))
    assert (decided.race.winner, decided.race.how) == (seat_of(game, BOB), RaceHow.ONLY_FINISHER)


def test_head_to_head_most_cards_solved_wins_when_time_runs_out() -> None:
    game = make_game()
    _race_to_second_pile(game)
    solve(game, 1.0)
    solve(game, 2.0)
    game.apply(TimeUp())
    game.apply(StartRun())
    solve(game, 1.0)
    events = game.apply(TimeUp())
    decided = next(e for e in events if isinstance(e, RaceDecided))
    assert (decided.race.winner, decided.race.how) == (seat_of(game, ANN), RaceHow.SOLVED_MORE)
    assert TurnSucceeded((seat_of(game, ANN),)) in events


def test_head_to_head_a_tie_goes_to_a_sudden_death_expert_card() -> None:
    game = make_game()
    _race_to_second_pile(game)
    solve(game, 1.0)
    game.apply(TimeUp())
    game.apply(StartRun())
    solve(game, 1.0)
    events = game.apply(TimeUp())
    assert any(isinstance(e, RaceTied) for e in events)
    assert game.phase is Phase.SUDDEN_DEATH_READY and actor_names(game) == (ANN, BOB)
    events = game.apply(StartRun())  # both ready: the top red card turns over
    card = next(e for e in events if isinstance(e, SuddenDeathCard)).card
    assert card.tier is Tier.EXPERT
    assert game.view(None).sudden_death.card == card  # type: ignore[union-attr]
    game.apply(Buzz(seat_of(game, BOB)))
    events = game.apply(Answer(card.answers[0]))
    decided = next(e for e in events if isinstance(e, RaceDecided))
    assert (decided.race.winner, decided.race.how) == (seat_of(game, BOB), RaceHow.SUDDEN_DEATH)
    assert TurnSucceeded((seat_of(game, BOB),)) in events


# --------------------------------------------------------------------------- passing


def test_passing_sets_the_card_aside_face_down_and_turns_the_next() -> None:
    game = make_game()
    start_solitaire(game, 3)
    first = current(game)
    events = game.apply(Pass())
    assert isinstance(events[0], CardPassed) and events[0].card == first
    assert isinstance(events[1], CardFlipped) and not events[1].from_passed
    assert actor_view(game).active_run.passed == (first,)  # type: ignore[union-attr]
    assert current(game) != first


def test_passing_you_may_return_to_a_passed_card_at_any_time() -> None:
    game = make_game()
    start_solitaire(game, 4)
    first = current(game)
    game.apply(Pass())
    second = current(game)
    events = game.apply(Revisit(first))
    assert current(game) == first
    assert events[-1] == CardFlipped(seat_of(game, ANN), first, True)
    assert actor_view(game).active_run.passed == (second,)  # type: ignore[union-attr]


def test_passing_every_passed_card_must_still_be_solved_to_succeed() -> None:
    game = make_game()
    start_solitaire(game, 3)
    game.apply(Pass())
    solve(game)
    solve(game)  # the pile is through, but the passed card comes back
    assert game.phase is Phase.SOLVING
    events = game.apply(TimeUp())
    assert TurnFailed(seat_of(game, ANN)) in events

    game = make_game()
    start_solitaire(game, 3)
    game.apply(Pass())
    events = solve_pile(game)
    assert TurnSucceeded((seat_of(game, ANN),)) in events


# --------------------------------------------------------------------------- scoring


def _succeed_solitaire(game: VowlGame) -> None:
    start_solitaire(game, 3)
    solve_pile(game)
    assert game.phase is Phase.SCORE


def test_scoring_take_two_points() -> None:
    game = make_game((ANN, BOB, CY))
    _succeed_solitaire(game)
    events = game.apply(ScoreTwo())
    assert events[0] == Scored(seat_of(game, ANN), ScoreOption.TWO_POINTS, 0, 2)
    assert [(p.score, p.victory) for p in game.players] == [(2, 10), (0, 10), (0, 10)]


def test_scoring_take_one_point_and_move_two_victory_tokens_down() -> None:
    game = make_game((ANN, BOB, CY))
    _succeed_solitaire(game)
    events = game.apply(ScoreOne(seat_of(game, BOB)))
    assert events[:3] == [
        Scored(seat_of(game, ANN), ScoreOption.ONE_POINT, 0, 1),
        VictoryTokenMoved(seat_of(game, ANN), 10, 9, seat_of(game, ANN)),
        VictoryTokenMoved(seat_of(game, BOB), 10, 9, seat_of(game, ANN)),
    ]
    assert [(p.score, p.victory) for p in game.players] == [(1, 9), (0, 9), (0, 10)]


def test_scoring_one_point_needs_another_players_victory_token() -> None:
    game = make_game((ANN, BOB, CY))
    _succeed_solitaire(game)
    assert set(game.legal_actions) == {ScoreTwo(), ScoreOne(seat_of(game, BOB)), ScoreOne(seat_of(game, CY))}
    with pytest.raises(IllegalActionError, match="another player"):
        game.apply(ScoreOne(seat_of(game, ANN)))


def test_scoring_only_after_a_success() -> None:
    game = make_game()
    start_solitaire(game)
    with pytest.raises(IllegalActionError, match="solve the cards"):
        game.apply(ScoreTwo())


# --------------------------------------------------------------------------- winning


@pytest.mark.parametrize("score", [8, 9])
def test_winning_scoring_token_meets_or_passes_the_victory_token(score: int) -> None:
    game = make_game()
    set_tokens(game, ANN, score=score)
    _succeed_solitaire(game)
    events = game.apply(ScoreTwo())
    assert GameWon(seat_of(game, ANN), score + 2, 10) in events
    assert game.outcome() is not None and game.outcome().winner == seat_of(game, ANN)  # type: ignore[union-attr]
    assert game.phase is Phase.GAME_OVER
    assert not game.legal_actions
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply(Roll())


def test_winning_by_moving_your_own_victory_token_down_onto_your_scoring_token() -> None:
    game = make_game((ANN, BOB, CY))
    set_tokens(game, ANN, score=8)
    _succeed_solitaire(game)
    events = game.apply(ScoreOne(seat_of(game, CY)))
    assert GameWon(seat_of(game, ANN), 9, 9) in events


# --------------------------------------------------------------------------- two-player selection mode


def test_selection_mode_with_two_players_replaces_partner() -> None:
    game = make_game()
    events = roll(game, 4, ModeFace.PARTNER)
    assert events[0].mode is Mode.SELECTION
    assert CardsDrawn(seat_of(game, BOB), Tier.BASIC, 7, DrawPurpose.SELECTION) in events
    assert game.phase is Phase.SELECT_DISCARDS and actor_names(game) == (BOB,)
    hand = game.view(seat_of(game, BOB)).selection.hand  # type: ignore[union-attr]
    assert hand is not None and len(hand) == 7
    assert len(list(game.legal_actions)) == 35  # any 3 of the 7


def test_selection_opponent_discards_three_and_the_rest_are_shuffled_into_your_pile() -> None:
    game = make_game()
    roll(game, 4, ModeFace.PARTNER)
    hand = game.view(seat_of(game, BOB)).selection.hand  # type: ignore[union-attr]
    assert hand is not None
    events = game.apply(Discard(hand[:3]))
    assert SelectionMade(seat_of(game, BOB), seat_of(game, ANN), 3, 4) in events
    assert game.phase is Phase.READY and actor_names(game) == (ANN,)
    game.apply(StartRun())
    seen = []
    while game.phase is Phase.SOLVING:
        seen.append(current(game))
        solve(game)
    assert sorted(seen, key=str) == sorted(hand[3:], key=str)


def test_selection_discard_must_be_exactly_three_cards_of_the_hand() -> None:
    game = make_game()
    roll(game, 3, ModeFace.PARTNER)
    hand = game.view(seat_of(game, BOB)).selection.hand  # type: ignore[union-attr]
    assert hand is not None
    with pytest.raises(IllegalActionError, match="exactly 3"):
        game.apply(Discard(hand[:2]))
    stranger = Card("ZZZ", Tier.BASIC)
    with pytest.raises(IllegalActionError, match="exactly 3"):
        game.apply(Discard((*hand[:2], stranger)))


def test_selection_then_tier_cards_as_usual_and_points_as_normal() -> None:
    game = make_game()
    set_tokens(game, ANN, score=3)  # one yellow
    roll(game, 3, ModeFace.PARTNER)
    hand = game.view(seat_of(game, BOB)).selection.hand  # type: ignore[union-attr]
    assert hand is not None
    events = game.apply(Discard(hand[-3:]))
    assert CardsDrawn(seat_of(game, ANN), Tier.ADVANCED, 1, DrawPurpose.EXTRAS) in events
    assert game.phase is Phase.PLACE_EXTRAS and actor_names(game) == (ANN,)
    game.apply(PlaceExtras(on_top=False))
    game.apply(StartRun())
    assert actor_view(game).active_run.total == 4  # type: ignore[union-attr]
    events = solve_pile(game)
    assert TurnSucceeded((seat_of(game, ANN),)) in events
    game.apply(ScoreTwo())
    assert game.player(seat_of(game, ANN)).score == 5


# --------------------------------------------------------------------------- decks


def test_decks_reshuffle_their_discards_when_they_run_out() -> None:
    game = make_game(decks=make_decks(basic=5))
    start_solitaire(game, 3)
    game.apply(TimeUp())  # Ann's 3 green cards go to the discard pile
    assert game.view(None).decks[0].discard == 3
    events = roll(game, 3, ModeFace.SOLITAIRE)  # 2 left in the deck, then the discards
    assert DeckReshuffled(Tier.BASIC, 3) in events
    assert CardsDrawn(seat_of(game, BOB), Tier.BASIC, 3, DrawPurpose.PILE) in events
    everything = [c for cards in make_decks(basic=5).values() for c in cards]
    assert Counter(c for _, c in game.card_places()) == Counter(everything)


def test_decks_every_card_played_goes_to_its_own_discard_pile_at_the_end_of_the_turn() -> None:
    game = make_game(board=Board.ADVANCED)
    set_tokens(game, ANN, score=11)
    start_solitaire(game, 4, on_top=False)
    solve_pile(game)
    assert [d.discard for d in game.view(None).decks] == [0, 0, 0]  # not before the turn ends
    game.apply(ScoreTwo())
    assert [(d.tier, d.discard) for d in game.view(None).decks] == [
        (Tier.BASIC, 4),
        (Tier.ADVANCED, 1),
        (Tier.EXPERT, 1),
    ]


# --------------------------------------------------------------------------- turn order


def test_turns_pass_round_the_table_after_each_turn() -> None:
    game = make_game((ANN, BOB, CY))
    order = []
    for _ in range(4):
        order.append(named(game, game.current_player))
        start_solitaire(game)
        game.apply(TimeUp())
    assert order == [ANN, BOB, CY, ANN]


# --------------------------------------------------------------------------- the dice


def test_dice_number_die_and_mode_die_faces_as_published() -> None:
    assert sorted(NUMBER_DIE) == [3, 3, 3, 3, 4, 4]
    assert Counter(MODE_DIE) == {ModeFace.SOLITAIRE: 2, ModeFace.PARTNER: 2, ModeFace.HEAD_TO_HEAD: 2}


def test_dice_are_rolled_with_the_games_rng() -> None:
    decks = make_decks(basic=200)
    seen: Counter[tuple[int, Mode]] = Counter()
    game = VowlGame((ANN, BOB, CY), decks=decks, judge=matcher_for(decks), rng=random.Random(3))
    for _ in range(300):
        game.apply(Roll())
        rolled = game.view(None)
        seen[(rolled.number, rolled.mode)] += 1  # type: ignore[index]
        while game.phase is not Phase.ROLL:  # give the turn up at once
            legal = list(game.legal_actions)
            action = next((a for a in legal if isinstance(a, TimeUp)), legal[0])
            game.apply(action)
    numbers = Counter(n for (n, _), k in seen.items() for _ in range(k))
    assert set(numbers) == {3, 4} and 1.5 < numbers[3] / numbers[4] < 2.7
    modes = Counter(m for (_, m), k in seen.items() for _ in range(k))
    assert set(modes) == {Mode.SOLITAIRE, Mode.PARTNER, Mode.HEAD_TO_HEAD}


#: The events of a pile being solved: private to the racer during a head-to-head race.
RUN_EVENTS = (CardFlipped, AnswerAccepted, AnswerRejected, CardPassed, RunFinished)


def new_game(seed: int, players: int) -> VowlGame:
    decks = make_decks(basic=36, advanced=18, expert=12)
    return VowlGame(
        NAMES[:players], board=Board.STANDARD, decks=decks, judge=matcher_for(decks), rng=random.Random(seed)
    )


def whole_game(seed: int, players: int) -> Iterator[tuple[VowlGame, Phase, Mode | None, Action, list[Event]]]:
    """A seeded game played to its end by a random player: (game, phase and mode
    before the action, the action, its events) after every step."""
    game = new_game(seed, players)
    player = RandomPlayer(random.Random(seed * 31 + 7), 0.7)
    for _ in range(6000):
        if game.is_over():
            return
        phase, mode = game.phase, game.mode
        action = player.choose(game)
        yield game, phase, mode, action, game.apply(action)
    raise AssertionError(f"seed {seed}: no winner")


def test_the_engine_is_the_suites_contract() -> None:
    game = make_game((ANN, BOB, CY))
    assert isinstance(game, Engine)
    assert game.seats == 3 and game.names == (ANN, BOB, CY)
    assert [seat_of(game, n) for n in game.names] == [0, 1, 2]
    assert engine.IllegalActionError is contract.IllegalActionError  # one refusal class for the suite
    assert make_practice().seats == 1


def state(game: VowlGame) -> tuple:
    """Everything an action could change, to check that a refusal changed nothing."""
    views = tuple(game.view(s) for s in [None, *range(game.seats)])
    return game.card_places(), views, game.actors(), game.phase, game._rng.getstate()  # noqa: SLF001


def candidates(game: VowlGame, rng: random.Random) -> Iterator[object]:
    """Legal and illegal actions of every kind (and some non-actions) for the moment *game* is in."""
    yield from (Roll(), StartRun(), Pass(), TimeUp(), ScoreTwo(), PlaceExtras(True), PlaceExtras(False))
    for seat in (*range(game.seats), game.seats, -1):  # every seat, and two that are none
        yield from (ChooseOpponent(seat), ChoosePartner(seat), Buzz(seat), ScoreOne(seat))
    cards = [c for _, c in game.card_places()]
    for card in rng.sample(cards, 3):
        yield Revisit(card)
    selection = game.view(None).selection
    if selection is not None:
        hand = game.view(selection.selector).selection.hand  # type: ignore[union-attr]
        assert hand is not None
        yield Discard(frozenset(rng.sample(hand, 3)))
        yield Discard(frozenset(hand[:2]))
        yield Discard(frozenset(rng.sample(cards, 3)))
    rule = game.answer_rule()
    low = rule.min_elapsed if rule is not None else 0.0
    for elapsed in (None, low + 0.5, low - 1, 999.0, math.nan, "soon"):
        yield Answer(rng.choice(["savor", "zzz", ""]), elapsed)  # type: ignore[arg-type]
    yield "roll"
    yield None
    yield Roll  # the class, not an action


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 5), (4, 1), (5, 2)])
def test_why_illegal_legal_actions_and_apply_agree_through_whole_games(seed: int, players: int) -> None:
    """For every candidate at every step: ``in legal_actions`` exactly when ``why_illegal``
    is ``None``; ``apply`` refuses exactly those others, with the same reason, the
    suite's ``IllegalActionError`` carrying the action, and changes nothing."""
    rng = random.Random(seed)
    checked = refused = 0
    game = new_game(seed, players)
    for game, *_ in whole_game(seed, players):
        if checked % 3 == 0 or game.is_over():  # every third step keeps whole games quick
            tried = list(candidates(game, rng))
            refused += check_refusals(game, tried, state)
            listed = list(game.legal_actions)
            for action in listed:
                assert game.why_illegal(action) is None
            for action in tried:  # what ``in`` says (asked alone) is what the listing holds
                if not isinstance(action, Answer):
                    assert (action in game.legal_actions) == (action in listed), action
        checked += 1
    assert game.is_over()
    assert game.why_illegal(Roll()) == "the game is over" and not game.legal_actions
    assert checked > 30 and refused > 200


def test_legal_actions_is_a_container_without_a_call() -> None:
    game = make_game()
    legal = game.legal_actions
    assert Roll() in legal and StartRun() not in legal and "roll" not in legal
    assert list(legal) == [Roll()] and game.why_illegal(Roll()) is None
    assert game.why_illegal("roll") == "'roll' is not a Vowl action"
    start_solitaire(game, 3)
    assert Answer("anything at all") in game.legal_actions  # an open-ended rule, not a list


def test_actors_are_seats_in_table_order_not_alphabetical() -> None:
    game = make_game((BOB, ANN))  # Ann Lee starts (first alphabetically) from seat 1
    assert actor_names(game) == (ANN,) and game.actors() == frozenset({1})


def test_actors_through_solo_runs_and_partners() -> None:
    practice = make_practice()
    assert practice.actors() == frozenset({0})
    start_solitaire(practice, 3)
    assert practice.phase is Phase.SOLVING and practice.actors() == frozenset({0})

    game = make_game((ANN, BOB, CY))
    start_solitaire(game, 3)
    assert game.actors() == frozenset({0})
    solve_pile(game)
    assert game.phase is Phase.SCORE and game.actors() == frozenset({0})  # Ann scores her pile

    partners = make_game((ANN, BOB, CY))
    roll(partners, 3, ModeFace.PARTNER)
    assert partners.phase is Phase.CHOOSE_PARTNER and partners.actors() == frozenset({0})
    partners.apply(ChoosePartner(seat_of(partners, BOB)))
    assert partners.phase is Phase.READY and partners.actors() == frozenset({0, 1})  # one pile, one keyboard
    assert actor_names(partners) == (ANN, BOB)


def test_actors_through_a_head_to_head_race_and_its_sudden_death() -> None:
    game = make_game()
    roll(game, 3, ModeFace.HEAD_TO_HEAD)  # two players: Bob is the opponent
    assert game.phase is Phase.READY and game.actors() == frozenset({0})
    game.apply(StartRun())
    assert game.phase is Phase.SOLVING and game.actors() == frozenset({0})
    solve(game, 1.0)
    game.apply(TimeUp())
    assert game.phase is Phase.READY and game.actors() == frozenset({1})  # Bob's turn to race
    game.apply(StartRun())
    assert game.actors() == frozenset({1})
    solve(game, 1.0)
    game.apply(TimeUp())  # one card each: a tie
    assert game.phase is Phase.SUDDEN_DEATH_READY and game.actors() == frozenset({0, 1})
    game.apply(StartRun())
    assert game.phase is Phase.SUDDEN_DEATH and game.actors() == frozenset({0, 1})  # both may buzz
    game.apply(Buzz(seat_of(game, BOB)))
    assert game.actors() == frozenset({1})
    game.apply(Answer("fakak"))  # wrong: Bob is locked out of this card
    assert game.actors() == frozenset({0})


@pytest.mark.parametrize(("seed", "players"), [(6, 2), (7, 4)])
def test_actors_match_the_names_and_nobody_acts_once_it_is_over(seed: int, players: int) -> None:
    game = new_game(seed, players)
    for game, *_ in whole_game(seed, players):
        assert game.actors() == frozenset(seat_of(game, n) for n in actor_names(game))
        assert game.is_over() or game.actors()
    assert game.actors() == frozenset() and actor_names(game) == ()
    assert game.outcome() is not None and game.phase is Phase.GAME_OVER


@pytest.mark.parametrize("seed", range(4))
def test_a_racers_own_cards_and_answers_are_for_that_racer_alone(seed: int) -> None:
    """Head-to-head (the rulebook's race): each racer's flips, answers, passes and
    result are private to that racer until the race is decided; every other event,
    a solo or partner pile's and a sudden death's included, is public."""
    private = 0
    for game, phase, mode, _, events in whole_game(seed, 2 + seed % 3):
        racing = mode is Mode.HEAD_TO_HEAD and phase in (Phase.READY, Phase.SOLVING)
        for e in events:
            assert isinstance(e, contract.GameEvent)
            if racing and isinstance(e, RUN_EVENTS):
                runner = e.result.runner if isinstance(e, RunFinished) else e.runner
                seat = runner
                assert e.audience == frozenset({seat}), e
                assert visible_to(e, seat) and not visible_to(e, None)
                assert not any(visible_to(e, other) for other in range(game.seats) if other != seat)
                private += 1
            else:
                assert e.audience is None and visible_to(e, None), e
    assert private > 0  # some head-to-head race was played


def test_events_word_themselves_as_the_log_shows_them() -> None:
    game = make_game()
    events = roll(game, 3, ModeFace.SOLITAIRE)
    assert words(events[0], names=game.names) == "Ann Lee rolled 3 and solitaire."
    assert words(TurnStarted(seat_of(game, ANN), 4), names=game.names) == "Turn 4: Ann Lee"  # the log's bold, no markup
    assert str(events[0]) == "seat 0 rolled 3 and solitaire."  # an event holds seats: no names without the table's
    for seed in range(2):
        for _, _, _, _, happened in whole_game(seed, 3):
            for e in happened:
                text = words(e, names=game.names)
                assert text and text != repr(e) and "[b]" not in text and "[/]" not in text, text
    assert isinstance(events[0], Rolled)


@pytest.mark.parametrize(("seed", "players"), [(8, 2), (9, 3), (10, 5)])
def test_the_table_view_hides_every_secret(seed: int, players: int) -> None:
    """``view(None)``: no legal actions, no selection hand, no racer's pile before the race
    is decided, no private event, no face-down card - at every step of whole games."""
    for game, *_ in whole_game(seed, players):
        table = game.view(None)
        assert table.viewer is None and not table.legal
        assert table.selection is None or table.selection.hand is None
        assert all(visible_to(e, None) for e in table.last_events)
        everyone, hand, racer, _ = _secrets(game, game.card_places())
        hidden = everyone | hand | set().union(*racer.values())
        leaked = _shown_to(table) & hidden
        assert not leaked, f"the table sees {leaked} in phase {game.phase}"
        for seat in range(game.seats):
            assert game.view(seat).viewer == seat
