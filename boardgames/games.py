"""The games of the suite, as data: the menu, the CLI and start-up read this list.

Each game package provides ``boardgames.<key>.entry`` with three functions:

- ``register(subparsers)``: adds ``boardgames <key> ...`` to the command line;
- ``validate_decks()``: loads and checks the game's card data (raises ``DeckError``);
- ``new_game_screen()``: the screen the main menu opens (setup, usually);
- optionally ``resume_screen(record, app)``: a saved game (``common.saves``) replayed,
  which puts the game's unfinished saves on the menu;
- optionally ``menu_items()``: more ``(label, screen factory)`` lines for the menu
  (VNTYPL8S's favourite plates, say).

Modules are imported lazily so that starting one game does not import the others'
screens.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True, slots=True)
class GameInfo:
    key: str
    title: str
    blurb: str
    players: str

    @property
    def entry(self) -> ModuleType:
        return importlib.import_module(f"boardgames.{self.key}.entry")


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "vowl",
        "Vowl",
        "Race the sand timer to solve words whose vowels were removed (SVR → savor).",
        "1–5 players",
    ),
    GameInfo(
        "uwo",
        "UWO",
        "Gnorfs against Pnorfs on a 5×6 board: morph, shoot, duel, ride and blast.",
        "2 players",
    ),
    GameInfo(
        "vntypl8s",
        "VNTYPL8S",
        "Write a vowel-less vanity plate for a secret owner; the others race to guess who (N0FL4M3S).",
        "3–8 players",
    ),
)


def get_game(key: str) -> GameInfo:
    for game in GAMES:
        if game.key == key:
            return game
    raise KeyError(key)
