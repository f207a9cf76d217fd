"""``session.Step`` and ``timer.Countdown`` are written out by hand, not ``@dataclass``
(about 3M instructions to define each, before every game's first frame).
They must behave as the dataclasses they were: the same ``__init__``, equality,
hash (or none), repr, ``match`` and copies."""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass, field

import pytest

from boardgames.common.clock import Clock, monotonic
from boardgames.common.session import Step
from boardgames.common.timer import Countdown


@dataclass(frozen=True, slots=True)
class OldStep:
    events: tuple[object, ...] = ()
    refusal: str | None = None
    warning: str | None = None


@dataclass
class OldCountdown:
    limit: float
    clock: Clock = field(default=monotonic)
    _started: float | None = None
    _banked: float = 0.0


@pytest.mark.parametrize("args", [(), ((1, "x"),), ((), "no"), ((2,), None, "disk full")])
def test_step_is_the_frozen_dataclass_it_was(args: tuple[object, ...]) -> None:
    step, old = Step(*args), OldStep(*args)
    assert repr(step) == repr(old).replace("OldStep", "Step")
    assert hash(step) == hash(old) and step == Step(*args) and step != old and step != Step((99,))
    assert (step.events, step.refusal, step.warning) == (old.events, old.refusal, old.warning)
    assert copy.deepcopy(step) == step and pickle.loads(pickle.dumps(step)) == step
    with pytest.raises(AttributeError):
        step.refusal = "x"  # type: ignore[misc]
    match step:
        case Step(events, refusal, warning):
            assert (events, refusal, warning) == (old.events, old.refusal, old.warning)
    assert Step(refusal="no").applied is False and Step().applied is True


def test_countdown_is_the_dataclass_it_was() -> None:
    def clock() -> float:
        return 10.0

    c, old = Countdown(25, clock), OldCountdown(25, clock)
    assert repr(c).replace("Countdown", "X") == repr(old).replace("OldCountdown", "X")
    assert c == Countdown(25, clock) and c != Countdown(15, clock) and c != old
    with pytest.raises(TypeError):
        hash(c)
    c.start()
    assert c != Countdown(25, clock) and c == Countdown(25, clock, 10.0, 0.0)
    assert Countdown(5).clock is monotonic
    assert copy.copy(c) == c
