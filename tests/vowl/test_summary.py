"""The end-of-game summary (``vowl.summary``), from the events of a real engine game."""

from __future__ import annotations

from boardgames.vowl.actions import ChoosePartner, ScoreTwo, StartRun
from boardgames.vowl.kinds import Phase
from boardgames.vowl.summary import game_summary
from boardgames.vowl.track import ModeFace
from tests.vowl.conftest import ANN, BOB, CY, make_game, roll, seat_of, set_tokens, solve_pile, start_solitaire


def test_v28_a_partner_pile_counts_for_both_partners_and_the_winner_leads() -> None:
    game = make_game((ANN, BOB, CY))
    events = list(roll(game, 3, ModeFace.PARTNER))
    events += game.apply(ChoosePartner(seat_of(game, BOB)))
    events += game.apply(StartRun())
    events += solve_pile(game)
    assert game.phase is Phase.SCORE
    events += game.apply(ScoreTwo())  # Ann
    events += game.apply(ScoreTwo())  # then Bob, her partner
    pile = 3 + 3  # the rolled 3 and the partner bonus; nobody had a tier yet
    # Bob's turn, a solitaire he cannot win; then Cy wins from 8.
    set_tokens(game, CY, score=8)
    events += start_solitaire(game, 3)
    events += solve_pile(game)
    events += game.apply(ScoreTwo())
    events += start_solitaire(game, 3)
    events += solve_pile(game)
    events += game.apply(ScoreTwo())
    assert game.outcome() is not None and game.outcome().winner == seat_of(game, CY)
    summary = game_summary(game.view(None), events)
    lines = {line.name: line for line in summary.lines}
    assert summary.winner == CY and summary.lines[0].name == CY
    assert lines[ANN].cards_solved == pile and lines[ANN].successes == 1
    assert lines[BOB].cards_solved == pile + 3 + 1  # and his own pile: 3 rolled + a green (2 points)
    assert lines[BOB].successes == 2
    assert lines[CY].successes == 1 and lines[CY].score == 10 and lines[CY].cards_solved == 3 + 2
