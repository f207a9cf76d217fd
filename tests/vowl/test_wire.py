"""Vowl's views and events go on the wire (``net.values``) and come back equal, in every phase,
and name players only by seat.

Each seat's view and the table's, at every step of games that pass through each phase
(the roll, a pile, the selection, head-to-head, sudden death, the review, the end), and
every event: JSON, rebuilt from Vowl's value classes alone, equal to what was sent, the
parts ``==`` leaves out (``viewer``, ``legal``, ``answer``) included; and no player's name
in any of them but the scoreboard's (``PlayerView.name``): the wording takes names from there.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterator

from boardgames.common.saves import classes_of
from boardgames.common.values import init_fields
from boardgames.net.values import to_wire, value_from_wire
from boardgames.vowl import actions, card, events, judging, kinds, track, view
from boardgames.vowl.actions import Action, Answer, Buzz, PlaceExtras, StartRun, TimeUp
from boardgames.vowl.engine import VowlGame
from boardgames.vowl.kinds import Phase
from boardgames.vowl.track import ModeFace
from tests.vowl.conftest import ANN, BOB, CY, make_game, roll, set_tokens

CLASSES = classes_of(view, events, card, track, kinds, actions, judging)


def _strings(value: object) -> Iterator[str]:
    """Every string inside a value, but a player's own ``name`` in the scoreboard (``PlayerView``)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, enum.Enum) or value is None or isinstance(value, int | float):
        return
    else:
        fields = init_fields(type(value))
        assert fields is not None, type(value)
        for name in fields:
            if not (isinstance(value, view.PlayerView) and name == "name"):
                yield from _strings(getattr(value, name))


def _travels(value: object) -> object:
    return value_from_wire(json.loads(json.dumps(to_wire(value))), CLASSES)


class Checked:
    """Sends every view and event of a game through the wire as it is played."""

    def __init__(self, game: VowlGame) -> None:
        self.game = game
        self.phases: set[Phase] = set()
        self.check()

    def check(self) -> None:
        game = self.game
        self.phases.add(game.phase)
        for seat in (None, *range(game.seats)):
            sent = game.view(seat)
            # Players are seats everywhere: the scoreboard alone says what each is called.
            assert not set(_strings(sent)) & set(game.names), f"a name in the view in {game.phase}"
            back = _travels(sent)
            assert back == sent, f"seat {seat} in {game.phase}"
            assert (back.viewer, back.legal, back.answer) == (sent.viewer, sent.legal, sent.answer)  # type: ignore[attr-defined]

    def apply(self, action: Action) -> None:
        for event in self.game.apply(action):
            assert _travels(event) == event
            assert not set(_strings(event)) & set(self.game.names), event
        self.check()

    def answer_right(self) -> None:
        v = self.game.view(min(self.game.actors()))
        face = (
            v.sudden_death.card
            if v.phase is Phase.SUDDEN_DEATH and v.sudden_death
            else (v.active_run.current if v.active_run else None)
        )
        assert face is not None
        elapsed = None if v.answer is None or not v.answer.needs_elapsed else v.answer.min_elapsed + 1
        self.apply(Answer(face.answers[0], elapsed))


def _play_turn(checked: Checked, solving: Callable[[Checked], None]) -> None:
    """From just after a roll to the next roll (or the end): every question answered with
    the first thing offered, each pile played by *solving*."""
    game = checked.game
    while game.phase not in (Phase.ROLL, Phase.GAME_OVER):
        if game.phase is Phase.SOLVING:
            solving(checked)
        elif game.phase is Phase.PLACE_EXTRAS:
            checked.apply(PlaceExtras(True))
        elif game.phase in (Phase.READY, Phase.SUDDEN_DEATH_READY):
            checked.apply(StartRun())
        elif game.phase is Phase.SUDDEN_DEATH:
            if game.view(None).sudden_death.buzzer is None:  # type: ignore[union-attr]
                checked.apply(next(a for a in game.legal_actions if isinstance(a, Buzz)))
            else:
                checked.answer_right()
        else:  # a choice: opponent, partner, discards, how to score
            checked.apply(next(iter(game.legal_actions)))


def _pass_then_solve(checked: Checked) -> None:
    run = checked.game.view(min(checked.game.actors())).active_run
    if run is not None and not run.passed and run.pile_left:
        checked.apply(next(a for a in checked.game.legal_actions if not isinstance(a, TimeUp)))  # Pass
    else:
        checked.answer_right()


def test_every_view_and_event_of_every_phase_travels_comes_back_equal_and_names_seats() -> None:
    two = Checked(make_game((ANN, BOB)))
    roll(two.game, 3, ModeFace.SOLITAIRE)
    two.check()
    _play_turn(two, _pass_then_solve)  # a pile, a pass, the review
    roll(two.game, 3, ModeFace.PARTNER)  # two players: selection
    two.check()
    _play_turn(two, _pass_then_solve)
    roll(two.game, 3, ModeFace.HEAD_TO_HEAD)
    two.check()
    _play_turn(two, lambda c: c.apply(TimeUp()))  # both out of time with nothing solved: sudden death
    victor = two.game.view(None).current_player
    set_tokens(two.game, victor if isinstance(victor, str) else two.game.names[victor], score=8, victory=10)
    roll(two.game, 3, ModeFace.SOLITAIRE)
    two.check()
    _play_turn(two, _pass_then_solve)
    assert two.game.phase is Phase.GAME_OVER

    three = Checked(make_game((ANN, BOB, CY)))
    roll(three.game, 3, ModeFace.PARTNER)
    three.check()
    _play_turn(three, _pass_then_solve)
    roll(three.game, 3, ModeFace.HEAD_TO_HEAD)  # an opponent to choose, piles kept from the other racer
    three.check()
    _play_turn(three, Checked.answer_right)

    assert two.phases | three.phases == set(Phase)
