"""Interpretation V34: with a device per racer (``simultaneous``) both head-to-head piles are
raced at the same time; off (every hot-seat game), V18's one-after-the-other race is unchanged."""

from __future__ import annotations

import pytest

from boardgames.common.game import IllegalActionError
from boardgames.vowl.actions import Answer, Buzz, Pass, Racing, StartRun, TimeUp
from boardgames.vowl.engine import VowlGame
from boardgames.vowl.events import RaceDecided, RaceHow, RaceTied, RunFinished
from boardgames.vowl.kinds import Phase
from boardgames.vowl.track import ModeFace
from boardgames.vowl.view import VowlView
from tests.vowl.conftest import RiggedRandom, make_decks, matcher_for, rig, roll

ANN, BOB = 0, 1


def racing_game() -> VowlGame:
    decks = make_decks()
    game = VowlGame(
        ["Ann Lee", "Bob Roy"], decks=decks, judge=matcher_for(decks), rng=RiggedRandom(), simultaneous=True
    )
    from tests.vowl import conftest

    conftest._RIGS[game] = game._rng  # type: ignore[attr-defined]  # noqa: SLF001 - the rig, as make_game keeps it
    return game


def to_race(game: VowlGame) -> None:
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    assert game.phase is Phase.READY


def face_up(view: VowlView) -> str:
    run = view.active_run
    assert run is not None and run.current is not None
    return run.current.answers[0]


def solve_own(game: VowlGame, racer: int, start: float) -> list[object]:
    events: list[object] = []
    t = start
    while racer in game.actors() and game.view(racer).active_run is not None:
        run = game.view(racer).active_run
        assert run is not None
        if run.finished or run.current is None:
            break
        events += game.apply(Racing(racer, Answer(face_up(game.view(racer)), t)))
        t += 1.0
    return events


def test_v34_both_racers_act_at_once_each_on_their_own_pile() -> None:
    game = racing_game()
    to_race(game)
    assert game.actors() == {ANN, BOB}
    assert game.view(ANN).legal == (Racing(ANN, StartRun()),)
    assert game.view(BOB).legal == (Racing(BOB, StartRun()),)
    game.apply(Racing(BOB, StartRun()))  # Bob flips first; Ann's pile is still face down
    assert game.phase is Phase.SOLVING
    assert game.view(ANN).active_run is not None and not game.view(ANN).active_run.started
    assert game.view(BOB).answer is not None and game.view(ANN).answer is None
    game.apply(Racing(ANN, StartRun()))
    ann_card, bob_card = face_up(game.view(ANN)), face_up(game.view(BOB))
    assert ann_card != bob_card
    # each answer goes to its racer's own pile, in any order
    game.apply(Racing(BOB, Answer(bob_card, 1.0)))
    game.apply(Racing(ANN, Answer(ann_card, 0.5)))
    assert game.view(ANN).active_run.solved_count == 1  # type: ignore[union-attr]
    assert game.view(BOB).active_run.solved_count == 1  # type: ignore[union-attr]


def test_v34_the_other_racers_pile_stays_hidden_until_both_are_done() -> None:
    game = racing_game()
    to_race(game)
    game.apply(Racing(ANN, StartRun()))
    game.apply(Racing(BOB, StartRun()))
    bob_run = next(r for r in game.view(ANN).runs if r.runner == BOB)
    assert not bob_run.visible and bob_run.current is None and bob_run.passed == ()
    assert all(not r.visible for r in game.view(None).runs)


def test_v34_steps_that_do_not_name_their_racer_are_refused() -> None:
    game = racing_game()
    to_race(game)
    with pytest.raises(IllegalActionError, match="V34"):
        game.apply(StartRun())
    game.apply(Racing(ANN, StartRun()))
    assert Answer("x", 1.0) not in game.legal_actions
    assert Racing(BOB, Pass()) not in game.legal_actions  # Bob has not flipped yet
    assert game.why_illegal(Racing(BOB, Pass())) == "Bob Roy has not flipped their sand timer yet"


