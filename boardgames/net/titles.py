"""UWO and VNTYPL8S as the network sees them (``netgame.NetGame``).

Vowl is not here: its view carries ``legal``, a ``vowl.actions.LegalActions`` (a rule for
answers, not a value), which does not encode (docs/network.md, "What remains").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from boardgames.common.game import Seat
from boardgames.common.saves import classes_of
from boardgames.common.session import GameSpec
from boardgames.net.netgame import NetGame, TimerSpec


class _Title:
    """What a title has unless it says otherwise: its spec and value classes as given, no
    interned values, no host-only actions, every action stale once the state moved, no
    timers, no opening events."""

    def __init__(self, spec: GameSpec[Any, Any], classes: Mapping[str, type]) -> None:
        self._spec = spec
        self._classes = classes

    @property
    def spec(self) -> GameSpec[Any, Any]:
        return self._spec

    @property
    def value_classes(self) -> Mapping[str, type]:
        return self._classes

    @property
    def interned(self) -> Mapping[str, Callable[[Any], object]]:
        return {}

    def host_only(self, action: object) -> bool:
        return False

    def ignores_stale(self, action: object) -> bool:
        return False

    def timers(self, engine: Any, setup: Any) -> Sequence[TimerSpec]:
        return ()

    def opening_events(self, engine: Any) -> Sequence[object]:
        return ()


class UwoNet(_Title):
    """UWO: one seat acts at a time (``actors()``), so the sender is the actor; no timers."""

    def __init__(self) -> None:
        from boardgames.uwo import actions, board, cards, events, side, spec, view  # noqa: PLC0415 - only when hosting UWO

        super().__init__(spec.SPEC, classes_of(view, events, cards, board, side, actions))
        self._catalog = cards.load_catalog

    @property
    def interned(self) -> Mapping[str, Callable[[Any], object]]:
        # A card Kind compares by identity: a copy built from the wire would equal nothing.
        return {"Kind": self._kind}

    def _kind(self, data: Any) -> object:
        key = data.get("key")
        for kind in self._catalog().kinds:
            if kind.key == key:
                return kind
        raise ValueError(f"no card kind {str(key)[:20]!r} in this catalog")

    def seat_names(self, engine: Any, setup: Any) -> tuple[str, ...]:
        from boardgames.uwo.side import Side  # noqa: PLC0415

        return tuple(side.title for side in Side)

    def seat_of(self, engine: Any, action: object, sender: Seat) -> Seat | None:
        return sender  # UWO's actions name no side: they are the acting side's


class Vntypl8sNet(_Title):
    """VNTYPL8S with a device per player: the writers write in turn (P13), each on their own
    terminal with the setup's whole time on the host's clock (P33), and the buzz is a race
    decided by arrival order at the host (P34).

    Actions name their ``player``: that is their seat, and it must be the sender's.
    ``NobodyKnows`` is the active writer's.  Time running out (``WritingTimeUp``,
    ``GuessTimeUp``) is the host's clock's alone.  A plate handed in stands on its own:
    another writer's plate arriving first does not make it stale.
    """

    def __init__(self) -> None:
        from boardgames.vntypl8s import engine, judge, spec  # noqa: PLC0415 - only when hosting VNTYPL8S
        from boardgames.vntypl8s.limits import BUZZ_SECONDS  # noqa: PLC0415

        super().__init__(spec.SPEC, classes_of(engine, judge))
        self._engine = engine
        self._buzz_seconds = float(BUZZ_SECONDS)

    def seat_names(self, engine: Any, setup: Any) -> tuple[str, ...]:
        return tuple(engine.players)

    def host_only(self, action: object) -> bool:
        return isinstance(action, self._engine.WritingTimeUp | self._engine.GuessTimeUp)

    def seat_of(self, engine: Any, action: object, sender: Seat) -> Seat | None:
        e = self._engine
        if isinstance(action, e.NobodyKnows):
            active: int | None = engine.active
            return active
        player = getattr(action, "player", None)
        return player if isinstance(player, int) and not isinstance(player, bool) else None

    def ignores_stale(self, action: object) -> bool:
        return isinstance(action, self._engine.SubmitPlate)

    def timers(self, engine: Any, setup: Any) -> Sequence[TimerSpec]:
        e = self._engine
        found: list[TimerSpec] = []
        writer = engine.next_writer if engine.phase is e.Phase.WRITING else None
        if writer is not None and setup.timer is not None:
            # P33: writers write in turn (P13), each with the whole time (P17), on the host's clock
            found.append(TimerSpec(f"writing:{engine.round}:{writer}", frozenset({writer}), float(setup.timer),
                                   (e.WritingTimeUp(writer, ""),)))
        buzzer = engine.view(None).buzzer if engine.phase is e.Phase.GUESSING else None
        if buzzer is not None:
            turn = len(engine.view(None).history)
            found.append(TimerSpec(f"buzz:{engine.round}:{turn}:{buzzer}", frozenset({buzzer}),
                                   self._buzz_seconds, (e.GuessTimeUp(buzzer),)))
        return found

    def opening_events(self, engine: Any) -> Sequence[object]:
        opening: Sequence[object] = engine.opening_events()
        return opening


#: The titles a room can host, by key: ``boardgames host KEY`` and a client told the key by its sync.
HOSTABLE: tuple[str, ...] = ("uwo", "vntypl8s")


def net_for(key: str) -> NetGame:
    """The network adapter of title *key* (``KeyError`` for one that cannot be hosted, Vowl included)."""
    if key == "uwo":
        return UwoNet()
    if key == "vntypl8s":
        return Vntypl8sNet()
    raise KeyError(key)
