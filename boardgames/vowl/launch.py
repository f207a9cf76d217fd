"""From a setup (form, command line or save) to a running Vowl screen.

This is the one place that wires the real pieces together: the decks from
``decks/vowl``, the dictionary-backed skeleton matcher as the judge, a seeded
random generator, the autosave, and the practice stats file.
"""

from __future__ import annotations

import argparse
import getpass
import random

from textual.app import App
from textual.screen import Screen

from boardgames.common.dictionary import get_dictionary
from boardgames.common.errors import UserFacingError
from boardgames.common.saves import (
    Autosaver,
    SaveFormatError,
    SaveRecord,
    SaveStore,
    classes_of,
    latest_unfinished,
    replay,
)
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.vowl import actions, cards
from boardgames.vowl.cards import load_decks
from boardgames.vowl.engine import IllegalActionError, PlayerSetup, SetupError, VowlGame
from boardgames.vowl.events import Event
from boardgames.vowl.screen import VowlScreen, save_title
from boardgames.vowl.setup import VowlSetup, VowlSetupScreen, parse_players
from boardgames.vowl.stats import StatsStore
from boardgames.vowl.track import Board, Timer

GAME = "vowl"
ACTION_CLASSES = classes_of(actions, cards)


def setup_screen() -> Screen:
    return VowlSetupScreen()


def practice_name() -> str:
    """The practising player's name when none is given: their login, capitalised."""
    try:
        return getpass.getuser().capitalize() or "Player"
    except (OSError, KeyError):
        return "Player"


def setup_from_args(args: argparse.Namespace) -> VowlSetup | None:
    """``--players/--board/--practice`` as a ``VowlSetup``; ``None`` means "show the form"."""
    names = parse_players(args.players) if args.players else ()
    if args.practice:
        names = names[:1] or (practice_name(),)
    elif not names:
        return None
    timers = parse_timers(getattr(args, "timers", None), len(names))
    setup = VowlSetup(names, timers, advanced=args.board == "advanced", practice=args.practice)
    problems = setup.problems()
    if problems:
        raise UserFacingError(" ".join(problems), exit_code=2)
    return setup


def latest_save() -> SaveRecord:
    """The most recent unfinished Vowl game, for ``boardgames vowl --resume``."""
    return latest_unfinished(GAME, "Vowl")


def parse_timers(text: str | None, players: int) -> tuple[int, ...]:
    """``--timers 25,15`` -> ``(25, 15)``; everyone on 25 s when not given."""
    if not text:
        return tuple(int(Timer.GREEN) for _ in range(players))
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != players or not all(p.isdigit() for p in parts):
        raise UserFacingError(
            f"--timers needs one number of seconds per player ({players}), e.g. --timers "
            + ",".join(["25"] * players),
            exit_code=2,
        )
    return tuple(int(p) for p in parts)


def build_game(setup: VowlSetup, seed: int) -> VowlGame:
    players = [PlayerSetup(n, Timer(t)) for n, t in zip(setup.names, setup.timers, strict=True)]
    board = Board.ADVANCED if setup.advanced else Board.STANDARD
    try:
        return VowlGame(players, board=board, decks=load_decks(), judge=SkeletonMatcher(get_dictionary()),
                        rng=random.Random(seed))
    except SetupError as exc:
        raise UserFacingError(str(exc), exit_code=2) from None


def game_screen(setup: VowlSetup, app: App) -> VowlScreen:
    """A new game for *setup*, autosaved from its first action."""
    seed = app.new_seed()  # type: ignore[attr-defined]
    game = build_game(setup, seed)
    saver = Autosaver(SaveStore(), SaveRecord(GAME, setup.to_json(), seed, title=save_title(game)))
    return VowlScreen(
        game,
        SkeletonMatcher(get_dictionary()),
        new_game=lambda: game_screen(setup, app),
        stats=StatsStore() if setup.practice else None,
        autosave=saver,
    )


def resume_screen(record: SaveRecord, app: App) -> VowlScreen:
    """The saved game, replayed to the moment of its last action."""
    try:
        setup = VowlSetup.from_json(record.setup)
        game = build_game(setup, record.seed)
        history: list[Event] = []
        for action in replay(record, ACTION_CLASSES):
            history.extend(game.apply(action))
    except (SaveFormatError, ValueError, IllegalActionError) as exc:
        raise UserFacingError(f"The saved Vowl game {record.filename} cannot be replayed: {exc}") from None
    return VowlScreen(
        game,
        SkeletonMatcher(get_dictionary()),
        new_game=lambda: game_screen(setup, app),
        stats=StatsStore() if setup.practice else None,
        autosave=Autosaver(SaveStore(), record),
        history=history,
        resumed=True,
    )