def test_v34_the_race_waits_for_both_piles_then_v18_decides_by_time() -> None:
    game = racing_game()
    to_race(game)
    game.apply(Racing(ANN, StartRun()))
    game.apply(Racing(BOB, StartRun()))
    events = solve_own(game, ANN, 3.0)  # Ann finishes first on the host's clock ...
    assert any(isinstance(e, RunFinished) for e in events) and game.phase is Phase.SOLVING
    assert game.actors() == {BOB}
    events = solve_own(game, BOB, 1.0)  # ... but Bob's own elapsed time is shorter
    decided = [e for e in events if isinstance(e, RaceDecided)]
    assert decided and decided[0].race.winner == BOB and decided[0].race.how is RaceHow.FASTER


def test_v34_a_tie_goes_to_sudden_death_once_both_are_ready() -> None:
    game = racing_game()
    to_race(game)
    game.apply(Racing(ANN, StartRun()))
    game.apply(Racing(BOB, StartRun()))
    game.apply(Racing(ANN, TimeUp()))
    events = game.apply(Racing(BOB, TimeUp()))
    assert any(isinstance(e, RaceTied) for e in events)
    assert game.phase is Phase.SUDDEN_DEATH_READY and game.actors() == {ANN, BOB}
    game.apply(Racing(BOB, StartRun()))
    assert game.phase is Phase.SUDDEN_DEATH_READY and game.actors() == {ANN}
    game.apply(Racing(ANN, StartRun()))
    assert game.phase is Phase.SUDDEN_DEATH
    assert Buzz(ANN) in game.legal_actions and Buzz(BOB) in game.legal_actions  # the first to arrive holds it


def test_v34_off_the_race_is_v18s_one_after_the_other() -> None:
    from tests.vowl.conftest import make_game

    game = make_game()
    rig(game)
    roll(game, 3, ModeFace.HEAD_TO_HEAD)
    assert game.actors() == {ANN} and game.view(ANN).legal == (StartRun(),)
    assert Racing(ANN, StartRun()) not in game.legal_actions
    assert not game.view(None).simultaneous


# --------------------------------------------------------------------------- the contract's laws, option on

LAW_SEEDS = (1, 2, 7, 12, 31)


@pytest.mark.parametrize("seed", LAW_SEEDS)
def test_v34_the_conformance_laws_hold_with_the_option_on(seed: int, tmp_path: object) -> None:
    """V34's setups (``tests.conformance.adapters.VARIANTS``) keep every law of the contract."""
    from pathlib import Path

    from tests.conformance import laws
    from tests.conformance.adapters import VARIANTS

    adapter = VARIANTS["vowl-simultaneous"]()
    assert adapter.build(seed).simultaneous
    assert laws.refusals(adapter, seed) > 0
    laws.actors(adapter, seed)
    laws.winners(adapter, seed)
    laws.secrecy(adapter, seed)
    laws.handovers(adapter, seed)
    assert laws.resume(adapter, seed, Path(str(tmp_path))) >= 1


def test_v34_a_simultaneous_race_is_reached_by_the_laws_player() -> None:
    """The laws above do play races at once (not only other turns)."""
    from tests.conformance import laws
    from tests.conformance.adapters import VARIANTS

    adapter = VARIANTS["vowl-simultaneous"]()
    played = [a for seed in LAW_SEEDS for a in laws.actions_of(adapter, seed)]
    assert any(isinstance(a, Racing) and isinstance(a.action, Answer) for a in played)


def test_v34_a_hot_seat_save_is_written_as_before_and_older_saves_load() -> None:
    from boardgames.vowl.spec import SPEC, VowlSetup

    hot_seat = VowlSetup(("Ann Lee", "Bob Roy"), (25, 25))
    written = SPEC.setup_to_json(hot_seat)
    assert "simultaneous" not in written  # a hot-seat save's setup is byte for byte as it was
    assert SPEC.setup_from_json(written) == hot_seat and not hot_seat.simultaneous
    hosted = VowlSetup(("Ann Lee", "Bob Roy"), (25, 25), simultaneous=True)
    assert SPEC.setup_from_json(SPEC.setup_to_json(hosted)) == hosted
    with pytest.raises(ValueError, match="names"):
        SPEC.setup_from_json({"timers": [25, 25]})  # a field without a default is still required
