"""UWO, VNTYPL8S and Vowl as the network sees them (``netgame.NetGame``)."""

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

    def stamp(self, engine: Any, action: object, left: Callable[[str], float | None]) -> object:
        return action


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
            key = (
                f"writing:{engine.round}"
                if engine.writing is e.Writing.AT_ONCE
                else f"writing:{engine.round}:{writers[0]}"
            )
            found.append(
                TimerSpec(
                    key,
                    frozenset(writers),
                    float(setup.timer),
                    tuple(e.WritingTimeUp(w, "") for w in writers),
                    drafts=True,
                )
            )
        buzzer = engine.view(None).buzzer if engine.phase is e.Phase.GUESSING else None
        if buzzer is not None:
            turn = len(engine.view(None).history)
            found.append(
                TimerSpec(
                    f"buzz:{engine.round}:{turn}:{buzzer}",
                    frozenset({buzzer}),
                    self._buzz_seconds,
                    (e.GuessTimeUp(buzzer),),
                )
            )
        return found

    def time_up(self, engine: Any, timer: TimerSpec, drafts: Mapping[Seat, str]) -> Sequence[object]:
        """P33: each writer still writing hands in their last draft as it stood (a legal
        one: P17), or has no plate this round."""
        e = self._engine
        return tuple(
            e.WritingTimeUp(a.player, drafts.get(a.player, "")) if isinstance(a, e.WritingTimeUp) else a
            for a in timer.expire
        )

    def opening_events(self, engine: Any) -> Sequence[object]:
        opening: Sequence[object] = engine.opening_events()
        return opening


class VowlNet(_Title):
    """Vowl with a device per player: head-to-head racers race at the same time, each on their
    own screen (V34, the setup's ``simultaneous``), each pile's sand timer on the host's clock.

    The sender of an action is the seat it names (a ``Racing`` racer, a ``Buzz``), else the
    actor who sent it (either partner of a shared pile, V23), else the one actor.  Time
    running out (``TimeUp``, ``BuzzTimeUp``, a racer's ``Racing(_, TimeUp())``) is the host's
    clock's alone; so are an answer's elapsed seconds (``stamp``: the seconds its pile's timer
    has run, paused while its racer was away).  A racer's own step stands on its own: the other
    racer's answers arriving first change nothing it answers.  Sudden death's buzz is decided
    by arrival at the host: the later buzz is stale.
    """

    def __init__(self) -> None:
        from boardgames.vowl import actions, card, events, judging, kinds, spec, track, view  # noqa: PLC0415 - only when hosting Vowl

        super().__init__(spec.SPEC, classes_of(view, events, card, track, kinds, actions, judging))
        self._actions = actions
        self._phase = kinds.Phase
        self._head_to_head = kinds.Mode.HEAD_TO_HEAD

    def seat_names(self, engine: Any, setup: Any) -> tuple[str, ...]:
        return tuple(engine.names)

    def host_only(self, action: object) -> bool:
        a = self._actions
        inner = action.action if isinstance(action, a.Racing) else action
        return isinstance(inner, a.TimeUp | a.BuzzTimeUp)

    def seat_of(self, engine: Any, action: object, sender: Seat) -> Seat | None:
        a = self._actions
        if isinstance(action, a.Racing):
            return action.racer
        if isinstance(action, a.Buzz):
            return action.seat
        actors: tuple[Seat, ...] = engine.view(None).actors
        if sender in actors:
            return sender
        return actors[0] if actors else None

    def ignores_stale(self, action: object) -> bool:
        return isinstance(action, self._actions.Racing)

    def _racing(self, view: Any) -> bool:
        return bool(view.simultaneous and view.mode is self._head_to_head)

    def timers(self, engine: Any, setup: Any) -> Sequence[TimerSpec]:
        a = self._actions
        view = engine.view(None)
        found: list[TimerSpec] = []
        if view.phase is self._phase.SOLVING:
            racing = self._racing(view)
            for index, run in enumerate(view.runs):
                if not run.started or run.finished:
                    continue
                rule = engine.view(run.runner).answer
                used = rule.min_elapsed if rule is not None else 0.0  # V26: a resumed pile goes on from its last answer
                seats = frozenset({run.runner} | ({run.partner} if run.partner is not None else set()))
                expire = a.Racing(run.runner, a.TimeUp()) if racing else a.TimeUp()
                found.append(TimerSpec(_pile_key(view.turn, index), seats, max(0.0, run.time_limit - used), (expire,)))
        sd = view.sudden_death if view.phase is self._phase.SUDDEN_DEATH else None
        if sd is not None and sd.card is not None:
            # V29: the card's sand stands still while a buzz is held, and runs on after a lock-out
            found.append(
                TimerSpec(
                    f"card:{view.turn}:{sd.cards_tried}",
                    frozenset(sd.players),
                    float(view.time_limit or 25),
                    (a.TimeUp(),),
                    held=sd.buzzer is not None,
                )
            )
            if sd.buzzer is not None:
                found.append(
                    TimerSpec(
                        f"buzz:{view.turn}:{sd.cards_tried}:{len(sd.locked_out)}",
                        frozenset({sd.buzzer}),
                        float(sd.buzz_seconds),
                        (a.BuzzTimeUp(),),
                    )
                )
        return found

    def stamp(self, engine: Any, action: object, left: Callable[[str], float | None]) -> object:
        """An answer in a pile carries the seconds its pile's timer has run on the host (V22, V34)."""
        a = self._actions
        racer, inner = (action.racer, action.action) if isinstance(action, a.Racing) else (None, action)
        view = engine.view(None)
        if not isinstance(inner, a.Answer) or view.phase is not self._phase.SOLVING:
            return action
        index = next(
            (
                i
                for i, run in enumerate(view.runs)
                if run.started and not run.finished and (racer is None or run.runner == racer)
            ),
            None,
        )
        remaining = None if index is None else left(_pile_key(view.turn, index))
        if index is None or remaining is None:
            return action
        run = view.runs[index]
        rule = engine.view(run.runner).answer
        if rule is None:
            return action
        limit = rule.limit if rule.limit is not None else float(run.time_limit)
        elapsed = min(limit, max(rule.min_elapsed, round(limit - remaining, 2)))
        stamped = a.Answer(inner.word, elapsed)
        return a.Racing(racer, stamped) if racer is not None else stamped


def _pile_key(turn: int, index: int) -> str:
    return f"pile:{turn}:{index}"


#: The titles a room can host, by key: ``boardgames host KEY`` and a client told the key by its sync.
HOSTABLE: tuple[str, ...] = ("uwo", "vntypl8s", "vowl")


def net_for(key: str) -> NetGame:
    """The network adapter of title *key* (``KeyError`` for one that cannot be hosted)."""
    if key == "uwo":
        return UwoNet()
    if key == "vntypl8s":
        return Vntypl8sNet()
    if key == "vowl":
        return VowlNet()
    raise KeyError(key)
