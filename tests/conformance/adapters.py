"""What the conformance suite needs to know about each game, beyond the registry: how to deal
one, how a random player picks a legal action, and how the screen says "time ran out".

An adapter is small on purpose: everything else the laws read from the contract itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardgames.common.game import Seat

Player = Callable[[Any], object]
"""A random player for one game: picks a legal action for the engine as it is now."""


@dataclass(frozen=True)
class Adapter:
    """*setups*: what the laws deal from (one per seed, in turn); *player(rng)*: a fresh
    random player; *time_up(engine)*: the action the screen sends when time runs out now,
    ``None`` when no time runs; *seat_of(engine, action)*: the seat an action is played
    by, ``None`` when it does not say (whoever acts sends it); *words*: its handover words."""

    key: str
    spec: Any
    setups: Sequence[object]
    player: Callable[[random.Random], Player]
    time_up: Callable[[Any], object | None] = lambda engine: None
    seat_of: Callable[[Any, object], Seat | None] = lambda engine, action: None
    max_steps: int = 300
    #: The game's handover words (``common.handovers.HandoverWords``), once it has its own.
    words: Any = None
    #: How the handover guarantees play it with keys (``tests.conformance.fast_hands.FastHands``),
    #: imported only when they run (its table imports the game's screen).
    hands: Callable[[], Any] | None = None
    junk: tuple[object, ...] = field(default=(None, "pass", 0))

    def setup(self, seed: int) -> object:
        return self.setups[seed % len(self.setups)]

    def build(self, seed: int) -> Any:
        return self.spec.build(self.setup(seed), seed)


# --- the shipped games ----------------------------------------------------------------------


def _tables() -> Any:
    from tests.conformance import hand_tables

    return hand_tables


def uwo() -> Adapter:
    from boardgames.uwo.players import RandomPlayer
    from boardgames.uwo.spec import SPEC, UwoSetup

    return Adapter(
        "uwo",
        SPEC,
        (UwoSetup(), UwoSetup(first_game=True)),
        lambda rng: lambda game: RandomPlayer(rng).pick(game.legal_list()),
        max_steps=250,
        hands=lambda: _tables().UWO,
    )


def vntypl8s() -> Adapter:
    from boardgames.vntypl8s import engine as v
    from boardgames.vntypl8s.spec import SPEC, Vntypl8sSetup
    from tests.vntypl8s.helpers import legal_plate

    def player(rng: random.Random) -> Player:
        def pick(game: Any) -> object:
            if game.phase is v.Phase.WRITING:
                writer = rng.choice(game.writers)  # P13: the next writer; P33: any writer still writing
                return v.SubmitPlate(writer, legal_plate(game, writer, meet=rng.random() < 0.6))
            return rng.choice(list(game.legal_actions))

        return pick

    def time_up(game: Any) -> object | None:
        if game.phase is v.Phase.WRITING:
            return v.WritingTimeUp(game.writers[0]) if game.writers else None  # P33: the host forfeits each
        buzzer = game.view(None).buzzer
        return None if buzzer is None else v.GuessTimeUp(buzzer)

    names = ("Ann", "Bob", "Cy", "Dee", "Eve")
    return Adapter(
        "vntypl8s",
        SPEC,
        tuple(Vntypl8sSetup(names[:n]) for n in (3, 4, 5)),
        player,
        time_up,
        lambda game, action: getattr(action, "player", None),
        hands=lambda: _tables().VNTYPL8S,
    )


def vntypl8s_at_once() -> Adapter:
    """VNTYPL8S hosted with a device per player: every writer writes at once (P33)."""
    from dataclasses import replace

    from boardgames.vntypl8s.engine import Writing

    game = vntypl8s()
    return replace(game, setups=tuple(replace_setup(s, Writing.AT_ONCE) for s in game.setups))


def replace_setup(setup: Any, writing: Any) -> Any:
    import msgspec

    return msgspec.structs.replace(setup, writing=writing)


def vowl() -> Adapter:
    from boardgames.vowl.actions import Buzz, BuzzTimeUp, TimeUp
    from boardgames.vowl.spec import SPEC, VowlSetup
    from tests.vowl.test_properties import RandomPlayer

    def time_up(game: Any) -> object | None:
        return next((a for a in (TimeUp(), BuzzTimeUp()) if a in game.legal_actions), None)

    def seat_of(game: Any, action: object) -> Seat | None:
        return action.seat if isinstance(action, Buzz) else None

    setups = (
        VowlSetup(("Ann", "Bob"), (25, 25)),
        VowlSetup(("Ann", "Bob", "Cy"), (25, 15, 25)),
        VowlSetup(("Ann",), (15,), practice=True),
    )
    return Adapter(
        "vowl",
        SPEC,
        setups,
        lambda rng: RandomPlayer(rng, 0.7).choose,
        time_up,
        seat_of,
        max_steps=400,
        hands=lambda: _tables().VOWL,
    )


def vowl_simultaneous() -> Adapter:
    """Vowl with a device per racer (Interpretation V34): head-to-head raced at the same time, each
    step a ``Racing`` that names its racer; the same laws, on the setups ``host vowl`` plays."""
    from boardgames.vowl.actions import Answer, Buzz, Racing, TimeUp
    from boardgames.vowl.spec import VowlSetup

    plain = vowl()

    def player(rng: random.Random) -> Player:
        hot_seat = plain.player(rng)

        def pick(game: Any) -> object:
            racing = [a for a in game.legal_actions if isinstance(a, Racing)]
            if not racing:
                return hot_seat(game)
            action = rng.choice(racing)
            rule = game.answer_rule(action.racer)
            run = game.view(action.racer).active_run
            if rule is not None and run is not None and run.current is not None and rng.random() < 0.7:
                word = rng.choice(run.current.answers) if rng.random() < 0.8 else "zzkv"[: 3 + action.racer % 2]
                return Racing(
                    action.racer, Answer(word, min(rule.min_elapsed + rng.uniform(0.2, 3.0), rule.limit or 25))
                )
            return action

        return pick

    def time_up(game: Any) -> object | None:
        racing = [a for a in game.legal_actions if isinstance(a, Racing) and isinstance(a.action, TimeUp)]
        return racing[0] if racing else plain.time_up(game)

    def seat_of(game: Any, action: object) -> Seat | None:
        if isinstance(action, Racing):
            return action.racer
        return action.seat if isinstance(action, Buzz) else None

    setups = (
        VowlSetup(("Ann", "Bob"), (25, 25), simultaneous=True),
        VowlSetup(("Ann", "Bob", "Cy"), (25, 15, 25), simultaneous=True),
    )
    return Adapter("vowl", plain.spec, setups, player, time_up, seat_of, max_steps=400)


ADAPTERS: dict[str, Callable[[], Adapter]] = {"uwo": uwo, "vntypl8s": vntypl8s, "vowl": vowl}
"""Every shipped game's adapter; a game registered by the tests adds its own (``tests.fourth``)."""

#: A shipped game played with a setup option that changes its rules (a hosted table's), by
#: name: the laws hold there too.
VARIANTS: dict[str, Callable[[], Adapter]] = {
    "vntypl8s at once": vntypl8s_at_once,
    "vowl-simultaneous": vowl_simultaneous,
}
