"""The buzz in the engine (Interpretations P29 and P31): holding it, letting it go, who
may act meanwhile.  Pure and seeded: the countdown is the screen's, the engine only
hears that time ran out (``GuessTimeUp``)."""

from __future__ import annotations

import pytest

from boardgames.vntypl8s.engine import (
    BackOut,
    Buzz,
    Buzzed,
    BuzzLapsed,
    Guess,
    GuessedRight,
    GuessedWrong,
    GuessTimeUp,
    IllegalActionError,
    Lapse,
    NobodyKnows,
    OwnerRevealed,
    PlateRevealed,
    RequirementsRevealed,
)

from .helpers import answer, new_game, write_all, wrong_owner


def guessing(players: int = 4, seed: int = 3):
    game = new_game(players, seed=seed)
    write_all(game)
    assert game.active == 0
    return game


def test_p29_a_buzz_gives_the_buzzer_alone_the_table() -> None:
    game = guessing()
    assert game.apply(Buzz(2)) == [Buzzed(2)]
    view = game.view(None)
    assert view.buzzer == 2 and not view.may_buzz(1) and view.can_guess(1)
    assert game.actors() == frozenset({2})
    assert {type(a) for a in game.legal_actions} == {Guess, GuessTimeUp, BackOut}
    assert all(a.player == 2 for a in game.legal_actions)


@pytest.mark.parametrize("late", [1, 3])
def test_p29_a_second_buzz_while_one_is_held_is_refused_naming_the_holder(late: int) -> None:
    """ "Two buzzes in the same instant": the first is held, the second refused in words."""
    game = guessing()
    game.apply(Buzz(2))
    reason = game.why_illegal(Buzz(late))
    assert reason is not None and reason.startswith("Cy holds the buzz") and game.players[late] in reason
    with pytest.raises(IllegalActionError, match="Cy holds the buzz"):
        game.apply(Buzz(late))
    with pytest.raises(IllegalActionError, match="Cy holds the buzz"):
        game.apply(Guess(late, answer(game, 0)))  # nor can the late player simply answer
    assert game.view(None).buzzer == 2 and game.view(None).locked_out == frozenset()


def test_p29_the_writer_cannot_end_the_race_while_someone_holds_the_buzz() -> None:
    game = guessing()
    game.apply(Buzz(1))
    with pytest.raises(IllegalActionError, match="Bob holds the buzz, so Ann's key is ignored"):
        game.apply(NobodyKnows())
    with pytest.raises(IllegalActionError, match="already holds the buzz"):
        game.apply(Buzz(1))


@pytest.mark.parametrize(("action", "lapse"), [(BackOut(1), Lapse.BACKED_OUT), (GuessTimeUp(1), Lapse.TIME_UP)])
def test_p29_letting_the_buzz_go_uses_the_chance_like_a_wrong_guess(action: object, lapse: Lapse) -> None:
    game = guessing()
    game.apply(Buzz(1))
    assert game.apply(action) == [BuzzLapsed(1, lapse)]
    view = game.view(None)
    assert view.buzzer is None and 1 in view.locked_out and not view.can_guess(1)
    with pytest.raises(IllegalActionError, match="Bob is locked out"):
        game.apply(Buzz(1))
    assert view.may_buzz(2) and game.actors() == frozenset({0, 2, 3})


def test_p29_the_words_of_a_lapse() -> None:
    assert str(BuzzLapsed(1, Lapse.TIME_UP, name="Bob")) == "Time is up: Bob did not guess."
    assert str(BuzzLapsed(1, Lapse.BACKED_OUT, name="Bob")) == "Bob backed out without guessing."
    assert str(Buzzed(2, name="Cy")) == "Cy buzzed and holds the buzz."


def test_p29_only_the_holder_lets_the_buzz_go() -> None:
    game = guessing()
    with pytest.raises(IllegalActionError, match="Bob does not hold the buzz"):
        game.apply(GuessTimeUp(1))
    game.apply(Buzz(2))
    with pytest.raises(IllegalActionError, match="Bob does not hold the buzz"):
        game.apply(BackOut(1))


def test_p29_a_guess_ends_the_hold_right_or_wrong() -> None:
    game = guessing()
    game.apply(Buzz(1))
    wrong = wrong_owner(game, 0)
    assert game.apply(Guess(1, wrong)) == [GuessedWrong(1, wrong)]
    assert game.view(None).buzzer is None and game.view(None).may_buzz(2)
    game.apply(Buzz(3))
    events = game.apply(Guess(3, answer(game, 0)))
    assert isinstance(events[0], GuessedRight) and isinstance(events[-1], PlateRevealed)
    assert game.view(None).buzzer is None and game.active == 1


def test_p29_when_the_last_chance_lapses_the_plate_goes_unguessed() -> None:
    game = guessing(players=3)
    owner = answer(game, 0)
    game.apply(Buzz(1))
    game.apply(BackOut(1))
    game.apply(Buzz(2))
    events = game.apply(GuessTimeUp(2))
    assert events[:2] == [BuzzLapsed(2, Lapse.TIME_UP), OwnerRevealed(0, owner)]
    assert any(isinstance(e, RequirementsRevealed) for e in events)
    assert game.active == 1 and game.view(None).buzzer is None


def test_p31_a_guess_without_a_buzz_is_still_a_buzz_and_its_answer() -> None:
    """Saves from before P29 hold guesses without buzzes: they replay as they were played."""
    game = guessing()
    wrong = wrong_owner(game, 0)
    assert game.apply(Guess(1, wrong)) == [GuessedWrong(1, wrong)]
    assert 1 in game.view(None).locked_out


def test_p29_the_buzz_is_public_and_every_view_tells_who_holds_it() -> None:
    game = guessing()
    game.apply(Buzz(3))
    assert Buzzed(3).audience is None
    assert {game.view(v).buzzer for v in (None, 0, 1, 2, 3)} == {3}
