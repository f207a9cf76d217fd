"""One test (or more) per row of the Interpretations table in ``docs/rules/vowl.md``.

Tests are named ``test_v<N>_...`` after the row they check; the last tests make
sure every row has one and every row the code cites exists.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import pytest

from boardgames.common.resources import read_rules
from boardgames.vowl.actions import (
    Answer,
    Buzz,
    BuzzTimeUp,
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
from boardgames.vowl.engine import IllegalActionError, PlayerSetup, SetupError, VowlGame, name_key
from boardgames.vowl.events import (
    AnswerAccepted,
    AnswerRejected,
    Buzzed,
    CardFlipped,
    CardPassed,
    CardsDrawn,
    CardStatus,
    CardUnanswered,
    DeckExhausted,
    DrawPurpose,
    GameWon,
    LockedOut,
    LockOut,
    OpponentChosen,
    RaceDecided,
    RaceHow,
    RaceTied,
    RunFinished,
    Scored,
    SelectionMade,
    SuddenDeathCard,
    TurnEnded,
    TurnFailed,
    TurnSucceeded,
)
from boardgames.vowl.judging import Ruling
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.track import BUZZ_SECONDS, TRACK, Board, Extras, ModeFace, Timer, extras_for
from tests.vowl.conftest import (
    ANN,
    BOB,
    CY,
    DEE,
    RiggedRandom,
    actor_names,
    actor_view,
    current,
    kinds,
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

# --------------------------------------------------------------------------- V1 players and names


def test_v1_names_are_trimmed_and_must_differ_ignoring_case() -> None:
    assert make_game(["  Ann   Lee ", BOB]).names == (ANN, BOB)
    with pytest.raises(SetupError, match="names must differ"):
        make_game([ANN, "ann lee"])
    with pytest.raises(SetupError, match="name is empty"):
        make_game(["   ", BOB])


def test_v1_one_player_is_solitaire_practice() -> None:
    assert make_game([ANN]).is_practice
    assert not make_game([ANN, BOB]).is_practice


# --------------------------------------------------------------------------- V2 seats and neighbours


def test_v2_play_goes_round_in_entry_order_from_the_starting_player() -> None:
    game = make_game([CY, ANN, BOB])
    order = []
    for _ in range(4):
        order.append(named(game, game.current_player))
        start_solitaire(game)
        game.apply(TimeUp())
    assert order == [ANN, BOB, CY, ANN]


def test_v2_neighbours_are_the_seats_just_after_and_just_before() -> None:
    game = make_game([CY, DEE, ANN, BOB])  # Ann sits between Dee and Bob
    roll(game, 3, ModeFace.PARTNER)
    assert set(game.legal_actions) == {ChoosePartner(seat_of(game, BOB)), ChoosePartner(seat_of(game, DEE))}


# --------------------------------------------------------------------------- V3 alphabetical


@pytest.mark.parametrize(
    ("names", "first"),
    [
        (["Anna Bell", "Ann Lee"], "Ann Lee"),  # a space sorts before any letter
        (["bob roy", "Ann Lee"], "Ann Lee"),  # case does not matter
        (["Ann Mo", "ann lee"], "ann lee"),
        (["Eric Ode", "Émile Zola"], "Émile Zola"),  # accents do not matter: emile < eric
        (["Zoe Ray", "ÉMILE"], "ÉMILE"),
    ],
)
def test_v3_first_alphabetically_ignores_case_and_accents(names: list[str], first: str) -> None:
    game = make_game(names)
    assert named(game, game.starting_player) == first


def test_v3_name_key() -> None:
    assert name_key("Émile Zola") == "emile zola"
    assert name_key("Ann Lee") < name_key("Anna Bell")


# --------------------------------------------------------------------------- V4 down


def test_v4_victory_token_down_means_toward_zero() -> None:
    game = make_game((ANN, BOB, CY))
    start_solitaire(game)
    solve_pile(game)
    game.apply(ScoreOne(seat_of(game, CY)))
    assert game.player(seat_of(game, ANN)).victory == 9 and game.player(seat_of(game, CY)).victory == 9
    assert game.player(seat_of(game, ANN)).distance == 8  # 1 point and 1 space closer: as near as 2 points


# --------------------------------------------------------------------------- V5 tier table


def _doc_tables() -> dict[Board, list[tuple[int, int, Extras]]]:
    """The two tier tables of docs/rules/vowl.md, as (first, last, extras) rows."""
    text = read_rules("vowl")
    section = text.split("### V5: the scoring-track tiers", 1)[1]
    tables: dict[Board, list[tuple[int, int, Extras]]] = {}
    for board, chunk in zip((Board.STANDARD, Board.ADVANCED), re.split(r"\*\*Advanced side\*\*", section), strict=True):
        rows = []
        for line in chunk.splitlines():
            m = re.match(r"^\| (\d+)(?:–(\d+))? \| (\d) \| (\d) \| (\d) \|$", line.strip())
            if m:
                first = int(m[1])
                last = int(m[2]) if m[2] else first
                rows.append((first, last, Extras(int(m[3]), int(m[4]), int(m[5]))))
        tables[board] = rows
    return tables


def test_v5_tier_tables_in_the_rules_document_match_the_engine() -> None:
    docs = _doc_tables()
    for board in Board:
        assert docs[board] == [(b.first, b.last, b.extras) for b in TRACK[board]]


@pytest.mark.parametrize("board", list(Board))
def test_v5_tiers_cover_the_track_and_rise_with_the_score(board: Board) -> None:
    bands = TRACK[board]
    assert bands[0].first == 0 and bands[-1].last == board.victory_space
    for before, after in itertools.pairwise(bands):
        assert after.first == before.last + 1
    weight = [
        e.basic + 2 * e.advanced + 3 * e.expert for e in (extras_for(board, s) for s in range(board.victory_space + 1))
    ]
    assert weight == sorted(weight)
    assert extras_for(board, 0) == Extras()
    assert all(extras_for(board, s).total > 0 for s in range(1, board.victory_space + 1))


def test_v5_rulebook_example_eleven_on_the_advanced_side() -> None:
    assert extras_for(Board.ADVANCED, 11) == Extras(advanced=1, expert=1)
    assert str(extras_for(Board.ADVANCED, 11)) == "1 yellow + 1 red"


def test_v5_past_the_star_uses_the_last_tier_and_negative_is_refused() -> None:
    assert extras_for(Board.STANDARD, 11) == extras_for(Board.STANDARD, 10)
    with pytest.raises(ValueError):
        extras_for(Board.STANDARD, -1)


# --------------------------------------------------------------------------- V6 dice


class _CountingRandom(RiggedRandom):
    def __init__(self) -> None:
        super().__init__()
        self.choices: list[tuple] = []

    def choice(self, seq):  # type: ignore[no-untyped-def]
        self.choices.append(tuple(seq))
        return super().choice(seq)


def test_v6_practice_rolls_only_the_number_die() -> None:
    decks = make_decks()
    rng = _CountingRandom()
    game = VowlGame.practice(ANN, decks=decks, judge=matcher_for(decks), rng=rng)
    events = game.apply(Roll())
    assert events[0].face is None and events[0].mode is Mode.SOLITAIRE
    assert rng.choices == [(3, 3, 3, 3, 4, 4)]


# --------------------------------------------------------------------------- V7 extras block


def test_v7_extras_are_one_block_easiest_first() -> None:
    decks = make_decks()
    game = make_game(decks=decks)
    set_tokens(game, ANN, score=5)  # standard 5-6: one green + one yellow
    roll(game, 3, ModeFace.SOLITAIRE)
    game.apply(PlaceExtras(on_top=True))
    game.apply(StartRun())
    seen = []
    while game.phase is Phase.SOLVING:
        seen.append(current(game))
        solve(game)
    green, yellow = decks[Tier.BASIC], decks[Tier.ADVANCED]
    assert seen == [green[3], yellow[0], green[0], green[1], green[2]]


# --------------------------------------------------------------------------- V8 roller's timer


def test_v8_every_pile_of_a_turn_uses_the_rollers_timer() -> None:
    game = make_game([PlayerSetup(ANN, Timer.RED), PlayerSetup(BOB, Timer.GREEN)])
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    assert [r.time_limit for r in game.view(None).runs] == [15, 15]
    game.apply(StartRun())
    game.apply(TimeUp())
    game.apply(StartRun())
    assert actor_view(game).active_run.runner == seat_of(game, BOB)  # type: ignore[union-attr]
    assert actor_view(game).active_run.time_limit == 15  # type: ignore[union-attr]
    game.apply(TimeUp())  # 0-0: sudden death, still Ann's 15 s
    assert game.view(None).time_limit == 15


def test_v8_partners_play_with_the_rollers_timer() -> None:
    game = make_game([PlayerSetup(ANN, Timer.GREEN), PlayerSetup(BOB, Timer.RED), PlayerSetup(CY)])
    roll(game, 3, ModeFace.PARTNER)
    game.apply(ChoosePartner(seat_of(game, BOB)))
    assert actor_view(game).active_run.time_limit == 25  # type: ignore[union-attr]


# --------------------------------------------------------------------------- V9 head-to-head set-up


def test_v9_the_opponent_places_their_own_extra_cards() -> None:
    game = make_game()
    set_tokens(game, BOB, score=1)
    events = roll(game, 3, ModeFace.HEAD_TO_HEAD)
    assert OpponentChosen(seat_of(game, ANN), seat_of(game, BOB), automatic=True) in events  # two players: nobody else
    view = game.view(None)
    assert (
        game.phase is Phase.PLACE_EXTRAS
        and view.extras_owner == seat_of(game, BOB)
        and view.actors == (seat_of(game, BOB),)
    )
    game.apply(PlaceExtras(on_top=False))
    assert game.phase is Phase.READY and actor_names(game) == (ANN,)


# --------------------------------------------------------------------------- V10 sudden death


def _to_sudden_death(game: VowlGame) -> Card:
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    game.apply(StartRun())
    game.apply(TimeUp())
    game.apply(StartRun())
    game.apply(TimeUp())
    events = game.apply(StartRun())
    return next(e for e in events if isinstance(e, SuddenDeathCard)).card


def test_v10_buzz_then_answer_a_wrong_answer_locks_that_player_out() -> None:
    game = make_game()
    card = _to_sudden_death(game)
    assert actor_names(game) == (ANN, BOB)
    assert game.apply(Buzz(seat_of(game, ANN))) == [Buzzed(seat_of(game, ANN))]
    assert actor_names(game) == (ANN,)
    with pytest.raises(IllegalActionError, match="Ann Lee holds the buzz"):
        game.apply(Buzz(seat_of(game, BOB)))
    events = game.apply(Answer("bazzer"))
    assert (
        isinstance(events[0], LockedOut) and events[0].player == seat_of(game, ANN) and events[0].why is LockOut.WRONG
    )
    with pytest.raises(IllegalActionError, match="Ann Lee answered wrong and is locked out of this card"):
        game.apply(Buzz(seat_of(game, ANN)))
    game.apply(Buzz(seat_of(game, BOB)))
    events = game.apply(Answer(card.answers[0]))
    assert next(e for e in events if isinstance(e, RaceDecided)).race.winner == seat_of(game, BOB)


def test_v10_both_locked_out_a_new_card_and_both_may_buzz_again() -> None:
    game = make_game()
    first = _to_sudden_death(game)
    game.apply(Buzz(seat_of(game, ANN)))
    game.apply(Answer("fakak"))
    game.apply(Buzz(seat_of(game, BOB)))
    events = game.apply(Answer("fakok"))
    assert CardUnanswered(first, timed_out=False) in events  # V30: nobody wins that card
    new = next(e for e in events if isinstance(e, SuddenDeathCard))
    assert new.number == 2 and new.card != first and new.card.tier is Tier.EXPERT
    assert game.view(None).sudden_death.locked_out == ()  # type: ignore[union-attr]
    assert actor_names(game) == (ANN, BOB)


def test_v10_time_up_in_sudden_death_turns_a_new_card() -> None:
    game = make_game()
    first = _to_sudden_death(game)
    events = game.apply(TimeUp())
    assert events[0] == CardUnanswered(first, timed_out=True)
    new = next(e for e in events if isinstance(e, SuddenDeathCard))
    assert new.card != first and game.phase is Phase.SUDDEN_DEATH


@pytest.mark.parametrize("word", ["t0lerate", "f4k", "", "   "])
def test_v10_any_refused_answer_locks_out_not_letters_included(word: str) -> None:
    """Seen at the table: Ann buzzed and sent ``t0lerate``; 'not letters' kept the buzz,
    so she could think on while Bob could not buzz.  Every refusal costs the card."""
    game = make_game()
    card = _to_sudden_death(game)
    game.apply(Buzz(seat_of(game, ANN)))
    [event] = game.apply(Answer(word))
    assert isinstance(event, LockedOut) and (event.player, event.card, event.why) == (
        seat_of(game, ANN),
        card,
        LockOut.WRONG,
    )
    assert event.verdict is not None and not event.verdict.accepted
    assert not any(isinstance(e, AnswerRejected) for e in game.view(None).last_events)
    assert actor_names(game) == (BOB,) and Buzz(seat_of(game, BOB)) in game.legal_actions


def test_v10_each_buzzer_is_only_offered_in_its_owners_view() -> None:
    game = make_game()
    _to_sudden_death(game)
    assert (
        Buzz(seat_of(game, ANN)) in game.view(seat_of(game, ANN)).legal
        and Buzz(seat_of(game, BOB)) not in game.view(seat_of(game, ANN)).legal
    )
    assert Buzz(seat_of(game, BOB)) in game.view(seat_of(game, BOB)).legal
    assert game.view(None).sudden_death.card is not None  # type: ignore[union-attr]


def test_v10_a_locked_out_player_is_no_longer_offered_a_buzz() -> None:
    game = make_game()
    _to_sudden_death(game)
    game.apply(Buzz(seat_of(game, BOB)))
    game.apply(Answer("zzz"))
    sd = game.view(None).sudden_death
    assert sd is not None and sd.may_buzz() == (seat_of(game, ANN),) and sd.locked_out == (seat_of(game, BOB),)
    assert [a for a in game.legal_actions if isinstance(a, Buzz)] == [Buzz(seat_of(game, ANN))]
    assert not [a for a in game.view(seat_of(game, BOB)).legal if isinstance(a, Buzz)]


# --------------------------------------------------------------------------- V29 the buzz countdown


def test_v29_a_buzz_holds_for_buzz_seconds_and_its_running_out_locks_out() -> None:
    game = make_game()
    card = _to_sudden_death(game)
    assert game.view(None).sudden_death.buzz_seconds == BUZZ_SECONDS == 10  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="nobody holds the buzz"):
        game.apply(BuzzTimeUp())
    game.apply(Buzz(seat_of(game, ANN)))
    assert game.apply(BuzzTimeUp()) == [LockedOut(seat_of(game, ANN), card, None, LockOut.OUT_OF_TIME)]
    with pytest.raises(IllegalActionError, match="Ann Lee ran out of buzz time and is locked out"):
        game.apply(Buzz(seat_of(game, ANN)))
    assert [a for a in game.legal_actions if isinstance(a, Buzz)] == [Buzz(seat_of(game, BOB))]


def test_v29_buzz_then_think_no_longer_wins() -> None:
    """Seen at the table: Ann buzzed and waited; Bob could not buzz, the card's time ran
    out and a new card came with both free again.  Now the card's sand stands still while
    she holds the buzz, her own runs out, and Bob gets his chance on the same card."""
    game = make_game()
    card = _to_sudden_death(game)
    game.apply(Buzz(seat_of(game, ANN)))
    assert TimeUp() not in game.legal_actions
    with pytest.raises(IllegalActionError, match="stands still while Ann Lee holds the buzz"):
        game.apply(TimeUp())
    game.apply(BuzzTimeUp())
    assert game.view(None).sudden_death.card == card  # type: ignore[union-attr]  # same card
    game.apply(Buzz(seat_of(game, BOB)))
    events = game.apply(Answer(card.answers[0]))
    assert next(e for e in events if isinstance(e, RaceDecided)).race.winner == seat_of(game, BOB)


def test_v29_backing_out_is_a_pass_and_locks_out() -> None:
    game = make_game()
    card = _to_sudden_death(game)
    with pytest.raises(IllegalActionError, match="nobody holds the buzz"):
        game.apply(Pass())
    game.apply(Buzz(seat_of(game, BOB)))
    assert [a for a in game.legal_actions if isinstance(a, Pass)] == [Pass()] and game.answer_rule() is not None
    assert game.apply(Pass()) == [LockedOut(seat_of(game, BOB), card, None, LockOut.PASSED)]
    with pytest.raises(IllegalActionError, match="Bob Roy passed and is locked out of this card"):
        game.apply(Buzz(seat_of(game, BOB)))
    assert actor_names(game) == (ANN,)


def test_v29_what_may_be_sent_while_a_buzz_is_held() -> None:
    game = make_game()
    _to_sudden_death(game)
    free = game.legal_actions
    assert set(free) == {Buzz(seat_of(game, ANN)), Buzz(seat_of(game, BOB)), TimeUp()} and game.answer_rule() is None
    with pytest.raises(IllegalActionError, match="buzz first"):
        game.apply(Answer("fakak"))
    game.apply(Buzz(seat_of(game, ANN)))
    held = game.legal_actions
    assert set(held) == {Pass(), BuzzTimeUp()} and Answer("anything") in held
    with pytest.raises(IllegalActionError, match="Ann Lee already holds the buzz"):
        game.apply(Buzz(seat_of(game, ANN)))


# --------------------------------------------------------------------------- V30 both locked out


@pytest.mark.parametrize("how", ["wrong", "pass", "time"])
def test_v30_both_locked_out_nobody_wins_the_card_and_a_new_one_turns(how: str) -> None:
    game = make_game()
    first = _to_sudden_death(game)
    before = {p.name: (p.score, p.victory) for p in game.players}
    lose = {"wrong": Answer("zzz"), "pass": Pass(), "time": BuzzTimeUp()}[how]
    game.apply(Buzz(seat_of(game, ANN)))
    game.apply(lose)
    game.apply(Buzz(seat_of(game, BOB)))
    events = game.apply(lose)
    assert kinds(events) == ["LockedOut", "CardUnanswered", "CardsDrawn", "SuddenDeathCard"]
    assert events[1] == CardUnanswered(first, timed_out=False)
    assert {p.name: (p.score, p.victory) for p in game.players} == before  # nobody scores
    sd = game.view(None).sudden_death
    assert (
        sd is not None
        and sd.card != first
        and sd.cards_tried == 2
        and sd.may_buzz() == (seat_of(game, ANN), seat_of(game, BOB))
    )
    assert game.phase is Phase.SUDDEN_DEATH


# --------------------------------------------------------------------------- V11 passing


def test_v11_passed_cards_come_back_oldest_first_when_the_pile_is_used_up() -> None:
    game = make_game()
    start_solitaire(game, 3)
    a = current(game)
    game.apply(Pass())
    b = current(game)
    game.apply(Pass())
    solve(game)  # the third card; now the passed ones return
    assert current(game) == a
    events = game.apply(Pass())
    assert events == [CardPassed(seat_of(game, ANN), a), CardFlipped(seat_of(game, ANN), b, True)]


def test_v11_going_back_to_a_passed_card_passes_the_face_up_one() -> None:
    game = make_game()
    start_solitaire(game, 3)
    a = current(game)
    game.apply(Pass())
    b = current(game)
    events = game.apply(Revisit(a))
    assert events == [CardPassed(seat_of(game, ANN), b), CardFlipped(seat_of(game, ANN), a, True)]
    with pytest.raises(IllegalActionError, match="not one of the passed cards"):
        game.apply(Revisit(a))


def test_v11_the_last_unsolved_card_cannot_be_passed() -> None:
    game = make_game()
    start_solitaire(game, 3)
    solve(game)
    solve(game)
    assert Pass() not in game.legal_actions
    with pytest.raises(IllegalActionError, match="nothing to pass to"):
        game.apply(Pass())


# --------------------------------------------------------------------------- V12 no gift wins


def test_v12_one_point_cannot_move_a_victory_token_onto_its_owners_scoring_token() -> None:
    game = make_game((ANN, BOB, CY))
    set_tokens(game, BOB, score=6, victory=7)  # one space apart: lowering it would hand Bob the game
    start_solitaire(game)
    solve_pile(game)
    assert set(game.legal_actions) == {ScoreTwo(), ScoreOne(seat_of(game, CY))}
    with pytest.raises(IllegalActionError, match="hand them the game"):
        game.apply(ScoreOne(seat_of(game, BOB)))


def test_v12_own_victory_token_may_meet_own_scoring_token() -> None:
    game = make_game((ANN, BOB, CY))
    set_tokens(game, ANN, score=8, victory=9)
    start_solitaire(game)
    solve_pile(game)
    events = game.apply(ScoreOne(seat_of(game, BOB)))
    assert GameWon(seat_of(game, ANN), 9, 8) in events


# --------------------------------------------------------------------------- V13 order of scoring


def test_v13_the_roller_scores_first_then_the_partner_who_may_win() -> None:
    game = make_game((ANN, BOB, CY))
    set_tokens(game, BOB, score=8)  # within reach, but may still be chosen as partner
    roll(game, 3, ModeFace.PARTNER)
    game.apply(ChoosePartner(seat_of(game, BOB)))
    game.apply(StartRun())
    solve_pile(game)
    assert actor_view(game).scorer == seat_of(game, ANN)
    game.apply(ScoreTwo())
    assert actor_view(game).scorer == seat_of(game, BOB)
    events = game.apply(ScoreTwo())
    assert GameWon(seat_of(game, BOB), 10, 10) in events
    assert game.outcome().winner == seat_of(game, BOB)  # type: ignore[union-attr]


def test_v13_a_partner_mode_roller_can_never_win_on_their_own_points() -> None:
    # Partner mode needs 3+ spaces to go (V19); one scoring closes at most 2.
    for score in range(0, 8):
        game = make_game((ANN, BOB, CY))
        set_tokens(game, ANN, score=score)
        rolled = roll(game, 3, ModeFace.PARTNER)[0]
        if rolled.mode is Mode.PARTNER:
            assert game.player(seat_of(game, ANN)).distance >= 3


# --------------------------------------------------------------------------- V14 automatic choice


def test_v14_when_two_points_is_the_only_option_it_is_taken_automatically() -> None:
    game = make_game()
    set_tokens(game, BOB, score=8, victory=9)  # the only other player cannot be chosen (V12)
    start_solitaire(game)
    events = solve_pile(game)
    scored = next(e for e in events if isinstance(e, Scored))
    assert scored.automatic and scored.score_to == 2
    assert any(isinstance(e, TurnEnded) for e in events)
    assert game.phase is Phase.ROLL and game.current_player == seat_of(game, BOB)


# --------------------------------------------------------------------------- V15 deck exhaustion


def test_v15_an_empty_deck_and_discard_pile_make_a_short_draw() -> None:
    game = make_game(decks=make_decks(basic=2))
    events = roll(game, 3, ModeFace.SOLITAIRE)
    assert CardsDrawn(seat_of(game, ANN), Tier.BASIC, 2, DrawPurpose.PILE) in events
    assert DeckExhausted(Tier.BASIC, 1) in events
    assert actor_view(game).active_run.total == 2  # type: ignore[union-attr]


def test_v15_sudden_death_falls_back_to_yellow_when_no_red_card_is_left() -> None:
    game = make_game(decks=make_decks(expert=0, advanced=2))
    card = _to_sudden_death(game)
    assert card.tier is Tier.ADVANCED


def test_v15_no_card_left_anywhere_the_race_has_no_winner() -> None:
    game = make_game(decks=make_decks(basic=6, advanced=0, expert=0))
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    for _ in range(2):
        game.apply(StartRun())
        game.apply(TimeUp())
    events = game.apply(StartRun())
    decided = next(e for e in events if isinstance(e, RaceDecided))
    assert decided.race.winner is None and decided.race.how is RaceHow.NO_CARD
    assert TurnFailed(seat_of(game, ANN)) in events and game.current_player == seat_of(game, BOB)


# --------------------------------------------------------------------------- V16 selection details


def test_v16_selection_hand_is_private_to_the_opponent_behind_a_handover() -> None:
    game = make_game()
    roll(game, 3, ModeFace.PARTNER)
    assert game.view(None).private_to == seat_of(game, BOB)
    assert game.view(seat_of(game, ANN)).selection.hand is None  # type: ignore[union-attr]
    assert game.view(None).selection.hand is None  # type: ignore[union-attr]
    assert game.view(seat_of(game, ANN)).selection.hand_size == 6  # type: ignore[union-attr]
    assert len(game.view(seat_of(game, BOB)).selection.hand) == 6  # type: ignore[union-attr,arg-type]


def test_v16_fewer_than_four_cards_drawn_are_all_discarded() -> None:
    game = make_game(decks=make_decks(basic=3))
    events = roll(game, 3, ModeFace.PARTNER)
    assert SelectionMade(seat_of(game, BOB), seat_of(game, ANN), 3, 0) in events
    assert game.phase is Phase.READY


def test_v16_selection_discards_go_to_the_discard_pile_at_the_end_of_the_turn() -> None:
    game = make_game()
    roll(game, 3, ModeFace.PARTNER)
    hand = game.view(seat_of(game, BOB)).selection.hand  # type: ignore[union-attr]
    game.apply(Discard(hand[:3]))  # type: ignore[index]
    assert game.view(None).decks[0].discard == 0
    game.apply(StartRun())
    game.apply(TimeUp())
    assert game.view(None).decks[0].discard == 6


# --------------------------------------------------------------------------- V17 empty pile


def test_v17_a_pile_with_no_cards_is_got_through_at_once() -> None:
    game = make_game(decks=make_decks(basic=0))
    roll(game, 3, ModeFace.SOLITAIRE)
    events = game.apply(StartRun())
    finished = next(e for e in events if isinstance(e, RunFinished))
    assert finished.result.complete and finished.result.elapsed == 0.0 and finished.result.total == 0
    assert TurnSucceeded((seat_of(game, ANN),)) in events


# --------------------------------------------------------------------------- V18 the race on one keyboard


def test_v18_racers_run_in_turn_and_the_first_result_is_hidden_until_both_are_done() -> None:
    game = make_game()
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    game.apply(StartRun())
    assert game.view(None).private_to == seat_of(game, ANN)
    ann_card = current(game)
    assert game.view(seat_of(game, BOB)).runs[0].current is None and not game.view(seat_of(game, BOB)).runs[0].visible
    solve(game, 3.0)
    game.apply(TimeUp())
    hidden = game.view(seat_of(game, BOB)).runs[0]
    assert hidden.solved_count is None and hidden.finished and hidden.solved == ()
    assert game.view(seat_of(game, ANN)).runs[0].solved_count == 1
    assert all(ann_card not in (getattr(e, "card", None),) for e in game.view(seat_of(game, BOB)).last_events)
    game.apply(StartRun())
    assert actor_names(game) == (BOB,) and game.view(None).private_to == seat_of(game, BOB)
    assert not game.view(seat_of(game, ANN)).runs[1].visible
    game.apply(TimeUp())  # Bob solved 0: Ann wins on count, and now everything is shown
    assert (
        all(r.visible for r in game.view(seat_of(game, BOB)).runs)
        and game.view(seat_of(game, BOB)).runs[0].solved_count == 1
    )


def test_v18_equal_times_are_a_tie() -> None:
    game = make_game()
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    for _ in range(2):
        game.apply(StartRun())
        solve_pile(game, start=4.0, step=4.0, timed=True)
    assert game.phase is Phase.SUDDEN_DEATH_READY
    tied = next(e for e in game.view(None).last_events if isinstance(e, RaceTied))
    assert [r.elapsed for r in tied.results] == [12.0, 12.0]


def test_v18_head_to_head_answers_must_carry_the_elapsed_time() -> None:
    game = make_game()
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    game.apply(StartRun())
    word = current(game).answers[0]
    assert Answer(word) not in game.legal_actions
    assert Answer(word, 1.5) in game.legal_actions
    with pytest.raises(IllegalActionError, match="elapsed time"):
        game.apply(Answer(word))


# --------------------------------------------------------------------------- V19 winning distance


@pytest.mark.parametrize(("score", "forced"), [(7, False), (8, True), (9, True)])
def test_v19_within_two_spaces_is_inclusive(score: int, forced: bool) -> None:
    game = make_game((ANN, BOB, CY))
    set_tokens(game, ANN, score=score)
    rolled = roll(game, 3, ModeFace.HEAD_TO_HEAD)[0]
    assert rolled.forced_solitaire is forced
    assert rolled.mode is (Mode.SOLITAIRE if forced else Mode.HEAD_TO_HEAD)
    assert game.player(seat_of(game, ANN)).within_reach is forced


def test_v19_selection_mode_is_forced_to_solitaire_too() -> None:
    game = make_game()
    set_tokens(game, ANN, score=3, victory=5)
    rolled = roll(game, 3, ModeFace.PARTNER)[0]
    assert rolled.mode is Mode.SOLITAIRE and rolled.forced_solitaire


def test_v19_a_rolled_solitaire_is_not_marked_forced() -> None:
    game = make_game()
    set_tokens(game, ANN, score=9)
    assert not roll(game, 3, ModeFace.SOLITAIRE)[0].forced_solitaire


# --------------------------------------------------------------------------- V20 practice


def test_v20_practice_piles_grow_with_the_score_and_end_on_the_star() -> None:
    game = make_practice(PlayerSetup(ANN, Timer.RED))
    sizes = []
    while not game.is_over():
        assert game.current_player == seat_of(game, ANN)
        events = roll(game, 3, None)
        assert events[0].mode is Mode.SOLITAIRE
        if game.phase is Phase.PLACE_EXTRAS:
            game.apply(PlaceExtras(on_top=False))
        game.apply(StartRun())
        assert actor_view(game).time_limit == 15
        sizes.append(actor_view(game).active_run.total)  # type: ignore[union-attr]
        events = solve_pile(game, timed=True)
        scored = next(e for e in events if isinstance(e, Scored))
        assert scored.automatic and scored.score_to - scored.score_from == 2
        assert game.player(seat_of(game, ANN)).victory == 10
    assert sizes == [3, 4, 4, 5, 5]  # spaces 0, 2, 4, 6, 8 on the standard track
    assert game.outcome().practice and game.outcome().winner == seat_of(game, ANN)  # type: ignore[union-attr]
    assert game.outcome().turns == 5  # type: ignore[union-attr]


def test_v20_a_failed_practice_pile_scores_nothing() -> None:
    game = make_practice()
    start_solitaire(game)
    events = game.apply(TimeUp())
    assert TurnFailed(seat_of(game, ANN)) in events
    assert game.player(seat_of(game, ANN)).score == 0 and game.current_player == seat_of(game, ANN) and game.turn == 2


# --------------------------------------------------------------------------- V21 end-of-turn review


def test_v21_the_review_shows_every_card_of_the_turn_and_all_go_to_discard() -> None:
    game = make_game(board=Board.ADVANCED)
    set_tokens(game, ANN, score=3)  # two extra green
    roll(game, 3, ModeFace.SOLITAIRE)
    game.apply(PlaceExtras(on_top=False))
    game.apply(StartRun())
    first = current(game)
    solve(game)
    second = current(game)
    game.apply(Pass())
    third = current(game)
    events = game.apply(TimeUp())
    summary = next(e for e in events if isinstance(e, TurnEnded)).summary
    statuses = [(c.card, c.status) for c in summary.cards]
    assert statuses[:3] == [(first, CardStatus.SOLVED), (second, CardStatus.PASSED), (third, CardStatus.SHOWN)]
    assert [s for _, s in statuses[3:]] == [CardStatus.UNSEEN, CardStatus.UNSEEN]
    assert summary.cards[0].answer == first.answers[0]
    assert game.view(None).decks[0].discard == 5
    assert game.view(None).last_turn == summary


def test_v21_the_review_is_shown_before_scoring() -> None:
    game = make_game()
    start_solitaire(game)
    solve_pile(game)
    review = game.view(None).review
    assert review is not None and [c.status for c in review.cards] == [CardStatus.SOLVED] * 3


def test_v21_sudden_death_and_selection_cards_are_in_the_review() -> None:
    game = make_game()
    card = _to_sudden_death(game)
    game.apply(TimeUp())
    game.apply(Buzz(seat_of(game, BOB)))
    second = game.view(None).sudden_death.card  # type: ignore[union-attr]
    game.apply(Answer(second.answers[0]))  # type: ignore[union-attr]
    assert game.phase is Phase.SCORE
    summary = game.view(None).review
    assert summary is not None
    sd = [c for c in summary.cards if c.sudden_death]
    assert [(c.card, c.status) for c in sd] == [(card, CardStatus.SHOWN), (second, CardStatus.SOLVED)]

    game = make_game()
    roll(game, 3, ModeFace.PARTNER)
    hand = game.view(seat_of(game, BOB)).selection.hand  # type: ignore[union-attr]
    game.apply(Discard(hand[:3]))  # type: ignore[index]
    game.apply(StartRun())
    events = game.apply(TimeUp())
    summary = next(e for e in events if isinstance(e, TurnEnded)).summary
    assert Counter(c.status for c in summary.cards)[CardStatus.DISCARDED] == 3


# --------------------------------------------------------------------------- V22 time as data


def test_v22_elapsed_never_goes_back_nor_past_the_timer() -> None:
    game = make_game()
    start_solitaire(game)
    word = current(game).answers[0]
    game.apply(Answer("bzz", 10.0))
    with pytest.raises(IllegalActionError, match="earlier than"):
        game.apply(Answer(word, 9.0))
    with pytest.raises(IllegalActionError, match="send TimeUp"):
        game.apply(Answer(word, 25.5))
    with pytest.raises(IllegalActionError, match="number of seconds"):
        game.apply(Answer(word, float("nan")))
    assert Answer(word) in game.legal_actions  # outside a race, time is optional
    game.apply(Answer(word, 11.0))


def test_v22_the_finish_time_is_the_last_answers_elapsed() -> None:
    game = make_game()
    start_solitaire(game)
    events = solve_pile(game, start=2.0, step=3.5, timed=True)
    finished = next(e for e in events if isinstance(e, RunFinished))
    assert finished.result.elapsed == 9.0 and finished.result.complete


# --------------------------------------------------------------------------- V23 partners share the keyboard


def test_v23_either_partner_may_answer_from_the_shared_keyboard() -> None:
    game = make_game((ANN, BOB, CY))
    roll(game, 3, ModeFace.PARTNER)
    game.apply(ChoosePartner(seat_of(game, BOB)))
    game.apply(StartRun())
    word = current(game).answers[0]
    assert game.view(seat_of(game, ANN)).allows(Answer(word))
    assert game.view(seat_of(game, BOB)).allows(Answer(word))
    assert not game.view(seat_of(game, CY)).legal and not game.view(seat_of(game, CY)).allows(Answer(word))
    assert game.view(None).private_to is None  # nothing secret in a partner pile


# --------------------------------------------------------------------------- V24 the judge decides


class _SpyJudge:
    """A fake judge (no dictionary): what ``vowl.judging.Judge`` asks, and nothing more."""

    def __init__(self, accept: bool) -> None:
        self.accept = accept
        self.calls: list[tuple[str, str]] = []

    def check(self, skeleton: str, word: str) -> Ruling:
        self.calls.append((skeleton, word))
        return Ruling(word.lower(), self.accept, "accepted" if self.accept else "rejected: the spy says no")


def test_v24_every_answer_is_judged_against_the_face_up_cards_skeleton() -> None:
    decks = make_decks()
    judge = _SpyJudge(accept=True)
    rng = RiggedRandom()
    game = VowlGame([ANN, BOB], decks=decks, judge=judge, rng=rng)
    rng.force(3, ModeFace.SOLITAIRE)
    game.apply(Roll())
    game.apply(StartRun())
    events = game.apply(Answer("Anything"))
    assert judge.calls == [(decks[Tier.BASIC][0].skeleton, "Anything")]
    assert isinstance(events[0], AnswerAccepted) and events[0].word == "anything"
    game.apply(TimeUp())

    rejecting = _SpyJudge(accept=False)
    rng = RiggedRandom()
    game = VowlGame([ANN, BOB], decks=decks, judge=rejecting, rng=rng)
    rng.force(3, ModeFace.SOLITAIRE)
    game.apply(Roll())
    game.apply(StartRun())
    word = game.view(seat_of(game, ANN)).active_run.current.answers[0]  # type: ignore[union-attr]
    assert isinstance(game.apply(Answer(word))[0], AnswerRejected)  # the judge, not the card, decides


def test_v24_a_fitting_string_the_dictionary_does_not_know_is_not_a_word() -> None:
    game = make_game()
    start_solitaire(game)
    skeleton = current(game).skeleton
    [event] = game.apply(Answer("o".join(skeleton.lower())))
    assert isinstance(event, AnswerRejected) and "not a word" in event.reason


# --------------------------------------------------------------------------- V25 face down until the timer


def test_v25_the_pile_stays_face_down_until_the_timer_is_flipped() -> None:
    game = make_game()
    events = roll(game, 4, ModeFace.SOLITAIRE)
    assert not any(isinstance(e, CardFlipped) for e in events)
    run = actor_view(game).active_run
    assert run is not None and run.current is None and run.pile_left == 4 and not run.started
    events = game.apply(StartRun())
    assert isinstance(events[-1], CardFlipped)
    assert actor_view(game).active_run.pile_left == 3  # type: ignore[union-attr]


# --------------------------------------------------------------------------- the table itself


def _rows() -> list[str]:
    return re.findall(r"^\| (V\d+) \|", read_rules("vowl"), flags=re.MULTILINE)


def test_every_interpretation_row_has_a_test() -> None:
    rows = _rows()
    assert rows == [f"V{i}" for i in range(1, len(rows) + 1)], "rows numbered V1, V2, ... in order"
    # Rows about the screen (saved games) are tested beside the screen, so every test
    # module of this folder counts.
    tests: set[str] = set()
    for path in Path(__file__).resolve().parent.glob("test_*.py"):
        tests |= set(re.findall(r"^(?:async )?def test_(v\d+)_", path.read_text(encoding="utf-8"), re.MULTILINE))
    assert {r.lower() for r in rows} <= tests


def test_every_interpretation_cited_in_the_code_exists() -> None:
    rows = set(_rows())
    root = Path(__file__).resolve().parents[2] / "boardgames" / "vowl"
    cited = set()
    for path in root.glob("*.py"):
        cited |= set(re.findall(r"Interpretation (V\d+)", path.read_text(encoding="utf-8")))
    assert cited and cited <= rows
