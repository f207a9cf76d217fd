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

    def time_up(self, engine: Any, timer: TimerSpec, drafts: Mapping[Seat, str]) -> Sequence[object]:
        return timer.expire

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
    """VNTYPL8S with a device per player: the writers write at once (P33: the setup's
    ``writing``), with one shared writing timer for the round on the host's clock, or in
    turn (P13: ``host --in-turn``), each with the whole time; and the buzz is a race
    decided by arrival order at the host (P34).  A writer's terminal sends drafts as they
    type: when the time runs out the host hands in each writer's last draft, as it stood
    (P17), or forfeits them.

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
        writers: tuple[int, ...] = engine.writers
        if writers and setup.timer is not None:
            # P33: at once, one shared time for the round, waiting for the writers still writing;
            # in turn (P13), each writer the whole time (P17).  On the host's clock either way.
            key = f"writing:{engine.round}" if engine.writing is e.Writing.AT_ONCE else f"writing:{engine.round}:{writers[0]}"
            found.append(TimerSpec(key, frozenset(writers), float(setup.timer),
                                   tuple(e.WritingTimeUp(w, "") for w in writers), drafts=True))
        buzzer = engine.view(None).buzzer if engine.phase is e.Phase.GUESSING else None
        if buzzer is not None:
            turn = len(engine.view(None).history)
            found.append(TimerSpec(f"buzz:{engine.round}:{turn}:{buzzer}", frozenset({buzzer}),
                                   self._buzz_seconds, (e.GuessTimeUp(buzzer),)))
        return found

    def time_up(self, engine: Any, timer: TimerSpec, drafts: Mapping[Seat, str]) -> Sequence[object]:
        """P33: each writer still writing hands in their last draft as it stood (a legal
        one: P17), or has no plate this round."""
        e = self._engine
        return tuple(e.WritingTimeUp(a.player, drafts.get(a.player, "")) if isinstance(a, e.WritingTimeUp) else a
                     for a in timer.expire)

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
