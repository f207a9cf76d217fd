"""Data-driven engine cases (perft-style): ``tests/vowl/data/*.txt``.

Each line of a data file is one case; the test id is ``<file>:<line>`` so a
failure points straight at the case.  The file headers document the columns.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames.vowl.actions import ScoreOne, ScoreTwo
from boardgames.vowl.cards import Tier
from boardgames.vowl.events import CardsDrawn, Rolled, Scored, TurnEnded
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.track import Board, ModeFace
from tests.vowl.conftest import ANN, NAMES, make_game, roll, seat_of, set_tokens, solve_pile, start_solitaire

DATA = Path(__file__).parent / "data"
BOARDS = {"std": Board.STANDARD, "adv": Board.ADVANCED}


def cases(name: str) -> list:
    out = []
    for number, line in enumerate((DATA / name).read_text(encoding="utf-8").splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if text:
            given, _, expected = text.partition("->")
            assert expected, f"{name}:{number}: a case needs '->'"
            out.append(pytest.param(given.split(), expected.split(), id=f"{name}:{number}"))
    return out


@pytest.mark.parametrize(("given", "expected"), cases("rolls.txt"))
def test_roll_case(given: list[str], expected: list[str]) -> None:
    board, players, score, victory, number, face = given
    mode, forced, green, yellow, red = expected
    game = make_game(NAMES[: int(players)], board=BOARDS[board])
    set_tokens(game, ANN, score=int(score), victory=int(victory))
    events = roll(game, int(number), ModeFace(face))
    rolled = events[0]
    assert isinstance(rolled, Rolled)
    assert rolled.mode is Mode(mode)
    assert rolled.forced_solitaire is (forced == "yes")
    drawn = {tier: 0 for tier in Tier}
    for e in events:
        if isinstance(e, CardsDrawn):
            drawn[e.tier] += e.count
    assert [drawn[Tier.BASIC], drawn[Tier.ADVANCED], drawn[Tier.EXPERT]] == [int(green), int(yellow), int(red)]
    assert game.phase is not Phase.ROLL


@pytest.mark.parametrize(("given", "expected"), cases("scoring.txt"))
def test_scoring_case(given: list[str], expected: list[str]) -> None:
    board, *tokens = given
    positions = []
    for token in tokens:
        name, _, spaces = token.partition("=")
        score, _, victory = spaces.partition("/")
        positions.append((name, int(score), int(victory)))
    game = make_game([name for name, _, _ in positions], board=BOARDS[board])
    assert game.names[game.current_player] == positions[0][0]
    for name, score, victory in positions:
        set_tokens(game, name, score=score, victory=victory)
    start_solitaire(game)
    events = solve_pile(game)
    if expected == ["auto"]:
        scored = next(e for e in events if isinstance(e, Scored))
        assert scored.automatic and scored.score_to == scored.score_from + 2
        assert any(isinstance(e, TurnEnded) for e in events)
        return
    assert game.phase is Phase.SCORE
    wanted = {ScoreTwo() if c == "two" else ScoreOne(seat_of(game, c.removeprefix("one:"))) for c in expected}
    assert set(game.legal_actions) == wanted
