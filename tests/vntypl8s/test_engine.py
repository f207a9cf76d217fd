"""The engine, rule by rule (rulebook steps and Interpretation rows P12-P19)."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

from boardgames.vntypl8s.engine import (
    EXTRA_OWNERS,
    Game,
    GameEnded,
    GridDealt,
    Guess,
    GuessedRight,
    GuessedWrong,
    IllegalActionError,
    IllegalPlateError,
    NobodyKnows,
    OwnerRevealed,
    Phase,
    PlateForfeited,
    PlateRevealed,
    PlateSubmitted,
    RequirementsRevealed,
    RoundEnded,
    RoundStarted,
    Standing,
    SubmitPlate,
    Tiebreak,
    WritingTimeUp,
    decide,
)
from boardgames.vntypl8s.judge import Rule

from .helpers import answer, legal_plate, new_game, write_all, wrong_owner

# --- set-up and dealing -----------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 9])
def test_three_to_eight_players(count: int) -> None:
    with pytest.raises(ValueError, match="3 to 8 players"):
        new_game(list("ABCDEFGHI")[:count])


def test_each_player_is_dealt_one_owner_and_one_requirements_card() -> None:
    game = new_game(4)
    owners = [game.view(p).players[p].owner for p in range(4)]
    reqs = [game.view(p).players[p].requirements for p in range(4)]
    assert None not in owners and None not in reqs
    assert len(set(owners)) == 4 and len(set(reqs)) == 4
    assert game.phase is Phase.WRITING and game.round == 1
    assert game.opening_events() == [RoundStarted(1, 0)]


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    a, b, c = new_game(3, seed=7), new_game(3, seed=7), new_game(3, seed=8)
    deal = lambda g: [g.view(p).players[p].owner for p in range(3)]  # noqa: E731
    assert deal(a) == deal(b) != deal(c)


# --- P19: secrets ----------------------------------------------------------------------


def test_p19_public_view_shows_no_secret_during_writing() -> None:
    game = new_game(3)
    public = game.view(None)
    assert all(p.owner is None and p.requirements is None and p.plate is None for p in public.players)
    assert public.grid == () and public.grid_layout == ()


def test_p19_a_player_sees_only_their_own_cards_and_plate() -> None:
    game = new_game(3)
    plate = legal_plate(game, 0, meet=True)
    game.apply(SubmitPlate(0, plate))
    mine = game.view(0)
    assert mine.players[0].plate == plate and mine.players[0].owner and mine.players[0].requirements
    bob = game.view(1)
    assert bob.players[0].plate is None and bob.players[0].owner is None and bob.players[0].requirements is None
    assert bob.players[0].done_writing  # that Ann has finished is public


def test_p19_plates_become_public_one_at_a_time() -> None:
    game = new_game(3)
    write_all(game)
    public = game.view(None)
    assert public.active == 0 and public.plate is not None
    assert public.players[0].plate == public.plate
    assert public.players[1].plate is None and public.players[2].plate is None
    assert all(p.owner is None for p in public.players)


def test_p19_owner_and_requirements_public_after_the_turn() -> None:
    game = new_game(3)
    write_all(game)
    owner = answer(game, 0)
    card = game.view(0).players[0].requirements
    game.apply(Guess(1, owner))
    public = game.view(None)
    assert public.players[0].owner == owner and public.players[0].requirements == card
    assert public.players[1].owner is None  # Bob's turn has not come


def test_view_of_an_unknown_seat_is_an_error() -> None:
    with pytest.raises(ValueError):
        new_game(3).view(3)


# --- writing and P12 ------------------------------------------------------------------


def test_p12_an_illegal_plate_cannot_be_submitted() -> None:
    game = new_game(3)
    with pytest.raises(IllegalPlateError) as info:
        game.apply(SubmitPlate(0, "AEIOU-"))
    assert {Rule.VOWEL, Rule.PUNCTUATION} <= info.value.judgement.broken()
    assert isinstance(info.value, IllegalActionError) and isinstance(info.value, ValueError)
    assert not game.view(0).players[0].done_writing


def test_p12_a_plate_representing_the_owner_cannot_be_submitted() -> None:
    game = new_game(3)
    owner = answer(game, 0)
    word = owner.split()[-1].upper()
    plate = "".join(ch for ch in word if ch not in "AEIOU")[:8]
    with pytest.raises(IllegalPlateError) as info:
        game.apply(SubmitPlate(0, plate))
    assert Rule.TITLE_WORD in info.value.judgement.broken()
    assert SubmitPlate(0, plate) not in game.legal_actions


def test_p12_missing_requirements_is_submitted_with_a_warning() -> None:
    game = new_game(3)
    plate = legal_plate(game, 0, meet=False)
    assert SubmitPlate(0, plate) in game.legal_actions
    (event,) = game.apply(SubmitPlate(0, plate))
    assert isinstance(event, PlateSubmitted) and not event.requirements.met
    assert event.warning is not None and "cannot score" in event.warning


def test_plate_meeting_requirements_has_no_warning() -> None:
    game = new_game(3)
    (event,) = game.apply(SubmitPlate(0, legal_plate(game, 0, meet=True)))
    assert isinstance(event, PlateSubmitted) and event.warning is None


def test_a_writer_submits_once() -> None:
    game = new_game(3)
    plate = legal_plate(game, 0, meet=True)
    game.apply(SubmitPlate(0, plate))
    with pytest.raises(IllegalActionError, match="already finished"):
        game.apply(SubmitPlate(0, plate))


def test_no_guessing_during_writing() -> None:
    game = new_game(3)
    with pytest.raises(IllegalActionError, match="guessing phase"):
        game.apply(Guess(1, "Chef"))
    with pytest.raises(IllegalActionError):
        game.apply(NobodyKnows())


def test_grid_is_the_players_owners_plus_six_extras_shuffled() -> None:
    game = new_game(4)
    owners = [answer(game, p) for p in range(4)]
    events = write_all(game)
    grid = next(e for e in events if isinstance(e, GridDealt)).grid
    assert len(grid) == 4 + EXTRA_OWNERS == len(set(grid))
    assert set(owners) <= set(grid)
    assert list(grid[:4]) != owners  # shuffled (for this seed)
    assert game.phase is Phase.GUESSING


# --- P13: turn order -------------------------------------------------------------------


def test_p13_first_player_rotates_each_round_and_play_is_clockwise() -> None:
    game = new_game(4)
    firsts, actives = [], []
    for _ in range(3):
        firsts.append(game.first_player)
        assert game.writing_order[0] == game.first_player
        write_all(game)
        order = []
        while game.phase is Phase.GUESSING:
            order.append(game.active)
            game.apply(NobodyKnows())
        actives.append(order)
    assert firsts == [0, 1, 2]
    assert actives == [[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1]]


# --- guessing: P14, P15 -------------------------------------------------------------


def test_the_active_player_cannot_guess_their_own_plate() -> None:
    game = new_game(3)
    write_all(game)
    with pytest.raises(IllegalActionError, match="cannot guess"):
        game.apply(Guess(0, answer(game, 0)))


def test_first_correct_guesser_takes_the_owner_card() -> None:
    game = new_game(3)
    write_all(game)
    owner = answer(game, 0)
    events = game.apply(Guess(2, owner))
    assert events[0] == GuessedRight(2, owner)
    assert owner in game.view(None).players[2].owners_won
    assert owner not in game.view(None).grid
    assert game.view(None).active == 1  # next plate
    assert isinstance(events[-1], PlateRevealed) and events[-1].player == 1


def test_p14_one_guess_per_player_per_plate_and_lockout() -> None:
    game = new_game(4)
    write_all(game)
    wrong = wrong_owner(game, 0)
    assert game.apply(Guess(1, wrong)) == [GuessedWrong(1, wrong)]
    assert 1 in game.view(None).locked_out
    assert not game.view(None).can_guess(1)
    with pytest.raises(IllegalActionError, match="locked out"):
        game.apply(Guess(1, answer(game, 0)))
    assert all(a.player != 1 for a in game.legal_actions if isinstance(a, Guess))
    # Someone else still may, and wins the card.
    game.apply(Guess(3, answer(game, 0)))
    # The lock-out ends with the plate: Bob may guess the next one.
    assert game.view(None).active == 1 and 1 not in game.view(None).locked_out
    assert game.view(None).can_guess(2)


def test_p14_when_everyone_guessed_wrong_the_owner_is_revealed() -> None:
    game = new_game(3)
    write_all(game)
    owner = answer(game, 0)
    grid = [o for o in game.view(None).grid if o != owner]
    game.apply(Guess(1, grid[0]))
    events = game.apply(Guess(2, grid[1]))
    assert events[0] == GuessedWrong(2, grid[1])
    assert events[1] == OwnerRevealed(0, owner)
    assert owner not in game.view(None).grid and owner not in game.view(None).players[0].owners_won


def test_p14_nobody_knows_reveals_and_discards_the_owner() -> None:
    game = new_game(3)
    write_all(game)
    owner = answer(game, 0)
    before = len(game.view(None).grid)
    events = game.apply(NobodyKnows())
    assert events[0] == OwnerRevealed(0, owner)
    assert len(game.view(None).grid) == before - 1
    assert owner in game.card_locations()["owner discard"]


def test_p15_only_cards_in_the_grid_can_be_guessed() -> None:
    game = new_game(3)
    write_all(game)
    taken = answer(game, 0)
    game.apply(Guess(1, taken))
    with pytest.raises(IllegalActionError, match="not in the grid"):
        game.apply(Guess(2, taken))
    with pytest.raises(IllegalActionError, match="not in the grid"):
        game.apply(Guess(2, "Nobody At All"))


def test_a_correct_guesser_may_guess_again_on_the_next_plate() -> None:
    game = new_game(3)
    write_all(game)
    game.apply(Guess(2, answer(game, 0)))
    game.apply(Guess(2, answer(game, 1)))
    assert len(game.view(None).players[2].owners_won) == 2


# --- requirements scoring: P11, P12 ---------------------------------------------------


def _reveal(events: list) -> RequirementsRevealed:
    return next(e for e in events if isinstance(e, RequirementsRevealed))


def test_requirements_score_when_met_and_guessed() -> None:
    game = new_game(3)
    write_all(game, meet=True)
    card = game.view(0).players[0].requirements
    event = _reveal(game.apply(Guess(1, answer(game, 0))))
    assert event == RequirementsRevealed(0, card, met=True, scored=True)
    assert game.view(None).players[0].requirements_won == (card,)
    assert game.scores() == (1, 1, 0)


def test_requirements_do_not_score_when_met_but_unguessed() -> None:
    game = new_game(3)
    write_all(game, meet=True)
    event = _reveal(game.apply(NobodyKnows()))
    assert event.met and not event.scored
    assert game.scores() == (0, 0, 0)


def test_requirements_do_not_score_when_missed_but_the_guesser_scores() -> None:
    game = new_game(3)
    write_all(game, meet={0: False, 1: True, 2: True})
    event = _reveal(game.apply(Guess(2, answer(game, 0))))
    assert not event.met and not event.scored
    assert game.scores() == (0, 0, 1)


# --- P16: round end, three rounds -----------------------------------------------------


def test_round_end_discards_everything_not_in_a_scoring_pile() -> None:
    game = new_game(3)
    write_all(game)
    game.apply(Guess(1, answer(game, 0)))
    game.apply(NobodyKnows())
    events = game.apply(NobodyKnows())
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.round == 1 and ended.scores == (1, 1, 0)
    places = game.card_locations()
    assert places["grid"] == []
    assert len(places["owner discard"]) == 3 + EXTRA_OWNERS - 1
    assert len(places["requirements discard"]) == 2
    assert events[-1] == RoundStarted(2, 1)
    assert game.phase is Phase.WRITING and game.round == 2


def test_three_rounds_then_game_over() -> None:
    game = new_game(3)
    for expected_round in (1, 2, 3):
        assert game.round == expected_round
        write_all(game)
        while game.phase is Phase.GUESSING:
            events = game.apply(NobodyKnows())
    assert game.phase is Phase.GAME_OVER and game.round == 3
    assert isinstance(events[-1], GameEnded)
    assert game.outcome() is not None and game.outcome().tiebreak is Tiebreak.SHARED
    assert list(game.legal_actions) == []
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply(NobodyKnows())


def test_outcome_is_none_before_the_end() -> None:
    assert new_game(3).outcome() is None


# --- P17: the writing timer ----------------------------------------------------------


def test_p17_time_up_with_a_legal_plate_submits_it() -> None:
    game = new_game(3)
    plate = legal_plate(game, 0, meet=False)
    (event,) = game.apply(WritingTimeUp(0, plate))
    assert isinstance(event, PlateSubmitted) and event.timed_out and event.warning
    assert game.view(0).players[0].plate == plate


@pytest.mark.parametrize("plate", ["", "AEIOU"])
def test_p17_time_up_without_a_legal_plate_forfeits_and_the_owner_is_a_decoy(plate: str) -> None:
    game = new_game(3)
    owner = answer(game, 1)
    game.apply(SubmitPlate(0, legal_plate(game, 0, meet=True)))
    assert game.apply(WritingTimeUp(1, plate)) == [PlateForfeited(1)]
    game.apply(SubmitPlate(2, legal_plate(game, 2, meet=True)))
    assert owner in game.view(None).grid  # decoy
    order = []
    while game.phase is Phase.GUESSING:
        order.append(game.active)
        game.apply(NobodyKnows())
    assert order == [0, 2]  # Bob's turn is skipped
    assert owner not in [r.owner for r in game.view(None).history]


def test_p17_everyone_forfeits_the_round_ends() -> None:
    game = new_game(3)
    for p in game.writing_order:
        events = game.apply(WritingTimeUp(p))
    assert any(isinstance(e, RoundEnded) for e in events)
    assert game.round == 2


# --- P18: winner and tiebreaks --------------------------------------------------------


def _s(player: int, owners: int, reqs: int) -> Standing:
    return Standing(player, "ABCD"[player], owners, reqs)


def test_p18_most_cards_wins() -> None:
    outcome = decide([_s(0, 3, 0), _s(1, 1, 1), _s(2, 0, 0)])
    assert outcome.winners == {0} and outcome.tiebreak is Tiebreak.MOST_CARDS


def test_p18_cards_count_owners_and_requirements_together() -> None:
    outcome = decide([_s(0, 2, 0), _s(1, 1, 2), _s(2, 0, 0)])
    assert outcome.winners == {1}


def test_p18_tie_goes_to_most_requirements_cards() -> None:
    outcome = decide([_s(0, 3, 0), _s(1, 2, 1), _s(2, 3, 0)])
    assert outcome.winners == {1} and outcome.tiebreak is Tiebreak.REQUIREMENTS


def test_p18_still_tied_the_victory_is_shared() -> None:
    outcome = decide([_s(0, 2, 1), _s(1, 2, 1), _s(2, 3, 0), _s(3, 1, 0)])
    assert outcome.winners == {0, 1} and outcome.shared and outcome.tiebreak is Tiebreak.SHARED


def test_p18_a_whole_game_has_a_winner_by_the_rules() -> None:
    game = new_game(3, seed=3)
    rng = random.Random(0)
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.WRITING:
            write_all(game)
        else:
            guesser = rng.choice([p for p in range(3) if p != game.active])
            game.apply(Guess(guesser, answer(game, game.active)))
    outcome = game.outcome()
    assert outcome is not None
    best = max(s.cards for s in outcome.standings)
    assert all(outcome.standings[w].cards == best for w in outcome.winners)


# --- legal actions --------------------------------------------------------------------


def test_legal_actions_membership_and_listing() -> None:
    game = new_game(3)
    assert set(game.legal_actions) == {WritingTimeUp(0, "")}  # P13: the next writer alone
    assert SubmitPlate(0, legal_plate(game, 0, meet=True)) in game.legal_actions
    assert SubmitPlate(5, "7Q") not in game.legal_actions
    assert "not an action" not in game.legal_actions
    write_all(game)
    listed = list(game.legal_actions)
    grid = game.view(None).grid
    assert Counter(type(a).__name__ for a in listed) == {"Buzz": 2, "Guess": 2 * len(grid), "NobodyKnows": 1}
    assert all(a in game.legal_actions for a in listed)


def test_illegal_action_changes_nothing() -> None:
    game = new_game(3)
    write_all(game)
    before = game.card_locations(), game.view(None)
    with pytest.raises(IllegalActionError):
        game.apply(Guess(0, answer(game, 0)))
    assert (game.card_locations(), game.view(None)) == before


def test_an_unknown_action_is_refused() -> None:
    game = new_game(3)
    with pytest.raises(IllegalActionError, match="not a VNTYPL8S action"):
        game.apply("pass")  # type: ignore[arg-type]


def test_deck_too_small_is_refused() -> None:
    from boardgames.common.dictionary import get_dictionary
    from boardgames.vntypl8s.cards import Decks
    from boardgames.vntypl8s.judge import PlateJudge

    small = Decks(tuple(f"Owner {c}" for c in "BCDFGHJKLMN"), ("BCD", "FGH", "JKL"))
    with pytest.raises(ValueError, match="too small"):
        Game(["A", "B", "C"], random.Random(0), PlateJudge(get_dictionary()), small)


def test_an_illegal_plate_is_the_suites_refusal_with_the_judges_every_rule() -> None:
    game = new_game(3)
    action = SubmitPlate(0, "AEIOU-")
    with pytest.raises(IllegalPlateError) as info:
        game.apply(action)
    error = info.value
    assert isinstance(error, IllegalActionError) and error.action is action
    assert error.reason == game.why_illegal(action) and error.reason.startswith("the plate 'AEIOU-' is illegal: ")
    assert len(error.judgement.violations) >= 2
    again = pickle.loads(pickle.dumps(error))  # e.g. across pytest-xdist workers
    assert isinstance(again, IllegalPlateError) and again.judgement == error.judgement and again.reason == error.reason


def test_actors_are_the_seats_that_may_act_now() -> None:
    game = new_game(3)
    assert game.actors() == frozenset({0, 1, 2})  # the rulebook's writers write at once
    game.apply(SubmitPlate(1, legal_plate(game, 1, meet=True)))
    assert game.actors() == frozenset({0, 2})
    write_all_remaining(game)
    assert game.phase is Phase.GUESSING and game.active == 0
    assert game.actors() == frozenset({0, 1, 2})  # Bob and Cy may buzz; Ann may say nobody knows
    game.apply(Guess(1, wrong_owner(game, 0)))
    assert game.actors() == frozenset({0, 2})  # Bob is locked out for this plate
    game.apply(Guess(2, answer(game, 0)))
    assert game.active == 1 and game.actors() == frozenset({0, 1, 2})


def write_all_remaining(game: Game) -> None:
    for p in game.writing_order:
        if not game.view(None).players[p].done_writing:
            game.apply(SubmitPlate(p, legal_plate(game, p, meet=True)))


def test_events_word_themselves_as_the_screen_shows_them() -> None:
    names = ("Ann", "Bob", "Cy")
    assert str(RoundStarted(2, 1, name="Bob")) == "Round 2 begins: Bob writes first."
    assert str(PlateForfeited(0, name="Ann")) == "Time is up: Ann has no legal plate and sits this round out."
    assert str(GuessedWrong(1, "Chef", name="Bob")) == "✗ Bob guessed Chef: wrong."
    assert str(GuessedRight(2, "Chef", name="Cy")) == "✓ Cy guessed it: Chef! Cy takes the card."
    assert str(OwnerRevealed(0, "Chef", name="Ann")) == "Nobody guessed it. Ann reveals: Chef. It leaves the grid."
    assert str(RequirementsRevealed(0, "SH5", met=True, scored=True, name="Ann")) == (
        "Ann's R3QRMNTS card SH5: all three used and guessed: Ann scores it."
    )
    assert str(RequirementsRevealed(0, "SH5", met=False, scored=False, name="Ann")) == (
        "Ann's R3QRMNTS card SH5: not all three used: no score."
    )
    assert str(RoundEnded(1, (2, 1, 0), names=names)) == "Round 1 is over. Cards: Ann 2, Bob 1, Cy 0."
    # The names are labels: equality is about what happened (tests build events from seats).
    assert GuessedWrong(1, "Chef", name="Bob") == GuessedWrong(1, "Chef")
    assert str(GuessedWrong(1, "Chef")) == "✗ Player 2 guessed Chef: wrong."
