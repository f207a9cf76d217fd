"""Who holds Vowl's keyboard, derived by the common policy (``common.handovers``), and Vowl's words.

No app: the engine, a ``Keyboard`` over it, and ``vowl.handovers.WORDS``.  The words are the
ones the Pilot tests, snapshots and tmux tests see on the screen.
"""

from __future__ import annotations

from boardgames.common.handovers import TABLE, Keyboard, Why
from boardgames.vowl.actions import Answer, Discard, StartRun, TimeUp
from boardgames.vowl.handovers import WORDS
from boardgames.vowl.kinds import Phase
from boardgames.vowl.track import ModeFace
from tests.vowl.conftest import ANN, BOB, current, make_game, roll, seat_of, solve


def test_a_roll_at_the_table_hands_nothing_over() -> None:
    game = make_game()
    keyboard = Keyboard(game, WORDS)
    assert keyboard.first(resumed=False) is None
    assert keyboard.after(roll(game, 3, ModeFace.PARTNER)) is not None  # two players: selection (private)


def test_a_solitaire_pile_is_turned_when_the_racer_is_ready_a_courtesy() -> None:
    game = make_game()
    keyboard = Keyboard(game, WORDS)
    handover = keyboard.after(roll(game, 3, ModeFace.SOLITAIRE))
    assert game.phase is Phase.READY and handover is not None
    assert (handover.seat, handover.why) == (TABLE, Why.COURTESY)
    assert handover.title == f"{ANN}, take the keyboard — press Space when ready"
    assert handover.detail == "Solitaire: 3 cards face down, 25 seconds. Space flips the sand timer."
    keyboard.taken(handover)
    assert keyboard.after(game.apply(StartRun())) is None and keyboard.seat is TABLE  # nothing private


def test_the_selector_takes_the_keyboard_for_their_hand() -> None:
    game = make_game()
    keyboard = Keyboard(game, WORDS)
    handover = keyboard.after(roll(game, 4, ModeFace.PARTNER))
    assert handover is not None and (handover.seat, handover.why) == (seat_of(game, BOB), Why.TURN)
    assert handover.title == f"{BOB}, take the keyboard — press Space when ready"
    assert handover.detail == f"{BOB} picks which cards {ANN} must solve. {ANN}, look away!"
    keyboard.taken(handover)
    hand = game.view(keyboard.seat).selection.hand  # type: ignore[arg-type, union-attr]
    assert hand is not None
    after = keyboard.after(game.apply(Discard(hand[:3])))  # Ann's pile: she turns it when ready
    assert after is not None and (after.seat, after.why) == (TABLE, Why.COURTESY)
    assert after.title.startswith(f"{ANN}, take the keyboard")


def test_head_to_head_each_racer_takes_the_keyboard_and_a_tie_is_sudden_death_for_both() -> None:
    game = make_game()
    keyboard = Keyboard(game, WORDS)
    roll(game, 3, ModeFace.HEAD_TO_HEAD)  # two players: Bob is the only opponent
    first = keyboard.after([])
    assert first is not None and (first.seat, first.why) == (seat_of(game, ANN), Why.TURN)
    assert first.detail.endswith("Everyone else: no peeking at the other racer's pile.")
    keyboard.taken(first)
    keyboard.after(game.apply(StartRun()))
    assert keyboard.seat == seat_of(game, ANN)  # her pile, for her eyes
    solve(game, 1.0)
    second = keyboard.after(game.apply(TimeUp()))
    assert second is not None and (second.seat, second.why) == (seat_of(game, BOB), Why.TURN)
    keyboard.taken(second)
    keyboard.after(game.apply(StartRun()))
    solve(game, 1.0)
    tie = keyboard.after(game.apply(TimeUp()))
    assert game.phase is Phase.SUDDEN_DEATH_READY and tie is not None and tie.why is Why.COURTESY
    assert tie.title == f"Sudden death! {ANN} and {BOB}, both at the keyboard — press Space when ready"
    # markup: the brackets are escaped, so they are shown
    assert tie.detail.startswith(f"One red card. Buzz with \\[Z] ({ANN}) or \\[M] ({BOB}) only when you know the word")


def test_a_game_resumed_mid_pile_restarts_its_sand_when_the_racer_is_back() -> None:
    game = make_game()
    roll(game, 3, ModeFace.SOLITAIRE)
    game.apply(StartRun())
    game.apply(Answer(current(game).answers[0], 4.0))
    handover = Keyboard(game, WORDS).first(resumed=True)
    assert handover is not None and (handover.seat, handover.why) == (TABLE, Why.RESUMED)
    assert handover.title == f"{ANN}, take the keyboard — press Space when ready"
    assert handover.detail == "The game was interrupted mid-pile. Space restarts the sand timer with 21 s left."
