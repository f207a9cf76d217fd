"""One game in play: the engine, its autosave, its replay, its refusals - written once.

Every game needs the same things between its pure engine and its screen: apply an
action and save it at once; turn a refusal into a sentence for the player; rebuild
a saved game by replaying its actions from the seed; know whether leaving loses
anything.  A ``GameSpec`` says what is particular to one game (how to build its
engine from a setup and a seed, how its setup is written in a save, which classes
its actions are made of, how the resume menu names it); ``GameSession`` does the
rest, the same way for the three games.

The session knows nothing of Textual: screens hold one and show what it returns
(``Step``), so the same code is driven by Pilot tests, self-play and the CLI.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Mapping, Sequence
from types import UnionType
from typing import Any, Generic, Protocol, TypeVar

import msgspec
import msgspec.json
import msgspec.structs

from boardgames.common.errors import UserFacingError
from boardgames.common.game import Engine, IllegalActionError, refusal_text
from boardgames.common.records import FrozenRecord
from boardgames.common.saves import (
    Autosaver,
    SaveFormatError,
    SaveRecord,
    SaveStore,
    latest_unfinished,
    replay,
)
from boardgames.common.text import plain

E = TypeVar("E", bound=Engine[Any, Any, Any])  # the game's engine
S = TypeVar("S", bound=msgspec.Struct)  # the game's setup


class Registered(Protocol):
    """A game as the registry lists it (``games.GameInfo``)."""

    @property
    def key(self) -> str: ...

    @property
    def title(self) -> str: ...


def _accept(setup: object, saved: dict[str, Any]) -> None:
    """A setup check with no rule beyond its types."""


def _same(data: dict[str, Any]) -> dict[str, Any]:
    return data


def _as_saved(record: SaveRecord) -> SaveRecord:
    return record


class SaveNotResumable(UserFacingError):
    """A save that was read but cannot be replayed: its message says which and why.

    ``record`` is the save, so the caller can set its file aside; ``reason`` the
    problem in words (an exception's text from replaying a file, shown as plain text).
    """

    def __init__(self, spec: GameSpec[Any, Any], record: SaveRecord, error: BaseException) -> None:
        self.record = record
        self.reason = _reason(error)
        super().__init__(f"The saved {spec.title} game {plain(record.filename)} cannot be resumed: {self.reason}.")


class SaveAlreadyOver(UserFacingError):
    """A save whose actions end the game: there is nothing to resume, so it was filed as finished.

    Such a save is left when the game ended but its move to the history did not happen
    (the program was stopped in between, the history folder refused it); listed as
    "Resume" it would open on a finished game, forever.
    """

    def __init__(self, spec: GameSpec[Any, Any], record: SaveRecord, warning: str | None) -> None:
        self.record = record
        then = (
            f" It could not be filed with the finished games: {warning}"
            if warning
            else " It was moved to the finished games."
        )
        super().__init__(
            f"The saved {spec.title} game {plain(record.filename)} had already ended: "
            f"there is nothing left to play.{then}"
        )


def _reason(error: BaseException) -> str:
    """What went wrong while replaying, in one plain line (a file's values may be in it)."""
    if isinstance(error, ValueError):  # SaveFormatError, IllegalActionError, a setup's refusal
        text = str(error)
    elif isinstance(error, RecursionError):
        text = "it is nested too deeply"
    elif isinstance(error, MemoryError):
        text = "it is too large"
    else:
        text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return plain(text.rstrip("."), 200)


class GameSpec(Generic[E, S]):
    """What the session layer needs to know about one game, as data.

    The setup is a frozen ``msgspec.Struct`` (*setup*): a save holds it as JSON, every
    field written; reading one, msgspec checks the types, then *check* the game's rules
    (``ValueError`` with the reason; it gets the save's JSON too, for what a save keeps
    beside the setup).  *to_save* and *from_save* adjust the JSON where a game's saves
    hold more than the setup, or a field in another form than msgspec's.  *upgrade*
    rewrites the actions of a save written before an action's fields changed, before
    they are decoded (the actions read, in place).
    """

    __slots__ = (
        "_game",
        "action_classes",
        "action_type",
        "build",
        "check",
        "from_save",
        "save_title",
        "setup_type",
        "to_save",
        "upgrade",
    )

    def __init__(
        self,
        game: Registered,
        *,
        setup: type[S],
        build: Callable[[S, int], E],
        save_title: Callable[[E, S], str],
        action_type: type | UnionType,
        action_classes: Mapping[str, type],
        check: Callable[[S, dict[str, Any]], None] = _accept,
        to_save: Callable[[dict[str, Any]], dict[str, Any]] = _same,
        from_save: Callable[[dict[str, Any]], dict[str, Any]] = _same,
        upgrade: Callable[[SaveRecord], object] = _as_saved,
    ) -> None:
        self._game = game
        self.setup_type = setup
        #: A new game: the engine for a setup, dealt with ``random.Random(seed)``.
        self.build = build
        #: How the resume menu names a game now ("Ann, Bob — round 2 of 3").
        self.save_title = save_title
        self.action_type = action_type
        #: Every class a saved action is made of, by name (``saves.classes_of``).
        self.action_classes = action_classes
        self.check = check
        self.to_save = to_save
        self.from_save = from_save
        self.upgrade = upgrade

    @property
    def key(self) -> str:
        """The game's key (``"vowl"``): save files are named after it."""
        return self._game.key

    @property
    def title(self) -> str:
        """How players call it (``"Vowl"``): messages name it."""
        return self._game.title

    def setup_to_json(self, setup: S) -> dict[str, Any]:
        data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(setup))  # lists, as JSON reads back
        return self.to_save(data)

    def setup_from_json(self, data: dict[str, Any]) -> S:
        """The setup a save holds; ``SaveFormatError`` (or the game's ``ValueError``) if it is not one."""
        # First: the game's own hook fills in an option older saves lack (and only that one:
        # a save that lost any other field of its setup is refused, not filled with a default).
        data = self.from_save(data)
        missing = [f.encode_name for f in msgspec.structs.fields(self.setup_type) if f.encode_name not in data]
        if missing:
            raise SaveFormatError(f"not a {self.title} setup (no {missing[0]!r})")
        try:
            setup = msgspec.convert(data, self.setup_type, strict=True)
        except msgspec.ValidationError as exc:
            raise SaveFormatError(f"not a {self.title} setup ({exc})") from None
        self.check(setup, data)
        return setup

    def is_action(self, value: object) -> bool:
        """Whether a decoded value is one of this game's actions (not some other value)."""
        return isinstance(value, self.action_type)


class Step(FrozenRecord):
    """What one ``GameSession.apply`` did.

    ``refusal`` is the sentence to show when the rules said no (nothing changed);
    ``warning`` a problem with saving that the players should hear about once.

    A frozen record (``common.records``), not a ``@dataclass``: one costs about 3M
    instructions to define, before every game's first frame.  ``match`` by
    position works as on a dataclass.
    """

    __slots__ = ("events", "refusal", "warning")
    __match_args__ = ("events", "refusal", "warning")
    events: tuple[object, ...]
    refusal: str | None
    warning: str | None

    def __init__(self, events: tuple[object, ...] = (), refusal: str | None = None, warning: str | None = None) -> None:
        super().__init__(events, refusal, warning)

    @property
    def applied(self) -> bool:
        return self.refusal is None


class GameSession(Generic[E, S]):
    """A game in progress: apply + autosave + replay/resume + refusal text + leaving.

    ``history`` holds the events of a replayed save (what happened before the
    players came back), so a screen can fill its log.
    """

    def __init__(
        self,
        spec: GameSpec[E, S],
        setup: S,
        engine: E,
        autosave: Autosaver | None,
        history: Sequence[object] = (),
        last: Sequence[object] = (),
    ) -> None:
        self.spec = spec
        self.setup = setup
        self.engine = engine
        self.autosave = autosave
        self.history: tuple[object, ...] = tuple(history)
        self.last: tuple[object, ...] = tuple(last)  # the events of the last replayed action

    # ------------------------------------------------------------------ starting

    @classmethod
    def start(
        cls, spec: GameSpec[E, S], setup: S, seed: int, *, store: SaveStore | None = None, save: bool = True
    ) -> GameSession[E, S]:
        """A new game, autosaved from its first action (``save=False``: never saved)."""
        engine = spec.build(setup, seed)
        autosave = None
        if save:
            record = SaveRecord(spec.key, spec.setup_to_json(setup), seed, title=spec.save_title(engine, setup))
            autosave = Autosaver(store or SaveStore(), record)
        return cls(spec, setup, engine, autosave)

    @classmethod
    def resume(
        cls,
        spec: GameSpec[E, S],
        record: SaveRecord,
        *,
        store: SaveStore | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> GameSession[E, S]:
        """The saved game rebuilt action by action, exactly as it was.

        ``SaveNotResumable`` (a ``UserFacingError``) naming the file when it cannot
        be: a setup that is not this game's, an action that does not decode or that
        the rules refuse - or any other exception on the way, since a file can hold
        what no test thought of.  This is the one place replay failures are caught;
        the caller sets the file aside (``SaveStore.set_aside``) so the menu and
        ``--resume`` go on with the other saves.  A ``UserFacingError`` raised on the
        way (the dictionary or the decks are missing) is not the save's fault and
        passes through unchanged: the save is kept for when they are back.

        The game is held for this window (``Autosaver.claim``) before its file is read:
        ``GameInUse`` (a ``UserFacingError``) when another window has it open, and
        nothing is read or written.  ``close`` lets it go.

        A save whose actions end the game is moved to the history (``Autosaver.finish``)
        and ``SaveAlreadyOver`` says so: it is not listed to be resumed again.

        *progress* is told ``(actions replayed, actions in all)`` about a hundred times
        in all (a long save replayed in the background shows how far it got).
        """
        autosave = Autosaver(store or SaveStore(), record)
        try:
            if record.game != spec.key:
                raise SaveFormatError(f"it is a {record.game!r} save, not a {spec.key!r} one")
            autosave.claim()
            setup = spec.setup_from_json(record.setup)
            engine = spec.build(setup, record.seed)
            history: list[object] = []
            last: Sequence[object] = ()
            record.read_actions()  # before counting them (``replay`` would read them first too)
            spec.upgrade(record)
            total = len(record.actions)
            every = max(1, total // 100)
            for done, action in enumerate(replay(record, spec.action_classes), start=1):
                if not spec.is_action(action):
                    raise SaveFormatError(f"{type(action).__name__} is not a {spec.title} action")
                last = engine.apply(action)
                history.extend(last)
                if progress is not None and (done % every == 0 or done == total):
                    with contextlib.suppress(Exception):  # only for show: never the save's fault
                        progress(done, total)
        except UserFacingError:
            autosave.close()
            raise  # the machine, not the file: a missing dictionary, a bad card file; or another window
        except Exception as exc:  # noqa: BLE001 - the one place a save's replay may fail, whatever the way
            autosave.close()
            raise SaveNotResumable(spec, record, exc) from None
        except BaseException:
            autosave.close()
            raise
        if engine.outcome() is not None:
            raise SaveAlreadyOver(spec, record, autosave.finish())  # filed as finished, the game let go
        return cls(spec, setup, engine, autosave, history, last)

    @staticmethod
    def latest(spec: GameSpec[Any, Any]) -> SaveRecord:
        """The most recent unfinished game of *spec*, for ``--resume`` (``UserFacingError`` if none)."""
        return latest_unfinished(spec.key, spec.title)

    def rematch(self, rng: random.Random) -> GameSession[E, S]:
        """A new game with the same setup, dealt afresh (this one is let go: ``close``)."""
        self.close()
        return type(self).start(
            self.spec,
            self.setup,
            rng.getrandbits(64),
            store=self.autosave.store if self.autosave else None,
            save=self.autosave is not None,
        )

    # ------------------------------------------------------------------ playing

    def apply(self, action: object) -> Step:
        """Apply *action*, then save the game; a refusal changes nothing and is told in words."""
        try:
            events = tuple(self.engine.apply(action))
        except IllegalActionError as exc:
            return Step(refusal=refusal_text(exc.reason))
        return Step(events, warning=self._save(action))

    def _save(self, action: object) -> str | None:
        if self.autosave is None:
            return None
        warning = self.autosave.record_action(action, self.spec.save_title(self.engine, self.setup))
        if warning is None and self.engine.outcome() is not None:
            warning = self.autosave.finish()
        return warning  # the autosaver stops after its first failure: said once

    def save_now(self) -> str | None:
        """Write the save as it is (the title changed, say); a warning the first time it fails."""
        if self.autosave is None:
            return None
        self.autosave.record.title = self.spec.save_title(self.engine, self.setup)
        return self.autosave.save_now()

    # ------------------------------------------------------------------ leaving

    def close(self) -> None:
        """This window is done with the game (left, or over): another window may open it now."""
        if self.autosave is not None:
            self.autosave.close()

    @property
    def saved(self) -> bool:
        """Whether leaving now loses nothing: the game is on disk and can be resumed."""
        return self.autosave is not None and self.autosave.enabled

    def leave_detail(self) -> str:
        """What the "leave this game?" question tells the players: what leaving loses.

        The save is written with the first action, so before it there is nothing on
        disk to come back to, even in a game that is saved.
        """
        if self.engine.outcome() is not None:
            return "The game is over."
        if not self.saved:
            return "It is not saved and will be lost."
        assert self.autosave is not None
        if not self.autosave.record.actions:
            return "Nothing has been played yet, so there is nothing to resume."
        return "It is saved: resume it from the main menu."
