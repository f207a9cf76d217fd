"""VNTYPL8S's handovers come from the common policy (``common.handovers``): the next writer is
the one actor with a private view (P13); the game words them and gathers the table as a
courtesy for the grid and a resumed table (P20, P31)."""

from __future__ import annotations

from boardgames.common.game import Outcome
from boardgames.common.handovers import TABLE, Keyboard, Why, holder
from boardgames.vntypl8s import handovers
from boardgames.vntypl8s.engine import Buzz, NobodyKnows, SubmitPlate
from boardgames.vntypl8s.limits import writing_detail

from .helpers import legal_plate, new_game, write_all


def first(game: object, last: list[object], timer: int | None) -> tuple[str, str, str, int | None] | None:
    """A game's opening handover as the entry and the screen open it (``common.handovers.opening``):
    who is named, its detail, its title and its seat."""
    words = handovers.Words(timer)
    handover = Keyboard(game, words).first(resumed=bool(last), last=last)
    if handover is None:
        return None
    return words.player(game, handover.seat), handover.detail, handover.title, handover.seat


def test_the_next_writer_takes_the_keyboard_and_the_table_gathers_for_the_grid() -> None:
    game = new_game(3)
    keyboard = Keyboard(game, handovers.Words(60))
    opening = keyboard.first(resumed=False)
    assert opening is not None and opening.seat == 0 and opening.why is Why.OPENING
    assert (opening.title, opening.detail) == ("", writing_detail(1, 3, 60))
    keyboard.taken(opening)
    turn = keyboard.after(game.apply(SubmitPlate(0, legal_plate(game, 0, meet=True))))
    assert turn is not None and turn.seat == 1 and turn.why is Why.TURN
    keyboard.taken(turn)
    keyboard.taken(keyboard.after(game.apply(SubmitPlate(1, legal_plate(game, 1, meet=True)))))  # type: ignore[arg-type]
    grid = keyboard.after(game.apply(SubmitPlate(2, legal_plate(game, 2, meet=True))))
    assert grid is not None and grid.seat is TABLE and grid.why is Why.COURTESY
    assert (grid.title, grid.detail) == (handovers.GRID_TITLE, handovers.GRID_DETAIL)
    keyboard.taken(grid)
    assert keyboard.after(game.apply(Buzz(1))) is None  # a buzz is played in front of everyone
    assert holder(game) is TABLE


def test_a_game_resumed_after_a_round_shows_the_table_first_then_the_next_writer() -> None:
    game = new_game(3)
    write_all(game)
    last: list[object] = []
    while game.round == 1:
        last = game.apply(NobodyKnows())
    opening = first(game, last, None)
    assert opening == ("Everyone", "Space shows how the last plate ended.", handovers.RESUMED_TITLE, None)
    keyboard = Keyboard(game, handovers.Words(None))
    keyboard.taken(keyboard.first(resumed=True, last=last))  # type: ignore[arg-type]
    writer = keyboard.after(())
    assert writer is not None and writer.seat == 1 and writer.detail == writing_detail(2, 3, None)


def test_a_new_game_opens_on_its_first_writer_and_the_outcome_is_the_suites() -> None:
    game = new_game(3)
    assert first(game, [], None) == ("Ann", writing_detail(1, 3, None), "", 0)
    write_all(game)
    while game.outcome() is None:
        if game.active is None:
            write_all(game)
        else:
            game.apply(NobodyKnows())
    assert isinstance(game.outcome(), Outcome) and first(game, [NobodyKnows()], None) is None
