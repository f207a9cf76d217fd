"""The finished games (``<data dir>/history/``): listed, summed up, replayed step by step.

Every finished game is already kept as what was done - its setup, its seed and every
action (``common.saves``) - so nothing new is written for a history: a game is rebuilt
from its seed exactly as ``GameSession.resume`` rebuilds a save, and each step is
looked at from the table's side only (``view(None)`` and the events whose audience is
everyone), so a replay shows nothing any seat kept secret.

The files are outside input as every save is: their headers are checked by
``SaveStore.finished`` (a file that is not a save is set aside there, with one
message), and a game that does not replay (an action its rules refuse, a setup that is
not the game's) is set aside here the same way; the others are listed as ever.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from boardgames.common.errors import UserFacingError
from boardgames.common.game import visible_to
from boardgames.common.saves import SaveFormatError, SaveRecord, SaveStore, replay
from boardgames.common.storage import refuse
from boardgames.common.text import plain
from boardgames.games import get_game, resumable


class ReplayFailed(ValueError):
    """A finished game that cannot be rebuilt from its file (the reason, in plain words)."""


class Step(NamedTuple):
    """The table after one action (step 0: as dealt): its public view and public events."""

    view: object
    events: tuple[object, ...]


class Replay(NamedTuple):
    """A finished game rebuilt action by action, seen from the table's side only."""

    record: SaveRecord
    setup: object
    steps: tuple[Step, ...]
    outcome: object | None

    @property
    def final(self) -> object:
        """The public view once the last action was played."""
        return self.steps[-1].view


def replay_finished(record: SaveRecord, *, every_step: bool = True) -> Replay:
    """*record*'s game rebuilt from its setup and seed; ``ReplayFailed`` if it cannot be.

    Only ``view(None)`` and the events every seat may see are kept from each step: the
    engine itself (and every seat's secrets in it) is dropped once the replay is done.
    Without *every_step* only the last step is looked at (what the list and the stats
    need: a view costs more than the action it follows).
    """
    if not resumable(record.game):
        raise ReplayFailed(f"it is a game this version does not know ({plain(record.game, 40)})")
    try:
        spec = get_game(record.game).entry.spec
        setup = spec.setup_from_json(record.setup)
        engine = spec.build(setup, record.seed)
        steps = [Step(engine.view(None), ())]
        record.read_actions()
        spec.upgrade(record)
        events: Sequence[object] = ()
        for action in replay(record, spec.action_classes):
            if not spec.is_action(action):
                raise SaveFormatError(f"{type(action).__name__} is not a {spec.title} action")
            events = engine.apply(action)
            if every_step:
                steps.append(Step(engine.view(None), tuple(e for e in events if visible_to(e, None))))
        if not every_step and record.actions:
            steps = [Step(engine.view(None), tuple(e for e in events if visible_to(e, None)))]
        outcome = engine.outcome()
    except UserFacingError:
        raise  # the machine, not the file (a missing dictionary, a bad card file)
    except Exception as exc:  # noqa: BLE001 - a file can hold what no test thought of
        text = str(exc) if isinstance(exc, ValueError) else type(exc).__name__
        raise ReplayFailed(plain(text.rstrip("."), 200)) from None
    return Replay(record, setup, tuple(steps), outcome)


class Finished(NamedTuple):
    """One finished game as the History screen lists it, and what the stats read of it."""

    record: SaveRecord
    game_title: str
    players: str
    """Who played: the save's title up to its " — " (names and scores, or "you vs the computer")."""
    result: str
    """How it ended, in the game's own words (its last public event), "not finished" if it did not."""
    setup: object
    final: object
    """The public view at the end (``view(None)``)."""
    outcome: object | None

    @property
    def when(self) -> str:
        return when(self.record.updated)


def when(seconds: float) -> str:
    """A finished game's date as the lists show it ("2026-12-04 19:40"); "?" if the clock cannot say."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))
    except (OverflowError, OSError, ValueError):
        return "?"


def summed_up(game: Replay) -> Finished:
    """What the list shows of a replayed game."""
    record = game.record
    players = record.title.split(" — ", 1)[0] if record.title else ""
    info = get_game(record.game)
    if game.outcome is None:
        result = "not finished"
    elif info.entry.result is not None:
        result = info.entry.result(game.final)
    else:  # the game's own words for its last public event
        last = next((e for step in reversed(game.steps) for e in reversed(step.events)), None)
        result = str(last) if last is not None else "over"
    return Finished(record, info.title, players, plain(result, None), game.setup, game.final, game.outcome)


class History(NamedTuple):
    """The finished games, newest first, and one message for each file set aside."""

    games: tuple[Finished, ...]
    warnings: tuple[str, ...]


#: Games already replayed in this process, by file name, kept with what their file was
#: then (header fields, size, change time): a file changed since is read and replayed again.
_SUMMED: dict[str, tuple[tuple[float, str, int, tuple[int, int]], Finished]] = {}


def _stamp(store: SaveStore, record: SaveRecord) -> tuple[int, int]:
    """The file's size and change time: a file edited since it was replayed is replayed again
    (its header alone may stay the same)."""
    try:
        st = os.stat(store.history / record.filename, follow_symlinks=False)
    except OSError:
        return (-1, -1)
    return (st.st_size, st.st_mtime_ns)


def read_history(store: SaveStore | None = None, games: Iterable[str] | None = None) -> History:
    """Every finished game that can be replayed (only *games*' when given), newest first."""
    store = store or SaveStore()
    listing = store.finished()
    wanted = None if games is None else set(games)
    warnings = list(listing.warnings)
    out: list[Finished] = []
    for record in listing.records:
        if wanted is not None and record.game not in wanted:
            continue
        if not resumable(record.game):
            continue  # a game of another version of the suite: its file is kept as it is
        key = (record.updated, record.title, record.seed, _stamp(store, record))
        cached = _SUMMED.get(record.filename)
        if cached is not None and cached[0] == key:
            out.append(cached[1])
            continue
        try:
            finished = summed_up(replay_finished(record, every_step=False))
        except ReplayFailed as exc:
            warnings.append(set_aside(store, record, str(exc)))
            continue
        except UserFacingError as exc:  # the machine (a card file missing): the file is kept for later
            if exc.message not in warnings:
                warnings.append(exc.message)
            continue
        _SUMMED[record.filename] = (key, finished)
        out.append(finished)
    return History(tuple(out), tuple(warnings))


def set_aside(store: SaveStore, record: SaveRecord, reason: str) -> str:
    """Move a finished game that does not replay aside; the one message that says so."""
    path = store.history / record.filename  # a name checked by pattern when the header was read
    return refuse(path, f"cannot be replayed ({reason})", then=f" in {plain(store.history, None)}").warning or ""


def public_lines(events: Sequence[object]) -> list[str]:
    """The public events of a step, each in its own words (plain text)."""
    return [plain(str(e), None) for e in events]
