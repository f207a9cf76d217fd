"""A Vowl player for network tests: acts from its own seat's view alone (its own pile's face-up
card, its own legal actions), as a client program would."""

from __future__ import annotations

import random
from typing import Any

from boardgames.common.session import GameSession
from boardgames.net.titles import VowlNet

from .helpers import ManualClock, RecordingRoom


def vowl_room(
    names: tuple[str, ...] = ("Ann Lee", "Bob Roy"),
    seed: int = 1,
    clock: ManualClock | None = None,
    *,
    simultaneous: bool = True,
) -> RecordingRoom:
    from boardgames.vowl.spec import SPEC, VowlSetup

    setup = VowlSetup(names, (25,) * len(names), simultaneous=simultaneous)
    session = GameSession.start(SPEC, setup, seed, save=False)
    return RecordingRoom(VowlNet(), session, now=(clock or ManualClock())())


def vowl_choice(view: Any, seat: int, rng: random.Random, skill: float = 0.85) -> object | None:
    """What *seat* does now, from its view: answer its own face-up card (right with *skill*),
    buzz in sudden death, else one of its listed actions; ``None``: nothing to do."""
    from boardgames.vowl.actions import Answer, Buzz, BuzzTimeUp, Pass, Racing, TimeUp
    from boardgames.vowl.kinds import Phase

    legal = [
        a
        for a in view.legal
        if not isinstance(a, TimeUp | BuzzTimeUp) and not (isinstance(a, Racing) and isinstance(a.action, TimeUp))
    ]
    if view.phase is Phase.SUDDEN_DEATH:
        sd = view.sudden_death
        if sd is None or sd.card is None:
            return None
        if sd.buzzer == seat:
            return Answer(rng.choice(sd.card.answers)) if rng.random() < skill else Pass()
        buzzes = [a for a in legal if isinstance(a, Buzz)]
        return buzzes[0] if buzzes else None
    run = view.active_run
    if view.answer is not None and run is not None and run.current is not None:
        if rng.random() < 0.1 and legal:
            return rng.choice(legal)  # a pass, or back to a passed card
        word = rng.choice(run.current.answers) if rng.random() < skill else "zzz"
        answer = Answer(word, view.answer.min_elapsed)  # the host writes in its own elapsed time (V34)
        racing = any(isinstance(a, Racing) for a in view.legal)
        return Racing(seat, answer) if racing else answer
    return rng.choice(legal) if legal else None
