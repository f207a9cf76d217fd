"""Shared helpers for VNTYPL8S engine and screen tests."""

from __future__ import annotations

import itertools
import random
import re

from boardgames.common.dictionary import get_dictionary
from boardgames.vntypl8s.cards import load_decks
from boardgames.vntypl8s.engine import Game, SubmitPlate
from boardgames.vntypl8s.judge import PlateJudge

FILLERS = ("7Q", "X9", "QQ", "9X", "ZQ", "6W", "2V")


def new_game(players: int | list[str] = 3, seed: int = 1) -> Game:
    names = players if isinstance(players, list) else ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"][:players]
    return Game(names, random.Random(seed), PlateJudge(get_dictionary()), load_decks())


def legal_plate(game: Game, player: int, *, meet: bool, fillers: tuple[str, ...] = FILLERS) -> str:
    """A legal plate for *player*'s secret owner that meets (or misses) their card."""
    card = game.view(player).players[player].requirements
    assert card is not None
    bases = ["".join(p) for p in itertools.permutations(card)] if meet else [""]
    for base, filler in itertools.product(bases, fillers):
        plate = base + filler
        if not meet and game.requirements_check(player, plate).met:
            continue
        if game.judge_plate(player, plate).legal and game.requirements_check(player, plate).met == meet:
            return plate
    raise AssertionError(f"no test plate found for card {card}")


def write_all(game: Game, meet: bool | dict[int, bool] = True) -> list:
    """Every writer submits a legal plate; return all events."""
    events = []
    for p in game.writing_order:
        want = meet[p] if isinstance(meet, dict) else meet
        events += game.apply(SubmitPlate(p, legal_plate(game, p, meet=want)))
    return events


def answer(game: Game, writer: int) -> str:
    """The writer's owner (what they see on their own view)."""
    owner = game.view(writer).players[writer].owner
    assert owner is not None
    return owner


def wrong_owner(game: Game, writer: int) -> str:
    right = answer(game, writer)
    return next(o for o in game.view(None).grid if o != right)


def flat(text: str) -> str:
    """Screen text as one line of words: wrapped lines joined, box borders dropped."""
    return " ".join(re.sub(r"[\u2500-\u259f]", " ", text).split())
